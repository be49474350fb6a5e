// Face-value resale (decision 035): refused with the switch off and for tickets that cannot be sold; listed once;
// withdrawn; sold only after the organiser's own places are gone, through the normal checkout, voiding the
// seller's ticket and refunding its price once (even when the refund job runs twice); a listed ticket refunded
// by the organiser closes its listing; on PostgreSQL, concurrent buyers of one listed ticket get it once.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TICKET_STATES } from '@marquee/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import type { SignedInUser } from '../../../test/auth-helpers.js';
import {
  buyer,
  createLiveEvent,
  payWithCard,
  postCheckout,
  sellingOrganiser,
  tokenFrom,
} from '../../../test/checkout-helpers.js';
import { buyPaidOrder, mailTo } from '../../../test/cancellation-helpers.js';
import { fanPost, orderDetail, orderPage, refundRequest, runAfterSaleJobs } from '../../../test/after-sale-helpers.js';
import {
  event,
  order,
  orderRefund,
  resaleListing,
  sandboxCheckoutSession,
  ticket,
  ticketType,
} from '../../db/schema/index.js';
import { createAfterSale } from '../refunds/after-sale.jobs.js';
import { RESALE_MESSAGES } from './resale-messages.js';
import { checkinGet, scan } from '../../../test/checkin-helpers.js';

let t: TestApp;
let owner: SignedInUser;
const host = 'resale.localhost:3000';

beforeAll(async () => {
  t = await createTestApp();
  owner = await sellingOrganiser(t.app, 'resale');
});
afterAll(() => t.close());

const db = () => t.database.db;
const ticketsOf = (orderId: string) =>
  db().select().from(ticket).where(eq(ticket.orderId, orderId)).orderBy(ticket.createdAt, ticket.code);
const orderRow = async (id: string) => (await db().select().from(order).where(eq(order.id, id)))[0]!;
const counters = async (eventId: string) => {
  const [venue] = await db().select({ sold: event.sold, held: event.held }).from(event).where(eq(event.id, eventId));
  const [type] = await db().select({ sold: ticketType.sold }).from(ticketType).where(eq(ticketType.eventId, eventId));
  return { venue: venue!.sold, held: venue!.held, type: type!.sold };
};
const list = (token: string, code: string) => fanPost(t.app, host, `/orders/${token}/resale`, { ticket: code });
const withdraw = (token: string, code: string) =>
  fanPost(t.app, host, `/orders/${token}/resale/withdraw`, { ticket: code });
const refundedAtSandbox = async (paymentIntentId: string) =>
  (
    await db().select().from(sandboxCheckoutSession).where(eq(sandboxCheckoutSession.paymentIntentId, paymentIntentId))
  )[0]!.amountRefunded;

async function soldOutEvent(name: string, capacity: number, resale = true) {
  const live = await createLiveEvent(t.app, owner, { name, capacity, resale_allowed: resale });
  return { live, typeId: live.ticket_types[0]!.id };
}

