// The fan's side of after-sale on the order page (decision 032): each ticket's state (a ticket that no longer
// admits shows no QR code), 'Send to someone else' per ticket when the event allows resale, and the refund
// request when it allows refunds; otherwise the page says these are not offered.
import { formatMoney, isSold, toCurrencyCode, type TicketState } from '@marquee/shared';
import { escapeHtml } from '../lib/html.js';

export interface FanTicket {
  code: string;
  typeName: string;
  holderName: string;
  status: TicketState;
  qrSvg: string;
  /** The new holder's name when this ticket was sent to someone. */
  transferredTo: string | null;
  checkedIn: boolean;
  /** Its resale listing, open or sold (decision 035). */
  listing: { status: 'listed' | 'sold'; priceMinor: number; currency: string } | null;
}

export interface AfterSaleView {
  token: string;
  refundsAllowed: boolean;
  resaleAllowed: boolean;
  /** The order can still be refunded or transferred (paid, event not cancelled or over). */
  active: boolean;
  /** The latest request's state: 'requested' (waiting), 'declined' (with reason) or none. */
  request: { status: 'requested' | 'declined'; declineReason: string | null } | null;
  /** After a form: a refusal (alert) or what was done (note). */
  message?: { kind: 'alert' | 'note'; text: string };
  /** The transfer form's values after a refusal, for the ticket it was about. */
  transfer?: { code: string; name: string; email: string };
  /** A transfer filled in and waiting for the fan's confirmation. */
  transferConfirm?: { code: string; name: string; email: string };
}

const STATUS_TEXT: Partial<Record<TicketState, string>> = {
  refunded: 'Refunded · no longer valid',
  cancelled: 'Cancelled · no longer valid',
  transferred: 'Transferred · no longer valid',
  resold: 'Resold · no longer valid',
};

function transferForm(ticket: FanTicket, view: AfterSaleView, index: number): string {
  const token = escapeHtml(view.token);
  const confirming = view.transferConfirm?.code === ticket.code ? view.transferConfirm : undefined;
  if (confirming) {
    // The second step: the fan says yes to what sending means (a form, so it works without JavaScript).
    const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
    return `<div class="note" role="status" id="transfer-confirm">
<p><strong>Send ticket ${escapeHtml(ticket.code)} to ${escapeHtml(confirming.name)} (${escapeHtml(confirming.email)})?</strong></p>
<p>Your QR code for this ticket stops working at once, and this cannot be undone. They get their own ticket by e-mail.</p>
<form method="post" action="/orders/${token}/transfer">${hidden('ticket', ticket.code)}${hidden('name', confirming.name)}${hidden('email', confirming.email)}${hidden('confirm', 'yes')}
<button type="submit">Yes, send ticket ${escapeHtml(ticket.code)}</button></form>
<form method="post" action="/orders/${token}/transfer">${hidden('ticket', ticket.code)}${hidden('name', confirming.name)}${hidden('email', confirming.email)}${hidden('confirm', 'edit')}
<button type="submit" class="secondary">Change the name or e-mail</button></form></div>`;
  }
  const mine = view.transfer?.code === ticket.code ? view.transfer : undefined;
  return `<details${mine ? ' open' : ''}><summary>Send to someone else</summary>
<form method="post" action="/orders/${token}/transfer" novalidate>
<input type="hidden" name="ticket" value="${escapeHtml(ticket.code)}">
<div class="field"><label for="holder-name-${index}">Their name</label><input id="holder-name-${index}" name="name" autocomplete="off" maxlength="100" required value="${escapeHtml(mine?.name ?? '')}"></div>
<div class="field"><label for="holder-email-${index}">Their email</label><input id="holder-email-${index}" name="email" type="email" autocomplete="off" maxlength="254" required value="${escapeHtml(mine?.email ?? '')}"></div>
<p class="muted">Your QR code for this ticket stops working at once; they get their own ticket by e-mail. You confirm on the next step.</p>
<button type="submit">Send ticket ${escapeHtml(ticket.code)}</button></form></details>`;
}

function resaleForm(ticket: FanTicket, view: AfterSaleView): string {
  return `<details><summary>Sell at face value</summary>
<form method="post" action="/orders/${escapeHtml(view.token)}/resale" novalidate>
<input type="hidden" name="ticket" value="${escapeHtml(ticket.code)}">
<p class="muted">Your ticket is offered to other fans for the price you paid, once the event is sold out. It stays valid until it sells; then it stops working and we refund you its price (the booking fee is not refunded). You can withdraw it until then.</p>
<button type="submit" class="secondary">List ticket ${escapeHtml(ticket.code)} for resale</button></form></details>`;
}

