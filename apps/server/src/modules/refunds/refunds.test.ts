// The organiser's refunds on the sandbox provider (decision 032): one ticket of a two-ticket order, partial
// amounts, every refusal with its message, the figures after a partial refund (and a later cancellation), the
// fan's e-mail, and the audit trail with who and which device.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AFTER_SALE_MESSAGES } from '@marquee/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import type { SignedInUser } from '../../../test/auth-helpers.js';
import { createLiveEvent, sellingOrganiser } from '../../../test/checkout-helpers.js';
import { buyPaidOrder, cancelRequest, mailTo, runRefundJobs } from '../../../test/cancellation-helpers.js';
import { orderDetail, refundRequest, runAfterSaleJobs } from '../../../test/after-sale-helpers.js';
import {
  customer,
  event,
  order,
  orderRefund,
  salesDaily,
  sandboxCheckoutSession,
  ticket,
  ticketType,
} from '../../db/schema/index.js';

let t: TestApp;
let owner: SignedInUser;
let stranger: SignedInUser;
const host = 'refundco.localhost:3000';

beforeAll(async () => {
  t = await createTestApp();
  owner = await sellingOrganiser(t.app, 'refundco');
  stranger = await sellingOrganiser(t.app, 'refundrival');
});
afterAll(() => t.close());

const db = () => t.database.db;
const refundedAtProvider = async (paymentIntentId: string) =>
  (
    await db().select().from(sandboxCheckoutSession).where(eq(sandboxCheckoutSession.paymentIntentId, paymentIntentId))
  )[0]!.amountRefunded;
const ticketsOf = (orderId: string) =>
  db().select().from(ticket).where(eq(ticket.orderId, orderId)).orderBy(ticket.code);
const soldOf = async (eventId: string) =>
  (await db().select({ sold: event.sold }).from(event).where(eq(event.id, eventId)))[0]!.sold;

