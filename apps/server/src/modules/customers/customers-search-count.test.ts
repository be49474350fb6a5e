// A search's total is counted up to CUSTOMER_SEARCH_COUNT_CAP matches (decision 037): a search matching more says
// so (`total_capped`) instead of counting every customer, and a page beyond the cap is still served and counted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CUSTOMER_SEARCH_COUNT_CAP, type CustomersPage } from '@marquee/shared';
import { createOrganizationFor, signUpAndVerify, type SignedInUser } from '../../../test/auth-helpers.js';
import { createWorld, get, type World } from '../../../test/customer-world.js';

let w: World;
let who: SignedInUser;
const CUSTOMERS = CUSTOMER_SEARCH_COUNT_CAP + 20;

beforeAll(async () => {
  w = await createWorld();
  who = await signUpAndVerify(w.t.app);
  const org = (await createOrganizationFor(w.t.app, who, 'broadsearch', 'Broad Search')).id;
  // Buyer rows as fulfilment leaves them, written in one statement: every e-mail matches "example".
  await w.t.database.db.execute(sql`
    insert into customer (organization_id, email, first_name, last_name, orders, tickets, events, first_purchase_at,
      last_purchase_at, spend_currency, spend_minor)
    select ${org}, 'fan' || n || '@example.com', 'Fan', 'Number ' || n, 1, 1, 1, now() - interval '40 days',
      now() - interval '40 days', 'GBP', 2000
    from generate_series(1, ${CUSTOMERS}) as n`);
});
afterAll(() => w.t.close());

async function list(query: string): Promise<CustomersPage> {
  const response = await get(w, who, `/api/customers${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('GET /api/customers?search= counting', () => {
  it('a search matching more than the cap says so, with the cap as its total', async () => {
    const page = await list('?search=example');
    expect(page).toMatchObject({ total: CUSTOMER_SEARCH_COUNT_CAP, total_capped: true, page: 1, page_count: 200 });
    expect(page.customers).toHaveLength(50);
    // Without a search the total is every customer, exactly.
    expect(await list('')).toMatchObject({ total: CUSTOMERS, total_capped: false, page_count: 201 });
  });

  it('a page beyond the cap is counted as far as it reaches, so the last page is found exactly', async () => {
    const last = await list('?search=example&page=201');
    expect(last).toMatchObject({ total: CUSTOMERS, total_capped: false, page_count: 201 });
    expect(last.customers).toHaveLength(20);
    const beyond = await get(w, who, '/api/customers?search=example&page=202');
    expect(beyond.statusCode).toBe(400);
  });

  it('a narrower search is counted exactly', async () => {
    // fan1@, fan10@ ... fan19@, fan100@ ... fan199@, fan1000@ ... fan1999@, fan10000@ ... fan10020@.
    const page = await list('?search=fan1');
    expect(page).toMatchObject({ total: 1 + 10 + 100 + 1000 + 21, total_capped: false, page_count: 23 });
  });
});
