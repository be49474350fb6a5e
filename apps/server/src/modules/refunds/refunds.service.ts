// Refunds (issue 14 point 4, decision 032): the organiser refunds an order's tickets and/or an amount; a fan asks
// for a refund from their order page when the event's 'Refunds Allowed' is on, and the organiser approves it
// (the refund of the tickets asked for) or declines it (with a reason). Every change is one transaction with
// the order row locked, so two refunds of one order never both take the same ticket or money.
import { and, eq, isNull } from 'drizzle-orm';
import { AFTER_SALE_MESSAGES, COMP_MESSAGES, canMove, type RefundDecision } from '@marquee/shared';
import type { Database } from '../../db/client.js';
import { event, order, orderRefund, ticket } from '../../db/schema/index.js';
import { pgErrorCode } from '../../db/errors.js';
import { AppError } from '../../lib/errors.js';
import { QUEUES, type JobQueue } from '../../jobs/queue.js';
import { recordAudit } from '../audit/audit.js';
import { retryOnDeadlock, type Tx } from '../../db/tx.js';
import type { AfterSaleMailJob } from './after-sale.jobs.js';
import { applyRefund, chooseTickets, lockRefundableOrder, orderTickets, refundableMinor } from './refund-apply.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = () => new AppError('NOT_FOUND', 'Order not found');

export interface OrganiserContext {
  organizationId: string;
  userId: string;
  device: string | null;
}

/** The organiser's refund of chosen tickets and/or an amount. */
export async function refundOrder(
  db: Database,
  jobs: JobQueue,
  who: OrganiserContext,
  orderId: string,
  input: { ticket_ids: string[]; amount_minor?: number | undefined; reason: string; confirm_checked_in?: boolean },
) {
  if (!UUID.test(orderId)) throw notFound();
  return retryOnDeadlock(() =>
    db.transaction(async (tx) => {
      const locked = await lockRefundableOrder(tx, who.organizationId, orderId);
      const tickets = chooseTickets(await orderTickets(tx, locked.id), input.ticket_ids, input.confirm_checked_in);
      return applyRefund(tx, jobs, {
        locked,
        tickets,
        amountMinor: input.amount_minor,
        reason: input.reason,
        actor: { type: 'organiser', userId: who.userId },
        device: who.device,
        requestedBy: 'organiser',
      });
    }),
  );
}

/** Approves (refunds what is still refundable of it) or declines a fan's refund request. */
export async function decideRefundRequest(
  db: Database,
  jobs: JobQueue,
  who: OrganiserContext,
  orderId: string,
  requestId: string,
  decision: RefundDecision,
) {
  if (!UUID.test(orderId) || !UUID.test(requestId))
    throw new AppError('NOT_FOUND', AFTER_SALE_MESSAGES.requestNotFound);
  return retryOnDeadlock(() =>
    db.transaction(async (tx) => {
      const [request] = await tx
        .select()
        .from(orderRefund)
        .where(
          and(
            eq(orderRefund.id, requestId),
            eq(orderRefund.orderId, orderId),
            eq(orderRefund.organizationId, who.organizationId),
          ),
        )
        .limit(1);
      if (!request) throw new AppError('NOT_FOUND', AFTER_SALE_MESSAGES.requestNotFound);
      if (decision.decision === 'decline') {
        const [locked] = await tx
          .select()
          .from(order)
          .where(and(eq(order.id, orderId), eq(order.organizationId, who.organizationId)))
          .for('update')
          .limit(1);
        if (!locked) throw notFound();
        const declined = await tx
          .update(orderRefund)
          .set({ status: 'declined', declineReason: decision.reason, actorUserId: who.userId, updatedAt: new Date() })
          .where(and(eq(orderRefund.id, request.id), eq(orderRefund.status, 'requested')))
          .returning({ id: orderRefund.id });
        if (declined.length === 0) throw new AppError('CONFLICT', AFTER_SALE_MESSAGES.requestNotOpen);
        await recordAudit(tx, {
          organizationId: who.organizationId,
          orderId,
          action: 'refund_declined',
          actor: { type: 'organiser', userId: who.userId },
          device: who.device,
          detail: { reason: decision.reason },
        });
        const mail: AfterSaleMailJob = { kind: 'refund-declined', id: request.id, organizationId: who.organizationId };
        await jobs.send(QUEUES.afterSaleMail, mail, tx);
        return { refundId: request.id, status: 'declined' as const, amountMinor: 0 };
      }
      const locked = await lockRefundableOrder(tx, who.organizationId, orderId);
      // Read again under the order's lock: a concurrent decision has moved it on.
      const [current] = await tx.select().from(orderRefund).where(eq(orderRefund.id, request.id)).limit(1);
      if (current?.status !== 'requested') throw new AppError('CONFLICT', AFTER_SALE_MESSAGES.requestNotOpen);
      // The tickets asked for that still admit (the organiser may have refunded some meanwhile).
      const all = await orderTickets(tx, locked.id);
      const tickets = all.filter((entry) => request.ticketIds.includes(entry.id) && canMove(entry.status, 'refund'));
      if (tickets.length === 0) throw new AppError('CONFLICT', AFTER_SALE_MESSAGES.ticketNotValid);
      const result = await applyRefund(tx, jobs, {
        locked,
        tickets,
        reason: request.reason,
        actor: { type: 'organiser', userId: who.userId },
        device: who.device,
        requestedBy: 'fan',
        requestId: request.id,
      });
      return result;
    }),
  );
}

