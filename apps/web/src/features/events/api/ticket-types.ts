// Ticket types endpoints: add, edit (including hide/show) and reorder an event's types. The types arrive with
// the event (EventDto.ticket_types), so every mutation refreshes the event and the lists that show it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TicketTypeDto, TicketTypeInput, TicketTypeList } from '@marquee/shared';
import { apiRequest } from '../../../lib/api-client';
import { dashboardOverviewQuery } from './dashboard';
import { eventsKey } from './events';

const base = (eventId: string) => `/api/events/${encodeURIComponent(eventId)}/ticket-types`;

export const createTicketType = (eventId: string, body: TicketTypeInput) =>
  apiRequest<TicketTypeDto>(base(eventId), { method: 'POST', body });
export const updateTicketType = (eventId: string, typeId: string, body: TicketTypeInput) =>
  apiRequest<TicketTypeDto>(`${base(eventId)}/${encodeURIComponent(typeId)}`, { method: 'PUT', body });
export const reorderTicketTypes = (eventId: string, ids: string[]) =>
  apiRequest<TicketTypeList>(`${base(eventId)}/reorder`, { method: 'POST', body: { ids } });

function useRefreshEvents() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: eventsKey }),
      queryClient.invalidateQueries({ queryKey: dashboardOverviewQuery.queryKey }),
    ]);
}

/** POST when `typeId` is null, PUT otherwise. */
export function useSaveTicketType(eventId: string) {
  const refresh = useRefreshEvents();
  return useMutation({
    mutationFn: ({ typeId, body }: { typeId: string | null; body: TicketTypeInput }) =>
      typeId ? updateTicketType(eventId, typeId, body) : createTicketType(eventId, body),
    onSuccess: () => refresh(),
  });
}

export function useReorderTicketTypes(eventId: string) {
  const refresh = useRefreshEvents();
  return useMutation({
    mutationFn: (ids: string[]) => reorderTicketTypes(eventId, ids),
    onSuccess: () => refresh(),
  });
}
