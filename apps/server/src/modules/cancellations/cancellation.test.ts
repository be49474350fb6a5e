// Cancelling an event through the API on the sandbox provider: who may, what a bad request gets, and the refund
// job: every paid order refunded once in full (booking fee included) at the provider, tickets voided, counters
// and dashboard figures back to what was really sold, one e-mail per fan, nothing done twice on a second run or
// after a run killed half-way, and a cancelled event's page that sells nothing.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSandboxPayments } from '../../adapters/payments/sandbox.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { asBrowser, type SignedInUser } from '../../../test/auth-helpers.js';
import {
  buyer,
  createLiveEvent,
  form,
  postCheckout,
  sellingOrganiser,
  tokenFrom,
} from '../../../test/checkout-helpers.js';
import {
  buyPaidOrder,
  cancelRequest,
  deliverCheckoutMail,
  mailTo,
  progressOf,
  runRefundJobs,
} from '../../../test/cancellation-helpers.js';
import { event, order, orderChange, sandboxCheckoutSession, ticket } from '../../db/schema/index.js';
import { QUEUES } from '../../jobs/queue.js';
import { CANCELLATION_MESSAGES } from '@marquee/shared';

let t: TestApp;
let owner: SignedInUser;
let stranger: SignedInUser;
const host = 'gala.localhost:3000';

beforeAll(async () => {
  t = await createTestApp();
  owner = await sellingOrganiser(t.app, 'gala');
  stranger = await sellingOrganiser(t.app, 'rival');
});
afterAll(() => t.close());

const db = () => t.database.db;
const sessionOf = async (paymentIntentId: string) =>
  (
    await db().select().from(sandboxCheckoutSession).where(eq(sandboxCheckoutSession.paymentIntentId, paymentIntentId))
  )[0]!;
const overview = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/dashboard/overview', headers: { cookie: owner.cookie } })).json()
    .metrics as Record<string, { value: number }>;

describe('POST /api/events/:id/cancel - who and what', () => {
  it("another organisation's event is a 404 (cancel and progress), and nothing changes", async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Not Yours' });
    const response = await cancelRequest(t.app, stranger, live.id, { reason: 'Mine now', confirm: 'Not Yours' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
    expect((await progressOf(t.app, stranger, live.id)).statusCode).toBe(404);
    const [row] = await db().select().from(event).where(eq(event.id, live.id));
    expect(row!.status).toBe('live');
  });

  it('bad bodies are 400s in the envelope, a wrong confirmation included', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Careful Now' });
    const bodies = [
      {},
      { reason: 'Storm', confirm: '' },
      { confirm: 'Careful Now' },
      { reason: '   ', confirm: 'Careful Now' },
      { reason: 'x'.repeat(1001), confirm: 'Careful Now' },
      { reason: 'Storm', confirm: 'Careful' },
      { reason: 'Storm\u0000', confirm: 'Careful Now' },
      { reason: 42, confirm: 'Careful Now' },
    ];
    for (const payload of bodies) {
      const response = await cancelRequest(t.app, owner, live.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.code).toMatch(/^(BAD_REQUEST|VALIDATION_ERROR)$/);
    }
    const wrong = await cancelRequest(t.app, owner, live.id, { reason: 'Storm', confirm: 'Careful' });
    expect(wrong.json().error.message).toBe(CANCELLATION_MESSAGES.confirmMismatch);
    const [row] = await db().select().from(event).where(eq(event.id, live.id));
    expect(row!.status).toBe('live');
    // Without the app's Origin the request is refused before anything else.
    const crossSite = await t.app.inject({
      method: 'POST',
      url: `/api/events/${live.id}/cancel`,
      headers: { cookie: owner.cookie, origin: 'http://evil.example' },
      payload: { reason: 'Storm', confirm: 'Careful Now' },
    });
    expect(crossSite.statusCode).toBe(403);
  });

  it('drafts, cancelled and ended events are refused with clear 409s', async () => {
    const draft = await t.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: asBrowser(owner),
      payload: { name: 'Just A Draft' },
    });
    const draftResponse = await cancelRequest(t.app, owner, draft.json().id, { reason: 'x', confirm: 'Just A Draft' });
    expect(draftResponse.statusCode).toBe(409);
    expect(draftResponse.json().error.message).toBe(CANCELLATION_MESSAGES.draft);

    const ended = await createLiveEvent(t.app, owner, { name: 'Long Gone' });
    await db()
      .update(event)
      .set({ endsAt: new Date(Date.now() - 60_000) })
      .where(eq(event.id, ended.id));
    const endedResponse = await cancelRequest(t.app, owner, ended.id, { reason: 'x', confirm: 'Long Gone' });
    expect(endedResponse.statusCode).toBe(409);
    expect(endedResponse.json().error.message).toBe(CANCELLATION_MESSAGES.ended);

    const live = await createLiveEvent(t.app, owner, { name: 'Only Once' });
    expect((await cancelRequest(t.app, owner, live.id, { reason: 'Flood', confirm: 'only once' })).statusCode).toBe(
      200,
    );
    const again = await cancelRequest(t.app, owner, live.id, { reason: 'Flood', confirm: 'Only Once' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(CANCELLATION_MESSAGES.alreadyCancelled);
    // Exactly one refund job was queued by the successful cancellation.
    expect(await runRefundJobs(t.app)).toHaveLength(1);
  });
});

