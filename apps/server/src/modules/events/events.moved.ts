// When a live event (or one date of a series, decision 132) moves to another start, every paid order's ticket
// holders are told: one durable mail job per order, queued in the transaction that moves it (the checkout mail
// worker sends it, notifications.ts). The job carries the new start, so a move made twice tells holders twice,
// and a job that finds the event moved again since sends nothing (the later one tells the latest time).
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { order } from '../../db/schema/index.js';
import { QUEUES, type JobQueue } from '../../jobs/queue.js';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The checkout mail queue's job for a moved event (the other kinds name only the order). */
export interface EventMovedMailJob {
  kind: 'event-moved';
  orderId: string;
  organizationId: string;
  /** The new start, ISO. */
  startsAt: string;
  previousStartsAt: string;
  previousEndsAt: string | null;
}

export async function queueEventMovedMails(
  tx: Transaction,
  jobs: JobQueue,
  moved: {
    organizationId: string;
    eventId: string;
    startsAt: Date;
    previousStartsAt: Date;
    previousEndsAt: Date | null;
  },
): Promise<number> {
  const orders = await tx
    .select({ id: order.id })
    .from(order)
    .where(
      and(
        eq(order.organizationId, moved.organizationId),
        eq(order.eventId, moved.eventId),
        inArray(order.status, ['paid', 'partially_refunded']),
      ),
    );
  for (const { id } of orders) {
    const job: EventMovedMailJob = {
      kind: 'event-moved',
      orderId: id,
      organizationId: moved.organizationId,
      startsAt: moved.startsAt.toISOString(),
      previousStartsAt: moved.previousStartsAt.toISOString(),
      previousEndsAt: moved.previousEndsAt?.toISOString() ?? null,
    };
    await jobs.send(QUEUES.checkoutMail, job, tx);
  }
  return orders.length;
}
