// Free tickets and RSVPs (issue 31, decisions 124 and 125) through HTTP as the organiser and the fan use them, on
// PGlite and (with TEST_DATABASE_URL) on PostgreSQL: an all-free event is published without payouts (a paid or
// mixed one is not), a fan gets free tickets at once with no payment page, the order limits, the checkout rate
// limit and the waiting room hold for free orders too, bad prices and quantities are refused with clear messages,
// and a free ticket is cancelled rather than refunded and is never listed for resale.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_MESSAGES, FREE_MESSAGES, SALES_MESSAGES, TICKET_TYPE_MESSAGES, type EventDto } from '@marquee/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { asBrowser, createOrganizationFor, signUpAndVerify, type SignedInUser } from '../../../test/auth-helpers.js';
import { buyer, liveEventInput, postCheckout } from '../../../test/checkout-helpers.js';
import { londonLocal, putSales } from '../../../test/drop-helpers.js';
import { fanPost, orderPage, refundRequest, runAfterSaleJobs } from '../../../test/after-sale-helpers.js';
import { cancelRequest, deliverCheckoutMail, runRefundJobs } from '../../../test/cancellation-helpers.js';
import { FanBrowser, goOnSale } from '../../../test/queue-helpers.js';
import { event, eventQueue, mailOutbox, order, ticket, ticketType } from '../../db/schema/index.js';
import { PAYOUTS_NOT_ENABLED_MESSAGE } from '../payments/payments.service.js';
import { CHECKOUT_TEXT } from './checkout.service.js';

const host = 'rsvp.localhost:3000';

let t: TestApp;
/** An organiser who never enabled payouts. */
let owner: SignedInUser;
let organizationId: string;

beforeAll(async () => {
  // The real payouts rule (no assertCanSell stub): this organisation cannot take payments.
  t = await createTestApp({ env: { QUEUE_POW_BITS: '6' } });
  owner = await signUpAndVerify(t.app);
  organizationId = (await createOrganizationFor(t.app, owner, 'rsvp', 'RSVP Events')).id;
});
afterAll(() => t?.close());

const db = () => t.database.db;

