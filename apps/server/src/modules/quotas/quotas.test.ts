// Shared quotas (decision 128): the organiser's API (each rule, each refusal) and the quota in every place a type's
// counters move: holds, payment, expiry, a fan's cancel, refunds, door sales and the event's cancellation. Runs on
// PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { asBrowser, type SignedInUser } from '../../../test/auth-helpers.js';
import { createLiveEvent, form, payWithCard, sellingOrganiser, tokenFrom } from '../../../test/checkout-helpers.js';
import { addType, checkout } from '../../../test/drop-helpers.js';
import { doorSale } from '../../../test/checkin-helpers.js';
import { refundRequest, runAfterSaleJobs } from '../../../test/after-sale-helpers.js';
import { cancelRequest } from '../../../test/cancellation-helpers.js';
import { order, ticket } from '../../db/schema/index.js';
import { releaseExpiredHolds } from '../stock/stock.js';

let t: TestApp;
let owner: SignedInUser;
let stranger: SignedInUser;
const host = 'quotas.localhost:3000';

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '1000' } });
  owner = await sellingOrganiser(t.app, 'quotas');
  stranger = await sellingOrganiser(t.app, 'strangers');
});
afterAll(() => t?.close());

/** A live event with General (the event's first type) and Early Bird; no venue limit unless given. */
async function standingEvent(name: string, capacity: number | null = null) {
  const live = await createLiveEvent(t.app, owner, { name, capacity });
  const general = live.ticket_types[0]!.id;
  const early = await addType(t.app, owner, live.id, { name: 'Early Bird', price: '15.00' });
  return { id: live.id, name: live.name, general, early };
}

const quotasUrl = (eventId: string) => `/api/events/${eventId}/quotas`;
const post = (user: SignedInUser, eventId: string, payload: object) =>
  t.app.inject({ method: 'POST', url: quotasUrl(eventId), headers: asBrowser(user), payload });
const put = (eventId: string, quotaId: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: `${quotasUrl(eventId)}/${quotaId}`, headers: asBrowser(owner), payload });

async function makeQuota(eventId: string, typeIds: string[], capacity: number, name = 'Standing') {
  const response = await post(owner, eventId, { name, capacity, ticket_type_ids: typeIds });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string };
}

/** The quota as the organiser's API shows it. */
async function quotaShown(eventId: string, quotaId: string) {
  const response = await t.app.inject({ method: 'GET', url: quotasUrl(eventId), headers: { cookie: owner.cookie } });
  expect(response.statusCode).toBe(200);
  const found = (response.json().quotas as Array<{ id: string; sold: number; held: number; capacity: number }>).find(
    (quota) => quota.id === quotaId,
  );
  return found && { sold: found.sold, held: found.held, capacity: found.capacity };
}

const held = async (response: { statusCode: number; body: string; headers: Record<string, unknown> }) => {
  expect(response.statusCode, response.body.slice(0, 400)).toBe(303);
  return tokenFrom(response.headers.location);
};

