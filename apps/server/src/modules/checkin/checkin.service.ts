// What the check-in app reads: the organisation's events with their counts and door-sale ticket types, the
// offline ticket list, the search, the undo of an admission, and the organiser's check-in log with the
// arrival curve. Every query is scoped by the caller's organisation: another organisation's event is not found.
import { sql } from 'drizzle-orm';
import {
  TICKET_STATES,
  type CheckinEvent,
  type CheckinLog,
  type CheckinSearch,
  type CurrencyCode,
  type OfflineList,
  type TicketState,
} from '@marquee/shared';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { EVENT_NOT_FOUND } from '../events/events.service.js';
import { releaseExpiredHolds } from '../stock/stock.js';
import { remainingFor } from '../checkout/storefront-event.js';
import { quotaCountersOf } from '../quotas/quota-counters.js';
import { event, ticketType } from '../../db/schema/index.js';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { moveTickets } from '../tickets/ticket-moves.js';
import { eventTicketCounts, ticketCountsOf } from '../tickets/ticket-counts.js';
import { doorAnswersOfEvent } from '../questions/answers.read.js';
import { doorAddOnsOfEvent } from './checkin.add-ons.js';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

export type EventRow = typeof event.$inferSelect;

/** The organisation's event (live, ended or cancelled; never a draft's), or 404. */
export async function checkinEventRow(db: Database, organizationId: string, eventId: string): Promise<EventRow> {
  const [row] = UUID.test(eventId)
    ? await db
        .select()
        .from(event)
        .where(and(eq(event.id, eventId), eq(event.organizationId, organizationId)))
        .limit(1)
    : [];
  if (!row || row.status === 'draft') throw new AppError('NOT_FOUND', EVENT_NOT_FOUND);
  return row;
}

/** Live events first by start time, then cancelled and archived ones; with counts and door-sale types. */
export async function listCheckinEvents(
  db: Database,
  organizationId: string,
  onlyId?: string,
): Promise<CheckinEvent[]> {
  const events = await db
    .select()
    .from(event)
    .where(
      and(
        eq(event.organizationId, organizationId),
        inArray(event.status, ['live', 'cancelled']),
        onlyId ? eq(event.id, onlyId) : undefined,
      ),
    )
    .orderBy(asc(event.startsAt))
    .limit(100);
  if (events.length === 0) return [];
  const ids = events.map((row) => row.id);
  const [types, counted, quotas] = await Promise.all([
    db
      .select()
      .from(ticketType)
      .where(and(eq(ticketType.organizationId, organizationId), inArray(ticketType.eventId, ids)))
      .orderBy(asc(ticketType.sort), asc(ticketType.createdAt)),
    eventTicketCounts(db, organizationId, ids),
    quotaCountersOf(db, organizationId, ids),
  ]);
  return events.map((row) => ({
    id: row.id,
    name: row.name,
    starts_at: row.startsAt ? row.startsAt.toISOString() : null,
    location: row.location,
    status: row.status,
    sold_on_entry: row.soldOnEntry,
    currency: (types.find((type) => type.eventId === row.id)?.currency ?? 'GBP') as CurrencyCode,
    checked_in: counted.get(row.id)?.checked_in ?? 0,
    sold: counted.get(row.id)?.sold ?? 0,
    ticket_types: types
      .filter((type) => type.eventId === row.id && !type.hidden && type.priceMinor !== null)
      .map((type) => ({
        id: type.id,
        name: type.name,
        price_minor: type.priceMinor ?? 0,
        remaining: remainingFor(
          type,
          row,
          quotas.filter((quota) => quota.eventId === row.id),
        ),
        max_per_order: type.maxPerOrder,
      })),
  }));
}

export async function checkinEvent(db: Database, organizationId: string, eventId: string): Promise<CheckinEvent> {
  const row = await checkinEventRow(db, organizationId, eventId);
  await releaseExpiredHolds(db, { eventId: row.id });
  const [found] = await listCheckinEvents(db, organizationId, row.id);
  if (!found) throw new AppError('NOT_FOUND', EVENT_NOT_FOUND);
  return found;
}

