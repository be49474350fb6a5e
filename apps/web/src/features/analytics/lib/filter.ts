// The Analytics filter in the page's address (?period=30d&from=&to=&event=), so a reload, the back button and
// the View Details page keep it. An address the server would refuse falls back to the last 30 days.
import {
  ANALYTICS_PERIOD_LABELS,
  analyticsQuerySchema,
  type AnalyticsPeriod,
  type AnalyticsSummary,
} from '@marquee/shared';
import type { AnalyticsFilter } from '../api/analytics';

export const DEFAULT_FILTER: AnalyticsFilter = { period: '30d' };

export function filterFromSearch(search: URLSearchParams): { filter: AnalyticsFilter; invalid: boolean } {
  const raw = {
    period: search.get('period') ?? undefined,
    from: search.get('from') ?? undefined,
    to: search.get('to') ?? undefined,
    event_id: search.get('event') ?? undefined,
  };
  const parsed = analyticsQuerySchema.safeParse(raw);
  if (!parsed.success) return { filter: DEFAULT_FILTER, invalid: true };
  const { period, from, to, event_id: eventId } = parsed.data;
  return { filter: { period, from, to, eventId: eventId || undefined }, invalid: false };
}

export function searchFromFilter(filter: AnalyticsFilter): URLSearchParams {
  const params = new URLSearchParams({ period: filter.period });
  if (filter.period === 'custom' && filter.from && filter.to) {
    params.set('from', filter.from);
    params.set('to', filter.to);
  }
  if (filter.eventId) params.set('event', filter.eventId);
  return params;
}

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
export const formatDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));

/** 'Last 30 days (25 Oct 2026 – 23 Nov 2026)'. */
export function describePeriod(period: AnalyticsPeriod, range?: AnalyticsSummary['period']): string {
  const name = ANALYTICS_PERIOD_LABELS[period];
  return range ? `${name} (${formatDay(range.from)} – ${formatDay(range.to)})` : name;
}
