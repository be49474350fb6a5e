// The PRO plan on Stripe Billing, against a fake of Stripe's HTTP API: subscribing opens a Checkout Session in
// subscription mode at PRO's monthly price, with the organisation on the session and its subscription; Stripe's
// signed platform events (their own secret) start, cancel, fail and end the plan; cancelling asks Stripe and the
// plan changes only when Stripe's event says so.
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { startFakeStripe, type FakeStripe } from '../../../test/fake-stripe.js';
import { ownerWithOrganization } from '../../../test/team-helpers.js';
import { invoicesOf, planOf, planPost } from '../../../test/pro-plan-helpers.js';
import { endLapsedPlans } from './plan-period-end.js';

const BILLING_SECRET = 'whsec_billing_test';
const CONNECT_SECRET = 'whsec_connect_test';

let fake: FakeStripe;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: CONNECT_SECRET,
      STRIPE_BILLING_WEBHOOK_SECRET: BILLING_SECRET,
      STRIPE_API_URL: fake.url,
      PRO_MONTHLY_PRICE: '3500',
      PRO_CURRENCY: 'eur',
    },
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const now = Math.floor(Date.now() / 1000);
const END = now + 30 * 86_400;
let counter = 0;

const event = (type: string, object: Record<string, unknown>) => ({
  id: `evt_fake_${++counter}`,
  object: 'event',
  api_version: '2025-10-29.clover',
  type,
  created: now,
  livemode: false,
  data: { object },
});

const deliver = (body: unknown, secret = BILLING_SECRET) => {
  const payload = JSON.stringify(body, null, 2);
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe-billing',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }),
    },
    payload,
  });
};

const invoice = (org: string, paid: boolean, extra: Record<string, unknown> = {}) => ({
  id: `in_fake_${++counter}`,
  object: 'invoice',
  customer: 'cus_fake1',
  amount_paid: paid ? 3500 : 0,
  amount_due: 3500,
  currency: 'eur',
  created: now,
  status: paid ? 'paid' : 'open',
  parent: {
    type: 'subscription_details',
    subscription_details: { subscription: 'sub_fake1', metadata: { organization_id: org } },
  },
  lines: { object: 'list', data: [{ object: 'line_item', period: { start: now, end: END } }] },
  ...extra,
});

const subscription = (org: string, fields: Record<string, unknown>) => ({
  id: 'sub_fake1',
  object: 'subscription',
  customer: 'cus_fake1',
  status: 'active',
  cancel_at_period_end: false,
  metadata: { organization_id: org },
  items: {
    object: 'list',
    data: [
      {
        object: 'subscription_item',
        current_period_start: now,
        current_period_end: END,
        price: { object: 'price', unit_amount: 3500, currency: 'eur', recurring: { interval: 'month' } },
      },
    ],
  },
  ...fields,
});

