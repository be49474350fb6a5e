// Add-on endpoints (decision 134): an event's add-ons with their stock, sold, held and handed over; add, edit, delete.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddOnDto, AddOnInput, AddOnList } from '@marquee/shared';
import { apiRequest } from '../../../lib/api-client';

const base = (eventId: string) => `/api/events/${encodeURIComponent(eventId)}/add-ons`;

export const eventAddOnsQuery = (eventId: string) =>
  queryOptions({
    queryKey: ['event-add-ons', eventId] as const,
    queryFn: ({ signal }) => apiRequest<AddOnList>(base(eventId), { signal }),
  });

function useRefreshAddOns(eventId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: eventAddOnsQuery(eventId).queryKey });
}

/** POST when `addOnId` is null, PUT otherwise. */
export function useSaveAddOn(eventId: string) {
  const refresh = useRefreshAddOns(eventId);
  return useMutation({
    mutationFn: ({ addOnId, body }: { addOnId: string | null; body: AddOnInput }) =>
      addOnId
        ? apiRequest<AddOnDto>(`${base(eventId)}/${encodeURIComponent(addOnId)}`, { method: 'PUT', body })
        : apiRequest<AddOnDto>(base(eventId), { method: 'POST', body }),
    onSuccess: () => refresh(),
  });
}

export function useDeleteAddOn(eventId: string) {
  const refresh = useRefreshAddOns(eventId);
  return useMutation({
    mutationFn: (addOnId: string) =>
      apiRequest<void>(`${base(eventId)}/${encodeURIComponent(addOnId)}`, { method: 'DELETE' }),
    onSuccess: () => refresh(),
  });
}
