// Shared quota endpoints (decision 128): an event's quotas with their sold, held and capacity; add, edit, delete.
// A quota changes what the types can still sell, so every mutation refreshes the quotas and the event.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuotaDto, QuotaInput, QuotaList } from '@marquee/shared';
import { apiRequest } from '../../../lib/api-client';
import { eventsKey } from './events';

const base = (eventId: string) => `/api/events/${encodeURIComponent(eventId)}/quotas`;

export const eventQuotasQuery = (eventId: string) =>
  queryOptions({
    queryKey: ['event-quotas', eventId] as const,
    queryFn: ({ signal }) => apiRequest<QuotaList>(base(eventId), { signal }),
  });

function useRefreshQuotas(eventId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: eventQuotasQuery(eventId).queryKey }),
      queryClient.invalidateQueries({ queryKey: eventsKey }),
    ]);
}

/** POST when `quotaId` is null, PUT otherwise. */
export function useSaveQuota(eventId: string) {
  const refresh = useRefreshQuotas(eventId);
  return useMutation({
    mutationFn: ({ quotaId, body }: { quotaId: string | null; body: QuotaInput }) =>
      quotaId
        ? apiRequest<QuotaDto>(`${base(eventId)}/${encodeURIComponent(quotaId)}`, { method: 'PUT', body })
        : apiRequest<QuotaDto>(base(eventId), { method: 'POST', body }),
    onSuccess: () => refresh(),
  });
}

export function useDeleteQuota(eventId: string) {
  const refresh = useRefreshQuotas(eventId);
  return useMutation({
    mutationFn: (quotaId: string) =>
      apiRequest<void>(`${base(eventId)}/${encodeURIComponent(quotaId)}`, { method: 'DELETE' }),
    onSuccess: () => refresh(),
  });
}
