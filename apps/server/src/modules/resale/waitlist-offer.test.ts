// A waiting-list offer's page (decision 035): the offer is a hold made for an e-mail only, so before Pay its page
// asks what the event page's checkout asks (name, optional phone, country, the age tick, the organiser's terms,
// the optional marketing consent), as a plain form; the server refuses to start the payment of an offer without
// them, with a clear message, and stores them on the order when given.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_MESSAGES } from '@marquee/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import type { SignedInUser } from '../../../test/auth-helpers.js';
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
import { refundRequest } from '../../../test/after-sale-helpers.js';
import { order, sandboxCheckoutSession, ticket, waitlistEntry } from '../../db/schema/index.js';
import { OFFER_DETAILS_MESSAGE } from './waitlist-offer.js';

let t: TestApp;
let owner: SignedInUser;
const host = 'offerpage.localhost:3000';

beforeAll(async () => {
  t = await createTestApp();
  owner = await sellingOrganiser(t.app, 'offerpage');
});
afterAll(() => t.close());

const db = () => t.database.db;
const pay = (token: string, fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: `/checkout/${token}/pay`,
    headers: { host, origin: `http://${host}`, 'content-type': 'application/x-www-form-urlencoded' },
    payload: form(fields),
  });
// The offer page's errors are React's (buyer-fields.tsx), which writes an apostrophe as &#x27;.
const escaped = (text: string) => text.replace(/'/g, '&#x27;');

async function offerFor(name: string, input: Record<string, unknown>) {
  const live = await createLiveEvent(t.app, owner, { name, capacity: 1, ...input });
  const typeId = live.ticket_types[0]!.id;
  const started = await postCheckout(t.app, host, live.id, {
    ...buyer,
    email: `${live.slug}-first@example.com`,
    age_confirmed: 'yes',
    terms_accepted: 'yes',
    [`qty_${typeId}`]: '1',
  });
  expect(started.statusCode).toBe(303);
  expect((await payWithCard(t.app, host, tokenFrom(started.headers.location))).statusCode).toBe(303);
  const [first] = await db()
    .select()
    .from(order)
    .where(eq(order.accessToken, tokenFrom(started.headers.location)));
  const joined = await t.app.inject({
    method: 'POST',
    url: `/events/${live.slug}/waitlist`,
    headers: { host, origin: `http://${host}`, 'content-type': 'application/x-www-form-urlencoded' },
    remoteAddress: fanIp(),
    payload: form({ email: 'offered@example.com', quantity: '1', type: '' }),
  });
  expect(joined.statusCode).toBe(303);
  const [sold] = await db().select().from(ticket).where(eq(ticket.orderId, first!.id));
  await refundRequest(t.app, owner, first!.id, { ticket_ids: [sold!.id], reason: 'Cannot come' });
  await t.app.waitlist.deliverQueued();
  const [entry] = await db().select().from(waitlistEntry).where(eq(waitlistEntry.eventId, live.id));
  const [offer] = await db().select().from(order).where(eq(order.id, entry!.offerOrderId!));
  return offer!;
}

describe('the offer page', () => {
  it("asks the checkout form's details, refuses to pay without them, and stores them", async () => {
    const offer = await offerFor('Ask Me First', {
      minimum_age: 18,
      terms_of_service: 'No refunds after the doors open.',
    });
    expect(offer).toMatchObject({ status: 'pending', firstName: '', lastName: '' });
    const page = await t.app.inject({ method: 'GET', url: `/checkout/${offer.accessToken}`, headers: { host } });
    expect(page.statusCode).toBe(200);
    for (const field of ['first_name', 'last_name', 'phone', 'country', 'age_confirmed', 'terms_accepted'])
      expect(page.body).toContain(`name="${field}"`);
    expect(page.body).toContain('name="marketing_consent"');
    expect(page.body).toContain('No refunds after the doors open.');
    expect(page.body).toContain('offered@example.com');
    expect(page.body).not.toContain('name="email"');
    // The details are inside the Pay form itself: one plain form, no script needed.
    expect(page.body).toMatch(
      /<form [^>]*action="\/checkout\/[^"]+\/pay"[^>]*>[\s\S]*name="first_name"[\s\S]*<button type="submit">Pay/,
    );

    // Pay without details (an old page, or a hand-made request): refused, nothing started at the provider.
    const bare = await pay(offer.accessToken, {});
    expect(bare.statusCode).toBe(400);
    expect(bare.body).toContain(OFFER_DETAILS_MESSAGE);
    expect(bare.body).toContain(CHECKOUT_MESSAGES.firstNameRequired);
    expect(bare.body).toContain(escaped(CHECKOUT_MESSAGES.termsRequired));
    expect(bare.body).toContain(CHECKOUT_MESSAGES.ageRequired(18));
    const half = await pay(offer.accessToken, { first_name: 'Wanda', last_name: 'Waits', country: 'GB' });
    expect(half.statusCode).toBe(400);
    expect(half.body).toContain('value="Wanda"');
    expect((await pay(offer.accessToken, { first_name: 'x\u0001', last_name: 'W', country: 'GB' })).statusCode).toBe(
      400,
    );
    const untouched = (await db().select().from(order).where(eq(order.id, offer.id)))[0]!;
    expect(untouched).toMatchObject({ firstName: '', checkoutSessionId: null });
    const sessions = await db().select().from(sandboxCheckoutSession);
    expect(sessions.filter((session) => JSON.stringify(session.metadata).includes(offer.id))).toEqual([]);

    const paid = await payWithCard(t.app, host, offer.accessToken, undefined, {
      first_name: ' Wanda ',
      last_name: 'Waits',
      phone: '+44 20 7946 0000',
      country: 'IE',
      age_confirmed: 'yes',
      terms_accepted: 'yes',
      marketing_consent: 'yes',
    });
    expect(paid.statusCode).toBe(303);
    const stored = (await db().select().from(order).where(eq(order.id, offer.id)))[0]!;
    expect(stored).toMatchObject({
      status: 'paid',
      firstName: 'Wanda',
      lastName: 'Waits',
      phone: '+44 20 7946 0000',
      country: 'IE',
      marketingConsent: true,
    });
    const [own] = await db().select().from(ticket).where(eq(ticket.orderId, offer.id));
    expect(own!.holderName).toBe('Wanda Waits');
  });

  it('asks no age or terms when the event has none; an ordinary order pays as before', async () => {
    const offer = await offerFor('Plain Offer', {});
    const page = await t.app.inject({ method: 'GET', url: `/checkout/${offer.accessToken}`, headers: { host } });
    expect(page.body).toContain('name="first_name"');
    expect(page.body).not.toContain('name="age_confirmed"');
    expect(page.body).not.toContain('name="terms_accepted"');
    expect(
      (await payWithCard(t.app, host, offer.accessToken, undefined, { first_name: 'A', last_name: 'B', country: 'GB' }))
        .statusCode,
    ).toBe(303);
  });
});