describe('the refund-cancelled-event job', () => {
  it('refunds every paid order once in full (booking fee included), voids tickets, releases holds, e-mails each fan once', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Summer Gala', capacity: 50 });
    const typeId = live.ticket_types[0]!.id;
    const other = await createLiveEvent(t.app, owner, { name: 'Still On', capacity: 50 });
    const kept = await buyPaidOrder(t.app, host, other.id, other.ticket_types[0]!.id, 1, 'keeper@example.com');
    const before = await overview();

    const first = await buyPaidOrder(t.app, host, live.id, typeId, 2, 'ann@example.com');
    const second = await buyPaidOrder(t.app, host, live.id, typeId, 1, 'bob@example.com');
    const third = await buyPaidOrder(t.app, host, live.id, typeId, 3, 'cat@example.com');
    // A fan still paying: their hold is released by the cancellation.
    const holding = await postCheckout(t.app, host, live.id, {
      ...buyer,
      email: 'dan@example.com',
      [`qty_${typeId}`]: '2',
    });
    expect(holding.statusCode).toBe(303);
    expect(first.feeMinor).toBeGreaterThan(0);
    const paid = [first, second, third];
    const during = await overview();
    expect(during.tickets_sold!.value).toBe(before.tickets_sold!.value + 6);

    const cancelled = await cancelRequest(t.app, owner, live.id, {
      reason: 'The venue flooded.',
      confirm: '  summer gala ',
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({
      state: 'refunding',
      orders_total: 3,
      orders_refunded: 0,
      orders_pending: 3,
      orders_failed: 0,
      reason: 'The venue flooded.',
    });
    // Every ticket stops admitting at once, before any refund is made; their places go back with them.
    const [afterCancel] = await db().select().from(event).where(eq(event.id, live.id));
    expect(afterCancel).toMatchObject({ status: 'cancelled', held: 0, sold: 0 });
    const cancelledTickets = await db().select().from(ticket).where(eq(ticket.eventId, live.id));
    expect(cancelledTickets.map((entry) => entry.status)).toEqual(Array(6).fill('cancelled'));
    const [hold] = await db()
      .select()
      .from(order)
      .where(and(eq(order.eventId, live.id), eq(order.customerEmail, 'dan@example.com')));
    expect(hold!.status).toBe('cancelled');

    const runs = await runRefundJobs(t.app, { batchSize: 2 });
    expect(runs).toEqual([{ refunded: 3, failed: 0, continued: false, retryInSeconds: null }]);

    for (const paidOrder of paid) {
      const [row] = await db().select().from(order).where(eq(order.id, paidOrder.id));
      expect(row!.status).toBe('refunded');
      expect(row!.refundedMinor).toBe(paidOrder.amountMinor + paidOrder.feeMinor);
      const session = await sessionOf(paidOrder.paymentIntentId!);
      expect(session.amountRefunded).toBe(session.amountTotal);
      expect(session.amountTotal).toBe(paidOrder.amountMinor + paidOrder.feeMinor);
      const tickets = await db().select().from(ticket).where(eq(ticket.orderId, paidOrder.id));
      expect(tickets.length).toBe(paidOrder.quantity);
      expect(tickets.every((entry) => entry.status === 'cancelled' && entry.voidedAt !== null)).toBe(true);
      const audit = await db()
        .select()
        .from(orderChange)
        .where(and(eq(orderChange.orderId, paidOrder.id), eq(orderChange.action, 'refunded')));
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actorType: 'organiser', toStatus: 'refunded' });
      expect(audit[0]!.actorUserId).toBeTruthy();
    }
    const total = paid.reduce((sum, entry) => sum + entry.amountMinor + entry.feeMinor, 0);
    const progress = (await progressOf(t.app, owner, live.id)).json();
    expect(progress).toMatchObject({
      state: 'done',
      orders_total: 3,
      orders_refunded: 3,
      orders_pending: 0,
      orders_failed: 0,
      refunded: [{ currency: 'GBP', amount_minor: total }],
    });
    expect(progress.completed_at).not.toBeNull();

    // The figures are back to what was really sold: the other event's sale only.
    const [counters] = await db().select().from(event).where(eq(event.id, live.id));
    expect(counters).toMatchObject({ sold: 0, held: 0 });
    const after = await overview();
    expect(after.total_revenue!.value).toBe(before.total_revenue!.value);
    expect(after.tickets_sold!.value).toBe(before.tickets_sold!.value);
    expect(after.total_customers!.value).toBe(before.total_customers!.value);
    const list = (
      await t.app.inject({ method: 'GET', url: `/api/events/${live.id}`, headers: { cookie: owner.cookie } })
    ).json();
    expect(list).toMatchObject({ status: 'cancelled', revenue_minor: 0, sold: 0 });
    expect((await db().select().from(order).where(eq(order.id, kept.id)))[0]!.status).toBe('paid');

    // One e-mail per fan, even when the mail jobs and the refund job run again.
    await deliverCheckoutMail(t.app);
    await t.app.jobs.send(QUEUES.refundCancelledEvent, { eventId: live.id, organizationId: first.organizationId });
    expect(await runRefundJobs(t.app)).toEqual([{ refunded: 0, failed: 0, continued: false, retryInSeconds: null }]);
    await deliverCheckoutMail(t.app);
    for (const paidOrder of paid) {
      const mails = (await mailTo(t.app, paidOrder.customerEmail)).filter((mail) =>
        mail.subject.startsWith('Cancelled:'),
      );
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe(`Cancelled: Summer Gala - your order ${paidOrder.code} has been refunded`);
      expect(mails[0]!.text).toContain('The venue flooded.');
      expect(mails[0]!.text).toContain('booking fee included');
      const session = await sessionOf(paidOrder.paymentIntentId!);
      expect(session.amountRefunded).toBe(session.amountTotal);
    }
    expect(await mailTo(t.app, 'dan@example.com')).toEqual([]);
  });

  it('killed after the provider refunded one order but before recording it: the next run refunds nobody twice', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Half Way', capacity: 20 });
    const typeId = live.ticket_types[0]!.id;
    const a = await buyPaidOrder(t.app, host, live.id, typeId, 1, 'half-a@example.com');
    const b = await buyPaidOrder(t.app, host, live.id, typeId, 2, 'half-b@example.com');
    expect((await cancelRequest(t.app, owner, live.id, { reason: 'Ill', confirm: 'Half Way' })).statusCode).toBe(200);
    // The killed run had refunded `a` at the provider and died before its transaction.
    await t.app.payments.createRefund({
      paymentIntentId: a.paymentIntentId!,
      idempotencyKey: `marquee-cancel-${a.id}`,
    });
    expect((await progressOf(t.app, owner, live.id)).json()).toMatchObject({ orders_pending: 2, state: 'refunding' });
    const runs = await runRefundJobs(t.app);
    expect(runs[0]).toMatchObject({ refunded: 2, failed: 0 });
    for (const paidOrder of [a, b]) {
      const session = await sessionOf(paidOrder.paymentIntentId!);
      expect(session.amountRefunded).toBe(session.amountTotal);
      const [row] = await db().select().from(order).where(eq(order.id, paidOrder.id));
      expect(row).toMatchObject({ status: 'refunded', refundedMinor: paidOrder.amountMinor + paidOrder.feeMinor });
    }
    expect((await progressOf(t.app, owner, live.id)).json()).toMatchObject({ state: 'done', orders_refunded: 2 });
  });
});