/** Everything a device needs to judge the event's tickets with no network (see the schema for the row shape). */
export async function offlineList(
  db: Database,
  organizationId: string,
  eventId: string,
  publicKey: string,
): Promise<OfflineList> {
  const row = await checkinEventRow(db, organizationId, eventId);
  const types = await db
    .select({ id: ticketType.id, name: ticketType.name })
    .from(ticketType)
    .where(and(eq(ticketType.eventId, row.id), eq(ticketType.organizationId, organizationId)))
    .orderBy(asc(ticketType.sort), asc(ticketType.createdAt));
  const typeIndex = new Map(types.map((type, index) => [type.id, index]));
  const tickets = rowsOf<{
    code: string;
    ticket_type_id: string;
    holder_name: string;
    order_code: string;
    email: string;
    status: TicketState;
    checked_in_at: Date | string | null;
  }>(
    await db.execute(sql`
      select t.code, t.ticket_type_id, t.holder_name, o.code as order_code, o.customer_email as email, t.status,
        t.checked_in_at
      from ticket t
      join "order" o on o.id = t.order_id
      where t.event_id = ${row.id} and t.organization_id = ${organizationId}`),
  );
  return {
    event: { id: row.id, name: row.name },
    public_key: publicKey,
    types: types.map((type) => type.name),
    tickets: tickets.map((ticket) => [
      ticket.code,
      typeIndex.get(ticket.ticket_type_id) ?? 0,
      ticket.holder_name,
      ticket.order_code,
      ticket.email,
      TICKET_STATES.indexOf(ticket.status),
      ticket.checked_in_at ? new Date(ticket.checked_in_at).getTime() : 0,
    ]),
    answers: await doorAnswersOfEvent(db, organizationId, row.id),
    add_ons: await doorAddOnsOfEvent(db, organizationId, row.id),
    generated_at: new Date().toISOString(),
  };
}

/** Tickets of the event by holder or buyer name, e-mail, order code or ticket code (at most 20). */
export async function searchTickets(
  db: Database,
  organizationId: string,
  eventId: string,
  query: string,
): Promise<CheckinSearch> {
  const row = await checkinEventRow(db, organizationId, eventId);
  const pattern = containsPattern(query.trim());
  const found = rowsOf<{
    code: string;
    type: string;
    holder: string;
    order_code: string;
    email: string;
    status: TicketState;
    checked_in_at: Date | string | null;
  }>(
    await db.execute(sql`
      select t.code, tt.name as type, t.holder_name as holder, o.code as order_code, o.customer_email as email,
        t.status, t.checked_in_at
      from ticket t
      join "order" o on o.id = t.order_id
      join ticket_type tt on tt.id = t.ticket_type_id
      where t.event_id = ${row.id} and t.organization_id = ${organizationId}
        and (t.code ilike ${pattern} or o.code ilike ${pattern} or o.customer_email ilike ${pattern}
          or t.holder_name ilike ${pattern} or (o.first_name || ' ' || o.last_name) ilike ${pattern})
      order by t.holder_name, t.code
      limit 20`),
  );
  return {
    tickets: found.map((ticket) => ({
      code: ticket.code,
      type: ticket.type,
      holder: ticket.holder,
      order_code: ticket.order_code,
      email: ticket.email,
      state: ticket.status,
      checked_in_at: ticket.checked_in_at ? new Date(ticket.checked_in_at).toISOString() : null,
    })),
  };
}

