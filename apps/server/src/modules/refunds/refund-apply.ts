// Applying a refund to our records (decision 032), inside the caller's transaction with the order row locked:
// the chosen tickets stop admitting at once ('refunded'), their places go back to the counters, the order's
// refunded amount and status move, the refund leaves the figures (sales_daily, the buyer's totals), the audit
// trail gets its row, and the 'order-refund' job is queued to move the money at the provider. The row lock makes
// two refunds of one order run one after the other: the second sees what the first took.
import { and, eq } from 'drizzle-orm';
import {
  AFTER_SALE_MESSAGES,
  COMP_MESSAGES,
  canMove,
  FREE_MESSAGES,
  formatMoney,
  isFreePrice,
  toCurrencyCode,
  type TicketState,
} from '@marquee/shared';
import { event, order, orderLine, orderRefund, ticket } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { QUEUES, type JobQueue } from '../../jobs/queue.js';
import { recordAudit, type AuditActor } from '../audit/audit.js';
import { unrecordSale } from '../checkout/sale-rollups.js';
import type { Tx } from '../../db/tx.js';
import { moveTickets } from '../tickets/ticket-moves.js';
import { closeListingsForRefund } from '../resale/resale.service.js';
import { queueWaitlistRun } from '../resale/waitlist-queue.js';
import { issueCreditNote, issueReceipt } from '../receipts/issue.js';
import { refundVatMinor } from '../receipts/refund-vat.js';

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
  // A comp took no money (decision 126): there is nothing to refund, and its places are not given back this way.
  if (locked.channel === 'comp') throw new AppError('CONFLICT', COMP_MESSAGES.noRefund);
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
  status: TicketState;
  ticketTypeId: string;
  priceMinor: number;
  /** What was refunded of its price so far. */
  refundedMinor: number;
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
      refundedMinor: ticket.refundedMinor,
    })
    .from(ticket)
    .innerJoin(orderLine, eq(orderLine.id, ticket.orderLineId))
    .where(eq(ticket.orderId, orderId))
    .orderBy(ticket.createdAt, ticket.code);
}

/** Ticket prices still refundable: what was paid for tickets less what was refunded (decision 032). */
export const refundableMinor = (current: OrderRow) => Math.max(current.amountMinor - current.refundedMinor, 0);

/** What is left to refund of a ticket's price. */
const leftOf = (entry: RefundTicket) => Math.max(entry.priceMinor - entry.refundedMinor, 0);

/**
 * Picks the tickets a refund names, refusing any not in the order or no longer held. A checked-in ticket is
 * refunded (its money only: the entry is not undone and its place stays taken) only after the organiser's
 * second, explicit yes (`confirmCheckedIn`); without it the refund is refused with what it would mean.
 */
