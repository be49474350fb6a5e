// Payment matching (decision 050) with Stripe (a local fake of its HTTP API). Checkout uses destination charges,
// so a completed session arrives as a platform event with no `account`: the account paid is read from the
// session's payment intent (its transfer destination). A payment made out to another account is refunded with
// the transfer reversed and our fee given back; a refund that fails at Stripe is retried by the periodic job. Once
// paid, Stripe's fee is read from the charge's balance transaction (decision 141): recorded as the platform's (a
// destination charge), never off the organiser's payout; one settled in another currency is left not reported.
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createOrganizationFor, signUpAndVerify, type SignedInUser } from '../../../test/auth-helpers.js';
import { buyer, createLiveEvent, postCheckout, tokenFrom } from '../../../test/checkout-helpers.js';
import { startFakeStripe, type FakeStripe } from '../../../test/fake-stripe.js';
import { order, orderChange, ticket } from '../../db/schema/index.js';
import { retryPendingRefunds } from './notifications.js';
import { recordProviderFee } from './provider-fee.js';
import { settlementForEvent } from '../reports/settlement.service.js';
import type { EventDto } from '@marquee/shared';

const WEBHOOK_SECRET = 'whsec_test';
const host = 'striped.localhost:3000';
let fake: FakeStripe;
let t: TestApp;
let owner: SignedInUser;
let accountId: string;
let live: EventDto;

/** Delivers a signed event, then lets the mail lane do what the sale left it (decision 146). */
const deliver = async (event: unknown) => {
  const payload = JSON.stringify(event);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
    payload,
  });
  await t.app.mailLane.idle();
  return response;
};

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({
    env: { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: fake.url },
  });
  owner = await signUpAndVerify(t.app);
  await createOrganizationFor(t.app, owner, 'striped', 'Striped Events');
  const headers = { cookie: owner.cookie, origin: 'http://localhost:3000' };
  const billing = 'http://localhost:3000/dashboard/billing';
  await t.app.inject({
    method: 'POST',
    url: '/api/stripe/create-connect-account',
    headers,
    payload: { refresh_url: billing, return_url: billing },
  });
  accountId = (await t.app.inject({ method: 'GET', url: '/api/org/info', headers })).json().organization
    .stripe_account_id as string;
  const enabled = await deliver({
    id: `evt_${randomBytes(6).toString('hex')}`,
    object: 'event',
    type: 'account.updated',
    created: Math.floor(Date.now() / 1000),
    account: accountId,
    data: { object: { id: accountId, object: 'account', charges_enabled: true, payouts_enabled: true } },
  });
  expect(enabled.statusCode).toBe(200);
  live = await createLiveEvent(t.app, owner, { name: 'Striped Night', price: '10.00', capacity: 10 });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

/** A held order whose Pay button made a Stripe checkout session (destination: the organiser's account). */
async function heldOrder(email: string) {
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
  return row!;
}

/** checkout.session.completed as Stripe sends it for a destination charge: a platform event, no `account`. */
const completed = (sessionId: string, orderId: string, paymentIntent: string) => ({
  id: `evt_${randomBytes(6).toString('hex')}`,
  object: 'event',
  type: 'checkout.session.completed',
  created: Math.floor(Date.now() / 1000),
  livemode: false,
  data: {
    object: {
      id: sessionId,
      object: 'checkout.session',
      payment_status: 'paid',
      status: 'complete',
      amount_total: 1080,
      currency: 'gbp',
      payment_intent: paymentIntent,
      metadata: { order_id: orderId },
    },
  },
});

const refundRequests = (from: number, paymentIntent: string) =>
  fake.requests
    .slice(from)
    .filter((request) => request.path === '/v1/refunds' && request.form.payment_intent === paymentIntent);

