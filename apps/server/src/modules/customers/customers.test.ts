import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CUSTOMER_SORT_KEYS,
  CUSTOMERS_PAGE_SIZE,
  type Customer,
  type CustomerDetail,
  type CustomersPage,
} from '@marquee/shared';
import { createOrganizationFor, signUpAndVerify, type SignedInUser } from '../../../test/auth-helpers.js';
import { buy, createWorld, get, listCustomers, newEvent, type World } from '../../../test/customer-world.js';

let w: World;
beforeAll(async () => {
  w = await createWorld();
});
afterAll(() => w.t.close());

let subdomainCounter = 0;
/** A fresh organiser with its own organisation, so each case starts from its own customers. */
async function freshOrganiser(): Promise<{ who: SignedInUser; org: string }> {
  const who = await signUpAndVerify(w.t.app);
  subdomainCounter += 1;
  const org = (await createOrganizationFor(w.t.app, who, `cust${subdomainCounter}`, 'Fresh Events')).id;
  return { who, org };
}

const list = (who: SignedInUser, query = '') => listCustomers(w, who, query);

const byEmail = (page: CustomersPage, email: string) => page.customers.find((item) => item.email === email);

describe('GET /api/customers', () => {
  it('401 without a session', async () => {
    expect((await get(w, null, '/api/customers')).statusCode).toBe(401);
  });

  it('an organisation without buyers has an empty first page', async () => {
    const { who } = await freshOrganiser();
    const empty = { customers: [], total: 0, total_capped: false, page: 1, page_size: 50, page_count: 1 };
    expect(await list(who)).toEqual(empty);
  });

  it('one customer per e-mail with totals, dates, and the details of the latest order', async () => {
    const { who, org } = await freshOrganiser();
    const first = await newEvent(w, who, { name: 'Spring Rave' });
    const second = await newEvent(w, who, { name: 'Summer Rave' });
    await buy(w, org, first, {
      first: 'Ada',
      last: 'Lovelace',
      email: 'ada@example.com',
      daysAgo: 90,
      amountMinor: 2000,
      quantity: 1,
      phone: '+44 20 7946 0000',
      country: 'GB',
      consent: false,
    });
    await buy(w, org, first, {
      first: 'Ada',
      last: 'Lovelace',
      email: 'ada@example.com',
      daysAgo: 60,
      amountMinor: 4000,
      quantity: 2,
      phone: '+44 20 7946 0001',
      country: 'GB',
    });
    await buy(w, org, second, {
      first: 'Ada',
      last: 'King',
      email: 'ada@example.com',
      daysAgo: 40,
      amountMinor: 1500,
      phone: '+33 1 00 00 00',
      country: 'FR',
      consent: true,
    });
    await buy(w, org, second, {
      first: 'Grace',
      last: 'Hopper',
      email: 'grace@example.com',
      daysAgo: 2,
      amountMinor: 2000,
      country: 'US',
    });

    const page = await list(who);
    expect(page.total).toBe(2);
    const ada = byEmail(page, 'ada@example.com')!;
    expect(ada).toMatchObject({
      name: 'Ada King',
      phone: '+33 1 00 00 00',
      country: 'FR',
      events_attended: 2,
      total_spent: [{ currency: 'GBP', amount_minor: 7500 }],
      marketing_consent: true,
      status: 'Active',
    });
    expect(Date.now() - Date.parse(ada.date_joined)).toBeGreaterThan(89 * 86_400_000);
    expect(Date.now() - Date.parse(ada.last_purchase)).toBeLessThan(41 * 86_400_000);
    expect(byEmail(page, 'grace@example.com')).toMatchObject({ events_attended: 1, status: 'New' });
  });

  it('never adds currencies: one amount per currency, the default currency first', async () => {
    const { who, org } = await freshOrganiser();
    const euros = await newEvent(w, who, { currency: 'EUR', name: 'Berlin Night' });
    const pounds = await newEvent(w, who, { name: 'London Night' });
    await buy(w, org, euros, {
      first: 'Eu',
      last: 'Ro',
      email: 'euro@example.com',
      daysAgo: 50,
      amountMinor: 3000,
      currency: 'EUR',
    });
    await buy(w, org, pounds, { first: 'Eu', last: 'Ro', email: 'euro@example.com', daysAgo: 45, amountMinor: 1000 });
    const [customer] = (await list(who)).customers;
    expect(customer!.total_spent).toEqual([
      { currency: 'GBP', amount_minor: 1000 },
      { currency: 'EUR', amount_minor: 3000 },
    ]);
  });

  it('status: New first, then VIP by 3 events or the top 5% by spend, otherwise Active', async () => {
    const { who, org } = await freshOrganiser();
    const events = [await newEvent(w, who), await newEvent(w, who), await newEvent(w, who)];
    // 20 long-standing customers: 5% of 20 is 1, so only the biggest spender is VIP by spend.
    for (let index = 0; index < 19; index += 1) {
      await buy(w, org, events[0]!, {
        first: 'Fan',
        last: `N${index}`,
        email: `fan${index}@example.com`,
        daysAgo: 100,
        amountMinor: 1000 + index,
      });
    }
    await buy(w, org, events[0]!, {
      first: 'Big',
      last: 'Spender',
      email: 'big@example.com',
      daysAgo: 100,
      amountMinor: 90_000,
    });
    for (const live of events) {
      await buy(w, org, live, { first: 'Three', last: 'Events', email: 'three@example.com', daysAgo: 80 });
    }
    // New even though they bought three events: the rules are read in order.
    for (const live of events) {
      await buy(w, org, live, { first: 'New', last: 'Fan', email: 'newfan@example.com', daysAgo: 1 });
    }
    const page = await list(who);
    expect(page.total).toBe(22);
    expect(byEmail(page, 'big@example.com')!.status).toBe('VIP');
    expect(byEmail(page, 'three@example.com')!.status).toBe('VIP');
    expect(byEmail(page, 'newfan@example.com')!.status).toBe('New');
    expect(byEmail(page, 'fan18@example.com')!.status).toBe('Active');

    // Sorting by status follows the same rules as the statuses shown.
    const sorted = await list(who, '?sort=status&direction=desc');
    const statuses = sorted.customers.map((item) => item.status);
    expect(statuses.slice(0, 2)).toEqual(['VIP', 'VIP']);
    expect(statuses[2]).toBe('New');
    expect(statuses.slice(3).every((status) => status === 'Active')).toBe(true);
  });

  it('sorted by status, pages run VIP, New, Active (or back) with ids in order, across page boundaries', async () => {
    const { who, org } = await freshOrganiser();
    const events = [await newEvent(w, who), await newEvent(w, who), await newEvent(w, who)];
    for (let index = 0; index < 12; index += 1) {
      for (const live of events) {
        await buy(w, org, live, { first: 'Vip', last: `V${index}`, email: `vip${index}@example.com`, daysAgo: 80 });
      }
    }
    for (let index = 0; index < 45; index += 1) {
      const fan = { first: 'Act', last: `A${index}`, email: `act${index}@example.com`, amountMinor: 1000 + index };
      await buy(w, org, events[index % 3]!, { ...fan, daysAgo: 100 });
    }
    for (let index = 0; index < 30; index += 1) {
      await buy(w, org, events[0]!, { first: 'New', last: `N${index}`, email: `new${index}@example.com`, daysAgo: 1 });
    }
    const everyone = [...(await list(who)).customers, ...(await list(who, '?page=2')).customers];
    expect(everyone).toHaveLength(87);
    const counts = (status: string) => everyone.filter((item) => item.status === status).length;
    expect([counts('VIP'), counts('New'), counts('Active')]).toEqual([12, 30, 45]);
    for (const direction of ['desc', 'asc'] as const) {
      const sign = direction === 'desc' ? -1 : 1;
      const expected = [...everyone]
        .sort((a, b) => sign * (a.status.localeCompare(b.status) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)))
        .map((item) => item.id);
      const pages = [
        await list(who, `?sort=status&direction=${direction}`),
        await list(who, `?sort=status&direction=${direction}&page=2`),
      ];
      expect(pages.map((page) => [page.total, page.page_count])).toEqual([
        [87, 2],
        [87, 2],
      ]);
      expect(pages.flatMap((page) => page.customers.map((item) => item.id))).toEqual(expected);
    }
    // With a search, the runs hold only the matching customers.
    const found = await list(who, '?sort=status&direction=desc&search=new1');
    expect(found.customers.map((item) => item.email)).toEqual(
      expect.arrayContaining(['new1@example.com', 'new10@example.com', 'new19@example.com']),
    );
    expect(found.customers.every((item) => item.status === 'New')).toBe(true);
  });

  it('searches name and e-mail case-insensitively and phone by substring, in the database', async () => {
    const { who, org } = await freshOrganiser();
    const live = await newEvent(w, who);
    await buy(w, org, live, {
      first: 'Zoë',
      last: 'Smith',
      email: 'zoe@example.com',
      daysAgo: 10,
      phone: '07700 900123',
    });
    await buy(w, org, live, {
      first: 'Bob',
      last: 'Jones',
      email: 'bob.100%@example.org',
      daysAgo: 10,
      phone: '07700 900456',
    });
    await buy(w, org, live, { first: 'Carol', last: 'Smithers', email: 'carol@example.net', daysAgo: 10 });
    const emails = async (search: string) =>
      (await list(who, `?search=${encodeURIComponent(search)}`)).customers.map((item) => item.email).sort();
    expect(await emails('SMITH')).toEqual(['carol@example.net', 'zoe@example.com']);
    expect(await emails('zoë smith')).toEqual(['zoe@example.com']);
    expect(await emails('EXAMPLE.ORG')).toEqual(['bob.100%@example.org']);
    expect(await emails('900456')).toEqual(['bob.100%@example.org']);
    expect(await emails('100%')).toEqual(['bob.100%@example.org']);
    expect(await emails('%')).toEqual(['bob.100%@example.org']);
    expect(await emails('_')).toEqual([]);
    expect(await emails("'; drop table customer; --")).toEqual([]);
    const none = await list(who, '?search=nobody');
    expect(none).toMatchObject({ total: 0, page_count: 1, customers: [] });
  });

  it('400 for search text that is too long or has control characters', async () => {
    const tooLong = await get(w, w.owner, `/api/customers?search=${'a'.repeat(101)}`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.message).toContain('100 characters or less');
    const control = await get(w, w.owner, '/api/customers?search=a%07b');
    expect(control.statusCode).toBe(400);
    expect(control.json().error).toHaveProperty('code');
  });

  it('sorts by every column both ways, text alphabetically and numbers numerically', async () => {
    const { who, org } = await freshOrganiser();
    const live = await newEvent(w, who);
    const other = await newEvent(w, who);
    await buy(w, org, live, {
      first: 'bea',
      last: 'B',
      email: 'b@example.com',
      daysAgo: 300,
      amountMinor: 900,
      phone: '2',
      country: 'FR',
    });
    await buy(w, org, live, {
      first: 'Ann',
      last: 'A',
      email: 'c@example.com',
      daysAgo: 200,
      amountMinor: 10_000,
      phone: '3',
      country: 'DE',
    });
    await buy(w, org, other, {
      first: 'Ann',
      last: 'A',
      email: 'c@example.com',
      daysAgo: 150,
      amountMinor: 100,
      phone: '3',
      country: 'DE',
    });
    await buy(w, org, live, {
      first: 'Cid',
      last: 'C',
      email: 'a@example.com',
      daysAgo: 100,
      amountMinor: 2000,
      phone: '1',
      country: 'GB',
    });
    const names = async (sort: string, direction: 'asc' | 'desc') =>
      (await list(who, `?sort=${sort}&direction=${direction}`)).customers.map((item: Customer) => item.name);
    expect(await names('name', 'asc')).toEqual(['Ann A', 'bea B', 'Cid C']);
    expect(await names('name', 'desc')).toEqual(['Cid C', 'bea B', 'Ann A']);
    expect(await names('email', 'asc')).toEqual(['Cid C', 'bea B', 'Ann A']);
    expect(await names('phone', 'asc')).toEqual(['Cid C', 'bea B', 'Ann A']);
    expect(await names('country', 'asc')).toEqual(['Ann A', 'bea B', 'Cid C']);
    expect((await names('eventsAttended', 'asc'))[2]).toBe('Ann A');
    expect((await names('eventsAttended', 'desc'))[0]).toBe('Ann A');
    // 900 < 2000 < 10,100: numerically, not as text.
    expect(await names('totalSpent', 'asc')).toEqual(['bea B', 'Cid C', 'Ann A']);
    expect(await names('totalSpent', 'desc')).toEqual(['Ann A', 'Cid C', 'bea B']);
    expect(await names('dateJoined', 'asc')).toEqual(['bea B', 'Ann A', 'Cid C']);
    expect(await names('lastPurchase', 'desc')).toEqual(['Cid C', 'Ann A', 'bea B']);
    for (const sort of CUSTOMER_SORT_KEYS) {
      expect((await get(w, who, `/api/customers?sort=${sort}&direction=desc`)).statusCode).toBe(200);
    }
  });

  it('400 for an unknown sort column or direction', async () => {
    const unknown = await get(w, w.owner, '/api/customers?sort=password');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toContain('Sort by one of');
    expect((await get(w, w.owner, '/api/customers?sort=name&direction=sideways')).statusCode).toBe(400);
  });

  it('pages of 50 with the total, and 400 for a page out of range', async () => {
    const { who, org } = await freshOrganiser();
    const live = await newEvent(w, who);
    for (let index = 0; index < 51; index += 1) {
      const n = String(index).padStart(2, '0');
      await buy(w, org, live, { first: 'Fan', last: n, email: `p${n}@example.com`, daysAgo: 5 });
    }
    const first = await list(who);
    expect(first).toMatchObject({ total: 51, page: 1, page_size: CUSTOMERS_PAGE_SIZE, page_count: 2 });
    expect(first.customers).toHaveLength(50);
    const second = await list(who, '?page=2');
    expect(second.customers.map((item) => item.name)).toEqual(['Fan 50']);
    const beyond = await get(w, who, '/api/customers?page=3');
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().error.message).toBe('Page 3 is out of range: there are 2 pages');
    for (const page of ['0', '-1', '1.5', 'abc', '99999999']) {
      expect((await get(w, who, `/api/customers?page=${page}`)).statusCode, page).toBe(400);
    }
  });

  it("never shows another organisation's customers", async () => {
    const mine = await newEvent(w, w.owner);
    const theirs = await newEvent(w, w.rival);
    await buy(w, w.ownerOrg, mine, { first: 'Mine', last: 'Only', email: 'shared@example.com', daysAgo: 3 });
    await buy(w, w.rivalOrg, theirs, { first: 'Rival', last: 'Fan', email: 'rivalfan@example.com', daysAgo: 3 });
    await buy(w, w.rivalOrg, theirs, {
      first: 'Shared',
      last: 'Rival',
      email: 'shared@example.com',
      daysAgo: 3,
      amountMinor: 99_999,
    });
    const page = await list(w.owner);
    expect(page.customers.map((item) => item.email)).not.toContain('rivalfan@example.com');
    expect(byEmail(page, 'shared@example.com')).toMatchObject({
      name: 'Mine Only',
      total_spent: [{ currency: 'GBP', amount_minor: 2000 }],
    });
    expect((await list(w.owner, '?search=rival')).total).toBe(0);
  });
});

