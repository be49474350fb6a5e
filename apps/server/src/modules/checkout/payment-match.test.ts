// A signed completion pays an order only when it matches it (issue 30, point 6; decision 050): the amount charged
// is the order's total, in the order's currency, made out to the order's organiser. Anything else issues no
// tickets, gives the hold back, puts the order in 'payment_review', refunds the payment once and e-mails the
// organiser once, however often the event is delivered. A second matching payment for an order already paid is
// refunded the same way, the order and its tickets unchanged.
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSandboxPayments } from '../../adapters/payments/sandbox.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { buyer, createLiveEvent, postCheckout, sellingOrganiser, tokenFrom } from '../../../test/checkout-helpers.js';
import type { SignedInUser } from '../../../test/auth-helpers.js';
import { refundRequest } from '../../../test/after-sale-helpers.js';
import {
  event,
  order,
  orderChange,
  organizationSettings,
  sandboxCheckoutSession,
  sandboxRefund,
  ticket,
} from '../../db/schema/index.js';
import type { EventDto } from '@marquee/shared';

let t: TestApp;
let waves: SignedInUser;
let tides: SignedInUser;
let wavesEvent: EventDto;
let tidesEvent: EventDto;
const wavesHost = 'waves.localhost:3000';
const tidesHost = 'tides.localhost:3000';

beforeAll(async () => {
  t = await createTestApp();
  waves = await sellingOrganiser(t.app, 'waves');
  tides = await sellingOrganiser(t.app, 'tides');
  // £10.00 a ticket and an 8% booking fee: a £10.80 order.
  wavesEvent = await createLiveEvent(t.app, waves, { name: 'Wave Night', price: '10.00', capacity: 10 });
  tidesEvent = await createLiveEvent(t.app, tides, { name: 'Tide Night', price: '10.00', capacity: 10 });
});
afterAll(() => t.close());

function sandbox() {
  if (!isSandboxPayments(t.app.payments)) throw new Error('the tests run on the sandbox provider');
  return t.app.payments.sandbox;
}

async function accountOf(user: SignedInUser): Promise<string> {
  const info = (
    await t.app.inject({
      method: 'GET',
      url: '/api/org/info',
      headers: { cookie: user.cookie, origin: 'http://localhost:3000' },
    })
  ).json();
  return info.organization.stripe_account_id as string;
}

