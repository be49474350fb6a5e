// View Details (/dashboard/analytics/events): the period's figures per event (orders, tickets, revenue per
// currency, page views, unique visitors, the visitors who ordered and conversion), with the same filter as the
// Analytics page.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatMoney, isCurrencyCode } from '@marquee/shared';
import { PageHeader } from '../../../components/ui/page-header';
import { LoadError } from '../../../components/ui/query-state';
import { eventsBreakdownQuery } from '../api/analytics';
import { describePeriod } from '../lib/filter';
import { useAnalyticsFilter } from './analytics-page';

const money = (amountMinor: number, currency: string) =>
  isCurrencyCode(currency) ? formatMoney(amountMinor, currency) : `${amountMinor} ${currency}`;

export function EventBreakdownPage() {
  const { filter, search } = useAnalyticsFilter();
  const breakdown = useQuery(eventsBreakdownQuery(filter));
  const columns = [
    'Event',
    'Orders',
    'Tickets',
    'Revenue',
    'Page views',
    'Visitors',
    'Visitors who ordered',
    'Conversion',
  ];
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        title="Event Breakdown"
        description={describePeriod(filter.period, breakdown.data?.period)}
        actions={
          <Link
            to={`/dashboard/analytics?${search}`}
            className="text-foreground font-mono text-xs font-semibold tracking-wide uppercase underline-offset-4 hover:underline"
          >
            ← Back to Analytics
          </Link>
        }
      />
      <section aria-label="Figures per event" className="border-border bg-card overflow-x-auto rounded-2xl border p-5">
        {breakdown.isPending ? (
          <div className="bg-muted h-40 animate-pulse rounded-xl" role="status" aria-label="Loading breakdown" />
        ) : !breakdown.data ? (
          <LoadError onRetry={() => void breakdown.refetch()}>The breakdown could not be loaded.</LoadError>
        ) : breakdown.data.events.length === 0 ? (
          <p className="text-muted-foreground text-sm">No event had sales or page views in this period.</p>
        ) : (
          <table className="w-full min-w-[640px] text-left text-sm tabular-nums" data-testid="breakdown-table">
            <caption className="sr-only">Sales and page views per event</caption>
            <thead className="text-muted-foreground text-xs">
              <tr>
                {columns.map((column) => (
                  <th key={column} scope="col" className="py-2 pr-4 font-medium">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {breakdown.data.events.map((row) => (
                <tr key={row.event_id} className="border-border border-t">
                  <th scope="row" className="py-2 pr-4 font-medium">
                    <Link to={`/dashboard/events/view/${row.event_id}`} className="underline-offset-2 hover:underline">
                      {row.name || 'Untitled event'}
                    </Link>
                  </th>
                  <td className="py-2 pr-4">{row.orders}</td>
                  <td className="py-2 pr-4">{row.tickets}</td>
                  <td className="py-2 pr-4">
                    {row.revenue.length === 0
                      ? '—'
                      : row.revenue.map((line) => money(line.amount_minor, line.currency)).join(' · ')}
                  </td>
                  <td className="py-2 pr-4">{row.views}</td>
                  <td className="py-2 pr-4">{row.visitors}</td>
                  <td className="py-2 pr-4">{row.ordering_visitors}</td>
                  <td className="py-2">{row.conversion_rate === null ? '—' : `${row.conversion_rate}%`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
