// Applying a refund to our records (decision 032), inside the caller's transaction with the order row locked:
// the chosen tickets stop admitting at once ('refunded'), their places go back to the counters, the order's
// refunded amount and status move, the refund leaves the figures (sales_daily, the buyer's totals), the audit
// trail gets its row, and the 'order-refund' job is queued to move the money at the provider. The row lock makes
// two refunds of one order run one after the other: the second sees what the first took.
import { and, eq, inArray } from 'drizzle-orm';
import { AFTER_SALE_MESSAGES, formatMoney, toCurrencyCode } from '@marquee/shared';
import { event, order, orderLine, orderRefund, ticket } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { QUEUES, type JobQueue } from '../../jobs/queue.js';
import { recordAudit, type AuditActor } from '../audit/audit.js';
import { unrecordSale } from '../checkout/sale-rollups.js';
import { returnSoldTickets, type Tx } from '../checkout/inventory.js';
import { closeListingsForRefund } from '../resale/resale.service.js';
import { queueWaitlistRun } from '../resale/waitlist-queue.js';

export type OrderRow = typeof order.$inferSelect;

export interface RefundOrderJob {
  refundId: string;
  organizationId: string;
}

/** Locks a paid order of the organisation for a refund; refuses one that cannot be refunded (with why). */
export async function lockRefundableOrder(tx: Tx, organizationId: string, orderId: string): Promise<OrderRow> {
  const [locked] = await tx
    .select()
    .from(order)
    .where(and(eq(order.id, orderId), eq(order.organizationId, organizationId)))
    .for('update')
    .limit(1);
  if (!locked) throw new AppError('NOT_FOUND', 'Order not found');
  if (locked.status === 'refunded') throw new AppError('CONFLICT', AFTER_SALE_MESSAGES.orderFullyRefunded);
  if (locked.status !== 'paid' && locked.status !== 'partially_refunded')
    throw new AppError('CONFLICT', AFTER_SALE_MESSAGES.orderNotRefundable);
  const [eventRow] = await tx.select({ status: event.status }).from(event).where(eq(event.id, locked.eventId));
  if (eventRow?.status === 'cancelled') throw new AppError('CONFLICT', AFTER_SALE_MESSAGES.eventCancelled);
  return locked;
}

export interface RefundTicket {
  id: string;
  code: string;
  status: string;
  ticketTypeId: string;
  priceMinor: number;
}

/** The order's tickets with their prices, in a stable order. */
export async function orderTickets(tx: Tx, orderId: string): Promise<RefundTicket[]> {
  return tx
    .select({
      id: ticket.id,
      code: ticket.code,
      status: ticket.status,
      ticketTypeId: ticket.ticketTypeId,
      priceMinor: orderLine.unitPriceMinor,
    })
    .from(ticket)
    .innerJoin(orderLine, eq(orderLine.id, ticket.orderLineId))
    .where(eq(ticket.orderId, orderId))
    .orderBy(ticket.createdAt, ticket.code);
}

/** Ticket prices still refundable: what was paid for tickets less what was refunded (decision 032). */
export const refundableMinor = (current: OrderRow) => Math.max(current.amountMinor - current.refundedMinor, 0);

/** Picks the tickets a refund names, refusing any not in the order or no longer admitting. */
export function chooseTickets(all: RefundTicket[], ids: string[]): RefundTicket[] {
  const unique = [...new Set(ids)];
  return unique.map((id) => {
    const found = all.find((entry) => entry.id === id);
    if (!found) throw new AppError('BAD_REQUEST', AFTER_SALE_MESSAGES.ticketNotInOrder);
    if (found.status === 'refunded') throw new AppError('CONFLICT', AFTER_SALE_MESSAGES.ticketAlreadyRefunded);
    if (found.status !== 'valid') throw new AppError('CONFLICT', AFTER_SALE_MESSAGES.ticketNotValid);
    return found;
  });
}

export interface ApplyRefundInput {
  locked: OrderRow;
  tickets: RefundTicket[];
  /** Explicit amount (minor units); default the tickets' prices. */
  amountMinor?: number | undefined;
  reason: string;
  actor: AuditActor;
  device: string | null;
  requestedBy: 'fan' | 'organiser';
  /** Approving a fan's request: that row becomes the refund. */
  requestId?: string;
}