export function chooseTickets(all: RefundTicket[], ids: string[], confirmCheckedIn = false): RefundTicket[] {
  const unique = [...new Set(ids)];
  const chosen = unique.map((id) => {
    const found = all.find((entry) => entry.id === id);
    if (!found) throw new AppError('BAD_REQUEST', AFTER_SALE_MESSAGES.ticketNotInOrder);
    if (found.status === 'refunded') throw new AppError('CONFLICT', AFTER_SALE_MESSAGES.ticketAlreadyRefunded);
    if (found.status === 'checked_in') {
      // A free ticket used at the door: no money to give back, and its entry stands (decision 125).
      if (isFreePrice(found.priceMinor)) throw new AppError('CONFLICT', FREE_MESSAGES.refundUsedFree);
      if (leftOf(found) === 0) throw new AppError('CONFLICT', AFTER_SALE_MESSAGES.ticketAlreadyRefunded);
      return found;
    }
    if (!canMove(found.status, 'refund')) throw new AppError('CONFLICT', AFTER_SALE_MESSAGES.ticketNotValid);
    return found;
  });
  const inside = chosen.filter((entry) => entry.status === 'checked_in').map((entry) => entry.code);
  if (inside.length > 0 && !confirmCheckedIn)
    throw new AppError('CONFIRMATION_REQUIRED', AFTER_SALE_MESSAGES.checkedInConfirm(inside));
  return chosen;
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
  // Tickets not yet used stop admitting and (unless listed) go back on sale; checked-in ones keep their entry and
  // their place, and are refunded their money only.
  const taken = tickets.filter((entry) => entry.status !== 'checked_in');
  const refundedTickets = locked.refundedTickets + taken.length;
  const wholeOrder = refundedTickets >= locked.quantity;
  // A refund of tickets gives back at most what they cost (less what was refunded of them before); the one that
  // takes the order's last ticket gives back the add-ons' price too, all that is left (decision 134).
  const ticketsLeft =
    taken.length > 0 && wholeOrder
      ? Math.max(
          remaining,
          tickets.reduce((sum, entry) => sum + leftOf(entry), 0),
        )
      : tickets.reduce((sum, entry) => sum + leftOf(entry), 0);
  const amount = input.amountMinor ?? Math.min(ticketsLeft, remaining);
  const currency = toCurrencyCode(locked.currency);
  if (tickets.length > 0 && amount > ticketsLeft)
    throw new AppError('BAD_REQUEST', AFTER_SALE_MESSAGES.ticketAmountTooHigh(formatMoney(ticketsLeft, currency)));
  if (amount > remaining)
    throw new AppError('BAD_REQUEST', AFTER_SALE_MESSAGES.amountTooHigh(formatMoney(remaining, currency)));
  if (tickets.length === 0 && amount === 0) throw new AppError('BAD_REQUEST', AFTER_SALE_MESSAGES.nothingToRefund);

  const now = new Date();
  // An order paid before receipts existed gets its receipt before the counters move (decision 137: the receipt
  // series is always taken before the counters); the credit note comes last.
  await issueReceipt(tx, locked, now);
  if (taken.length > 0) {
    const ids = taken.map((entry) => entry.id);
    await moveTickets(tx, 'refund', { organizationId: locked.organizationId, ticketIds: ids }, now);
    await closeListingsForRefund(tx, ids);
    // Places came back: the waiting list's first in line is offered them.
    await queueWaitlistRun(tx, jobs, locked.eventId, locked.organizationId);
  }
  let share = amount;
  for (const entry of tickets) {
    const part = Math.min(share, leftOf(entry));
    share -= part;
    if (part > 0)
      await tx
        .update(ticket)
        .set({ refundedMinor: entry.refundedMinor + part })
        .where(eq(ticket.id, entry.id));
  }
  const status = wholeOrder ? 'refunded' : 'partially_refunded';
  const vatMinor = await refundVatMinor(
    tx,
    locked,
    amount,
    tickets.map((entry) => entry.id),
  );
  await tx
    .update(order)
    .set({
      status,
      refundedMinor: locked.refundedMinor + amount,
      // Ticket and add-on prices only (the booking fee is kept), so all of the amount carries VAT (decision 141).
      vatRefundedMinor: locked.vatRefundedMinor + vatMinor,
      refundedTickets,
      updatedAt: now,
    })
    .where(eq(order.id, locked.id));
  if (locked.paidAt) {
    await unrecordSale(
      tx,
      { ...locked, paidAt: locked.paidAt },
      // The booking fee is kept (decision 032), so the platform's fee figure keeps it too.
      { tickets: taken.length, amountMinor: amount, feeMinor: 0, wholeOrder },
    );
  }
  // Nothing to move at the provider (a free order, or tickets taken back without money): done at once.
  const settled = amount === 0 || !locked.paymentIntentId;
  const values = {
    status: settled ? ('succeeded' as const) : ('pending' as const),
    ticketIds: tickets.map((entry) => entry.id),
    amountMinor: amount,
    vatMinor,
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
  // Its credit note (decision 137), numbered last (the series row is locked until the commit).
  await issueCreditNote(
    tx,
    {
      order: locked,
      refundId,
      amountMinor: amount,
      bookingFeeMinor: 0,
      reason: input.reason,
      ticketIds: tickets.map((entry) => entry.id),
    },
    now,
  );
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
