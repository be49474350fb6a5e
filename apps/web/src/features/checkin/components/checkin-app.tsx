// The check-in app at /checkin: its own light, phone-first layout (no dashboard chrome), installable (a web
// manifest and a service worker scoped to /checkin that keeps the app's files for offline use). /checkin picks
// the event; /checkin/:eventId is the door: scan (camera or a handheld scanner), type or search, the answer (seen,
// heard and felt), the add-ons to hand over, the counts, undo, door sales.
import { useCallback, useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { TICKET_CODE_PATTERN, type CheckinEvent } from '@marquee/shared';
import { Button } from '../../../components/ui/button';
import { checkinEventQuery, checkinEventsQuery } from '../api/checkin';
import { createReadGate } from '../lib/read-gate';
import { useDoor } from '../lib/use-door';
import { useFeedback } from '../lib/use-feedback';
import { useWedge } from '../lib/use-wedge';
import { isPayload } from '../lib/wedge';
import { addOnsToHandOver } from '../lib/hand-over';
import { DoorSalePanel } from './door-sale-panel';
import { HandOverPanel } from './hand-over-panel';
import { ResultCard } from './result-card';
import { Scanner } from './scanner';
import { SearchPanel } from './search-panel';

function useInstallable() {
  useEffect(() => {
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = '/checkin.webmanifest';
    document.head.appendChild(link);
    if ('serviceWorker' in navigator)
      navigator.serviceWorker
        .register('/checkin-sw.js', { scope: '/checkin' })
        .then(() => navigator.serviceWorker.ready)
        .then((registration) => {
          // The app's own files, loaded before the worker was in control, are kept too, so it opens offline.
          const files = performance
            .getEntriesByType('resource')
            .map((entry) => new URL(entry.name))
            .filter((url) => url.origin === location.origin && url.pathname.startsWith('/assets/'))
            .map((url) => url.pathname);
          registration.active?.postMessage({ type: 'keep', files });
        })
        .catch(() => undefined);
    return () => link.remove();
  }, []);
}

function Shell({ title, children, back }: { title: string; children: React.ReactNode; back?: boolean }) {
  return (
    <div className="bg-background text-foreground min-h-screen">
      <header className="border-border bg-background/95 sticky top-0 z-10 flex items-center gap-3 border-b px-4 py-3">
        {back && (
          <Link
            to="/checkin"
            className="font-mono text-xs font-semibold uppercase tracking-wide underline"
            aria-label="All events"
          >
            Events
          </Link>
        )}
        <h1 className="font-display min-w-0 flex-1 truncate text-2xl tracking-wide uppercase">{title}</h1>
        <Link to="/dashboard" className="text-muted-foreground font-mono text-[11px] uppercase underline">
          Dashboard
        </Link>
      </header>
      <main className="mx-auto flex max-w-md flex-col gap-5 px-4 py-5">{children}</main>
    </div>
  );
}

export function CheckinApp() {
  useInstallable();
  const { eventId } = useParams();
  return eventId ? <DoorLoader eventId={eventId} /> : <EventPicker />;
}

function EventPicker() {
  const events = useQuery(checkinEventsQuery);
  return (
    <Shell title="Check-in">
      <p className="text-muted-foreground text-sm">Pick the event you are checking in.</p>
      {events.isPending && <p role="status">Loading events…</p>}
      {events.isError && <p role="alert">{events.error.message}</p>}
      {events.data?.events.length === 0 && <p>No live events yet.</p>}
      <ul className="flex flex-col gap-3">
        {events.data?.events.map((event) => (
          <li key={event.id}>
            <Link
              to={`/checkin/${event.id}`}
              className="border-border hover:border-primary block rounded-xl border p-4 focus-visible:outline-2"
            >
              <span className="block text-lg font-semibold">{event.name}</span>
              <span className="text-muted-foreground block text-sm">
                {event.starts_at
                  ? new Date(event.starts_at).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' })
                  : ''}
                {event.location ? ` · ${event.location}` : ''}
              </span>
              <span className="mt-1 block font-mono text-xs">
                {event.checked_in} / {event.sold} checked in{event.status === 'cancelled' ? ' · cancelled' : ''}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </Shell>
  );
}

function DoorLoader({ eventId }: { eventId: string }) {
  const event = useQuery(checkinEventQuery(eventId));
  if (event.isPending)
    return (
      <Shell title="Check-in" back>
        <p role="status">Loading…</p>
      </Shell>
    );
  if (event.isError)
    return (
      <Shell title="Check-in" back>
        <p role="alert">{event.error.message}</p>
      </Shell>
    );
  return <Door event={event.data} />;
}

function Door({ event }: { event: CheckinEvent }) {
  const door = useDoor(event);
  const queryClient = useQueryClient();
  const [camera, setCamera] = useState(false);
  const [tab, setTab] = useState<'check' | 'sell'>('check');
  const left = Math.max(0, door.counts.sold - door.counts.checked_in);
  const { muted, setMuted } = useFeedback(door.answer);
  const toHandOver = addOnsToHandOver(door.answer);
  const { check } = door;
  // Kept across camera restarts, so stopping and starting the camera does not judge the ticket in view again.
  const [gate] = useState(createReadGate);
  const onCameraRead = useCallback(
    (value: string) => {
      if (gate.accept(value, performance.now())) void check({ payload: value });
    },
    [gate, check],
  );
  // A handheld scanner reads tickets on either tab: the answer is shown on the check-in one.
  useWedge(
    useCallback(
      (text: string) => {
        setTab('check');
        const code = text.trim().toUpperCase();
        void check(!isPayload(text) && TICKET_CODE_PATTERN.test(code) ? { code } : { payload: text });
      },
      [check],
    ),
  );

  return (
    <Shell title={event.name} back>
      <section aria-label="Counts" className="grid grid-cols-[1fr_auto] items-end gap-2">
        <p className="font-display text-5xl leading-none" data-testid="checkin-count">
          {door.counts.checked_in} <span className="text-muted-foreground text-3xl">/ {door.counts.sold}</span>
        </p>
        <p
          className={`rounded-full px-3 py-1 font-mono text-[11px] font-semibold uppercase ${
            door.online ? 'bg-green-700 text-white' : 'bg-amber-400 text-black'
          }`}
          data-testid="connection"
        >
          {door.online ? 'Online' : 'Offline'}
          {door.queued > 0 ? ` · ${door.queued} to sync` : ''}
        </p>
        <p className="text-muted-foreground text-sm">
          checked in / sold · {left} still to arrive
          {door.list
            ? ` · ${door.list.tickets.length} ${door.list.tickets.length === 1 ? 'ticket' : 'tickets'} on this device`
            : ''}
        </p>
        <label className="flex min-h-10 cursor-pointer items-center gap-2 self-start text-sm font-semibold">
          <input
            type="checkbox"
            checked={!muted}
            onChange={(event) => setMuted(!event.target.checked)}
            className="size-5 accent-emerald-700 dark:accent-primary"
          />
          Sound
        </label>
      </section>

      {event.sold_on_entry && (
        <div role="tablist" aria-label="Mode" className="border-border grid grid-cols-2 rounded-lg border p-1">
          {(['check', 'sell'] as const).map((name) => (
            <button
              key={name}
              role="tab"
              type="button"
              aria-selected={tab === name}
              onClick={() => setTab(name)}
              className={`h-10 rounded-md font-mono text-xs font-semibold uppercase tracking-wide ${
                tab === name ? 'bg-primary text-primary-foreground' : ''
              }`}
            >
              {name === 'check' ? 'Check in' : 'Sell at door'}
            </button>
          ))}
        </div>
      )}

      {tab === 'sell' && event.sold_on_entry ? (
        <DoorSalePanel
          event={event}
          online={door.online}
          deviceId={door.device}
          onSold={(sale) => {
            door.setCounts(sale.counts);
            // What is left of each type, and the new tickets on this device.
            void queryClient.invalidateQueries({ queryKey: checkinEventQuery(event.id).queryKey });
            void door.refreshList();
          }}
        />
      ) : (
        <>
          {door.answer && <ResultCard answer={door.answer} />}
          {door.answer?.ticket && toHandOver.length > 0 && (
            <HandOverPanel
              key={`${door.answer.result}-${door.answer.ticket.code}`}
              lines={toHandOver}
              onHandOver={door.handOver}
            />
          )}
          {door.syncNote && (
            <p role="status" className="bg-muted rounded-md p-3 text-sm">
              {door.syncNote}
            </p>
          )}
          {camera ? (
            <Scanner onRead={onCameraRead} onClose={() => setCamera(false)} />
          ) : (
            <Button onClick={() => setCamera(true)}>Scan with camera</Button>
          )}
          <SearchPanel
            eventId={event.id}
            list={door.list}
            online={door.online}
            busy={door.busy}
            onCheck={(code) => void door.check({ code })}
            onScan={(payload) => void door.check({ payload })}
          />
          {door.last && (
            <Button variant="secondary" disabled={door.busy} onClick={() => void door.undo()}>
              {`Undo check-in of ${door.last.code}`}
            </Button>
          )}
        </>
      )}
    </Shell>
  );
}
