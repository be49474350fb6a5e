// The fan's side (decision 032): a refund request from the order page when 'Refunds Allowed' is on, approved or
// declined by the organiser (the fan e-mailed both ways), refused when the switch is off; and a ticket sent to
// someone else when 'Resale allowed' is on: the old code stops admitting, the new holder gets their own ticket
// by e-mail, and a checked-in, refunded or already transferred ticket (or the switch off) is refused.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AFTER_SALE_MESSAGES } from '@marquee/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import type { SignedInUser } from '../../../test/auth-helpers.js';
import { createLiveEvent, sellingOrganiser } from '../../../test/checkout-helpers.js';
import { buyPaidOrder, mailTo } from '../../../test/cancellation-helpers.js';
import {
  decide,
  fanPost,
  orderDetail,
  orderPage,
  refundRequest,
  runAfterSaleJobs,
} from '../../../test/after-sale-helpers.js';
import { order, ticket } from '../../db/schema/index.js';

let t: TestApp;
let owner: SignedInUser;
const host = 'fanside.localhost:3000';

beforeAll(async () => {
  t = await createTestApp();
  owner = await sellingOrganiser(t.app, 'fanside');
});
afterAll(() => t.close());

const db = () => t.database.db;
const ticketsOf = (orderId: string) =>
  db().select().from(ticket).where(eq(ticket.orderId, orderId)).orderBy(ticket.createdAt, ticket.code);
const escaped = (text: string) => text.replace(/'/g, '&#x27;');

describe('refund requests from the order page', () => {
  it('a fan asks, the organiser approves: the tickets stop admitting, the money goes back, the fan is e-mailed', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Ask Nicely', capacity: 10, refunds_allowed: true });
    const paid = await buyPaidOrder(t.app, host, live.id, live.ticket_types[0]!.id, 2, 'asker@example.com');
    const page = await orderPage(t.app, host, paid.accessToken);
    expect(page.body).toContain('Request a refund');

    const asked = await fanPost(t.app, host, `/orders/${paid.accessToken}/refund-request`, { reason: 'Ill that day' });
    expect(asked.statusCode).toBe(303);
    expect(asked.headers.location).toBe(`/orders/${paid.accessToken}?done=refund-requested`);
    const waiting = await t.app.inject({ method: 'GET', url: String(asked.headers.location), headers: { host } });
    expect(waiting.body).toContain('Your refund request is waiting for the organiser');
    const again = await fanPost(t.app, host, `/orders/${paid.accessToken}/refund-request`, { reason: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain(AFTER_SALE_MESSAGES.requestOpen);

    const detail = await orderDetail(t.app, owner, paid.id);
    const request = detail.refunds[0];
    expect(request).toMatchObject({
      status: 'requested',
      requested_by: 'fan',
      amount_minor: 4000,
      reason: 'Ill that day',
    });
    expect(detail.history.find((entry: { action: string }) => entry.action === 'refund_requested')).toMatchObject({
      actor: 'Fan',
      device: 'Safari on iOS',
    });

    const approved = await decide(t.app, owner, paid.id, request.id, { decision: 'approve' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'refunded', refunded_minor: 4000 });
    expect((await ticketsOf(paid.id)).map((entry) => entry.status)).toEqual(['refunded', 'refunded']);
    const twice = await decide(t.app, owner, paid.id, request.id, { decision: 'approve' });
    expect(twice.statusCode).toBe(409);

    await runAfterSaleJobs(t.app);
    const mails = await mailTo(t.app, 'asker@example.com');
    expect(mails.some((mail) => mail.text.includes('Your refund request was approved'))).toBe(true);
  });

  it('the organiser declines with a reason: the tickets stay valid and the fan is told why', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Firm Policy', capacity: 10, refunds_allowed: true });
    const paid = await buyPaidOrder(t.app, host, live.id, live.ticket_types[0]!.id, 1, 'decline@example.com');
    expect(
      (await fanPost(t.app, host, `/orders/${paid.accessToken}/refund-request`, { reason: 'Changed mind' })).statusCode,
    ).toBe(303);
    const request = (await orderDetail(t.app, owner, paid.id)).refunds[0];
    const noReason = await decide(t.app, owner, paid.id, request.id, { decision: 'decline' });
    expect(noReason.statusCode).toBe(400);
    const declined = await decide(t.app, owner, paid.id, request.id, {
      decision: 'decline',
      reason: 'Within 7 days only',
    });
    expect(declined.statusCode).toBe(200);
    expect(declined.json().refunds[0]).toMatchObject({ status: 'declined', decline_reason: 'Within 7 days only' });
    expect((await ticketsOf(paid.id))[0]!.status).toBe('valid');
    await runAfterSaleJobs(t.app);
    const mail = (await mailTo(t.app, 'decline@example.com')).find((entry) =>
      entry.subject.startsWith('Your refund request'),
    );
    expect(mail?.text).toContain('Within 7 days only');
    const page = await orderPage(t.app, host, paid.accessToken);
    expect(page.body).toContain('Your last refund request was declined: Within 7 days only');
  });

  it("with 'Refunds Allowed' off the page says refunds are not offered and the server refuses a request", async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'No Refunds', capacity: 10, refunds_allowed: false });
    const paid = await buyPaidOrder(t.app, host, live.id, live.ticket_types[0]!.id, 1, 'norefund@example.com');
    const page = await orderPage(t.app, host, paid.accessToken);
    expect(page.body).toContain('Refunds are not offered for this event.');
    expect(page.body).not.toContain('Request a refund');
    const refused = await fanPost(t.app, host, `/orders/${paid.accessToken}/refund-request`, { reason: 'Please' });
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain(AFTER_SALE_MESSAGES.refundsOff);
    expect((await orderDetail(t.app, owner, paid.id)).refunds).toEqual([]);
  });
});