/** Holds one ticket and opens the provider's checkout for it, as the fan's Pay button does. */
async function heldOrder(host: string, live: EventDto, email: string) {
  const counters = await countersOf(live.id);
  const started = await postCheckout(t.app, host, live.id, {
    ...buyer,
    email,
    [`qty_${live.ticket_types[0]!.id}`]: '1',
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
  expect(row!.amountMinor + row!.feeMinor).toBe(1080);
  expect(await countersOf(live.id)).toEqual({ sold: counters.sold, held: counters.held + 1 });
  return { token, orderId: row!.id, sessionId: row!.checkoutSessionId!, counters };
}

/** A completed event for a sandbox session, signed as the provider signs it. */
function eventFor(session: typeof sandboxCheckoutSession.$inferSelect) {
  return JSON.stringify({
    id: `evt_test_${randomBytes(8).toString('hex')}`,
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    account: session.accountId,
    data: { object: sandbox().checkoutSessionObject(session) },
  });
}

/**
 * A real, paid provider session that is not the order's own: made out to `accountId` for `amount` in `currency`,
 * carrying `orderId` in its metadata, the way a session of another checkout (or another organiser) would.
 */
async function strayPayment(input: { accountId: string; amount: number; currency: string; orderId: string }) {
  const created = await t.app.payments.createCheckoutSession({
    accountId: input.accountId,
    lineItems: [{ name: 'Something else', unitAmount: input.amount, quantity: 1 }],
    currency: input.currency,
    applicationFeeAmount: 0,
    successUrl: 'http://localhost:3000/ok',
    cancelUrl: 'http://localhost:3000/no',
    metadata: { order_id: input.orderId },
  });
  return (await sandbox().completeCheckout(created.id))!;
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
    text: string;
  }>;

async function reviewMails(user: SignedInUser, code: string) {
  return (await mailTo(user.email)).filter((mail) => mail.subject === `Payment held for review: order ${code}`);
}

async function orderRow(orderId: string) {
  return (await t.database.db.select().from(order).where(eq(order.id, orderId)))[0]!;
}

const sessionRow = async (id: string) =>
  (await t.database.db.select().from(sandboxCheckoutSession).where(eq(sandboxCheckoutSession.id, id)))[0]!;
const refundsOf = (paymentIntentId: string) =>
  t.database.db.select().from(sandboxRefund).where(eq(sandboxRefund.paymentIntentId, paymentIntentId));
const countersOf = async (eventId: string) =>
  (await t.database.db.select({ sold: event.sold, held: event.held }).from(event).where(eq(event.id, eventId)))[0]!;

/** What the fan's order page says (the storefront's HTML). */
async function orderPage(host: string, token: string) {
  const response = await t.app.inject({ method: 'GET', url: `/orders/${token}`, headers: { host } });
  expect(response.statusCode).toBe(200);
  return response.body;
}

/** Everything a mismatched payment leaves behind, as the fan, the organiser and the provider see it. */
async function expectHeldForReview(input: {
  host: string;
  token: string;
  orderId: string;
  live: EventDto;
  organiser: SignedInUser;
  payment: typeof sandboxCheckoutSession.$inferSelect;
  /** The event's counters before the order's hold. */
  counters: { sold: number; held: number };
}) {
  const current = await orderRow(input.orderId);
  expect(current.status).toBe('payment_review');
  expect(current.paidAt).toBeNull();
  expect(await t.database.db.select().from(ticket).where(eq(ticket.orderId, input.orderId))).toHaveLength(0);
  // The hold went back and nothing was sold.
  expect(await countersOf(input.live.id)).toEqual(input.counters);
  // The whole payment went back at the provider, once.
  expect((await sessionRow(input.payment.id)).amountRefunded).toBe(input.payment.amountTotal);
  expect(await refundsOf(input.payment.paymentIntentId!)).toHaveLength(1);
  // The organiser's owners and admins are told, once.
  const mails = await reviewMails(input.organiser, current.code);
  expect(mails).toHaveLength(1);
  expect(mails[0]!.text).toContain('refunded in full');
  // The audit trail has the review and the refund.
  const trail = await t.database.db
    .select({ action: orderChange.action })
    .from(orderChange)
    .where(eq(orderChange.orderId, input.orderId));
  expect(trail.map((entry) => entry.action)).toEqual(
    expect.arrayContaining(['payment_review', 'payment_review_refunded']),
  );
  // The organiser's list shows the state.
  const list = await t.app.inject({
    method: 'GET',
    url: `/api/events/${input.live.id}/orders`,
    headers: { cookie: input.organiser.cookie, origin: 'http://localhost:3000' },
  });
  expect(list.statusCode).toBe(200);
  expect(
    (list.json().orders as Array<{ code: string; status: string }>).find((row) => row.code === current.code)?.status,
  ).toBe('payment_review');
  // The fan's page says what happened.
  const page = await orderPage(input.host, input.token);
  expect(page).toContain('We could not match your payment');
  expect(page).toContain('no tickets were issued and the payment has been refunded in full');
  return current;
}

describe('POST /api/webhooks/stripe - a completion that does not match its order', () => {
  it('a signed event for US$1.00 does not pay a £10.80 order: review, refund, organiser told', async () => {
    const held = await heldOrder(wavesHost, wavesEvent, 'one-dollar@example.com');
    const payment = await strayPayment({
      accountId: await accountOf(waves),
      amount: 100,
      currency: 'usd',
      orderId: held.orderId,
    });
    const response = await deliver(eventFor(payment));
    // Answered 200, so the provider stops retrying: the review is recorded.
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, duplicate: false });
    const current = await expectHeldForReview({
      ...held,
      host: wavesHost,
      live: wavesEvent,
      organiser: waves,
      payment,
    });
    const [mail] = await reviewMails(waves, current.code);
    expect(mail!.text).toContain('the payment was for US$1.00, but the order total is £10.80');
    expect(await mailTo('one-dollar@example.com')).toEqual([]);
  });

  it("an event made out to organiser A's account does not pay organiser B's order", async () => {
    const held = await heldOrder(tidesHost, tidesEvent, 'crossed@example.com');
    // The right amount and currency, but paid to the other organiser.
    const payment = await strayPayment({
      accountId: await accountOf(waves),
      amount: 1080,
      currency: 'gbp',
      orderId: held.orderId,
    });
    expect((await deliver(eventFor(payment))).statusCode).toBe(200);
    const current = await expectHeldForReview({
      ...held,
      host: tidesHost,
      live: tidesEvent,
      organiser: tides,
      payment,
    });
    const [mail] = await reviewMails(tides, current.code);
    expect(mail!.text).toContain('the payment was not made out to your payout account');
    // Never the other organiser's account in the e-mail, and nothing to the other organiser.
    expect(mail!.text).not.toContain(payment.accountId);
    expect(await reviewMails(waves, current.code)).toEqual([]);
  });

  it('an event in another currency for the same amount does not pay the order', async () => {
    const held = await heldOrder(wavesHost, wavesEvent, 'euros@example.com');
    const payment = await strayPayment({
      accountId: await accountOf(waves),
      amount: 1080,
      currency: 'eur',
      orderId: held.orderId,
    });
    expect((await deliver(eventFor(payment))).statusCode).toBe(200);
    const current = await expectHeldForReview({
      ...held,
      host: wavesHost,
      live: wavesEvent,
      organiser: waves,
      payment,
    });
    const [mail] = await reviewMails(waves, current.code);
    expect(mail!.text).toContain('the payment was for €10.80, but the order total is £10.80');
  });

  it('a replayed mismatched event refunds once and e-mails once', async () => {
    const held = await heldOrder(wavesHost, wavesEvent, 'replayed@example.com');
    const payment = await strayPayment({
      accountId: await accountOf(waves),
      amount: 500,
      currency: 'gbp',
      orderId: held.orderId,
    });
    const payload = eventFor(payment);
    expect((await deliver(payload)).json()).toEqual({ received: true, duplicate: false });
    expect((await deliver(payload)).json()).toEqual({ received: true, duplicate: true });
    // The same payment reported again under a new event id: nothing more either.
    const again = JSON.parse(payload) as { id: string };
    again.id = `evt_test_${randomBytes(8).toString('hex')}`;
    expect((await deliver(JSON.stringify(again))).json()).toEqual({ received: true, duplicate: false });
    await expectHeldForReview({ ...held, host: wavesHost, live: wavesEvent, organiser: waves, payment });
    const reviews = await t.database.db
      .select()
      .from(orderChange)
      .where(and(eq(orderChange.orderId, held.orderId), eq(orderChange.action, 'payment_review')));
    expect(reviews).toHaveLength(1);
  });

  it("a payment made out to an account that is no longer the organiser's is held too", async () => {
    const held = await heldOrder(wavesHost, wavesEvent, 'moved@example.com');
    const own = await accountOf(waves);
    const paid = (await sandbox().completeCheckout(held.sessionId))!;
    // The organisation's account on record is no longer the one the session paid.
    await t.database.db
      .update(organizationSettings)
      .set({ stripeAccountId: 'acct_sandbox_elsewhere' })
      .where(eq(organizationSettings.stripeAccountId, own));
    try {
      expect((await deliver(eventFor(paid))).statusCode).toBe(200);
    } finally {
      await t.database.db
        .update(organizationSettings)
        .set({ stripeAccountId: own })
        .where(eq(organizationSettings.stripeAccountId, 'acct_sandbox_elsewhere'));
    }
    await expectHeldForReview({ ...held, host: wavesHost, live: wavesEvent, organiser: waves, payment: paid });
  });
});

