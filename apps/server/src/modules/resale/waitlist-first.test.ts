// Places that come back go to the waiting list first (decision 035): between a place coming back (a refund, a hold
// that ran out, raised capacity) and the waiting-list run that offers it, the public checkout cannot take it while
// fans wait; once the line is offered, the rest is on sale again. And a venue place given back by a resale
// listing is sold only as the listed type: a buyer of another type cannot take it. On PostgreSQL, buyers racing
// for the last place not owed to the line: the hold's own re-check lets only one of them have it.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { asBrowser, type SignedInUser } from '../../../test/auth-helpers.js';
import {
  buyer,
  createLiveEvent,
  fanIp,
  form,
  payWithCard,
  postCheckout,
  sellingOrganiser,
  tokenFrom,
} from '../../../test/checkout-helpers.js';
import { buyPaidOrder } from '../../../test/cancellation-helpers.js';
import { fanPost, refundRequest } from '../../../test/after-sale-helpers.js';
import { event, order, resaleListing, ticket, ticketType, waitlistEntry } from '../../db/schema/index.js';
import { runWaitlist } from './waitlist.service.js';

let t: TestApp;
let owner: SignedInUser;
const host = 'linefirst.localhost:3000';

beforeAll(async () => {
  t = await createTestApp();
  owner = await sellingOrganiser(t.app, 'linefirst');
});
afterAll(() => t.close());

const db = () => t.database.db;
const join = (slug: string, email: string, type = '') =>
  t.app.inject({
    method: 'POST',
    url: `/events/${slug}/waitlist`,
    headers: { host, origin: `http://${host}`, 'content-type': 'application/x-www-form-urlencoded' },
    remoteAddress: fanIp(),
    payload: form({ email, quantity: '1', type }),
  });
const walkIn = (eventId: string, typeId: string, email: string) =>
  postCheckout(t.app, host, eventId, { ...buyer, email, [`qty_${typeId}`]: '1' });
const statusOf = async (eventId: string) =>
  (await db().select().from(waitlistEntry).where(eq(waitlistEntry.eventId, eventId))).map((entry) => entry.status);

async function soldOutWithLine(name: string) {
  const live = await createLiveEvent(t.app, owner, { name, capacity: 1 });
  const typeId = live.ticket_types[0]!.id;
  const first = await buyPaidOrder(t.app, host, live.id, typeId, 1, `${live.slug}-first@example.com`);
  expect((await join(live.slug, `${live.slug}-waiting@example.com`)).statusCode).toBe(303);
  return {
    live,
    typeId,
    first,
    run: () => runWaitlist(db(), t.app.jobs, { eventId: live.id, organizationId: first.organizationId }),
  };
}

describe('returned places go to the waiting list first', () => {
  it('a refunded place: refused to a walk-in until the line is offered it', async () => {
    const { live, typeId, first, run } = await soldOutWithLine('Refund Goes To Line');
    const [own] = await db().select().from(ticket).where(eq(ticket.orderId, first.id));
    // The organiser's refund queues a run but does not run it: the place is back in the counters.
    expect((await refundRequest(t.app, owner, first.id, { ticket_ids: [own!.id], reason: 'Asked' })).statusCode).toBe(
      200,
    );
    const page = await t.app.inject({ method: 'GET', url: `/events/${live.slug}`, headers: { host } });
    expect(page.body).toContain('Sold out');
    const refused = await walkIn(live.id, typeId, 'walkin-refund@example.com');
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Sold out');
    expect(await run()).toHaveLength(1);
    expect(await statusOf(live.id)).toEqual(['offered']);
  });

  it('a hold that ran out: its place goes to the line, not to the next walk-in', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Hold Ran Out', capacity: 1 });
    const typeId = live.ticket_types[0]!.id;
    const held = await walkIn(live.id, typeId, 'slow-payer@example.com');
    expect(held.statusCode).toBe(303);
    expect((await join(live.slug, 'patient@example.com')).statusCode).toBe(303);
    await db()
      .update(order)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(order.accessToken, tokenFrom(held.headers.location)));
    const refused = await walkIn(live.id, typeId, 'walkin-hold@example.com');
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Sold out');
    const [venue] = await db().select({ held: event.held }).from(event).where(eq(event.id, live.id));
    expect(venue!.held).toBe(0);
    expect(
      await runWaitlist(db(), t.app.jobs, {
        eventId: live.id,
        organizationId: (await db().select().from(event).where(eq(event.id, live.id)))[0]!.organizationId,
      }),
    ).toHaveLength(1);
    expect(await statusOf(live.id)).toEqual(['offered']);
  });

  it('raised capacity: the line is offered first, then the rest is on sale again', async () => {
    const { live, typeId, run } = await soldOutWithLine('More Room');
    await db().update(event).set({ capacity: 3 }).where(eq(event.id, live.id));
    await db().update(ticketType).set({ capacity: 3 }).where(eq(ticketType.id, typeId));
    expect((await walkIn(live.id, typeId, 'walkin-room@example.com')).statusCode).toBe(400);
    expect(await run()).toHaveLength(1);
    // Nobody waits any more: the place left after the offer is anyone's.
    expect((await walkIn(live.id, typeId, 'walkin-room@example.com')).statusCode).toBe(303);
  });
});

