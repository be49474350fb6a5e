// Fulfilment from signed webhooks: exactly once when delivered twice, honoured when the payment arrives after
// the hold expired while tickets remain, refunded (with an e-mail) when they do not or when the places that came
// back are owed to the waiting list, and never undone by an older event delivered out of order.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSandboxPayments } from '../../adapters/payments/sandbox.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import {
  buyer,
  createLiveEvent,
  fanIp,
  form,
  postCheckout,
  sellingOrganiser,
  tokenFrom,
} from '../../../test/checkout-helpers.js';
import type { SignedInUser } from '../../../test/auth-helpers.js';
import {
  event,
  buyerTickets,
  eventCode,
  order,
  orderChange,
  salesDaily,
  sandboxCheckoutSession,
  ticket,
  waitlistEntry,
} from '../../db/schema/index.js';
import { runWaitlist } from '../resale/waitlist.service.js';
import { watchQueries } from '../../db/query-count.js';
import { makeCode } from '../../../test/drop-helpers.js';

let t: TestApp;
let owner: SignedInUser;
const host = 'waves.localhost:3000';

beforeAll(async () => {
  t = await createTestApp();
  owner = await sellingOrganiser(t.app, 'waves');
});
afterAll(() => t.close());

function sandbox() {
  if (!isSandboxPayments(t.app.payments)) throw new Error('the tests run on the sandbox provider');
  return t.app.payments.sandbox;
}

/** Holds `quantity` tickets and opens the provider's checkout; returns the order and the session id. */
async function heldOrder(eventId: string, typeId: string, quantity: number, email: string, promoCode = '') {
  const started = await postCheckout(t.app, host, eventId, {
    ...buyer,
    email,
    [`qty_${typeId}`]: String(quantity),
    ...(promoCode ? { promo_code: promoCode } : {}),
  });
  const token = tokenFrom(started.headers.location);
  const pay = await t.app.inject({
    method: 'POST',
    url: `/checkout/${token}/pay`,
    headers: { host, origin: `http://${host}`, 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  expect(pay.statusCode).toBe(303);
  const [row] = await t.database.db.select().from(order).where(eq(order.accessToken, token));
  return { token, orderId: row!.id, sessionId: row!.checkoutSessionId! };
}

/** Marks the sandbox session paid (as the hosted page would) and returns the signed completed event. */
async function completedEvent(sessionId: string, created = Math.floor(Date.now() / 1000)) {
  const paid = (await sandbox().completeCheckout(sessionId))!;
  return JSON.stringify({
    id: `evt_test_${randomBytes(8).toString('hex')}`,
    object: 'event',
    type: 'checkout.session.completed',
    created,
    account: paid.accountId,
    data: { object: sandbox().checkoutSessionObject(paid) },
  });
}

/** Delivers a signed event, then lets the mail lane do what the sale left it (decision 146). */
async function deliver(payload: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': sandbox().signWebhookPayload(payload) },
    payload,
  });
  await t.app.mailLane.idle();
  return response;
}

const mailTo = async (email: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/dev/mail?to=${encodeURIComponent(email)}` })).json() as Array<{
    subject: string;
  }>;
const joinWaitlist = (slug: string, email: string) =>
  t.app.inject({
    method: 'POST',
    url: `/events/${slug}/waitlist`,
    headers: { host, origin: `http://${host}`, 'content-type': 'application/x-www-form-urlencoded' },
    remoteAddress: fanIp(),
    payload: form({ email, quantity: '1', type: '' }),
  });
/** Runs the order's hold out and lets a page view release it. */
async function expireHold(slug: string, orderId: string) {
  await t.database.db
    .update(order)
    .set({ holdExpiresAt: new Date(Date.now() - 1000) })
    .where(eq(order.id, orderId));
  await t.app.inject({ method: 'GET', url: `/events/${slug}`, headers: { host } });
}
const countersOf = async (eventId: string) =>
  (await t.database.db.select({ sold: event.sold, held: event.held }).from(event).where(eq(event.id, eventId)))[0]!;