function api(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: asBrowser(owner),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function draft(input: Record<string, unknown>): Promise<EventDto> {
  const created = await api('POST', '/api/events', { ...liveEventInput, ...input });
  expect(created.statusCode, created.body).toBe(201);
  return created.json();
}

async function freeEvent(name: string, extra: Record<string, unknown> = {}): Promise<EventDto> {
  const created = await draft({ name, free: true, price: '', ...extra });
  const published = await api('POST', `/api/events/${created.id}/publish`);
  expect(published.statusCode, published.body).toBe(200);
  return published.json();
}

const ordersOf = (eventId: string) => db().select().from(order).where(eq(order.eventId, eventId));
const ticketsOf = (orderId: string) => db().select().from(ticket).where(eq(ticket.orderId, orderId));
const counters = async (eventId: string) =>
  (await db().select({ sold: event.sold, held: event.held }).from(event).where(eq(event.id, eventId)))[0]!;
const tokenOfOrder = (location: unknown) => /^\/orders\/([A-Za-z0-9_-]{43})$/.exec(String(location))?.[1];

describe('publishing free events', () => {
  it('publishes an all-free event without payouts; a paid or a mixed one still needs payouts, as today', async () => {
    const free = await draft({ name: 'Free Talk', free: true, price: '' });
    expect(free).toMatchObject({ free: true, price: '' });
    expect(free.ticket_types[0]!.price_minor).toBe(0);
    const published = await api('POST', `/api/events/${free.id}/publish`);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().status).toBe('live');

    const paid = await draft({ name: 'Paid Talk' });
    const refused = await api('POST', `/api/events/${paid.id}/publish`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({ code: 'PAYOUTS_NOT_ENABLED', message: PAYOUTS_NOT_ENABLED_MESSAGE });

    // Free General Admission plus a paid VIP type: the event takes money, so payouts are needed.
    const mixed = await draft({ name: 'Mixed Talk', free: true, price: '' });
    const vip = await api('POST', `/api/events/${mixed.id}/ticket-types`, { name: 'VIP', price: '15.00' });
    expect(vip.statusCode, vip.body).toBe(201);
    const mixedRefused = await api('POST', `/api/events/${mixed.id}/publish`);
    expect(mixedRefused.statusCode).toBe(409);
    expect(mixedRefused.json().error.message).toBe(PAYOUTS_NOT_ENABLED_MESSAGE);
    // A second type that is free as well keeps the event free.
    const allFree = await draft({ name: 'Two Free Talks', free: true, price: '' });
    const balcony = await api('POST', `/api/events/${allFree.id}/ticket-types`, { name: 'Balcony', free: true });
    expect(balcony.statusCode, balcony.body).toBe(201);
    expect(balcony.json().price_minor).toBe(0);
    expect((await api('POST', `/api/events/${allFree.id}/publish`)).statusCode).toBe(200);
  });

  it('adds dates to a live free event without payouts (its dates take no money either)', async () => {
    const free = await freeEvent('Free Weekly Walk');
    const added = await api('POST', `/api/events/${free.id}/dates`, { repeat: 'weekly', count: 2 });
    expect(added.statusCode, added.body).toBe(201);
    const dates = (await api('GET', `/api/events/${free.id}/dates`)).json();
    expect(JSON.stringify(dates)).toContain('"status":"live"');
  });

  it("keeps the spec's rule for a paid event: 'Ticket price is required' for no price or 0", async () => {
    const none = await draft({ name: 'No Price Yet', price: '' });
    const refused = await api('POST', `/api/events/${none.id}/publish`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toContainEqual({ path: 'price', message: EVENT_MESSAGES.priceRequired });
    // 0 is a free ticket's price, stored only with 'free': for a paid event it is no price at all.
    const zero = await api('POST', '/api/events', { ...liveEventInput, name: 'Zero', price: '0.00' });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().error.fields).toEqual([{ path: 'price', message: EVENT_MESSAGES.priceRequired }]);
    // Turning 'free' off again asks for a price.
    const free = await draft({ name: 'Was Free', free: true, price: '' });
    const paidAgain = await api('PUT', `/api/events/${free.id}`, { free: false });
    expect(paidAgain.statusCode, paidAgain.body).toBe(200);
    expect(paidAgain.json()).toMatchObject({ free: false, price: '' });
    const blocked = await api('POST', `/api/events/${free.id}/publish`);
    expect(blocked.json().error.fields).toContainEqual({ path: 'price', message: EVENT_MESSAGES.priceRequired });
  });
});

describe('bad input', () => {
  it('refuses negative or fractional prices and quantities, a price on a free type and a booking fee sent by the client (400)', async () => {
    const target = await draft({ name: 'Bad Input Night', free: true, price: '' });
    const typeUrl = `/api/events/${target.id}/ticket-types`;
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ name: 'A', price: '-5' }, 'price', 'Price must be a number with at most two decimals'],
      [{ name: 'A', price: '1.234' }, 'price', 'Price must be a number with at most two decimals'],
      [{ name: 'A', price: '5', capacity: -1 }, 'capacity', 'Capacity cannot be negative'],
      [{ name: 'A', price: '5', capacity: 2.5 }, 'capacity', 'expected int'],
      [{ name: 'A', price: '5', max_per_order: 1.5 }, 'max_per_order', 'expected int'],
      [{ name: 'A', free: true, price: '5.00' }, 'price', FREE_MESSAGES.priceOnFree],
      [{ name: 'A', free: true, booking_fee: '0.80' }, 'booking_fee', FREE_MESSAGES.feeFromClient],
      [{ name: 'A', free: true, fee_minor: 80 }, 'fee_minor', FREE_MESSAGES.feeFromClient],
      [{ name: 'A', price: '' }, 'price', TICKET_TYPE_MESSAGES.priceRequired],
      [{ name: 'A', price: '0' }, 'price', TICKET_TYPE_MESSAGES.priceRequired],
    ];
    for (const [body, path, message] of cases) {
      const response = await api('POST', typeUrl, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const error = response.json().error;
      expect(error.code).toBe('VALIDATION_ERROR');
      const field = (error.fields as Array<{ path: string; message: string }>).find((entry) => entry.path === path);
      expect(field?.message.toLowerCase(), JSON.stringify(body)).toContain(message.toLowerCase());
    }
    // The event's own form: a price with 'free', a booking fee, a negative price.
    for (const [body, path, message] of [
      [{ free: true, price: '12.00' }, 'price', FREE_MESSAGES.priceOnFree],
      [{ booking_fee: 0 }, 'booking_fee', FREE_MESSAGES.feeFromClient],
      [{ price: '-1' }, 'price', EVENT_MESSAGES.priceStep],
    ] as const) {
      const response = await api('PUT', `/api/events/${target.id}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.fields).toContainEqual({ path, message });
    }
    // Nothing was stored: the event has its one free type still.
    const types = (await api('GET', typeUrl)).json().ticket_types;
    expect(types.map((type: { price_minor: number }) => type.price_minor)).toEqual([0]);

    // The fan's form: a negative or fractional quantity is refused on the form, and nothing is held or sold.
    const live = await freeEvent('Bad Quantities', { capacity: 10 });
    const typeId = live.ticket_types[0]!.id;
    for (const quantity of ['-1', '1.5', '1e1']) {
      const response = await postCheckout(t.app, host, live.id, { ...buyer, [`qty_${typeId}`]: quantity });
      expect(response.statusCode, quantity).toBe(400);
      expect(response.body).toContain('role="alert"');
    }
    // A booking fee or price posted with the form is not read: the order still costs nothing.
    const sneaky = await postCheckout(t.app, host, live.id, {
      ...buyer,
      [`qty_${typeId}`]: '1',
      fee_minor: '500',
      price: '9.99',
    });
    expect(sneaky.statusCode).toBe(303);
    const [made] = await ordersOf(live.id);
    expect(made).toMatchObject({ status: 'paid', quantity: 1, amountMinor: 0, feeMinor: 0 });
    expect(await counters(live.id)).toEqual({ sold: 1, held: 0 });
  });
});

describe('a fan gets free tickets', () => {
  it('shows Free with no booking fee, and issues the tickets at once with no payment page', async () => {
    const live = await freeEvent('Open Studio', { capacity: 50 });
    const typeId = live.ticket_types[0]!.id;
    const page = await t.app.inject({ method: 'GET', url: `/events/${live.slug}`, headers: { host } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('>Free<');
    expect(page.body).not.toContain('booking fee');
    expect(page.body).toContain('Get tickets');
    expect(page.body).not.toContain('Continue to payment');
    const home = await t.app.inject({ method: 'GET', url: '/', headers: { host } });
    expect(home.body).toContain('>Free<');

    const response = await postCheckout(t.app, host, live.id, {
      ...buyer,
      email: 'guest@example.com',
      [`qty_${typeId}`]: '2',
    });
    // Straight to the tickets: no summary, no provider's page.
    expect(response.statusCode).toBe(303);
    const token = tokenOfOrder(response.headers.location);
    expect(token).toBeTruthy();
    const [made] = await ordersOf(live.id);
    expect(made).toMatchObject({
      status: 'paid',
      amountMinor: 0,
      feeMinor: 0,
      quantity: 2,
      paymentProvider: null,
      checkoutSessionId: null,
      holdExpiresAt: null,
    });
    expect(made!.paidAt).toBeInstanceOf(Date);
    const tickets = await ticketsOf(made!.id);
    expect(tickets.map((entry) => entry.status)).toEqual(['valid', 'valid']);
    expect(await counters(live.id)).toEqual({ sold: 2, held: 0 });

    const shown = await orderPage(t.app, host, token!);
    expect(shown.statusCode).toBe(200);
    for (const entry of tickets) expect(shown.body).toContain(entry.code);
    expect(shown.body).not.toContain('Booking fee');

    // The confirmation e-mail went through the same jobs as a paid order's, with no booking fee line.
    await t.app.mailLane.idle();
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.to, 'guest@example.com'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Free');
    expect(mails[0]!.text).not.toContain('Booking fee');

    // The organiser's figures count the tickets and no money.
    const detail = (await api('GET', `/api/events/${live.id}`)).json();
    expect(detail).toMatchObject({ sold: 2, revenue_minor: 0, free: true });
    const customers = (await api('GET', '/api/customers?search=guest%40example.com')).json();
    expect(JSON.stringify(customers)).toContain('guest@example.com');
  });

  it('keeps a live free event from taking money without payouts; free tickets of a mixed one still sell', async () => {
    const mixed = await draft({ name: 'Mixed Without Payouts', free: true, price: '' });
    expect((await api('POST', `/api/events/${mixed.id}/publish`)).statusCode).toBe(200);
    const free = mixed.ticket_types[0]!.id;
    // Published free without payouts: a paid type, or 'Free event' turned off, needs payouts as publishing did.
    const added = await api('POST', `/api/events/${mixed.id}/ticket-types`, { name: 'VIP', price: '15.00' });
    expect(added.statusCode).toBe(409);
    expect(added.json().error).toEqual({ code: 'PAYOUTS_NOT_ENABLED', message: PAYOUTS_NOT_ENABLED_MESSAGE });
    const priced = await api('PUT', `/api/events/${mixed.id}`, { free: false, price: '10.00' });
    expect(priced.statusCode).toBe(409);
    expect(priced.json().error.code).toBe('PAYOUTS_NOT_ENABLED');
    const stillFree = await api('PUT', `/api/events/${mixed.id}/ticket-types/${free}`, {
      name: 'General Admission',
      price: '10.00',
    });
    expect(stillFree.statusCode).toBe(409);
    expect((await api('GET', `/api/events/${mixed.id}`)).json()).toMatchObject({ free: true });
    // A paid type made while payouts were on, the payouts since switched off: the paid basket is refused, the free
    // one still sells.
    const [vip] = await db()
      .insert(ticketType)
      .values({ organizationId, eventId: mixed.id, name: 'VIP', priceMinor: 1500, currency: 'GBP', sort: 1 })
      .returning();
    const paid = await postCheckout(t.app, host, mixed.id, { ...buyer, [`qty_${vip!.id}`]: '1' });
    expect(paid.statusCode).toBe(409);
    expect(paid.body).toContain(CHECKOUT_TEXT.salesPaused);
    expect((await ordersOf(mixed.id)).length).toBe(0);
    const gratis = await postCheckout(t.app, host, mixed.id, { ...buyer, [`qty_${free}`]: '1' });
    expect(gratis.statusCode).toBe(303);
    expect(tokenOfOrder(gratis.headers.location)).toBeTruthy();
  });
});

describe('free tickets meet the other features', () => {
  it('a free RSVP with a required name per ticket and a question: the names and answers reach the tickets and the order detail', async () => {
    const live = await freeEvent('Named Launch', { capacity: 20 });
    const typeId = live.ticket_types[0]!.id;
    const settings = await api('PUT', `/api/events/${live.id}/attendee-settings`, {
      ticket_names: 'required',
      answers_editable_until: null,
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const question = await api('POST', `/api/events/${live.id}/questions`, {
      label: 'Dietary',
      kind: 'single_choice',
      options: ['None', 'Vegetarian'],
      required: true,
      scope: 'ticket',
    });
    expect(question.statusCode, question.body).toBe(201);
    const dietary = question.json().id as string;
    const fields = { ...buyer, email: 'named@example.com', [`qty_${typeId}`]: '2' };
    // The first post draws a block per ticket and holds nothing; the second, filled in, issues the named tickets.
    const asked = await postCheckout(t.app, host, live.id, fields);
    expect(asked.statusCode).toBe(400);
    expect(await ordersOf(live.id)).toEqual([]);
    const response = await postCheckout(t.app, host, live.id, {
      ...fields,
      details_for: `${typeId}:2`,
      t1_name: 'Ada Lovelace',
      [`t1_q_${dietary}`]: 'Vegetarian',
      t2_name: 'Grace Hopper',
      [`t2_q_${dietary}`]: 'None',
    });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(303);
    const [made] = await ordersOf(live.id);
    expect(made).toMatchObject({ status: 'paid', amountMinor: 0, feeMinor: 0 });
    const tickets = await ticketsOf(made!.id);
    expect(tickets.map((entry) => entry.holderName).sort()).toEqual(['Ada Lovelace', 'Grace Hopper']);
    const detail = (await api('GET', `/api/orders/${made!.id}`)).json();
    expect(JSON.stringify(detail)).toContain('Vegetarian');
  });
});

describe('limits apply to free tickets too', () => {
  it('refuses more than the per-order limit and more than the per-e-mail limit, holding nothing', async () => {
    const live = await freeEvent('Hoarders Beware', { capacity: 100 });
    const typeId = live.ticket_types[0]!.id;
    const limits = await putSales(t.app, owner, live.id, { max_tickets_per_order: 2, max_tickets_per_email: 3 });
    expect(limits.statusCode, limits.body).toBe(200);

    const tooMany = await postCheckout(t.app, host, live.id, { ...buyer, [`qty_${typeId}`]: '3' });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.body).toContain(SALES_MESSAGES.tooManyPerOrder(2));

    const email = 'bot@example.com';
    expect((await postCheckout(t.app, host, live.id, { ...buyer, email, [`qty_${typeId}`]: '2' })).statusCode).toBe(
      303,
    );
    const third = await postCheckout(t.app, host, live.id, { ...buyer, email, [`qty_${typeId}`]: '2' });
    expect(third.statusCode).toBe(409);
    expect(third.body).toContain('There is a limit of 3 tickets per person for this event');
    // The same address in other letters is the same person.
    const shouted = await postCheckout(t.app, host, live.id, {
      ...buyer,
      email: 'BOT@example.com',
      [`qty_${typeId}`]: '2',
    });
    expect(shouted.statusCode).toBe(409);
    expect(await counters(live.id)).toEqual({ sold: 2, held: 0 });
  });

  it('refuses the 31st free checkout from one address within a minute (429), issuing nothing for it', async () => {
    const live = await freeEvent('Bot Magnet', { capacity: 1000 });
    const typeId = live.ticket_types[0]!.id;
    const statuses: number[] = [];
    for (let index = 0; index < 31; index += 1) {
      const response = await postCheckout(
        t.app,
        host,
        live.id,
        { ...buyer, email: `bot${index}@example.com`, [`qty_${typeId}`]: '1' },
        { ip: '198.51.100.99' },
      );
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 303)).toBe(true);
    expect(statuses[30]).toBe(429);
    expect((await ordersOf(live.id)).length).toBe(30);
    expect(await counters(live.id)).toEqual({ sold: 30, held: 0 });
  });

  it('sends fans through the waiting room: no tickets without an admission, one order per admission', async () => {
    const live = await freeEvent('Queue For Free', { capacity: 100 });
    const typeId = live.ticket_types[0]!.id;
    expect((await putSales(t.app, owner, live.id, { sales_start_local: londonLocal(10) })).statusCode).toBe(200);
    const queue = await api('PUT', `/api/events/${live.id}/queue`, { mode: 'on', rate_per_minute: 60 });
    expect(queue.statusCode, queue.body).toBe(200);
    await t.app.queueGate.states.refresh(live.id);

    const fan = new FanBrowser(t.app, host, '203.0.113.77');
    await fan.join(live.id);
    await goOnSale(t, live.id);
    // Not through yet: refused, and nothing issued.
    const early = await fan.checkout(live.id, typeId, { email: 'queued@example.com' });
    expect(early.statusCode).toBe(403);
    expect(early.body).toContain('join the queue');
    expect((await ordersOf(live.id)).length).toBe(0);

    await db()
      .update(eventQueue)
      .set({ admittedAt: sql`admitted_at - make_interval(secs => 5)` })
      .where(eq(eventQueue.eventId, live.id));
    await t.app.queueGate.states.refresh(live.id);
    expect((await fan.poll(live.id)).body.status).toBe('admitted');
    const held = await fan.checkout(live.id, typeId, { email: 'queued@example.com' });
    expect(held.statusCode).toBe(303);
    expect(tokenOfOrder(held.headers.location)).toBeTruthy();
    // The pass made its order (paid at once): a second order with it is refused.
    const second = await fan.checkout(live.id, typeId, { email: 'other@example.com' });
    expect(second.statusCode).toBe(403);
    expect(second.body).toContain('already started an order with this pass');
    expect(await counters(live.id)).toEqual({ sold: 1, held: 0 });
  });
});

describe('after a free sale', () => {
  it('cancels a free ticket instead of refunding it, and never lists one for resale', async () => {
    const live = await freeEvent('Giveaway Gig', { capacity: 5, resale_allowed: true, refunds_allowed: true });
    const typeId = live.ticket_types[0]!.id;
    const response = await postCheckout(t.app, host, live.id, {
      ...buyer,
      email: 'keeper@example.com',
      [`qty_${typeId}`]: '2',
    });
    const token = tokenOfOrder(response.headers.location)!;
    const [made] = await ordersOf(live.id);
    const [first] = await ticketsOf(made!.id);

    // The order page offers a transfer, no resale, and a cancellation instead of a refund.
    const page = await orderPage(t.app, host, token);
    expect(page.body).toContain('Send ticket');
    expect(page.body).not.toContain('Sell at face value');
    expect(page.body).toContain('Ask to cancel');
    const listed = await fanPost(t.app, host, `/orders/${token}/resale`, { ticket: first!.code });
    expect(listed.body).toContain(FREE_MESSAGES.resaleFree);
    expect((await ticketsOf(made!.id)).map((entry) => entry.status)).toEqual(['valid', 'valid']);

    // The organiser's 'refund' cancels the ticket: its place goes back, nothing moves at a provider.
    const cancelled = await refundRequest(t.app, owner, made!.id, { ticket_ids: [first!.id], reason: 'Cannot come' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().refunded_minor).toBe(0);
    const [refunded] = await db()
      .select()
      .from(ticket)
      .where(and(eq(ticket.orderId, made!.id), eq(ticket.id, first!.id)));
    expect(refunded!.status).toBe('refunded');
    expect(await counters(live.id)).toEqual({ sold: 1, held: 0 });
    await runAfterSaleJobs(t.app);
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.to, 'keeper@example.com'));
    const notice = mails.find((mail) => mail.subject.includes('cancelled'));
    expect(notice?.text).toContain('Nothing was charged, so there is nothing to refund');
    expect(mails.some((mail) => mail.subject.startsWith('Refund of'))).toBe(false);
  });

  it('cancelling a free event tells its fans their free tickets are void, with no refund to speak of', async () => {
    const live = await freeEvent('Rained Off Picnic', { capacity: 10 });
    const typeId = live.ticket_types[0]!.id;
    const bought = await postCheckout(t.app, host, live.id, {
      ...buyer,
      email: 'picnic@example.com',
      [`qty_${typeId}`]: '1',
    });
    expect(bought.statusCode).toBe(303);
    const cancelled = await cancelRequest(t.app, owner, live.id, { reason: 'Storm warning', confirm: live.name });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await runRefundJobs(t.app);
    await deliverCheckoutMail(t.app);
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.to, 'picnic@example.com'));
    const notice = mails.find((mail) => mail.subject.startsWith('Cancelled:'));
    expect(notice?.subject).toContain('your free tickets');
    expect(notice?.text).toContain('Your tickets were free, so there is nothing to refund.');
    expect(notice?.text).not.toContain('£0.00');
  });
});
