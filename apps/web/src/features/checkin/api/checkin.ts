// The check-in app's requests. Scans and syncs go straight through apiRequest (the caller decides what a
// network failure means: judge offline and queue); the event list and the event are react-query queries.
import { queryOptions } from '@tanstack/react-query';
import type {
  CheckinEvent,
  CheckinSearch,
  DoorSaleAnswer,
  DoorSaleRequest,
  HandOverAnswer,
  HandOverRequest,
  HandOverSyncAnswer,
  HandOverSyncRequest,
  OfflineList,
  ScanAnswer,
  SyncRequest,
} from '@marquee/shared';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { loadEvent, saveEvent } from '../lib/offline-store';

const base = (eventId: string) => `/api/checkin/events/${encodeURIComponent(eventId)}`;

export const checkinEventsQuery = queryOptions({
  queryKey: ['checkin', 'events'] as const,
  queryFn: ({ signal }) => apiRequest<{ events: CheckinEvent[] }>('/api/checkin/events', { signal }),
});

/** The event, kept on the device each time it is read, so the app opens it with no network. */
export const checkinEventQuery = (eventId: string) =>
  queryOptions({
    queryKey: ['checkin', 'events', eventId] as const,
    // Asked even while offline: the answer then comes from the device.
    networkMode: 'always',
    queryFn: async ({ signal }) => {
      try {
        const event = await apiRequest<CheckinEvent>(base(eventId), { signal });
        await saveEvent(event);
        return event;
      } catch (error) {
        const kept = error instanceof ApiError ? undefined : await loadEvent(eventId);
        if (kept) return kept;
        throw error;
      }
    },
  });

export const fetchOfflineList = (eventId: string) => apiRequest<OfflineList>(`${base(eventId)}/offline`);

export const postScan = (eventId: string, body: { payload?: string; code?: string; device_id: string }) =>
  apiRequest<ScanAnswer>(`${base(eventId)}/scan`, { body });

export const postSync = (eventId: string, body: SyncRequest) =>
  apiRequest<{ results: ScanAnswer[] }>(`${base(eventId)}/sync`, { body });

export const postUndo = (checkInId: string, deviceId: string) =>
  apiRequest<{ counts: ScanAnswer['counts'] }>(`/api/checkin/check-ins/${encodeURIComponent(checkInId)}/undo`, {
    body: { device_id: deviceId },
  });

export const searchTickets = (eventId: string, q: string, signal?: AbortSignal) =>
  apiRequest<CheckinSearch>(`${base(eventId)}/search?${new URLSearchParams({ q })}`, { signal });

export const postDoorSale = (eventId: string, body: DoorSaleRequest) =>
  apiRequest<DoorSaleAnswer>(`${base(eventId)}/door-sales`, { body });

export const postHandOver = (lineId: string, body: HandOverRequest) =>
  apiRequest<HandOverAnswer>(`/api/checkin/add-ons/${encodeURIComponent(lineId)}/hand-over`, { body });

export const postHandOverSync = (eventId: string, body: HandOverSyncRequest) =>
  apiRequest<HandOverSyncAnswer>(`${base(eventId)}/hand-overs`, { body });
