// Events endpoints: the list, one event, create/update/delete, and the status changes. Queries are keyed
// ['events'] and ['events', id]; every mutation invalidates ['events'] (which covers each event) and the
// dashboard overview, whose figures and upcoming list come from the same events.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { EventDto, EventInput, EventsList } from '@marquee/shared';
import { checklistQuery } from '../../../lib/guidance';
import { apiRequest } from '../../../lib/api-client';
import { dashboardOverviewQuery } from './dashboard';

export const eventsKey = ['events'] as const;
export const eventKey = (id: string) => ['events', id] as const;

export const fetchEvents = (signal?: AbortSignal) => apiRequest<EventsList>('/api/events', { signal });
export const fetchEvent = (id: string, signal?: AbortSignal) =>
  apiRequest<EventDto>(`/api/events/${encodeURIComponent(id)}`, { signal });
export const createEvent = (body: EventInput) => apiRequest<EventDto>('/api/events', { method: 'POST', body });
export const updateEvent = (id: string, body: EventInput) =>
  apiRequest<EventDto>(`/api/events/${encodeURIComponent(id)}`, { method: 'PUT', body });
export const deleteEvent = (id: string) =>
  apiRequest<void>(`/api/events/${encodeURIComponent(id)}`, { method: 'DELETE' });

export type EventStatusAction = 'publish' | 'unpublish' | 'archive';
export const changeEventStatus = (id: string, action: EventStatusAction) =>
  apiRequest<EventDto>(`/api/events/${encodeURIComponent(id)}/${action}`, { method: 'POST' });

/** The QR code of an event's public page (served by the server as SVG). */
export const eventQrCodeUrl = (id: string) => `/api/events/${encodeURIComponent(id)}/qr.svg`;

export const eventsQuery = queryOptions({
  queryKey: eventsKey,
  queryFn: ({ signal }) => fetchEvents(signal),
});

export const eventQuery = (id: string) =>
  queryOptions({
    queryKey: eventKey(id),
    queryFn: ({ signal }) => fetchEvent(id, signal),
  });

function useInvalidateEvents() {
  const queryClient = useQueryClient();
  return (saved?: EventDto) => {
    if (saved) queryClient.setQueryData(eventKey(saved.id), saved);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: eventsKey }),
      queryClient.invalidateQueries({ queryKey: dashboardOverviewQuery.queryKey }),
      queryClient.invalidateQueries({ queryKey: checklistQuery.queryKey }),
    ]);
  };
}

/** Saves the form: POST the first time, PUT once the event has an id. */
export function useSaveEvent() {
  const invalidate = useInvalidateEvents();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: EventInput }) =>
      id ? updateEvent(id, body) : createEvent(body),
    onSuccess: (saved) => invalidate(saved),
  });
}

export function useChangeEventStatus() {
  const invalidate = useInvalidateEvents();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: EventStatusAction }) => changeEventStatus(id, action),
    onSuccess: (saved) => invalidate(saved),
  });
}

export function useDeleteEvent() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateEvents();
  return useMutation({
    mutationFn: (id: string) => deleteEvent(id),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: eventKey(id), exact: true });
      return invalidate();
    },
  });
}
