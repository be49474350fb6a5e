// The 'refund-cancelled-event' job (decision 025): refunds every paid order of a cancelled event in full (ticket
// price and booking fee), in batches. Per order: the provider's refund with a per-order idempotency key, then
// one transaction that marks the order refunded (only if it is still paid), takes the sale out of the roll-ups,
// records the change and queues the fan's e-mail (its tickets were cancelled with the event).
// Killed half-way and run again, it finds only the orders still paid: an order refunded at the provider but not
// yet marked here is refunded again with the same key, which the provider answers with the first refund (the
// sandbox: nothing left to refund), so no fan is refunded twice. A provider failure is recorded on that order
// and the others go on; the failed ones are tried again by a later round with exponential back-off.
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { PaymentsProvider } from '../../adapters/payments/payments.js';
import type { Database } from '../../db/client.js';
import { cancellationRefund, eventCancellation, order, orderChange, orderRefund } from '../../db/schema/index.js';
import { failureReason, QUEUES, type JobQueue } from '../../jobs/queue.js';
import { unrecordSale } from '../checkout/sale-rollups.js';
import { retryOnDeadlock } from '../../db/tx.js';
import type { CheckoutMailJob } from '../checkout/notifier.js';
import { issueCreditNote } from '../receipts/issue.js';
import { vatRefundedAfter } from '../receipts/refund-vat.js';
import type { RefundCancelledEventJob } from './cancellation.service.js';

export const refundJobSchema = z.object({
  eventId: z.string().uuid(),
  organizationId: z.string().min(1),
  round: z.number().int().min(0).max(10_000).optional(),
});

export interface RefundJobDeps {
  db: Database;
  payments: PaymentsProvider;
  jobs: JobQueue;
  log: FastifyBaseLogger;
  /** Orders read per query. */
  batchSize?: number;
  /** After this long a run hands the rest to a fresh job (pg-boss expires a job after 5 minutes). */
  timeBudgetMs?: number;
  /** Back-off of round n after failures: min(base * 2^n, cap) seconds. */
  backoff?: { baseSeconds: number; capSeconds: number };
}

export interface RefundRunResult {
  refunded: number;
  failed: number;
  /** True when the run handed the rest to a fresh job (time budget spent). */
  continued: boolean;
  /** Seconds until the next round when some refunds failed; null otherwise. */
  retryInSeconds: number | null;
}

type OrderRow = typeof order.$inferSelect;

export const cancellationIdempotencyKey = (orderId: string) => `marquee-cancel-${orderId}`;

/** Refunds one order; 'skipped' when another run already did it. */
async function refundOrder(
  deps: RefundJobDeps,
  current: OrderRow,
  actorUserId: string | null,
): Promise<'refunded' | 'failed' | 'skipped'> {
  const { db } = deps;
  const owed = current.amountMinor + current.feeMinor - current.refundedMinor;
  let providerRefundId: string | null = null;
  if (owed > 0 && current.paymentIntentId) {
    try {
      // An organiser's or fan's refund of this order not yet through at the provider keeps its share: the
      // cancellation then refunds only what is owed beyond it, so both go through and nothing is paid twice.
      const [unsettled] = await db
        .select({ id: orderRefund.id })
        .from(orderRefund)
        .where(and(eq(orderRefund.orderId, current.id), inArray(orderRefund.status, ['pending', 'failed'])))
        .limit(1);
      // Otherwise no amount: everything still paid (tickets and booking fee); Stripe also takes back the
      // application fee.
      const refund = await deps.payments.createRefund({
        paymentIntentId: current.paymentIntentId,
        idempotencyKey: cancellationIdempotencyKey(current.id),
        ...(unsettled ? { amount: owed } : {}),
        // A fee the organiser absorbed is never refunded (decision 135): the platform keeps its application fee.
        ...(current.absorbedFeeMinor > 0 ? { refundApplicationFee: false } : {}),
      });
      providerRefundId = refund.id;
    } catch (error) {
      const reason = failureReason(error);
      deps.log.warn({ orderId: current.id, reason }, 'cancellation refund failed; it is retried with back-off');
      await db
        .insert(cancellationRefund)
        .values({
          orderId: current.id,
          organizationId: current.organizationId,
          eventId: current.eventId,
          status: 'failed',
          currency: current.currency,
          attempts: 1,
          lastFailure: reason,
        })
        .onConflictDoUpdate({
          target: cancellationRefund.orderId,
          set: {
            attempts: sql`${cancellationRefund.attempts} + 1`,
            lastFailure: reason,
            updatedAt: new Date(),
          },
          setWhere: sql`${cancellationRefund.status} = 'failed'`,
        });
      return 'failed';
    }
  }
  return retryOnDeadlock(() =>
    db.transaction(async (tx) => {
      const [locked] = await tx
        .select()
        .from(order)
        .where(and(eq(order.id, current.id), inArray(order.status, ['paid', 'partially_refunded'])))
        .for('update')
        .limit(1);
      if (!locked) return 'skipped' as const;
      const now = new Date();
      const total = locked.amountMinor + locked.feeMinor;
      const amount = total - locked.refundedMinor;
      await tx
        .update(order)
        .set({
          status: 'refunded',
          refundedMinor: total,
          // The prices it gives back: all of them less what was refunded before (the booking fee carries none).
          vatRefundedMinor: await vatRefundedAfter(
            tx,
            locked,
            locked.amountMinor - Math.min(locked.refundedMinor, locked.amountMinor),
          ),
          refundedTickets: locked.quantity,
          updatedAt: now,
        })
        .where(eq(order.id, locked.id));
      // Its tickets were cancelled, and their places given back, with the event (cancellation.service.ts).
      if (locked.paidAt) await unrecordSale(tx, { ...locked, paidAt: locked.paidAt });
      await tx.insert(orderChange).values({
        organizationId: locked.organizationId,
        orderId: locked.id,
        action: 'refunded',
        fromStatus: locked.status,
        toStatus: 'refunded',
        actorType: 'organiser',
        actorUserId,
        detail: {
          reason: 'Event cancelled',
          amount_minor: amount,
          fee_minor: locked.feeMinor,
          currency: locked.currency,
          provider_refund_id: providerRefundId,
        },
        at: now,
      });
      const values = { status: 'refunded' as const, amountMinor: amount, providerRefundId, updatedAt: now };
      await tx
        .insert(cancellationRefund)
        .values({
          orderId: locked.id,
          organizationId: locked.organizationId,
          eventId: locked.eventId,
          currency: locked.currency,
          attempts: 1,
          ...values,
        })
        .onConflictDoUpdate({
          target: cancellationRefund.orderId,
          set: { ...values, attempts: sql`${cancellationRefund.attempts} + 1`, lastFailure: null },
        });
      // Its credit note (decision 137), numbered last: what this refund gave back, the booking fee with it.
      await issueCreditNote(
        tx,
        {
          order: locked,
          refundId: null,
          amountMinor: amount,
          bookingFeeMinor: Math.min(locked.feeMinor, amount),
          reason: 'Event cancelled',
          ticketIds: [],
        },
        now,
      );
      const mail: CheckoutMailJob = {
        kind: 'event-cancelled',
        orderId: locked.id,
        organizationId: locked.organizationId,
      };
      await deps.jobs.send(QUEUES.checkoutMail, mail, tx);
      return 'refunded' as const;
    }),
  );
}

