// The one count of an event's tickets (decision 046): "sold" is the tickets fans hold (SOLD_STATES: valid, checked
// in, listed), "checked in" those in CHECKED_IN_STATES. The capacity counter `event.sold` holds the places taken
// (PLACE_STATES), so sold = event.sold + the listed tickets, read from a small partial index. Every screen's
// figure reads these: the event page, the check-in app and log, the waiting-room panel, the event lists.
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Tx } from '../../db/tx.js';

/** Tickets sold for the event row `alias` (an alias or table of `event`, with its `sold` and `id` columns). */
export const soldSql = (alias: SQL) =>
  sql<number>`(${alias}.sold + (select count(*)::int from ticket lt where lt.event_id = ${alias}.id and lt.status = 'listed'))`;

/** Tickets checked in for the event whose id is `eventId` (an SQL expression). */
export const checkedInSql = (eventId: SQL) =>
  sql<number>`(select count(*)::int from ticket ct where ct.event_id = ${eventId} and ct.status = 'checked_in')`;

export interface TicketCounts {
  sold: number;
  checked_in: number;
}

/** Sold and checked in for each of the organisation's events named (events it does not have are left out). */
export async function eventTicketCounts(
  db: Database | Tx,
  organizationId: string,
  eventIds: readonly string[],
): Promise<Map<string, TicketCounts>> {
  const counts = new Map<string, TicketCounts>();
  if (eventIds.length === 0) return counts;
  const result = await db.execute(sql`
    select e.id, ${soldSql(sql`e`)} as sold, ${checkedInSql(sql`e.id`)} as checked_in
    from event e
    where e.organization_id = ${organizationId} and e.id in (${sql.join(
      eventIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`);
  for (const row of (result as unknown as { rows: Array<{ id: string; sold: number; checked_in: number }> }).rows)
    counts.set(row.id, { sold: Number(row.sold), checked_in: Number(row.checked_in) });
  return counts;
}

/** One event's counts (zero for an event the organisation does not have). */
export async function ticketCountsOf(db: Database | Tx, organizationId: string, eventId: string) {
  return (await eventTicketCounts(db, organizationId, [eventId])).get(eventId) ?? { sold: 0, checked_in: 0 };
}
