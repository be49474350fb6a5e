// The Analytics page's lists: the per-event breakdown (View Details), recent sales, sales by the buyers'
// countries, and the period's paid orders as CSV (Export Data; an order's add-ons read '2 × T-shirt; 1 × Parking').
// Every query is scoped by organisation.
import { PassThrough, Readable, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';
import { sql } from 'drizzle-orm';
import {
  fromMinorUnits,
  isCurrencyCode,
  type AnalyticsEvents,
  type AnalyticsRecentSales,
  type AnalyticsRegions,
} from '@marquee/shared';
import type { Database } from '../../db/client.js';
import { endOf, periodDto, startOf, type ResolvedPeriod } from './analytics.period.js';
import { rowsOf } from './analytics.service.js';
import { answerColumns } from '../questions/answers.export.js';

const num = (value: unknown) => Number(value ?? 0);
const day = (value: string) => sql`${value}::date`;
const instant = (value: Date) => sql`${value.toISOString()}::timestamptz`;
const forEvent = (column: string, period: ResolvedPeriod) =>
  period.eventId ? sql`and ${sql.raw(column)} = ${period.eventId}::uuid` : sql``;
const paidIn = (period: ResolvedPeriod) =>
  sql`o.paid_at is not null and o.paid_at >= ${instant(startOf(period.from))} and o.paid_at < ${instant(endOf(period.to))}`;
const iso = (value: unknown) => (value instanceof Date ? value : new Date(String(value))).toISOString();

/**
 * Events with sales or page views in the period: orders, tickets, revenue per currency, views, visitors, the
 * visitors who ordered and the conversion.
 */
export async function analyticsEvents(
  db: Database,
  organizationId: string,
  period: ResolvedPeriod,
): Promise<AnalyticsEvents> {
  const inPeriod = sql`day >= ${day(period.from)} and day <= ${day(period.to)}`;
  const result = await db.execute(sql`
    with sales as (
      select event_id, currency, sum(orders) as orders, sum(tickets) as tickets, sum(revenue_minor) as revenue
      from sales_daily where organization_id = ${organizationId} and ${inPeriod} ${forEvent('event_id', period)}
      group by event_id, currency
    ), views as (
      select event_id, sum(views) as views, sum(visitors) as visitors
      from page_view_daily
      where organization_id = ${organizationId} and page = 'event' and ${inPeriod} ${forEvent('event_id', period)}
      group by event_id
    ), ordering as (
      select event_id, count(distinct (visit_day, visitor)) as ordering
      from "order"
      where organization_id = ${organizationId} and visitor is not null and paid_at is not null
        and visit_day >= ${day(period.from)} and visit_day <= ${day(period.to)} ${forEvent('event_id', period)}
      group by event_id
    ), ids as (select event_id from sales union select event_id from views)
    select e.id, e.name, e.starts_at, s.currency, s.orders, s.tickets, s.revenue, v.views, v.visitors, c.ordering
    from ids join event e on e.id = ids.event_id and e.organization_id = ${organizationId}
      left join sales s on s.event_id = e.id left join views v on v.event_id = e.id
      left join ordering c on c.event_id = e.id
    order by e.starts_at desc nulls last, e.id, s.currency`);
  const events = new Map<string, AnalyticsEvents['events'][number]>();
  for (const row of rowsOf<Record<string, unknown>>(result)) {
    const id = String(row.id);
    let entry = events.get(id);
    if (!entry) {
      entry = {
        event_id: id,
        name: String(row.name ?? ''),
        starts_at: row.starts_at == null ? null : iso(row.starts_at),
        orders: 0,
        tickets: 0,
        revenue: [],
        views: num(row.views),
        visitors: num(row.visitors),
        ordering_visitors: num(row.ordering),
        conversion_rate: null,
      };
      events.set(id, entry);
    }
    if (row.currency != null) {
      entry.orders += num(row.orders);
      entry.tickets += num(row.tickets);
      entry.revenue.push({ currency: String(row.currency), amount_minor: num(row.revenue) });
    }
  }
  for (const entry of events.values()) {
    // The same definition as the summary's card: visitors who ordered / visitors of the page (never above 100%).
    entry.conversion_rate =
      entry.visitors === 0 ? null : Math.round((entry.ordering_visitors / entry.visitors) * 1000) / 10;
  }
  return { period: periodDto(period), events: [...events.values()] };
}

export const RECENT_SALES_LIMIT = 10;

/** The latest paid orders of the period (newest first); a comp is given, not sold (decision 126), so not here. */
export async function recentSales(
  db: Database,
  organizationId: string,
  period: ResolvedPeriod,
): Promise<AnalyticsRecentSales> {
  const result = await db.execute(sql`
    select o.event_id, e.name, o.customer_email, o.quantity, o.amount_minor, o.currency, o.paid_at
    from "order" o join event e on e.id = o.event_id
    where o.organization_id = ${organizationId} and ${paidIn(period)} ${forEvent('o.event_id', period)}
      and o.channel <> 'comp'
    order by o.paid_at desc, o.id desc limit ${RECENT_SALES_LIMIT}`);
  return {
    sales: rowsOf<Record<string, unknown>>(result).map((row) => ({
      event_id: String(row.event_id),
      event_name: String(row.name ?? ''),
      email: String(row.customer_email),
      tickets: num(row.quantity),
      amount_minor: num(row.amount_minor),
      currency: String(row.currency),
      paid_at: iso(row.paid_at),
    })),
  };
}

/** Paid orders of the period per buyer's country (null when none was given), most tickets first. */
export async function salesByRegion(
  db: Database,
  organizationId: string,
  period: ResolvedPeriod,
): Promise<AnalyticsRegions> {
  const result = await db.execute(sql`
    select o.country, o.currency, count(*) as orders, sum(o.quantity) as tickets, sum(o.amount_minor) as revenue
    from "order" o
    where o.organization_id = ${organizationId} and ${paidIn(period)} ${forEvent('o.event_id', period)}
    group by o.country, o.currency`);
  const regions = new Map<string | null, AnalyticsRegions['regions'][number]>();
  for (const row of rowsOf<Record<string, unknown>>(result)) {
    const country = row.country == null ? null : String(row.country);
    const entry = regions.get(country) ?? { country, orders: 0, tickets: 0, revenue: [] };
    entry.orders += num(row.orders);
    entry.tickets += num(row.tickets);
    entry.revenue.push({ currency: String(row.currency), amount_minor: num(row.revenue) });
    regions.set(country, entry);
  }
  const sorted = [...regions.values()].sort(
    (a, b) => b.tickets - a.tickets || (a.country ?? '~').localeCompare(b.country ?? '~'),
  );
  for (const entry of sorted) entry.revenue.sort((a, b) => a.currency.localeCompare(b.currency));
  return { period: periodDto(period), regions: sorted };
}

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading apostrophe (OWASP's
 * CSV injection advice); numbers are written as numbers.
 */
export function protectCell(value: unknown): string {
  const text = value == null ? '' : String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

export const EXPORT_COLUMNS = [
  'Order',
  'Paid at (UTC)',
  'Event',
  'First name',
  'Last name',
  'Email',
  'Phone',
  'Country',
  'Tickets',
  'Amount',
  'Booking fee',
  'Currency',
  'Status',
  'Channel',
];
const EXPORT_BATCH = 1000;

/**
 * The period's paid orders as CSV, read in pages of 1,000 by (paid_at, id) and streamed, so a large export never
 * sits in memory whole.
 */
export function exportOrdersCsv(db: Database, organizationId: string, period: ResolvedPeriod): Readable {
  // The header is the first row the rows give: the checkout answers' columns depend on the event (decision 130).
  const csv = stringify({ header: false });
  async function* rows() {
    const answers = await answerColumns(db, organizationId, period.eventId);
    yield [...EXPORT_COLUMNS, 'Names on tickets', 'Add-ons', ...answers.headers].map(protectCell);
    let after: { paidAt: string; id: string } | null = null;
    for (;;) {
      const cursor: ReturnType<typeof sql> = after
        ? sql`and (o.paid_at, o.id) > (${after.paidAt}::timestamptz, ${after.id}::uuid)`
        : sql``;
      const batch = rowsOf<Record<string, unknown>>(
        await db.execute(sql`
          select o.id, o.code, o.paid_at,
            to_char(o.paid_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as paid_cursor, e.name, o.first_name, o.last_name, o.customer_email, o.phone, o.country,
            o.quantity, o.amount_minor, o.fee_minor, o.currency, o.status, o.channel,
            (select string_agg(t.holder_name, '; ' order by t.slot nulls last, t.created_at, t.code) from ticket t
              where t.order_id = o.id and t.status in ('valid', 'checked_in', 'listed')) as holder_names,
            (select string_agg(a.quantity::text || ' × ' || a.name, '; ' order by p.sort, p.created_at, a.id)
              from order_add_on a join add_on p on p.id = a.add_on_id where a.order_id = o.id) as add_ons
          from "order" o join event e on e.id = o.event_id
          where o.organization_id = ${organizationId} and ${paidIn(period)} ${forEvent('o.event_id', period)} ${cursor}
          order by o.paid_at, o.id limit ${EXPORT_BATCH}`),
      );
      const answerCells = await answers.cells(batch.map((row) => String(row.id)));
      for (const row of batch) {
        const currency = String(row.currency);
        const amount = (minor: unknown) =>
          isCurrencyCode(currency) ? fromMinorUnits(num(minor), currency) : String(num(minor));
        yield [
          row.code,
          iso(row.paid_at),
          row.name,
          row.first_name,
          row.last_name,
          row.customer_email,
          row.phone ?? '',
          row.country ?? '',
          num(row.quantity),
          amount(row.amount_minor),
          amount(row.fee_minor),
          currency,
          row.status,
          row.channel,
          row.holder_names ?? '',
          row.add_ons ?? '',
          ...(answerCells.get(String(row.id)) ?? []),
        ].map((cell) => (typeof cell === 'number' ? cell : protectCell(cell)));
      }
      if (batch.length < EXPORT_BATCH) return;
      const last = batch[batch.length - 1]!;
      after = { paidAt: String(last.paid_cursor), id: String(last.id) };
    }
  }
  // A database error mid-way ends the download with an error instead of leaving it hanging.
  const out = new PassThrough();
  pipeline(Readable.from(rows()), csv, out, () => undefined);
  return out;
}
