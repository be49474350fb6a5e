// The refund form in an order's detail dialog (decision 032): the tickets to refund (each with its state), the
// amount, which defaults to their prices and can be lowered or given without tickets, and the reason sent to the
// buyer; then a confirmation that says what the refund does. A checked-in ticket can be refunded its money only,
// after a second, explicit warning: its entry is not undone and its place is not put back on sale (decision 046).
import { useId, useState, type FormEvent } from 'react';
import {
  AFTER_SALE_MESSAGES,
  fromMinorUnits,
  REFUND_REASON_MAX,
  refundInputSchema,
  TICKET_STATE_LABELS,
  toMinorUnits,
  type OrderDetail,
  type RefundInput,
} from '@marquee/shared';
import { Button } from '../../../components/ui/button';
import { FieldError, inputClasses, TextField } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api-client';
import { useOrderRefunds } from '../api/orders';
import { formatMoneyMinor } from '../lib/money';
import { formatOrderTime } from './order-status';

export const headingClasses = 'text-muted-foreground mb-2 font-mono text-[11px] font-semibold tracking-wider uppercase';
export const labelClasses = 'text-muted-foreground font-mono text-[11px] font-semibold tracking-wider uppercase';

export const messageOf = (caught: unknown, fallback: string) =>
  caught instanceof ApiError && caught.status < 500 ? caught.message : fallback;

type OrderTicket = OrderDetail['tickets'][number];
const leftOf = (item: OrderTicket) => Math.max(item.unit_price_minor - item.refunded_minor, 0);
/** Tickets the organiser can still refund: not yet used, or checked in with money left to give back. */
const canRefund = (item: OrderTicket) =>
  item.status === 'valid' || item.status === 'listed' || (item.status === 'checked_in' && leftOf(item) > 0);