describe('a listed place across ticket types sharing a venue', () => {
  it('is sold only as the listed type: another type stays sold out, a buyer of the listed type gets it', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Two Types One Room', capacity: 2, resale_allowed: true });
    const typeA = live.ticket_types[0]!.id;
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/events/${live.id}/ticket-types`,
      headers: asBrowser(owner),
      payload: { name: 'Balcony', price: '20.00', capacity: null },
    });
    expect(added.statusCode, added.body).toBe(201);
    const typeB = added.json().id as string;
    const seller = await buyPaidOrder(t.app, host, live.id, typeA, 1, 'a-seller@example.com');
    await buyPaidOrder(t.app, host, live.id, typeB, 1, 'b-holder@example.com');
    const [own] = await db().select().from(ticket).where(eq(ticket.orderId, seller.id));
    expect((await fanPost(t.app, host, `/orders/${seller.accessToken}/resale`, { ticket: own!.code })).statusCode).toBe(
      303,
    );

    const other = await walkIn(live.id, typeB, 'b-walkin@example.com');
    expect(other.statusCode).toBe(400);
    expect(other.body).toContain('Sold out');
    const same = await walkIn(live.id, typeA, 'a-walkin@example.com');
    expect(same.statusCode).toBe(303);
    expect((await payWithCard(t.app, host, tokenFrom(same.headers.location))).statusCode).toBe(303);
    const [listing] = await db().select().from(resaleListing).where(eq(resaleListing.ticketId, own!.id));
    expect(listing!.status).toBe('sold');
    const [venue] = await db().select({ sold: event.sold }).from(event).where(eq(event.id, live.id));
    expect(venue!.sold).toBe(2);
  });

  it('still counts as sold while listed, in the event page and the events list; net the same once resold', async () => {
    const live = await createLiveEvent(t.app, owner, {
      name: 'Counted While Listed',
      capacity: 3,
      resale_allowed: true,
    });
    const typeId = live.ticket_types[0]!.id;
    const seller = await buyPaidOrder(t.app, host, live.id, typeId, 2, 'counted-seller@example.com');
    const [own] = await db().select().from(ticket).where(eq(ticket.orderId, seller.id));
    const figures = async () => {
      const detail = (
        await t.app.inject({ method: 'GET', url: `/api/events/${live.id}`, headers: { cookie: owner.cookie } })
      ).json();
      const list = (
        await t.app.inject({ method: 'GET', url: '/api/events', headers: { cookie: owner.cookie } })
      ).json();
      const rows = [...list.upcoming, ...list.previous] as Array<{ id: string; sold: number }>;
      return {
        event: detail.sold,
        type: detail.ticket_types[0].sold,
        list: rows.find((row) => row.id === live.id)?.sold,
      };
    };
    expect(await figures()).toEqual({ event: 2, type: 2, list: 2 });
    expect((await fanPost(t.app, host, `/orders/${seller.accessToken}/resale`, { ticket: own!.code })).statusCode).toBe(
      303,
    );
    expect(await figures()).toEqual({ event: 2, type: 2, list: 2 });
    // The organiser cannot shrink the venue below the tickets sold, listed ones included.
    const shrink = await t.app.inject({
      method: 'PUT',
      url: `/api/events/${live.id}`,
      headers: asBrowser(owner),
      payload: { capacity: 1 },
    });
    expect(shrink.statusCode).toBe(400);
    // Resold: the buyer's ticket counts and the seller's is void, so the figure stays.
    await buyPaidOrder(t.app, host, live.id, typeId, 1, 'counted-other@example.com');
    await buyPaidOrder(t.app, host, live.id, typeId, 1, 'counted-buyer@example.com');
    const [listing] = await db().select().from(resaleListing).where(eq(resaleListing.ticketId, own!.id));
    expect(listing!.status).toBe('sold');
    expect(await figures()).toEqual({ event: 3, type: 3, list: 3 });
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('walk-ins racing for a venue place owed to the line (PostgreSQL)', () => {
  it('several buyers of another type at once: one gets the one free place, the owed place stays for the line', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Racing The Line', capacity: 3 });
    const typeA = live.ticket_types[0]!.id;
    const limitA = await t.app.inject({
      method: 'PUT',
      url: `/api/events/${live.id}/ticket-types/${typeA}`,
      headers: asBrowser(owner),
      payload: { name: 'Front', price: '20.00', capacity: 1 },
    });
    expect(limitA.statusCode, limitA.body).toBe(200);
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/events/${live.id}/ticket-types`,
      headers: asBrowser(owner),
      payload: { name: 'Back', price: '20.00', capacity: null },
    });
    expect(added.statusCode, added.body).toBe(201);
    const typeB = added.json().id as string;
    // Front sold out and a fan waits for it; its one ticket is refunded (the run is queued, not run yet).
    const front = await buyPaidOrder(t.app, host, live.id, typeA, 1, 'race-front@example.com');
    await buyPaidOrder(t.app, host, live.id, typeB, 1, 'race-back@example.com');
    expect((await join(live.slug, 'race-waiting@example.com', typeA)).statusCode).toBe(303);
    const [own] = await db().select().from(ticket).where(eq(ticket.orderId, front.id));
    expect((await refundRequest(t.app, owner, front.id, { ticket_ids: [own!.id], reason: 'Asked' })).statusCode).toBe(
      200,
    );

    // Two venue places are free; one is owed to the fan waiting for Front, so Back has one left for the public.
    const racers = await Promise.all([1, 2, 3, 4].map((n) => walkIn(live.id, typeB, `race-walkin-${n}@example.com`)));
    const statuses = racers.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 303)).toHaveLength(1);
    for (const status of statuses.slice(1)) expect([400, 409]).toContain(status);
    const [venue] = await db().select({ sold: event.sold, held: event.held }).from(event).where(eq(event.id, live.id));
    expect(venue).toEqual({ sold: 1, held: 1 });

    // The owed place is still there: the run offers it to the fan in line.
    expect(
      await runWaitlist(db(), t.app.jobs, { eventId: live.id, organizationId: front.organizationId }),
    ).toHaveLength(1);
    expect(await statusOf(live.id)).toEqual(['offered']);
  });
});
