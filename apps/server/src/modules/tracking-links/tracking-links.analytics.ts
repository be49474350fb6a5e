// GET /api/analytics/tracking-links (decision 156): each link's views, paid orders, tickets and revenue in the
// period. Orders count by the day they were paid and refunds come off as they do in sales_daily (the rest of
// Analytics): an order refunded in full leaves every figure, a partial refund takes its tickets and amount.
import { sql } from 'drizzle-orm';
import type { AnalyticsTrackingLinks } from '@marquee/shared';
import type { Database } from '../../db/client.js';
import { endOf, periodDto, startOf, type ResolvedPeriod } from '../analytics/analytics.period.js';
import { rowsOf } from '../analytics/analytics.service.js';
import { linkRows, toLinkDto } from './tracking-links.service.js';

const num = (value: unknown) => Number(value ?? 0);

export async function trackingLinkFigures(
  db: Database,
  organizationId: string,
  period: ResolvedPeriod,
  origin: string,
): Promise<AnalyticsTrackingLinks> {
  const from = startOf(period.from).toISOString();
  const to = endOf(period.to).toISOString();
  const [views, sales, links] = await Promise.all([
    db.execute(sql`
      select tracking_link_id, sum(views) as views from tracking_link_view_daily
      where organization_id = ${organizationId} and day >= ${period.from}::date and day <= ${period.to}::date
      group by tracking_link_id`),
    db.execute(sql`
      select tracking_link_id, currency, count(*) as orders, sum(quantity - refunded_tickets) as tickets,
        sum(greatest(amount_minor - refunded_minor, 0)) as revenue
      from "order"
      where organization_id = ${organizationId} and tracking_link_id is not null
        and status in ('paid', 'partially_refunded')
        and paid_at >= ${from}::timestamptz and paid_at < ${to}::timestamptz
      group by tracking_link_id, currency order by currency`),
    linkRows(db, organizationId, true),
  ]);
  const viewsOf = new Map(
    rowsOf<Record<string, unknown>>(views).map((row) => [String(row.tracking_link_id), num(row.views)]),
  );
  const salesOf = new Map<
    string,
    { orders: number; tickets: number; revenue: Array<{ currency: string; amount_minor: number }> }
  >();
  for (const row of rowsOf<Record<string, unknown>>(sales)) {
    const id = String(row.tracking_link_id);
    const entry = salesOf.get(id) ?? { orders: 0, tickets: 0, revenue: [] };
    entry.orders += num(row.orders);
    entry.tickets += num(row.tickets);
    entry.revenue.push({ currency: String(row.currency), amount_minor: num(row.revenue) });
    salesOf.set(id, entry);
  }
  const shown = links.filter(
    (link) =>
      (period.eventId === null || link.eventId === period.eventId) &&
      (link.archivedAt === null || viewsOf.has(link.id) || salesOf.has(link.id)),
  );
  return {
    period: periodDto(period),
    links: shown.map((link) => {
      const linkViews = viewsOf.get(link.id) ?? 0;
      const figures = salesOf.get(link.id) ?? { orders: 0, tickets: 0, revenue: [] };
      return {
        ...toLinkDto(link, origin),
        views: linkViews,
        ...figures,
        conversion_rate: linkViews === 0 ? null : Math.min(100, Math.round((figures.orders / linkViews) * 1000) / 10),
      };
    }),
  };
}
