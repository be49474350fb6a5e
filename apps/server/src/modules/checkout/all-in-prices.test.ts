// All-in prices and absorbing the booking fee (issue 32 points 1-2, decision 135) through HTTP as the fan and the
// organiser use them: the event page's headline is what the fan pays for one, its breakdown one tap away; the order
// total is on the event page before the fan leaves it, updated by a server round trip ('Update total', or the
// script's fragment) for quantities, add-ons and promo codes, and equal to what the hold then charges. An organiser
// who absorbs the fee: fans pay face value, the fee is still bookingFee()'s and comes out of the payout (the
// provider's application fee, the order, the daily roll-up), and orders sold before keep what they were sold with.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingFee, BOOKING_FEE_TEXT, formatMoney, type EventDto } from '@marquee/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { asBrowser, type SignedInUser } from '../../../test/auth-helpers.js';
import {
  buyer,
  createLiveEvent,
  form,
  payWithCard,
  postCheckout,
  sellingOrganiser,
  tokenFrom,
} from '../../../test/checkout-helpers.js';
import { makeCode } from '../../../test/drop-helpers.js';
import { order, orderLine, salesDaily, sandboxCheckoutSession } from '../../db/schema/index.js';

const host = 'allin.localhost:3000';
let t: TestApp;
let owner: SignedInUser;
let live: EventDto;

const db = () => t.database.db;
const gaOf = (event: EventDto) => event.ticket_types[0]!.id;

const setAbsorb = (eventId: string, payload: Record<string, unknown>, user = owner) =>
  t.app.inject({ method: 'PUT', url: `/api/events/${eventId}/booking-fee`, headers: asBrowser(user), payload });

const postTotal = (slug: string, fields: Record<string, string>, fragment = false) =>
  t.app.inject({
    method: 'POST',
    url: `/events/${slug}/total`,
    headers: {
      host,
      origin: `http://${host}`,
      'content-type': 'application/x-www-form-urlencoded',
      ...(fragment ? { 'x-marquee-fragment': 'total' } : {}),
    },
    payload: form(fields),
  });

async function heldOrder(location: unknown) {
  const token = tokenFrom(location);
  const [held] = await db().select().from(order).where(eq(order.accessToken, token));
  return { token, held: held! };
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await sellingOrganiser(t.app, 'allin');
  // General Admission £20.00: the fan pays £21.60.
  live = await createLiveEvent(t.app, owner, { name: 'All In Night' });
});
afterAll(() => t?.close());

