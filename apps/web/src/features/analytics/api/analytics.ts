// The Analytics endpoints (GET /api/analytics/*): one query per card group, keyed by the filter, and the CSV
// export's address. The filter lives in the page's URL (period, from, to, event).
import { queryOptions } from '@tanstack/react-query';
import type {
  AnalyticsChart,
  AnalyticsEvents,
  AnalyticsPeriod,
  AnalyticsRecentSales,
  AnalyticsRegions,
  AnalyticsSummary,
  EventsList,
  PeriodSettlement,
} from '@marquee/shared';
import { apiRequest } from '../../../lib/api-client';

export interface AnalyticsFilter {
  period: AnalyticsPeriod;
  from?: string;
  to?: string;
  eventId?: string;
}

export function filterQueryString(filter: AnalyticsFilter): string {
  const params = new URLSearchParams({ period: filter.period });
  if (filter.period === 'custom') {
    if (filter.from) params.set('from', filter.from);
    if (filter.to) params.set('to', filter.to);
  }
  if (filter.eventId) params.set('event_id', filter.eventId);
  return params.toString();
}

const analyticsQuery = <T>(endpoint: string, filter: AnalyticsFilter) =>
  queryOptions({
    queryKey: ['analytics', endpoint, filterQueryString(filter)] as const,
    queryFn: ({ signal }) => apiRequest<T>(`/api/analytics/${endpoint}?${filterQueryString(filter)}`, { signal }),
    retry: (count, error) => count < 2 && !('status' in error && (error.status === 400 || error.status === 404)),
  });

export const summaryQuery = (filter: AnalyticsFilter) => analyticsQuery<AnalyticsSummary>('summary', filter);
export const chartQuery = (filter: AnalyticsFilter) => analyticsQuery<AnalyticsChart>('chart', filter);
export const eventsBreakdownQuery = (filter: AnalyticsFilter) => analyticsQuery<AnalyticsEvents>('events', filter);
export const recentSalesQuery = (filter: AnalyticsFilter) =>
  analyticsQuery<AnalyticsRecentSales>('recent-sales', filter);
export const regionsQuery = (filter: AnalyticsFilter) => analyticsQuery<AnalyticsRegions>('regions', filter);

/** The Export Data download: the period's paid orders as CSV (the browser sends the session cookie). */
export const exportUrl = (filter: AnalyticsFilter) => `/api/analytics/orders.csv?${filterQueryString(filter)}`;

/** The organisation's events, for the filter's event choice. */
export const filterEventsQuery = queryOptions({
  queryKey: ['analytics', 'filter-events'] as const,
  queryFn: ({ signal }) => apiRequest<EventsList>('/api/events', { signal }),
});

/** The settlement report of the days from `from` to `to` (decisions 136, 141): its figures per event and currency. */
export const periodSettlementQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: ['analytics', 'settlement', from, to] as const,
    queryFn: ({ signal }) =>
      apiRequest<PeriodSettlement>(`/api/reports/settlement?${new URLSearchParams({ from, to }).toString()}`, {
        signal,
      }),
  });

/** The settlement report of the days from `from` to `to` (decision 136), as a CSV or PDF download. */
export const settlementUrl = (from: string, to: string, format: 'csv' | 'pdf') =>
  `/api/reports/settlement.${format}?${new URLSearchParams({ from, to }).toString()}`;
