// The dashboard and events-page figures, each one SQL aggregate scoped by organisation. Sales figures come from
// the per-day sales roll-up (kept by checkout), buyers from their per-month counts (kept by a trigger on the
// buyers table), attendance from the events' counters. Months are UTC
// calendar months; "change" compares this month's figure with the previous month's.
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Metric } from '@marquee/shared';
import type { Database } from '../../db/client.js';
import { customerMonthly, event, salesDaily } from '../../db/schema/index.js';
import { soldSql } from '../tickets/ticket-counts.js';
import { percentChange } from '../../lib/percent-change.js';

/** The period a change compares with; the dashboard writes 'Up 12.5% on last month.' */
export const CHANGE_LABEL = 'last month';

export interface MonthWindow {
  now: Date;
  /** First instant of this UTC calendar month */
  currentStart: Date;
  /** First instant of the previous UTC calendar month */
  previousStart: Date;
  /** First instant of the next UTC calendar month */
  nextStart: Date;
}

export function monthWindow(now: Date): MonthWindow {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  return {
    now,
    currentStart: new Date(Date.UTC(year, month, 1)),
    previousStart: new Date(Date.UTC(year, month - 1, 1)),
    nextStart: new Date(Date.UTC(year, month + 1, 1)),
  };
}

/**
 * A figure with its change, or change null when last month had nothing to compare with (a first month would
 * otherwise read '+100%').
 */
export function toMetric(value: number, current: number, previous: number): Metric {
  return { value, change: previous === 0 ? null : percentChange(current, previous), label: CHANGE_LABEL };
}

const num = (value: unknown) => Number(value ?? 0);
/** An instant as a query parameter; raw SQL gets ISO text so pg and PGlite read it the same way. */
export const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;
/** A UTC calendar day as a query parameter. */
const day = (instant: Date) => sql`${instant.toISOString().slice(0, 10)}::date`;

export interface SalesFigures {
  revenue: { total: number; current: number; previous: number };
  tickets: { total: number; current: number; previous: number };
}

/**
 * Revenue (in `currency` only: amounts in other currencies are not converted) and tickets from the per-day
 * sales roll-up, all time and by the UTC month they were paid in. The roll-up is kept in step by the
 * transactions that pay and refund orders, so the cost does not grow with the number of orders.
 */
export async function salesFigures(
  db: Database,
  organizationId: string,
  currency: string,
  window: MonthWindow,
): Promise<SalesFigures> {
  const inCurrent = sql`${salesDaily.day} >= ${day(window.currentStart)} and ${salesDaily.day} < ${day(window.nextStart)}`;
  const inPrevious = sql`${salesDaily.day} >= ${day(window.previousStart)} and ${salesDaily.day} < ${day(window.currentStart)}`;
  const inCurrency = sql`${salesDaily.currency} = ${currency}`;
  const [row] = await db
    .select({
      revenue: sql`coalesce(sum(${salesDaily.revenueMinor}) filter (where ${inCurrency}), 0)`,
      revenueCurrent: sql`coalesce(sum(${salesDaily.revenueMinor}) filter (where ${inCurrency} and ${inCurrent}), 0)`,
      revenuePrevious: sql`coalesce(sum(${salesDaily.revenueMinor}) filter (where ${inCurrency} and ${inPrevious}), 0)`,
      tickets: sql`coalesce(sum(${salesDaily.tickets}), 0)`,
      ticketsCurrent: sql`coalesce(sum(${salesDaily.tickets}) filter (where ${inCurrent}), 0)`,
      ticketsPrevious: sql`coalesce(sum(${salesDaily.tickets}) filter (where ${inPrevious}), 0)`,
    })
    .from(salesDaily)
    .where(eq(salesDaily.organizationId, organizationId));
  return {
    revenue: { total: num(row?.revenue), current: num(row?.revenueCurrent), previous: num(row?.revenuePrevious) },
    tickets: { total: num(row?.tickets), current: num(row?.ticketsCurrent), previous: num(row?.ticketsPrevious) },
  };
}

/**
 * Buyers (customers with a paid order) in total; change: buyers whose first purchase was this UTC month vs
 * last month. Read from the per-month counts the database keeps beside the buyers table (customer_monthly),
 * one row per month, so the cost does not grow with the number of buyers or orders.
 */
export async function customerFigures(
  db: Database,
  organizationId: string,
  window: MonthWindow,
): Promise<{ total: number; current: number; previous: number }> {
  const [row] = await db
    .select({
      total: sql`coalesce(sum(${customerMonthly.customers}), 0)`,
      current: sql`coalesce(sum(${customerMonthly.customers}) filter (where ${customerMonthly.month} = ${day(window.currentStart)}), 0)`,
      previous: sql`coalesce(sum(${customerMonthly.customers}) filter (where ${customerMonthly.month} = ${day(window.previousStart)}), 0)`,
    })
    .from(customerMonthly)
    .where(eq(customerMonthly.organizationId, organizationId));
  return { total: num(row?.total), current: num(row?.current), previous: num(row?.previous) };
}

/** Paid tickets and revenue per event (for the event cards), for the given events or all of them. */
export async function salesByEvent(
  db: Database,
  organizationId: string,
  eventIds?: string[],
): Promise<Map<string, { tickets: number; revenueMinor: number }>> {
  if (eventIds && eventIds.length === 0) return new Map();
  const rows = await db
    .select({
      eventId: salesDaily.eventId,
      tickets: sql`coalesce(sum(${salesDaily.tickets}), 0)`,
      revenue: sql`coalesce(sum(${salesDaily.revenueMinor}), 0)`,
    })
    .from(salesDaily)
    .where(
      and(eq(salesDaily.organizationId, organizationId), eventIds ? inArray(salesDaily.eventId, eventIds) : undefined),
    )
    .groupBy(salesDaily.eventId);
  return new Map(rows.map((row) => [row.eventId, { tickets: num(row.tickets), revenueMinor: num(row.revenue) }]));
}