describe('checkout.session.completed from Stripe', () => {
  it('a payment whose transfer goes to another account is held for review and refunded (retried after a failure)', async () => {
    const held = await heldOrder('elsewhere@example.com');
    fake.paymentIntents.set('pi_elsewhere', { transferDestination: 'acct_someone_else' });
    fake.refundFailures.set('pi_elsewhere', 1);
    const before = fake.requests.length;

    const response = await deliver(completed(held.checkoutSessionId!, held.id, 'pi_elsewhere'));
    expect(response.statusCode).toBe(200);
    expect(fake.requests.slice(before).some((request) => request.path === '/v1/payment_intents/pi_elsewhere')).toBe(
      true,
    );
    const [current] = await t.database.db.select().from(order).where(eq(order.id, held.id));
    expect(current!.status).toBe('payment_review');
    expect(await t.database.db.select().from(ticket).where(eq(ticket.orderId, held.id))).toHaveLength(0);
    // Stripe refused the first refund: nothing recorded as refunded yet, the organiser not yet told.
    expect(refundRequests(before, 'pi_elsewhere')).toHaveLength(1);
    const actions = async () =>
      (
        await t.database.db
          .select({ action: orderChange.action })
          .from(orderChange)
          .where(eq(orderChange.orderId, held.id))
      ).map((entry) => entry.action);
    expect(await actions()).not.toContain('payment_review_refunded');

    // The periodic retry refunds it: the whole payment, the transfer reversed, our fee back, keyed by the payment.
    await retryPendingRefunds(t.database.db, t.app.checkout.notifier);
    await t.app.checkout.notifier.deliverQueued();
    const refunds = refundRequests(before, 'pi_elsewhere');
    expect(refunds).toHaveLength(2);
    expect(refunds[1]).toMatchObject({
      idempotencyKey: 'marquee-review-pi_elsewhere',
      form: { payment_intent: 'pi_elsewhere', refund_application_fee: 'true', reverse_transfer: 'true' },
    });
    expect(await actions()).toContain('payment_review_refunded');
    const mails = (
      await t.app.inject({ method: 'GET', url: `/api/dev/mail?to=${encodeURIComponent(owner.email)}` })
    ).json() as Array<{ subject: string; text: string }>;
    const review = mails.filter((mail) => mail.subject === `Payment held for review: order ${current!.code}`);
    expect(review).toHaveLength(1);
    expect(review[0]!.text).toContain('the payment was not made out to your payout account');

    // Nothing more on the next round.
    const after = fake.requests.length;
    await retryPendingRefunds(t.database.db, t.app.checkout.notifier);
    expect(refundRequests(after, 'pi_elsewhere')).toHaveLength(0);
  });

  it('a second payment for an order already paid is refunded at Stripe; the order and its ticket stand', async () => {
    const held = await heldOrder('paid-twice-striped@example.com');
    fake.paymentIntents.set('pi_first', { transferDestination: accountId });
    fake.paymentIntents.set('pi_second', { transferDestination: accountId });
    const first = completed(held.checkoutSessionId!, held.id, 'pi_first');
    expect((await deliver(first)).statusCode).toBe(200);
    const [ticketRow] = await t.database.db.select().from(ticket).where(eq(ticket.orderId, held.id));
    const before = fake.requests.length;

    // Another checkout session for the same order, for the same amount, paid to the same account.
    const second = completed(`cs_second_${randomBytes(6).toString('hex')}`, held.id, 'pi_second');
    expect((await deliver(second)).statusCode).toBe(200);
    const [current] = await t.database.db.select().from(order).where(eq(order.id, held.id));
    expect(current).toMatchObject({ status: 'paid', paymentIntentId: 'pi_first' });
    expect(await t.database.db.select().from(ticket).where(eq(ticket.orderId, held.id))).toEqual([ticketRow]);
    const refunds = refundRequests(before, 'pi_second');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({
      idempotencyKey: 'marquee-review-pi_second',
      form: { payment_intent: 'pi_second', refund_application_fee: 'true', reverse_transfer: 'true' },
    });

    // Re-sent under a new event id, and the first payment again: no more refunds, and never of the first.
    await deliver({ ...second, id: `evt_${randomBytes(6).toString('hex')}` });
    await deliver({ ...first, id: `evt_${randomBytes(6).toString('hex')}` });
    expect(refundRequests(before, 'pi_second')).toHaveLength(1);
    expect(refundRequests(0, 'pi_first')).toHaveLength(0);
    const mails = (
      await t.app.inject({ method: 'GET', url: `/api/dev/mail?to=${encodeURIComponent(owner.email)}` })
    ).json() as Array<{ subject: string; text: string }>;
    const review = mails.filter((mail) => mail.subject === `Payment held for review: order ${current!.code}`);
    expect(review).toHaveLength(1);
    expect(review[0]!.text).toContain('so this second payment was not needed');
  });

  it("a payment whose transfer goes to the organiser's account pays the order", async () => {
    const held = await heldOrder('striped-fan@example.com');
    fake.paymentIntents.set('pi_right', { transferDestination: accountId });
    const before = fake.requests.length;
    expect((await deliver(completed(held.checkoutSessionId!, held.id, 'pi_right'))).statusCode).toBe(200);
    const [current] = await t.database.db.select().from(order).where(eq(order.id, held.id));
    expect(current!.status).toBe('paid');
    expect(await t.database.db.select().from(ticket).where(eq(ticket.orderId, held.id))).toHaveLength(1);
    expect(refundRequests(before, 'pi_right')).toHaveLength(0);
  });
});

