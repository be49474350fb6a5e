// Tracking links (decision 156): the organisation's links (/api/tracking-links) and their figures in the
// Analytics filter's period (/api/analytics/tracking-links).
import { queryOptions } from '@tanstack/react-query';
import type { AnalyticsTrackingLinks, TrackingLink, TrackingLinkInput } from '@marquee/shared';
import { apiRequest } from '../../../lib/api-client';
import { filterQueryString, type AnalyticsFilter } from './analytics';

export const trackingLinkFiguresQuery = (filter: AnalyticsFilter) =>
  queryOptions({
    queryKey: ['analytics', 'tracking-links', filterQueryString(filter)] as const,
    queryFn: ({ signal }) =>
      apiRequest<AnalyticsTrackingLinks>(`/api/analytics/tracking-links?${filterQueryString(filter)}`, { signal }),
  });

export const createTrackingLink = (input: TrackingLinkInput) =>
  apiRequest<TrackingLink>('/api/tracking-links', { method: 'POST', body: input });

export const archiveTrackingLink = (id: string) =>
  apiRequest<TrackingLink>(`/api/tracking-links/${id}`, { method: 'PATCH', body: { archived: true } });