describe('listing a ticket', () => {
  it('is refused when the event does not allow resale, and the page does not offer it', async () => {
    const { live, typeId } = await soldOutEvent('No Resale Here', 5, false);
    const paid = await buyPaidOrder(t.app, host, live.id, typeId, 1, 'noresale@example.com');
    const [own] = await ticketsOf(paid.id);
    expect((await orderPage(t.app, host, paid.accessToken)).body).not.toContain('Sell at face value');
    const refused = await list(paid.accessToken, own!.code);
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain(RESALE_MESSAGES.resaleOff);
    expect(await db().select().from(resaleListing).where(eq(resaleListing.ticketId, own!.id))).toHaveLength(0);
  });

  it('lists once, gives the place back, can be withdrawn (place sold again), and is in the trail', async () => {
    const { live, typeId } = await soldOutEvent('List And Withdraw', 3);
    const paid = await buyPaidOrder(t.app, host, live.id, typeId, 2, 'lister@example.com');
    const [first] = await ticketsOf(paid.id);
    expect((await orderPage(t.app, host, paid.accessToken)).body).toContain('Sell at face value');
    expect(await counters(live.id)).toMatchObject({ venue: 2, type: 2 });

    const listed = await list(paid.accessToken, first!.code);
    expect(listed.statusCode).toBe(303);
    expect(listed.headers.location).toBe(`/orders/${paid.accessToken}?done=listed`);
    const page = await t.app.inject({ method: 'GET', url: String(listed.headers.location), headers: { host } });
    expect(page.body).toContain('Listed for resale at £20.00');
    expect(page.body).toContain(`Withdraw listing of ${first!.code}`);
    expect(await counters(live.id)).toMatchObject({ venue: 1, type: 1 });

    const twice = await list(paid.accessToken, first!.code);
    expect(twice.statusCode).toBe(409);
    expect(twice.body).toContain(RESALE_MESSAGES.alreadyListed);
    // A listed ticket cannot be sent to someone else either.
    const sent = await fanPost(t.app, host, `/orders/${paid.accessToken}/transfer`, {
      confirm: 'yes',
      ticket: first!.code,
      name: 'Robin',
      email: 'robin@example.com',
    });
    expect(sent.statusCode).toBe(409);

    const back = await withdraw(paid.accessToken, first!.code);
    expect(back.statusCode).toBe(303);
    expect(await counters(live.id)).toMatchObject({ venue: 2, type: 2 });
    expect((await withdraw(paid.accessToken, first!.code)).statusCode).toBe(409);
    const [still] = await ticketsOf(paid.id);
    expect(still!.status).toBe('valid');

    const detail = await orderDetail(t.app, owner, paid.id);
    const actions = detail.history.map((change: { action: string }) => change.action);
    expect(actions).toEqual(expect.arrayContaining(['listed', 'listing_withdrawn']));
    const listedChange = detail.history.find((change: { action: string }) => change.action === 'listed');
    expect(listedChange).toMatchObject({ actor: 'Fan', ticket_code: first!.code, device: 'Safari on iOS' });
    expect(listedChange.note).toContain('£20.00 face value');
  });

  it('refuses a checked-in, refunded or transferred ticket', async () => {
    const { live, typeId } = await soldOutEvent('Not These', 10);
    const paid = await buyPaidOrder(t.app, host, live.id, typeId, 3, 'notthese@example.com');
    const [a, b, c] = await ticketsOf(paid.id);
    await db().update(ticket).set({ status: 'checked_in', checkedInAt: new Date() }).where(eq(ticket.id, a!.id));
    const checkedIn = await list(paid.accessToken, a!.code);
    expect(checkedIn.statusCode).toBe(409);
    expect(checkedIn.body).toContain(RESALE_MESSAGES.checkedIn);

    expect((await refundRequest(t.app, owner, paid.id, { ticket_ids: [b!.id], reason: 'Asked' })).statusCode).toBe(200);
    const refunded = await list(paid.accessToken, b!.code);
    expect(refunded.statusCode).toBe(409);
    expect(refunded.body).toContain(RESALE_MESSAGES.notValid);

    const sent = await fanPost(t.app, host, `/orders/${paid.accessToken}/transfer`, {
      confirm: 'yes',
      ticket: c!.code,
      name: 'Robin',
      email: 'robin@example.com',
    });
    expect(sent.statusCode).toBe(303);
    const transferred = await list(paid.accessToken, c!.code);
    expect(transferred.statusCode).toBe(409);
    expect(transferred.body).toContain(RESALE_MESSAGES.notValid);
    expect((await list(paid.accessToken, 'T-NOSUCHCODE')).statusCode).toBe(404);
  });

  it('at the door: a ticket admitted by a scan cannot be listed, and a listed ticket is refused until withdrawn', async () => {
    const { live, typeId } = await soldOutEvent('Door And Resale', 10);
    const paid = await buyPaidOrder(t.app, host, live.id, typeId, 2, 'door-resale@example.com');
    const [inside, outside] = await ticketsOf(paid.id);
    expect((await scan(t.app, owner, live.id, { code: inside!.code })).json().result).toBe('admitted');
    const refused = await list(paid.accessToken, inside!.code);
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain(RESALE_MESSAGES.checkedIn);

    expect((await list(paid.accessToken, outside!.code)).statusCode).toBe(303);
    const listedScan = (await scan(t.app, owner, live.id, { code: outside!.code })).json();
    expect(listedScan.result).toBe('listed');
    expect(listedScan.headline).toBe('Listed for resale: do not admit');
    const offline = (await checkinGet(t.app, owner, `/api/checkin/events/${live.id}/offline`)).json();
    const row = offline.tickets.find((entry: unknown[]) => entry[0] === outside!.code);
    expect(TICKET_STATES[row[5]]).toBe('listed');
    expect((await withdraw(paid.accessToken, outside!.code)).statusCode).toBe(303);
    expect((await scan(t.app, owner, live.id, { code: outside!.code })).json().result).toBe('admitted');
  });

  it('an organiser refund of a listed ticket closes the listing and gives its place back once', async () => {
    const { live, typeId } = await soldOutEvent('Refund While Listed', 4);
    const paid = await buyPaidOrder(t.app, host, live.id, typeId, 2, 'refundlisted@example.com');
    const [first] = await ticketsOf(paid.id);
    expect((await list(paid.accessToken, first!.code)).statusCode).toBe(303);
    expect(await counters(live.id)).toMatchObject({ venue: 1 });
    expect((await refundRequest(t.app, owner, paid.id, { ticket_ids: [first!.id], reason: 'Asked' })).statusCode).toBe(
      200,
    );
    expect(await counters(live.id)).toMatchObject({ venue: 1, type: 1 });
    const [listing] = await db().select().from(resaleListing).where(eq(resaleListing.ticketId, first!.id));
    expect(listing!.status).toBe('withdrawn');
  });
});

