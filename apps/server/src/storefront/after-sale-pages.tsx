// The fan's side of after-sale on the order page (decision 032): each ticket's state (a ticket that no longer
// admits shows no QR code), 'Send to someone else' per ticket when the event allows resale, and the refund
// request when it allows refunds; otherwise the page says these are not offered. Every form works without
// JavaScript (plain posts; the per-ticket forms are in after-sale-forms.tsx).
import { Notice } from './notice.js';
import { formatMoney, isSold, toCurrencyCode, type TicketState } from '@marquee/shared';
import { ResaleForm, TransferForm, WithdrawForm } from './after-sale-forms.js';
import type { AfterSaleView, FanTicket, QrSymbol } from './after-sale-view.js';

export type { AfterSaleView, FanTicket, QrSymbol } from './after-sale-view.js';

const STATUS_TEXT: Partial<Record<TicketState, string>> = {
  refunded: 'Refunded · no longer valid',
  cancelled: 'Cancelled · no longer valid',
  transferred: 'Transferred · no longer valid',
  resold: 'Resold · no longer valid',
};

/** Light modules around the symbol; the page's CSS adds a white padding too. */
const QR_QUIET = 1;

/** The QR code as an inline SVG, one path of dark runs (a door scanner reads it off the phone's screen). */
export function QrCode({ qr }: { qr: QrSymbol }) {
  const side = qr.size + 2 * QR_QUIET;
  const dark = qr.runs
    .map(([row, column, length]) => `M${column + QR_QUIET} ${row + QR_QUIET}h${length}v1h-${length}z`)
    .join('');
  return (
    <svg xmlns="http://www.w3.org/2000/svg" viewBox={`0 0 ${side} ${side}`} shapeRendering="crispEdges">
      <path fill="#ffffff" d={`M0 0h${side}v${side}H0z`} />
      <path fill="#000000" d={dark} />
    </svg>
  );
}

function TicketState({ ticket }: { ticket: FanTicket }) {
  if (ticket.listing?.status === 'sold') {
    const price = formatMoney(ticket.listing.priceMinor, toCurrencyCode(ticket.listing.currency));
    return <p className="gone">{`Resold · no longer valid · ${price} refunded to you`}</p>;
  }
  // A ticket the fan still holds keeps its QR code (checked in, or listed until it sells).
  if (isSold(ticket.status)) return ticket.status === 'checked_in' ? <p className="muted">Checked in</p> : null;
  return (
    <p className="gone">
      {ticket.status === 'transferred' && ticket.transferredTo
        ? `Sent to ${ticket.transferredTo} · no longer valid`
        : (STATUS_TEXT[ticket.status] ?? 'No longer valid')}
    </p>
  );
}

function FanTicketItem({ ticket, view, index }: { ticket: FanTicket; view: AfterSaleView; index: number }) {
  const listed = ticket.status === 'listed';
  const canSend = (ticket.status === 'valid' || listed) && view.active && view.resaleAllowed;
  return (
    <li className="ticket">
      {isSold(ticket.status) && ticket.qr ? (
        <div aria-hidden="true">
          <QrCode qr={ticket.qr} />
        </div>
      ) : null}
      <p>
        <strong>{ticket.typeName}</strong>
      </p>
      <p>{ticket.holderName}</p>
      <p className="muted">{`Ticket ${ticket.code}`}</p>
      <TicketState ticket={ticket} />
      {canSend ? (
        listed ? (
          <WithdrawForm ticket={ticket} view={view} />
        ) : (
          <>
            <TransferForm ticket={ticket} view={view} index={index} />
            {ticket.free ? null : <ResaleForm ticket={ticket} view={view} />}
          </>
        )
      ) : null}
    </li>
  );
}

export function FanTickets({ tickets, view }: { tickets: FanTicket[]; view: AfterSaleView }) {
  if (tickets.length === 0) return <p className="muted">No tickets in this order.</p>;
  return (
    <>
      <ul className="tickets">
        {tickets.map((ticket, index) => (
          <FanTicketItem key={ticket.code} ticket={ticket} view={view} index={index} />
        ))}
      </ul>
      {view.active && !view.resaleAllowed ? (
        <p className="muted">Transfers and resale are not offered for this event.</p>
      ) : null}
    </>
  );
}

export function RefundSection({ view, hasValidTickets }: { view: AfterSaleView; hasValidTickets: boolean }) {
  if (!view.active) return null;
  if (!view.refundsAllowed)
    return (
      <>
        <h2>{view.free ? 'Cancelling' : 'Refunds'}</h2>
        <p>Refunds are not offered for this event.</p>
      </>
    );
  if (view.request?.status === 'requested')
    return (
      <>
        <h2>{view.free ? 'Cancelling' : 'Refunds'}</h2>
        <p className="note" role="status">
          Your refund request is waiting for the organiser. We will e-mail you their answer.
        </p>
      </>
    );
  if (!hasValidTickets) return null;
  const declined =
    view.request?.status === 'declined'
      ? `Your last refund request was declined${view.request.declineReason ? `: ${view.request.declineReason}` : ''}.`
      : '';
  return (
    <>
      <h2>{view.free ? 'Cancelling' : 'Refunds'}</h2>
      {declined ? <p>{declined}</p> : null}
      <details>
        <summary>{view.free ? "Can't go? Ask to cancel your tickets" : 'Ask for a refund'}</summary>
        <form method="post" action={`/orders/${view.token}/refund-request`} noValidate>
          <div className="field">
            <label htmlFor="refund-reason">
              {view.free ? 'Why do you want to cancel?' : 'Why do you want a refund?'}
            </label>
            <textarea id="refund-reason" name="reason" rows={3} maxLength={500} required />
          </div>
          {/* A free order has no money to give back: its 'refund' cancels the tickets (decision 125). */}
          <p className="muted">
            {view.free
              ? 'The organiser decides. If they approve, your tickets stop working and their places go to other fans.'
              : 'The organiser decides. If they approve, your ticket prices are refunded to the card you paid with (the booking fee is not) and your tickets stop working.'}
          </p>
          <button type="submit">{view.free ? 'Ask to cancel' : 'Request a refund'}</button>
        </form>
      </details>
    </>
  );
}

export function AfterSaleMessage({ view }: { view: AfterSaleView }) {
  return <Notice message={view.message} />;
}
