// Pay what you want (issue 31 point 5, decision 133) through HTTP as the organiser and the fan use it, on PGlite and
// (with TEST_DATABASE_URL) on PostgreSQL: the ticket types API sets a minimum and a suggested price and refuses bad
// ones; the event page's form offers an amount field prefilled with the suggested price; every bad amount is a 400
// on that field with the form's values kept and nothing held; a good amount is the order line's price, its booking
// fee bookingFee() of it, and every reader downstream (summary, the provider's amount, the webhook's match, order
// page, e-mail, PDF, refund, analytics) follows; an amount of 0 on a donation-style type is a free order.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingFee,
  formatMoney,
  FREE_MESSAGES,
  PWYW_MESSAGES,
  TICKET_TYPE_MESSAGES,
  ticketPriceTooHighMessage,
  type EventDto,
  type TicketTypeDto,
} from '@marquee/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { asBrowser, type SignedInUser } from '../../../test/auth-helpers.js';
import {
  buyer,
  createLiveEvent,
  liveEventInput,
  payWithCard,
  postCheckout,
  sellingOrganiser,
  tokenFrom,
} from '../../../test/checkout-helpers.js';
import { orderPage, refundRequest, runAfterSaleJobs } from '../../../test/after-sale-helpers.js';
import { makeCode } from '../../../test/drop-helpers.js';
import { deliverCheckoutMail, mailTo } from '../../../test/cancellation-helpers.js';
import { readPdf } from '../../../test/pdf-text.js';
import { CONTROL_CHARACTER_MESSAGE } from '../../lib/control-characters.js';
import { event, order, orderLine, sandboxCheckoutSession, sandboxRefund, ticket } from '../../db/schema/index.js';

const host = 'pwyw.localhost:3000';

let t: TestApp;
let owner: SignedInUser;
let live: EventDto;
/** £5.00 minimum, £12.00 suggested. */
let pwyw: TicketTypeDto;
/** Donation-style: £0 minimum, £3.00 suggested. */
let donation: TicketTypeDto;

const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: asBrowser(owner),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const db = () => t.database.db;
const ordersOf = (eventId: string) => db().select().from(order).where(eq(order.eventId, eventId));
const counters = async (eventId: string) =>
  (await db().select({ sold: event.sold, held: event.held }).from(event).where(eq(event.id, eventId)))[0]!;

async function addType(body: Record<string, unknown>) {
  const created = await api('POST', `/api/events/${live.id}/ticket-types`, body);
  expect(created.statusCode, created.body).toBe(201);
  return created.json() as TicketTypeDto;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await sellingOrganiser(t.app, 'pwyw');
  live = await createLiveEvent(t.app, owner, { name: 'Pay As You Feel Night' });
  pwyw = await addType({ name: 'Supporter', pay_what_you_want: true, minimum_price: '5', price: '12.00' });
  donation = await addType({ name: 'Donation', pay_what_you_want: true, minimum_price: '0', price: '3.00' });
});
afterAll(() => t?.close());

