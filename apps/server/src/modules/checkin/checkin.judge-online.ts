// A scan made online (the camera or a search at the door, no offline queue behind it) is judged in one
// statement: it checks the scanning event (this organisation's, not a draft), locks the ticket, reads what
// judging needs, and records the admission (the ticket's move to checked in, the check-in row and the order's
// audit line) or the duplicate entry. One round trip and no BEGIN/COMMIT per scan (decision 031). The verdict is
// the shared judgeTicket's (decision 046), written as SQL from the same table (doorResultSql); the transaction
// path in checkin.judge.ts, which offline syncs keep, calls judgeTicket itself.
// Waiting for a concurrent scan's lock re-reads the ticket row, so its new state (checked in) is seen; the unique
// index on admitted check-ins stays the last guard. (PostgreSQL runs every data-modifying WITH clause whether or
// not the final select reads it.)
import { sql, type SQL } from 'drizzle-orm';
import { DOOR_RESULTS, TICKET_STATES, type CheckInResult } from '@marquee/shared';
import type { Database } from '../../db/client.js';
import { moveTicketsSql } from '../tickets/ticket-moves.js';
import { checkedInSql, soldSql } from '../tickets/ticket-counts.js';
import type { Scanner, ScanInput } from './checkin.scan.js';
import { doorAnswersSql } from '../questions/answers.read.js';
import { doorAddOnsSql } from './checkin.add-ons.js';

/** What the statement answers: the scanning event's status and counts, then the ticket's row and verdict. */
export interface OnlineScanRow {
  scan_event_status: string;
  sold: number | null;
  checked_in: number;
  id: string | null;
  event_id: string | null;
  code: string | null;
  holder_name: string | null;
  type_name: string | null;
  order_code: string | null;
  event_name: string | null;
  current_scanned_at: Date | string | null;
  current_user_name: string | null;
  verdict: Exclude<CheckInResult, 'unknown'> | null;
  /** The admission recorded by this scan. */
  admitted_id: string | null;
  /** The ticket's checkout answers (doorAnswersSql), decision 130. */
  answers?: unknown;
  /** The order's add-on lines while it stands (doorAddOnsSql), decision 134. */
  add_ons?: unknown;
}

/**
 * The door's verdict in SQL for a locked ticket row (`state` and `eventId` its columns) scanned for
 * `scanningEventId`: judgeTicket (packages/shared/src/tickets.ts) written from the same DOOR_RESULTS table.
 */
export function doorResultSql(state: SQL, eventId: SQL, scanningEventId: string): SQL {
  const byState = TICKET_STATES.map((each) => sql`when ${state} = ${each} then ${DOOR_RESULTS[each]}`);
  return sql`case when ${eventId} <> ${scanningEventId}::uuid then 'other_event' ${sql.join(byState, sql` `)} end`;
}

/**
 * The ticket `code` of the organisation, locked, with what judging it needs: its state, type, order code and
 * event, and its admission (`also` adds a condition). Shared by both judging paths.
 */
export function lockTicketSql(code: string, organizationId: string, also: SQL = sql``): SQL {
  return sql`
    select t.id, t.event_id, t.status, t.code, t.holder_name, t.order_id, tt.name as type_name,
      o.code as order_code, e.name as event_name,
      c.id as current_id, coalesce(c.scanned_at, t.checked_in_at) as current_scanned_at,
      c.user_name as current_user_name
    from ticket t
    join "order" o on o.id = t.order_id
    join ticket_type tt on tt.id = t.ticket_type_id
    join event e on e.id = t.event_id
    left join lateral (
      select id, scanned_at, user_name from check_in where ticket_id = t.id and status = 'admitted' limit 1
    ) c on true
    where t.code = ${code} and t.organization_id = ${organizationId} ${also}
    for update of t`;
}

export async function judgeOnlineScan(
  db: Database,
  scanner: Scanner,
  eventId: string,
  input: ScanInput,
  code: string,
): Promise<OnlineScanRow | undefined> {
  const at = input.scannedAt.toISOString();
  const entry = (status: 'admitted' | 'duplicate') => sql`
    insert into check_in (organization_id, event_id, ticket_id, status, method, scanned_at, device_id, client_id,
      user_id, user_name)
    select ${scanner.organizationId}, ${eventId}, v.id, ${status}, ${input.method}, ${at}::timestamptz,
      ${scanner.deviceId}, null, ${scanner.userId}, ${scanner.userName}
    from verdict v where v.verdict = ${status === 'admitted' ? 'admitted' : 'already_checked_in'}
    returning id`;
  const result = await db.execute(sql`
    with ev as materialized (
      select id, status, sold from event where id = ${eventId} and organization_id = ${scanner.organizationId}
    ),
    locked as materialized (
      ${lockTicketSql(code, scanner.organizationId, sql`and exists (select 1 from ev where ev.status <> 'draft')`)}
    ),
    verdict as materialized (
      select k.*, ${doorResultSql(sql`k.status`, sql`k.event_id`, eventId)} as verdict from locked k
    ),
    admitted as (${entry('admitted')}),
    duplicate as (${entry('duplicate')}),
    stamped as (
      ${moveTicketsSql('check_in', sql`t.id = (select id from verdict where verdict = 'admitted')`, at)}
    ),
    audited as (
      insert into order_change (organization_id, order_id, ticket_id, action, from_status, to_status, actor_type,
        actor_user_id, detail, at)
      select ${scanner.organizationId}, s."orderId", s.id, 'checked_in', 'valid', 'checked_in', 'organiser',
        ${scanner.userId}, ${JSON.stringify({ device: scanner.deviceId, method: input.method })}::jsonb,
        ${at}::timestamptz
      from stamped s
    )
    select ev.status as scan_event_status,
      ${soldSql(sql`ev`)} as sold,
      ${checkedInSql(sql`ev.id`)} as checked_in,
      v.id, v.event_id, v.code, v.holder_name, v.type_name, v.order_code, v.event_name,
      v.current_scanned_at, v.current_user_name, v.verdict,
      (select id from admitted) as admitted_id,
      ${doorAnswersSql(sql`v.id`)} as answers,
      ${doorAddOnsSql(sql`v.order_id`)} as add_ons
    from ev left join verdict v on true`);
  return (result as unknown as { rows: OnlineScanRow[] }).rows[0];
}
