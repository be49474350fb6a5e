// One order in a dialog: the buyer, what they bought (unit price and booking fee per line; the add-ons with what the
// door handed over), their tickets, its refunds (the Refund form and the fan's requests, decision 032) and every
// change to the order with who made it, when and from which device.
import { useState, type ReactNode } from 'react';
import { FREE_LABEL, TICKET_STATE_LABELS } from '@marquee/shared';
import { useQuery } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { DetailDialog } from '../../../components/ui/detail-dialog';
import { orderQuery } from '../api/orders';
import { formatMoneyMinor } from '../lib/money';
import { RefundForm } from './order-refunds';
import { RefundList } from './order-refund-list';
import { OrderAddOns } from './order-add-ons';
import { OrderDocuments } from './order-documents';
import { CompBadge, formatOrderTime, OrderStatusBadge } from './order-status';

const headingClasses = 'text-muted-foreground mb-2 font-mono text-[11px] font-semibold tracking-wider uppercase';
const humanise = (action: string) => action.replace(/_/g, ' ').replace(/^./, (first) => first.toUpperCase());

/** Checkout answers (decision 130) as "Dietary: Vegetarian" lines. */
function AnswerList({
  answers,
}: {
  answers: Array<{ question_id: string; label: string; value: string }> | undefined;
}) {
  if (!answers?.length) return null;
  return (
    <dl className="grid w-full grid-cols-[max-content_1fr] gap-x-3 gap-y-0.5 text-xs">
      {answers.map((answer) => (
        <div key={answer.question_id} className="contents">
          <dt className="text-muted-foreground">{answer.label}:</dt>
          <dd className="break-words whitespace-pre-line">{answer.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function OrderDetailDialog({ orderId, onClose }: { orderId: string; onClose(): void }) {
  const query = useQuery(orderQuery(orderId));
  const order = query.data;
  const [refunding, setRefunding] = useState(false);
  const [notice, setNotice] = useState('');
  // A comp took no payment: nothing to refund (decision 126).
  const canRefund =
    order !== undefined &&
    order.channel !== 'comp' &&
    (order.status === 'paid' || order.status === 'partially_refunded') &&
    (order.refundable_minor > 0 || order.tickets.some((item) => item.status === 'valid' || item.status === 'listed'));
  return (
    <DetailDialog
      query={query}
      onClose={onClose}
      label={(order) => (order ? `Order ${order.code}` : 'Order')}
      className="max-w-2xl"
      heading={(order) => (
        <div className="flex flex-wrap items-center gap-3">
          <h2 className="text-foreground font-mono text-lg font-semibold">{order.code}</h2>
          <OrderStatusBadge status={order.status} />
          {order.channel === 'comp' ? <CompBadge /> : null}
        </div>
      )}
      error="The order could not be loaded. Please try again."
      loading="Loading order..."
    >
      {(order) => (
        <>
          <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
            <Item label="Buyer">{`${order.first_name} ${order.last_name}`.trim() || '—'}</Item>
            <Item label="E-mail">
              <span className="break-all">{order.email}</span>
            </Item>
            {order.phone ? <Item label="Phone">{order.phone}</Item> : null}
            {order.country ? <Item label="Country">{order.country}</Item> : null}
            <Item label="Placed">{formatOrderTime(order.created_at)}</Item>
            {order.channel === 'comp' ? (
              <Item label="Issued">{order.paid_at ? formatOrderTime(order.paid_at) : '—'}</Item>
            ) : (
              <Item label="Paid">{order.paid_at ? formatOrderTime(order.paid_at) : 'Not paid'}</Item>
            )}
            <Item label="Marketing e-mails">{order.marketing_consent ? 'Agreed' : 'Not agreed'}</Item>
            {order.promo_code ? (
              <Item label="Promo code">
                {`${order.promo_code} (${formatMoneyMinor(order.discount_minor, order.currency)} off)`}
              </Item>
            ) : null}
          </dl>

          {notice ? (
            <p role="status" className="border-primary rounded-lg border px-3 py-2 text-sm">
              {notice}
            </p>
          ) : null}
          {refunding ? (
            <RefundForm
              order={order}
              onDone={(message) => {
                setRefunding(false);
                setNotice(message);
              }}
            />
          ) : canRefund ? (
            <div>
              <Button
                size="small"
                variant="secondary"
                onClick={() => {
                  setNotice('');
                  setRefunding(true);
                }}
              >
                {order.total_minor === 0 ? 'Cancel tickets' : 'Refund'}
              </Button>
            </div>
          ) : null}

          <section aria-labelledby={`${order.id}-lines`}>
            <h3 id={`${order.id}-lines`} className={headingClasses}>
              Tickets bought
            </h3>
            <ul className="border-border divide-border divide-y rounded-lg border text-sm">
              {order.lines.map((line) => (
                <li key={line.id} className="flex flex-wrap justify-between gap-2 px-3 py-2">
                  <span>
                    {line.quantity} × {line.name}
                  </span>
                  <span className="text-muted-foreground tabular-nums">
                    {line.unit_price_minor === 0 ? (
                      FREE_LABEL
                    ) : line.unit_fee_minor === 0 ? (
                      <>{formatMoneyMinor(line.unit_price_minor, order.currency)} each</>
                    ) : (
                      <>
                        {formatMoneyMinor(line.unit_price_minor, order.currency)} +{' '}
                        {formatMoneyMinor(line.unit_fee_minor, order.currency)} fee each
                      </>
                    )}
                  </span>
                </li>
              ))}
              <li className="flex justify-between gap-2 px-3 py-2 font-semibold">
                {/* The order's total, add-ons included (decision 134): said so when it has some. */}
                <span>{order.add_ons.length > 0 ? 'Total, with add-ons' : 'Total'}</span>
                <span className="tabular-nums">
                  {order.total_minor === 0 ? FREE_LABEL : formatMoneyMinor(order.total_minor, order.currency)}
                </span>
              </li>
              {order.absorbed_fee_minor > 0 ? (
                <li className="flex justify-between gap-2 px-3 py-2">
                  <span>Booking fee you paid (out of your payout)</span>
                  <span className="tabular-nums">{formatMoneyMinor(order.absorbed_fee_minor, order.currency)}</span>
                </li>
              ) : null}
              {order.refunded_minor > 0 ? (
                <li className="flex justify-between gap-2 px-3 py-2 text-danger">
                  <span>Refunded</span>
                  <span className="tabular-nums">{formatMoneyMinor(order.refunded_minor, order.currency)}</span>
                </li>
              ) : null}
            </ul>
          </section>

          <OrderAddOns
            orderId={order.id}
            addOns={order.add_ons}
            currency={order.currency}
            headingClasses={headingClasses}
          />
          <OrderDocuments order={order} headingClasses={headingClasses} />

          <section aria-labelledby={`${order.id}-tickets`}>
            <h3 id={`${order.id}-tickets`} className={headingClasses}>
              Tickets
            </h3>
            {order.tickets.length ? (
              <ul className="border-border divide-border divide-y rounded-lg border text-sm">
                {order.tickets.map((item) => (
                  <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                    <span className="font-mono text-xs">{item.code}</span>
                    <span>{item.type_name}</span>
                    <span className="text-muted-foreground">
                      {item.holder_name || 'No holder name'}
                      {item.holder_email ? ` (received by transfer, ${item.holder_email})` : ''}
                    </span>
                    <span
                      data-testid="ticket-state"
                      className={`font-mono text-[10px] font-bold uppercase ${item.status === 'valid' || item.status === 'checked_in' ? 'text-success' : item.status === 'listed' ? 'text-amber-700 dark:text-amber-300' : 'text-danger'}`}
                    >
                      {item.status === 'checked_in' && item.checked_in_at
                        ? `Checked in ${formatOrderTime(item.checked_in_at)}`
                        : TICKET_STATE_LABELS[item.status]}
                      {item.refunded_minor > 0 && item.status === 'checked_in'
                        ? ` · ${formatMoneyMinor(item.refunded_minor, order.currency)} refunded`
                        : ''}
                    </span>
                    <AnswerList answers={item.answers} />
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-muted-foreground text-sm">Tickets are issued once the order is paid.</p>
            )}
            {!order.tickets.length && order.attendees?.length ? (
              <ul className="border-border divide-border mt-2 divide-y rounded-lg border text-sm">
                {order.attendees.map((attendee) => (
                  <li key={attendee.slot} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                    <span>{attendee.type_name}</span>
                    <span className="text-muted-foreground">{attendee.name || 'No holder name'}</span>
                    <AnswerList answers={attendee.answers} />
                  </li>
                ))}
              </ul>
            ) : null}
          </section>

          {order.answers?.length ? (
            <section aria-labelledby={`${order.id}-answers`}>
              <h3 id={`${order.id}-answers`} className={headingClasses}>
                Answers
              </h3>
              <AnswerList answers={order.answers} />
            </section>
          ) : null}

          <RefundList order={order} />

          <section aria-labelledby={`${order.id}-history`}>
            <h3 id={`${order.id}-history`} className={headingClasses}>
              History
            </h3>
            {order.history.length ? (
              <ol className="flex flex-col gap-2 text-sm">
                {order.history.map((change) => (
                  <li key={change.id} className="flex flex-wrap justify-between gap-x-2">
                    <span>
                      {humanise(change.action)}
                      {change.ticket_code ? (
                        <span className="font-mono text-xs"> {change.ticket_code}</span>
                      ) : null}{' '}
                      <span className="text-muted-foreground">
                        by {change.actor}
                        {change.device ? ` · ${change.device}` : ''}
                      </span>
                      {change.note ? <span className="text-muted-foreground block text-xs">{change.note}</span> : null}
                    </span>
                    <time dateTime={change.at} className="text-muted-foreground text-xs">
                      {formatOrderTime(change.at)}
                    </time>
                  </li>
                ))}
              </ol>
            ) : (
              <p className="text-muted-foreground text-sm">No changes recorded.</p>
            )}
          </section>
        </>
      )}
    </DetailDialog>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-muted-foreground font-mono text-[11px] font-semibold tracking-wider uppercase">{label}</dt>
      <dd className="text-foreground mt-0.5">{children}</dd>
    </div>
  );
}