describe('ticket transfers from the order page', () => {
  it('sends a ticket: the old code stops admitting, a new code is issued, the new holder gets their own ticket e-mail', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Pass It On', capacity: 10, resale_allowed: true });
    const paid = await buyPaidOrder(t.app, host, live.id, live.ticket_types[0]!.id, 2, 'giver@example.com');
    const [mine, kept] = await ticketsOf(paid.id);
    const sent = await fanPost(t.app, host, `/orders/${paid.accessToken}/transfer`, {
      confirm: 'yes',
      ticket: mine!.code,
      name: 'Robin Friend',
      email: 'Robin@Example.com',
    });
    expect(sent.statusCode).toBe(303);
    const rows = await ticketsOf(paid.id);
    const old = rows.find((entry) => entry.id === mine!.id)!;
    const fresh = rows.find((entry) => entry.transferredFromId === mine!.id)!;
    expect(old.status).toBe('transferred');
    expect(fresh).toMatchObject({ status: 'valid', holderName: 'Robin Friend', holderEmail: 'robin@example.com' });
    expect(fresh.code).not.toBe(mine!.code);
    expect(rows.find((entry) => entry.id === kept!.id)!.status).toBe('valid');

    const mails = await mailTo(t.app, 'robin@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Your ticket for Pass It On (${fresh.code})`);
    expect(mails[0]!.text).toContain('has sent you a ticket');
    // The giver's page: the old ticket marked as sent, without its QR; the new holder's ticket is not theirs.
    const page = await orderPage(t.app, host, paid.accessToken);
    expect(page.body).toContain('Sent to Robin Friend · no longer valid');
    expect(page.body).not.toContain(fresh.code);
    const detail = await orderDetail(t.app, owner, paid.id);
    expect(detail.history.find((entry: { action: string }) => entry.action === 'transferred')).toMatchObject({
      actor: 'Fan',
      device: 'Safari on iOS',
      ticket_code: mine!.code,
      note: `${mine!.code} → ${fresh.code} (Robin Friend)`,
    });

    // Sending the old code again is refused; so is the other ticket once checked in or refunded.
    const again = await fanPost(t.app, host, `/orders/${paid.accessToken}/transfer`, {
      confirm: 'yes',
      ticket: mine!.code,
      name: 'Sam',
      email: 'sam@example.com',
    });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain(escaped(AFTER_SALE_MESSAGES.transferNotValid));
    await db().update(ticket).set({ status: 'checked_in', checkedInAt: new Date() }).where(eq(ticket.id, kept!.id));
    const checkedIn = await fanPost(t.app, host, `/orders/${paid.accessToken}/transfer`, {
      confirm: 'yes',
      ticket: kept!.code,
      name: 'Sam',
      email: 'sam@example.com',
    });
    expect(checkedIn.statusCode).toBe(409);
    expect(checkedIn.body).toContain(AFTER_SALE_MESSAGES.transferCheckedIn);
    await db().update(ticket).set({ status: 'valid', checkedInAt: null }).where(eq(ticket.id, kept!.id));
    expect((await refundRequest(t.app, owner, paid.id, { ticket_ids: [kept!.id], reason: 'Back' })).statusCode).toBe(
      200,
    );
    const refunded = await fanPost(t.app, host, `/orders/${paid.accessToken}/transfer`, {
      confirm: 'yes',
      ticket: kept!.code,
      name: 'Sam',
      email: 'sam@example.com',
    });
    expect(refunded.statusCode).toBe(409);
    expect(await mailTo(t.app, 'sam@example.com')).toEqual([]);
  });

  it('asks the fan to confirm before sending: nothing moves until they say yes, and they can change the details', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Ask First', capacity: 10, resale_allowed: true });
    const paid = await buyPaidOrder(t.app, host, live.id, live.ticket_types[0]!.id, 1, 'asker@example.com');
    const [mine] = await ticketsOf(paid.id);
    const details = { ticket: mine!.code, name: 'Frank Friend', email: 'frank@example.com' };
    const asked = await fanPost(t.app, host, `/orders/${paid.accessToken}/transfer`, details);
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain(`Send ticket ${mine!.code} to Frank Friend (frank@example.com)?`);
    expect(asked.body).toContain('Your QR code for this ticket stops working at once, and this cannot be undone.');
    expect(asked.body).toContain('name="confirm" value="yes"');
    expect((await ticketsOf(paid.id)).map((entry) => entry.status)).toEqual(['valid']);

    const edit = await fanPost(t.app, host, `/orders/${paid.accessToken}/transfer`, { ...details, confirm: 'edit' });
    expect(edit.statusCode).toBe(200);
    expect(edit.body).toContain('value="Frank Friend"');
    expect(edit.body).not.toContain('name="confirm" value="yes"');
    expect((await ticketsOf(paid.id)).map((entry) => entry.status)).toEqual(['valid']);

    const yes = await fanPost(t.app, host, `/orders/${paid.accessToken}/transfer`, { ...details, confirm: 'yes' });
    expect(yes.statusCode).toBe(303);
    expect((await ticketsOf(paid.id)).map((entry) => entry.status).sort()).toEqual(['transferred', 'valid']);
  });

  it('refuses a bad name or address with the form kept, and a transfer when resale is off', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Keep It', capacity: 10, resale_allowed: false });
    const paid = await buyPaidOrder(t.app, host, live.id, live.ticket_types[0]!.id, 1, 'keeper@example.com');
    const [only] = await ticketsOf(paid.id);
    const page = await orderPage(t.app, host, paid.accessToken);
    expect(page.body).toContain('Transfers and resale are not offered for this event.');
    expect(page.body).not.toContain('Send to someone else');
    const off = await fanPost(t.app, host, `/orders/${paid.accessToken}/transfer`, {
      confirm: 'yes',
      ticket: only!.code,
      name: 'Al',
      email: 'al@example.com',
    });
    expect(off.statusCode).toBe(409);
    expect(off.body).toContain(AFTER_SALE_MESSAGES.resaleOff);

    const open = await createLiveEvent(t.app, owner, { name: 'Open House', capacity: 10, resale_allowed: true });
    const other = await buyPaidOrder(t.app, host, open.id, open.ticket_types[0]!.id, 1, 'host@example.com');
    const [mine] = await ticketsOf(other.id);
    const badEmail = await fanPost(t.app, host, `/orders/${other.accessToken}/transfer`, {
      confirm: 'yes',
      ticket: mine!.code,
      name: 'Al',
      email: 'not-an-address',
    });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.body).toContain(AFTER_SALE_MESSAGES.holderEmailInvalid);
    expect(badEmail.body).toContain('value="Al"');
    const noName = await fanPost(t.app, host, `/orders/${other.accessToken}/transfer`, {
      confirm: 'yes',
      ticket: mine!.code,
      name: ' ',
      email: 'al@example.com',
    });
    expect(noName.statusCode).toBe(400);
    expect(noName.body).toContain(escaped(AFTER_SALE_MESSAGES.holderNameRequired));
    const unknown = await fanPost(t.app, host, `/orders/${other.accessToken}/transfer`, {
      confirm: 'yes',
      ticket: 'T-AAAAAAAAAA',
      name: 'Al',
      email: 'al@example.com',
    });
    expect(unknown.statusCode).toBe(404);
    expect((await ticketsOf(other.id)).map((entry) => entry.status)).toEqual(['valid']);
    expect((await db().select().from(order).where(eq(order.id, other.id)))[0]!.status).toBe('paid');
  });
});
