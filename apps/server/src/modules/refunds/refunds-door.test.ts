// Refunds respect the door (issue 30 point 3, decision 046): a checked-in ticket is refunded only after the
// organiser's second, explicit yes, and then its money only (the entry stands, the place is not put back on sale);
// a fan cannot ask to refund a ticket already used; a ticket refund never gives back more than the ticket cost.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AFTER_SALE_MESSAGES } from '@marquee/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import type { SignedInUser } from '../../../test/auth-helpers.js';
import { createLiveEvent, sellingOrganiser } from '../../../test/checkout-helpers.js';
import { buyPaidOrder } from '../../../test/cancellation-helpers.js';
import { fanPost, orderDetail, refundRequest } from '../../../test/after-sale-helpers.js';
import { checkinGet, scan } from '../../../test/checkin-helpers.js';
import { event, order, ticket } from '../../db/schema/index.js';

let t: TestApp;
let owner: SignedInUser;
const host = 'doorrefunds.localhost:3000';

beforeAll(async () => {
  t = await createTestApp();
  owner = await sellingOrganiser(t.app, 'doorrefunds');
});
afterAll(() => t.close());

const db = () => t.database.db;
const ticketsOf = (orderId: string) =>
  db().select().from(ticket).where(eq(ticket.orderId, orderId)).orderBy(ticket.createdAt, ticket.code);
const soldOf = async (eventId: string) =>
  (await db().select({ sold: event.sold }).from(event).where(eq(event.id, eventId)))[0]!.sold;

describe('refunding checked-in tickets', () => {
  it('is refused without the second yes, and with it refunds the money only: the entry stands, no place goes back', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Inside Already', capacity: 10 });
    const paid = await buyPaidOrder(t.app, host, live.id, live.ticket_types[0]!.id, 3, 'inside@example.com');
    const [a, b, c] = await ticketsOf(paid.id);
    for (const entry of [a, b])
      expect((await scan(t.app, owner, live.id, { code: entry!.code })).json().result).toBe('admitted');
    const counts = async () => (await checkinGet(t.app, owner, `/api/checkin/events/${live.id}`)).json();
    expect(await counts()).toMatchObject({ checked_in: 2, sold: 3 });

    const refused = await refundRequest(t.app, owner, paid.id, { ticket_ids: [a!.id, b!.id], reason: 'Sound was off' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      code: 'CONFIRMATION_REQUIRED',
      message: AFTER_SALE_MESSAGES.checkedInConfirm([a!.code, b!.code]),
    });
    expect(refused.json().error.message).toContain('does not undo the entry');
    expect((await ticketsOf(paid.id)).map((entry) => entry.status)).toEqual(['checked_in', 'checked_in', 'valid']);
    expect((await db().select().from(order).where(eq(order.id, paid.id)))[0]).toMatchObject({ refundedMinor: 0 });

    const confirmed = await refundRequest(t.app, owner, paid.id, {
      ticket_ids: [a!.id, b!.id],
      reason: 'Sound was off',
      confirm_checked_in: true,
    });
    expect(confirmed.statusCode).toBe(200);
    const detail = confirmed.json();
    expect(detail.refunded_minor).toBe(2 * 2000);
    const shown = detail.tickets.map((entry: { code: string; status: string; refunded_minor: number }) => [
      entry.code,
      entry.status,
      entry.refunded_minor,
    ]);
    expect(shown).toEqual([
      [a!.code, 'checked_in', 2000],
      [b!.code, 'checked_in', 2000],
      [c!.code, 'valid', 0],
    ]);
    expect(detail.tickets[0].checked_in_at).toEqual(expect.any(String));
    // The people are inside: the places are not put back on sale and the door still says they are in.
    expect(await soldOf(live.id)).toBe(3);
    expect(await counts()).toMatchObject({ checked_in: 2, sold: 3 });
    expect((await scan(t.app, owner, live.id, { code: a!.code })).json().result).toBe('already_checked_in');
    // Its money is gone: the same ticket cannot be refunded again.
    const again = await refundRequest(t.app, owner, paid.id, {
      ticket_ids: [a!.id],
      reason: 'Again',
      confirm_checked_in: true,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(AFTER_SALE_MESSAGES.ticketAlreadyRefunded);
  });

  it('a fan cannot ask to refund tickets they used, and the page does not offer it', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Used Up', capacity: 10 });
    const paid = await buyPaidOrder(t.app, host, live.id, live.ticket_types[0]!.id, 1, 'used@example.com');
    const [only] = await ticketsOf(paid.id);
    expect((await scan(t.app, owner, live.id, { code: only!.code })).json().result).toBe('admitted');
    const page = await t.app.inject({ method: 'GET', url: `/orders/${paid.accessToken}`, headers: { host } });
    expect(page.body).not.toContain('Ask for a refund');
    const asked = await fanPost(t.app, host, `/orders/${paid.accessToken}/refund-request`, { reason: 'Left early' });
    expect(asked.statusCode).toBe(409);
    expect(asked.body).toContain(AFTER_SALE_MESSAGES.requestCheckedIn);
    expect((await orderDetail(t.app, owner, paid.id)).refunds).toEqual([]);
  });
});

describe('a ticket refund is never more than the ticket cost', () => {
  it('refuses £30 for a £20 ticket, takes £20, and counts what was refunded of it', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Exact Change', capacity: 10 });
    const paid = await buyPaidOrder(t.app, host, live.id, live.ticket_types[0]!.id, 2, 'exact@example.com');
    const [first] = await ticketsOf(paid.id);
    const tooMuch = await refundRequest(t.app, owner, paid.id, {
      ticket_ids: [first!.id],
      amount_minor: 3000,
      reason: 'Goodwill',
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error.message).toBe(AFTER_SALE_MESSAGES.ticketAmountTooHigh('£20.00'));
    expect((await ticketsOf(paid.id)).map((entry) => entry.status)).toEqual(['valid', 'valid']);

    const part = await refundRequest(t.app, owner, paid.id, {
      ticket_ids: [first!.id],
      amount_minor: 1500,
      reason: 'Part',
    });
    expect(part.statusCode).toBe(200);
    expect(part.json().tickets[0]).toMatchObject({ status: 'refunded', refunded_minor: 1500 });
    expect(part.json().refunded_minor).toBe(1500);
  });
});
