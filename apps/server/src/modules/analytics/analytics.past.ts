// New and Returning Customers of finished periods, counted once and kept (decision 023). A period that ended
// before today is history: its buyers change only when a payment confirmed late is dated inside it, when a
// refund leaves a customer no paid order (the row goes), or when a customer is erased, and each forgets the
// organisation's kept counts. The Analytics page compares every period with the one before it, so without this
// each view would count the previous period's distinct buyers over its orders again.
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { analyticsPastPeriod } from '../../db/schema/index.js';

export interface CustomerCounts {
  new: number;
  returning: number;
}

type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

/** The kept counts of a finished period, or `count()`'s answer, kept for the next time. */
export async function pastPeriodCounts(
  db: Database,
  key: { organizationId: string; eventId: string | null; from: string; to: string },
  count: () => Promise<CustomerCounts>,
): Promise<CustomerCounts> {
  const scope = key.eventId ?? '';
  const [kept] = await db
    .select({ new: analyticsPastPeriod.newCustomers, returning: analyticsPastPeriod.returningCustomers })
    .from(analyticsPastPeriod)
    .where(
      and(
        eq(analyticsPastPeriod.organizationId, key.organizationId),
        eq(analyticsPastPeriod.scope, scope),
        eq(analyticsPastPeriod.fromDay, key.from),
        eq(analyticsPastPeriod.toDay, key.to),
      ),
    );
  if (kept) return kept;
  const counted = await count();
  await db
    .insert(analyticsPastPeriod)
    .values({
      organizationId: key.organizationId,
      scope,
      fromDay: key.from,
      toDay: key.to,
      newCustomers: counted.new,
      returningCustomers: counted.returning,
    })
    .onConflictDoNothing();
  return counted;
}

/**
 * Forgets the kept counts that a change may have made wrong: every period reaching `fromDay` or later (a payment
 * dated that day), or all of the organisation's (an erasure: `fromDay` omitted).
 */
export async function forgetPastPeriods(db: Executor, organizationId: string, fromDay?: string): Promise<void> {
  await db
    .delete(analyticsPastPeriod)
    .where(
      and(
        eq(analyticsPastPeriod.organizationId, organizationId),
        fromDay ? gte(analyticsPastPeriod.toDay, fromDay) : sql`true`,
      ),
    );
}
