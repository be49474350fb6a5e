// A finished period's New and Returning Customers are counted once and kept; a payment dated inside it later,
// a refund that takes a customer away, or an erasure, makes the next summary count them again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { EventDto } from '@marquee/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createLiveEvent, sellingOrganiser } from '../../../test/checkout-helpers.js';
import { asBrowser, type SignedInUser } from '../../../test/auth-helpers.js';
import { insertOrder } from '../../../test/order-fixtures.js';
import { analyticsPastPeriod, customer, event, order } from '../../db/schema/index.js';
import { unrecordSale } from '../checkout/sale-rollups.js';

let t: TestApp;
let owner: SignedInUser;
let gig: EventDto;
let organizationId: string;
const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

beforeAll(async () => {
  t = await createTestApp();
  owner = await sellingOrganiser(t.app, 'past-periods');
  gig = await createLiveEvent(t.app, owner, { name: 'Back Catalogue' });
  organizationId = (
    await t.database.db.select({ id: event.organizationId }).from(event).where(eq(event.id, gig.id))
  )[0]!.id;
});
afterAll(() => t.close());

const sale = (email: string, daysAgo: number) =>
  insertOrder(t.database.db, {
    organizationId,
    eventId: gig.id,
    ticketTypeId: gig.ticket_types[0]!.id,
    email,
    amountMinor: 2000,
    status: 'paid',
    paidAt: ago(daysAgo),
  });

/** The 30-day summary's previous period (60 to 31 days ago): its New and Returning Customers. */
async function previousPeriod() {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/analytics/summary?period=30d',
    headers: { cookie: owner.cookie },
  });
  expect(response.statusCode).toBe(200);
  const { cards } = response.json();
  return { new: cards.new_customers.previous, returning: cards.returning_customers.previous };
}

const keptRows = () =>
  t.database.db.select().from(analyticsPastPeriod).where(eq(analyticsPastPeriod.organizationId, organizationId));

describe('the previous period of the analytics summary', () => {
  it('is counted once, and counted again after a late payment dated inside it', async () => {
    // Ben first bought 70 days ago and again 45 days ago: returning in the previous period. Eve is new in it.
    await sale('ben@example.com', 70);
    await sale('ben@example.com', 45);
    await sale('eve@example.com', 40);
    expect(await previousPeriod()).toEqual({ new: 1, returning: 1 });
    expect(await keptRows()).toHaveLength(1);
    expect(await previousPeriod()).toEqual({ new: 1, returning: 1 });

    // A payment confirmed today but dated 50 days ago (a late webhook): Cal had bought 80 days ago.
    await sale('cal@example.com', 80);
    await sale('cal@example.com', 50);
    expect(await previousPeriod()).toEqual({ new: 1, returning: 2 });
  });

  it('is counted again after a customer is erased', async () => {
    await previousPeriod();
    expect(await keptRows()).toHaveLength(1);
    const [eve] = await t.database.db
      .select({ id: customer.id })
      .from(customer)
      .where(eq(customer.email, 'eve@example.com'));
    const erased = await t.app.inject({
      method: 'DELETE',
      url: `/api/customers/${eve!.id}`,
      headers: asBrowser(owner),
      payload: { confirm: 'DELETE' },
    });
    expect(erased.statusCode).toBeLessThan(300);
    expect(await keptRows()).toHaveLength(0);
    // Eve's customer row is gone, so she is no longer a new customer of that period.
    expect((await previousPeriod()).new).toBe(0);
  });

  it('is counted again after a refund takes away a customer whose only order was in it', async () => {
    // Ida's one order, 35 days ago, makes her a New Customer of the previous period.
    const before = await previousPeriod();
    const bought = await sale('ida@example.com', 35);
    expect(await previousPeriod()).toEqual({ new: before.new + 1, returning: before.returning });
    expect(await keptRows()).toHaveLength(1);
    // Refunded in full, as the refund job does: with no paid order left, her customer row goes.
    await t.database.db.transaction(async (tx) => {
      await tx.update(order).set({ status: 'refunded' }).where(eq(order.id, bought.id));
      await unrecordSale(tx, { ...bought, paidAt: bought.paidAt! });
    });
    expect(await t.database.db.select().from(customer).where(eq(customer.email, 'ida@example.com'))).toHaveLength(0);
    expect(await keptRows()).toHaveLength(0);
    const after = await previousPeriod();
    expect(after.new).toBe(before.new);
  });
});
