// The organiser's sale e-mails as a digest (decision 147). Under 'digest', each sale the organiser is told about is
// placed once (sale_digest_order, keyed by the order) in a window of SALE_DIGEST_MINUTES (sale_digest, keyed by the
// organisation and the window's start):
//   - no window open and no sale in the last interval (a quiet spell): the sale is e-mailed at once on its own and
//     opens a window starting now;
//   - a window open: the sale is gathered into it;
//   - no window open but a sale within the last interval (sales keep coming): the sale is gathered into the next
//     window on the same grid, so the digests follow every interval.
// Opening a window queues its digest job (in the same transaction) to start when the window ends. The job first
// closes the window, then reads its gathered orders and e-mails them. Placing and closing take one lock per
// organisation, so a sale placed after the close goes to a later window: each gathered sale is in exactly one digest,
// with two processes and after a crash (the job is durable, and its e-mail is claimed like an order e-mail, 051).
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { SALE_DIGEST_MINUTES } from '@marquee/shared';
import type { Database } from '../../db/client.js';
import type { Tx } from '../../db/tx.js';
import { event, order, saleDigest, saleDigestOrder } from '../../db/schema/index.js';
import { QUEUES, type JobQueue } from '../../jobs/queue.js';

export const SALE_DIGEST_INTERVAL_MS = SALE_DIGEST_MINUTES * 60_000;
/** The digest e-mail's kind in order_mail, claimed under the window's first gathered order. */
export const SALE_DIGEST_MAIL_KIND = 'sale-digest';

export const saleDigestJobSchema = z.object({
  organizationId: z.string().min(1),
  windowStart: z.string().datetime(),
});
export type SaleDigestJob = z.infer<typeof saleDigestJobSchema>;

export interface SalePlacement {
  /** true: the window's first sale, e-mailed at once on its own; false: gathered into the window's digest. */
  atOnce: boolean;
  windowStart: Date;
}

/** The lock every placement and close of one organisation's windows takes, for its transaction. */
async function lockOrganisation(tx: Tx, organizationId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sale-digest:${organizationId}`}))`);
}

/** The database's clock, read after the lock, so every process places sales by the same clock. */
async function databaseNow(tx: Tx): Promise<Date> {
  const result = await tx.execute(sql`select (extract(epoch from clock_timestamp()) * 1000)::float8 as ms`);
  const [row] = (result as unknown as { rows: Array<{ ms: number | string }> }).rows;
  return new Date(Math.floor(Number(row!.ms)));
}

/** The window after a closed one, on its grid, that holds `now` (never the closed one itself). */
export function nextWindowStart(closedStart: Date, now: Date): Date {
  const steps = Math.max(1, Math.floor((now.getTime() - closedStart.getTime()) / SALE_DIGEST_INTERVAL_MS));
  return new Date(closedStart.getTime() + steps * SALE_DIGEST_INTERVAL_MS);
}

/** Where a sale went, if it was placed already (a retried job keeps the first decision). */
export async function placedSale(db: Database | Tx, orderId: string): Promise<SalePlacement | null> {
  const [row] = await db
    .select({ atOnce: saleDigestOrder.atOnce, windowStart: saleDigestOrder.windowStart })
    .from(saleDigestOrder)
    .where(eq(saleDigestOrder.orderId, orderId))
    .limit(1);
  return row ?? null;
}

/** Places a sale once (see the top of the file); the same answer every time it is asked for that order. */
export async function placeSale(
  db: Database,
  jobs: JobQueue,
  target: { orderId: string; organizationId: string },
): Promise<SalePlacement> {
  const { orderId, organizationId } = target;
  return db.transaction(async (tx) => {
    await lockOrganisation(tx, organizationId);
    const placed = await placedSale(tx, orderId);
    if (placed) return placed;
    const now = await databaseNow(tx);
    const [latest] = await tx
      .select()
      .from(saleDigest)
      .where(eq(saleDigest.organizationId, organizationId))
      .orderBy(desc(saleDigest.windowStart))
      .limit(1);
    let placement: SalePlacement;
    if (latest?.state === 'open') {
      // Gathered, even when its end has just passed: its job has not closed it yet, so it will read this sale.
      placement = { atOnce: false, windowStart: latest.windowStart };
      if (now > latest.lastSaleAt)
        await tx
          .update(saleDigest)
          .set({ lastSaleAt: now })
          .where(and(eq(saleDigest.organizationId, organizationId), eq(saleDigest.windowStart, latest.windowStart)));
    } else {
      const quiet = !latest || now.getTime() - latest.lastSaleAt.getTime() >= SALE_DIGEST_INTERVAL_MS;
      placement = { atOnce: quiet, windowStart: quiet || !latest ? now : nextWindowStart(latest.windowStart, now) };
      const windowEnd = new Date(placement.windowStart.getTime() + SALE_DIGEST_INTERVAL_MS);
      await tx
        .insert(saleDigest)
        .values({ organizationId, windowStart: placement.windowStart, windowEnd, state: 'open', lastSaleAt: now });
      const job: SaleDigestJob = { organizationId, windowStart: placement.windowStart.toISOString() };
      await jobs.send(QUEUES.saleDigest, job, tx, { startAt: windowEnd });
    }
    await tx.insert(saleDigestOrder).values({ orderId, organizationId, ...placement, placedAt: now });
    return placement;
  });
}

const windowKey = (job: SaleDigestJob) =>
  and(eq(saleDigest.organizationId, job.organizationId), eq(saleDigest.windowStart, new Date(job.windowStart)));

/**
 * The digest job's first step: closes the window (under the placements' lock, so no sale joins it after) and reads
 * what it holds, its sales in the order they were placed. Null when the window is unknown or its digest was sent.
 */
export async function closeWindow(db: Database, job: SaleDigestJob) {
  await db.transaction(async (tx) => {
    await lockOrganisation(tx, job.organizationId);
    await tx
      .update(saleDigest)
      .set({ state: 'closed' })
      .where(and(windowKey(job), eq(saleDigest.state, 'open')));
  });
  const [window] = await db.select().from(saleDigest).where(windowKey(job)).limit(1);
  if (!window || window.state === 'sent') return null;
  const sales = await db
    .select({
      order,
      event: { id: event.id, name: event.name, timeZone: event.timeZone },
      atOnce: saleDigestOrder.atOnce,
    })
    .from(saleDigestOrder)
    .innerJoin(order, eq(order.id, saleDigestOrder.orderId))
    .innerJoin(event, eq(event.id, order.eventId))
    .where(
      and(eq(saleDigestOrder.organizationId, job.organizationId), eq(saleDigestOrder.windowStart, window.windowStart)),
    )
    .orderBy(asc(saleDigestOrder.placedAt), asc(saleDigestOrder.orderId));
  return {
    windowStart: window.windowStart,
    windowEnd: window.windowEnd,
    /** The window opened with a sale e-mailed on its own (else it follows an earlier digest). */
    openedBySale: sales.some((sale) => sale.atOnce),
    gathered: sales.filter((sale) => !sale.atOnce),
  };
}

/** The digest's last step: its e-mail went to every recipient, or there was nothing to send. */
export async function markWindowSent(db: Database, job: SaleDigestJob) {
  await db
    .update(saleDigest)
    .set({ state: 'sent', sentAt: sql`now()` })
    .where(windowKey(job));
}
