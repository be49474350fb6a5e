// The waiting room's endpoints for the event view (decision 034): its setting and live figures, polled while the
// page is open, and saving the setting and the admission rate.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueueSettingsInput, QueueStatus } from '@marquee/shared';
import { apiRequest } from '../../../lib/api-client';

const url = (eventId: string) => `/api/events/${encodeURIComponent(eventId)}/queue`;

export const queueStatusQuery = (eventId: string) =>
  queryOptions({
    queryKey: ['event-queue', eventId] as const,
    queryFn: ({ signal }) => apiRequest<QueueStatus>(url(eventId), { signal }),
    // Live: the figures move every second during a drop.
    refetchInterval: 2000,
  });

export function useSaveQueueSettings(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: QueueSettingsInput) => apiRequest<QueueStatus>(url(eventId), { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(queueStatusQuery(eventId).queryKey, saved),
  });
}
