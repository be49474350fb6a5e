// The events page (GET /api/events) and the dashboard home (GET /api/dashboard/overview): their figures and
// their event cards. A card is an EventSummary read by one query (the event's own columns, its General
// Admission currency and its totals from the sales roll-up), so a list of hundreds of events is one round
// trip whose cost does not grow with the number of orders.
import { and, asc, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  instantToLocal,
  type CurrencyCode,
  type DashboardOverview,
  type EventStatus,
  type EventSummary,
  type EventsList,
} from '@marquee/shared';
import type { Database } from '../../db/client.js';
import { event, salesDaily, ticketType } from '../../db/schema/index.js';
import {
  attendanceFigures,
  customerFigures,
  eventCountFigures,
  isUpcomingSql,
  monthWindow,
  salesFigures,
  toMetric,
} from './events.figures.js';
import { organizationCurrency } from './events.service.js';
import { soldWithListings } from './events.figures.js';

/** What a card needs from the event row, plus what the lists sort by. */
const eventColumns = {
  id: event.id,
  status: event.status,
  name: event.name,
  artworkUrl: event.artworkUrl,
  location: event.location,
  startsAt: event.startsAt,
  endsAt: event.endsAt,
  timeZone: event.timeZone,
  capacity: event.capacity,
  sold: sql<number>`${soldWithListings}`.as('sold'),
  soldOnEntry: event.soldOnEntry,
  refundsAllowed: event.refundsAllowed,
  resaleAllowed: event.resaleAllowed,
  archivedAt: event.archivedAt,
  createdAt: event.createdAt,
  updatedAt: event.updatedAt,
};

interface SummaryRow {
  id: string;
  status: EventStatus;
  name: string;
  artworkUrl: string;
  location: string;
  startsAt: Date | null;
  endsAt: Date | null;
  timeZone: string;
  capacity: number | null;
  sold: number;
  soldOnEntry: boolean;
  refundsAllowed: boolean;
  resaleAllowed: boolean;
  archivedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  currency: string | null;
  ticketsSold: number;
  revenueMinor: number;
}

/**
 * The chosen events with their General Admission currency (the first-created type, as generalOf in
 * events.service.ts) and their paid tickets and revenue from the per-day roll-up. Both are joined as one
 * grouped pass over the chosen events' rows rather than a subquery per event, which PGlite runs slowly.
 */
/** Soonest first, undated last: which upcoming events the dashboard takes (byStartAscending in SQL). */
const upcomingOrder = [sql`${event.startsAt} asc nulls last`, asc(event.createdAt)];

async function summaryRows(
  db: Database,
  organizationId: string,
  options: { where?: SQL; limit?: number } = {},
): Promise<SummaryRow[]> {
  const picked = db
    .select(eventColumns)
    .from(event)
    .where(and(eq(event.organizationId, organizationId), options.where))
    .orderBy(...upcomingOrder)
    .$dynamic();
  const chosen = db.$with('chosen').as(options.limit === undefined ? picked : picked.limit(options.limit));
  const chosenIds = db.select({ id: chosen.id }).from(chosen);
  const general = db
    .selectDistinctOn([ticketType.eventId], { eventId: ticketType.eventId, currency: ticketType.currency })
    .from(ticketType)
    .where(and(eq(ticketType.organizationId, organizationId), inArray(ticketType.eventId, chosenIds)))
    .orderBy(ticketType.eventId, ticketType.createdAt, ticketType.id)
    .as('general');
  const sales = db
    .select({
      eventId: salesDaily.eventId,
      tickets: sql<string>`sum(${salesDaily.tickets})`.as('tickets'),
      revenue: sql<string>`sum(${salesDaily.revenueMinor})`.as('revenue'),
    })
    .from(salesDaily)
    .where(and(eq(salesDaily.organizationId, organizationId), inArray(salesDaily.eventId, chosenIds)))
    .groupBy(salesDaily.eventId)
    .as('sales');
  const fields: Array<[keyof SummaryRow, SQLWrapper]> = [
    ...(Object.keys(eventColumns) as Array<keyof typeof eventColumns>).map((key): [keyof SummaryRow, SQLWrapper] => [
      key,
      chosen[key],
    ]),
    ['currency', general.currency],
    ['ticketsSold', sql`coalesce(${sales.tickets}, 0)`],
    ['revenueMinor', sql`coalesce(${sales.revenue}, 0)`],
  ];
  // One JSON text value instead of a row per event: decoding and mapping each field of each row cost more than
  // the query itself (most on PGlite), and JSON.parse is native.
  const object = sql.join(
    fields.map(([key, value]) => sql`${sql.raw(`'${key}'`)}, ${value}`),
    sql`, `,
  );
  const [result] = await db
    .with(chosen)
    .select({ list: sql<string>`coalesce(json_agg(json_build_object(${object})), '[]')::text` })
    .from(chosen)
    .leftJoin(general, eq(general.eventId, chosen.id))
    .leftJoin(sales, eq(sales.eventId, chosen.id));
  const instant = (value: string | null) => (value === null ? null : new Date(value));
  return (JSON.parse(result?.list ?? '[]') as JsonSummaryRow[])
    .map((row) => ({
      ...row,
      startsAt: instant(row.startsAt),
      endsAt: instant(row.endsAt),
      archivedAt: instant(row.archivedAt),
      createdAt: new Date(row.createdAt),
      updatedAt: new Date(row.updatedAt),
      ticketsSold: Number(row.ticketsSold),
      revenueMinor: Number(row.revenueMinor),
    }))
    .sort(byStartAscending);
}

