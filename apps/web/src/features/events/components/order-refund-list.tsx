// An order's refunds made and asked for, in its detail dialog (decision 032): each with its state, and approve
// (after a confirmation saying what it gives back) or decline (with a reason) on a fan's open request.
import { useId, useState } from 'react';
import { AFTER_SALE_MESSAGES, REFUND_REASON_MAX, REFUND_STATUS_LABELS, type OrderDetail } from '@marquee/shared';
import { Button } from '../../../components/ui/button';
import { FieldError, inputClasses } from '../../../components/ui/input';
import { useOrderRefunds } from '../api/orders';
import { formatMoneyMinor } from '../lib/money';
import { headingClasses, labelClasses, messageOf } from './order-refunds';

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
  const [approving, setApproving] = useState(false);
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
  const request = order.refunds.find((refund) => refund.id === requestId);
  if (approving && request) {
    const amount = formatMoneyMinor(request.amount_minor, order.currency);
    return (
      <div className="flex flex-col gap-2" role="group" aria-label="Confirm the refund">
        <p className="text-sm">
          Refund {amount}
          {request.ticket_codes.length ? ` for ${request.ticket_codes.join(', ')}` : ''} to the buyer? The tickets stop
          working at the door at once, the buyer is e-mailed, and this cannot be undone.
        </p>
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" size="xs" variant="secondary" onClick={() => setApproving(false)}>
            Back
          </Button>
          <Button
            type="button"
            size="xs"
            disabled={decide.isPending}
            onClick={() => decide.mutate({ requestId, body: { decision: 'approve' } }, { onError })}
          >
            {decide.isPending ? 'Refunding...' : `Yes, refund ${amount}`}
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
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" size="xs" variant="secondary" onClick={() => setDeclining(true)}>
          Decline
        </Button>
        <Button type="button" size="xs" onClick={() => setApproving(true)}>
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