/** Undoes an admission (the holder was let in by mistake); the ticket admits again at the next scan. */
export async function undoCheckIn(
  db: Database,
  actor: { organizationId: string; userId: string },
  checkInId: string,
): Promise<{ eventId: string }> {
  if (!UUID.test(checkInId)) throw new AppError('NOT_FOUND', 'Check-in not found');
  return db.transaction(async (tx) => {
    const [undone] = rowsOf<{ event_id: string; ticket_id: string }>(
      await tx.execute(sql`
        update check_in set status = 'undone', undone_at = now(), undone_by = ${actor.userId}
        where id = ${checkInId} and organization_id = ${actor.organizationId} and status = 'admitted'
        returning event_id, ticket_id`),
    );
    if (!undone) {
      const [exists] = rowsOf<{ id: string }>(
        await tx.execute(
          sql`select id from check_in where id = ${checkInId} and organization_id = ${actor.organizationId}`,
        ),
      );
      if (!exists) throw new AppError('NOT_FOUND', 'Check-in not found');
      throw new AppError('CONFLICT', 'This check-in was already undone or superseded');
    }
    // A ticket no longer checked in (refunded, cancelled) stays as it is: only its admission is undone.
    await moveTickets(tx, 'undo_check_in', { organizationId: actor.organizationId, ticketIds: [undone.ticket_id] });
    await tx.execute(sql`
      insert into order_change (organization_id, order_id, ticket_id, action, from_status, to_status, actor_type,
        actor_user_id)
      select organization_id, order_id, id, 'check_in_undone', 'checked_in', status, 'organiser', ${actor.userId}
      from ticket where id = ${undone.ticket_id}`);
    return { eventId: undone.event_id };
  });
}

/** The organiser's log: the latest 200 scans (with duplicates), admissions per 15 minutes and door sales. */
export async function checkinLog(db: Database, organizationId: string, eventId: string): Promise<CheckinLog> {
  const row = await checkinEventRow(db, organizationId, eventId);
  const [entries, arrivals, door, currency, counts] = await Promise.all([
    db.execute(sql`
      select c.id, c.status, c.method, c.scanned_at, t.code as ticket_code, tt.name as type, t.holder_name as holder,
        c.user_name as by, c.device_id as device
      from check_in c
      join ticket t on t.id = c.ticket_id
      join ticket_type tt on tt.id = t.ticket_type_id
      where c.event_id = ${row.id} and c.organization_id = ${organizationId}
      order by c.scanned_at desc, c.id desc
      limit 200`),
    db.execute(sql`
      select date_bin('15 minutes', scanned_at, timestamptz '2000-01-01T00:00:00Z') as at, count(*)::int as count
      from check_in
      where event_id = ${row.id} and organization_id = ${organizationId} and status = 'admitted'
      group by 1 order by 1`),
    db.execute(sql`
      select count(*)::int as orders, coalesce(sum(quantity), 0)::int as tickets,
        coalesce(sum(amount_minor), 0)::bigint as amount,
        coalesce(sum(amount_minor) filter (where payment_provider = 'door_cash'), 0)::bigint as cash,
        coalesce(sum(amount_minor) filter (where payment_provider = 'door_card'), 0)::bigint as card
      from "order"
      where event_id = ${row.id} and organization_id = ${organizationId} and channel = 'door'
        and status in ('paid', 'partially_refunded')`),
    db
      .select({ currency: ticketType.currency })
      .from(ticketType)
      .where(and(eq(ticketType.eventId, row.id), eq(ticketType.organizationId, organizationId)))
      .limit(1),
    ticketCountsOf(db, organizationId, row.id),
  ]);
  const admitted = rowsOf<{ at: Date | string; count: number }>(arrivals);
  const doorRow = rowsOf<{ orders: number; tickets: number; amount: string; cash: string; card: string }>(door)[0];
  return {
    ...counts,
    currency: (currency[0]?.currency ?? 'GBP') as CurrencyCode,
    door: {
      orders: Number(doorRow?.orders ?? 0),
      tickets: Number(doorRow?.tickets ?? 0),
      amount_minor: Number(doorRow?.amount ?? 0),
      cash_minor: Number(doorRow?.cash ?? 0),
      card_minor: Number(doorRow?.card ?? 0),
    },
    arrivals: admitted.map((bucket) => ({ at: new Date(bucket.at).toISOString(), count: Number(bucket.count) })),
    entries: rowsOf<{
      id: string;
      status: 'admitted' | 'duplicate' | 'undone';
      method: string;
      scanned_at: Date | string;
      ticket_code: string;
      type: string;
      holder: string;
      by: string;
      device: string;
    }>(entries).map((entry) => ({ ...entry, scanned_at: new Date(entry.scanned_at).toISOString() })),
  };
}
