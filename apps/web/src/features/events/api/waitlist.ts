// The event's waiting list for the event page: fans waiting, the tickets they want, offers out (decision 035).
import { queryOptions } from '@tanstack/react-query';
import type { WaitlistCounts } from '@marquee/shared';
import { apiRequest } from '../../../lib/api-client';

export const waitlistQuery = (eventId: string) =>
  queryOptions({
    queryKey: ['waitlist', eventId] as const,
    queryFn: ({ signal }) =>
      apiRequest<WaitlistCounts>(`/api/events/${encodeURIComponent(eventId)}/waitlist`, { signal }),
    refetchInterval: 60_000,
  });
