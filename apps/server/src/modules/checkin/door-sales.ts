// Selling tickets at the door (issue 14, point 3): only when the event has 'Sold On Entry'. Capacity is taken
// with the checkout's own inventory rule (sellWithoutHold: a conditional update of the type's and the event's
// counters, `sold + held + n <= capacity`), so door and online sales together never oversell. The order is
// paid at once by cash or the organiser's own card terminal (recorded as the payment method; no online
// payment, no booking fee: see decision 031), its tickets are checked in at once, and the buyer's e-mail, when
// given, gets the tickets.
import { and, eq, sql } from 'drizzle-orm';
import { vatInGross, type DoorSaleAnswer, type DoorSaleRequest, type CurrencyCode } from '@marquee/shared';
import type { Database } from '../../db/client.js';
import { order, orderChange, orderLine, ticket } from '../../db/schema/index.js';
import { AppError, badRequest, conflict } from '../../lib/errors.js';
import { isUniqueViolation } from '../../db/errors.js';
import { QUEUES, type JobQueue } from '../../jobs/queue.js';
import { EVENT_NOT_FOUND } from '../events/events.service.js';
import { newAccessToken, newOrderCode, newTicketCode } from '../../lib/codes.js';
import { recordDailySale, recordSale } from '../checkout/sale-rollups.js';
import { NotEnoughTickets, sellWithoutHold } from '../stock/stock.js';
import type { CheckoutNotifier } from '../checkout/notifier.js';
import { loadStorefrontEvent } from '../checkout/storefront-event.js';
import { eventCounts } from './checkin.judge.js';
import type { Scanner } from './checkin.scan.js';
import { moveTickets } from '../tickets/ticket-moves.js';
import { receiptOf } from '../receipts/documents.service.js';

export const DOOR_SALES_OFF = 'This event does not sell tickets on entry';

export interface DoorSaleDeps {
  db: Database;
  jobs: JobQueue;
  notifier: CheckoutNotifier;
  onMailError: (error: unknown) => void;
}

