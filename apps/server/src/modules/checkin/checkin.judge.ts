// Judging one ticket at the door, online or from a device's offline queue. The ticket row is locked while it is
// judged, so two devices scanning one ticket at once queue on that lock and only the first admits it (the
// partial unique index on admitted check-ins is the last guard). A scan queued offline keeps the time it was
// scanned: when two devices admitted one ticket offline, the earlier scan wins and the later one is recorded
// as a duplicate, whichever syncs first.
import { sql } from 'drizzle-orm';
import {
  CHECK_IN_HEADLINES,
  TICKET_CODE_PATTERN,
  judgeTicket,
  type CheckInResult,
  type ScanAnswer,
  type TicketState,
} from '@marquee/shared';
import type { Database } from '../../db/client.js';
import { pgErrorCode } from '../../db/errors.js';
import { AppError } from '../../lib/errors.js';
import { EVENT_NOT_FOUND } from '../events/events.service.js';
import { UUID } from './checkin.service.js';
import type { TicketSigner } from '../checkout/ticket-qr.js';
import type { Tx } from '../../db/tx.js';
import { judgeOnlineScan, lockTicketSql } from './checkin.judge-online.js';
import type { Scanner, ScanInput } from './checkin.scan.js';
import { moveTickets } from '../tickets/ticket-moves.js';
import { checkedInSql, soldSql, ticketCountsOf } from '../tickets/ticket-counts.js';
import { doorAnswers } from '../questions/answers.read.js';
import { doorAddOns } from './checkin.add-ons.js';

type Answer = Omit<ScanAnswer, 'counts'>;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

interface TicketRow {
  id: string;
  event_id: string;
  status: TicketState;
  code: string;
  holder_name: string;
  type_name: string;
  order_code: string;
  event_name: string;
  /** The ticket's admission, if any (read with the lock, so one round trip less per scan). */
  current_id: string | null;
  current_scanned_at: Date | string | null;
  current_user_name: string | null;
  /** The scanning event's figures before this scan. */
  checked_in: number;
  sold: number;
}

/** The lock's row: the scanning event's status and counts, and the ticket's columns (null when no such code). */
type LockedRow = { scan_event_status: string } & Pick<TicketRow, 'checked_in' | 'sold'> & {
    [K in Exclude<keyof TicketRow, 'checked_in' | 'sold'>]: TicketRow[K] | null;
  };

/** Checked in and sold for the event, as the scan answer carries them. */
export interface EventCounts {
  checked_in: number;
  sold: number;
}

/** A judged scan, with the event's counts when the judging could work them out without another query. */
export type JudgedScan = Answer & { counts?: EventCounts };

interface CheckInRow {
  id: string;
  status: string;
  scanned_at: Date | string;
  user_name: string;
}

function answer(result: CheckInResult, clientId: string | null, extra: Partial<Answer> = {}): Answer {
  return {
    result,
    headline: CHECK_IN_HEADLINES[result],
    check_in_id: null,
    ticket: null,
    checked_in_at: null,
    checked_in_by: null,
    other_event_name: null,
    client_id: clientId,
    ...extra,
  };
}

