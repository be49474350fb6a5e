// The event view's 'Waiting room' (decision 034): the 'Queue fans at on-sale' setting (automatic by capacity, on
// or off) with the admission rate's ceiling, and the queue live during a drop: in the lobby, waiting, admitted,
// tickets in checkouts, sold, and the rate admitted now under the ceiling with why (decision 148).
import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  QUEUE_DEFAULT_RATE_PER_MINUTE,
  QUEUE_RATE_LIMITS,
  type EventDto,
  type QueueMode,
  type QueueStatus,
} from '@marquee/shared';
import { Button } from '../../../components/ui/button';
import { inputClasses } from '../../../components/ui/input';
import { controlProps, Field } from '../../../components/ui/field';
import { LoadingText, QueryState } from '../../../components/ui/query-state';
import { ApiError } from '../../../lib/api-client';
import { queueStatusQuery, useSaveQueueSettings } from '../api/queue';
import { admissionAnnouncement, admissionText } from '../lib/queue-admission';

const card = 'bg-card border-border rounded-2xl border p-5 sm:p-6';

const STATE_TEXT: Record<QueueStatus['state'], string> = {
  off: 'Off: fans go straight to the tickets.',
  not_started: 'On: the queue opens with the first fan.',
  lobby: 'Lobby open: fans get random places at on-sale.',
  open: 'Admitting fans.',
  paused: 'Paused: every ticket left is in a checkout.',
  sold_out: 'Sold out: the queue has stopped and waiting fans were told.',
};

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="border-border rounded-xl border p-3">
      <dt className="text-muted-foreground text-xs">{label}</dt>
      <dd className="text-foreground mt-1 text-xl font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

function QueueForm({ event, status, editable }: { event: EventDto; status: QueueStatus; editable: boolean }) {
  const id = useId();
  const save = useSaveQueueSettings(event.id);
  const [mode, setMode] = useState<QueueMode>(status.mode);
  const [rate, setRate] = useState(String(status.rate_per_minute));
  const [error, setError] = useState<string | undefined>();
  const [message, setMessage] = useState<string | null>(null);

  const onSubmit = (submitted: FormEvent) => {
    submitted.preventDefault();
    setError(undefined);
    setMessage(null);
    save.mutate(
      { mode, rate_per_minute: Number(rate) },
      {
        onSuccess: () => setMessage('Saved.'),
        onError: (caught) => {
          if (caught instanceof ApiError && caught.fields?.length) setError(caught.fields[0]!.message);
          else setMessage(caught instanceof ApiError ? caught.message : 'Something went wrong. Please try again.');
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field id={`${id}-mode`} label="Queue fans at on-sale">
          <select
            id={`${id}-mode`}
            className={inputClasses}
            disabled={!editable}
            value={mode}
            onChange={(changed) => setMode(changed.target.value as QueueMode)}
          >
            <option value="auto">Automatic (on above {status.auto_capacity.toLocaleString('en-GB')} tickets)</option>
            <option value="on">On</option>
            <option value="off">Off</option>
          </select>
        </Field>
        <Field
          id={`${id}-rate`}
          label="Most fans let through per minute"
          error={error}
          hint={`${QUEUE_RATE_LIMITS.min}-${QUEUE_RATE_LIMITS.max.toLocaleString('en-GB')} (default ${QUEUE_DEFAULT_RATE_PER_MINUTE.toLocaleString('en-GB')}). A ceiling: the room lets fewer through while checkouts are slow and climbs back up to it.`}
        >
          <input
            {...controlProps(`${id}-rate`, error, true)}
            type="number"
            min={QUEUE_RATE_LIMITS.min}
            max={QUEUE_RATE_LIMITS.max}
            className={inputClasses}
            disabled={!editable}
            value={rate}
            onChange={(changed) => setRate(changed.target.value)}
          />
        </Field>
      </div>
      {editable ? (
        <div className="flex items-center justify-end gap-3">
          <p role="status" className="text-muted-foreground text-sm">
            {message}
          </p>
          <Button size="small" type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save waiting room'}
          </Button>
        </div>
      ) : null}
    </form>
  );
}

/** The live part: the state, the figures, and the rate admitted now with why. */
export function QueueLive({ status }: { status: QueueStatus }) {
  const admission = admissionText(status);
  return (
    <div>
      <p className="text-foreground mb-2 text-sm font-semibold">
        Live: <span className="font-normal">{STATE_TEXT[status.state]}</span>
      </p>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Waiting room figures">
        <Figure label="In the lobby" value={status.in_lobby} />
        <Figure label="Waiting" value={status.waiting} />
        <Figure label="Let through" value={status.admitted} />
        <Figure label="Tickets in checkouts" value={status.in_checkout} />
        <Figure label="Sold" value={status.capacity === null ? status.sold : `${status.sold} / ${status.capacity}`} />
        <Figure label="Admitting now" value={`${status.admitting_per_minute.toLocaleString('en-GB')}/min`} />
        <Figure label="Your ceiling" value={`${status.rate_per_minute.toLocaleString('en-GB')}/min`} />
      </dl>
      {admission ? <p className="text-muted-foreground mt-3 text-sm">{admission}</p> : null}
      {/* Announced when the reason changes only; the figures above move every poll and are read on demand. */}
      <p className="sr-only" role="status" aria-live="polite">
        {admissionAnnouncement(status)}
      </p>
    </div>
  );
}

export function QueueSection({ event }: { event: EventDto }) {
  const editable = event.status === 'draft' || event.status === 'live';
  // Live figures move only while the event is on sale; a draft's setting is read once (and a deleted draft is
  // never asked for again).
  const status = useQuery({ ...queueStatusQuery(event.id), refetchInterval: event.status === 'live' ? 2000 : false });
  return (
    <section aria-labelledby="queue-heading" className={card}>
      <h2 id="queue-heading" className="text-foreground mb-1 text-lg font-semibold">
        Waiting room
      </h2>
      <p className="text-muted-foreground mb-4 text-sm">
        Fans who arrive before on-sale wait in a lobby and get random places when it opens; later fans queue in order.
        Each is let through to buy at up to the rate below, fewer while checkouts are slow, and the queue stops when
        tickets sell out.
      </p>
      <QueryState
        query={status}
        error="The waiting room could not be loaded. Please reload the page."
        loading={<LoadingText announce={false}>Loading the waiting room...</LoadingText>}
      >
        {(data) => (
          <div className="flex flex-col gap-5">
            <QueueForm key={event.id} event={event} status={data} editable={editable} />
            <QueueLive status={data} />
          </div>
        )}
      </QueryState>
    </section>
  );
}
