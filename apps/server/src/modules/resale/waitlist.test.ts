// The waiting list (decision 035): fans join a sold-out event (plain form; refused while tickets are on sale;
// a second join says so and sends nothing; confirmation e-mail); a refund offers the place to the first in line
// as a 12-hour hold that nobody else can buy, with an e-mail whose link pays for it; an unused offer passes to
// the next; a resale listing is offered too; the organiser sees the count.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import type { SignedInUser } from '../../../test/auth-helpers.js';
import {
  buyer,
  createLiveEvent,
  fanIp,
  form,
  offerDetails,
  payWithCard,
  postCheckout,
  sellingOrganiser,
} from '../../../test/checkout-helpers.js';
import { buyPaidOrder, mailTo } from '../../../test/cancellation-helpers.js';
import { fanPost, refundRequest } from '../../../test/after-sale-helpers.js';
import { order, ticket, waitlistEntry } from '../../db/schema/index.js';
import { WAITLIST_MESSAGES } from './resale-messages.js';
import { runWaitlist } from './waitlist.service.js';

let t: TestApp;
let owner: SignedInUser;
const host = 'waitlist.localhost:3000';

beforeAll(async () => {
  t = await createTestApp();
  owner = await sellingOrganiser(t.app, 'waitlist');
});
afterAll(() => t.close());

const db = () => t.database.db;
/** The join form as a fan's browser posts it, each from its own address (the per-IP limit is tested alone). */
const join = (slug: string, fields: Record<string, string>, ip = fanIp()) =>
  t.app.inject({
    method: 'POST',
    url: `/events/${slug}/waitlist`,
    headers: { host, origin: `http://${host}`, 'content-type': 'application/x-www-form-urlencoded' },
    remoteAddress: ip,
    payload: form(fields),
  });
const entriesOf = (eventId: string) =>
  db().select().from(waitlistEntry).where(eq(waitlistEntry.eventId, eventId)).orderBy(waitlistEntry.createdAt);
