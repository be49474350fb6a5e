// Cancelling an event with resale listings and a waiting list (decision 035): every listing is withdrawn (and its
// place counted once when the refunds run), waiting fans and open offers are closed, and no offer e-mail goes
// out after the cancellation, even from jobs queued before it.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import type { SignedInUser } from '../../../test/auth-helpers.js';
import { createLiveEvent, fanIp, form, sellingOrganiser } from '../../../test/checkout-helpers.js';
import { buyPaidOrder, cancelRequest, mailTo, runRefundJobs } from '../../../test/cancellation-helpers.js';
import { fanPost, orderPage } from '../../../test/after-sale-helpers.js';
import { event, order, resaleListing, ticket, ticketType, waitlistEntry } from '../../db/schema/index.js';
import { runWaitlist } from './waitlist.service.js';
import { listTicket } from './resale.service.js';

let t: TestApp;
let owner: SignedInUser;
const host = 'resalecancel.localhost:3000';

beforeAll(async () => {
  t = await createTestApp();
  owner = await sellingOrganiser(t.app, 'resalecancel');
});
afterAll(() => t.close());

const db = () => t.database.db;
const join = (slug: string, email: string) =>
  t.app.inject({
    method: 'POST',
    url: `/events/${slug}/waitlist`,
    headers: { host, origin: `http://${host}`, 'content-type': 'application/x-www-form-urlencoded' },
    remoteAddress: fanIp(),
    payload: form({ email, quantity: '1', type: '' }),
  });

describe('cancelling an event with listings and a waiting list', () => {
  it('withdraws every listing, closes the line and its offers, and sends no offer afterwards', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Called Off', capacity: 3, resale_allowed: true });
    const typeId = live.ticket_types[0]!.id;
    const seller = await buyPaidOrder(t.app, host, live.id, typeId, 2, 'cancel-seller@example.com');
    await buyPaidOrder(t.app, host, live.id, typeId, 1, 'cancel-other@example.com');
    expect((await join(live.slug, 'first-in-line@example.com')).statusCode).toBe(303);
    const [one, two] = await db().select().from(ticket).where(eq(ticket.orderId, seller.id));
    expect((await fanPost(t.app, host, `/orders/${seller.accessToken}/resale`, { ticket: one!.code })).statusCode).toBe(
      303,
    );
    // The first in line is offered the listed place.
    await runWaitlist(db(), t.app.jobs, { eventId: live.id, organizationId: seller.organizationId });
    expect((await db().select().from(waitlistEntry).where(eq(waitlistEntry.eventId, live.id)))[0]!.status).toBe(
      'offered',
    );
    expect((await join(live.slug, 'second-in-line@example.com')).statusCode).toBe(303);
    // The second listing queues a run for the second in line; the cancellation comes before it runs.
    await listTicket(db(), t.app.jobs, {
      organizationId: seller.organizationId,
      orderId: seller.id,
      ticketCode: two!.code,
      device: null,
    });

    expect((await cancelRequest(t.app, owner, live.id, { reason: 'Storm', confirm: 'Called Off' })).statusCode).toBe(
      200,
    );
    const listings = await db().select().from(resaleListing).where(eq(resaleListing.eventId, live.id));
    expect(listings.map((listing) => listing.status)).toEqual(['withdrawn', 'withdrawn']);
    const entries = await db().select().from(waitlistEntry).where(eq(waitlistEntry.eventId, live.id));
    expect(entries.map((entry) => entry.status).sort()).toEqual(['expired', 'expired']);
    const offer = entries.find((entry) => entry.offerOrderId)!;
    expect((await db().select().from(order).where(eq(order.id, offer.offerOrderId!)))[0]!.status).toBe('cancelled');

    // Jobs queued before the cancellation (the run after the second listing, the offer e-mail) do nothing now.
    await t.app.waitlist.deliverQueued();
    await t.app.waitlist.sweep();
    expect((await mailTo(t.app, 'second-in-line@example.com')).filter((mail) => mail.subject.includes('held'))).toEqual(
      [],
    );
    const entriesAfter = await db().select().from(waitlistEntry).where(eq(waitlistEntry.eventId, live.id));
    expect(entriesAfter.map((entry) => entry.status).sort()).toEqual(['expired', 'expired']);

    // The refunds give every place back once: nothing sold, nothing held, and the seller's page offers no resale.
    await runRefundJobs(t.app);
    const [venue] = await db().select({ sold: event.sold, held: event.held }).from(event).where(eq(event.id, live.id));
    expect(venue).toEqual({ sold: 0, held: 0 });
    const [type] = await db().select({ sold: ticketType.sold }).from(ticketType).where(eq(ticketType.id, typeId));
    expect(type!.sold).toBe(0);
    expect((await orderPage(t.app, host, seller.accessToken)).body).not.toContain('Withdraw listing');
  });
});
