// customer_monthly is kept by deferred triggers (decision 040): two sales to new buyers of one organisation in
// one month no longer wait on each other's month row until the first commits; each adds its buyer at its commit.
// PostgreSQL only: PGlite runs one transaction at a time, so it cannot show two open at once.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createOrganizationFor, signUpAndVerify } from '../../../test/auth-helpers.js';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.runIf(onPostgres)('customer_monthly under concurrent first purchases (PostgreSQL)', () => {
  let t: TestApp;
  let organizationId: string;
  const clients: pg.Client[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await signUpAndVerify(t.app);
    organizationId = (await createOrganizationFor(t.app, owner, 'monthly-locks')).id;
    for (let index = 0; index < 2; index += 1) {
      const client = new pg.Client({ connectionString: t.databaseUrl! });
      await client.connect();
      clients.push(client);
    }
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.end()));
    await t?.close();
  });

  const newBuyer = (client: pg.Client, email: string) =>
    client.query(
      `insert into customer (organization_id, email, orders, tickets, first_purchase_at, last_purchase_at,
         spend_currency, spend_minor)
       values ($1, $2, 1, 1, '2031-03-10T12:00:00Z', '2031-03-10T12:00:00Z', 'GBP', 2000)`,
      [organizationId, email],
    );

  it("a second sale's new buyer does not wait for the first sale's commit, and both are counted", async () => {
    const [first, second] = clients as [pg.Client, pg.Client];
    await first.query('begin');
    await newBuyer(first, 'first@example.com');
    await second.query('begin');
    // Without the deferral this insert waits on the month row the first transaction holds, and times out.
    await second.query(`set local lock_timeout = '2s'`);
    await newBuyer(second, 'second@example.com');
    await second.query('commit');
    await first.query('commit');
    const counted = await first.query<{ customers: number }>(
      `select customers from customer_monthly where organization_id = $1 and month = '2031-03-01'`,
      [organizationId],
    );
    expect(counted.rows).toEqual([{ customers: 2 }]);
  });

  it('a rolled-back sale leaves the month as it was', async () => {
    const [first] = clients as [pg.Client, pg.Client];
    await first.query('begin');
    await newBuyer(first, 'undone@example.com');
    await first.query('rollback');
    const counted = await first.query<{ customers: number }>(
      `select customers from customer_monthly where organization_id = $1 and month = '2031-03-01'`,
      [organizationId],
    );
    expect(counted.rows).toEqual([{ customers: 2 }]);
  });
});