describe('all-in prices on the event page', () => {
  it('heads each ticket with what the fan pays for one, the breakdown one tap away, and an empty total', async () => {
    const page = await t.app.inject({ method: 'GET', url: `/events/${live.slug}`, headers: { host } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<span class="price">£21.60</span>');
    expect(page.body).toContain('<details class="breakdown"><summary>Price breakdown</summary>');
    expect(page.body).toContain('£20.00 ticket + £1.60 booking fee');
    expect(page.body).not.toContain('<span class="price">£20.00</span>');
    expect(page.body).toContain('Choose tickets to see your total.');
    // The share card carries the all-in price too.
    expect(page.body).toContain('Price £21.60 (£20.00 ticket + £1.60 booking fee)');
    // The storefront home lists it all-in.
    const home = await t.app.inject({ method: 'GET', url: '/', headers: { host } });
    expect(home.body).toContain('£21.60 incl. booking fee');
  });

  it("shows the order's total before the fan leaves the page, without JavaScript, with a promo code", async () => {
    await makeCode(t.app, owner, live.id, {
      kind: 'promo',
      code: 'TENOFF',
      discount_kind: 'percent',
      discount_value: '10',
    });
    const fields = { ...buyer, email: 'total@example.com', [`qty_${gaOf(live)}`]: '3' };
    const plain = await postTotal(live.slug, fields);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['cache-control']).toBe('no-store');
    // 3 × £21.60 = £64.80; the form keeps what the fan typed; nothing is held.
    expect(plain.body).toContain('General Admission × 3</td><td class="num">£64.80</td>');
    expect(plain.body).toContain('Total to pay</td><td class="num" data-total-amount="">£64.80</td>');
    expect(plain.body).toContain('Price £60.00 + booking fee £4.80');
    expect(plain.body).toContain('value="total@example.com"');
    expect(await db().select().from(order).where(eq(order.eventId, live.id))).toHaveLength(0);

    // With the code: £18.00 each + £1.44 fee = £19.44; 3 × = £58.32, saving £6.00.
    const coded = await postTotal(live.slug, { ...fields, promo_code: 'TENOFF' });
    expect(coded.body).toContain('Total to pay</td><td class="num" data-total-amount="">£58.32</td>');
    expect(coded.body).toContain('(you save £6.00 with your code)');

    // The script's request gets the total alone: the fragment it swaps in, with the same figures.
    const fragment = await postTotal(live.slug, { ...fields, promo_code: 'TENOFF' }, true);
    expect(fragment.statusCode).toBe(200);
    expect(fragment.body.startsWith('<section id="order-total"')).toBe(true);
    expect(fragment.body).toContain('£58.32');
    expect(fragment.body).not.toContain('<html');

    // The hold charges exactly that total.
    const started = await postCheckout(t.app, host, live.id, { ...fields, promo_code: 'TENOFF' });
    expect(started.statusCode, started.body.slice(0, 300)).toBe(303);
    const { held } = await heldOrder(started.headers.location);
    expect(held.amountMinor + held.feeMinor).toBe(5832);
  });

  it('says why a quantity cannot be had, on the field, and totals nothing for it', async () => {
    const refused = await postTotal(live.slug, { [`qty_${gaOf(live)}`]: '-2' });
    expect(refused.statusCode).toBe(200);
    expect(refused.body).toContain('Choose tickets to see your total.');
    expect(refused.body).toMatch(/<section id="order-total"[\s\S]*<p class="error">[^<]+<\/p>/);
    const tooMany = await postTotal(live.slug, { [`qty_${gaOf(live)}`]: '500' }, true);
    expect(tooMany.body).toMatch(/<p class="error">[^<]+<\/p>/);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/events/no-such-event/total',
      headers: { host, origin: `http://${host}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: form({}),
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses a total posted from another site (Origin checked)', async () => {
    const forged = await t.app.inject({
      method: 'POST',
      url: `/events/${live.slug}/total`,
      headers: { host, origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      payload: form({ [`qty_${gaOf(live)}`]: '1' }),
    });
    expect(forged.statusCode).toBe(403);
  });
});

describe('an organiser who absorbs the booking fee', () => {
  let absorbed: EventDto;
  beforeAll(async () => {
    absorbed = await createLiveEvent(t.app, owner, { name: 'Fee On Us' });
  });

  it('refuses a switch that is not a boolean, extra keys, and other organisations (400, 404)', async () => {
    expect((await setAbsorb(absorbed.id, { absorb_fee: 'yes' })).statusCode).toBe(400);
    expect((await setAbsorb(absorbed.id, { absorb_fee: true, fee_minor: 0 })).statusCode).toBe(400);
    expect((await setAbsorb(absorbed.id, {})).statusCode).toBe(400);
    const stranger = await sellingOrganiser(t.app, 'allin-other');
    const other = await setAbsorb(absorbed.id, { absorb_fee: true }, stranger);
    expect(other.statusCode).toBe(404);
    const unauthenticated = await t.app.inject({
      method: 'PUT',
      url: `/api/events/${absorbed.id}/booking-fee`,
      headers: { origin: 'http://localhost:3000' },
      payload: { absorb_fee: true },
    });
    expect(unauthenticated.statusCode).toBe(401);
  });

  it('sells at face value, keeps the fee out of the payout, and keeps past orders as they were sold', async () => {
    const ga = gaOf(absorbed);
    // Sold before the switch: the fan paid the fee.
    const before = await postCheckout(t.app, host, absorbed.id, {
      ...buyer,
      email: 'early@example.com',
      [`qty_${ga}`]: '1',
    });
    const early = await heldOrder(before.headers.location);
    expect((await payWithCard(t.app, host, early.token)).statusCode).toBe(303);

    const switched = await setAbsorb(absorbed.id, { absorb_fee: true });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json()).toEqual({
      absorb_fee: true,
      orders_before: 1,
      message: `${BOOKING_FEE_TEXT.savedAbsorbed} ${BOOKING_FEE_TEXT.ordersKept(1)}`,
    });
    const event = await t.app.inject({ method: 'GET', url: `/api/events/${absorbed.id}`, headers: asBrowser(owner) });
    expect(event.json().absorb_fee).toBe(true);

    // The event page: £20.00 is what the fan pays.
    const page = await t.app.inject({ method: 'GET', url: `/events/${absorbed.slug}`, headers: { host } });
    expect(page.body).toContain('<span class="price">£20.00</span>');
    expect(page.body).toContain('£20.00 ticket, no booking fee to pay');
    const total = await postTotal(absorbed.slug, { [`qty_${ga}`]: '2' }, true);
    expect(total.body).toContain('£40.00');
    expect(total.body).toContain('no booking fee to pay');

    const started = await postCheckout(t.app, host, absorbed.id, {
      ...buyer,
      email: 'late@example.com',
      [`qty_${ga}`]: '2',
    });
    const late = await heldOrder(started.headers.location);
    const fee = bookingFee(2000, 'GBP');
    expect(late.held).toMatchObject({ amountMinor: 4000, feeMinor: 0, absorbedFeeMinor: 2 * fee });
    const lines = await db().select().from(orderLine).where(eq(orderLine.orderId, late.held.id));
    expect(lines).toEqual([expect.objectContaining({ unitPriceMinor: 2000, unitFeeMinor: 0 })]);
    // The summary shows no booking fee line and the face value as the total.
    const summary = await t.app.inject({ method: 'GET', url: `/checkout/${late.token}`, headers: { host } });
    expect(summary.body).not.toContain('<td>Booking fee</td>');
    expect(summary.body).toContain(formatMoney(4000, 'GBP'));

    // The provider charges the face value; the platform's application fee is the absorbed fee.
    expect((await payWithCard(t.app, host, late.token)).statusCode).toBe(303);
    const [paid] = await db().select().from(order).where(eq(order.id, late.held.id));
    expect(paid!.status).toBe('paid');
    const [session] = await db()
      .select()
      .from(sandboxCheckoutSession)
      .where(eq(sandboxCheckoutSession.paymentIntentId, paid!.paymentIntentId!));
    expect(session).toMatchObject({ amountTotal: 4000, applicationFeeAmount: 2 * fee });
    expect(JSON.stringify(session!.lineItems)).not.toContain('Booking fee');

    // The early order kept its fan-paid fee; the roll-up holds both kinds apart.
    const [kept] = await db().select().from(order).where(eq(order.id, early.held.id));
    expect(kept).toMatchObject({ feeMinor: fee, absorbedFeeMinor: 0 });
    const rollup = await db().select().from(salesDaily).where(eq(salesDaily.eventId, absorbed.id));
    expect(rollup.reduce((sum, row) => sum + row.feeMinor, 0)).toBe(fee);
    expect(rollup.reduce((sum, row) => sum + row.absorbedFeeMinor, 0)).toBe(2 * fee);

    // Billing: the platform's fees count both kinds, and say which part the organiser paid. The owner's other event
    // sold one order with a fan-paid fee too (the first describe block's hold is not paid).
    const stats = (
      await t.app.inject({ method: 'GET', url: '/api/billing/stats', headers: { cookie: owner.cookie } })
    ).json();
    expect(stats.metrics.absorbed_fees.amount).toBe(2 * fee);
    expect(stats.metrics.platform_fees.amount).toBe(3 * fee);

    // The organiser's order detail says what they paid.
    const detail = await t.app.inject({ method: 'GET', url: `/api/orders/${late.held.id}`, headers: asBrowser(owner) });
    expect(detail.json()).toMatchObject({ fee_minor: 0, absorbed_fee_minor: 2 * fee, total_minor: 4000 });

    // Switching back says so, and new orders have fans pay the fee again.
    const back = await setAbsorb(absorbed.id, { absorb_fee: false });
    expect(back.json().message).toBe(`${BOOKING_FEE_TEXT.savedFans} ${BOOKING_FEE_TEXT.ordersKept(2)}`);
    const again = await postCheckout(t.app, host, absorbed.id, {
      ...buyer,
      email: 'again@example.com',
      [`qty_${ga}`]: '1',
    });
    expect((await heldOrder(again.headers.location)).held).toMatchObject({ feeMinor: fee, absorbedFeeMinor: 0 });
  });
});