describe('POST /api/orders/:orderId/refunds', () => {
  it('refunds one ticket of two: it stops admitting, its place is released, the money goes back without the fee, the fan is e-mailed, the trail says who and from where', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Two Step', capacity: 10 });
    const typeId = live.ticket_types[0]!.id;
    const paid = await buyPaidOrder(t.app, host, live.id, typeId, 2, 'two-step@example.com');
    const [first, second] = await ticketsOf(paid.id);
    expect(await soldOf(live.id)).toBe(2);

    const response = await refundRequest(t.app, owner, paid.id, { ticket_ids: [first!.id], reason: 'Cannot come' });
    expect(response.statusCode).toBe(200);
    const detail = response.json();
    expect(detail.status).toBe('partially_refunded');
    expect(detail.refunded_minor).toBe(2000);
    expect(detail.refundable_minor).toBe(2000);
    expect(detail.tickets.map((entry: { code: string; status: string }) => [entry.code, entry.status])).toEqual([
      [first!.code, 'refunded'],
      [second!.code, 'valid'],
    ]);
    expect(detail.refunds).toEqual([
      expect.objectContaining({
        status: 'succeeded',
        amount_minor: 2000,
        ticket_codes: [first!.code],
        reason: 'Cannot come',
      }),
    ]);
    // The ticket price only: the booking fee stays with the platform (decision 032).
    expect(await refundedAtProvider(paid.paymentIntentId!)).toBe(2000);
    expect(await soldOf(live.id)).toBe(1);
    const [type] = await db().select().from(ticketType).where(eq(ticketType.id, typeId));
    expect(type!.sold).toBe(1);

    const refunded = detail.history.find((entry: { action: string }) => entry.action === 'refunded');
    expect(refunded).toMatchObject({
      actor: expect.any(String),
      device: 'Chrome on macOS',
      ticket_code: first!.code,
      note: `£20.00 · ${first!.code} · Cannot come`,
      to_status: 'partially_refunded',
    });
    expect(refunded.actor).not.toBe('Fan');
    expect(
      detail.history.some(
        (entry: { action: string; actor: string }) =>
          entry.action === 'refund_sent' && entry.actor === 'Payment provider',
      ),
    ).toBe(true);

    await runAfterSaleJobs(t.app);
    const mails = await mailTo(t.app, 'two-step@example.com');
    const refundMail = mails.find((mail) => mail.subject.startsWith('Refund of £20.00'));
    expect(refundMail?.text).toContain(first!.code);
    expect(refundMail?.text).toContain('Cannot come');
    // Sent once, however often the job runs.
    await runAfterSaleJobs(t.app);
    expect(
      (await mailTo(t.app, 'two-step@example.com')).filter((mail) => mail.subject.startsWith('Refund of')),
    ).toHaveLength(1);
  });

  it('a partial refund moves the figures by what was refunded; a later cancellation refunds only what is left, without counting anything twice', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Half Measures', capacity: 10 });
    const typeId = live.ticket_types[0]!.id;
    const paid = await buyPaidOrder(t.app, host, live.id, typeId, 3, 'half@example.com');
    const [one] = await ticketsOf(paid.id);
    // One ticket back (£20) and then £5 of goodwill on the rest.
    expect((await refundRequest(t.app, owner, paid.id, { ticket_ids: [one!.id], reason: 'One less' })).statusCode).toBe(
      200,
    );
    expect((await refundRequest(t.app, owner, paid.id, { amount_minor: 500, reason: 'Late doors' })).statusCode).toBe(
      200,
    );
    const day = (rows: Array<typeof salesDaily.$inferSelect>) => rows.find((row) => row.eventId === live.id)!;
    const sales = day(await db().select().from(salesDaily).where(eq(salesDaily.eventId, live.id)));
    expect(sales).toMatchObject({ orders: 1, tickets: 2, revenueMinor: 6000 - 2000 - 500, feeMinor: paid.feeMinor });
    const [buyer] = await db()
      .select()
      .from(customer)
      .where(and(eq(customer.organizationId, paid.organizationId), eq(customer.email, 'half@example.com')));
    expect(buyer).toMatchObject({ orders: 1, tickets: 2, spendMinor: 3500 });
    const [row] = await db().select().from(order).where(eq(order.id, paid.id));
    expect(row).toMatchObject({ status: 'partially_refunded', refundedMinor: 2500, refundedTickets: 1 });
    expect(await soldOf(live.id)).toBe(2);

    expect((await cancelRequest(t.app, owner, live.id, { reason: 'Flood', confirm: 'Half Measures' })).statusCode).toBe(
      200,
    );
    await runRefundJobs(t.app);
    expect(await soldOf(live.id)).toBe(0);
    const after = day(await db().select().from(salesDaily).where(eq(salesDaily.eventId, live.id)));
    expect(after).toMatchObject({ orders: 0, tickets: 0, revenueMinor: 0, feeMinor: 0 });
    expect(
      await db()
        .select()
        .from(customer)
        .where(and(eq(customer.organizationId, paid.organizationId), eq(customer.email, 'half@example.com'))),
    ).toEqual([]);
    // Everything paid went back once: £25 by the organiser, the rest (£35 and the booking fee) by the cancellation.
    expect(await refundedAtProvider(paid.paymentIntentId!)).toBe(paid.amountMinor + paid.feeMinor);
    expect((await db().select().from(order).where(eq(order.id, paid.id)))[0]!.refundedMinor).toBe(
      paid.amountMinor + paid.feeMinor,
    );
  });

  it('refuses with a clear message: above what is left, an already refunded ticket, a ticket of another order, nothing chosen, a refunded order, a bad reason', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'No Way', capacity: 10 });
    const typeId = live.ticket_types[0]!.id;
    const paid = await buyPaidOrder(t.app, host, live.id, typeId, 2, 'noway@example.com');
    const other = await buyPaidOrder(t.app, host, live.id, typeId, 1, 'other@example.com');
    const [first, second] = await ticketsOf(paid.id);
    const [foreign] = await ticketsOf(other.id);
    const expectError = async (payload: unknown, status: number, message: string, orderId = paid.id) => {
      const response = await refundRequest(t.app, owner, orderId, payload);
      expect(response.statusCode).toBe(status);
      expect(response.json().error.message).toBe(message);
    };

    await expectError({ amount_minor: 4001, reason: 'Too much' }, 400, AFTER_SALE_MESSAGES.amountTooHigh('£40.00'));
    await expectError({ ticket_ids: [foreign!.id], reason: 'Wrong order' }, 400, AFTER_SALE_MESSAGES.ticketNotInOrder);
    await expectError({ ticket_ids: [], reason: 'Nothing' }, 400, AFTER_SALE_MESSAGES.nothingToRefund);
    const blank = await refundRequest(t.app, owner, paid.id, { ticket_ids: [first!.id], reason: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toContain(AFTER_SALE_MESSAGES.reasonRequired);
    const control = await refundRequest(t.app, owner, paid.id, { ticket_ids: [first!.id], reason: 'bad\u0007' });
    expect(control.statusCode).toBe(400);

    expect((await refundRequest(t.app, owner, paid.id, { ticket_ids: [first!.id], reason: 'Fine' })).statusCode).toBe(
      200,
    );
    await expectError({ ticket_ids: [first!.id], reason: 'Again' }, 409, AFTER_SALE_MESSAGES.ticketAlreadyRefunded);
    // A ticket's refund is at most its price: £20.01 for a £20 ticket is too much.
    await expectError(
      { ticket_ids: [second!.id], amount_minor: 2001, reason: 'Over' },
      400,
      AFTER_SALE_MESSAGES.ticketAmountTooHigh('£20.00'),
    );
    expect((await refundRequest(t.app, owner, paid.id, { ticket_ids: [second!.id], reason: 'Rest' })).statusCode).toBe(
      200,
    );
    await expectError({ amount_minor: 1, reason: 'More' }, 409, AFTER_SALE_MESSAGES.orderFullyRefunded);
    const [row] = await db().select().from(order).where(eq(order.id, paid.id));
    expect(row).toMatchObject({ status: 'refunded', refundedMinor: 4000, refundedTickets: 2 });
    expect(await refundedAtProvider(paid.paymentIntentId!)).toBe(4000);
  });

  it("another organisation's order is a 404 and nothing changes", async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Mine Alone', capacity: 10 });
    const paid = await buyPaidOrder(t.app, host, live.id, live.ticket_types[0]!.id, 1, 'mine@example.com');
    const [only] = await ticketsOf(paid.id);
    const response = await refundRequest(t.app, stranger, paid.id, { ticket_ids: [only!.id], reason: 'Steal' });
    expect(response.statusCode).toBe(404);
    expect((await ticketsOf(paid.id))[0]!.status).toBe('valid');
    expect(await db().select().from(orderRefund).where(eq(orderRefund.orderId, paid.id))).toEqual([]);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/orders/${paid.id}`, headers: { cookie: stranger.cookie } }))
        .statusCode,
    ).toBe(404);
    expect((await orderDetail(t.app, owner, paid.id)).refunds).toEqual([]);
  });
});
