// The waiting room's database side (decision 034): read an event's queue figures, draw the lobby at on-sale, move
// the admission counter on at the adaptive rate under the organiser's ceiling (decision 148), give a browser its
// place, and find a lobby browser's place after the draw. Only joins, the draw and the once-a-second refresh come
// here; a fan's poll does not.
import { sql } from 'drizzle-orm';
import {
  effectiveAdmissionRate,
  QUEUE_ADMISSION,
  QUEUE_CHECKOUT_TARGET_MS,
  QUEUE_FLOOR_RATE_PER_MINUTE,
  QUEUE_START_RATE_PER_MINUTE,
  queueOn,
  type QueueMode,
} from '@marquee/shared';
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
  /** The organiser's ceiling (`event.queue_rate_per_minute`). */
  ratePerMinute: number;
  /** Fans admitted a minute now: the adaptive rate under the ceiling (where it starts, before the queue row). */
  admitRatePerMinute: number;
  /** The slowest process's latest checkout report (ms) and when it came (ms), or null (decision 148). */
  checkoutMs: number | null;
  checkoutAt: number | null;
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
        q.event_id as queue_event, q.drawn_at, q.last_place, q.admitted, q.admitted_at, q.admit_rate_per_minute,
        q.checkout_ms, q.checkout_at,
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
    admitRatePerMinute: effectiveAdmissionRate(
      Number(raw.queue_rate_per_minute),
      raw.admit_rate_per_minute === null || raw.admit_rate_per_minute === undefined
        ? QUEUE_START_RATE_PER_MINUTE
        : Number(raw.admit_rate_per_minute),
    ),
    checkoutMs: raw.checkout_ms === null || raw.checkout_ms === undefined ? null : Number(raw.checkout_ms),
    checkoutAt: ms(raw.checkout_at),
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
 * Whether this process's checkout report (ms; null: none) is worth a statement of its own, when the counter is not
 * due: it is slow enough to hold or lower the rate, and slower than the stored report or that one is no longer
 * fresh (the slowest process decides; a fast report waits for the counter's own statement).
 */
export function reportMatters(row: Pick<QueueRow, 'checkoutMs' | 'checkoutAt'>, report: number | null, now: number) {
  if (report === null || report <= QUEUE_CHECKOUT_TARGET_MS * QUEUE_ADMISSION.healthyShare) return false;
  const fresh = row.checkoutAt !== null && row.checkoutAt > now - QUEUE_ADMISSION.reportFreshSeconds * 1000;
  return !fresh || row.checkoutMs === null || report >= row.checkoutMs;
}

/**
 * One statement, on the hot path once a second: moves the admission counter on by the rate times the time since it
 * last moved (at most once a second, whichever process comes first), never past the last place given, and steps
 * the adaptive rate (decision 148) from `report`, this process's percentile of its admitted fans' checkout over its
 * window (ms; null: it timed none).
 *
 * The report is kept when it is slower than the stored one or that one is older than `reportFreshSeconds`, so the
 * stored report is the slowest process's of the last seconds; the slower of the two decides. Above the target the
 * rate steps down (at most every `downEverySeconds`); at or under the healthy share of it, or with no fresh report
 * at all (nobody is checking out; not in the first two windows after the draw), it steps up (at most every
 * `upEverySeconds` after any step); else it holds.
 * Always between the floor and the event's ceiling, read in the statement, so an organiser's change applies at
 * once. The counter moves at the rate in force before this step. A statement that is only a report (the counter
 * not due) applies when the report replaces the stored one. While no ticket is left (`paused`) the clock moves
 * but neither the counter nor the rate does, so a pause never turns into a burst afterwards.
 */
export async function advanceAdmission(
  db: Database,
  eventId: string,
  paused: boolean,
  now: Date,
  report: number | null = null,
): Promise<void> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const secondsAgo = (seconds: number) => sql`${at} - make_interval(secs => ${seconds})`;
  const ms = sql`${report}::float8`;
  const ceiling = sql`e.queue_rate_per_minute::float8`;
  const floor = sql`least(${QUEUE_FLOOR_RATE_PER_MINUTE}::float8, ${ceiling})`;
  const rate = sql`least(${ceiling}, greatest(${floor}, q.admit_rate_per_minute))`;
  const due = sql`coalesce(q.admitted_at <= ${secondsAgo(1)}, false)`;
  const fresh = sql`coalesce(q.checkout_at > ${secondsAgo(QUEUE_ADMISSION.reportFreshSeconds)}, false)`;
  const replaces = sql`(${ms} is not null and (not ${fresh} or q.checkout_ms is null or ${ms} >= q.checkout_ms))`;
  const worst = sql`greatest(${ms}, case when ${fresh} then q.checkout_ms end)`;
  const stepAfter = (seconds: number) =>
    sql`(q.rate_stepped_at is null or q.rate_stepped_at <= ${secondsAgo(seconds)})`;
  const down = sql`(not ${paused} and ${worst} > ${QUEUE_CHECKOUT_TARGET_MS}::float8
    and ${stepAfter(QUEUE_ADMISSION.downEverySeconds)} and ${rate} > ${floor})`;
  // No fresh report means nobody is checking out, which slows nothing, so it counts as fast; but not in the first
  // two windows after the on-sale, when the first fans let through have not reached the checkout yet.
  const healthy = sql`(${worst} <= ${QUEUE_CHECKOUT_TARGET_MS * QUEUE_ADMISSION.healthyShare}::float8
    or (${worst} is null and q.drawn_at <= ${secondsAgo(2 * QUEUE_ADMISSION.windowSeconds)}))`;
  const up = sql`(not ${paused} and ${healthy} and ${stepAfter(QUEUE_ADMISSION.upEverySeconds)} and ${rate} < ${ceiling})`;
  await db.execute(sql`
    update event_queue q set
      admitted = case when ${due} and not ${paused}
        then least(q.last_place::float8, q.admitted + ${rate} / 60.0 * extract(epoch from (${at} - q.admitted_at)))
        else q.admitted end,
      admitted_at = case when ${due} then ${at} else q.admitted_at end,
      admit_rate_per_minute = case
        when ${down} then greatest(${floor}, ${rate} * ${QUEUE_ADMISSION.downFactor}::float8)
        when ${up} then least(${ceiling}, greatest(${rate} * ${QUEUE_ADMISSION.upFactor}::float8,
          ${rate} + ${QUEUE_ADMISSION.upAtLeast}::float8))
        else ${rate} end,
      rate_stepped_at = case when ${down} or ${up} then ${at} else q.rate_stepped_at end,
      slowed_at = case when ${down} then ${at} else q.slowed_at end,
      slowed_checkout_ms = case when ${down} then ${worst} else q.slowed_checkout_ms end,
      checkout_ms = case when ${replaces} then ${ms} else q.checkout_ms end,
      checkout_at = case when ${replaces} then ${at} else q.checkout_at end
    from event e
    where q.event_id = ${eventId} and e.id = q.event_id and q.drawn_at is not null and (${due} or ${replaces})`);
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