const escaped = (text: string) => text.replace(/'/g, '&#39;');
const count = async (eventId: string) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/events/${eventId}/waitlist`, headers: { cookie: owner.cookie } })
  ).json();

/** Pays an offer as its page asks: the buyer's details on the Pay form, then the card. */
async function payOffer(token: string, fields: Record<string, string> = offerDetails) {
  expect((await payWithCard(t.app, host, token, undefined, fields)).statusCode).toBe(303);
  return db().select().from(order).where(eq(order.accessToken, token));
}

async function soldOut(name: string, capacity = 1) {
  const live = await createLiveEvent(t.app, owner, { name, capacity });
  const typeId = live.ticket_types[0]!.id;
  const first = await buyPaidOrder(t.app, host, live.id, typeId, capacity, `${live.slug}-buyer@example.com`);
  return { live, typeId, first };
}

describe('joining the waiting list', () => {
  it('is offered on a sold-out event only; a join is confirmed by e-mail; a second join sends nothing', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Not Yet Full', capacity: 2 });
    const open = await t.app.inject({ method: 'GET', url: `/events/${live.slug}`, headers: { host } });
    expect(open.body).not.toContain('Join the waiting list');
    const early = await join(live.slug, { email: 'early@example.com', quantity: '1', type: live.ticket_types[0]!.id });
    expect(early.statusCode).toBe(409);
    expect(early.body).toContain(WAITLIST_MESSAGES.notSoldOut);

    const { live: full, typeId } = await soldOut('Full House');
    const page = await t.app.inject({ method: 'GET', url: `/events/${full.slug}`, headers: { host } });
    expect(page.body).toContain(`href="/events/${full.slug}/waitlist"`);
    const form = await t.app.inject({ method: 'GET', url: `/events/${full.slug}/waitlist`, headers: { host } });
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('name="email"');

    expect((await join(full.slug, { email: 'not-an-email', quantity: '1', type: '' })).statusCode).toBe(400);
    const tooMany = await join(full.slug, { email: 'many@example.com', quantity: '11', type: '' });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.body).toContain('Choose between 1 and 10 tickets');
    expect((await join(full.slug, { email: 'bad@example.com', quantity: '1', type: 'x\u0001' })).statusCode).toBe(400);

    const joined = await join(full.slug, { email: 'Wanda@Example.com', quantity: '2', type: typeId });
    expect(joined.statusCode).toBe(303);
    const confirmed = await t.app.inject({ method: 'GET', url: String(joined.headers.location), headers: { host } });
    expect(confirmed.body).toContain(escaped(WAITLIST_MESSAGES.joined));
    const again = await join(full.slug, { email: 'wanda@example.com', quantity: '1', type: '' });
    expect(again.statusCode).toBe(303);
    const already = await t.app.inject({ method: 'GET', url: String(again.headers.location), headers: { host } });
    expect(already.body).toContain(escaped(WAITLIST_MESSAGES.already));
    await t.app.waitlist.deliverQueued();
    const mails = await mailTo(t.app, 'wanda@example.com');
    expect(mails.filter((mail) => mail.subject === 'You are on the waiting list for Full House')).toHaveLength(1);
    expect(await entriesOf(full.id)).toMatchObject([{ email: 'wanda@example.com', quantity: 2, status: 'waiting' }]);
    expect(await count(full.id)).toEqual({ waiting: 1, waiting_tickets: 2, offered: 0 });
  });

  it('is rate limited per address', async () => {
    const { live } = await soldOut('Hammered');
    const statuses: number[] = [];
    for (let index = 0; index < 7; index += 1) {
      statuses.push((await join(live.slug, { email: 'hammer@example.com', quantity: '1', type: '' })).statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([303, 303, 303, 303, 303]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });
});

describe('offers', () => {
  it('a refund offers the place to the first in line: held for them, e-mailed, bought through the link', async () => {
    const { live, typeId, first } = await soldOut('Second Chance');
    await join(live.slug, { email: 'first@example.com', quantity: '1', type: '' });
    await join(live.slug, { email: 'second@example.com', quantity: '1', type: '' });
    const [refunded] = await db().select().from(ticket).where(eq(ticket.orderId, first.id));
    expect(
      (await refundRequest(t.app, owner, first.id, { ticket_ids: [refunded!.id], reason: 'Cannot come' })).statusCode,
    ).toBe(200);
    await t.app.waitlist.deliverQueued();

    const [offered, waiting] = await entriesOf(live.id);
    expect(offered).toMatchObject({ email: 'first@example.com', status: 'offered' });
    expect(waiting).toMatchObject({ email: 'second@example.com', status: 'waiting' });
    const [hold] = await db().select().from(order).where(eq(order.id, offered!.offerOrderId!));
    expect(hold).toMatchObject({
      status: 'pending',
      quantity: 1,
      amountMinor: 2000,
      customerEmail: 'first@example.com',
    });
    const hours = (hold!.holdExpiresAt!.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(11.9);
    expect(hours).toBeLessThanOrEqual(12);
    // Nobody else can buy the offered place.
    const other = await postCheckout(t.app, host, live.id, {
      ...buyer,
      email: 'walkin@example.com',
      [`qty_${typeId}`]: '1',
    });
    expect(other.statusCode).toBe(400);
    expect(other.body).toContain('Sold out');

    const [mail] = (await mailTo(t.app, 'first@example.com')).filter((entry) =>
      entry.subject.includes('held for 12 hours'),
    );
    expect(mail).toBeDefined();
    const link = /\/checkout\/([A-Za-z0-9_-]{43})/.exec(mail!.text);
    expect(link?.[1]).toBe(hold!.accessToken);
    const [bought] = await payOffer(link![1]!);
    expect(bought).toMatchObject({ status: 'paid', firstName: 'Wanda', lastName: 'Waits', country: 'GB' });
    await runWaitlist(db(), t.app.jobs, { eventId: live.id, organizationId: first.organizationId });
    expect((await entriesOf(live.id)).map((entry) => entry.status)).toEqual(['purchased', 'waiting']);
    expect(await count(live.id)).toEqual({ waiting: 1, waiting_tickets: 1, offered: 0 });
  });

  it('an unused offer passes to the next in line when it runs out', async () => {
    const { live, first } = await soldOut('Pass It On');
    await join(live.slug, { email: 'sleepy@example.com', quantity: '1', type: '' });
    await join(live.slug, { email: 'eager@example.com', quantity: '1', type: '' });
    const [refunded] = await db().select().from(ticket).where(eq(ticket.orderId, first.id));
    await refundRequest(t.app, owner, first.id, { ticket_ids: [refunded!.id], reason: 'Cannot come' });
    await t.app.waitlist.deliverQueued();
    const [sleepy] = await entriesOf(live.id);
    expect(sleepy!.status).toBe('offered');

    // Thirteen hours later (the minute's sweep runs this): the hold ran out, the next fan is offered the place.
    const later = new Date(Date.now() + 13 * 3_600_000);
    const offers = await runWaitlist(db(), t.app.jobs, {
      eventId: live.id,
      organizationId: first.organizationId,
      now: later,
    });
    expect(offers).toHaveLength(1);
    const [gone, eager] = await entriesOf(live.id);
    expect(gone!.status).toBe('expired');
    expect(eager).toMatchObject({ email: 'eager@example.com', status: 'offered' });
    const [expiredHold] = await db().select().from(order).where(eq(order.id, gone!.offerOrderId!));
    expect(expiredHold!.status).toBe('expired');
    // Running again changes nothing: one offer per place.
    expect(
      await runWaitlist(db(), t.app.jobs, { eventId: live.id, organizationId: first.organizationId, now: later }),
    ).toEqual([]);
  });

  it('a resale listing is offered to the line too', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Listed For You', capacity: 1, resale_allowed: true });
    const typeId = live.ticket_types[0]!.id;
    const seller = await buyPaidOrder(t.app, host, live.id, typeId, 1, 'listing-seller@example.com');
    await join(live.slug, { email: 'listwaiter@example.com', quantity: '1', type: '' });
    const [own] = await db().select().from(ticket).where(eq(ticket.orderId, seller.id));
    expect((await fanPost(t.app, host, `/orders/${seller.accessToken}/resale`, { ticket: own!.code })).statusCode).toBe(
      303,
    );
    await t.app.waitlist.deliverQueued();
    const [entry] = await entriesOf(live.id);
    expect(entry!.status).toBe('offered');
    const [hold] = await db().select().from(order).where(eq(order.id, entry!.offerOrderId!));
    await payOffer(hold!.accessToken);
    const [sold] = await db().select().from(ticket).where(eq(ticket.id, own!.id));
    expect(sold!.status).toBe('resold');
  });
});
