// The Stripe adapter against a local fake of Stripe's HTTP API: the exact requests the official SDK sends for
// each call, billing stats computed from Stripe's answers, and webhooks signed with the SDK's own test helper.
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createOrganizationFor, signUpAndVerify, type SignedInUser } from '../../../test/auth-helpers.js';
import { startFakeStripe, type FakeStripe } from '../../../test/fake-stripe.js';
import { assertCanSell, canAcceptPayments } from './payments.service.js';

let fake: FakeStripe;
let t: TestApp;
let owner: SignedInUser;
let other: SignedInUser;
let orgId: string;
let accountId: string;

const billing = 'http://localhost:3000/dashboard/billing';
const WEBHOOK_SECRET = 'whsec_test';

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({
    env: { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: fake.url },
  });
  owner = await signUpAndVerify(t.app);
  other = await signUpAndVerify(t.app);
  orgId = (await createOrganizationFor(t.app, owner, 'acme', 'Acme Events')).id;
  await createOrganizationFor(t.app, other, 'other', 'Other Events');
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const since = (from: number) => fake.requests.slice(from);

describe('Stripe adapter requests', () => {
  it('POST /api/stripe/create-connect-account - creates one Express account, then only account links', async () => {
    const before = fake.requests.length;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/create-connect-account',
      headers: { cookie: owner.cookie, origin: 'http://localhost:3000' },
      payload: { refresh_url: billing, return_url: `${billing}?setup=complete` },
    });
    expect(response.statusCode).toBe(200);
    const [create, link] = since(before);
    expect(create).toMatchObject({
      method: 'POST',
      path: '/v1/accounts',
      authorization: 'Bearer sk_test_x',
      form: {
        type: 'express',
        email: owner.email,
        'business_profile[name]': 'Acme Events',
        'capabilities[card_payments][requested]': 'true',
        'capabilities[transfers][requested]': 'true',
        'metadata[organization_id]': orgId,
      },
    });
    accountId = 'acct_fake0001';
    expect(link).toMatchObject({
      method: 'POST',
      path: '/v1/account_links',
      form: {
        account: accountId,
        refresh_url: billing,
        return_url: `${billing}?setup=complete`,
        type: 'account_onboarding',
      },
    });
    expect(response.json()).toEqual({
      account_link_url: `https://connect.stripe.com/setup/e/${accountId}/fake_onboarding`,
    });

    const second = fake.requests.length;
    await t.app.inject({
      method: 'POST',
      url: '/api/stripe/create-connect-account',
      headers: { cookie: owner.cookie, origin: 'http://localhost:3000' },
      payload: { refresh_url: billing, return_url: billing },
    });
    expect(since(second).map((request) => request.path)).toEqual(['/v1/account_links']);
    const info = (
      await t.app.inject({
        method: 'GET',
        url: '/api/org/info',
        headers: { cookie: owner.cookie, origin: 'http://localhost:3000' },
      })
    ).json();
    expect(info.organization.stripe_account_id).toBe(accountId);
  });

  it('POST /api/stripe/create-login-link - asks Stripe for a login link for the organisation’s account', async () => {
    const before = fake.requests.length;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/create-login-link',
      headers: { cookie: owner.cookie, origin: 'http://localhost:3000' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ url: `https://connect.stripe.com/express/${accountId}/fake_login` });
    expect(since(before)).toEqual([
      expect.objectContaining({ method: 'POST', path: `/v1/accounts/${accountId}/login_links`, form: {} }),
    ]);
  });

  it('checkout sessions carry the application fee and the destination account', async () => {
    const before = fake.requests.length;
    const session = await t.app.payments.createCheckoutSession({
      accountId,
      lineItems: [{ name: 'General admission', unitAmount: 1000, quantity: 2 }],
      currency: 'GBP',
      applicationFeeAmount: 160,
      successUrl: 'http://acme.localhost:3000/orders/o_1?paid=1',
      cancelUrl: 'http://acme.localhost:3000/events/1',
      metadata: { order_id: 'o_1' },
      customerEmail: 'fan@example.com',
    });
    expect(session).toEqual({ id: 'cs_test_fake1', url: 'https://checkout.stripe.com/c/pay/cs_test_fake1' });
    const [request] = since(before);
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v1/checkout/sessions');
    expect(request?.form).toEqual({
      mode: 'payment',
      'line_items[0][quantity]': '2',
      'line_items[0][price_data][currency]': 'gbp',
      'line_items[0][price_data][unit_amount]': '1000',
      'line_items[0][price_data][product_data][name]': 'General admission',
      'payment_intent_data[application_fee_amount]': '160',
      'payment_intent_data[transfer_data][destination]': accountId,
      'payment_intent_data[metadata][order_id]': 'o_1',
      success_url: 'http://acme.localhost:3000/orders/o_1?paid=1',
      cancel_url: 'http://acme.localhost:3000/events/1',
      'metadata[order_id]': 'o_1',
      customer_email: 'fan@example.com',
    });
  });

  it('refunds reverse the transfer and the application fee', async () => {
    const before = fake.requests.length;
    expect(await t.app.payments.createRefund({ paymentIntentId: 'pi_123', amount: 1080 })).toEqual({
      id: 're_fake1',
      status: 'succeeded',
      amount: 1080,
    });
    await t.app.payments.createRefund({ paymentIntentId: 'pi_456' });
    expect(since(before).map(({ method, path, form }) => ({ method, path, form }))).toEqual([
      {
        method: 'POST',
        path: '/v1/refunds',
        form: { payment_intent: 'pi_123', amount: '1080', refund_application_fee: 'true', reverse_transfer: 'true' },
      },
      {
        method: 'POST',
        path: '/v1/refunds',
        form: { payment_intent: 'pi_456', refund_application_fee: 'true', reverse_transfer: 'true' },
      },
    ]);
  });
});

