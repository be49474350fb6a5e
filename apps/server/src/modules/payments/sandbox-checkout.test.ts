// The sandbox's hosted checkout: Stripe's test cards pay or decline with Stripe's messages, a payment delivers
// checkout.session.completed through the webhook handler once, and refunds take from what was paid.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createOrganizationFor, signUpAndVerify, type SignedInUser } from '../../../test/auth-helpers.js';
import { paymentEvent } from '../../db/schema/index.js';
import { enablePayouts } from '../../../test/checkout-helpers.js';

let t: TestApp;
let owner: SignedInUser;
let accountId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUpAndVerify(t.app);
  await createOrganizationFor(t.app, owner, 'acme', 'Acme Events');
  await enablePayouts(t.app, owner);
  const info = (
    await t.app.inject({
      method: 'GET',
      url: '/api/org/info',
      headers: { cookie: owner.cookie, origin: 'http://localhost:3000' },
    })
  ).json();
  accountId = info.organization.stripe_account_id;
});
afterAll(() => t.close());

const startCheckout = () =>
  t.app.payments.createCheckoutSession({
    accountId,
    lineItems: [
      { name: 'General admission', unitAmount: 1000, quantity: 2 },
      { name: 'Booking fee (8%)', unitAmount: 160, quantity: 1 },
    ],
    currency: 'GBP',
    applicationFeeAmount: 160,
    successUrl: 'http://acme.localhost:3000/orders/o_1?session={CHECKOUT_SESSION_ID}',
    cancelUrl: 'http://acme.localhost:3000/events/1',
    metadata: { order_id: 'o_1' },
    customerEmail: 'fan@example.com',
  });
const pay = (id: string, card: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: `/sandbox/checkout/${id}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ card_expiry: '12 / 34', card_cvc: '123', card_name: 'Fan', ...card }).toString(),
  });

describe('sandbox checkout page', () => {
  it('GET shows the items and total, labelled sandbox, and lets the form lead back to the storefront', async () => {
    const session = await startCheckout();
    expect(session.url).toBe(`http://localhost:3000/sandbox/checkout/${session.id}`);
    const page = await t.app.inject({ method: 'GET', url: `/sandbox/checkout/${session.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('SANDBOX — no real money moves');
    expect(page.body).toContain('General admission × 2');
    expect(page.body).toContain('Pay £21.60');
    expect(page.headers['content-security-policy']).toContain("form-action 'self' http://acme.localhost:3000");
  });

  it.each([
    ['4000000000000002', 'card_declined'],
    ['4000000000009995', 'insufficient_funds'],
  ])('declines %s, sends the fan back to the merchant with reason %s, and takes no payment', async (card, reason) => {
    const session = await startCheckout();
    const response = await pay(session.id, { card_number: card });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`http://acme.localhost:3000/events/1?payment=declined&reason=${reason}`);
    const again = await t.app.inject({ method: 'GET', url: `/sandbox/checkout/${session.id}` });
    expect(again.statusCode).toBe(200);
  });

  it('reports a mistyped number, a past expiry and a missing CVC against their fields', async () => {
    const session = await startCheckout();
    const response = await pay(session.id, {
      card_number: '4242 4242 4242 4241',
      card_expiry: '01 / 20',
      card_cvc: '',
    });
    expect(response.statusCode).toBe(402);
    const text = response.body.replaceAll('&#x27;', "'");
    expect(text).toContain('Your card number is invalid.');
    expect(text).toContain("Your card's expiration year is in the past.");
    expect(text).toContain("Your card's security code is incomplete.");
  });

  it('pays with 4242 4242 4242 4242: redirects to success_url, delivers checkout.session.completed once', async () => {
    const session = await startCheckout();
    const response = await pay(session.id, { card_number: '4242 4242 4242 4242' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`http://acme.localhost:3000/orders/o_1?session=${session.id}`);
    const again = await pay(session.id, { card_number: '4242424242424242' });
    expect(again.statusCode).toBe(303);
    const events = await t.database.db
      .select()
      .from(paymentEvent)
      .where(eq(paymentEvent.type, 'checkout.session.completed'));
    const mine = events.filter(
      (event) => (event.payload as { data: { object: { id: string } } }).data.object.id === session.id,
    );
    expect(mine).toHaveLength(1);
    const object = (mine[0]?.payload as { data: { object: Record<string, unknown> } }).data.object;
    expect(object).toMatchObject({
      payment_status: 'paid',
      amount_total: 2160,
      currency: 'gbp',
      metadata: { order_id: 'o_1' },
      customer_email: 'fan@example.com',
    });
    expect(mine[0]?.processedAt).not.toBeNull();

    // Refunds: part, then the rest, then nothing is left.
    const paymentIntentId = String(object.payment_intent);
    expect(await t.app.payments.createRefund({ paymentIntentId, amount: 1000 })).toMatchObject({
      status: 'succeeded',
      amount: 1000,
    });
    expect(await t.app.payments.createRefund({ paymentIntentId })).toMatchObject({ amount: 1160 });
    // Nothing is left: a full refund asked again (a retry) is already done; a partial one is refused.
    expect(await t.app.payments.createRefund({ paymentIntentId })).toMatchObject({ amount: 0 });
    await expect(t.app.payments.createRefund({ paymentIntentId, amount: 1 })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expect(t.app.payments.createRefund({ paymentIntentId: 'pi_sandbox_unknown' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('accepts Stripe’s other success test cards', async () => {
    for (const card of ['5555555555554444', '378282246310005', '4000056655665556']) {
      const session = await startCheckout();
      expect(
        (await pay(session.id, { card_number: card, card_cvc: card.startsWith('37') ? '1234' : '123' })).statusCode,
        card,
      ).toBe(303);
    }
  });

  it('404 for an unknown session', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/sandbox/checkout/cs_sandbox_${'0'.repeat(32)}` });
    expect(response.statusCode).toBe(404);
  });
});