describe("Stripe's fee on a paid order (decision 141)", () => {
  const feeOf = async (orderId: string) =>
    (
      await t.database.db
        .select({ fee: order.providerFeeMinor, payer: order.providerFeePayer })
        .from(order)
        .where(eq(order.id, orderId))
    )[0];

  it("is read after the sale from the charge's balance transaction and kept as the platform's", async () => {
    const held = await heldOrder('fee-fan@example.com');
    fake.paymentIntents.set('pi_fee', { transferDestination: accountId, charge: { fee: 46, currency: 'gbp' } });
    const before = fake.requests.length;
    expect((await deliver(completed(held.checkoutSessionId!, held.id, 'pi_fee'))).statusCode).toBe(200);
    expect(await feeOf(held.id)).toEqual({ fee: 46, payer: 'platform' });
    // Asked on the platform (a destination charge is the platform's), the balance transaction expanded.
    const asked = fake.requests
      .slice(before)
      .filter((request) => request.path.startsWith('/v1/payment_intents/pi_fee'));
    expect(asked.some((request) => request.path.includes('latest_charge.balance_transaction'))).toBe(true);
    expect(asked.every((request) => request.stripeAccount === undefined)).toBe(true);
    const report = await settlementForEvent(t.database.db, held.organizationId, live.id);
    const gbp = report.currencies[0]!;
    expect(gbp.platform_provider_fee_minor).toBeGreaterThanOrEqual(46);
    expect(gbp.provider_fee_minor).toBe(0);
    // Stripe's fee is the platform's: the payout is the sales less refunds and absorbed fees only.
    expect(gbp.payout_minor).toBe(gbp.sales_minor - gbp.refunded_minor - gbp.absorbed_fee_minor - gbp.door_net_minor);
  });

  it('a fee settled in another currency is not recorded; an unsettled charge fails the job until Stripe settles it', async () => {
    const other = await heldOrder('fee-euro@example.com');
    fake.paymentIntents.set('pi_fee_eur', { transferDestination: accountId, charge: { fee: 51, currency: 'eur' } });
    expect((await deliver(completed(other.checkoutSessionId!, other.id, 'pi_fee_eur'))).statusCode).toBe(200);
    expect(await feeOf(other.id)).toEqual({ fee: null, payer: null });
    const payments = t.app.payments;
    const job = { orderId: other.id, organizationId: other.organizationId };
    expect(await recordProviderFee({ db: t.database.db, payments }, job)).toBe('other_currency');

    const later = await heldOrder('fee-later@example.com');
    fake.paymentIntents.set('pi_fee_later', { transferDestination: accountId, charge: 'unsettled' });
    expect((await deliver(completed(later.checkoutSessionId!, later.id, 'pi_fee_later'))).statusCode).toBe(200);
    const laterJob = { orderId: later.id, organizationId: later.organizationId };
    await expect(recordProviderFee({ db: t.database.db, payments }, laterJob)).rejects.toThrow(/not settled/);
    expect(await feeOf(later.id)).toEqual({ fee: null, payer: null });
    const report = await settlementForEvent(t.database.db, later.organizationId, live.id);
    expect(report.currencies[0]!.provider_fee_unreported_orders).toBeGreaterThanOrEqual(2);

    fake.paymentIntents.set('pi_fee_later', { transferDestination: accountId, charge: { fee: 33, currency: 'gbp' } });
    expect(await recordProviderFee({ db: t.database.db, payments }, laterJob)).toBe('recorded');
    expect(await feeOf(later.id)).toEqual({ fee: 33, payer: 'platform' });
    // Recorded once: asked again, nothing changes and Stripe is not asked.
    const before = fake.requests.length;
    expect(await recordProviderFee({ db: t.database.db, payments }, laterJob)).toBe('already');
    expect(fake.requests.length).toBe(before);
  });
});
