// The event's settlement report (decision 136): its figures per currency, and the CSV and PDF downloads.
import { queryOptions } from '@tanstack/react-query';
import type { EventSettlement } from '@marquee/shared';
import { apiRequest } from '../../../lib/api-client';

const base = (eventId: string) => `/api/events/${encodeURIComponent(eventId)}/settlement`;

export const eventSettlementQuery = (eventId: string) =>
  queryOptions({
    queryKey: ['event-settlement', eventId] as const,
    queryFn: ({ signal }) => apiRequest<EventSettlement>(base(eventId), { signal }),
  });

export const settlementFileUrl = (eventId: string, format: 'csv' | 'pdf') => `${base(eventId)}.${format}`;
