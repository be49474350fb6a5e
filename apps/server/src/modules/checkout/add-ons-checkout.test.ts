// Add-ons through the fan's checkout (issue 31 point 4, decision 134), over HTTP on PGlite and (with
// TEST_DATABASE_URL) PostgreSQL: the event page offers them with the tickets; a good choice is held from the add-on's
// own stock with the tickets, priced with the one fee function, shown on the summary and charged by the provider;
// paying sells it, an expired hold gives it back, the refund of the order's last ticket gives its price back and its
// stock; bad quantities, an add-on without a ticket, an unknown add-on and one that ran out are refused on the form
// with nothing held.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADD_ON_MESSAGES, bookingFee, formatMoney, type AddOnDto, type EventDto } from '@marquee/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { asBrowser, type SignedInUser } from '../../../test/auth-helpers.js';
import {
  buyer,
  createLiveEvent,
  payWithCard,
  postCheckout,
  sellingOrganiser,
  tokenFrom,
} from '../../../test/checkout-helpers.js';
import { orderPage, refundRequest, runAfterSaleJobs } from '../../../test/after-sale-helpers.js';
import { readPdf } from '../../../test/pdf-text.js';
import { addOn, order, orderAddOn, sandboxCheckoutSession, ticket } from '../../db/schema/index.js';
import { releaseExpiredHolds } from '../stock/stock.js';

const host = 'addons.localhost:3000';

let t: TestApp;
let owner: SignedInUser;
let live: EventDto;
let shirt: AddOnDto;
let parking: AddOnDto;

const db = () => t.database.db;
const stock = async (id: string) =>
  (await db().select({ sold: addOn.sold, held: addOn.held }).from(addOn).where(eq(addOn.id, id)))[0]!;

async function makeAddOn(body: Record<string, unknown>) {
  const made = await t.app.inject({
    method: 'POST',
    url: `/api/events/${live.id}/add-ons`,
    headers: asBrowser(owner),
    payload: body,
  });
  expect(made.statusCode, made.body).toBe(201);
  return made.json() as AddOnDto;
}

const general = () => live.ticket_types[0]!.id;
const checkout = (email: string, fields: Record<string, string>) =>
  postCheckout(t.app, host, live.id, { ...buyer, email, ...fields });

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '100' } });
  owner = await sellingOrganiser(t.app, 'addons');
  live = await createLiveEvent(t.app, owner, { name: 'Merch Night' });
  shirt = await makeAddOn({
    name: 'T-shirt',
    description: 'Tour shirt, pick your size at the door',
    price: '15.00',
    capacity: 3,
    max_per_order: 2,
  });
  parking = await makeAddOn({ name: 'Parking', price: '5', capacity: null });
});
afterAll(() => t?.close());

