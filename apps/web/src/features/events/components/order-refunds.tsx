// An order's refunds in its detail dialog (decision 032): the refund form (tickets to refund, the amount, which
// defaults to their prices and can be lowered or given without tickets, and the reason sent to the buyer), the
// fan's refund requests with approve and decline, and the refunds made so far with their state.
import { useId, useState, type FormEvent } from 'react';
import {
  AFTER_SALE_MESSAGES,
  fromMinorUnits,
  REFUND_REASON_MAX,
  REFUND_STATUS_LABELS,
  refundInputSchema,
  toMinorUnits,
  type OrderDetail,
} from '@marquee/shared';
import { Button } from '../../../components/ui/button';
import { FieldError, inputClasses, TextField } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api-client';
import { useOrderRefunds } from '../api/orders';
import { formatMoneyMinor } from '../lib/money';

const headingClasses = 'text-muted-foreground mb-2 font-mono text-[11px] font-semibold tracking-wider uppercase';
const labelClasses = 'text-muted-foreground font-mono text-[11px] font-semibold tracking-wider uppercase';

const messageOf = (caught: unknown, fallback: string) =>
  caught instanceof ApiError && caught.status < 500 ? caught.message : fallback;

/** The refund form, opened from the order's Refund button. */
export function RefundForm({ order, onDone }: { order: OrderDetail; onDone(message: string): void }) {
  const { refund } = useOrderRefunds(order.id);
  const refundable = order.tickets.filter((item) => item.status === 'valid');
  const [chosen, setChosen] = useState<string[]>([]);
  const [amount, setAmount] = useState('');
  const [amountEdited, setAmountEdited] = useState(false);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string; form?: string }>({});
  const reasonId = useId();

  const priceOf = (ids: string[]) =>
    Math.min(
      refundable.filter((item) => ids.includes(item.id)).reduce((sum, item) => sum + item.unit_price_minor, 0),
      order.refundable_minor,
    );
  const shownAmount = amountEdited ? amount : fromMinorUnits(priceOf(chosen), order.currency);
  const toggle = (id: string) =>
    setChosen((current) => (current.includes(id) ? current.filter((x) => x !== id) : [...current, id]));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    let amountMinor: number | undefined;
    try {
      amountMinor = toMinorUnits(shownAmount.trim() || '0', order.currency);
      if (amountMinor < 0) next.amount = AFTER_SALE_MESSAGES.amountInvalid;
    } catch {
      next.amount = AFTER_SALE_MESSAGES.amountInvalid;
    }
    if (amountMinor !== undefined && amountMinor > order.refundable_minor)
      next.amount = AFTER_SALE_MESSAGES.amountTooHigh(formatMoneyMinor(order.refundable_minor, order.currency));
    const parsed = refundInputSchema.safeParse({ ticket_ids: chosen, amount_minor: amountMinor, reason });
    if (!parsed.success)
      for (const issue of parsed.error.issues) if (issue.path[0] === 'reason') next.reason ??= issue.message;
    if (!next.amount && chosen.length === 0 && amountMinor === 0) next.form = AFTER_SALE_MESSAGES.nothingToRefund;
    setErrors(next);
    if (Object.keys(next).length > 0 || !parsed.success) return;
    refund.mutate(parsed.data, {
      onSuccess: () =>
        onDone(
          `Refunded ${formatMoneyMinor(amountMinor ?? 0, order.currency)}${chosen.length ? ` and ${chosen.length} ticket${chosen.length === 1 ? '' : 's'}` : ''}. The buyer has been e-mailed.`,
        ),
      onError: (caught) =>
        setErrors({ form: messageOf(caught, 'Something went wrong. Nothing was refunded. Please try again.') }),
    });
  };

  return (
    <form
      className="border-border flex flex-col gap-4 rounded-lg border p-4"
      onSubmit={submit}
      noValidate
      aria-labelledby={`${reasonId}-title`}
    >
      <h3 id={`${reasonId}-title`} className="text-foreground text-base font-semibold">
        Refund order {order.code}
      </h3>
      <p className="text-muted-foreground text-sm">
        Refunded tickets stop working at the door at once and go back on sale. The buyer gets the amount back on the
        card they paid with, and an e-mail with your reason. The booking fee is not refunded. Up to{' '}
        {formatMoneyMinor(order.refundable_minor, order.currency)} can still be refunded.
      </p>
      {refundable.length ? (
        <fieldset className="flex flex-col gap-2">
          <legend className={`${labelClasses} mb-1`}>Tickets to refund</legend>
          {refundable.map((item) => (
            <label key={item.id} className="flex min-h-11 cursor-pointer items-center gap-3 text-sm">
              <input
                type="checkbox"
                className="accent-primary size-4"
                checked={chosen.includes(item.id)}
                onChange={() => toggle(item.id)}
              />
              <span className="font-mono text-xs">{item.code}</span>
              <span>{item.type_name}</span>
              <span className="text-muted-foreground ml-auto tabular-nums">
                {formatMoneyMinor(item.unit_price_minor, order.currency)}
              </span>
            </label>
          ))}
        </fieldset>
      ) : null}
      <TextField
        label={`Amount to refund (${order.currency})`}
        inputMode="decimal"
        value={shownAmount}
        onChange={(event) => {
          setAmountEdited(true);
          setAmount(event.target.value);
        }}
        error={errors.amount ?? null}
        autoComplete="off"
        hint={
          <p className="text-muted-foreground text-xs">The chosen tickets' prices; lower it for a partial refund.</p>
        }
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={reasonId} className={labelClasses}>
          Reason (sent to the buyer)
        </label>
        <textarea
          id={reasonId}
          rows={3}
          maxLength={REFUND_REASON_MAX}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            setErrors((current) => ({ ...current, reason: undefined }));
          }}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={errors.reason ? `${reasonId}-error` : undefined}
          className={`${inputClasses} h-auto py-2`}
        />
        {errors.reason ? <FieldError id={`${reasonId}-error`} message={errors.reason} /> : null}
      </div>
      {errors.form ? (
        <p role="alert" className="text-sm text-danger dark:text-red-300">
          {errors.form}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" size="small" variant="secondary" onClick={() => onDone('')}>
          Cancel
        </Button>
        <Button type="submit" size="small" disabled={refund.isPending}>
          {refund.isPending
            ? 'Refunding...'
            : `Refund ${formatMoneyMinor(toMinorSafe(shownAmount, order), order.currency)}`}
        </Button>
      </div>
    </form>
  );
}

