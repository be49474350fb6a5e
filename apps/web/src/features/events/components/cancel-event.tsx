// Cancelling a live event (decision 025): a danger button, a dialog that asks for the reason sent to every
// ticket holder and for the event's name typed again, then a progress panel that follows the refunds until
// every order is refunded.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  CANCEL_REASON_MAX,
  CANCELLATION_MESSAGES,
  cancelEventInputSchema,
  confirmsEventName,
  type CancellationProgress,
} from '@marquee/shared';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FieldError, inputClasses, TextField } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api-client';
import { cancellationQuery, useCancelEvent, useRefreshAfterCancellation } from '../api/cancellation';
import { formatMoneyMinor } from '../lib/money';

const dangerOutline =
  'h-9 rounded-md border border-red-600/60 px-4 font-mono text-xs font-semibold tracking-wide text-danger uppercase transition hover:bg-red-500/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600 disabled:opacity-50 dark:border-red-400/60 dark:text-red-300';
const dangerSolid =
  'h-9 rounded-md bg-red-700 px-4 font-mono text-xs font-semibold tracking-wide text-white uppercase transition hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600 disabled:opacity-50';

export function CancelEventButton({ eventId, eventName }: { eventId: string; eventName: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={dangerOutline} onClick={() => setOpen(true)}>
        Cancel event
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} label="Cancel event">
        <CancelEventForm eventId={eventId} eventName={eventName} onClose={() => setOpen(false)} />
      </Dialog>
    </>
  );
}

