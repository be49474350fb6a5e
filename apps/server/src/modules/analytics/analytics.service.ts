// The Analytics page's eight cards and its revenue chart, each a few SQL aggregates scoped by organisation (and
// by the filter's event). Sales come from the per-day roll-up (sales_daily), page views from page_view_daily,
// buyers from the customer table and paid orders, conversions from the orders marked with their visitor.
// Money stays per currency.
import { sql, type SQL } from 'drizzle-orm';
import type { AnalyticsChart, AnalyticsSummary, MoneyCard } from '@marquee/shared';
import type { Database } from '../../db/client.js';
import { percentChange } from '../../lib/percent-change.js';
import { addDays, endOf, periodDto, startOf, type ResolvedPeriod } from './analytics.period.js';
import { pastPeriodCounts } from './analytics.past.js';

export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const num = (value: unknown) => Number(value ?? 0);
const day = (value: string) => sql`${value}::date`;
const instant = (value: Date) => sql`${value.toISOString()}::timestamptz`;
const card = (value: number, previous: number) => ({ value, previous, change: percentChange(value, previous) });
/** Percent with one decimal. */
const rate = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);

function eventClause(column: string, period: ResolvedPeriod): SQL {
  return period.eventId ? sql`and ${sql.raw(column)} = ${period.eventId}::uuid` : sql``;
}

interface SalesRow {
  currency: string;
  revenue: unknown;
  revenue_previous: unknown;
  tickets: unknown;
  tickets_previous: unknown;
  orders: unknown;
  orders_previous: unknown;
}

async function salesTotals(db: Database, organizationId: string, period: ResolvedPeriod) {
  const current = sql`day >= ${day(period.from)}`;
  const previous = sql`day <= ${day(period.previousTo)}`;
  const result = await db.execute(sql`
    select currency,
      coalesce(sum(revenue_minor) filter (where ${current}), 0) as revenue,
      coalesce(sum(revenue_minor) filter (where ${previous}), 0) as revenue_previous,
      coalesce(sum(tickets) filter (where ${current}), 0) as tickets,
      coalesce(sum(tickets) filter (where ${previous}), 0) as tickets_previous,
      coalesce(sum(orders) filter (where ${current}), 0) as orders,
      coalesce(sum(orders) filter (where ${previous}), 0) as orders_previous
    from sales_daily
    where organization_id = ${organizationId} and day >= ${day(period.previousFrom)} and day <= ${day(period.to)}
      ${eventClause('event_id', period)}
    group by currency order by currency`);
  return rowsOf<SalesRow>(result).map((row) => ({
    currency: row.currency,
    revenue: num(row.revenue),
    revenuePrevious: num(row.revenue_previous),
    tickets: num(row.tickets),
    ticketsPrevious: num(row.tickets_previous),
    orders: num(row.orders),
    ordersPrevious: num(row.orders_previous),
  }));
}

/**
 * Views and unique visitors of the period and of the one before: of the whole storefront (its 'site' rows, a
 * visitor of several pages counted once a day), or of the filter's event page. The one count of visitors: the
 * Page Views card shows it and the conversion rate divides by it.
 */
export async function storefrontVisitors(db: Database, organizationId: string, period: ResolvedPeriod) {
  const current = sql`day >= ${day(period.from)}`;
  const previous = sql`day <= ${day(period.previousTo)}`;
  const page = period.eventId ? sql`page = 'event'` : sql`page = 'site'`;
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select
        coalesce(sum(views) filter (where ${current}), 0) as views,
        coalesce(sum(views) filter (where ${previous}), 0) as views_previous,
        coalesce(sum(visitors) filter (where ${current}), 0) as visitors,
        coalesce(sum(visitors) filter (where ${previous}), 0) as visitors_previous
      from page_view_daily
      where organization_id = ${organizationId} and ${page} and day >= ${day(period.previousFrom)}
        and day <= ${day(period.to)} ${eventClause('event_id', period)}`),
  );
  return {
    views: num(row?.views),
    viewsPrevious: num(row?.views_previous),
    visitors: num(row?.visitors),
    visitorsPrevious: num(row?.visitors_previous),
  };
}

/**
 * Visitors of the period who ordered: the distinct (day, visitor) of paid orders started by a counted visitor of
 * the event's page that day (page-views.ts marks them), by the day of the visit, for the filter's event when
 * filtered. Each is one of that day's counted visitors, so the rate never passes 100%.
 */
export async function orderingVisitors(db: Database, organizationId: string, period: ResolvedPeriod) {
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select count(distinct (visit_day, visitor)) filter (where visit_day >= ${day(period.from)}) as current,
        count(distinct (visit_day, visitor)) filter (where visit_day <= ${day(period.previousTo)}) as previous
      from "order"
      where organization_id = ${organizationId} and visitor is not null and paid_at is not null
        and visit_day >= ${day(period.previousFrom)} and visit_day <= ${day(period.to)}
        ${eventClause('event_id', period)}`),
  );
  return { current: num(row?.current), previous: num(row?.previous) };
}