describe('the ticket types API', () => {
  it('stores the suggested price as the price and the minimum beside it; PUT turns it off again', async () => {
    expect(pwyw).toMatchObject({ price_minor: 1200, minimum_price_minor: 500, currency: 'GBP' });
    expect(donation).toMatchObject({ price_minor: 300, minimum_price_minor: 0 });
    // A fixed-price type has no minimum.
    expect(live.ticket_types[0]).toMatchObject({ price_minor: 2000, minimum_price_minor: null });
    const extra = await addType({ name: 'Extra', pay_what_you_want: true, minimum_price: '1.50', price: '1.50' });
    expect(extra).toMatchObject({ price_minor: 150, minimum_price_minor: 150 });
    const fixed = await api('PUT', `/api/events/${live.id}/ticket-types/${extra.id}`, { name: 'Extra', price: '9' });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json()).toMatchObject({ price_minor: 900, minimum_price_minor: null });
  });

  it('keeps the minimum when the wizard saves a price that covers it; a lower price makes the type fixed', async () => {
    const created = await api('POST', '/api/events', { ...liveEventInput, name: 'Wizard PWYW' });
    const draft = created.json() as EventDto;
    const general = draft.ticket_types[0]!;
    const made = await api('PUT', `/api/events/${draft.id}/ticket-types/${general.id}`, {
      name: general.name,
      pay_what_you_want: true,
      minimum_price: '5',
      price: '20',
    });
    expect(made.json()).toMatchObject({ price_minor: 2000, minimum_price_minor: 500 });
    const kept = await api('PUT', `/api/events/${draft.id}`, { price: '8.00' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().ticket_types[0]).toMatchObject({ price_minor: 800, minimum_price_minor: 500 });
    const lowered = await api('PUT', `/api/events/${draft.id}`, { price: '4.00' });
    expect(lowered.statusCode, lowered.body).toBe(200);
    expect(lowered.json().ticket_types[0]).toMatchObject({ price_minor: 400, minimum_price_minor: null });
  });

  it.each([
    [
      'a suggested price below the minimum',
      { minimum_price: '5.00', price: '4.99' },
      'price',
      PWYW_MESSAGES.suggestedBelowMinimum,
    ],
    ['no suggested price', { minimum_price: '5.00', price: '' }, 'price', PWYW_MESSAGES.suggestedRequired],
    ['a suggested price of 0', { minimum_price: '0', price: '0' }, 'price', PWYW_MESSAGES.suggestedRequired],
    ['no minimum', { minimum_price: '', price: '12.00' }, 'minimum_price', PWYW_MESSAGES.minimumRequired],
    [
      'a negative minimum',
      { minimum_price: '-1', price: '12.00' },
      'minimum_price',
      'Minimum price must be a number with at most two decimals',
    ],
    [
      'a minimum with three decimals',
      { minimum_price: '1.005', price: '12.00' },
      'minimum_price',
      'Minimum price must be a number with at most two decimals',
    ],
    [
      'a minimum with a control character',
      { minimum_price: '1\u0000', price: '12.00' },
      'minimum_price',
      CONTROL_CHARACTER_MESSAGE,
    ],
    [
      'a minimum above the price maximum',
      { minimum_price: '100000.01', price: '100000.01' },
      'minimum_price',
      ticketPriceTooHighMessage('GBP'),
    ],
    [
      'a suggested price above the maximum',
      { minimum_price: '1', price: '100000.01' },
      'price',
      ticketPriceTooHighMessage('GBP'),
    ],
    [
      'free and pay what you want at once',
      { free: true, minimum_price: '0', price: '' },
      'pay_what_you_want',
      PWYW_MESSAGES.freeAndPwyw,
    ],
  ])('refuses %s with a 400 on the field', async (_name, body, path, message) => {
    const refused = await api('POST', `/api/events/${live.id}/ticket-types`, {
      name: 'Bad',
      pay_what_you_want: true,
      ...body,
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().error.fields).toContainEqual({ path, message });
  });

  it('respects the currency: JPY minimums have no decimals; a sent booking fee is refused', async () => {
    const yen = await createLiveEvent(t.app, owner, { name: 'Yen Night', currency: 'JPY', price: '2000' });
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/events/${yen.id}/ticket-types`,
      headers: asBrowser(owner),
      payload: { name: 'Yen PWYW', pay_what_you_want: true, minimum_price: '500.5', price: '1000' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toContainEqual({
      path: 'minimum_price',
      message: TICKET_TYPE_MESSAGES.jpyDecimals,
    });
    const fee = await api('POST', `/api/events/${live.id}/ticket-types`, {
      name: 'Fee',
      pay_what_you_want: true,
      minimum_price: '1',
      price: '5',
      booking_fee: 0,
    });
    expect(fee.statusCode).toBe(400);
    expect(fee.json().error.message).toBe(FREE_MESSAGES.feeFromClient);
  });
});

describe("the fan's checkout", () => {
  it('offers an amount field prefilled with the suggested price and labelled with the minimum', async () => {
    const page = await t.app.inject({ method: 'GET', url: `/events/${live.slug}`, headers: { host } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<label for="amount-${pwyw.id}">Pay what you want, at least £5.00</label>`);
    expect(page.body).toMatch(new RegExp(`id="amount-${pwyw.id}"[^>]*name="amount_${pwyw.id}" value="12.00"`));
    expect(page.body).toContain(`<label for="amount-${donation.id}">Pay what you want</label>`);
    // A fixed-price type has none.
    expect(page.body).not.toContain(`amount_${live.ticket_types[0]!.id}`);
  });

  it.each([
    ['below the minimum', '4.99', PWYW_MESSAGES.amountBelowMinimum(500, 'GBP')],
    ['not a number', 'five', PWYW_MESSAGES.amountNotNumber('GBP')],
    ['with a currency symbol', '£7', PWYW_MESSAGES.amountNotNumber('GBP')],
    ['negative', '-7', PWYW_MESSAGES.amountNotNumber('GBP')],
    ['with too many decimals', '7.505', PWYW_MESSAGES.amountDecimals('GBP')],
    ['oversized', '9'.repeat(39), PWYW_MESSAGES.amountTooHigh('GBP')],
    ['above the price maximum', '100000.01', PWYW_MESSAGES.amountTooHigh('GBP')],
    ['empty', '', PWYW_MESSAGES.amountRequired],
  ])('refuses an amount %s: 400 on the field, values kept, nothing held', async (_name, amount, message) => {
    const before = (await ordersOf(live.id)).length;
    const refused = await postCheckout(t.app, host, live.id, {
      ...buyer,
      email: 'kept@example.com',
      [`qty_${pwyw.id}`]: '2',
      [`amount_${pwyw.id}`]: amount,
    });
    expect(refused.statusCode).toBe(400);
    const field = `amount:${pwyw.id}`;
    expect(refused.body).toContain(`<p class="error" id="${field}-error">${message.replace(/'/g, '&#x27;')}</p>`);
    expect(refused.body).toMatch(
      new RegExp(`id="amount-${pwyw.id}"[^>]*aria-invalid="true" aria-describedby="${field}-error"`),
    );
    // The form keeps what was typed and the rest of the fan's details.
    expect(refused.body).toContain(`name="amount_${pwyw.id}" value="${amount.replace('£', '£')}"`);
    expect(refused.body).toContain('value="kept@example.com"');
    expect(refused.body).toMatch(new RegExp(`name="qty_${pwyw.id}" value="2"`));
    expect((await ordersOf(live.id)).length).toBe(before);
    expect((await counters(live.id)).held).toBe(0);
  });

  it('refuses an amount with a control character as every field is refused (400), nothing held', async () => {
    const before = (await ordersOf(live.id)).length;
    const refused = await postCheckout(t.app, host, live.id, {
      ...buyer,
      [`qty_${pwyw.id}`]: '1',
      [`amount_${pwyw.id}`]: '7\u0007',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Something is wrong with that request');
    expect((await ordersOf(live.id)).length).toBe(before);
    expect((await counters(live.id)).held).toBe(0);
  });

  it('prices the order line at the chosen amount, the fee from bookingFee(), and every reader follows it', async () => {
    const amount = 750;
    const fee = bookingFee(amount, 'GBP');
    const started = await postCheckout(t.app, host, live.id, {
      ...buyer,
      email: 'generous@example.com',
      [`qty_${pwyw.id}`]: '2',
      [`amount_${pwyw.id}`]: ' 7.5 ',
    });
    expect(started.statusCode, started.body.slice(0, 300)).toBe(303);
    const token = tokenFrom(started.headers.location);
    const [held] = await db().select().from(order).where(eq(order.accessToken, token));
    expect(held).toMatchObject({ status: 'pending', amountMinor: 2 * amount, feeMinor: 2 * fee });
    const lines = await db().select().from(orderLine).where(eq(orderLine.orderId, held!.id));
    expect(lines).toEqual([
      expect.objectContaining({ ticketTypeId: pwyw.id, quantity: 2, unitPriceMinor: amount, unitFeeMinor: fee }),
    ]);

    // The summary page.
    const summary = await t.app.inject({ method: 'GET', url: `/checkout/${token}`, headers: { host } });
    expect(summary.body).toContain(`Supporter × 2</td><td class="num">${formatMoney(2 * amount, 'GBP')}`);
    expect(summary.body).toContain(formatMoney(2 * (amount + fee), 'GBP'));

    // The provider is asked for that amount and its webhook's payment matches the order.
    const paid = await payWithCard(t.app, host, token);
    expect(paid.statusCode).toBe(303);
    const [after] = await db().select().from(order).where(eq(order.id, held!.id));
    expect(after!.status).toBe('paid');
    const [session] = await db()
      .select()
      .from(sandboxCheckoutSession)
      .where(eq(sandboxCheckoutSession.paymentIntentId, after!.paymentIntentId!));
    expect(session!.amountTotal).toBe(2 * (amount + fee));

    // The order page, the confirmation e-mail and the tickets' PDF.
    const fanPage = await orderPage(t.app, host, token);
    expect(fanPage.body).toContain(formatMoney(2 * (amount + fee), 'GBP'));
    await deliverCheckoutMail(t.app);
    const [mail] = await mailTo(t.app, 'generous@example.com');
    expect(mail!.text).toContain(formatMoney(2 * amount, 'GBP'));
    expect(mail!.text).toContain(formatMoney(2 * fee, 'GBP'));
    const pdf = await t.app.inject({ method: 'GET', url: `/orders/${token}/tickets.pdf`, headers: { host } });
    expect(pdf.statusCode).toBe(200);
    expect((await readPdf(pdf.rawPayload)).pages.join('\n')).toContain('Supporter');

    // Analytics revenue counts the chosen amount.
    const summaryCards = await t.app.inject({
      method: 'GET',
      url: `/api/analytics/summary?period=custom&from=${new Date().toISOString().slice(0, 10)}&to=${new Date().toISOString().slice(0, 10)}&event_id=${live.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(summaryCards.statusCode, summaryCards.body).toBe(200);
    expect(summaryCards.json().cards.total_revenue).toEqual([
      expect.objectContaining({ currency: 'GBP', value: 2 * amount }),
    ]);

    // A refund of one ticket gives back that ticket's chosen price.
    const [one] = await db().select().from(ticket).where(eq(ticket.orderId, held!.id));
    const refund = await refundRequest(t.app, owner, held!.id, { ticket_ids: [one!.id], reason: 'Cannot come' });
    expect(refund.statusCode, refund.body).toBe(200);
    await runAfterSaleJobs(t.app);
    const refunds = await db()
      .select()
      .from(sandboxRefund)
      .where(eq(sandboxRefund.paymentIntentId, after!.paymentIntentId!));
    expect(refunds.map((row) => row.amount)).toEqual([amount]);
  });

  it("lists an event whose first type is pay what you want with its minimum on the storefront's home", async () => {
    const listed = await createLiveEvent(t.app, owner, { name: 'Donations Welcome' });
    const general = listed.ticket_types[0]!;
    const made = await api('PUT', `/api/events/${listed.id}/ticket-types/${general.id}`, {
      name: general.name,
      pay_what_you_want: true,
      minimum_price: '2.50',
      price: '10',
    });
    expect(made.statusCode, made.body).toBe(200);
    const home = await t.app.inject({ method: 'GET', url: '/', headers: { host } });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('Donations Welcome');
    expect(home.body).toContain('Pay what you want, at least £2.50');
  });

  it('never reads an amount sent for a fixed-price type', async () => {
    const general = live.ticket_types[0]!;
    const started = await postCheckout(t.app, host, live.id, {
      ...buyer,
      email: 'cheeky@example.com',
      [`qty_${general.id}`]: '1',
      [`amount_${general.id}`]: '0.01',
    });
    expect(started.statusCode).toBe(303);
    const [held] = await db()
      .select()
      .from(order)
      .where(eq(order.accessToken, tokenFrom(started.headers.location)));
    expect(held).toMatchObject({ amountMinor: 2000, feeMinor: bookingFee(2000, 'GBP') });
  });

  it('makes 0 on a donation-style type a free order, confirmed at once without the provider', async () => {
    const started = await postCheckout(t.app, host, live.id, {
      ...buyer,
      email: 'skint@example.com',
      [`qty_${donation.id}`]: '1',
      [`amount_${donation.id}`]: '0',
    });
    expect(started.statusCode).toBe(303);
    const location = String(started.headers.location);
    expect(location).toMatch(/^\/orders\//);
    const [confirmed] = await db().select().from(order).where(eq(order.customerEmail, 'skint@example.com'));
    expect(confirmed).toMatchObject({ status: 'paid', amountMinor: 0, feeMinor: 0, paymentIntentId: null });
    // The donation's minimum of 0 is no licence for a negative amount.
    const negative = await postCheckout(t.app, host, live.id, {
      ...buyer,
      email: 'negative@example.com',
      [`qty_${donation.id}`]: '1',
      [`amount_${donation.id}`]: '-1',
    });
    expect(negative.statusCode).toBe(400);
  });

  it('takes a promo code off the amount the fan chose, the fee following the discounted amount', async () => {
    await makeCode(t.app, owner, live.id, {
      kind: 'promo',
      code: 'HALFPWYW',
      discount_kind: 'percent',
      discount_value: '50',
    });
    const started = await postCheckout(t.app, host, live.id, {
      ...buyer,
      email: 'coded-pwyw@example.com',
      [`qty_${pwyw.id}`]: '1',
      [`amount_${pwyw.id}`]: '9.00',
      promo_code: 'HALFPWYW',
    });
    expect(started.statusCode, started.body.slice(0, 300)).toBe(303);
    const [held] = await db()
      .select()
      .from(order)
      .where(eq(order.accessToken, tokenFrom(started.headers.location)));
    expect(held).toMatchObject({ amountMinor: 450, feeMinor: bookingFee(450, 'GBP'), discountMinor: 450 });
  });
});
