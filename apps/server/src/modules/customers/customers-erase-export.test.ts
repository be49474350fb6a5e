import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import type { CustomersPage, DashboardOverview, OrderDetail, OrdersPage } from '@marquee/shared';
import { createOrganizationFor, signUpAndVerify, type SignedInUser } from '../../../test/auth-helpers.js';
import { buy, createWorld, del, get, newEvent, type World } from '../../../test/customer-world.js';

let w: World;
beforeAll(async () => {
  w = await createWorld();
});
afterAll(() => w.t.close());

let subdomainCounter = 0;
async function freshOrganiser(): Promise<{ who: SignedInUser; org: string }> {
  const who = await signUpAndVerify(w.t.app);
  subdomainCounter += 1;
  const org = (await createOrganizationFor(w.t.app, who, `erase${subdomainCounter}`, 'Fresh Events')).id;
  return { who, org };
}

const json = async <T>(who: SignedInUser, url: string): Promise<T> => {
  const response = await get(w, who, url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
};

describe('DELETE /api/customers/:id', () => {
  it('erases the personal data, keeps the amounts, records it, and the figures still agree', async () => {
    const { who, org } = await freshOrganiser();
    const live = await newEvent(w, who, { name: 'Erasure Party' });
    await buy(w, org, live, { first: 'Keep', last: 'Me', email: 'keep@example.com', daysAgo: 3, amountMinor: 2000 });
    await buy(w, org, live, {
      first: 'Erase',
      last: 'Me',
      email: 'erase@example.com',
      daysAgo: 9,
      amountMinor: 3000,
      phone: '07700 900999',
      country: 'FR',
      consent: true,
    });
    await buy(w, org, live, {
      first: 'Erase',
      last: 'Me',
      email: 'erase@example.com',
      daysAgo: 2,
      amountMinor: 1000,
      quantity: 2,
      phone: '07700 900999',
      country: 'FR',
    });

    const before = await json<DashboardOverview>(who, '/api/dashboard/overview');
    const customers = await json<CustomersPage>(who, '/api/customers');
    expect(before.metrics.total_customers.value).toBe(customers.total);
    expect(customers.total).toBe(2);
    const target = customers.customers.find((item) => item.email === 'erase@example.com')!;

    const response = await del(w, who, target.id, { confirm: 'DELETE' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ id: target.id, erased_orders: 2 });

    // The customer is gone, and both places count the same remaining customers.
    expect((await get(w, who, `/api/customers/${target.id}`)).statusCode).toBe(404);
    const after = await json<CustomersPage>(who, '/api/customers');
    expect(after.customers.map((item) => item.email)).toEqual(['keep@example.com']);
    const overview = await json<DashboardOverview>(who, '/api/dashboard/overview');
    expect(overview.metrics.total_customers.value).toBe(after.total);
    expect(overview.metrics.total_customers.value).toBe(1);
    // Revenue and tickets are unchanged.
    expect(overview.metrics.total_revenue.value).toBe(before.metrics.total_revenue.value);
    expect(overview.metrics.tickets_sold.value).toBe(before.metrics.tickets_sold.value);

    // The orders stay with their amounts, without the personal data, and their audit records the erasure.
    const orders = await json<OrdersPage>(who, `/api/events/${live.id}/orders`);
    expect(orders.total).toBe(3);
    const erased = orders.orders.filter((item) => item.email.endsWith('@erased.invalid'));
    expect(erased.map((item) => item.total_minor).sort()).toEqual([1080, 3240]);
    expect(erased.every((item) => item.buyer_name === '')).toBe(true);
    expect(JSON.stringify(orders)).not.toContain('erase@example.com');
    const detail = await json<OrderDetail>(who, `/api/orders/${erased[0]!.id}`);
    expect(detail).toMatchObject({
      phone: null,
      first_name: '',
      last_name: '',
      marketing_consent: false,
      country: 'FR',
    });
    expect(detail.tickets.every((item) => item.holder_name === '')).toBe(true);
    expect(detail.history.at(-1)).toMatchObject({ action: 'customer_erased' });
    expect(JSON.stringify(detail)).not.toMatch(/erase@example\.com|07700 900999|Erase Me/);
    expect((await json<CustomersPage>(who, '/api/customers?search=erase')).total).toBe(0);

    // Deleting again: not found.
    expect((await del(w, who, target.id, { confirm: 'DELETE' })).statusCode).toBe(404);
  });

  it('400 without exactly the word DELETE, and nothing is erased', async () => {
    const { who, org } = await freshOrganiser();
    const live = await newEvent(w, who);
    await buy(w, org, live, { first: 'Still', last: 'Here', email: 'here@example.com', daysAgo: 3 });
    const [target] = (await json<CustomersPage>(who, '/api/customers')).customers;
    for (const payload of [
      undefined,
      {},
      { confirm: 'delete' },
      { confirm: 'DELETE ' },
      { confirm: 'Delete' },
      { confirm: 1 },
    ]) {
      const response = await del(w, who, target!.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      if (typeof (payload as { confirm?: unknown } | undefined)?.confirm !== 'number') {
        expect(response.json().error.message).toBe('Type DELETE to confirm');
      }
    }
    expect((await get(w, who, `/api/customers/${target!.id}`)).statusCode).toBe(200);
  });

  it("404 for another organisation's customer, which stays untouched", async () => {
    const theirs = await newEvent(w, w.rival);
    await buy(w, w.rivalOrg, theirs, { first: 'Rival', last: 'Fan', email: 'rival-keep@example.com', daysAgo: 3 });
    const [target] = (await json<CustomersPage>(w.rival, '/api/customers?search=rival-keep')).customers;
    const response = await del(w, w.owner, target!.id, { confirm: 'DELETE' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('Customer not found');
    expect((await get(w, w.rival, `/api/customers/${target!.id}`)).statusCode).toBe(200);
  });

  it('403 for a cross-site request', async () => {
    const response = await w.t.app.inject({
      method: 'DELETE',
      url: '/api/customers/00000000-0000-4000-8000-000000000000',
      headers: { cookie: w.owner.cookie, origin: 'https://evil.example' },
      payload: { confirm: 'DELETE' },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('GET /api/customers/export', () => {
  it('streams the current search as CSV with every column, consent included, formulas defused', async () => {
    const { who, org } = await freshOrganiser();
    const live = await newEvent(w, who);
    const euros = await newEvent(w, who, { currency: 'EUR' });
    await buy(w, org, live, {
      first: '=HYPERLINK("http://evil")',
      last: 'X',
      email: 'formula@example.com',
      daysAgo: 40,
      phone: '+44 7700 900000',
      country: 'GB',
      consent: true,
      amountMinor: 1250,
    });
    await buy(w, org, euros, {
      first: '=HYPERLINK("http://evil")',
      last: 'X',
      email: 'formula@example.com',
      daysAgo: 35,
      phone: '+44 7700 900000',
      country: 'GB',
      consent: true,
      amountMinor: 500,
      currency: 'EUR',
    });
    await buy(w, org, live, {
      first: 'Ümit',
      last: 'Özdemir, Jr.',
      email: 'umit@example.com',
      daysAgo: 1,
      amountMinor: 123_456,
    });
    const response = await get(w, who, '/api/customers/export');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="customers-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.body.startsWith('\ufeff')).toBe(true);
    const rows: string[][] = parse(response.body.slice(1));
    expect(rows[0]).toEqual([
      'Name',
      'Email Address',
      'Phone Number',
      'Country',
      'Events',
      'Total Spent',
      'Currency',
      'Date Joined',
      'Last Purchase',
      'Status',
      'Marketing Consent',
    ]);
    // One row per currency a customer spent in: the two-currency buyer has two.
    expect(rows).toHaveLength(4);
    const formula = rows.filter((row) => row[1] === 'formula@example.com');
    expect(formula.map((row) => row.slice(5, 7))).toEqual([
      ['12.50', 'GBP'],
      ['5.00', 'EUR'],
    ]);
    for (const row of formula) {
      expect(row[0]).toBe(`'=HYPERLINK("http://evil") X`);
      expect(row[2]).toBe(`'+44 7700 900000`);
      expect(row.slice(3, 5)).toEqual(['GB', '2']);
      expect(row[9]).toBe('Active');
      expect(row[10]).toBe('Yes');
    }
    // The amount is a plain number a spreadsheet sums: no symbol, no thousands separator.
    const umit = rows.find((row) => row[1] === 'umit@example.com')!;
    expect(umit.slice(5, 7)).toEqual(['1234.56', 'GBP']);
    expect(Number(umit[5])).toBe(1234.56);
    for (const row of rows.slice(1)) expect(row[5]).toMatch(/^\d+(\.\d+)?$/);
    expect(umit).toEqual(expect.arrayContaining(['Ümit Özdemir, Jr.', 'New', 'No']));

    const searched: string[][] = parse((await get(w, who, '/api/customers/export?search=UMIT')).body.slice(1));
    expect(searched.map((row) => row[1])).toEqual(['Email Address', 'umit@example.com']);
  });

  it("has only the caller's customers, and refuses bad search text", async () => {
    const theirs = await newEvent(w, w.rival);
    await buy(w, w.rivalOrg, theirs, { first: 'Hidden', last: 'Rival', email: 'hidden-rival@example.com', daysAgo: 3 });
    const { who } = await freshOrganiser();
    const response = await get(w, who, '/api/customers/export');
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('hidden-rival');
    expect(parse(response.body.slice(1))).toHaveLength(1);
    expect((await get(w, who, `/api/customers/export?search=${'x'.repeat(101)}`)).statusCode).toBe(400);
    expect((await get(w, null, '/api/customers/export')).statusCode).toBe(401);
  });
});