describe('POST /api/webhooks/stripe - a stray payment and the order’s own', () => {
  it('the order’s own payment after a stray one still pays it (a late payment)', async () => {
    const held = await heldOrder(wavesHost, wavesEvent, 'stray-then-own@example.com');
    const stray = await strayPayment({
      accountId: await accountOf(waves),
      amount: 100,
      currency: 'usd',
      orderId: held.orderId,
    });
    expect((await deliver(eventFor(stray))).statusCode).toBe(200);
    expect((await orderRow(held.orderId)).status).toBe('payment_review');
    const own = (await sandbox().completeCheckout(held.sessionId))!;
    expect((await deliver(eventFor(own))).statusCode).toBe(200);
    const current = await orderRow(held.orderId);
    expect(current.status).toBe('paid');
    expect(current.paymentIntentId).toBe(own.paymentIntentId);
    expect(await t.database.db.select().from(ticket).where(eq(ticket.orderId, held.orderId))).toHaveLength(1);
    expect(await countersOf(wavesEvent.id)).toEqual({ sold: held.counters.sold + 1, held: held.counters.held });
    // The stray payment went back; the order's own did not.
    expect((await sessionRow(stray.id)).amountRefunded).toBe(100);
    expect((await sessionRow(own.id)).amountRefunded).toBe(0);
  });

  it('a stray payment for an order already paid is refunded and the order stands', async () => {
    const held = await heldOrder(wavesHost, wavesEvent, 'paid-then-stray@example.com');
    const own = (await sandbox().completeCheckout(held.sessionId))!;
    expect((await deliver(eventFor(own))).statusCode).toBe(200);
    const stray = await strayPayment({
      accountId: await accountOf(waves),
      amount: 2000,
      currency: 'gbp',
      orderId: held.orderId,
    });
    expect((await deliver(eventFor(stray))).statusCode).toBe(200);
    const current = await orderRow(held.orderId);
    expect(current.status).toBe('paid');
    expect(current.paymentIntentId).toBe(own.paymentIntentId);
    expect(await t.database.db.select().from(ticket).where(eq(ticket.orderId, held.orderId))).toHaveLength(1);
    expect((await sessionRow(stray.id)).amountRefunded).toBe(2000);
    expect((await sessionRow(own.id)).amountRefunded).toBe(0);
    const mails = await reviewMails(waves, current.code);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('the payment was for £20.00, but the order total is £10.80');
    expect(mails[0]!.text).toContain('The order itself is unchanged.');
  });
});