describe('GET /api/billing/stats with Stripe', () => {
  it('reads balance, payouts and bank account on the connected account', async () => {
    const now = Math.floor(Date.now() / 1000);
    const day = 24 * 60 * 60;
    fake.balance = {
      available: [
        { amount: 1500, currency: 'gbp' },
        { amount: 999, currency: 'usd' },
      ],
      pending: [{ amount: 2500, currency: 'gbp' }],
    };
    fake.payouts = [
      {
        id: 'po_3',
        amount: 3000,
        currency: 'gbp',
        status: 'in_transit',
        arrival_date: now + 2 * day,
        created: now - day,
      },
      {
        id: 'po_2',
        amount: 10000,
        currency: 'gbp',
        status: 'paid',
        arrival_date: now - 5 * day,
        created: now - 6 * day,
      },
      {
        id: 'po_1',
        amount: 5000,
        currency: 'gbp',
        status: 'paid',
        arrival_date: now - 40 * day,
        created: now - 41 * day,
      },
      {
        id: 'po_0',
        amount: 700,
        currency: 'gbp',
        status: 'failed',
        arrival_date: now - 3 * day,
        created: now - 4 * day,
      },
    ];
    const before = fake.requests.length;
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/billing/stats',
      headers: { cookie: owner.cookie, origin: 'http://localhost:3000' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      metrics: {
        total_revenue: { amount: 0, currency: 'GBP', trend: 0 },
        pending_payouts: { amount: 1500 + 2500 + 3000, currency: 'GBP', trend: 0 },
        completed_payouts: { amount: 10000, currency: 'GBP', trend: 100, count: 1 },
        platform_fees: { amount: 0, currency: 'GBP', trend: 0 },
        absorbed_fees: { amount: 0, currency: 'GBP', trend: 0 },
      },
      payout_details: {
        schedule: { interval: 'weekly', day: 'monday' },
        next_payout: { arrival_date: now + 2 * day, amount: 3000, currency: 'GBP' },
        bank_account: { last4: '6789', bank_name: 'STRIPE TEST BANK' },
        stripe_account_id: accountId,
      },
    });
    const calls = since(before);
    expect(calls.find((call) => call.path === '/v1/balance')?.stripeAccount).toBe(accountId);
    expect(calls.find((call) => call.path.startsWith('/v1/payouts'))?.stripeAccount).toBe(accountId);
    expect(calls.map((call) => call.path.split('?')[0]).sort()).toEqual(
      ['/v1/balance', '/v1/payouts', `/v1/accounts/${accountId}`, `/v1/accounts/${accountId}/external_accounts`].sort(),
    );
  });

  it('organisation B cannot read A’s stats nor mint A’s links', async () => {
    const stats = (
      await t.app.inject({
        method: 'GET',
        url: '/api/billing/stats',
        headers: { cookie: other.cookie, origin: 'http://localhost:3000' },
      })
    ).json();
    expect(stats.payout_details.stripe_account_id).toBeNull();
    expect(stats.metrics.pending_payouts.amount).toBe(0);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/create-login-link',
      headers: { cookie: other.cookie, origin: 'http://localhost:3000' },
    });
    expect(login.statusCode).toBe(409);
    const before = fake.requests.length;
    await t.app.inject({
      method: 'POST',
      url: '/api/stripe/create-connect-account',
      headers: { cookie: other.cookie, origin: 'http://localhost:3000' },
      payload: { refresh_url: billing, return_url: billing },
    });
    const [create, link] = since(before);
    expect(create?.path).toBe('/v1/accounts');
    expect(link?.form.account).toBe('acct_fake0002');
  });
});

