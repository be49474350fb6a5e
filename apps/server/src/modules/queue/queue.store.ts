// The waiting room's database side (decision 034): read an event's queue figures, draw the lobby at on-sale, move
// the admission counter on at the organiser's rate, give a browser its place, and find a lobby browser's place
// after the draw. Only joins, the draw and the once-a-second refresh come here; a fan's poll does not.
import { sql } from 'drizzle-orm';
import { queueOn, type QueueMode } from '@marquee/shared';
import type { Database } from '../../db/client.js';
import { sharedRead } from '../../db/shared-read.js';
import { joinInBatch, type JoinResult } from './queue-joins.js';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export interface QueueRow {
  eventId: string;
  organizationId: string;
  slug: string;
  name: string;
  status: string;
  enabled: boolean;
  ratePerMinute: number;
  /** The on-sale the queue opens at (ms): the event's sales start, else when it was published. */
  opensAt: number;
  /** The event's IANA zone: the lobby says the on-sale time in it. */
  timeZone: string;
  endsAt: number | null;
  capacity: number | null;
  sold: number;
  held: number;
  subdomain: string;
  customDomain: string | null;
  /** Null until the queue row exists. */
  drawnAt: number | null;
  lastPlace: number;
  /** Browsers waiting in the lobby for the draw (0 once drawn): how widely their first poll after it is spread. */
  lobby: number;
  admitted: number;
  admittedAt: number | null;
  hasRow: boolean;
  /** The organiser's branding for the queue page (read with the rest, so a poll still reads nothing). */
  brand: QueueBrand;
}

export interface QueueBrand {
  companyName: string;
  logoUrl: string | null;
  primaryColor: string | null;
  secondaryColor: string | null;
  fontFamily: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const textOrNull = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
const ms = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string).getTime());

/**
 * The waiting room's on-sale for event `e` (SQL): the first moment a public ticket type goes on sale (its own
 * start, else the event's, else publication), so a public early-bird type that opens before the general on-sale
 * opens the queue with it. Hidden (presale) types are sold outside the queue and do not count; an event without
 * public types keeps the event's start.
 */
export const QUEUE_OPENS_AT_SQL = sql.raw(`coalesce(
  (select min(coalesce(t.sales_start_at, e.sales_start_at, e.published_at)) from ticket_type t
    where t.event_id = e.id and not t.hidden and t.price_minor is not null),
  e.sales_start_at, e.published_at)`);

/** The queue's on-sale for one event of the organisation (see QUEUE_OPENS_AT_SQL), or null. */
export async function queueOpensAt(db: Database, organizationId: string, eventId: string): Promise<Date | null> {
  const [row] = rowsOf<{ opens_at: string | Date | null }>(
    await db.execute(
      sql`select ${QUEUE_OPENS_AT_SQL} as opens_at from event e where e.id = ${eventId} and e.organization_id = ${organizationId}`,
    ),
  );
  return row?.opens_at ? new Date(row.opens_at) : null;
}