describe('PRO on Stripe Billing', () => {
  it('checks out in subscription mode, and Stripe’s events start, cancel and end the plan', async () => {
    const { owner, organization } = await ownerWithOrganization(t.app, 'stripepro');
    const started = await planPost(t.app, owner, 'subscribe');
    expect(started.statusCode).toBe(200);
    expect(started.json().url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    const sent = fake.requests.filter((request) => request.path === '/v1/checkout/sessions').at(-1)!;
    expect(sent.form).toMatchObject({
      mode: 'subscription',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '3500',
      'line_items[0][price_data][recurring][interval]': 'month',
      'subscription_data[metadata][organization_id]': organization.id,
      'metadata[organization_id]': organization.id,
      success_url: `${t.config.appUrl}/dashboard/billing?plan=subscribed`,
      customer_email: owner.email,
    });
    // Returning from Checkout is no payment: only the signed events are.
    expect((await planOf(t.app, owner)).pro).toBe(false);

    // Signed with the Connect endpoint's secret: refused here.
    expect((await deliver(event('invoice.paid', invoice(organization.id, true)), CONNECT_SECRET)).statusCode).toBe(400);
    expect((await planOf(t.app, owner)).pro).toBe(false);

    const checkout = {
      id: 'cs_fake1',
      object: 'checkout.session',
      mode: 'subscription',
      payment_status: 'paid',
      customer: 'cus_fake1',
      subscription: 'sub_fake1',
      amount_total: 3500,
      currency: 'eur',
      metadata: { organization_id: organization.id },
    };
    expect((await deliver(event('checkout.session.completed', checkout))).statusCode).toBe(200);
    expect((await deliver(event('invoice.paid', invoice(organization.id, true)))).statusCode).toBe(200);
    const plan = await planOf(t.app, owner);
    expect(plan).toMatchObject({ pro: true, status: 'active', cancel_at_period_end: false });
    expect(plan.current_period_end).toBe(new Date(END * 1000).toISOString());
    expect(plan.price).toEqual({ amount: 3500, currency: 'EUR', interval: 'month' });

    // Cancelling asks Stripe; the plan says so once Stripe's event arrives.
    expect((await planPost(t.app, owner, 'cancel')).statusCode).toBe(200);
    const update = fake.requests.filter((request) => request.path === '/v1/subscriptions/sub_fake1').at(-1)!;
    expect(update.form).toEqual({ cancel_at_period_end: 'true' });
    expect((await planOf(t.app, owner)).cancel_at_period_end).toBe(false);
    await deliver(
      event('customer.subscription.updated', subscription(organization.id, { cancel_at_period_end: true })),
    );
    expect((await planOf(t.app, owner)).cancel_at_period_end).toBe(true);

    // A renewal that fails: past due (still PRO until the period ends), the failed invoice listed.
    await deliver(event('invoice.payment_failed', invoice(organization.id, false)));
    expect(await planOf(t.app, owner)).toMatchObject({ pro: true, status: 'past_due' });
    expect((await invoicesOf(t.app, owner)).map((row) => row.status).sort()).toEqual(['failed', 'paid']);

    await deliver(event('customer.subscription.deleted', subscription(organization.id, { status: 'canceled' })));
    expect(await planOf(t.app, owner)).toMatchObject({ pro: false, status: 'ended' });
  });

  it('ends an unpaid plan at its period end, and brings it back when Stripe’s retry of the renewal is paid', async () => {
    const { owner, organization } = await ownerWithOrganization(t.app, 'striperetry');
    const ids = {
      customer: 'cus_retry',
      parent: { subscription_details: { subscription: 'sub_retry', metadata: { organization_id: organization.id } } },
    };
    await deliver(event('invoice.paid', invoice(organization.id, true, ids)));
    await deliver(event('invoice.payment_failed', invoice(organization.id, false, ids)));
    const ended = await endLapsedPlans(
      { db: t.database.db, mailer: t.app.mailer, appUrl: t.config.appUrl },
      new Date((END + 60) * 1000),
    );
    expect(ended.ended).toBe(1);
    expect(await planOf(t.app, owner)).toMatchObject({ pro: false, status: 'ended' });
    const next = { object: 'list', data: [{ object: 'line_item', period: { start: END, end: END + 30 * 86_400 } }] };
    await deliver(event('invoice.paid', invoice(organization.id, true, { ...ids, lines: next })));
    expect(await planOf(t.app, owner)).toMatchObject({ pro: true, status: 'active' });
  });

  it('ignores an invoice at another price or in another currency', async () => {
    const { owner, organization } = await ownerWithOrganization(t.app, 'stripecheap');
    await deliver(event('invoice.paid', invoice(organization.id, true, { amount_paid: 2900 })));
    await deliver(event('invoice.paid', invoice(organization.id, true, { currency: 'gbp' })));
    expect((await planOf(t.app, owner)).pro).toBe(false);
    expect(await invoicesOf(t.app, owner)).toEqual([]);
  });
});