/** One run of the job: every order still paid, in id order and in batches. */
export async function refundCancelledEvent(deps: RefundJobDeps, data: unknown): Promise<RefundRunResult> {
  const job = refundJobSchema.parse(data);
  const { db } = deps;
  const batchSize = deps.batchSize ?? 25;
  const budget = deps.timeBudgetMs ?? 4 * 60_000;
  const backoff = deps.backoff ?? { baseSeconds: 10, capSeconds: 3600 };
  const result: RefundRunResult = { refunded: 0, failed: 0, continued: false, retryInSeconds: null };
  const [cancellation] = await db
    .select()
    .from(eventCancellation)
    .where(and(eq(eventCancellation.eventId, job.eventId), eq(eventCancellation.organizationId, job.organizationId)))
    .limit(1);
  if (!cancellation) return result;
  const started = Date.now();
  let after: string | null = null;
  for (;;) {
    const batch: OrderRow[] = await db
      .select()
      .from(order)
      .where(
        and(
          eq(order.organizationId, job.organizationId),
          eq(order.eventId, job.eventId),
          inArray(order.status, ['paid', 'partially_refunded']),
          after ? gt(order.id, after) : undefined,
        ),
      )
      .orderBy(asc(order.id))
      .limit(batchSize);
    if (batch.length === 0) break;
    for (const current of batch) {
      const outcome = await refundOrder(deps, current, cancellation.actorUserId);
      if (outcome === 'refunded') result.refunded += 1;
      if (outcome === 'failed') result.failed += 1;
    }
    after = batch[batch.length - 1]!.id;
    if (batch.length === batchSize && Date.now() - started > budget) {
      // The rest goes to a fresh job (from the start: what was refunded is no longer paid), keeping the round.
      const next: RefundCancelledEventJob = { eventId: job.eventId, organizationId: job.organizationId };
      if (job.round !== undefined) next.round = job.round;
      await deps.jobs.send(QUEUES.refundCancelledEvent, next);
      result.continued = true;
      return result;
    }
  }
  if (result.failed > 0) {
    // Another round for the orders whose refund failed, after an exponential back-off (with jitter).
    const round = (job.round ?? 0) + 1;
    const delay = Math.min(backoff.baseSeconds * 2 ** (round - 1), backoff.capSeconds);
    result.retryInSeconds = Math.round(delay * (1 + Math.random() * 0.25));
    const next: RefundCancelledEventJob = { eventId: job.eventId, organizationId: job.organizationId, round };
    await deps.jobs.send(QUEUES.refundCancelledEvent, next, undefined, { startAfterSeconds: result.retryInSeconds });
    return result;
  }
  await db
    .update(eventCancellation)
    .set({ completedAt: new Date() })
    .where(and(eq(eventCancellation.eventId, job.eventId), isNull(eventCancellation.completedAt)));
  return result;
}