describe('GET /api/customers/:id', () => {
  it('the customer with the events they bought and when', async () => {
    const { who, org } = await freshOrganiser();
    const spring = await newEvent(w, who, {
      name: 'Spring Rave',
      start_local: '2031-03-01T20:00',
      end_local: '2031-03-02T02:00',
    });
    const summer = await newEvent(w, who, {
      name: 'Summer Rave',
      start_local: '2031-07-01T20:00',
      end_local: '2031-07-02T02:00',
    });
    await buy(w, org, spring, { first: 'Fan', last: 'One', email: 'one@example.com', daysAgo: 20, quantity: 2 });
    await buy(w, org, spring, { first: 'Fan', last: 'One', email: 'one@example.com', daysAgo: 10, quantity: 1 });
    await buy(w, org, summer, { first: 'Fan', last: 'One', email: 'one@example.com', daysAgo: 5, country: 'IE' });
    const [row] = (await list(who)).customers;
    const response = await get(w, who, `/api/customers/${row!.id}`);
    expect(response.statusCode).toBe(200);
    const detail: CustomerDetail = response.json();
    expect(detail).toMatchObject({ name: 'Fan One', country: 'IE', events_attended: 2 });
    expect(detail.events.map((item) => [item.name, item.tickets])).toEqual([
      ['Summer Rave', 1],
      ['Spring Rave', 3],
    ]);
    expect(detail.events[0]!.starts_at).toBe('2031-07-01T19:00:00.000Z');
    expect(Date.now() - Date.parse(detail.events[1]!.purchased_at)).toBeGreaterThan(19 * 86_400_000);
  });

  it("404 for another organisation's customer, an unknown id and a malformed id", async () => {
    const theirs = await newEvent(w, w.rival);
    await buy(w, w.rivalOrg, theirs, { first: 'Secret', last: 'Fan', email: 'secret@example.com', daysAgo: 3 });
    const rivalCustomer = (await list(w.rival, '?search=secret')).customers[0]!;
    for (const id of [rivalCustomer.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const response = await get(w, w.owner, `/api/customers/${id}`);
      expect(response.statusCode, id).toBe(404);
      expect(response.json().error.message).toBe('Customer not found');
    }
    expect((await get(w, w.rival, `/api/customers/${rivalCustomer.id}`)).statusCode).toBe(200);
  });
});
