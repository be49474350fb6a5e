// Cancelling an event and following its refunds: POST /api/events/:id/cancel, then GET .../cancellation polled
// every 2 s until every order is refunded. Cancelling refreshes the event, the lists and the overview; the
// end of the refunds refreshes them again with the orders (now refunded).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CancelEventInput, CancellationProgress } from '@marquee/shared';
import { apiRequest } from '../../../lib/api-client';
import { dashboardOverviewQuery } from './dashboard';
import { eventsKey } from './events';

export const cancellationKey = (id: string) => ['events', id, 'cancellation'] as const;

export const cancelEvent = (id: string, body: CancelEventInput) =>
  apiRequest<CancellationProgress>(`/api/events/${encodeURIComponent(id)}/cancel`, { method: 'POST', body });

export const cancellationQuery = (id: string) =>
  queryOptions({
    queryKey: cancellationKey(id),
    queryFn: ({ signal }) =>
      apiRequest<CancellationProgress>(`/api/events/${encodeURIComponent(id)}/cancellation`, { signal }),
    // Poll while refunds are outstanding; stop once done.
    refetchInterval: (query) => (query.state.data?.state === 'done' ? false : 2000),
  });

export function useRefreshAfterCancellation() {
  const queryClient = useQueryClient();
  return (eventId: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: eventsKey }),
      queryClient.invalidateQueries({ queryKey: ['event-orders', eventId] }),
      queryClient.invalidateQueries({ queryKey: ['event-settlement', eventId] }),
      queryClient.invalidateQueries({ queryKey: ['orders'] }),
      queryClient.invalidateQueries({ queryKey: dashboardOverviewQuery.queryKey }),
    ]);
}

export function useCancelEvent() {
  const queryClient = useQueryClient();
  const refresh = useRefreshAfterCancellation();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: CancelEventInput }) => cancelEvent(id, body),
    onSuccess: (progress, { id }) => {
      queryClient.setQueryData(cancellationKey(id), progress);
      return refresh(id);
    },
  });
}
