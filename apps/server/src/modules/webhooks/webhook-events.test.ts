// Each event type recorded at its writer, through the real flows: a refund, a transfer from the order page, a
// check-in at the door, cancelling an event (with its refunds), and a waiting-list offer. Each arrives signed at
// the receiver with the data a receiver needs; an endpoint gets only the types it chose.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { grantPro } from '../../../test/plan-helpers.js';
import { createLiveEvent, fanIp, form, sellingOrganiser } from '../../../test/checkout-helpers.js';
import { buyPaidOrder, cancelRequest, runRefundJobs } from '../../../test/cancellation-helpers.js';
import { fanPost, refundRequest } from '../../../test/after-sale-helpers.js';
import { organizationOf, scan } from '../../../test/checkin-helpers.js';
import type { SignedInUser } from '../../../test/auth-helpers.js';
import { addEndpoint, startReceiver, type Receiver } from '../../../test/webhook-helpers.js';
import { ticket } from '../../db/schema/index.js';
import { runWaitlist } from '../resale/waitlist.service.js';

let t: TestApp;
let owner: SignedInUser;
let organizationId: string;
let receiver: Receiver;
let onlyRefunds: Receiver;
const host = 'writers.localhost:3000';

const delivered = async () => {
  await t.app.webhooks.dispatcher.drain();
  return receiver.accepted;
};
const ofType = (type: string) => receiver.accepted.filter((entry) => entry.type === type);

beforeAll(async () => {
  t = await createTestApp();
  owner = await sellingOrganiser(t.app, 'writers');
  organizationId = await organizationOf(t.app, owner);
  await grantPro(t.app.db, organizationId);
  receiver = await startReceiver();
  onlyRefunds = await startReceiver();
  await addEndpoint(t.app, owner, receiver);
  await addEndpoint(t.app, owner, onlyRefunds, ['order.refunded']);
});
afterAll(async () => {
  await receiver.close();
  await onlyRefunds.close();
  await t.close();
});
beforeEach(() => {
  receiver.accepted.length = 0;
  onlyRefunds.accepted.length = 0;
});

describe('webhook events at their writers', () => {
  it('order.refunded when the organiser refunds a ticket, to the endpoints that chose it only', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Refund Night' });
    const paid = await buyPaidOrder(t.app, host, live.id, live.ticket_types[0]!.id, 2, 'rae@example.com');
    const [one] = await t.app.db.select().from(ticket).where(eq(ticket.orderId, paid.id));
    const refunded = await refundRequest(t.app, owner, paid.id, { ticket_ids: [one!.id], reason: 'Cannot come' });
    expect(refunded.statusCode).toBe(200);
    await delivered();
    const [event] = ofType('order.refunded');
    expect(event!.data).toMatchObject({
      order: { id: paid.id, status: 'partially_refunded' },
      refund: { amount_minor: 2000, currency: 'GBP' },
    });
    expect(onlyRefunds.accepted.map((entry) => entry.type)).toEqual(['order.refunded']);
  });

  it('ticket.transferred when a fan sends a ticket from the order page', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Pass Night', resale_allowed: true });
    const paid = await buyPaidOrder(t.app, host, live.id, live.ticket_types[0]!.id, 1, 'gia@example.com');
    const [mine] = await t.app.db.select().from(ticket).where(eq(ticket.orderId, paid.id));
    const sent = await fanPost(t.app, host, `/orders/${paid.accessToken}/transfer`, {
      confirm: 'yes',
      ticket: mine!.code,
      name: 'Robin Friend',
      email: 'robin@example.com',
    });
    expect(sent.statusCode).toBe(303);
    await delivered();
    expect(ofType('ticket.transferred').map((entry) => entry.data.ticket)).toEqual([
      expect.objectContaining({ previous_ticket_id: mine!.id, holder_email: 'robin@example.com', order_id: paid.id }),
    ]);
  });

  it('ticket.checked_in when the door admits a ticket, once (a second scan is a duplicate, not a check-in)', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Door Night' });
    const paid = await buyPaidOrder(t.app, host, live.id, live.ticket_types[0]!.id, 1, 'dee@example.com');
    const [mine] = await t.app.db.select().from(ticket).where(eq(ticket.orderId, paid.id));
    const payload = t.app.checkout.signer.payloadFor({ code: mine!.code, eventId: live.id });
    expect((await scan(t.app, owner, live.id, { payload })).json().result).toBe('admitted');
    await scan(t.app, owner, live.id, { payload });
    await delivered();
    const checkIns = ofType('ticket.checked_in');
    expect(checkIns).toHaveLength(1);
    expect(checkIns[0]!.data).toMatchObject({ ticket: { id: mine!.id, event_id: live.id }, check_in: {} });
  });

  it('event.published and event.cancelled, with the cancelled event refunds as order.refunded', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Rained Off' });
    const paid = await buyPaidOrder(t.app, host, live.id, live.ticket_types[0]!.id, 1, 'cal@example.com');
    const cancelled = await cancelRequest(t.app, owner, live.id, { reason: 'Storms.', confirm: 'Rained Off' });
    expect(cancelled.statusCode).toBe(200);
    await runRefundJobs(t.app);
    await delivered();
    expect(ofType('event.published').map((entry) => entry.data.event)).toEqual([
      expect.objectContaining({ id: live.id, name: 'Rained Off', status: 'live' }),
    ]);
    expect(ofType('event.cancelled').map((entry) => entry.data.event)).toEqual([
      expect.objectContaining({ id: live.id, status: 'cancelled' }),
    ]);
    expect(ofType('order.refunded').map((entry) => entry.data.order)).toEqual([
      expect.objectContaining({ id: paid.id, status: 'refunded' }),
    ]);
  });

  it('waitlist.offered when a returned place is offered to the first in line', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Line Night', capacity: 1 });
    const first = await buyPaidOrder(t.app, host, live.id, live.ticket_types[0]!.id, 1, 'one@example.com');
    const joined = await t.app.inject({
      method: 'POST',
      url: `/events/${live.slug}/waitlist`,
      headers: { host, origin: `http://${host}`, 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress: fanIp(),
      payload: form({ email: 'wait@example.com', quantity: '1', type: '' }),
    });
    expect(joined.statusCode).toBe(303);
    const [own] = await t.app.db.select().from(ticket).where(eq(ticket.orderId, first.id));
    await refundRequest(t.app, owner, first.id, { ticket_ids: [own!.id], reason: 'Asked' });
    expect(await runWaitlist(t.app.db, t.app.jobs, { eventId: live.id, organizationId })).toHaveLength(1);
    await delivered();
    expect(ofType('waitlist.offered').map((entry) => entry.data.waitlist_entry)).toEqual([
      expect.objectContaining({ event_id: live.id, email: 'wait@example.com', quantity: 1 }),
    ]);
  });
});