/** The ticket code a scan names: from a QR payload only when its signature holds. */
export function codeFromScan(signer: TicketSigner, input: { payload?: string | undefined; code?: string | undefined }) {
  if (input.payload !== undefined) return signer.read(input.payload)?.code ?? null;
  const code = (input.code ?? '').trim().toUpperCase();
  return TICKET_CODE_PATTERN.test(code) ? code : null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

// One round trip checks the scanning event (this organisation's, not a draft), locks the ticket and reads what
// judging it needs: its order, type and event, an open listing, its admitted check-in and the scanning event's
// counts. A check-in committed by a scan this one waited for is not seen here (the lock re-reads the ticket row
// only); the unique index on admitted check-ins then refuses the second admission and judgeScan judges again.
async function lockTicket(tx: Tx, organizationId: string, eventId: string, code: string) {
  const [row] = rowsOf<LockedRow>(
    await tx.execute(sql`
      select ev.status as scan_event_status, ${soldSql(sql`ev`)} as sold, ${checkedInSql(sql`ev.id`)} as checked_in,
        k.*
      from event ev
      left join lateral (${lockTicketSql(code, organizationId)}
      ) k on true
      where ev.id = ${eventId} and ev.organization_id = ${organizationId}`),
  );
  if (!row || row.scan_event_status === 'draft') throw new AppError('NOT_FOUND', EVENT_NOT_FOUND);
  return row;
}

async function judgeLocked(
  tx: Tx,
  scanner: Scanner,
  eventId: string,
  input: ScanInput,
  code: string,
): Promise<JudgedScan> {
  const { clientId } = input;
  const locked = await lockTicket(tx, scanner.organizationId, eventId, code);
  const counts = (admitted: number): EventCounts => ({
    checked_in: Number(locked.checked_in) + admitted,
    sold: Number(locked.sold ?? 0),
  });
  const judged = (result: Answer, admitted = 0): JudgedScan => ({ ...result, counts: counts(admitted) });
  if (locked.id === null) return judged(answer('unknown', clientId));
  const row = locked as TicketRow;
  const ticket = { code: row.code, type: row.type_name, holder: row.holder_name, order_code: row.order_code };
  const verdict = judgeTicket({ state: row.status, eventId: row.event_id }, eventId);
  if (verdict === 'other_event')
    return judged(answer('other_event', clientId, { ticket, other_event_name: row.event_name }));
  if (verdict !== 'admitted' && verdict !== 'already_checked_in') return judged(answer(verdict, clientId, { ticket }));

  if (clientId) {
    // The same queued scan sent again (a sync retried after a lost answer): answer as the first time.
    const [seen] = rowsOf<CheckInRow>(
      await tx.execute(sql`
        select id, status, scanned_at, user_name from check_in
        where organization_id = ${scanner.organizationId} and device_id = ${scanner.deviceId} and client_id = ${clientId}`),
    );
    if (seen?.status === 'admitted')
      return judged(
        answer('admitted', clientId, { ticket, check_in_id: seen.id, checked_in_at: iso(seen.scanned_at) }),
      );
    if (seen) return judged(await alreadyIn(tx, row.id, clientId, ticket));
  }

  // The ticket's state says whether it is in; its admitted check-in row says when and by whom.
  const current =
    verdict === 'already_checked_in'
      ? { id: row.current_id, scanned_at: row.current_scanned_at!, user_name: row.current_user_name ?? '' }
      : null;
  const at = input.scannedAt.toISOString();
  const record = (status: 'admitted' | 'duplicate') => sql`
    insert into check_in (organization_id, event_id, ticket_id, status, method, scanned_at, device_id, client_id,
      user_id, user_name)
    values (${scanner.organizationId}, ${eventId}, ${row.id}, ${status}, ${input.method}, ${at}::timestamptz,
      ${scanner.deviceId}, ${clientId}, ${scanner.userId}, ${scanner.userName})
    returning id`;
  // The admission: its check-in row, the ticket's move to checked in (or, replacing a later admission, its time)
  // and the order's audit line.
  const admit = async (replacing: boolean) => {
    const [created] = rowsOf<{ id: string }>(await tx.execute(record('admitted')));
    if (replacing) await tx.execute(sql`update ticket set checked_in_at = ${at}::timestamptz where id = ${row.id}`);
    else
      await moveTickets(
        tx,
        'check_in',
        { organizationId: scanner.organizationId, ticketIds: [row.id] },
        input.scannedAt,
      );
    await tx.execute(sql`
      insert into order_change (organization_id, order_id, ticket_id, action, from_status, to_status, actor_type,
        actor_user_id, detail, at)
      select ${scanner.organizationId}, order_id, id, 'checked_in', 'valid', 'checked_in', 'organiser', ${scanner.userId},
        ${JSON.stringify({ device: scanner.deviceId, method: input.method })}::jsonb, ${at}::timestamptz
      from ticket where id = ${row.id}`);
    return answer('admitted', clientId, { ticket, check_in_id: created!.id, checked_in_at: at });
  };
  if (!current) return judged(await admit(false), 1);
  if (input.method === 'offline' && input.scannedAt.getTime() < new Date(current.scanned_at).getTime()) {
    // Scanned earlier on a device that was offline: that scan admitted the holder; the later one is the duplicate.
    if (current.id) await tx.execute(sql`update check_in set status = 'duplicate' where id = ${current.id}`);
    return judged(await admit(true));
  }
  await tx.execute(record('duplicate'));
  return judged(
    answer('already_checked_in', clientId, {
      ticket,
      checked_in_at: iso(current.scanned_at),
      checked_in_by: current.user_name || 'a team member',
    }),
  );
}

async function alreadyIn(tx: Tx, ticketId: string, clientId: string | null, ticket: Answer['ticket']) {
  const [current] = rowsOf<CheckInRow>(
    await tx.execute(sql`
      select id, status, scanned_at, user_name from check_in where ticket_id = ${ticketId} and status = 'admitted'`),
  );
  return answer('already_checked_in', clientId, {
    ticket,
    checked_in_at: current ? iso(current.scanned_at) : null,
    checked_in_by: current ? current.user_name || 'a team member' : null,
  });
}

/** An online scan, judged and recorded by one statement (checkin.judge-online.ts). */
async function judgeOnline(
  db: Database,
  scanner: Scanner,
  eventId: string,
  input: ScanInput,
  code: string,
): Promise<JudgedScan> {
  const row = await judgeOnlineScan(db, scanner, eventId, input, code);
  if (!row || row.scan_event_status === 'draft') throw new AppError('NOT_FOUND', EVENT_NOT_FOUND);
  const counts = {
    checked_in: Number(row.checked_in) + (row.admitted_id ? 1 : 0),
    sold: Number(row.sold ?? 0),
  };
  if (row.id === null || row.verdict === null) return { ...answer('unknown', null), counts };
  const ticket = {
    code: row.code!,
    type: row.type_name!,
    holder: row.holder_name!,
    order_code: row.order_code!,
    answers: doorAnswers(row.answers),
    add_ons: doorAddOns(row.add_ons),
  };
  const at = input.scannedAt.toISOString();
  const verdict = row.verdict;
  const result =
    verdict === 'admitted'
      ? answer('admitted', null, { ticket, check_in_id: row.admitted_id, checked_in_at: at })
      : verdict === 'already_checked_in'
        ? answer('already_checked_in', null, {
            ticket,
            checked_in_at: row.current_scanned_at ? iso(row.current_scanned_at) : null,
            checked_in_by: row.current_user_name || 'a team member',
          })
        : verdict === 'other_event'
          ? answer('other_event', null, { ticket, other_event_name: row.event_name })
          : answer(verdict, null, { ticket });
  return { ...result, counts };
}

/** Judges one scan in its own transaction (retried once if two admissions met on the unique index). */
export async function judgeScan(
  db: Database,
  signer: TicketSigner,
  scanner: Scanner,
  eventId: string,
  input: ScanInput,
): Promise<JudgedScan> {
  if (!UUID.test(eventId)) throw new AppError('NOT_FOUND', EVENT_NOT_FOUND);
  const code = codeFromScan(signer, input);
  // No counts: the caller checks the event itself (no ticket lock read it) and counts.
  if (!code) return answer('unknown', input.clientId);
  const online = input.clientId === null && input.method !== 'offline';
  for (let attempt = 1; ; attempt += 1) {
    try {
      if (online) return await judgeOnline(db, scanner, eventId, input, code);
      return await db.transaction((tx) => judgeLocked(tx, scanner, eventId, input, code));
    } catch (error) {
      if (attempt < 3 && pgErrorCode(error) === '23505') continue;
      throw error;
    }
  }
}

/** Checked in and sold for the organisation's event (ticket-counts.ts). */
export const eventCounts = (db: Database | Tx, organizationId: string, eventId: string): Promise<EventCounts> =>
  ticketCountsOf(db, organizationId, eventId);
