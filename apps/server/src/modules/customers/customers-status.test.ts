// The customers list's statuses where the organisation sells in several currencies: the top 5% by spend is drawn
// per first currency (decision 022), whichever currencies the organisation's customers first paid in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomersPage } from '@marquee/shared';
import { createOrganizationFor, signUpAndVerify, type SignedInUser } from '../../../test/auth-helpers.js';
import { buy, createWorld, listCustomers, newEvent, type World } from '../../../test/customer-world.js';

let w: World;
beforeAll(async () => {
  w = await createWorld();
});
afterAll(() => w.t.close());

const list = (who: SignedInUser, query = '') => listCustomers(w, who, query);

const byEmail = (page: CustomersPage, email: string) => page.customers.find((item) => item.email === email);

describe('GET /api/customers statuses in several currencies', () => {
  it('the top 5% by spend is drawn per first currency, every currency its own line', async () => {
    const who = await signUpAndVerify(w.t.app);
    const org = (await createOrganizationFor(w.t.app, who, 'custcur', 'Currency Events')).id;
    const pounds = await newEvent(w, who, { name: 'London Night' });
    const euros = await newEvent(w, who, { currency: 'EUR', name: 'Berlin Night' });
    const dollars = await newEvent(w, who, { currency: 'USD', name: 'New York Night' });
    // 23 long-standing customers: 5% of 23 is 1, so the biggest spender of each first currency is VIP.
    for (let index = 0; index < 20; index += 1) {
      await buy(w, org, pounds, {
        first: 'Fan',
        last: `P${index}`,
        email: `pound${index}@example.com`,
        daysAgo: 100,
        amountMinor: 2000 + index,
      });
    }
    for (const [email, amountMinor] of [
      ['euro-small@example.com', 500],
      ['euro-top@example.com', 900],
    ] as const) {
      await buy(w, org, euros, { first: 'Eu', last: 'Ro', email, daysAgo: 100, amountMinor, currency: 'EUR' });
    }
    await buy(w, org, dollars, {
      first: 'Us',
      last: 'Dollar',
      email: 'dollar@example.com',
      daysAgo: 100,
      amountMinor: 700,
      currency: 'USD',
    });
    const page = await list(who, '?sort=status&direction=desc');
    expect(page.total).toBe(23);
    // Less than any pound spender, yet the top of the euro (and of the dollar) spenders.
    expect(byEmail(page, 'euro-top@example.com')!.status).toBe('VIP');
    expect(byEmail(page, 'dollar@example.com')!.status).toBe('VIP');
    expect(byEmail(page, 'pound19@example.com')!.status).toBe('VIP');
    expect(byEmail(page, 'euro-small@example.com')!.status).toBe('Active');
    expect(byEmail(page, 'pound18@example.com')!.status).toBe('Active');
    // Sorted by status, the three VIPs come first.
    expect(
      page.customers
        .slice(0, 3)
        .map((item) => item.email)
        .sort(),
    ).toEqual(['dollar@example.com', 'euro-top@example.com', 'pound19@example.com']);
  });
});
