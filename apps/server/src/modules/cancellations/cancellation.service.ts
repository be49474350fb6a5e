// Cancelling an event (decision 025): in one transaction the event becomes cancelled (so its page sells
// nothing), its pending checkout holds are released, its tickets are cancelled (the door refuses them at once,
// decision 046), the cancellation is recorded, and ONE durable job is
// queued that refunds every paid order (refund-job.ts). The progress the dashboard polls is read from the
// orders and the per-order refund rows, so it is true whichever process runs the job.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { releaseHeldPerTypeStep, releaseHeldQuotaSteps, releaseHeldVenueStep } from '../stock/stock.js';
import {
  CANCELLATION_MESSAGES,
  confirmsEventName,
  toCurrencyCode,
  type CancelEventInput,
  type CancellationProgress,
} from '@marquee/shared';
import type { Database } from '../../db/client.js';
import { cancellationRefund, event, eventCancellation, eventStatusChange, order } from '../../db/schema/index.js';
import { QUEUES, type JobQueue } from '../../jobs/queue.js';
import { AppError } from '../../lib/errors.js';
import { retryOnDeadlock, type Tx } from '../../db/tx.js';
import { EVENT_NOT_FOUND } from '../events/events.service.js';
import { closeResaleForCancelledEvent } from '../resale/resale.service.js';
import { moveTickets } from '../tickets/ticket-moves.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface CancelActor {
  organizationId: string;
  userId: string;
}

/** The refund job's payload: ids only. `round` counts the back-off rounds after provider failures. */
export interface RefundCancelledEventJob {
  eventId: string;
  organizationId: string;
  round?: number;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Every pending hold of the event -> cancelled, its tickets given back, each recorded; one statement. */
async function releasePendingHolds(tx: Tx, organizationId: string, eventId: string, now: Date): Promise<number> {
  const at = now.toISOString();
  const result = await tx.execute(sql`
    with released as (
      update "order" set status = 'cancelled', hold_expires_at = null, updated_at = ${at}::timestamptz
      where organization_id = ${organizationId} and event_id = ${eventId} and status = 'pending'
      returning id, organization_id, event_id, quantity
    ), per_type as (
      select l.ticket_type_id, sum(l.quantity)::int as quantity
      from order_line l join released r on r.id = l.order_id group by l.ticket_type_id
    ), types as (${releaseHeldPerTypeStep(sql.raw('per_type'))}
    ), ${releaseHeldQuotaSteps()}, venue as (${releaseHeldVenueStep(eventId, sql.raw('released'), sql.raw('quotas_done'))}
    ), audit as (
      insert into order_change (organization_id, order_id, action, from_status, to_status, actor_type, detail, at)
      select organization_id, id, 'cancelled', 'pending', 'cancelled', 'system',
        '{"reason":"The event was cancelled"}'::jsonb, ${at}::timestamptz from released
    )
    select id from released`);
  return rowsOf<{ id: string }>(result).length;
}

export async function cancelEvent(
  db: Database,
  jobs: JobQueue,
  actor: CancelActor,
  eventId: string,
  input: CancelEventInput,
  now = new Date(),
): Promise<CancellationProgress> {
  if (!UUID.test(eventId)) throw new AppError('NOT_FOUND', EVENT_NOT_FOUND);
  await retryOnDeadlock(() =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(event)
        .where(and(eq(event.id, eventId), eq(event.organizationId, actor.organizationId)))
        .for('update')
        .limit(1);
      if (!row) throw new AppError('NOT_FOUND', EVENT_NOT_FOUND);
      if (row.status === 'draft') throw new AppError('CONFLICT', CANCELLATION_MESSAGES.draft);
      if (row.status === 'cancelled') throw new AppError('CONFLICT', CANCELLATION_MESSAGES.alreadyCancelled);
      if (row.status === 'archived') throw new AppError('CONFLICT', CANCELLATION_MESSAGES.archived);
      if (row.endsAt && row.endsAt.getTime() <= now.getTime())
        throw new AppError('CONFLICT', CANCELLATION_MESSAGES.ended);
      if (!confirmsEventName(input.confirm, row.name))
        throw new AppError('VALIDATION_ERROR', CANCELLATION_MESSAGES.confirmMismatch, [
          { path: 'confirm', message: CANCELLATION_MESSAGES.confirmMismatch },
        ]);
      await tx.update(event).set({ status: 'cancelled', updatedAt: now }).where(eq(event.id, row.id));
      await tx.insert(eventStatusChange).values({
        eventId: row.id,
        organizationId: actor.organizationId,
        fromStatus: row.status,
        toStatus: 'cancelled',
        actorUserId: actor.userId,
        at: now,
      });
      await tx.insert(eventCancellation).values({
        eventId: row.id,
        organizationId: actor.organizationId,
        reason: input.reason,
        actorUserId: actor.userId,
        cancelledAt: now,
      });
      await releasePendingHolds(tx, actor.organizationId, row.id, now);
      // Resale listings are withdrawn and the waiting list closes with the event (decision 035).
      await closeResaleForCancelledEvent(tx, actor.organizationId, row.id, now);
      // Every ticket stops admitting at once (their places go back); the job refunds the money order by order.
      await moveTickets(tx, 'cancel', { organizationId: actor.organizationId, eventId: row.id }, now);
      const job: RefundCancelledEventJob = { eventId: row.id, organizationId: actor.organizationId };
      await jobs.send(QUEUES.refundCancelledEvent, job, tx);
    }),
  );
  return cancellationProgress(db, actor.organizationId, eventId);
}