/** The refund form, opened from the order's Refund button. */
export function RefundForm({ order, onDone }: { order: OrderDetail; onDone(message: string): void }) {
  const { refund } = useOrderRefunds(order.id);
  const refundable = order.tickets.filter(canRefund);
  const [chosen, setChosen] = useState<string[]>([]);
  const [amount, setAmount] = useState('');
  const [amountEdited, setAmountEdited] = useState(false);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string; form?: string }>({});
  const [review, setReview] = useState<RefundInput | null>(null);
  const [understood, setUnderstood] = useState(false);
  const reasonId = useId();
  // A free order has no money to give back: its 'refund' cancels the chosen tickets (decision 125).
  const free = order.amount_minor + order.fee_minor === 0;
  const count = (n: number) => `${n} ticket${n === 1 ? '' : 's'}`;

  const priceOf = (ids: string[]) =>
    Math.min(
      refundable.filter((item) => ids.includes(item.id)).reduce((sum, item) => sum + leftOf(item), 0),
      order.refundable_minor,
    );
  const shownAmount = amountEdited ? amount : fromMinorUnits(priceOf(chosen), order.currency);
  const toggle = (id: string) =>
    setChosen((current) => (current.includes(id) ? current.filter((x) => x !== id) : [...current, id]));
  const inside = refundable.filter((item) => chosen.includes(item.id) && item.status === 'checked_in');

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
    if (amountMinor !== undefined && chosen.length > 0 && amountMinor > priceOf(chosen))
      next.amount = AFTER_SALE_MESSAGES.ticketAmountTooHigh(formatMoneyMinor(priceOf(chosen), order.currency));
    else if (amountMinor !== undefined && amountMinor > order.refundable_minor)
      next.amount = AFTER_SALE_MESSAGES.amountTooHigh(formatMoneyMinor(order.refundable_minor, order.currency));
    const parsed = refundInputSchema.safeParse({ ticket_ids: chosen, amount_minor: amountMinor, reason });
    if (!parsed.success)
      for (const issue of parsed.error.issues) if (issue.path[0] === 'reason') next.reason ??= issue.message;
    if (!next.amount && chosen.length === 0 && amountMinor === 0) next.form = AFTER_SALE_MESSAGES.nothingToRefund;
    setErrors(next);
    if (Object.keys(next).length > 0 || !parsed.success) return;
    setUnderstood(false);
    setReview(parsed.data);
  };

  const confirm = () => {
    if (!review) return;
    refund.mutate(
      { ...review, confirm_checked_in: inside.length > 0 && understood },
      {
        onSuccess: () =>
          onDone(
            free
              ? `Cancelled ${count(chosen.length)}. The buyer has been e-mailed.`
              : `Refunded ${formatMoneyMinor(review.amount_minor ?? 0, order.currency)}${chosen.length ? ` and ${count(chosen.length)}` : ''}. The buyer has been e-mailed.`,
          ),
        onError: (caught) =>
          setErrors({ form: messageOf(caught, 'Something went wrong. Nothing was refunded. Please try again.') }),
      },
    );
  };

  if (review) {
    const total = formatMoneyMinor(review.amount_minor ?? 0, order.currency);
    const gone = chosen.length - inside.length;
    return (
      <div
        className="border-border flex flex-col gap-4 rounded-lg border p-4"
        role="group"
        aria-labelledby={`${reasonId}-confirm`}
      >
        <h3 id={`${reasonId}-confirm`} className="text-foreground text-base font-semibold">
          {free ? `Cancel ${count(chosen.length)} of ` : `Refund ${total} to `}
          {`${order.first_name} ${order.last_name}`.trim() || order.email}?
        </h3>
        <ul className="text-muted-foreground list-disc pl-5 text-sm">
          {gone > 0 ? (
            <li>
              {gone} ticket{gone === 1 ? '' : 's'} stop{gone === 1 ? 's' : ''} working at the door at once and go
              {gone === 1 ? 'es' : ''} back on sale.
            </li>
          ) : null}
          {free ? (
            <li>Nothing was paid, so nothing is refunded; the buyer gets an e-mail with your reason.</li>
          ) : (
            <li>The buyer gets {total} back on the card they paid with, and an e-mail with your reason.</li>
          )}
          <li>This cannot be undone.</li>
        </ul>
        {inside.length > 0 ? (
          <div className="rounded-lg border border-amber-500 p-3 text-sm" role="alert">
            <p className="font-semibold">
              {inside.map((item) => item.code).join(', ')} {inside.length === 1 ? 'has' : 'have'} been checked in.
            </p>
            <p className="mt-1">
              The refund gives the money back but does not undo the entry, and the{' '}
              {inside.length === 1 ? 'place is' : 'places are'} not put back on sale.
            </p>
            <label className="mt-2 flex min-h-11 cursor-pointer items-center gap-3">
              <input
                type="checkbox"
                className="accent-primary size-4"
                checked={understood}
                onChange={(event) => setUnderstood(event.target.checked)}
              />
              <span>I understand: refund the checked-in {inside.length === 1 ? 'ticket' : 'tickets'} anyway</span>
            </label>
          </div>
        ) : null}
        {errors.form ? (
          <p role="alert" className="text-sm text-danger dark:text-red-300">
            {errors.form}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" size="small" variant="secondary" onClick={() => setReview(null)}>
            Back
          </Button>
          <Button
            type="button"
            size="small"
            disabled={refund.isPending || (inside.length > 0 && !understood)}
            onClick={confirm}
          >
            {refund.isPending
              ? free
                ? 'Cancelling...'
                : 'Refunding...'
              : free
                ? 'Yes, cancel'
                : `Yes, refund ${total}`}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form
      className="border-border flex flex-col gap-4 rounded-lg border p-4"
      onSubmit={submit}
      noValidate
      aria-labelledby={`${reasonId}-title`}
    >
      <h3 id={`${reasonId}-title`} className="text-foreground text-base font-semibold">
        {free ? `Cancel free tickets of order ${order.code}` : `Refund order ${order.code}`}
      </h3>
      {free ? (
        <p className="text-muted-foreground text-sm">
          These tickets were free. Cancelled tickets stop working at the door at once and go back on sale; the buyer
          gets an e-mail with your reason.
        </p>
      ) : (
        <p className="text-muted-foreground text-sm">
          Refunded tickets stop working at the door at once and go back on sale. The buyer gets the amount back on the
          card they paid with, and an e-mail with your reason. The booking fee is not refunded. Up to{' '}
          {formatMoneyMinor(order.refundable_minor, order.currency)} can still be refunded.
        </p>
      )}
      {refundable.length ? (
        <fieldset className="flex flex-col gap-2">
          <legend className={`${labelClasses} mb-1`}>{free ? 'Tickets to cancel' : 'Tickets to refund'}</legend>
          {refundable.map((item) => (
            <label key={item.id} className="flex min-h-11 cursor-pointer flex-wrap items-center gap-x-3 text-sm">
              <input
                type="checkbox"
                className="accent-primary size-4"
                checked={chosen.includes(item.id)}
                onChange={() => toggle(item.id)}
              />
              <span className="font-mono text-xs">{item.code}</span>
              <span>{item.type_name}</span>
              {item.status === 'valid' ? null : (
                <span className="font-mono text-[10px] font-bold text-amber-700 uppercase dark:text-amber-300">
                  {item.status === 'checked_in' && item.checked_in_at
                    ? `Checked in ${formatOrderTime(item.checked_in_at)}`
                    : TICKET_STATE_LABELS[item.status]}
                </span>
              )}
              <span className="text-muted-foreground ml-auto tabular-nums">
                {free ? 'Free' : formatMoneyMinor(leftOf(item), order.currency)}
              </span>
            </label>
          ))}
        </fieldset>
      ) : null}
      {inside.length > 0 ? (
        <p className="text-sm text-amber-700 dark:text-amber-300">
          Checked-in tickets keep their entry and their place: only their money can be refunded.
        </p>
      ) : null}
      {free ? null : (
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
      )}
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
        <Button type="submit" size="small">
          {free
            ? 'Review cancellation'
            : `Review refund of ${formatMoneyMinor(toMinorSafe(shownAmount, order), order.currency)}`}
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