describe('a run that spends its time budget', () => {
  it('hands the rest to a fresh job, which carries on where it stopped', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Long Queue', capacity: 20 });
    const typeId = live.ticket_types[0]!.id;
    for (const fan of ['q1', 'q2', 'q3']) await buyPaidOrder(t.app, host, live.id, typeId, 1, `${fan}@example.com`);
    expect((await cancelRequest(t.app, owner, live.id, { reason: 'Late', confirm: 'Long Queue' })).statusCode).toBe(
      200,
    );
    // A budget already spent after each batch of one: every run refunds one order and queues the next.
    const budget = { batchSize: 1, timeBudgetMs: -1 };
    expect(await runRefundJobs(t.app, budget)).toEqual([
      { refunded: 1, failed: 0, continued: true, retryInSeconds: null },
    ]);
    expect((await progressOf(t.app, owner, live.id)).json()).toMatchObject({ orders_refunded: 1, orders_pending: 2 });
    expect((await runRefundJobs(t.app, budget))[0]).toMatchObject({ refunded: 1, continued: true });
    expect((await runRefundJobs(t.app, budget))[0]).toMatchObject({ refunded: 1, continued: true });
    // The last run finds nothing left and closes the cancellation.
    expect(await runRefundJobs(t.app, budget)).toEqual([
      { refunded: 0, failed: 0, continued: false, retryInSeconds: null },
    ]);
    expect((await progressOf(t.app, owner, live.id)).json()).toMatchObject({ state: 'done', orders_refunded: 3 });
    expect(await runRefundJobs(t.app, budget)).toEqual([]);
  });
});