describe('the event page', () => {
  it('offers each add-on with its price, booking fee and a labelled quantity', async () => {
    const page = await t.app.inject({ method: 'GET', url: `/events/${live.slug}`, headers: { host } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h2 id="add-ons-title">Add-ons</h2>');
    expect(page.body).toContain('T-shirt');
    expect(page.body).toContain('Tour shirt, pick your size at the door');
    expect(page.body).toContain(`+ ${formatMoney(bookingFee(1500, 'GBP'), 'GBP')} booking fee`);
    expect(page.body).toContain(`<label class="sr" for="addon-${shirt.id}">Quantity of T-shirt</label>`);
    expect(page.body).toContain(`name="addon_${shirt.id}"`);
    expect(page.body).toContain('Only 3 left');
  });
});

describe('a checkout with add-ons', () => {
  it('holds them from their stock with the tickets, prices them with the fee function, and paying sells them', async () => {
    const started = await checkout('shirts@example.com', {
      [`qty_${general()}`]: '2',
      [`addon_${shirt.id}`]: '2',
      [`addon_${parking.id}`]: '1',
    });
    expect(started.statusCode, started.body.slice(0, 400)).toBe(303);
    const token = tokenFrom(started.headers.location);
    const [held] = await db().select().from(order).where(eq(order.accessToken, token));
    const amount = 2 * 2000 + 2 * 1500 + 500;
    const fee = 2 * bookingFee(2000, 'GBP') + 2 * bookingFee(1500, 'GBP') + bookingFee(500, 'GBP');
    expect(held).toMatchObject({ status: 'pending', quantity: 2, amountMinor: amount, feeMinor: fee });
    const lines = await db().select().from(orderAddOn).where(eq(orderAddOn.orderId, held!.id));
    expect(lines.map((line) => [line.name, line.quantity, line.unitPriceMinor, line.unitFeeMinor]).sort()).toEqual([
      ['Parking', 1, 500, bookingFee(500, 'GBP')],
      ['T-shirt', 2, 1500, bookingFee(1500, 'GBP')],
    ]);
    expect(await stock(shirt.id)).toEqual({ sold: 0, held: 2 });

    const summary = await t.app.inject({ method: 'GET', url: `/checkout/${token}`, headers: { host } });
    expect(summary.body).toContain(`T-shirt × 2</td><td class="num">${formatMoney(3000, 'GBP')}`);
    expect(summary.body).toContain(`Parking × 1</td><td class="num">${formatMoney(500, 'GBP')}`);
    expect(summary.body).toContain(formatMoney(amount + fee, 'GBP'));

    const paid = await payWithCard(t.app, host, token);
    expect(paid.statusCode).toBe(303);
    const [after] = await db().select().from(order).where(eq(order.id, held!.id));
    expect(after!.status).toBe('paid');
    const [session] = await db()
      .select()
      .from(sandboxCheckoutSession)
      .where(eq(sandboxCheckoutSession.paymentIntentId, after!.paymentIntentId!));
    expect(session!.amountTotal).toBe(amount + fee);
    expect(await stock(shirt.id)).toEqual({ sold: 2, held: 0 });
    expect(await stock(parking.id)).toEqual({ sold: 1, held: 0 });
    // The fan's order page and tickets PDF say what was bought with the tickets.
    const fanPage = await orderPage(t.app, host, token);
    expect(fanPage.body).toContain('<h2>Add-ons</h2>');
    expect(fanPage.body).toContain('2 × T-shirt');
    const pdf = await t.app.inject({ method: 'GET', url: `/orders/${token}/tickets.pdf`, headers: { host } });
    expect((await readPdf(pdf.rawPayload)).pages.join('\n')).toMatch(/With this order: 2 × T-shirt, 1 × Parking/);
    // Add-ons are not admissions: two tickets, no more.
    expect(await db().select().from(ticket).where(eq(ticket.orderId, held!.id))).toHaveLength(2);

    // A refund of one ticket keeps the add-ons; the refund of the last gives back their price and their stock.
    const tickets = await db().select().from(ticket).where(eq(ticket.orderId, held!.id));
    const first = await refundRequest(t.app, owner, held!.id, {
      ticket_ids: [tickets[0]!.id],
      reason: 'One cannot come',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ status: 'partially_refunded', refunded_minor: 2000 });
    expect(await stock(shirt.id)).toEqual({ sold: 2, held: 0 });
    const last = await refundRequest(t.app, owner, held!.id, { ticket_ids: [tickets[1]!.id], reason: 'Neither can' });
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json()).toMatchObject({ status: 'refunded', refunded_minor: amount });
    await runAfterSaleJobs(t.app);
    expect(await stock(shirt.id)).toEqual({ sold: 0, held: 0 });
    expect(await stock(parking.id)).toEqual({ sold: 0, held: 0 });
  });

  it('gives the add-ons back when the hold runs out', async () => {
    const started = await checkout('late@example.com', { [`qty_${general()}`]: '1', [`addon_${shirt.id}`]: '1' });
    expect(started.statusCode, started.body.slice(0, 400)).toBe(303);
    expect(await stock(shirt.id)).toEqual({ sold: 0, held: 1 });
    await releaseExpiredHolds(db(), { eventId: live.id, now: new Date(Date.now() + 3_600_000) });
    expect(await stock(shirt.id)).toEqual({ sold: 0, held: 0 });
  });
});

describe('refused choices', () => {
  it.each([
    ['-1', ADD_ON_MESSAGES.fanQuantity('T-shirt', 2)],
    ['1.5', ADD_ON_MESSAGES.fanQuantity('T-shirt', 2)],
    ['two', ADD_ON_MESSAGES.fanQuantity('T-shirt', 2)],
    ['3', ADD_ON_MESSAGES.fanQuantity('T-shirt', 2)],
  ])('a quantity of %j is a 400 on its field, nothing held', async (quantity, message) => {
    const before = await db().select().from(order).where(eq(order.eventId, live.id));
    const refused = await checkout('bad@example.com', {
      [`qty_${general()}`]: '1',
      [`addon_${shirt.id}`]: quantity,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(message);
    // The form comes back with what was typed.
    expect(refused.body).toContain(`value="${quantity}"`);
    expect(await db().select().from(order).where(eq(order.eventId, live.id))).toHaveLength(before.length);
  });

  it('refuses add-ons without a ticket and an add-on the event does not offer', async () => {
    const alone = await checkout('alone@example.com', { [`addon_${parking.id}`]: '1' });
    expect(alone.statusCode).toBe(400);
    expect(alone.body).toContain(ADD_ON_MESSAGES.fanNeedsTicket);
    const unknown = await checkout('forged@example.com', {
      [`qty_${general()}`]: '1',
      addon_00000000000000000000000000000000: '1',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain(ADD_ON_MESSAGES.gone);
    expect(await stock(parking.id)).toEqual({ sold: 0, held: 0 });
  });

  it('two fans racing for the last add-ons: one holds them, the other is told what is left and holds nothing', async () => {
    // Three in stock: one fan holds one, then two race for the last two (each wanting two).
    const first = await checkout('first@example.com', { [`qty_${general()}`]: '1', [`addon_${shirt.id}`]: '1' });
    expect(first.statusCode).toBe(303);
    const [a, b] = await Promise.all(
      ['racer1@example.com', 'racer2@example.com'].map((email) =>
        checkout(email, { [`qty_${general()}`]: '1', [`addon_${shirt.id}`]: '2' }),
      ),
    );
    // The loser is refused by the form's check (400) or, when both were decided in one batch, by the hold (409).
    const refused = a!.statusCode === 303 ? b! : a!;
    expect([a!.statusCode, b!.statusCode]).toContain(303);
    expect([400, 409]).toContain(refused.statusCode);
    expect(refused.body).toContain(ADD_ON_MESSAGES.fanSoldOut('T-shirt'));
    expect(await stock(shirt.id)).toEqual({ sold: 0, held: 3 });
    // The event page now says it is sold out and offers no quantity.
    const page = await t.app.inject({ method: 'GET', url: `/events/${live.slug}`, headers: { host } });
    expect(page.body).not.toContain(`name="addon_${shirt.id}"`);
    const soldOut = await checkout('after@example.com', { [`qty_${general()}`]: '1', [`addon_${shirt.id}`]: '1' });
    expect(soldOut.statusCode).toBe(400);
    expect(soldOut.body).toContain(ADD_ON_MESSAGES.fanSoldOut('T-shirt'));
  });
});