/** A fan's refund request for the tickets they still hold (their order page; 'Refunds Allowed' on). */
export async function requestRefund(
  db: Database,
  input: { organizationId: string; orderId: string; reason: string; device: string | null },
) {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ order, refundsAllowed: event.refundsAllowed, eventStatus: event.status })
        .from(order)
        .innerJoin(event, eq(event.id, order.eventId))
        .where(and(eq(order.id, input.orderId), eq(order.organizationId, input.organizationId)))
        .for('update', { of: order })
        .limit(1);
      if (!row) throw notFound();
      if (row.order.channel === 'comp') throw new AppError('CONFLICT', COMP_MESSAGES.noRefund);
      if (!row.refundsAllowed) throw new AppError('CONFLICT', AFTER_SALE_MESSAGES.refundsOff);
      if (row.eventStatus === 'cancelled') throw new AppError('CONFLICT', AFTER_SALE_MESSAGES.eventCancelled);
      if (row.order.status === 'refunded') throw new AppError('CONFLICT', AFTER_SALE_MESSAGES.orderFullyRefunded);
      if (row.order.status !== 'paid' && row.order.status !== 'partially_refunded')
        throw new AppError('CONFLICT', AFTER_SALE_MESSAGES.orderNotRefundable);
      // Only the buyer's own tickets not yet used: one they gave away is the new holder's now, and a checked-in
      // ticket has been used (the organiser may still refund it, after a warning).
      const own = await ownTicketIds(tx, row.order.id);
      const held = (await orderTickets(tx, row.order.id)).filter((entry) => own.has(entry.id));
      const asked = held.filter((entry) => canMove(entry.status, 'refund'));
      if (asked.length === 0)
        throw new AppError(
          'CONFLICT',
          held.some((entry) => entry.status === 'checked_in')
            ? AFTER_SALE_MESSAGES.requestCheckedIn
            : AFTER_SALE_MESSAGES.ticketNotValid,
        );
      const amount = Math.min(
        asked.reduce((sum, entry) => sum + entry.priceMinor, 0),
        refundableMinor(row.order),
      );
      const [created] = await tx
        .insert(orderRefund)
        .values({
          organizationId: input.organizationId,
          orderId: row.order.id,
          eventId: row.order.eventId,
          status: 'requested',
          ticketIds: asked.map((entry) => entry.id),
          amountMinor: amount,
          currency: row.order.currency,
          reason: input.reason,
          requestedBy: 'fan',
        })
        .returning({ id: orderRefund.id });
      await recordAudit(tx, {
        organizationId: input.organizationId,
        orderId: row.order.id,
        action: 'refund_requested',
        actor: { type: 'fan' },
        device: input.device,
        detail: { amount_minor: amount, currency: row.order.currency, reason: input.reason },
      });
      return { refundId: created!.id };
    });
  } catch (error) {
    if (pgErrorCode(error) === '23505') throw new AppError('CONFLICT', AFTER_SALE_MESSAGES.requestOpen);
    throw error;
  }
}

async function ownTicketIds(tx: Tx, orderId: string) {
  const rows = await tx
    .select({ id: ticket.id })
    .from(ticket)
    .where(and(eq(ticket.orderId, orderId), isNull(ticket.holderEmail)));
  return new Set(rows.map((entry) => entry.id));
}