function toMinorSafe(text: string, order: OrderDetail): number {
  try {
    return Math.max(toMinorUnits(text.trim() || '0', order.currency), 0);
  } catch {
    return 0;
  }
}

/** The refunds made and asked for, with approve and decline on an open request. */
export function RefundList({ order }: { order: OrderDetail }) {
  if (order.refunds.length === 0) return null;
  return (
    <section aria-labelledby={`${order.id}-refunds`}>
      <h3 id={`${order.id}-refunds`} className={headingClasses}>
        Refunds
      </h3>
      <ul className="border-border divide-border divide-y rounded-lg border text-sm">
        {order.refunds.map((refund) => (
          <li key={refund.id} className="flex flex-col gap-2 px-3 py-2">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-semibold">
                {refund.requested_by === 'fan' ? 'Asked by the buyer' : 'Refund'} ·{' '}
                {formatMoneyMinor(refund.amount_minor, order.currency)}
                {refund.ticket_codes.length ? ` · ${refund.ticket_codes.join(', ')}` : ''}
              </span>
              <span
                className={`font-mono text-[10px] font-bold uppercase ${refund.status === 'failed' || refund.status === 'declined' ? 'text-danger' : 'text-primary'}`}
              >
                {REFUND_STATUS_LABELS[refund.status]}
              </span>
            </div>
            <p className="text-muted-foreground">“{refund.reason}”</p>
            {refund.decline_reason ? <p className="text-muted-foreground">Declined: {refund.decline_reason}</p> : null}
            {refund.status === 'requested' ? <RequestDecision order={order} requestId={refund.id} /> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function RequestDecision({ order, requestId }: { order: OrderDetail; requestId: string }) {
  const { decide } = useOrderRefunds(order.id);
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reasonId = useId();
  const onError = (caught: unknown) => setError(messageOf(caught, 'Something went wrong. Please try again.'));
  if (declining) {
    return (
      <form
        className="flex flex-col gap-2"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!reason.trim()) return setError(AFTER_SALE_MESSAGES.reasonRequired);
          decide.mutate({ requestId, body: { decision: 'decline', reason } }, { onError });
        }}
      >
        <label htmlFor={reasonId} className={labelClasses}>
          Why are you declining? (sent to the buyer)
        </label>
        <textarea
          id={reasonId}
          rows={2}
          maxLength={REFUND_REASON_MAX}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          className={`${inputClasses} h-auto py-2`}
        />
        {error ? <FieldError message={error} /> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" size="xs" variant="secondary" onClick={() => setDeclining(false)}>
            Back
          </Button>
          <Button type="submit" size="xs" disabled={decide.isPending}>
            Decline request
          </Button>
        </div>
      </form>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" size="xs" variant="secondary" onClick={() => setDeclining(true)}>
          Decline
        </Button>
        <Button
          type="button"
          size="xs"
          disabled={decide.isPending}
          onClick={() => decide.mutate({ requestId, body: { decision: 'approve' } }, { onError })}
        >
          Approve refund
        </Button>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-danger dark:text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}