export async function sellAtDoor(
  deps: DoorSaleDeps,
  scanner: Scanner,
  eventId: string,
  request: DoorSaleRequest,
): Promise<DoorSaleAnswer> {
  const { db } = deps;
  const submissionKey = `door:${request.sale_id}`;
  // The same sale sent again (a double tap, a retry after a lost answer): the order it made, not a second one.
  const earlier = await doorSaleAnswerFor(db, scanner.organizationId, eventId, submissionKey);
  if (earlier) return earlier;
  const current = await loadStorefrontEvent(db, scanner.organizationId, eventId);
  if (!current) throw new AppError('NOT_FOUND', EVENT_NOT_FOUND);
  if (!current.row.soldOnEntry) throw conflict(DOOR_SALES_OFF);
  if (current.closedReason === 'cancelled') throw conflict('This event is cancelled');
  if (current.closedReason === 'ended') throw conflict('This event has ended');

  const wanted = new Map<string, number>();
  for (const line of request.lines)
    wanted.set(line.ticket_type_id, (wanted.get(line.ticket_type_id) ?? 0) + line.quantity);
  const lines = [...wanted].map(([ticketTypeId, quantity]) => {
    const type = current.types.find((candidate) => candidate.id === ticketTypeId);
    if (!type) throw badRequest('That ticket type is not on sale');
    if (quantity > type.maxPerOrder) throw badRequest(`At most ${type.maxPerOrder} ${type.name} tickets per sale`);
    return { ticketTypeId, quantity, type };
  });
  const email = (request.email ?? '').trim().toLowerCase();
  const currency = lines[0]!.type.currency as CurrencyCode;
  const amount = lines.reduce((sum, line) => sum + line.type.priceMinor * line.quantity, 0);
  // The VAT inside each type's price at its category's rate, as the event page read it (decisions 138, 139).
  const unitVat = (line: (typeof lines)[number]) => vatInGross(line.type.priceMinor, line.type.vat.rateBp);
  const vatMinor = lines.reduce((sum, line) => sum + unitVat(line) * line.quantity, 0);
  const quantity = lines.reduce((sum, line) => sum + line.quantity, 0);
  const now = new Date();

  const sale = await db
    .transaction(async (tx) => {
      await sellWithoutHold(
        tx,
        current.row.id,
        lines.map(({ ticketTypeId, quantity: count }) => ({ ticketTypeId, quantity: count })),
      );
      const [created] = await tx
        .insert(order)
        .values({
          organizationId: scanner.organizationId,
          eventId: current.row.id,
          code: newOrderCode(),
          accessToken: newAccessToken(),
          status: 'paid',
          channel: 'door',
          customerEmail: email,
          quantity,
          amountMinor: amount,
          feeMinor: 0,
          vatMinor,
          currency,
          paymentProvider: `door_${request.payment_method}`,
          submissionKey,
          createdAt: now,
          updatedAt: now,
          paidAt: now,
        })
        .returning();
      const paid = created!;
      const orderLines = await tx
        .insert(orderLine)
        .values(
          lines.map((line) => ({
            organizationId: scanner.organizationId,
            orderId: paid.id,
            ticketTypeId: line.ticketTypeId,
            name: line.type.name,
            quantity: line.quantity,
            unitPriceMinor: line.type.priceMinor,
            unitFeeMinor: 0,
            unitVatMinor: unitVat(line),
            vatRateBp: line.type.vat.rateBp,
            vatCategory: line.type.vat.category,
          })),
        )
        .returning();
      const tickets = await tx
        .insert(ticket)
        .values(
          orderLines.flatMap((line) =>
            Array.from({ length: line.quantity }, () => ({
              organizationId: scanner.organizationId,
              orderId: paid.id,
              orderLineId: line.id,
              eventId: current.row.id,
              ticketTypeId: line.ticketTypeId,
              code: newTicketCode(),
            })),
          ),
        )
        .returning({ id: ticket.id, code: ticket.code, ticketTypeId: ticket.ticketTypeId });
      // Bought at the door, so in at once.
      for (const sold of tickets)
        await tx.execute(sql`
          insert into check_in (organization_id, event_id, ticket_id, status, method, scanned_at, device_id, user_id, user_name)
          values (${scanner.organizationId}, ${current.row.id}, ${sold.id}, 'admitted', 'door', ${now.toISOString()}::timestamptz,
            ${scanner.deviceId}, ${scanner.userId}, ${scanner.userName})`);
      await moveTickets(tx, 'check_in', { organizationId: scanner.organizationId, orderId: paid.id }, now);
      await tx.insert(orderChange).values({
        organizationId: scanner.organizationId,
        orderId: paid.id,
        action: 'paid',
        toStatus: 'paid',
        actorType: 'organiser',
        actorUserId: scanner.userId,
        detail: { channel: 'door', payment_method: request.payment_method, device: scanner.deviceId },
        at: now,
      });
      if (email) {
        await recordSale(tx, { ...paid, paidAt: now });
        await deps.jobs.send(
          QUEUES.checkoutMail,
          { kind: 'order-confirmation', orderId: paid.id, organizationId: scanner.organizationId },
          tx,
        );
      } else {
        await recordDailySale(tx, { ...paid, paidAt: now });
      }
      return { paid, tickets };
    })
    .catch(async (error: unknown) => {
      // Two copies of one sale at once: the first made the order; this one answers with it.
      if (isUniqueViolation(error)) {
        const winner = await doorSaleAnswerFor(db, scanner.organizationId, eventId, submissionKey);
        if (winner) return { repeated: winner };
        throw conflict('This sale was already made for another event');
      }
      if (error instanceof NotEnoughTickets) {
        const left = lines.map((line) => `${line.type.name}: ${line.type.remaining ?? 'unlimited'}`).join(', ');
        throw conflict(`Not enough tickets left (${left})`);
      }
      throw error;
    });
  if ('repeated' in sale) return sale.repeated;
  // Its receipt (decision 137), in a transaction of its own: this sale took the counters first, and the receipt
  // series is taken before the counters everywhere else. Had this failed, it is issued when first asked for.
  await receiptOf(db, sale.paid).catch(deps.onMailError);
  if (email) deps.notifier.deliverSoon();
  const typeName = new Map(lines.map((line) => [line.ticketTypeId, line.type.name]));
  return {
    order_code: sale.paid.code,
    tickets: sale.tickets.map((sold) => ({ code: sold.code, type: typeName.get(sold.ticketTypeId) ?? '' })),
    amount_minor: amount,
    currency,
    payment_method: request.payment_method,
    emailed: Boolean(email),
    counts: await eventCounts(db, scanner.organizationId, current.row.id),
  };
}

/** The answer a door sale gave, found by the key its device sent; null when no such sale was made. */
async function doorSaleAnswerFor(
  db: Database,
  organizationId: string,
  eventId: string,
  submissionKey: string,
): Promise<DoorSaleAnswer | null> {
  const [made] = await db
    .select()
    .from(order)
    .where(
      and(eq(order.organizationId, organizationId), eq(order.submissionKey, submissionKey), eq(order.eventId, eventId)),
    );
  if (!made) return null;
  const sold = await db
    .select({ code: ticket.code, type: orderLine.name })
    .from(ticket)
    .innerJoin(orderLine, eq(orderLine.id, ticket.orderLineId))
    .where(and(eq(ticket.organizationId, organizationId), eq(ticket.orderId, made.id)))
    .orderBy(ticket.code);
  return {
    order_code: made.code,
    tickets: sold,
    amount_minor: made.amountMinor,
    currency: made.currency as CurrencyCode,
    payment_method: made.paymentProvider === 'door_card' ? 'card' : 'cash',
    emailed: made.customerEmail !== '',
    counts: await eventCounts(db, organizationId, eventId),
  };
}