/** Where the refunds of a cancelled event stand; 404 for an event that is not this organisation's or not cancelled. */
export async function cancellationProgress(
  db: Database,
  organizationId: string,
  eventId: string,
): Promise<CancellationProgress> {
  if (!UUID.test(eventId)) throw new AppError('NOT_FOUND', EVENT_NOT_FOUND);
  const [cancellation] = await db
    .select()
    .from(eventCancellation)
    .where(and(eq(eventCancellation.eventId, eventId), eq(eventCancellation.organizationId, organizationId)))
    .limit(1);
  if (!cancellation) {
    const [exists] = await db
      .select({ id: event.id })
      .from(event)
      .where(and(eq(event.id, eventId), eq(event.organizationId, organizationId)))
      .limit(1);
    throw new AppError(
      exists ? 'CONFLICT' : 'NOT_FOUND',
      exists ? CANCELLATION_MESSAGES.notCancelled : EVENT_NOT_FOUND,
    );
  }
  const scope = and(eq(cancellationRefund.eventId, eventId), eq(cancellationRefund.organizationId, organizationId));
  const [counts, amounts, [waiting]] = await Promise.all([
    db
      .select({ status: cancellationRefund.status, count: sql<number>`count(*)::int` })
      .from(cancellationRefund)
      .where(scope)
      .groupBy(cancellationRefund.status),
    db
      .select({ currency: cancellationRefund.currency, amount: sql<string>`sum(${cancellationRefund.amountMinor})` })
      .from(cancellationRefund)
      .where(and(scope, eq(cancellationRefund.status, 'refunded')))
      .groupBy(cancellationRefund.currency)
      .orderBy(cancellationRefund.currency),
    // Paid orders the job has not tried yet (a failed one has its row and is counted as failed).
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(order)
      .where(
        and(
          eq(order.organizationId, organizationId),
          eq(order.eventId, eventId),
          inArray(order.status, ['paid', 'partially_refunded']),
          sql`not exists (select 1 from ${cancellationRefund} where ${cancellationRefund.orderId} = ${order.id})`,
        ),
      ),
  ]);
  const refunded = counts.find((entry) => entry.status === 'refunded')?.count ?? 0;
  const failed = counts.find((entry) => entry.status === 'failed')?.count ?? 0;
  const pending = waiting?.count ?? 0;
  return {
    event_id: eventId,
    reason: cancellation.reason,
    cancelled_at: cancellation.cancelledAt.toISOString(),
    state: pending > 0 ? 'refunding' : failed > 0 ? 'retrying' : 'done',
    orders_total: refunded + failed + pending,
    orders_refunded: refunded,
    orders_failed: failed,
    orders_pending: pending,
    refunded: amounts.map((entry) => ({
      currency: toCurrencyCode(entry.currency),
      amount_minor: Number(entry.amount),
    })),
    completed_at: cancellation.completedAt?.toISOString() ?? null,
  };
}
