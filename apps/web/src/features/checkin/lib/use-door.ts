// The door's state for one event: the stored ticket list (refreshed while online), scanning (online first; on
// no network, judged here and queued), the sync of the queue when the network returns, the live counts and
// the undo of the last admission, and handing over the order's add-ons (queued too when offline).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CheckinEvent, DoorAddOn, OfflineList, ScanAnswer } from '@marquee/shared';
import { ApiError } from '../../../lib/api-client';
import { fetchOfflineList, postHandOver, postHandOverSync, postScan, postSync, postUndo } from '../api/checkin';
import { handOverSyncNote, leftOf, lineInList, markHandedOver, markPending, withLine } from './hand-over';
import { countOffline, judgeOffline, markIn, markOut, type LocalAnswer } from './offline-judge';
import {
  deviceId,
  loadHandOvers,
  loadList,
  loadQueue,
  newClientId,
  saveHandOvers,
  saveList,
  saveQueue,
  type QueuedScan,
} from './offline-store';

export type DoorAnswer = (ScanAnswer & { offline?: false }) | (LocalAnswer & { check_in_id: null });

interface LastAdmission {
  checkInId: string | null;
  clientId: string | null;
  code: string;
}

const isNetworkError = (error: unknown) => !(error instanceof ApiError);
const REFRESH_MS = 60_000;