describe('a payment that arrives after the cancellation', () => {
  it('is not sold: the order is refunded in full, no tickets, the cancellation e-mail', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Too Late Now', capacity: 10 });
    const typeId = live.ticket_types[0]!.id;
    const started = await postCheckout(t.app, host, live.id, {
      ...buyer,
      email: 'slowpay@example.com',
      [`qty_${typeId}`]: '2',
    });
    const token = tokenFrom(started.headers.location);
    // The fan is on the provider's page when the organiser cancels.
    const pay = await t.app.inject({
      method: 'POST',
      url: `/checkout/${token}/pay`,
      headers: { host, origin: `http://${host}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(pay.statusCode).toBe(303);
    expect(
      (await cancelRequest(t.app, owner, live.id, { reason: 'Power cut', confirm: 'Too Late Now' })).statusCode,
    ).toBe(200);
    const provider = new URL(String(pay.headers.location));
    const paid = await t.app.inject({
      method: 'POST',
      url: provider.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:3000' },
      payload: form({ card_number: '4242424242424242', card_expiry: '12 / 34', card_cvc: '123', card_name: 'Slow' }),
    });
    expect(paid.statusCode).toBe(303);
    await deliverCheckoutMail(t.app);
    const [row] = await db().select().from(order).where(eq(order.accessToken, token));
    expect(row).toMatchObject({ status: 'refunded', refundedMinor: row!.amountMinor + row!.feeMinor });
    const session = await sessionOf(row!.paymentIntentId!);
    expect(session.amountRefunded).toBe(session.amountTotal);
    expect(await db().select().from(ticket).where(eq(ticket.orderId, row!.id))).toHaveLength(0);
    expect((await db().select().from(event).where(eq(event.id, live.id)))[0]).toMatchObject({ sold: 0, held: 0 });
    const subjects = (await mailTo(t.app, 'slowpay@example.com')).map((mail) => mail.subject);
    expect(subjects).toEqual([`Cancelled: Too Late Now - your order ${row!.code} has been refunded`]);
  });
});

describe('a cancelled event on the storefront', () => {
  it('its page says it is cancelled and offers no form; a checkout is refused', async () => {
    if (!isSandboxPayments(t.app.payments)) throw new Error('the tests run on the sandbox provider');
    const live = await createLiveEvent(t.app, owner, { name: 'Closed Doors' });
    const typeId = live.ticket_types[0]!.id;
    expect((await cancelRequest(t.app, owner, live.id, { reason: 'Sorry', confirm: 'Closed Doors' })).statusCode).toBe(
      200,
    );
    const page = await t.app.inject({ method: 'GET', url: `/events/${live.slug}`, headers: { host } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('This event has been cancelled');
    expect(page.body).not.toContain(`name="qty_${typeId}"`);
    const attempt = await postCheckout(t.app, host, live.id, {
      ...buyer,
      email: 'late@example.com',
      [`qty_${typeId}`]: '1',
    });
    expect(attempt.statusCode).toBe(409);
    expect(attempt.body).toContain('This event has been cancelled');
    expect(await db().select().from(order).where(eq(order.eventId, live.id))).toHaveLength(0);
  });
});
