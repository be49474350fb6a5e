// The shared quotas' counters as the sale paths read them (decision 128): the storefront's own read carries them;
// these serve the other readers (the door's remaining, the waiting-list run, a late payment's check).
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Tx } from '../../db/tx.js';
import { ticketQuota } from '../../db/schema/index.js';

/** A shared quota's counters, as the storefront's read carries them. */
export interface QuotaCounters {
  id: string;
  name: string;
  capacity: number;
  sold: number;
  held: number;
}

export interface EventQuotaCounters extends QuotaCounters {
  eventId: string;
}

/** The quotas of these events of the organisation, in id order; `lock` locks them (in that order). */
export async function quotaCountersOf(
  db: Database | Tx,
  organizationId: string,
  eventIds: readonly string[],
  options: { lock?: boolean } = {},
): Promise<EventQuotaCounters[]> {
  if (eventIds.length === 0) return [];
  const query = db
    .select({
      id: ticketQuota.id,
      eventId: ticketQuota.eventId,
      name: ticketQuota.name,
      capacity: ticketQuota.capacity,
      sold: ticketQuota.sold,
      held: ticketQuota.held,
    })
    .from(ticketQuota)
    .where(and(eq(ticketQuota.organizationId, organizationId), inArray(ticketQuota.eventId, [...eventIds])))
    .orderBy(asc(ticketQuota.id));
  return options.lock ? query.for('update') : query;
}