describe('a fan paying one order twice', () => {
  const ticketsOf = (orderId: string) =>
    t.database.db.select().from(ticket).where(eq(ticket.orderId, orderId)).orderBy(ticket.code);
  const reviewsOf = (orderId: string) =>
    t.database.db
      .select()
      .from(orderChange)
      .where(and(eq(orderChange.orderId, orderId), eq(orderChange.action, 'payment_review')));
  const payOnPage = (sessionId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/sandbox/checkout/${sessionId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        card_number: '4242424242424242',
        card_expiry: '12 / 34',
        card_cvc: '123',
        card_name: 'Fan',
      }).toString(),
    });

  it('the storefront does not let a fan pay twice: two Pay clicks open one checkout, which cannot be paid again', async () => {
    const started = await postCheckout(t.app, wavesHost, wavesEvent.id, {
      ...buyer,
      email: 'two-clicks@example.com',
      [`qty_${wavesEvent.ticket_types[0]!.id}`]: '1',
    });
    const token = tokenFrom(started.headers.location);
    const click = () =>
      t.app.inject({
        method: 'POST',
        url: `/checkout/${token}/pay`,
        headers: {
          host: wavesHost,
          origin: `http://${wavesHost}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: '',
      });
    const [first, second] = await Promise.all([click(), click()]);
    expect(first.statusCode).toBe(303);
    expect(second.headers.location).toBe(first.headers.location);
    const sessionId = new URL(first.headers.location!).pathname.split('/').at(-1)!;
    expect((await t.database.db.select().from(order).where(eq(order.accessToken, token)))[0]!.checkoutSessionId).toBe(
      sessionId,
    );
    expect((await payOnPage(sessionId)).statusCode).toBe(303);
    // The same hosted page again (Back, a second tab): it sends the fan to the return page and takes nothing.
    const again = await payOnPage(sessionId);
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toContain(`/checkout/${token}/return?session_id=${sessionId}`);
    const paid = await sessionRow(sessionId);
    const current = (await t.database.db.select().from(order).where(eq(order.accessToken, token)))[0]!;
    expect(current.status).toBe('paid');
    expect(current.paymentIntentId).toBe(paid.paymentIntentId);
    expect(await ticketsOf(current.id)).toHaveLength(1);
  });

  it('a second matching payment for a paid order is refunded in full; the order, its tickets and the counts stand', async () => {
    const held = await heldOrder(wavesHost, wavesEvent, 'paid-twice@example.com');
    const own = (await sandbox().completeCheckout(held.sessionId))!;
    const ownPayload = eventFor(own);
    expect((await deliver(ownPayload)).statusCode).toBe(200);
    const tickets = await ticketsOf(held.orderId);
    expect(tickets).toHaveLength(1);
    const counters = await countersOf(wavesEvent.id);
    expect(counters).toEqual({ sold: held.counters.sold + 1, held: held.counters.held });

    // Another checkout for the same order, for the same amount to the same account, paid as well.
    const second = await strayPayment({
      accountId: await accountOf(waves),
      amount: 1080,
      currency: 'gbp',
      orderId: held.orderId,
    });
    const payload = eventFor(second);
    expect((await deliver(payload)).json()).toEqual({ received: true, duplicate: false });

    const current = await orderRow(held.orderId);
    expect(current.status).toBe('paid');
    expect(current.paymentIntentId).toBe(own.paymentIntentId);
    expect(current.checkoutSessionId).toBe(own.id);
    expect(await ticketsOf(held.orderId)).toEqual(tickets);
    expect(await countersOf(wavesEvent.id)).toEqual(counters);
    // The second payment went back in full, once; the first was kept.
    expect((await sessionRow(second.id)).amountRefunded).toBe(1080);
    expect(await refundsOf(second.paymentIntentId!)).toHaveLength(1);
    expect(await refundsOf(own.paymentIntentId!)).toHaveLength(0);
    const reviews = await reviewsOf(held.orderId);
    expect(reviews).toHaveLength(1);
    expect(reviews[0]!).toMatchObject({ fromStatus: 'paid', toStatus: 'paid' });
    expect(reviews[0]!.detail).toMatchObject({ reasons: ['duplicate'], payment_intent_id: second.paymentIntentId });
    // The organiser is told once, with the reason.
    const mails = await reviewMails(waves, current.code);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(
      'the order had already been paid by an earlier payment, so this second payment was not needed',
    );
    expect(mails[0]!.text).toContain('The order itself is unchanged.');
    expect(mails[0]!.text).toContain('refunded in full');
    // The fan gets one set of tickets and is told on the order page (where the return page sends them).
    expect(
      (await mailTo('paid-twice@example.com')).filter((mail) => mail.subject.startsWith('Your tickets')),
    ).toHaveLength(1);
    const returned = await t.app.inject({
      method: 'GET',
      url: `/checkout/${held.token}/return?session_id=${second.id}`,
      headers: { host: wavesHost },
    });
    expect(returned.statusCode).toBe(303);
    expect(returned.headers.location).toBe(`/orders/${held.token}`);
    const page = (await orderPage(wavesHost, held.token)).replaceAll('&#x27;', "'");
    expect(page).toContain('We received a second payment for this order');
    expect(page).toContain('so we have refunded the second payment in full');
    expect(page).toContain(tickets[0]!.code);

    // The second payment replayed, and re-sent under a new event id: nothing more.
    expect((await deliver(payload)).json()).toEqual({ received: true, duplicate: true });
    const resent = JSON.parse(payload) as { id: string };
    resent.id = `evt_test_${randomBytes(8).toString('hex')}`;
    expect((await deliver(JSON.stringify(resent))).json()).toEqual({ received: true, duplicate: false });
    // The order's own payment reported again under a new event id: nothing either.
    const ownAgain = JSON.parse(ownPayload) as { id: string };
    ownAgain.id = `evt_test_${randomBytes(8).toString('hex')}`;
    expect((await deliver(JSON.stringify(ownAgain))).json()).toEqual({ received: true, duplicate: false });

    expect(await refundsOf(second.paymentIntentId!)).toHaveLength(1);
    expect(await refundsOf(own.paymentIntentId!)).toHaveLength(0);
    expect(await reviewsOf(held.orderId)).toHaveLength(1);
    expect(await reviewMails(waves, current.code)).toHaveLength(1);
    expect(await orderRow(held.orderId)).toMatchObject({ status: 'paid', paymentIntentId: own.paymentIntentId });
    expect(await ticketsOf(held.orderId)).toEqual(tickets);
    expect(await countersOf(wavesEvent.id)).toEqual(counters);
  });

  it("a paid order's own payment reported again under a new event id changes nothing and refunds nothing", async () => {
    const held = await heldOrder(wavesHost, wavesEvent, 'paid-once@example.com');
    const own = (await sandbox().completeCheckout(held.sessionId))!;
    const payload = eventFor(own);
    expect((await deliver(payload)).statusCode).toBe(200);
    const tickets = await ticketsOf(held.orderId);
    const counters = await countersOf(wavesEvent.id);
    const again = JSON.parse(payload) as { id: string };
    again.id = `evt_test_${randomBytes(8).toString('hex')}`;
    expect((await deliver(JSON.stringify(again))).json()).toEqual({ received: true, duplicate: false });
    expect(await orderRow(held.orderId)).toMatchObject({ status: 'paid', paymentIntentId: own.paymentIntentId });
    expect(await ticketsOf(held.orderId)).toEqual(tickets);
    expect(await countersOf(wavesEvent.id)).toEqual(counters);
    expect(await refundsOf(own.paymentIntentId!)).toHaveLength(0);
    expect(await reviewsOf(held.orderId)).toHaveLength(0);
    expect(await reviewMails(waves, (await orderRow(held.orderId)).code)).toEqual([]);
  });

  it('a second matching payment for an order refunded by the organiser is refunded too; the order stays refunded', async () => {
    const held = await heldOrder(wavesHost, wavesEvent, 'refunded-then-paid@example.com');
    const own = (await sandbox().completeCheckout(held.sessionId))!;
    expect((await deliver(eventFor(own))).statusCode).toBe(200);
    const [only] = await ticketsOf(held.orderId);
    const refunded = await refundRequest(t.app, waves, held.orderId, { ticket_ids: [only!.id], reason: 'Cannot come' });
    expect(refunded.statusCode).toBe(200);
    expect((await orderRow(held.orderId)).status).toBe('refunded');
    const counters = await countersOf(wavesEvent.id);

    const second = await strayPayment({
      accountId: await accountOf(waves),
      amount: 1080,
      currency: 'gbp',
      orderId: held.orderId,
    });
    expect((await deliver(eventFor(second))).statusCode).toBe(200);
    const current = await orderRow(held.orderId);
    expect(current).toMatchObject({ status: 'refunded', paymentIntentId: own.paymentIntentId });
    expect((await ticketsOf(held.orderId)).map((entry) => entry.status)).toEqual(['refunded']);
    expect(await countersOf(wavesEvent.id)).toEqual(counters);
    expect((await sessionRow(second.id)).amountRefunded).toBe(1080);
    expect(await refundsOf(second.paymentIntentId!)).toHaveLength(1);
    const mails = await reviewMails(waves, current.code);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('this second payment was not needed');
  });
});

describe('POST /api/webhooks/stripe - a completion that matches its order', () => {
  it('pays the order once; a replay does nothing and nothing is refunded', async () => {
    const held = await heldOrder(wavesHost, wavesEvent, 'matched@example.com');
    const before = held.counters;
    const paid = (await sandbox().completeCheckout(held.sessionId))!;
    expect(paid.amountTotal).toBe(1080);
    const payload = eventFor(paid);
    expect((await deliver(payload)).json()).toEqual({ received: true, duplicate: false });
    expect((await deliver(payload)).json()).toEqual({ received: true, duplicate: true });
    const current = await orderRow(held.orderId);
    expect(current.status).toBe('paid');
    expect(await t.database.db.select().from(ticket).where(eq(ticket.orderId, held.orderId))).toHaveLength(1);
    expect(await countersOf(wavesEvent.id)).toEqual({ sold: before.sold + 1, held: before.held });
    expect((await sessionRow(paid.id)).amountRefunded).toBe(0);
    expect(await refundsOf(paid.paymentIntentId!)).toHaveLength(0);
    expect(await reviewMails(waves, current.code)).toEqual([]);
    expect(
      (await mailTo('matched@example.com')).filter((mail) => mail.subject.startsWith('Your tickets')),
    ).toHaveLength(1);
    expect(await orderPage(wavesHost, held.token)).not.toContain('We could not match your payment');
  });
});