describe('POST /api/webhooks/stripe', () => {
  let created = Math.floor(Date.now() / 1000) - 1000;
  const accountEvent = (id: string, chargesEnabled: boolean, at: number) => ({
    id,
    object: 'event',
    type: 'account.updated',
    created: at,
    livemode: false,
    account: accountId,
    data: {
      object: {
        id: accountId,
        object: 'account',
        charges_enabled: chargesEnabled,
        payouts_enabled: chargesEnabled,
        details_submitted: true,
        settings: { payouts: { schedule: { interval: 'daily', delay_days: 7 } } },
      },
    },
  });
  // Pretty-printed on purpose: the signature must be checked on the exact bytes, not on re-serialised JSON.
  const deliver = (event: unknown, secret = WEBHOOK_SECRET) => {
    const payload = JSON.stringify(event, null, 2);
    return t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }),
      },
      payload,
    });
  };

  it('400 for a bad signature, and nothing changes', async () => {
    const response = await deliver(accountEvent('evt_bad', true, created), 'whsec_wrong');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'BAD_REQUEST', message: 'Invalid webhook signature' } });
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(accountEvent('evt_bad2', true, created)),
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await canAcceptPayments(t.database.db, orgId)).toBe(false);
    await expect(assertCanSell(t.database.db, orgId)).rejects.toMatchObject({
      code: 'PAYOUTS_NOT_ENABLED',
      statusCode: 409,
      message: 'Enable payouts to publish events and to start receiving ticket sales.',
    });
  });

  it('account.updated enabling charges lets the organisation sell', async () => {
    const response = await deliver(accountEvent('evt_1', true, created));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, duplicate: false });
    await expect(assertCanSell(t.database.db, orgId)).resolves.toBeUndefined();
  });

  it('the same event delivered twice changes nothing the second time', async () => {
    // Meanwhile a newer event turned charges off; replaying evt_1 must not turn them back on.
    expect((await deliver(accountEvent('evt_2', false, created + 10))).json()).toEqual({
      received: true,
      duplicate: false,
    });
    expect(await canAcceptPayments(t.database.db, orgId)).toBe(false);
    const replay = await deliver(accountEvent('evt_2', false, created + 10));
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    const replayOld = await deliver(accountEvent('evt_1', true, created));
    expect(replayOld.json()).toEqual({ received: true, duplicate: true });
    expect(await canAcceptPayments(t.database.db, orgId)).toBe(false);
  });

  it('an older event arriving after a newer one does not roll the flags back', async () => {
    created += 100;
    expect((await deliver(accountEvent('evt_new', true, created + 50))).statusCode).toBe(200);
    expect(await canAcceptPayments(t.database.db, orgId)).toBe(true);
    const late = await deliver(accountEvent('evt_old', false, created + 20));
    expect(late.json()).toEqual({ received: true, duplicate: false });
    expect(await canAcceptPayments(t.database.db, orgId)).toBe(true);
  });

  it('an event for another platform account is recorded and ignored', async () => {
    const stranger = { ...accountEvent('evt_stranger', true, created), account: 'acct_unknown' };
    stranger.data.object.id = 'acct_unknown';
    expect((await deliver(stranger)).json()).toEqual({ received: true, duplicate: false });
  });
});
