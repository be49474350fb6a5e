// Guest list endpoints for the event view (decision 126): the event's comps, issuing one, importing a CSV file of
// them, and the door list's addresses (decision 127).
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CompCreate, CompImport, CompsIssued, CompsPage } from '@marquee/shared';
import { apiRequest } from '../../../lib/api-client';

const base = (eventId: string) => `/api/events/${encodeURIComponent(eventId)}`;

export const eventCompsQuery = (eventId: string, page: number) =>
  queryOptions({
    queryKey: ['event-comps', eventId, { page }] as const,
    queryFn: ({ signal }) => apiRequest<CompsPage>(`${base(eventId)}/comps?page=${page}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const doorListUrl = (eventId: string, format: 'csv' | 'pdf') => `${base(eventId)}/door-list.${format}`;

/** Issuing comps moves the comps list, the orders, the check-in figures, the settlement and the sold counts. */
function useSettle(eventId: string) {
  const queryClient = useQueryClient();
  return () => {
    for (const key of ['event-comps', 'event-orders', 'checkin-log', 'event-settlement'])
      void queryClient.invalidateQueries({ queryKey: [key, eventId] });
    void queryClient.invalidateQueries({ queryKey: ['events'] });
  };
}

export function useIssueComp(eventId: string) {
  const settle = useSettle(eventId);
  return useMutation({
    mutationFn: (body: CompCreate) => apiRequest<CompsIssued>(`${base(eventId)}/comps`, { method: 'POST', body }),
    onSuccess: settle,
  });
}

export function useImportComps(eventId: string) {
  const settle = useSettle(eventId);
  return useMutation({
    mutationFn: (body: CompImport) =>
      apiRequest<CompsIssued>(`${base(eventId)}/comps/import`, { method: 'POST', body }),
    onSuccess: settle,
  });
}
