// Queues a waiting-list run for an event inside the caller's transaction, only when someone is waiting: the
// places that came back (a refund, a listing) are offered to the first in line soon after the commit.
import { and, eq, inArray } from 'drizzle-orm';
import { waitlistEntry } from '../../db/schema/index.js';
import { QUEUES, type JobQueue } from '../../jobs/queue.js';
import type { Tx } from '../../db/tx.js';

export interface WaitlistRunJob {
  eventId: string;
  organizationId: string;
}

export async function queueWaitlistRun(tx: Tx, jobs: JobQueue, eventId: string, organizationId: string) {
  const [waiting] = await tx
    .select({ id: waitlistEntry.id })
    .from(waitlistEntry)
    .where(and(eq(waitlistEntry.eventId, eventId), inArray(waitlistEntry.status, ['waiting', 'offered'])))
    .limit(1);
  if (!waiting) return;
  const job: WaitlistRunJob = { eventId, organizationId };
  await jobs.send(QUEUES.waitlistRun, job, tx);
}