type InstantKey = 'startsAt' | 'endsAt' | 'archivedAt' | 'createdAt' | 'updatedAt';
/** A SummaryRow as json_build_object writes it: instants as ISO text. */
type JsonSummaryRow = Omit<SummaryRow, InstantKey> &
  Record<InstantKey, string | null> & { createdAt: string; updatedAt: string };

// Converting an instant to local time with Intl is the costliest step left per card; the same events are
// listed on every request, so their start times are remembered (bounded; the zone rules of a running process
// do not change).
const LOCAL_CACHE_LIMIT = 10_000;
const localCache = new Map<string, string>();
function startLocal(instant: Date, timeZone: string): string {
  const key = `${timeZone} ${instant.getTime()}`;
  let local = localCache.get(key);
  if (local === undefined) {
    local = instantToLocal(instant, timeZone);
    if (localCache.size >= LOCAL_CACHE_LIMIT) localCache.clear();
    localCache.set(key, local);
  }
  return local;
}

function toSummary(row: SummaryRow, fallbackCurrency: CurrencyCode): EventSummary {
  return {
    id: row.id,
    status: row.status,
    name: row.name,
    artwork_url: row.artworkUrl,
    location: row.location,
    start_local: row.startsAt ? startLocal(row.startsAt, row.timeZone) : '',
    time_zone: row.timeZone,
    starts_at: row.startsAt ? row.startsAt.toISOString() : null,
    ends_at: row.endsAt ? row.endsAt.toISOString() : null,
    currency: (row.currency as CurrencyCode | null) ?? fallbackCurrency,
    capacity: row.capacity,
    sold: row.sold,
    revenue_minor: row.revenueMinor,
    sold_on_entry: row.soldOnEntry,
    refunds_allowed: row.refundsAllowed,
    resale_allowed: row.resaleAllowed,
  };
}

type SortableRow = Pick<SummaryRow, 'status' | 'startsAt' | 'endsAt' | 'archivedAt' | 'createdAt' | 'updatedAt'>;

const byStartAscending = (a: SortableRow, b: SortableRow) =>
  (a.startsAt?.getTime() ?? Number.POSITIVE_INFINITY) - (b.startsAt?.getTime() ?? Number.POSITIVE_INFINITY) ||
  a.createdAt.getTime() - b.createdAt.getTime();
const endedAt = (row: SortableRow) => (row.endsAt ?? row.archivedAt ?? row.startsAt ?? row.updatedAt).getTime();

/** An event is upcoming while it is a draft or live and has not ended (as isUpcomingSql). */
export function isUpcoming(row: Pick<SortableRow, 'status' | 'endsAt'>, now: Date): boolean {
  return (
    (row.status === 'draft' || row.status === 'live') && (row.endsAt === null || row.endsAt.getTime() >= now.getTime())
  );
}

/** GET /api/events: upcoming (soonest first), previous (latest end first) and the events page's four figures. */
export async function listEvents(db: Database, organizationId: string, now = new Date()): Promise<EventsList> {
  const window = monthWindow(now);
  const currency = await organizationCurrency(db, organizationId);
  const [rows, counts, sales, attendance] = await Promise.all([
    summaryRows(db, organizationId),
    eventCountFigures(db, organizationId, window),
    salesFigures(db, organizationId, currency, window),
    attendanceFigures(db, organizationId, window),
  ]);
  const upcoming = rows.filter((row) => isUpcoming(row, now)).sort(byStartAscending);
  const previous = rows.filter((row) => !isUpcoming(row, now)).sort((a, b) => endedAt(b) - endedAt(a));
  return {
    upcoming: upcoming.map((row) => toSummary(row, currency)),
    previous: previous.map((row) => toSummary(row, currency)),
    metrics: {
      total_events: toMetric(counts.total.total, counts.total.current, counts.total.previous),
      event_tickets: toMetric(sales.tickets.total, sales.tickets.current, sales.tickets.previous),
      event_revenue: toMetric(sales.revenue.total, sales.revenue.current, sales.revenue.previous),
      avg_attendance: toMetric(attendance.total, attendance.current, attendance.previous),
      currency,
    },
  };
}

export const DASHBOARD_UPCOMING_LIMIT = 8;

/** GET /api/dashboard/overview: the four figures and the next 8 upcoming events. */
export async function dashboardOverview(
  db: Database,
  organizationId: string,
  now = new Date(),
): Promise<DashboardOverview> {
  const window = monthWindow(now);
  const currency = await organizationCurrency(db, organizationId);
  const [upcoming, counts, sales, customers] = await Promise.all([
    summaryRows(db, organizationId, { where: isUpcomingSql(now), limit: DASHBOARD_UPCOMING_LIMIT }),
    eventCountFigures(db, organizationId, window),
    salesFigures(db, organizationId, currency, window),
    customerFigures(db, organizationId, window),
  ]);
  return {
    metrics: {
      total_revenue: toMetric(sales.revenue.total, sales.revenue.current, sales.revenue.previous),
      tickets_sold: toMetric(sales.tickets.total, sales.tickets.current, sales.tickets.previous),
      upcoming_events: toMetric(counts.upcoming.total, counts.upcoming.current, counts.upcoming.previous),
      total_customers: toMetric(customers.total, customers.current, customers.previous),
      currency,
    },
    upcoming: upcoming.map((row) => toSummary(row, currency)),
  };
}