export function useDoor(event: CheckinEvent) {
  const [device] = useState(deviceId);
  const [list, setList] = useState<OfflineList | null>(null);
  const [online, setOnline] = useState(() => navigator.onLine);
  const [queued, setQueued] = useState(0);
  const [queuedHandOvers, setQueuedHandOvers] = useState(0);
  const [counts, setCounts] = useState({ checked_in: event.checked_in, sold: event.sold });
  const [answer, setAnswer] = useState<DoorAnswer | null>(null);
  const [syncNote, setSyncNote] = useState<string | null>(null);
  const [last, setLast] = useState<LastAdmission | null>(null);
  const [busy, setBusy] = useState(false);
  const listRef = useRef<OfflineList | null>(null);

  const refreshList = useCallback(async () => {
    try {
      const fresh = await fetchOfflineList(event.id);
      // Admissions made here and not yet synced stay marked.
      const pending = new Set(
        (await loadQueue()).filter((scan) => scan.event_id === event.id).map((scan) => scan.code),
      );
      const previous = new Map((listRef.current?.tickets ?? []).map((row) => [row[0], row[6]]));
      for (const row of fresh.tickets) if (pending.has(row[0])) markIn(row, previous.get(row[0]) || Date.now());
      // So are hand-overs made here and not yet synced.
      markPending(
        fresh,
        (await loadHandOvers()).filter((entry) => entry.event_id === event.id),
      );
      listRef.current = fresh;
      setList(fresh);
      await saveList(fresh);
    } catch {
      const stored = await loadList(event.id);
      if (stored && !listRef.current) {
        listRef.current = stored;
        setList(stored);
      }
    }
  }, [event.id]);

  /** Sends the queued scans; answers what to tell the door (null when there were none). */
  const syncScans = useCallback(async (): Promise<string | null> => {
    const queue = await loadQueue();
    const mine = queue.filter((scan) => scan.event_id === event.id);
    setQueued(mine.length);
    if (mine.length === 0) return null;
    const { results } = await postSync(event.id, {
      device_id: device,
      scans: mine.slice(0, 500).map(({ client_id, payload, code, scanned_at }) => ({
        client_id,
        scanned_at,
        ...(payload !== undefined ? { payload } : { code }),
      })),
    });
    const done = new Set(results.map((result) => result.client_id));
    const rest = (await loadQueue()).filter((scan) => !done.has(scan.client_id));
    await saveQueue(rest);
    setQueued(rest.filter((scan) => scan.event_id === event.id).length);
    const duplicates = results.filter((result) => result.result === 'already_checked_in').length;
    const refused = results.filter((result) => !['admitted', 'already_checked_in'].includes(result.result)).length;
    const lastCounts = results.at(-1)?.counts;
    if (lastCounts) setCounts(lastCounts);
    return (
      `Synced ${results.length} offline ${results.length === 1 ? 'scan' : 'scans'}` +
      (duplicates
        ? `, ${duplicates} already checked in elsewhere (logged as ${duplicates === 1 ? 'a duplicate' : 'duplicates'})`
        : '') +
      (refused ? `, ${refused} refused by the server` : '')
    );
  }, [device, event.id]);

  /** Sends the queued hand-overs; each is answered on its own (a clash is told, then dropped from the queue). */
  const syncHandOvers = useCallback(async (): Promise<string | null> => {
    const mine = (await loadHandOvers()).filter((entry) => entry.event_id === event.id);
    setQueuedHandOvers(mine.length);
    if (mine.length === 0) return null;
    const { results } = await postHandOverSync(event.id, {
      device_id: device,
      hand_overs: mine
        .slice(0, 500)
        .map(({ client_id, line_id, quantity, handed_at }) => ({ client_id, line_id, quantity, handed_at })),
    });
    const done = new Set(results.map((result) => result.client_id));
    const rest = (await loadHandOvers()).filter((entry) => !done.has(entry.client_id));
    await saveHandOvers(rest);
    setQueuedHandOvers(rest.filter((entry) => entry.event_id === event.id).length);
    return handOverSyncNote(results, new Map(mine.map((entry) => [entry.client_id, entry.name])));
  }, [device, event.id]);

  const sync = useCallback(async () => {
    try {
      const notes = [await syncScans(), await syncHandOvers()].filter((note) => note !== null);
      if (notes.length > 0) {
        setSyncNote(notes.join('. '));
        setOnline(true);
      }
    } catch (error) {
      if (isNetworkError(error)) setOnline(false);
    }
  }, [syncScans, syncHandOvers]);

  useEffect(() => {
    // Both set state only after the network (or IndexedDB) answers, never synchronously here.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void refreshList().then(sync);
    const timer = window.setInterval(() => {
      if (navigator.onLine) void sync().then(refreshList);
    }, REFRESH_MS);
    const goOnline = () => {
      setOnline(true);
      void sync().then(refreshList);
    };
    const goOffline = () => setOnline(false);
    window.addEventListener('online', goOnline);
    window.addEventListener('offline', goOffline);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('online', goOnline);
      window.removeEventListener('offline', goOffline);
    };
  }, [refreshList, sync]);

  const judgeHere = useCallback(
    async (input: { payload?: string; code?: string }) => {
      const current = listRef.current ?? (await loadList(event.id)) ?? null;
      if (!current) {
        setAnswer(null);
        setSyncNote('No connection and no ticket list on this device yet: connect once to download it.');
        return;
      }
      listRef.current = current;
      const now = new Date();
      const local = await judgeOffline(current, input, now);
      const clientId = newClientId();
      if (local.result === 'admitted') {
        const code = local.ticket!.code;
        const scan: QueuedScan = { client_id: clientId, event_id: event.id, code, scanned_at: now.toISOString() };
        if (input.payload !== undefined) scan.payload = input.payload;
        const queue = [...(await loadQueue()), scan];
        await saveQueue(queue);
        await saveList(current);
        setQueued(queue.filter((entry) => entry.event_id === event.id).length);
        setLast({ checkInId: null, clientId, code });
      }
      setList({ ...current });
      const { sold, checked_in } = countOffline(current);
      setCounts({ sold, checked_in });
      setAnswer({ ...local, check_in_id: null });
    },
    [event.id],
  );

  const check = useCallback(
    async (input: { payload?: string; code?: string }) => {
      setBusy(true);
      setSyncNote(null);
      try {
        if (!navigator.onLine) {
          setOnline(false);
          await judgeHere(input);
          return;
        }
        const judged = await postScan(event.id, { ...input, device_id: device });
        setOnline(true);
        setAnswer(judged);
        setCounts(judged.counts);
        if (judged.result === 'admitted' && judged.ticket) {
          setLast({ checkInId: judged.check_in_id, clientId: null, code: judged.ticket.code });
          const row = listRef.current?.tickets.find((entry) => entry[0] === judged.ticket!.code);
          if (row && listRef.current) {
            markIn(row, Date.now());
            await saveList(listRef.current);
          }
        }
      } catch (error) {
        if (!isNetworkError(error)) {
          setSyncNote((error as ApiError).message);
          return;
        }
        setOnline(false);
        await judgeHere(input);
      } finally {
        setBusy(false);
      }
    },
    [device, event.id, judgeHere],
  );

  const undo = useCallback(async () => {
    if (!last) return;
    setBusy(true);
    try {
      if (last.checkInId) {
        const undone = await postUndo(last.checkInId, device);
        setCounts(undone.counts);
      } else {
        const rest = (await loadQueue()).filter((scan) => scan.client_id !== last.clientId);
        await saveQueue(rest);
        setQueued(rest.filter((scan) => scan.event_id === event.id).length);
        setCounts((previous) => ({ ...previous, checked_in: Math.max(0, previous.checked_in - 1) }));
      }
      const row = listRef.current?.tickets.find((entry) => entry[0] === last.code);
      if (row && listRef.current) {
        markOut(row);
        await saveList(listRef.current);
      }
      setLast(null);
      setAnswer(null);
      setSyncNote(`Check-in of ${last.code} undone`);
    } catch (error) {
      setSyncNote(error instanceof ApiError ? error.message : 'No connection: try the undo again when online');
    } finally {
      setBusy(false);
    }
  }, [device, event.id, last]);

  /** The line's new state, shown and kept in the stored list. */
  const showLine = useCallback(async (updated: DoorAddOn) => {
    setAnswer((previous) => (previous ? withLine(previous, updated) : previous));
    if (listRef.current && markHandedOver(listRef.current, updated)) await saveList(listRef.current);
  }, []);

  /** Marks what is left of the line handed over (queued when offline); answers what to tell the door. */
  const handOver = useCallback(
    async (line: DoorAddOn): Promise<string> => {
      const left = leftOf(line);
      if (navigator.onLine)
        try {
          await showLine((await postHandOver(line.id, { quantity: left, device_id: device })).add_on);
          return `Handed over ${left} × ${line.name}`;
        } catch (error) {
          if (!isNetworkError(error)) {
            // Refused (handed over at another door meanwhile, say): show the line as the server now has it.
            await refreshList();
            const fresh = lineInList(listRef.current, line.id);
            if (fresh) setAnswer((previous) => (previous ? withLine(previous, fresh) : previous));
            return (error as ApiError).message;
          }
        }
      setOnline(false);
      const queue = [
        ...(await loadHandOvers()),
        {
          client_id: newClientId('h'),
          event_id: event.id,
          line_id: line.id,
          name: line.name,
          quantity: left,
          handed_at: new Date().toISOString(),
        },
      ];
      await saveHandOvers(queue);
      setQueuedHandOvers(queue.filter((entry) => entry.event_id === event.id).length);
      await showLine({ ...line, handed_over: line.quantity });
      return `Handed over ${left} × ${line.name} on this device (offline): will sync`;
    },
    [device, event.id, refreshList, showLine],
  );

  return {
    list,
    online,
    queued: queued + queuedHandOvers,
    counts,
    setCounts,
    answer,
    syncNote,
    last,
    busy,
    check,
    undo,
    handOver,
    device,
    refreshList,
  };
}