/** Applies one refund; returns the refund's id and what it gives back. */
export async function applyRefund(
  tx: Tx,
  jobs: JobQueue,
  input: ApplyRefundInput,
): Promise<{ refundId: string; amountMinor: number; status: 'pending' | 'succeeded' }> {
  const { locked, tickets } = input;
  const remaining = refundableMinor(locked);
  const amount =
    input.amountMinor ??
    Math.min(
      tickets.reduce((sum, entry) => sum + entry.priceMinor, 0),
      remaining,
    );
  const currency = toCurrencyCode(locked.currency);
  if (amount > remaining)
    throw new AppError('BAD_REQUEST', AFTER_SALE_MESSAGES.amountTooHigh(formatMoney(remaining, currency)));
  if (tickets.length === 0 && amount === 0) throw new AppError('BAD_REQUEST', AFTER_SALE_MESSAGES.nothingToRefund);

  const now = new Date();
  if (tickets.length > 0) {
    await tx
      .update(ticket)
      .set({ status: 'refunded', voidedAt: now })
      .where(
        and(
          inArray(
            ticket.id,
            tickets.map((entry) => entry.id),
          ),
          eq(ticket.status, 'valid'),
        ),
      );
    // A listed ticket's place is already back in the counters (decision 035): its listing closes instead.
    const listed = await closeListingsForRefund(
      tx,
      tickets.map((entry) => entry.id),
    );
    const byType = new Map<string, number>();
    for (const entry of tickets) byType.set(entry.ticketTypeId, (byType.get(entry.ticketTypeId) ?? 0) + 1);
    for (const [typeId, count] of listed) byType.set(typeId, (byType.get(typeId) ?? 0) - count);
    const returned = [...byType]
      .filter(([, quantity]) => quantity > 0)
      .map(([ticketTypeId, quantity]) => ({ ticketTypeId, quantity }));
    if (returned.length > 0) await returnSoldTickets(tx, locked.eventId, returned);
    // Places came back: the waiting list's first in line is offered them.
    await queueWaitlistRun(tx, jobs, locked.eventId, locked.organizationId);
  }
  const refundedTickets = locked.refundedTickets + tickets.length;
  const wholeOrder = refundedTickets >= locked.quantity;
  const status = wholeOrder ? 'refunded' : 'partially_refunded';
  await tx
    .update(order)
    .set({ status, refundedMinor: locked.refundedMinor + amount, refundedTickets, updatedAt: now })
    .where(eq(order.id, locked.id));
  if (locked.paidAt) {
    await unrecordSale(
      tx,
      { ...locked, paidAt: locked.paidAt },
      // The booking fee is kept (decision 032), so the platform's fee figure keeps it too.
      { tickets: tickets.length, amountMinor: amount, feeMinor: 0, wholeOrder },
    );
  }
  // Nothing to move at the provider (a free order, or tickets taken back without money): done at once.
  const settled = amount === 0 || !locked.paymentIntentId;
  const values = {
    status: settled ? ('succeeded' as const) : ('pending' as const),
    ticketIds: tickets.map((entry) => entry.id),
    amountMinor: amount,
    actorUserId: input.actor.type === 'organiser' ? input.actor.userId : null,
    updatedAt: now,
    completedAt: settled ? now : null,
  };
  let refundId: string;
  if (input.requestId) {
    await tx.update(orderRefund).set(values).where(eq(orderRefund.id, input.requestId));
    refundId = input.requestId;
  } else {
    const [created] = await tx
      .insert(orderRefund)
      .values({
        organizationId: locked.organizationId,
        orderId: locked.id,
        eventId: locked.eventId,
        currency: locked.currency,
        reason: input.reason,
        requestedBy: input.requestedBy,
        ...values,
      })
      .returning({ id: orderRefund.id });
    refundId = created!.id;
  }
  await recordAudit(tx, {
    organizationId: locked.organizationId,
    orderId: locked.id,
    ticketId: tickets.length === 1 ? tickets[0]!.id : null,
    action: 'refunded',
    fromStatus: locked.status,
    toStatus: status,
    actor: input.actor,
    device: input.device,
    detail: {
      amount_minor: amount,
      currency: locked.currency,
      tickets: tickets.map((entry) => entry.code),
      reason: input.reason,
      refund_id: refundId,
    },
    at: now,
  });
  const job: RefundOrderJob = { refundId, organizationId: locked.organizationId };
  if (settled)
    await jobs.send(
      QUEUES.afterSaleMail,
      { kind: 'refund-issued', id: refundId, organizationId: locked.organizationId },
      tx,
    );
  else await jobs.send(QUEUES.orderRefund, job, tx);
  return { refundId, amountMinor: amount, status: values.status };
}
