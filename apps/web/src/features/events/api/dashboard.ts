// GET /api/dashboard/overview: the dashboard home's metrics and upcoming events.
import { queryOptions } from '@tanstack/react-query';
import type { DashboardOverview } from '@marquee/shared';
import { apiRequest } from '../../../lib/api-client';

export const fetchDashboardOverview = (signal?: AbortSignal) =>
  apiRequest<DashboardOverview>('/api/dashboard/overview', { signal });

export const dashboardOverviewQuery = queryOptions({
  queryKey: ['dashboard', 'overview'] as const,
  queryFn: ({ signal }) => fetchDashboardOverview(signal),
});