function CancelEventForm({ eventId, eventName, onClose }: { eventId: string; eventName: string; onClose(): void }) {
  const cancel = useCancelEvent();
  const [reason, setReason] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; confirm?: string; form?: string }>({});
  const reasonId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = cancelEventInputSchema.safeParse({ reason, confirm });
    const next: typeof errors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) next[issue.path[0] as 'reason' | 'confirm'] ??= issue.message;
    }
    if (!next.confirm && !confirmsEventName(confirm, eventName)) next.confirm = CANCELLATION_MESSAGES.confirmMismatch;
    setErrors(next);
    if (Object.keys(next).length > 0 || !parsed.success) return;
    cancel.mutate(
      { id: eventId, body: parsed.data },
      {
        onSuccess: onClose,
        onError: (caught) => {
          if (caught instanceof ApiError && caught.status < 500) {
            const field = caught.fields?.find((entry) => entry.path === 'confirm' || entry.path === 'reason');
            setErrors(field ? { [field.path]: field.message } : { form: caught.message });
          } else setErrors({ form: 'Something went wrong. Nothing was cancelled. Please try again.' });
        },
      },
    );
  };

  return (
    <form className="flex flex-col gap-4 p-6" onSubmit={submit} noValidate>
      <h2 className="text-foreground text-lg font-semibold">Cancel “{eventName}”?</h2>
      <p className="text-muted-foreground text-sm">
        Ticket sales stop at once, tickets that are being bought are released, and every order is refunded in full,
        booking fee included. Each ticket holder gets an e-mail with your reason. This cannot be undone.
      </p>
      <div className="flex flex-col gap-1.5">
        <label
          htmlFor={reasonId}
          className="text-muted-foreground font-mono text-[11px] font-semibold tracking-wider uppercase"
        >
          Reason (sent to ticket holders)
        </label>
        <textarea
          id={reasonId}
          data-autofocus
          rows={4}
          maxLength={CANCEL_REASON_MAX}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={errors.reason ? `${reasonId}-error` : undefined}
          className={`${inputClasses} h-auto py-2`}
        />
        {errors.reason ? <FieldError id={`${reasonId}-error`} message={errors.reason} /> : null}
      </div>
      <TextField
        label="Type the event's name to confirm"
        value={confirm}
        onChange={(event) => setConfirm(event.target.value)}
        error={errors.confirm ?? null}
        autoComplete="off"
        hint={<p className="text-muted-foreground text-xs">{eventName}</p>}
      />
      {errors.form ? (
        <p role="alert" className="text-sm text-danger dark:text-red-300">
          {errors.form}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" size="small" variant="secondary" onClick={onClose}>
          Keep event
        </Button>
        <button type="submit" className={dangerSolid} disabled={cancel.isPending}>
          {cancel.isPending ? 'Cancelling...' : 'Cancel event and refund all'}
        </button>
      </div>
    </form>
  );
}

const STATE_TEXT: Record<CancellationProgress['state'], string> = {
  refunding: 'Refunding orders...',
  retrying: 'Some refunds failed at the payment provider and are being retried automatically.',
  done: 'All orders are refunded and every ticket holder has been e-mailed.',
};

/** The refunds of a cancelled event, polled until every order is refunded. */
export function CancellationPanel({ eventId }: { eventId: string }) {
  const progress = useQuery(cancellationQuery(eventId));
  const refresh = useRefreshAfterCancellation();
  const state = progress.data?.state;
  useEffect(() => {
    // The orders, figures and lists change as refunds land; refresh them once more when all are done.
    if (state === 'done') void refresh(eventId);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state, eventId]);

  if (progress.isError) {
    return (
      <section aria-labelledby="cancellation-heading" className="rounded-2xl border border-red-600/40 p-5">
        <h2 id="cancellation-heading" className="text-foreground text-lg font-semibold">
          Event cancelled
        </h2>
        <p role="alert" className="text-muted-foreground mt-2 text-sm">
          The refund progress could not be loaded. It is retried automatically.
        </p>
      </section>
    );
  }
  const data = progress.data;
  const finished = data ? data.orders_refunded : 0;
  const total = data ? data.orders_total : 0;
  const percent = total === 0 ? 100 : Math.round((finished / total) * 100);
  return (
    <section
      aria-labelledby="cancellation-heading"
      className="bg-card flex flex-col gap-3 rounded-2xl border border-red-600/40 p-5 sm:p-6"
    >
      <h2 id="cancellation-heading" className="text-foreground text-lg font-semibold">
        Event cancelled
      </h2>
      {data ? (
        <>
          <p className="text-muted-foreground text-sm">
            Reason: <span className="text-foreground whitespace-pre-wrap">{data.reason}</span>
          </p>
          <div
            role="progressbar"
            aria-label="Orders refunded"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={`${finished} of ${total} orders refunded`}
            className="bg-muted h-2 overflow-hidden rounded-full"
          >
            <div className="bg-primary h-full rounded-full transition-all" style={{ width: `${percent}%` }} />
          </div>
          <p
            role="status"
            aria-live="polite"
            className="text-foreground text-sm font-medium"
            data-testid="refund-state"
          >
            {data.state === 'done' && total === 0 ? 'There were no paid orders to refund.' : STATE_TEXT[data.state]}
          </p>
          <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
            <Figure label="Orders" value={total} />
            <Figure label="Refunded" value={data.orders_refunded} />
            <Figure label="Waiting" value={data.orders_pending} />
            <Figure label="Failed, retrying" value={data.orders_failed} />
          </dl>
          <p className="text-muted-foreground text-sm">
            {data.state === 'done' ? 'Refunded:' : 'Refunded so far:'}{' '}
            <span className="text-foreground font-semibold tabular-nums">
              {data.refunded.length === 0
                ? 'nothing'
                : data.refunded.map((entry) => formatMoneyMinor(entry.amount_minor, entry.currency)).join(' + ')}
            </span>
          </p>
        </>
      ) : (
        <p role="status" className="text-muted-foreground text-sm">
          Loading refund progress...
        </p>
      )}
    </section>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <dt className="text-muted-foreground font-mono text-[11px] font-semibold tracking-wider uppercase">{label}</dt>
      <dd className="text-foreground mt-1 text-lg font-semibold tabular-nums">{value.toLocaleString('en-GB')}</dd>
    </div>
  );
}
