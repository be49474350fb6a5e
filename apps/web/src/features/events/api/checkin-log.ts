// The event's check-in log for the event page (the organiser's view of the door).
import { queryOptions } from '@tanstack/react-query';
import type { CheckinLog } from '@marquee/shared';
import { apiRequest } from '../../../lib/api-client';

export const checkinLogQuery = (eventId: string) =>
  queryOptions({
    queryKey: ['checkin-log', eventId] as const,
    queryFn: ({ signal }) =>
      apiRequest<CheckinLog>(`/api/checkin/events/${encodeURIComponent(eventId)}/log`, { signal }),
    refetchInterval: 30_000,
  });