/** The event's queue facts in one query (event, organisation hosts and queue counters), or null. */
export async function readQueueRow(db: Database, eventId: string): Promise<QueueRow | null> {
  if (!UUID.test(eventId)) return null;
  const [raw] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select e.id, e.organization_id, e.slug, e.name, e.status, e.queue_mode, e.queue_rate_per_minute,
        ${QUEUE_OPENS_AT_SQL} as opens_at, e.time_zone, e.ends_at, e.capacity, e.sold, e.held, s.subdomain,
        case when s.custom_domain_verified then s.custom_domain end as custom_domain,
        s.company_name, s.logo_url, s.primary_color, s.secondary_color, s.font_family,
        q.event_id as queue_event, q.drawn_at, q.last_place, q.admitted, q.admitted_at,
        case when q.event_id is not null and q.drawn_at is null then
          (select count(*)::int from queue_entry l where l.event_id = e.id and l.place is null) else 0 end as lobby
      from event e
      join organization_settings s on s.organization_id = e.organization_id
      left join event_queue q on q.event_id = e.id
      where e.id = ${eventId}`),
  );
  if (!raw) return null;
  const capacity = raw.capacity === null ? null : Number(raw.capacity);
  return {
    eventId: String(raw.id),
    organizationId: String(raw.organization_id),
    slug: String(raw.slug),
    name: String(raw.name),
    status: String(raw.status),
    enabled: queueOn(raw.queue_mode as QueueMode, capacity),
    ratePerMinute: Number(raw.queue_rate_per_minute),
    opensAt: ms(raw.opens_at) ?? 0,
    timeZone: String(raw.time_zone),
    endsAt: ms(raw.ends_at),
    capacity,
    sold: Number(raw.sold),
    held: Number(raw.held),
    subdomain: String(raw.subdomain).toLowerCase(),
    customDomain: raw.custom_domain ? String(raw.custom_domain).toLowerCase() : null,
    drawnAt: ms(raw.drawn_at),
    lastPlace: Number(raw.last_place ?? 0),
    lobby: Number(raw.lobby ?? 0),
    admitted: Number(raw.admitted ?? 0),
    admittedAt: ms(raw.admitted_at),
    hasRow: raw.queue_event !== null && raw.queue_event !== undefined,
    brand: {
      companyName: String(raw.company_name ?? ''),
      logoUrl: textOrNull(raw.logo_url),
      primaryColor: textOrNull(raw.primary_color),
      secondaryColor: textOrNull(raw.secondary_color),
      fontFamily: textOrNull(raw.font_family),
    },
  };
}

export async function ensureQueueRow(db: Database, row: Pick<QueueRow, 'eventId' | 'organizationId'>) {
  await db.execute(sql`
    insert into event_queue (event_id, organization_id) values (${row.eventId}, ${row.organizationId})
    on conflict (event_id) do nothing`);
}

/**
 * At on-sale: ranks everyone in the lobby by their random key (so arriving early gives no advantage) and gives
 * them places 1..n; arrivals after it take n+1, n+2, ... The queue row's lock orders the draw against joins: a
 * join that saw no draw wrote a lobby entry before the draw could start, and one after it sees the draw.
 */
export async function drawLobby(db: Database, eventId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const flipped = rowsOf<{ last_place: number }>(
      await tx.execute(sql`
        update event_queue set drawn_at = ${now.toISOString()}::timestamptz, admitted_at = ${now.toISOString()}::timestamptz
        where event_id = ${eventId} and drawn_at is null
        returning last_place`),
    );
    if (flipped.length === 0) return;
    const before = Number(flipped[0]!.last_place);
    const ranked = rowsOf<{ n: number }>(
      await tx.execute(sql`
        with ranked as (
          select id, row_number() over (order by lottery, id) as n from queue_entry
          where event_id = ${eventId} and place is null
        ),
        placed as (
          update queue_entry e set place = r.n + ${before} from ranked r where e.id = r.id returning 1
        )
        select count(*)::int as n from placed`),
    );
    await tx.execute(sql`
      update event_queue set last_place = ${before + Number(ranked[0]?.n ?? 0)}::bigint where event_id = ${eventId}`);
  });
}

/**
 * Moves the admission counter on by the rate times the time since it last moved (at most once a second, whichever
 * process comes first), never past the last place given. While no ticket is left (`paused`) the clock moves but
 * the counter does not, so a pause never turns into a burst afterwards.
 */
export async function advanceAdmission(db: Database, eventId: string, paused: boolean, now: Date): Promise<void> {
  const at = now.toISOString();
  await db.execute(sql`
    update event_queue q set
      admitted = case when ${paused} then q.admitted else least(q.last_place::float8, q.admitted
        + e.queue_rate_per_minute / 60.0 * extract(epoch from (${at}::timestamptz - q.admitted_at))) end,
      admitted_at = ${at}::timestamptz
    from event e
    where q.event_id = ${eventId} and e.id = q.event_id and q.drawn_at is not null
      and q.admitted_at <= ${at}::timestamptz - interval '1 second'`);
}

export type { JoinResult } from './queue-joins.js';

/**
 * Gives this browser its entry: a lobby entry before the draw, the next place after it; a browser that already
 * has one gets it back (one place per browser, however many tabs). Null when the queue row does not exist yet.
 * The statement is shared with the other browsers joining the event meanwhile (queue-joins.ts).
 */
export async function joinQueue(
  db: Database,
  input: { eventId: string; organizationId: string; browserId: string; again: boolean },
): Promise<JoinResult | null> {
  // Starting again after an admission ran out: the old entry goes, the new one is at the back.
  if (input.again) {
    await db.execute(
      sql`delete from queue_entry where event_id = ${input.eventId} and browser_id = ${input.browserId}`,
    );
  }
  return joinInBatch(db, input);
}

// At on-sale the whole lobby polls within a second or two, each browser for its new place: the browsers of one
// event that ask while a lookup is in flight are looked up together by the next one (decision 042), still read
// after each of them asked.
const lobbyPlaces = sharedRead(async (db, browsers: readonly { eventId: string; browserId: string }[]) => {
  const ids = [...new Set(browsers.map((browser) => browser.browserId))];
  const rows = rowsOf<{ browser_id: string; place: number | string | null }>(
    await db.execute(sql`select browser_id, place from queue_entry
      where event_id = ${browsers[0]!.eventId}
        and browser_id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`),
  );
  return new Map(rows.map((row) => [row.browser_id, row.place === null ? null : Number(row.place)]));
});

/** A lobby browser's place after the draw (its first poll after on-sale), or null. */
export async function placeOf(db: Database, eventId: string, browserId: string): Promise<number | null> {
  const places = await lobbyPlaces(db, eventId, { eventId, browserId });
  return places.get(browserId) ?? null;
}

/** The organiser's figures: browsers in the lobby (no place yet). */
export async function lobbyCount(db: Database, organizationId: string, eventId: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`
      select count(*)::int as n from queue_entry
      where event_id = ${eventId} and organization_id = ${organizationId} and place is null`),
  );
  return Number(row?.n ?? 0);
}
