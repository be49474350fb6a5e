// The dashboard and events-page figures, each one SQL aggregate scoped by organisation. Sales figures come from
// paid orders (the table checkout fills), attendance from the ticket types' inventory counters. Months are UTC
// calendar months; "change" compares this month's figure with the previous month's.
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Metric } from '@marquee/shared';
import type { Database } from '../../db/client.js';
import { event, order, ticketType } from '../../db/schema/index.js';

export const CHANGE_LABEL = 'vs last month';

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

/** % change from the previous month's figure to this month's, one decimal; 0 -> n is 100, 0 -> 0 is 0. */
export function percentChange(current: number, previous: number): number {
  if (previous === 0) return current > 0 ? 100 : 0;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

export function toMetric(value: number, current: number, previous: number): Metric {
  return { value, change: percentChange(current, previous), label: CHANGE_LABEL };
}

const num = (value: unknown) => Number(value ?? 0);
/** An instant as a query parameter; raw SQL gets ISO text so pg and PGlite read it the same way. */
export const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;
const isPaid = sql`${order.status} = 'paid'`;

export interface SalesFigures {
  revenue: { total: number; current: number; previous: number };
  tickets: { total: number; current: number; previous: number };
  customers: { total: number; current: number; previous: number };
}

/**
 * Revenue (in `currency` only: amounts in other currencies are not converted), tickets and distinct customers
 * over paid orders, all time and by the month they were paid in. One pass over the organisation's orders.
 */
export async function salesFigures(
  db: Database,
  organizationId: string,
  currency: string,
  window: MonthWindow,
): Promise<SalesFigures> {
  const inCurrent = sql`${order.paidAt} >= ${at(window.currentStart)} and ${order.paidAt} < ${at(window.nextStart)}`;
  const inPrevious = sql`${order.paidAt} >= ${at(window.previousStart)} and ${order.paidAt} < ${at(window.currentStart)}`;
  const inCurrency = sql`${order.currency} = ${currency}`;
  const email = order.customerEmail; // stored lower-cased
  const [row] = await db
    .select({
      revenue: sql`coalesce(sum(${order.amountMinor}) filter (where ${inCurrency}), 0)`,
      revenueCurrent: sql`coalesce(sum(${order.amountMinor}) filter (where ${inCurrency} and ${inCurrent}), 0)`,
      revenuePrevious: sql`coalesce(sum(${order.amountMinor}) filter (where ${inCurrency} and ${inPrevious}), 0)`,
      tickets: sql`coalesce(sum(${order.quantity}), 0)`,
      ticketsCurrent: sql`coalesce(sum(${order.quantity}) filter (where ${inCurrent}), 0)`,
      ticketsPrevious: sql`coalesce(sum(${order.quantity}) filter (where ${inPrevious}), 0)`,
      customers: sql`count(distinct ${email})`,
      customersCurrent: sql`count(distinct ${email}) filter (where ${inCurrent})`,
      customersPrevious: sql`count(distinct ${email}) filter (where ${inPrevious})`,
    })
    .from(order)
    .where(and(eq(order.organizationId, organizationId), isPaid));
  return {
    revenue: { total: num(row?.revenue), current: num(row?.revenueCurrent), previous: num(row?.revenuePrevious) },
    tickets: { total: num(row?.tickets), current: num(row?.ticketsCurrent), previous: num(row?.ticketsPrevious) },
    customers: {
      total: num(row?.customers),
      current: num(row?.customersCurrent),
      previous: num(row?.customersPrevious),
    },
  };
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
      eventId: order.eventId,
      tickets: sql`coalesce(sum(${order.quantity}), 0)`,
      revenue: sql`coalesce(sum(${order.amountMinor}), 0)`,
    })
    .from(order)
    .where(
      and(eq(order.organizationId, organizationId), isPaid, eventIds ? inArray(order.eventId, eventIds) : undefined),
    )
    .groupBy(order.eventId);
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
  const perEvent = db
    .select({
      endsAt: sql<Date>`${event.endsAt}`.as('ends_at'),
      percent: sql`sum(${ticketType.sold})::float8 * 100 / nullif(sum(${ticketType.capacity}), 0)`.as('percent'),
      limited: sql`bool_and(${ticketType.capacity} is not null)`.as('limited'),
    })
    .from(event)
    .innerJoin(ticketType, eq(ticketType.eventId, event.id))
    .where(
      and(
        eq(event.organizationId, organizationId),
        inArray(event.status, ['live', 'archived']),
        lt(event.endsAt, window.now),
      ),
    )
    .groupBy(event.id, event.endsAt)
    .as('per_event');
  const counted = sql`${perEvent.limited} and ${perEvent.percent} is not null`;
  const [row] = await db
    .select({
      total: sql`coalesce(avg(${perEvent.percent}) filter (where ${counted}), 0)`,
      current: sql`coalesce(avg(${perEvent.percent}) filter (where ${counted} and ${perEvent.endsAt} >= ${at(window.currentStart)}), 0)`,
      previous: sql`coalesce(avg(${perEvent.percent}) filter (where ${counted} and ${perEvent.endsAt} >= ${at(window.previousStart)} and ${perEvent.endsAt} < ${at(window.currentStart)}), 0)`,
    })
    .from(perEvent);
  const round = (value: unknown) => Math.round(num(value) * 10) / 10;
  return { total: round(row?.total), current: round(row?.current), previous: round(row?.previous) };
}
