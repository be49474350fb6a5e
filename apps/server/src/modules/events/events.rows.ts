// The event and ticket-type rows the event services read, scoped by organisation: one event (optionally locked
// for update), the ticket types of several events, and the wizard's type among them.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { instantToLocal } from '@marquee/shared';
import type { Database } from '../../db/client.js';
import { event, ticketType } from '../../db/schema/index.js';

export type EventRow = typeof event.$inferSelect;
export type TicketTypeRow = typeof ticketType.$inferSelect;
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The wizard's ticket type: the event's first-created type (General Admission), whatever the organiser's
 * display order, so reordering types never changes which price the wizard edits.
 */
export function generalOf(types: TicketTypeRow[]): TicketTypeRow | undefined {
  let first: TicketTypeRow | undefined;
  for (const type of types) {
    if (!first || type.createdAt < first.createdAt || (+type.createdAt === +first.createdAt && type.id < first.id))
      first = type;
  }
  return first;
}

/** An instant as the wall-clock time in the event's zone ('' when unset). */
export const localOf = (instant: Date | null, timeZone: string) => (instant ? instantToLocal(instant, timeZone) : '');

export async function ticketTypesFor(db: Database | Transaction, organizationId: string, eventIds: string[]) {
  const byEvent = new Map<string, TicketTypeRow[]>();
  if (eventIds.length === 0) return byEvent;
  const rows = await db
    .select()
    .from(ticketType)
    .where(and(eq(ticketType.organizationId, organizationId), inArray(ticketType.eventId, eventIds)))
    .orderBy(asc(ticketType.sort), asc(ticketType.createdAt));
  for (const row of rows) byEvent.set(row.eventId, [...(byEvent.get(row.eventId) ?? []), row]);
  return byEvent;
}

export async function findEventRow(db: Database | Transaction, organizationId: string, id: string, lock = false) {
  if (!UUID.test(id)) return undefined;
  const query = db
    .select()
    .from(event)
    .where(and(eq(event.id, id), eq(event.organizationId, organizationId)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}
