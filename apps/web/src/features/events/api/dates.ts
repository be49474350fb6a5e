// Dates in a series (decision 132): the series' dates with their figures, and adding dates, which refreshes every
// event. Keyed apart from the event (['event-dates', id]), like the view's other sections, so deleting a draft
// does not ask for its dates again; they are read afresh whenever the view is opened.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { EventDates, EventDatesInput } from '@marquee/shared';
import { apiRequest } from '../../../lib/api-client';
import { dashboardOverviewQuery } from './dashboard';
import { eventsKey } from './events';

const url = (eventId: string) => `/api/events/${encodeURIComponent(eventId)}/dates`;

export const eventDatesQuery = (eventId: string) =>
  queryOptions({
    queryKey: ['event-dates', eventId] as const,
    queryFn: ({ signal }) => apiRequest<EventDates>(url(eventId), { signal }),
  });

export function useAddEventDates(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EventDatesInput) => apiRequest<EventDates>(url(eventId), { method: 'POST', body }),
    onSuccess: (dates) => {
      queryClient.setQueryData(eventDatesQuery(eventId).queryKey, dates);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: eventsKey }),
        queryClient.invalidateQueries({ queryKey: dashboardOverviewQuery.queryKey }),
      ]);
    },
  });
}
