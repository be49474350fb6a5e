// Analytics (/dashboard/analytics): the spec's layout with real figures. Title, Filter and Export Data; two
// rows of four cards; Revenue Overview (chart + View Details); Recent Sales; Ticket Sales by Region.
import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { formatMoney, isCurrencyCode, type AnalyticsRecentSales } from '@marquee/shared';
import { PageHeader } from '../../../components/ui/page-header';
import { Button, buttonClasses } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/query-state';
import {
  chartQuery,
  exportUrl,
  recentSalesQuery,
  regionsQuery,
  summaryQuery,
  type AnalyticsFilter,
} from '../api/analytics';
import { describePeriod, filterFromSearch, searchFromFilter } from '../lib/filter';
import { AnalyticsCards, AnalyticsCardsSkeleton } from './analytics-cards';
import { FilterDialog } from './filter-dialog';
import { RegionSales } from './region-sales';
import { RevenueChart } from './revenue-chart';
import { SettlementReport } from './settlement-report';
import { TrackingLinksPanel } from './tracking-links-panel';

const money = (amountMinor: number, currency: string) =>
  isCurrencyCode(currency) ? formatMoney(amountMinor, currency) : `${amountMinor} ${currency}`;
const timeFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

export function useAnalyticsFilter() {
  const [search, setSearch] = useSearchParams();
  const { filter, invalid } = filterFromSearch(search);
  const setFilter = (next: AnalyticsFilter) => setSearch(searchFromFilter(next));
  return { filter, invalid, setFilter, search: searchFromFilter(filter).toString() };
}

function Panel({
  title,
  action,
  children,
  className = '',
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-label={title}
      className={`border-border bg-card flex min-w-0 flex-col gap-4 rounded-2xl border p-5 ${className}`}
    >
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}

function RecentSales({ sales }: { sales: AnalyticsRecentSales['sales'] }) {
  if (sales.length === 0) return <p className="text-muted-foreground text-sm">No sales in this period yet.</p>;
  return (
    <ul className="flex flex-col" data-testid="recent-sales">
      {sales.map((sale, index) => (
        <li
          key={`${sale.paid_at}-${index}`}
          className="border-border flex items-start justify-between gap-3 border-t py-3 first:border-t-0"
        >
          <div className="min-w-0">
            <p className="truncate text-sm font-medium">{sale.event_name || 'Untitled event'}</p>
            <p className="text-muted-foreground truncate text-xs">{sale.email}</p>
          </div>
          <div className="shrink-0 text-right">
            <p className="text-sm font-semibold tabular-nums">{money(sale.amount_minor, sale.currency)}</p>
            <p className="text-muted-foreground text-xs">
              <time dateTime={sale.paid_at}>{timeFormat.format(new Date(sale.paid_at))}</time>
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

export function AnalyticsPage() {
  const { filter, invalid, setFilter, search } = useAnalyticsFilter();
  const [filterOpen, setFilterOpen] = useState(false);
  const summary = useQuery(summaryQuery(filter));
  const chart = useQuery(chartQuery(filter));
  const sales = useQuery(recentSalesQuery(filter));
  const regions = useQuery(regionsQuery(filter));
  const eventFilterMissing = summary.error && 'status' in summary.error && summary.error.status === 404;

  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        title="Analytics"
        description={
          <span data-testid="analytics-period">
            {describePeriod(filter.period, summary.data?.period)}
            {filter.eventId ? ' · one event' : ' · all events'}
          </span>
        }
        actions={
          <>
            <Button type="button" size="small" variant="secondary" onClick={() => setFilterOpen(true)}>
              Filter
            </Button>
            <a href={exportUrl(filter)} download className={buttonClasses('small', 'primary')}>
              Export Data
            </a>
          </>
        }
      />
      {invalid ? (
        <p role="status" className="text-muted-foreground text-sm">
          The filter in the address was not valid, so the last 30 days are shown.
        </p>
      ) : null}
      {eventFilterMissing ? (
        <p role="alert" className="text-sm text-danger">
          That event was not found.{' '}
          <button
            type="button"
            className="font-semibold underline"
            onClick={() => setFilter({ period: filter.period, from: filter.from, to: filter.to })}
          >
            Show all events
          </button>
        </p>
      ) : null}
      {summary.isPending ? (
        <AnalyticsCardsSkeleton />
      ) : summary.data ? (
        <AnalyticsCards summary={summary.data} />
      ) : eventFilterMissing ? null : (
        <LoadError onRetry={() => void summary.refetch()}>The figures could not be loaded.</LoadError>
      )}
      <div className="grid gap-4 lg:grid-cols-3">
        <Panel
          title="Revenue Overview"
          className="lg:col-span-2"
          action={
            <Link
              to={`/dashboard/analytics/events?${search}`}
              className="text-foreground font-mono text-xs font-semibold tracking-wide uppercase underline-offset-4 hover:underline"
            >
              View Details →
            </Link>
          }
        >
          {chart.data ? (
            <RevenueChart chart={chart.data} />
          ) : chart.isPending ? (
            <div className="bg-muted h-64 animate-pulse rounded-xl" role="status" aria-label="Loading chart" />
          ) : (
            <LoadError onRetry={() => void chart.refetch()}>The chart could not be loaded.</LoadError>
          )}
        </Panel>
        <Panel title="Recent Sales">
          {sales.data ? (
            <RecentSales sales={sales.data.sales} />
          ) : sales.isPending ? (
            <div className="bg-muted h-64 animate-pulse rounded-xl" role="status" aria-label="Loading recent sales" />
          ) : (
            <LoadError onRetry={() => void sales.refetch()}>Recent sales could not be loaded.</LoadError>
          )}
        </Panel>
      </div>
      {regions.data ? (
        <RegionSales key={search} regions={regions.data.regions} />
      ) : regions.isPending ? (
        <div className="bg-muted h-80 animate-pulse rounded-2xl" role="status" aria-label="Loading regions" />
      ) : (
        <LoadError onRetry={() => void regions.refetch()}>Sales by region could not be loaded.</LoadError>
      )}
      <TrackingLinksPanel filter={filter} />
      <SettlementReport />
      <FilterDialog
        open={filterOpen}
        filter={filter}
        onClose={() => setFilterOpen(false)}
        onApply={(next) => {
          setFilter(next);
          setFilterOpen(false);
        }}
      />
    </div>
  );
}
