// What the phone keeps in IndexedDB (idb-keyval) to judge tickets with no network: each event's ticket list (as
// the server sent it, plus the admissions and add-on hand-overs made here since) and the queues of scans and
// hand-overs not yet sent. The device id is
// a random id kept in localStorage, so the log can tell devices apart (it identifies nothing else).
import { createStore, get, set } from 'idb-keyval';
import type { CheckinEvent, OfflineList } from '@marquee/shared';

const store = createStore('marquee-checkin', 'data');

export interface QueuedScan {
  client_id: string;
  event_id: string;
  payload?: string;
  code?: string;
  scanned_at: string;
}

/** An order's add-on line marked handed over on the device while offline (decision 134). */
export interface QueuedHandOver {
  client_id: string;
  event_id: string;
  line_id: string;
  /** The line's name, to say which one the server refused. */
  name: string;
  quantity: number;
  handed_at: string;
}

const DEVICE_KEY = 'marquee-checkin-device';

export function deviceId(): string {
  let id = localStorage.getItem(DEVICE_KEY);
  if (!id || !/^[A-Za-z0-9_-]{8,64}$/.test(id)) {
    id = `d-${crypto.randomUUID()}`;
    localStorage.setItem(DEVICE_KEY, id);
  }
  return id;
}

export const newClientId = (prefix = 's') => `${prefix}-${crypto.randomUUID()}`;

export const loadEvent = (eventId: string) => get<CheckinEvent>(`event:${eventId}`, store);
export const saveEvent = (event: CheckinEvent) => set(`event:${event.id}`, event, store);
export const loadList = (eventId: string) => get<OfflineList>(`list:${eventId}`, store);
export const saveList = (list: OfflineList) => set(`list:${list.event.id}`, list, store);

export async function loadQueue(): Promise<QueuedScan[]> {
  return (await get<QueuedScan[]>('queue', store)) ?? [];
}
export const saveQueue = (queue: QueuedScan[]) => set('queue', queue, store);

export async function loadHandOvers(): Promise<QueuedHandOver[]> {
  return (await get<QueuedHandOver[]>('hand-overs', store)) ?? [];
}
export const saveHandOvers = (queue: QueuedHandOver[]) => set('hand-overs', queue, store);
