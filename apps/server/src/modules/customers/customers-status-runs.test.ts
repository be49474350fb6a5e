// The status sort's run sizes (customers.status-page.ts): without a search they come from customer_monthly's
// frequent-buyer counts (kept by its trigger, migration 0029), one partial month and the top 5% by spend, so
// every page must still follow the statuses shown, whichever month a customer first bought in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createOrganizationFor, signUpAndVerify, type SignedInUser } from '../../../test/auth-helpers.js';
import { buy, createWorld, listCustomers, newEvent, type World } from '../../../test/customer-world.js';
import { customerMonthly, order } from '../../db/schema/index.js';
import { unrecordSale } from '../checkout/sale-rollups.js';

let w: World;
beforeAll(async () => {
  w = await createWorld();
});
afterAll(() => w.t.close());

const list = (who: SignedInUser, query = '') => listCustomers(w, who, query);

/** customer_monthly's frequent counts beside the customers' own event counts, per month. */
async function frequentByMonth(organizationId: string) {
  const kept = await w.t.database.db
    .select({ month: customerMonthly.month, frequent: customerMonthly.frequent })
    .from(customerMonthly)
    .where(eq(customerMonthly.organizationId, organizationId));
  const counted = (
    (await w.t.database.db.execute(sql`
      select to_char(date_trunc('month', first_purchase_at at time zone 'UTC'), 'YYYY-MM-DD') as month,
        count(*) filter (where events >= 3)::int as frequent
      from customer where organization_id = ${organizationId} group by 1`)) as unknown as {
      rows: Array<{ month: string; frequent: number }>;
    }
  ).rows;
  const asMap = (rows: Array<{ month: string; frequent: number }>) =>
    Object.fromEntries(rows.filter((row) => row.frequent > 0).map((row) => [row.month, Number(row.frequent)]));
  return { kept: asMap(kept), counted: asMap(counted) };
}

describe('GET /api/customers?sort=status run sizes', () => {
  it('pages follow the statuses shown, VIPs by events before VIPs by spend alone, from every month', async () => {
    const who = await signUpAndVerify(w.t.app);
    const org = (await createOrganizationFor(w.t.app, who, 'statusruns', 'Status Runs')).id;
    const events = [await newEvent(w, who), await newEvent(w, who), await newEvent(w, who)];
    // First purchases from 31 to 120 days ago: in full months before the New window's month and in that month's
    // days before the window (when it does not start on the 1st).
    for (let index = 0; index < 24; index += 1) {
      const email = `often${index}@example.com`;
      for (const live of events) {
        await buy(w, org, live, { first: 'Often', last: `O${index}`, email, daysAgo: 31 + ((index * 7) % 90) });
      }
    }
    for (let index = 0; index < 40; index += 1) {
      await buy(w, org, events[index % 3]!, {
        first: 'Once',
        last: `A${index}`,
        email: `once${index}@example.com`,
        daysAgo: 31 + ((index * 11) % 90),
        amountMinor: 1000 + index,
      });
    }
    // Two big spenders with one event each: VIP by spend alone (5% of 79 customers is 3).
    for (const [index, daysAgo] of [31, 95].entries()) {
      await buy(w, org, events[0]!, {
        first: 'Big',
        last: `B${index}`,
        email: `big${index}@example.com`,
        daysAgo,
        amountMinor: 50_000,
      });
    }
    for (let index = 0; index < 13; index += 1) {
      await buy(w, org, events[0]!, { first: 'New', last: `N${index}`, email: `new${index}@example.com`, daysAgo: 2 });
    }
    const everyone = [...(await list(who)).customers, ...(await list(who, '?page=2')).customers];
    expect(everyone).toHaveLength(79);
    const counts = (status: string) => everyone.filter((item) => item.status === status).length;
    // VIP: 24 by events and the 2 big spenders by spend alone (the top-5% line is the frequent buyers' 6000).
    expect([counts('VIP'), counts('New'), counts('Active')]).toEqual([26, 13, 40]);
    expect(everyone.find((item) => item.email === 'big0@example.com')!.status).toBe('VIP');
    // Sorted by status, then VIPs by 3 or more events before VIPs by spend alone, then by id (or all reversed).
    const byEvents = (item: (typeof everyone)[number]) => (item.status === 'VIP' && item.events_attended >= 3 ? 1 : 0);
    for (const direction of ['desc', 'asc'] as const) {
      const sign = direction === 'desc' ? -1 : 1;
      const expected = [...everyone]
        .sort(
          (a, b) =>
            sign *
            (a.status.localeCompare(b.status) || byEvents(a) - byEvents(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
        )
        .map((item) => item.id);
      const pages = [
        await list(who, `?sort=status&direction=${direction}`),
        await list(who, `?sort=status&direction=${direction}&page=2`),
      ];
      expect(pages.flatMap((page) => page.customers.map((item) => item.id))).toEqual(expected);
    }
    expect((await frequentByMonth(org)).kept).toEqual((await frequentByMonth(org)).counted);
  });

  it('the month roll-up counts a buyer as frequent from their third event, and no longer after a refund', async () => {
    const who = await signUpAndVerify(w.t.app);
    const org = (await createOrganizationFor(w.t.app, who, 'statusroll', 'Status Roll')).id;
    const events = [await newEvent(w, who), await newEvent(w, who), await newEvent(w, who)];
    await buy(w, org, events[0]!, { first: 'Ro', last: 'Ll', email: 'roll@example.com', daysAgo: 70 });
    await buy(w, org, events[1]!, { first: 'Ro', last: 'Ll', email: 'roll@example.com', daysAgo: 60 });
    expect((await frequentByMonth(org)).kept).toEqual({});
    const third = await buy(w, org, events[2]!, { first: 'Ro', last: 'Ll', email: 'roll@example.com', daysAgo: 50 });
    const after = await frequentByMonth(org);
    expect(Object.values(after.kept)).toEqual([1]);
    expect(after.kept).toEqual(after.counted);
    // A late payment dated before the first purchase moves the buyer, frequent, to an earlier month.
    await buy(w, org, events[0]!, { first: 'Ro', last: 'Ll', email: 'roll@example.com', daysAgo: 110 });
    const moved = await frequentByMonth(org);
    expect(moved.kept).toEqual(moved.counted);
    // The third event refunded in full: two events left, no longer frequent.
    await w.t.database.db.transaction(async (tx) => {
      await tx.update(order).set({ status: 'refunded' }).where(eq(order.id, third.id));
      await unrecordSale(tx, { ...third, paidAt: third.paidAt! });
    });
    expect((await frequentByMonth(org)).kept).toEqual({});
    const page = await list(who, '?sort=status&direction=desc');
    expect(page.customers.map((item) => item.status)).toEqual(['Active']);
  });
});