describe('POST /api/events/:id/quotas', () => {
  it('201 with the counters its types already have; GET lists it with sold, held and capacity', async () => {
    const event = await standingEvent('Quota Made');
    await held(await checkout(t.app, host, event.id, { [event.general]: 2 }, { email: 'early@example.com' }));
    const quota = await makeQuota(event.id, [event.early, event.general], 10);
    const listed = await t.app.inject({ method: 'GET', url: quotasUrl(event.id), headers: { cookie: owner.cookie } });
    expect(listed.json()).toEqual({
      quotas: [
        {
          id: quota.id,
          name: 'Standing',
          capacity: 10,
          sold: 0,
          held: 2,
          ticket_type_ids: [event.general, event.early],
        },
      ],
    });
  });

  it('400 for a blank name, a negative or fractional capacity, no types, a type twice or a control character', async () => {
    const event = await standingEvent('Quota Bad Input');
    const cases: Array<[object, string]> = [
      [{ name: '  ', capacity: 5, ticket_type_ids: [event.general] }, 'Enter a name for the quota'],
      [{ name: 'A', capacity: -1, ticket_type_ids: [event.general] }, 'Capacity must be a whole number'],
      [{ name: 'A', capacity: 2.5, ticket_type_ids: [event.general] }, 'Capacity must be a whole number'],
      [{ name: 'A', capacity: 5, ticket_type_ids: [] }, 'Choose at least one ticket type'],
      [{ name: 'A', capacity: 5, ticket_type_ids: [event.general, event.general] }, 'Choose each ticket type once'],
      [{ name: 'A'.repeat(61), capacity: 5, ticket_type_ids: [event.general] }, 'at most 60 characters'],
    ];
    for (const [payload, message] of cases) {
      const response = await post(owner, event.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(response.json().error)).toContain(message);
    }
    const control = await post(owner, event.id, {
      name: 'Stand\u0007ing',
      capacity: 5,
      ticket_type_ids: [event.general],
    });
    expect(control.statusCode).toBe(400);
    expect(control.json().error.code).toBeDefined();
  });

  it("400 for another event's type; 404 for another organisation's event; 403 without Origin", async () => {
    const event = await standingEvent('Quota Scope');
    const other = await standingEvent('Quota Other');
    const foreign = await post(owner, event.id, { name: 'Mixed', capacity: 5, ticket_type_ids: [other.general] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.message).toBe('One of the chosen ticket types is not part of this event');
    const notTheirs = await post(stranger, event.id, { name: 'Theirs', capacity: 5, ticket_type_ids: [event.general] });
    expect(notTheirs.statusCode).toBe(404);
    const crossSite = await t.app.inject({
      method: 'POST',
      url: quotasUrl(event.id),
      headers: { cookie: owner.cookie },
      payload: { name: 'X', capacity: 5, ticket_type_ids: [event.general] },
    });
    expect(crossSite.statusCode).toBe(403);
    const listed = await t.app.inject({
      method: 'GET',
      url: quotasUrl(event.id),
      headers: { cookie: stranger.cookie },
    });
    expect(listed.statusCode).toBe(404);
  });

  it('400 when the capacity is below the tickets its types already hold or sold', async () => {
    const event = await standingEvent('Quota Too Small');
    await held(await checkout(t.app, host, event.id, { [event.general]: 3 }, { email: 'three@example.com' }));
    const response = await post(owner, event.id, { name: 'Tiny', capacity: 2, ticket_type_ids: [event.general] });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(
      'Capacity cannot be below the 3 tickets of these types already sold or being bought',
    );
  });
});

describe('PUT and DELETE /api/events/:id/quotas/:quotaId', () => {
  it('PUT renames, resizes and changes the types, the counters following the new set; DELETE lifts the limit', async () => {
    const event = await standingEvent('Quota Edited');
    const quota = await makeQuota(event.id, [event.early], 4);
    await held(await checkout(t.app, host, event.id, { [event.general]: 3 }, { email: 'ga@example.com' }));
    expect(await quotaShown(event.id, quota.id)).toEqual({ sold: 0, held: 0, capacity: 4 });
    const widened = await put(event.id, quota.id, {
      name: 'Floor',
      capacity: 5,
      ticket_type_ids: [event.early, event.general],
    });
    expect(widened.statusCode, widened.body).toBe(200);
    expect(widened.json()).toMatchObject({ name: 'Floor', held: 3, sold: 0, capacity: 5 });
    // Now General counts toward it: 3 held + 3 more would be 6 > 5.
    const over = await checkout(t.app, host, event.id, { [event.early]: 3 }, { email: 'eb@example.com' });
    expect(over.statusCode).toBe(400);
    expect(over.body).toContain('Only 2 left');
    const tooSmall = await put(event.id, quota.id, { name: 'Floor', capacity: 2, ticket_type_ids: [event.general] });
    expect(tooSmall.statusCode).toBe(400);
    const narrowed = await put(event.id, quota.id, { name: 'Floor', capacity: 5, ticket_type_ids: [event.early] });
    expect(narrowed.json()).toMatchObject({ held: 0, ticket_type_ids: [event.early] });

    const gone = await t.app.inject({
      method: 'DELETE',
      url: `${quotasUrl(event.id)}/${quota.id}`,
      headers: asBrowser(owner),
    });
    expect(gone.statusCode).toBe(204);
    expect(await quotaShown(event.id, quota.id)).toBeUndefined();
    await held(await checkout(t.app, host, event.id, { [event.early]: 8 }, { email: 'free@example.com' }));
    const again = await t.app.inject({
      method: 'DELETE',
      url: `${quotasUrl(event.id)}/${quota.id}`,
      headers: asBrowser(owner),
    });
    expect(again.statusCode).toBe(404);
  });

  it("404 for a quota of another organisation's event, and for an unknown quota id", async () => {
    const event = await standingEvent('Quota Foreign Edit');
    const quota = await makeQuota(event.id, [event.general], 5);
    const foreign = await t.app.inject({
      method: 'PUT',
      url: `${quotasUrl(event.id)}/${quota.id}`,
      headers: asBrowser(stranger),
      payload: { name: 'Mine', capacity: 9, ticket_type_ids: [event.general] },
    });
    expect(foreign.statusCode).toBe(404);
    const unknown = await put(event.id, '00000000-0000-4000-8000-000000000000', {
      name: 'Nope',
      capacity: 9,
      ticket_type_ids: [event.general],
    });
    expect(unknown.statusCode).toBe(404);
    expect(await quotaShown(event.id, quota.id)).toEqual({ sold: 0, held: 0, capacity: 5 });
  });
});

describe('a shared quota in the checkout', () => {
  it('refuses a hold its quota cannot take with a clear message, though each type and the venue have room', async () => {
    const event = await standingEvent('Standing Room', 100);
    const quota = await makeQuota(event.id, [event.early, event.general], 4);
    await held(await checkout(t.app, host, event.id, { [event.early]: 2 }, { email: 'first@example.com' }));
    // Each type alone shows what the quota leaves.
    const tooMany = await checkout(t.app, host, event.id, { [event.general]: 3 }, { email: 'second@example.com' });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.body).toContain('Only 2 left');
    // Two each fit alone, but not together: the quota says why.
    const together = await checkout(
      t.app,
      host,
      event.id,
      { [event.general]: 2, [event.early]: 1 },
      { email: 'third@example.com' },
    );
    expect(together.statusCode).toBe(409);
    expect(together.body).toContain(
      'Sorry, only 2 Standing tickets are left, shared by General Admission, Early Bird. Please choose fewer.',
    );
    expect(await quotaShown(event.id, quota.id)).toEqual({ sold: 0, held: 2, capacity: 4 });
    await held(await checkout(t.app, host, event.id, { [event.general]: 2 }, { email: 'fourth@example.com' }));
    // The event page shows its only types sold out while the quota is full, and a checkout of either is refused.
    const moved = await t.app.inject({ method: 'GET', url: `/events/${event.id}`, headers: { host } });
    const page = await t.app.inject({ method: 'GET', url: String(moved.headers.location), headers: { host } });
    expect(page.body).toContain('This event is sold out.');
    const last = await checkout(t.app, host, event.id, { [event.early]: 1 }, { email: 'fifth@example.com' });
    expect(last.statusCode).toBe(400);
    expect(last.body).toContain('Sold out');
    const orders = await t.database.db.select().from(order).where(eq(order.eventId, event.id));
    expect(orders.reduce((sum, row) => sum + row.quantity, 0)).toBe(4);
  });

  it('moves with payment, expiry, a cancelled checkout and a refund, as the types do', async () => {
    const event = await standingEvent('Quota Moves');
    const quota = await makeQuota(event.id, [event.early, event.general], 6);
    const paid = await held(await checkout(t.app, host, event.id, { [event.general]: 2 }, { email: 'p@example.com' }));
    await payWithCard(t.app, host, paid);
    expect(await quotaShown(event.id, quota.id)).toEqual({ sold: 2, held: 0, capacity: 6 });

    const cancelled = await held(
      await checkout(t.app, host, event.id, { [event.early]: 2 }, { email: 'c@example.com' }),
    );
    expect(await quotaShown(event.id, quota.id)).toMatchObject({ held: 2 });
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/checkout/${cancelled}/cancel`,
      headers: { host, origin: `http://${host}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: form({}),
    });
    expect(cancel.statusCode).toBeLessThan(400);
    expect(await quotaShown(event.id, quota.id)).toMatchObject({ held: 0 });

    await held(await checkout(t.app, host, event.id, { [event.early]: 3 }, { email: 'x@example.com' }));
    expect(await quotaShown(event.id, quota.id)).toMatchObject({ sold: 2, held: 3 });
    await releaseExpiredHolds(t.database.db, { eventId: event.id, now: new Date(Date.now() + 3_600_000) });
    expect(await quotaShown(event.id, quota.id)).toMatchObject({ sold: 2, held: 0 });

    const [paidOrder] = await t.database.db.select().from(order).where(eq(order.accessToken, paid));
    const [one] = await t.database.db.select().from(ticket).where(eq(ticket.orderId, paidOrder!.id));
    const refund = await refundRequest(t.app, owner, paidOrder!.id, { ticket_ids: [one!.id], reason: 'Cannot come' });
    expect(refund.statusCode, refund.body).toBe(200);
    await runAfterSaleJobs(t.app);
    expect(await quotaShown(event.id, quota.id)).toEqual({ sold: 1, held: 0, capacity: 6 });
  });

  it('counts door sales, refusing one the quota cannot take', async () => {
    const event = await standingEvent('Quota Door');
    const quota = await makeQuota(event.id, [event.early, event.general], 3);
    const sold = await doorSale(t.app, owner, event.id, {
      lines: [{ ticket_type_id: event.general, quantity: 2 }],
      payment_method: 'cash',
    });
    expect(sold.statusCode, sold.body).toBe(201);
    expect(await quotaShown(event.id, quota.id)).toEqual({ sold: 2, held: 0, capacity: 3 });
    const refused = await doorSale(t.app, owner, event.id, {
      lines: [{ ticket_type_id: event.early, quantity: 2 }],
      payment_method: 'cash',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain('Not enough tickets left');
    expect(await quotaShown(event.id, quota.id)).toEqual({ sold: 2, held: 0, capacity: 3 });
  });

  it("never moves another event's quota that a copied type still names", async () => {
    const source = await standingEvent('Quota Source');
    const quota = await makeQuota(source.id, [source.general], 2);
    const copy = await standingEvent('Quota Copy');
    // A type copied from another event's (a date of a series) could carry that event's quota ids.
    await t.database.db.execute(
      sql`update ticket_type set quota_ids = array[${quota.id}::uuid] where id = ${copy.general}`,
    );
    const paid = await held(await checkout(t.app, host, copy.id, { [copy.general]: 3 }, { email: 'copy@example.com' }));
    await payWithCard(t.app, host, paid);
    expect(await quotaShown(source.id, quota.id)).toEqual({ sold: 0, held: 0, capacity: 2 });
    const [paidOrder] = await t.database.db.select().from(order).where(eq(order.accessToken, paid));
    expect(paidOrder!.status).toBe('paid');
  });

  it('gives back its held and sold tickets when the event is cancelled', async () => {
    const event = await standingEvent('Quota Cancelled');
    const quota = await makeQuota(event.id, [event.early, event.general], 6);
    const paid = await held(await checkout(t.app, host, event.id, { [event.general]: 2 }, { email: 'p@example.com' }));
    await payWithCard(t.app, host, paid);
    await held(await checkout(t.app, host, event.id, { [event.early]: 1 }, { email: 'h@example.com' }));
    expect(await quotaShown(event.id, quota.id)).toEqual({ sold: 2, held: 1, capacity: 6 });
    const cancelled = await cancelRequest(t.app, owner, event.id, { reason: 'Storm', confirm: event.name });
    expect(cancelled.statusCode, cancelled.body).toBeLessThan(300);
    const [counters] = (
      (await t.database.db.execute(sql`select sold, held from ticket_quota where id = ${quota.id}`)) as unknown as {
        rows: Array<{ sold: number; held: number }>;
      }
    ).rows;
    expect(counters).toEqual({ sold: 0, held: 0 });
  });
});