/**
 * Upcoming events at the end of the period and at the end of the previous one: created by then, not ended by
 * then, and (as they stand now) a draft or live. For a period ending today that is exactly the events to come.
 */
async function upcomingTotals(db: Database, organizationId: string, period: ResolvedPeriod, now: Date) {
  const end = endOf(period.to) > now ? now : endOf(period.to);
  const previousEnd = endOf(period.previousTo);
  const upcomingAt = (at: Date) => sql`created_at <= ${instant(at)} and (ends_at is null or ends_at >= ${instant(at)})`;
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select count(*) filter (where ${upcomingAt(end)}) as current,
        count(*) filter (where ${upcomingAt(previousEnd)}) as previous
      from event
      where organization_id = ${organizationId} and status in ('draft', 'live') ${eventClause('id', period)}`),
  );
  return card(num(row?.current), num(row?.previous));
}

/**
 * New customers: buyers whose first purchase from the organisation falls in the period. Returning customers:
 * buyers who paid in the period and had first bought before it. With an event filter, only that event's buyers.
 * For a period that ends today, the buyers table alone answers (bought since the start, first bought before
 * it); an earlier period counts the distinct buyers of its paid orders (an index-only range) less the new ones.
 */
async function customerTotals(db: Database, organizationId: string, period: ResolvedPeriod, now: Date) {
  const today = now.toISOString().slice(0, 10);
  const counts = async (from: string, to: string) => {
    const start = instant(startOf(from));
    const end = instant(endOf(to));
    const buyers = sql`select distinct customer_email from "order"
      where organization_id = ${organizationId} and paid_at is not null and paid_at >= ${start} and paid_at < ${end}
        ${eventClause('event_id', period)}`;
    const newCustomers = sql`(select count(*) from customer where organization_id = ${organizationId}
      and first_purchase_at >= ${start} and first_purchase_at < ${end})`;
    const returning =
      to >= today
        ? sql`(select count(*) from customer where organization_id = ${organizationId}
            and last_purchase_at >= ${start} and first_purchase_at < ${start})`
        : // Every buyer whose first purchase is in the period bought in it, so the rest of its buyers are returning.
          sql`(select count(*) from (select customer_email from "order" where organization_id = ${organizationId}
            and paid_at is not null and paid_at >= ${start} and paid_at < ${end} group by customer_email) b)
            - ${newCustomers}`;
    const [row] = rowsOf<Record<string, unknown>>(
      await db.execute(
        period.eventId
          ? sql`select count(*) filter (where c.first_purchase_at >= ${start}) as new,
                count(*) filter (where c.first_purchase_at < ${start}) as returning
              from (${buyers}) b join customer c on c.organization_id = ${organizationId} and c.email = b.customer_email`
          : sql`select ${newCustomers} as new, ${returning} as returning`,
      ),
    );
    return { new: num(row?.new), returning: num(row?.returning) };
  };
  // A period that ended before today is counted once and kept (analytics.past.ts).
  const countsOf = (from: string, to: string) =>
    to < today
      ? pastPeriodCounts(db, { organizationId, eventId: period.eventId, from, to }, () => counts(from, to))
      : counts(from, to);
  const [current, previous] = await Promise.all([
    countsOf(period.from, period.to),
    countsOf(period.previousFrom, period.previousTo),
  ]);
  return {
    newCustomers: card(current.new, previous.new),
    returningCustomers: card(current.returning, previous.returning),
  };
}

export async function analyticsSummary(
  db: Database,
  organizationId: string,
  period: ResolvedPeriod,
  now = new Date(),
): Promise<AnalyticsSummary> {
  // Independent reads: on PostgreSQL they run side by side on the pool's connections.
  const [sales, pages, ordering, upcoming, customers] = await Promise.all([
    salesTotals(db, organizationId, period),
    storefrontVisitors(db, organizationId, period),
    orderingVisitors(db, organizationId, period),
    upcomingTotals(db, organizationId, period, now),
    customerTotals(db, organizationId, period, now),
  ]);
  const sum = (pick: (row: (typeof sales)[number]) => number) => sales.reduce((total, row) => total + pick(row), 0);
  const conversion = rate(ordering.current, pages.visitors);
  const conversionPrevious = rate(ordering.previous, pages.visitorsPrevious);
  const withSales = sales.filter(
    (row) => row.revenue > 0 || row.revenuePrevious > 0 || row.orders + row.ordersPrevious > 0,
  );
  const totalRevenue: MoneyCard = withSales.map((row) => ({
    currency: row.currency,
    ...card(row.revenue, row.revenuePrevious),
  }));
  const averageSpend: MoneyCard = withSales.map((row) => {
    const value = row.orders === 0 ? 0 : Math.round(row.revenue / row.orders);
    const previous = row.ordersPrevious === 0 ? 0 : Math.round(row.revenuePrevious / row.ordersPrevious);
    return { currency: row.currency, ...card(value, previous) };
  });
  return {
    period: periodDto(period),
    cards: {
      total_revenue: totalRevenue,
      tickets_sold: card(
        sum((row) => row.tickets),
        sum((row) => row.ticketsPrevious),
      ),
      upcoming_events: upcoming,
      conversion_rate: {
        ...card(conversion, conversionPrevious),
        ordering_visitors: ordering.current,
        visitors: pages.visitors,
      },
      new_customers: customers.newCustomers,
      returning_customers: customers.returningCustomers,
      average_spend: averageSpend,
      page_views: { ...card(pages.views, pages.viewsPrevious), visitors: pages.visitors },
    },
  };
}

/** Revenue (per currency) and tickets per day of the period, every day present (zero when nothing sold). */
export async function analyticsChart(
  db: Database,
  organizationId: string,
  period: ResolvedPeriod,
): Promise<AnalyticsChart> {
  const result = await db.execute(sql`
    select to_char(day, 'YYYY-MM-DD') as day, currency, sum(revenue_minor) as revenue, sum(tickets) as tickets,
      sum(orders) as orders
    from sales_daily
    where organization_id = ${organizationId} and day >= ${day(period.from)} and day <= ${day(period.to)}
      ${eventClause('event_id', period)}
    group by day, currency`);
  const byDay = new Map<string, { tickets: number; orders: number; revenue: Record<string, number> }>();
  const currencies = new Set<string>();
  for (const row of rowsOf<{ day: string; currency: string; revenue: unknown; tickets: unknown; orders: unknown }>(
    result,
  )) {
    const entry = byDay.get(row.day) ?? { tickets: 0, orders: 0, revenue: {} };
    entry.tickets += num(row.tickets);
    entry.orders += num(row.orders);
    entry.revenue[row.currency] = num(row.revenue);
    currencies.add(row.currency);
    byDay.set(row.day, entry);
  }
  const days: AnalyticsChart['days'] = [];
  for (let current = period.from; current <= period.to; current = addDays(current, 1)) {
    const entry = byDay.get(current);
    const revenue: Record<string, number> = {};
    for (const currency of currencies) revenue[currency] = entry?.revenue[currency] ?? 0;
    days.push({ day: current, tickets: entry?.tickets ?? 0, orders: entry?.orders ?? 0, revenue });
  }
  return { period: periodDto(period), currencies: [...currencies].sort(), days };
}