/** An event is upcoming while it is a draft or live and has not ended (no end yet counts as not ended). */
export const isUpcomingSql = (now: Date) =>
  sql`${event.status} in ('draft', 'live') and (${event.endsAt} is null or ${event.endsAt} >= ${at(now)})`;

export interface EventCountFigures {
  total: { total: number; current: number; previous: number };
  upcoming: { total: number; current: number; previous: number };
}

/**
 * Events in total (change: events created this month vs last) and upcoming events (change: events, not
 * cancelled, starting this month vs last).
 */
export async function eventCountFigures(
  db: Database,
  organizationId: string,
  window: MonthWindow,
): Promise<EventCountFigures> {
  const notCancelled = sql`${event.status} <> 'cancelled'`;
  const [row] = await db
    .select({
      total: sql`count(*)`,
      createdCurrent: sql`count(*) filter (where ${event.createdAt} >= ${at(window.currentStart)} and ${event.createdAt} < ${at(window.nextStart)})`,
      createdPrevious: sql`count(*) filter (where ${event.createdAt} >= ${at(window.previousStart)} and ${event.createdAt} < ${at(window.currentStart)})`,
      upcoming: sql`count(*) filter (where ${isUpcomingSql(window.now)})`,
      startingCurrent: sql`count(*) filter (where ${notCancelled} and ${event.startsAt} >= ${at(window.currentStart)} and ${event.startsAt} < ${at(window.nextStart)})`,
      startingPrevious: sql`count(*) filter (where ${notCancelled} and ${event.startsAt} >= ${at(window.previousStart)} and ${event.startsAt} < ${at(window.currentStart)})`,
    })
    .from(event)
    .where(eq(event.organizationId, organizationId));
  return {
    total: { total: num(row?.total), current: num(row?.createdCurrent), previous: num(row?.createdPrevious) },
    upcoming: { total: num(row?.upcoming), current: num(row?.startingCurrent), previous: num(row?.startingPrevious) },
  };
}

/**
 * Average attendance: the mean, over events that were published (live or archived), have ended and have a
 * limited capacity, of tickets sold as a percentage of capacity; one decimal; 0 when there are none. Change:
 * events that ended this month vs those that ended last month.
 */
export async function attendanceFigures(
  db: Database,
  organizationId: string,
  window: MonthWindow,
): Promise<{ total: number; current: number; previous: number }> {
  const counted = and(
    eq(event.organizationId, organizationId),
    inArray(event.status, ['live', 'archived']),
    lt(event.endsAt, window.now),
    sql`${event.capacity} > 0`,
  );
  const percent = sql`(${soldWithListings})::float8 * 100 / ${event.capacity}`;
  const [row] = await db
    .select({
      total: sql`coalesce(avg(${percent}), 0)`,
      current: sql`coalesce(avg(${percent}) filter (where ${event.endsAt} >= ${at(window.currentStart)}), 0)`,
      previous: sql`coalesce(avg(${percent}) filter (where ${event.endsAt} >= ${at(window.previousStart)} and ${event.endsAt} < ${at(window.currentStart)}), 0)`,
    })
    .from(event)
    .where(counted);
  const round = (value: unknown) => Math.round(num(value) * 10) / 10;
  return { total: round(row?.total), current: round(row?.current), previous: round(row?.previous) };
}

/**
 * Tickets sold: the tickets fans hold (decision 046: valid, checked in or listed for resale). A listing gives its
 * place back to the counters (so a resale buyer's hold can take it) but the ticket is still sold until it is
 * resold, when the buyer's ticket takes its place. Every figure that shows "sold" reads this (ticket-counts.ts).
 */
export const soldWithListings = soldSql(sql`"event"`);

/** Listed tickets per event and per ticket type, for figures built from rows. */
export async function listedCounts(
  db: Database | Parameters<Parameters<Database['transaction']>[0]>[0],
  eventIds: string[],
) {
  const byEvent = new Map<string, number>();
  const byType = new Map<string, number>();
  if (eventIds.length === 0) return { byEvent, byType };
  const result = await db.execute(sql`
    select event_id, ticket_type_id, count(*)::int as listed from ticket
    where status = 'listed' and event_id in (${sql.join(
      eventIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
    group by event_id, ticket_type_id`);
  for (const row of (result as unknown as { rows: Array<{ event_id: string; ticket_type_id: string; listed: number }> })
    .rows) {
    byEvent.set(row.event_id, (byEvent.get(row.event_id) ?? 0) + Number(row.listed));
    byType.set(row.ticket_type_id, Number(row.listed));
  }
  return { byEvent, byType };
}

/**
 * The places of a venue or ticket type in use, the floor its capacity cannot be lowered below (decision 035):
 * tickets sold, listed tickets (still sold) and holds. A hold can be a resale buyer's on a listed place (the
 * listing gave that place back to the counters), so it and the listing are one place: with a capacity, holds
 * beyond the places nobody has are on listed places and count once. Never above what the counters need.
 */
export function placesTaken(counters: { sold: number; held: number; listed: number; capacity: number | null }) {
  const { sold, held, listed, capacity } = counters;
  const all = sold + held + listed;
  return capacity === null ? all : Math.min(all, Math.max(capacity, sold + listed, sold + held));
}