describe('POST /api/webhooks/stripe - checkout.session.completed', () => {
  it('a duplicate delivery pays the order once: one set of tickets, one e-mail', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Twice Told', capacity: 10 });
    const held = await heldOrder(live.id, live.ticket_types[0]!.id, 2, 'dup@example.com');
    const payload = await completedEvent(held.sessionId);
    const first = await deliver(payload);
    const second = await deliver(payload);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    expect(second.json()).toEqual({ received: true, duplicate: true });
    // The same payment reported again under a new event id (Stripe retries can do this) changes nothing either.
    const again = JSON.parse(payload) as { id: string };
    again.id = `evt_test_${randomBytes(8).toString('hex')}`;
    expect((await deliver(JSON.stringify(again))).statusCode).toBe(200);
    expect(await t.database.db.select().from(ticket).where(eq(ticket.orderId, held.orderId))).toHaveLength(2);
    expect((await mailTo('dup@example.com')).filter((mail) => mail.subject.startsWith('Your tickets'))).toHaveLength(1);
    expect(await countersOf(live.id)).toEqual({ sold: 2, held: 0 });
  });

  it("writes the rows every sale updates last, in one statement before the commit: counters, then the day's sales", async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Hot Rows', capacity: 10 });
    const held = await heldOrder(live.id, live.ticket_types[0]!.id, 1, 'hot-rows@example.com');
    const payload = await completedEvent(held.sessionId);
    const sent: string[] = [];
    const stop = watchQueries((query) => sent.push(query.trim().replace(/\s+/g, ' ').toLowerCase()));
    try {
      expect((await deliver(payload)).statusCode).toBe(200);
    } finally {
      stop();
    }
    // From the tickets' insert to the first write of the e-mail jobs, after the commit: an e-mail's claim (decision
    // 051) or the organiser's sale placed in its digest window (decision 147).
    const from = sent.findIndex((query) => query.startsWith('insert into "ticket"'));
    const to = sent.findIndex(
      (query, index) => index > from && /^(insert into "order_mail"|(insert into|update) "sale_digest)/.test(query),
    );
    expect(from).toBeGreaterThan(-1);
    expect(to).toBeGreaterThan(from);
    const writes = sent.slice(from, to).filter((query) => /^(with|insert|update|delete)/.test(query));
    const last = writes.at(-1)!;
    // The type's counters, the event's, then the day's sales, in that order, all in the sale's last statement.
    const positions = ['update ticket_type', 'update event', 'insert into sales_daily'].map((part) =>
      last.indexOf(part),
    );
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    // No earlier statement of the sale touches those rows.
    expect(writes.slice(0, -1).filter((query) => /sales_daily|update "?(ticket_type|event)"? /.test(query))).toEqual(
      [],
    );
    expect(await countersOf(live.id)).toEqual({ sold: 1, held: 0 });
    const day = await t.database.db.select().from(salesDaily).where(eq(salesDaily.eventId, live.id));
    expect(day.map((row) => ({ orders: row.orders, tickets: row.tickets }))).toEqual([{ orders: 1, tickets: 1 }]);
  });

  it('a payment after the hold expired is honoured while tickets remain', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Late But Fine', capacity: 10 });
    const held = await heldOrder(live.id, live.ticket_types[0]!.id, 2, 'late-ok@example.com');
    await t.database.db
      .update(order)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(order.id, held.orderId));
    await t.app.inject({ method: 'GET', url: `/events/${live.slug}`, headers: { host } }); // releases the hold
    expect(await countersOf(live.id)).toEqual({ sold: 0, held: 0 });
    expect((await deliver(await completedEvent(held.sessionId))).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(order).where(eq(order.id, held.orderId));
    expect(row!.status).toBe('paid');
    expect(await countersOf(live.id)).toEqual({ sold: 2, held: 0 });
    const actions = (await t.database.db.select().from(orderChange).where(eq(orderChange.orderId, held.orderId))).map(
      (change) => change.action,
    );
    expect(actions).toEqual(['held', 'expired', 'paid_late']);
  });

  it('a payment after the hold expired and the tickets sold out is refunded in full, with an e-mail', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Too Late', capacity: 2 });
    const typeId = live.ticket_types[0]!.id;
    const held = await heldOrder(live.id, typeId, 2, 'too-late@example.com');
    await t.database.db
      .update(order)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(order.id, held.orderId));
    // Someone else buys the last two tickets meanwhile.
    const other = await heldOrder(live.id, typeId, 2, 'quicker@example.com');
    await deliver(await completedEvent(other.sessionId));
    expect((await deliver(await completedEvent(held.sessionId))).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(order).where(eq(order.id, held.orderId));
    expect(row!.status).toBe('refunded');
    expect(row!.refundedMinor).toBe(row!.amountMinor + row!.feeMinor);
    const [session] = await t.database.db
      .select()
      .from(sandboxCheckoutSession)
      .where(eq(sandboxCheckoutSession.id, held.sessionId));
    expect(session!.amountRefunded).toBe(session!.amountTotal);
    // It counts as sold and refunded in the settlement, and the sandbox kept its fee (decision 141): recorded.
    expect(row!.providerFeeMinor).toBe(Math.floor((session!.amountTotal * 150 + 5000) / 10_000) + 20);
    expect(await countersOf(live.id)).toEqual({ sold: 2, held: 0 });
    expect(await t.database.db.select().from(ticket).where(eq(ticket.orderId, held.orderId))).toHaveLength(0);
    const mails = await mailTo('too-late@example.com');
    expect(mails.map((mail) => mail.subject)).toContain(`Your order ${row!.code} for Too Late was refunded`);
    const page = await t.app.inject({ method: 'GET', url: `/checkout/${held.token}/return`, headers: { host } });
    expect(page.body).toContain('Sorry, these tickets sold out');
  });

  it('a payment after the hold expired is refunded when the place that came back is owed to the waiting list', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Owed To The Line', capacity: 1 });
    const typeId = live.ticket_types[0]!.id;
    const held = await heldOrder(live.id, typeId, 1, 'late-line@example.com');
    // Sold out while the hold runs: a fan joins the waiting list; then the hold runs out (released by a page view).
    expect((await joinWaitlist(live.slug, 'in-line@example.com')).statusCode).toBe(303);
    await expireHold(live.slug, held.orderId);
    expect(await countersOf(live.id)).toEqual({ sold: 0, held: 0 });

    // The waiting-list run has not offered the place yet: the late payment must not take it.
    expect((await deliver(await completedEvent(held.sessionId))).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(order).where(eq(order.id, held.orderId));
    expect(row!.status).toBe('refunded');
    expect(row!.refundedMinor).toBe(row!.amountMinor + row!.feeMinor);
    expect(await countersOf(live.id)).toEqual({ sold: 0, held: 0 });
    expect(await t.database.db.select().from(ticket).where(eq(ticket.orderId, held.orderId))).toHaveLength(0);
    const mails = await mailTo('late-line@example.com');
    expect(mails.map((mail) => mail.subject)).toContain(`Your order ${row!.code} for Owed To The Line was refunded`);
    expect(mails.filter((mail) => mail.subject.startsWith('Your tickets'))).toHaveLength(0);
    const page = await t.app.inject({ method: 'GET', url: `/checkout/${held.token}/return`, headers: { host } });
    expect(page.body).toContain('Sorry, these tickets sold out');

    // The place is still there for the fan in line: the run offers it to them.
    const offers = await runWaitlist(t.database.db, t.app.jobs, {
      eventId: live.id,
      organizationId: row!.organizationId,
    });
    expect(offers).toHaveLength(1);
    const [entry] = await t.database.db.select().from(waitlistEntry).where(eq(waitlistEntry.eventId, live.id));
    expect(entry).toMatchObject({ email: 'in-line@example.com', status: 'offered' });
    expect(await countersOf(live.id)).toEqual({ sold: 0, held: 1 });
  });

  it("a payment after the hold expired is refunded when the place is held by a waiting-list fan's offer", async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Offered To The Line', capacity: 1 });
    const typeId = live.ticket_types[0]!.id;
    const held = await heldOrder(live.id, typeId, 1, 'late-offer@example.com');
    expect((await joinWaitlist(live.slug, 'offered@example.com')).statusCode).toBe(303);
    await expireHold(live.slug, held.orderId);
    const [pending] = await t.database.db.select().from(order).where(eq(order.id, held.orderId));
    expect(
      await runWaitlist(t.database.db, t.app.jobs, { eventId: live.id, organizationId: pending!.organizationId }),
    ).toHaveLength(1);

    expect((await deliver(await completedEvent(held.sessionId))).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(order).where(eq(order.id, held.orderId));
    expect(row!.status).toBe('refunded');
    expect(await countersOf(live.id)).toEqual({ sold: 0, held: 1 });
    const mails = await mailTo('late-offer@example.com');
    expect(mails.map((mail) => mail.subject)).toContain(`Your order ${row!.code} for Offered To The Line was refunded`);
  });

  it("a late payment takes its promo code's use again, and is refunded when the code was used up meanwhile", async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Late Promo', capacity: 10 });
    const typeId = live.ticket_types[0]!.id;
    const code = await makeCode(t.app, owner, live.id, {
      kind: 'promo',
      code: 'ONCE',
      discount_value: '10',
      max_uses: 1,
    } as never);
    const uses = async () => (await t.database.db.select().from(eventCode).where(eq(eventCode.id, code.id)))[0]!.uses;
    const expire = async (orderId: string) => {
      await t.database.db
        .update(order)
        .set({ holdExpiresAt: new Date(Date.now() - 1000) })
        .where(eq(order.id, orderId));
      await t.app.inject({ method: 'GET', url: `/events/${live.slug}`, headers: { host } }); // releases the hold
    };

    // Nobody took the code meanwhile: the late payment is honoured and counts as the code's one use.
    const first = await heldOrder(live.id, typeId, 1, 'late-promo@example.com', 'ONCE');
    await expire(first.orderId);
    expect(await uses()).toBe(0);
    await deliver(await completedEvent(first.sessionId));
    expect((await t.database.db.select().from(order).where(eq(order.id, first.orderId)))[0]!.status).toBe('paid');
    expect(await uses()).toBe(1);

    // Its one use taken by another fan while this hold had run out: refunded, and the code is used once.
    await t.database.db.update(eventCode).set({ maxUses: 2 }).where(eq(eventCode.id, code.id));
    const second = await heldOrder(live.id, typeId, 1, 'late-promo-2@example.com', 'ONCE');
    await expire(second.orderId);
    const quicker = await heldOrder(live.id, typeId, 1, 'quicker-promo@example.com', 'ONCE');
    await deliver(await completedEvent(quicker.sessionId));
    await deliver(await completedEvent(second.sessionId));
    const [refused] = await t.database.db.select().from(order).where(eq(order.id, second.orderId));
    expect(refused!.status).toBe('refunded');
    expect(await uses()).toBe(2);
    expect(await countersOf(live.id)).toEqual({ sold: 2, held: 0 });
    const reasons = (await t.database.db.select().from(orderChange).where(eq(orderChange.orderId, second.orderId))).map(
      (change) => (change.detail as { reason?: string } | null)?.reason,
    );
    expect(reasons).toContain('The hold had expired and its code was used up before the payment arrived');
  });

  it('an older checkout.session.expired delivered after the payment changes nothing', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Out Of Order', capacity: 10 });
    const held = await heldOrder(live.id, live.ticket_types[0]!.id, 1, 'ooo@example.com');
    const now = Math.floor(Date.now() / 1000);
    await deliver(await completedEvent(held.sessionId, now));
    const expired = JSON.stringify({
      id: `evt_test_${randomBytes(8).toString('hex')}`,
      object: 'event',
      type: 'checkout.session.expired',
      created: now - 60,
      data: { object: { id: held.sessionId, object: 'checkout.session', status: 'expired', payment_status: 'unpaid' } },
    });
    expect((await deliver(expired)).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(order).where(eq(order.id, held.orderId));
    expect(row!.status).toBe('paid');
    expect(await countersOf(live.id)).toEqual({ sold: 1, held: 0 });
  });

  it('an expired session of a still-pending order gives its hold back, its code use and its buyer tickets', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Walked Away', capacity: 10 });
    const code = await makeCode(t.app, owner, live.id, {
      kind: 'promo',
      code: 'AWAY',
      discount_value: '10',
      max_uses: 1,
    } as never);
    const uses = async () => (await t.database.db.select().from(eventCode).where(eq(eventCode.id, code.id)))[0]!.uses;
    const buyerCount = async () =>
      (await t.database.db.select().from(buyerTickets).where(eq(buyerTickets.eventId, live.id)))[0]?.tickets ?? 0;
    const held = await heldOrder(live.id, live.ticket_types[0]!.id, 3, 'away@example.com', 'AWAY');
    expect([await uses(), await buyerCount()]).toEqual([1, 3]);
    const expired = JSON.stringify({
      id: `evt_test_${randomBytes(8).toString('hex')}`,
      object: 'event',
      type: 'checkout.session.expired',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: held.sessionId, object: 'checkout.session', status: 'expired', payment_status: 'unpaid' } },
    });
    expect((await deliver(expired)).statusCode).toBe(200);
    expect(await countersOf(live.id)).toEqual({ sold: 0, held: 0 });
    expect([await uses(), await buyerCount()]).toEqual([0, 0]);
    // The code's one use is free again: another fan can use it.
    const next = await heldOrder(live.id, live.ticket_types[0]!.id, 1, 'next@example.com', 'AWAY');
    const [row] = await t.database.db.select().from(order).where(eq(order.id, next.orderId));
    expect(row!.promoCodeId).toBe(code.id);
  });

  it('a forged signature is refused and changes nothing', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Forgery', capacity: 10 });
    const held = await heldOrder(live.id, live.ticket_types[0]!.id, 1, 'forged@example.com');
    const payload = await completedEvent(held.sessionId);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`,
      },
      payload,
    });
    expect(response.statusCode).toBe(400);
    const [row] = await t.database.db.select().from(order).where(eq(order.id, held.orderId));
    expect(row!.status).toBe('pending');
  });
});