describe('selling a listed ticket', () => {
  it('sells only once the organiser’s places are gone; voids the seller’s ticket, refunds its price once, e-mails them', async () => {
    const { live, typeId } = await soldOutEvent('Resale Night', 3);
    const seller = await buyPaidOrder(t.app, host, live.id, typeId, 2, 'seller@example.com');
    const [sold, kept] = await ticketsOf(seller.id);
    expect((await list(seller.accessToken, sold!.code)).statusCode).toBe(303);

    // One place of the organiser's own is left: it sells first, the listing stays.
    const early = await buyPaidOrder(t.app, host, live.id, typeId, 1, 'early@example.com');
    expect((await db().select().from(resaleListing).where(eq(resaleListing.ticketId, sold!.id)))[0]!.status).toBe(
      'listed',
    );
    expect((await orderRow(seller.id)).refundedMinor).toBe(0);

    // Sold out apart from the listing: the next buyer gets it, same price and fee.
    const later = await buyPaidOrder(t.app, host, live.id, typeId, 1, 'later@example.com');
    expect(later).toMatchObject({ amountMinor: 2000, feeMinor: early.feeMinor });
    const [listing] = await db().select().from(resaleListing).where(eq(resaleListing.ticketId, sold!.id));
    expect(listing).toMatchObject({ status: 'sold', buyerOrderId: later.id });
    const [newTicket] = await ticketsOf(later.id);
    expect(newTicket!.status).toBe('valid');
    expect(newTicket!.code).not.toBe(sold!.code);
    const sellerTickets = await ticketsOf(seller.id);
    expect(sellerTickets.find((row) => row.id === sold!.id)!.status).toBe('resold');
    expect(sellerTickets.find((row) => row.id === kept!.id)!.status).toBe('valid');
    expect(await orderRow(seller.id)).toMatchObject({
      status: 'partially_refunded',
      refundedMinor: 2000,
      refundedTickets: 1,
    });
    expect(await counters(live.id)).toMatchObject({ venue: 3, type: 3, held: 0 });

    // The refund job, run twice (a retry after a crash), moves the money once.
    const [refund] = await db().select().from(orderRefund).where(eq(orderRefund.id, listing!.refundId!));
    expect(refund).toMatchObject({ status: 'pending', amountMinor: 2000 });
    const afterSale = createAfterSale({
      db: db(),
      mailer: t.app.mailer,
      payments: t.app.payments,
      signer: t.app.checkout.signer,
      jobs: t.app.jobs,
      log: t.app.log,
      appUrl: t.config.appUrl,
      publicHost: t.config.publicHost,
    });
    const job = { refundId: refund!.id, organizationId: seller.organizationId };
    expect(await afterSale.sendRefund(job)).toBe('sent');
    expect(await afterSale.sendRefund(job)).toBe('skipped');
    await runAfterSaleJobs(t.app);
    expect(await refundedAtSandbox(seller.paymentIntentId!)).toBe(2000);
    const mails = await mailTo(t.app, 'seller@example.com');
    const resold = mails.filter((mail) => mail.subject.startsWith('Refund of £20.00'));
    expect(resold).toHaveLength(1);
    expect(resold[0]!.text).toContain('Your ticket was resold');

    // The order page and the organiser's detail say what happened.
    const page = await orderPage(t.app, host, seller.accessToken);
    expect(page.body).toContain('Resold · no longer valid · £20.00 refunded to you');
    const sellerDetail = await orderDetail(t.app, owner, seller.id);
    const change = sellerDetail.history.find((entry: { action: string }) => entry.action === 'resold');
    expect(change).toMatchObject({ ticket_code: sold!.code });
    expect(change.note).toContain(`bought by order ${later.code}`);
    const buyerDetail = await orderDetail(t.app, owner, later.id);
    expect(buyerDetail.history.map((entry: { action: string }) => entry.action)).toContain('bought_resale');
  });

  it('a withdrawal while a buyer holds the listed place is refused', async () => {
    const { live, typeId } = await soldOutEvent('Mid Checkout', 1);
    const seller = await buyPaidOrder(t.app, host, live.id, typeId, 1, 'midseller@example.com');
    const [own] = await ticketsOf(seller.id);
    expect((await list(seller.accessToken, own!.code)).statusCode).toBe(303);
    const held = await postCheckout(t.app, host, live.id, {
      ...buyer,
      email: 'holder@example.com',
      [`qty_${typeId}`]: '1',
    });
    expect(held.statusCode).toBe(303);
    const refused = await withdraw(seller.accessToken, own!.code);
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('Someone is buying this ticket right now');
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('concurrent buyers of one listed ticket (PostgreSQL)', () => {
  it('two fans buying the one listed place at once: one gets it, it is sold and refunded once', async () => {
    const { live, typeId } = await soldOutEvent('One Listed', 1);
    const seller = await buyPaidOrder(t.app, host, live.id, typeId, 1, 'oneseller@example.com');
    const [own] = await ticketsOf(seller.id);
    expect((await list(seller.accessToken, own!.code)).statusCode).toBe(303);
    const starts = await Promise.all(
      ['race1@example.com', 'race2@example.com'].map((email) =>
        postCheckout(t.app, host, live.id, { ...buyer, email, [`qty_${typeId}`]: '1' }),
      ),
    );
    // The loser is refused either by the hold itself (409, both read the place as free) or, when the winner's
    // hold was already in, by the form's availability check (400, sold out).
    const statuses = starts.map((response) => response.statusCode).sort();
    expect(statuses[0]).toBe(303);
    expect([400, 409]).toContain(statuses[1]);
    const winner = starts.find((response) => response.statusCode === 303)!;
    expect((await payWithCard(t.app, host, tokenFrom(winner.headers.location))).statusCode).toBe(303);
    const listings = await db().select().from(resaleListing).where(eq(resaleListing.ticketId, own!.id));
    expect(listings).toHaveLength(1);
    expect(listings[0]!.status).toBe('sold');
    expect(await counters(live.id)).toMatchObject({ venue: 1, type: 1, held: 0 });
  });

  it('two payments for two listed places at once claim one listing each', async () => {
    const { live, typeId } = await soldOutEvent('Two Listed', 2);
    const seller = await buyPaidOrder(t.app, host, live.id, typeId, 2, 'twoseller@example.com');
    for (const own of await ticketsOf(seller.id))
      expect((await list(seller.accessToken, own.code)).statusCode).toBe(303);
    const tokens = await Promise.all(
      ['pair1@example.com', 'pair2@example.com'].map(async (email) =>
        tokenFrom(
          (await postCheckout(t.app, host, live.id, { ...buyer, email, [`qty_${typeId}`]: '1' })).headers.location,
        ),
      ),
    );
    const paid = await Promise.all(tokens.map((token) => payWithCard(t.app, host, token)));
    expect(paid.map((response) => response.statusCode)).toEqual([303, 303]);
    const listings = await db()
      .select()
      .from(resaleListing)
      .where(and(eq(resaleListing.orderId, seller.id), eq(resaleListing.status, 'sold')));
    expect(listings).toHaveLength(2);
    expect(new Set(listings.map((listing) => listing.buyerOrderId)).size).toBe(2);
    expect(await orderRow(seller.id)).toMatchObject({ status: 'refunded', refundedMinor: 4000, refundedTickets: 2 });
    expect(await counters(live.id)).toMatchObject({ venue: 2, type: 2, held: 0 });
  });
});