function withdrawForm(ticket: FanTicket, view: AfterSaleView): string {
  const price = ticket.listing ? formatMoney(ticket.listing.priceMinor, toCurrencyCode(ticket.listing.currency)) : '';
  return `<p class="note">Listed for resale at ${escapeHtml(price)}. Still valid until it sells.</p>
<form method="post" action="/orders/${escapeHtml(view.token)}/resale/withdraw">
<input type="hidden" name="ticket" value="${escapeHtml(ticket.code)}">
<button type="submit" class="secondary">Withdraw listing of ${escapeHtml(ticket.code)}</button></form>`;
}

export function renderFanTickets(tickets: FanTicket[], view: AfterSaleView): string {
  if (tickets.length === 0) return '<p class="muted">No tickets in this order.</p>';
  const items = tickets
    .map((ticket, index) => {
      // A ticket the fan still holds keeps its QR code (checked in, or listed until it sells).
      const valid = isSold(ticket.status);
      const state = valid
        ? ticket.status === 'checked_in'
          ? '<p class="muted">Checked in</p>'
          : ''
        : `<p class="gone">${escapeHtml(
            ticket.status === 'transferred' && ticket.transferredTo
              ? `Sent to ${ticket.transferredTo} · no longer valid`
              : (STATUS_TEXT[ticket.status] ?? 'No longer valid'),
          )}</p>`;
      const listed = ticket.status === 'listed';
      const canSend = (ticket.status === 'valid' || listed) && view.active && view.resaleAllowed;
      const shownState =
        ticket.listing?.status === 'sold'
          ? `<p class="gone">${escapeHtml(`Resold · no longer valid · ${formatMoney(ticket.listing.priceMinor, toCurrencyCode(ticket.listing.currency))} refunded to you`)}</p>`
          : state;
      return `<li class="ticket">${valid ? `<div aria-hidden="true">${ticket.qrSvg}</div>` : ''}
<p><strong>${escapeHtml(ticket.typeName)}</strong></p><p>${escapeHtml(ticket.holderName)}</p>
<p class="muted">Ticket ${escapeHtml(ticket.code)}</p>${shownState}${
        canSend
          ? listed
            ? withdrawForm(ticket, view)
            : `${transferForm(ticket, view, index)}${resaleForm(ticket, view)}`
          : ''
      }</li>`;
    })
    .join('');
  return `<ul class="tickets">${items}</ul>${
    view.active && !view.resaleAllowed
      ? '<p class="muted">Transfers and resale are not offered for this event.</p>'
      : ''
  }`;
}

export function renderRefundSection(view: AfterSaleView, hasValidTickets: boolean): string {
  if (!view.active) return '';
  if (!view.refundsAllowed) return '<h2>Refunds</h2><p>Refunds are not offered for this event.</p>';
  if (view.request?.status === 'requested')
    return '<h2>Refunds</h2><p class="note" role="status">Your refund request is waiting for the organiser. We will e-mail you their answer.</p>';
  if (!hasValidTickets) return '';
  const declined =
    view.request?.status === 'declined'
      ? `<p>Your last refund request was declined${view.request.declineReason ? `: ${escapeHtml(view.request.declineReason)}` : ''}.</p>`
      : '';
  return `<h2>Refunds</h2>${declined}<details><summary>Ask for a refund</summary>
<form method="post" action="/orders/${escapeHtml(view.token)}/refund-request" novalidate>
<div class="field"><label for="refund-reason">Why do you want a refund?</label>
<textarea id="refund-reason" name="reason" rows="3" maxlength="500" required></textarea></div>
<p class="muted">The organiser decides. If they approve, your ticket prices are refunded to the card you paid with (the booking fee is not) and your tickets stop working.</p>
<button type="submit">Request a refund</button></form></details>`;
}

export function renderAfterSaleMessage(view: AfterSaleView): string {
  const message = view.message;
  if (!message) return '';
  return `<div class="${message.kind}" role="${message.kind === 'alert' ? 'alert' : 'status'}">${escapeHtml(message.text)}</div>`;
}
