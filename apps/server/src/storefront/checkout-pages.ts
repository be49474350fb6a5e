// The pages after the event page: the order summary with its hold countdown, 'processing' while the payment
// is confirmed, the order page with its tickets, and the 'find my order' form. Server-rendered, branded.
import { clockIn, dateTimeFormatIn, formatMoney, ORDER_STATUS_LABELS, toCurrencyCode } from '@marquee/shared';
import { CHECKOUT_TEXT, type OrderRow } from '../modules/checkout/checkout.service.js';
import { escapeHtml } from '../lib/html.js';
import {
  renderAfterSaleMessage,
  renderFanTickets,
  renderRefundSection,
  type AfterSaleView,
  type FanTicket,
} from './after-sale-pages.js';
import { renderStorefrontPage, type StorefrontFrameOrganization } from './storefront-layout.js';
import { createElement } from 'react';
import { renderFragment } from '../lib/document.js';
import { BuyerFields } from './buyer-fields.js';
import type { OfferDetailsView } from './offer-details.js';

export interface SummaryLine {
  name: string;
  quantity: number;
  unitPriceMinor: number;
  unitFeeMinor: number;
}

export function renderSummaryTable(current: OrderRow, lines: SummaryLine[]): string {
  const currency = toCurrencyCode(current.currency);
  const money = (minor: number) => escapeHtml(formatMoney(minor, currency));
  const rows = lines
    .map(
      (line) =>
        `<tr><td>${escapeHtml(line.name)} × ${line.quantity}</td><td class="num">${money(line.unitPriceMinor * line.quantity)}</td></tr>`,
    )
    .join('');
  // Line prices are already after the promo code's discount; the row says what it saved.
  const promo =
    current.promoCode && current.discountMinor > 0
      ? `<tr><td>Promo code ${escapeHtml(current.promoCode)}</td><td class="num">You save ${money(current.discountMinor)}</td></tr>`
      : '';
  return `<table class="summary"><caption class="sr">Order summary</caption><tbody>${rows}${
    promo
      ? `
${promo}`
      : ''
  }
<tr><td>Booking fee</td><td class="num">${money(current.feeMinor)}</td></tr></tbody>
<tfoot><tr><td>Total</td><td class="num">${money(current.amountMinor + current.feeMinor)}</td></tr></tfoot></table>`;
}

export interface SummaryPageInput {
  organization: StorefrontFrameOrganization;
  eventName: string;
  eventId: string;
  timeZone: string;
  order: OrderRow;
  lines: SummaryLine[];
  token: string;
  /** A message after a cancelled or declined payment, or a refusal. */
  message?: { kind: 'alert' | 'note'; text: string };
  /** A waiting-list offer without its buyer's details yet: the Pay form asks for them first. */
  details?: OfferDetailsView | null;
}

function renderOfferDetails(current: OrderRow, details: OfferDetailsView): string {
  const { rules } = details;
  const terms = rules.termsOfService.trim()
    ? `<details><summary>Terms of service</summary><p class="terms">${escapeHtml(rules.termsOfService)}</p></details>`
    : '';
  return `<h2 id="details-title">Your details</h2>
${details.errors.message ? `<div class="alert" role="alert">${escapeHtml(details.errors.message)}</div>` : ''}
${terms}
${renderFragment(createElement(BuyerFields, { row: rules, form: details.form, errors: details.errors, fixedEmail: current.customerEmail, termsLabel: "I accept the organiser's terms" }))}`;
}

export function renderSummaryPage(input: SummaryPageInput): string {
  const { order: current } = input;
  const expires = current.holdExpiresAt!;
  // A waiting-list offer is held for hours, maybe into tomorrow: its end names the day; a checkout's, the time.
  const until =
    expires.getTime() - Date.now() > 3_600_000
      ? dateTimeFormatIn(input.timeZone).format(expires)
      : clockIn(expires, input.timeZone);
  const body = `<h1>Your order</h1>
<p class="when">${escapeHtml(input.eventName)}</p>
${input.message ? `<div class="${input.message.kind}" role="${input.message.kind === 'alert' ? 'alert' : 'status'}">${escapeHtml(input.message.text)}</div>` : ''}
<p class="note">Your tickets are held until <strong>${escapeHtml(until)}</strong> (${escapeHtml(input.timeZone.replace(/_/g, ' '))} time). <span data-countdown="${expires.toISOString()}" aria-live="polite"></span></p>
${renderSummaryTable(current, input.lines)}
${input.details ? '' : `<p class="muted">For ${escapeHtml(`${current.firstName} ${current.lastName}`)} · ${escapeHtml(current.customerEmail)}</p>`}
<div class="actions"><form method="post" action="/checkout/${escapeHtml(input.token)}/pay"${input.details ? ' novalidate aria-labelledby="details-title" class="offer"' : ''}>${input.details ? renderOfferDetails(current, input.details) : ''}<button type="submit">Pay ${escapeHtml(formatMoney(current.amountMinor + current.feeMinor, toCurrencyCode(current.currency)))}</button></form>
<form method="post" action="/checkout/${escapeHtml(input.token)}/cancel"><button type="submit" class="secondary">Cancel and release the tickets</button></form></div>`;
  return renderStorefrontPage(input.organization, { title: `Your order · ${input.eventName}`, body, script: true });
}

export function renderMessagePage(
  organization: StorefrontFrameOrganization,
  page: { title: string; text: string; link?: { href: string; label: string }; refreshSeconds?: number },
): string {
  const body = `<h1>${escapeHtml(page.title)}</h1><p role="status">${escapeHtml(page.text)}</p>${
    page.link ? `<p><a class="button" href="${escapeHtml(page.link.href)}">${escapeHtml(page.link.label)}</a></p>` : ''
  }${page.refreshSeconds ? `<meta http-equiv="refresh" content="${page.refreshSeconds}">` : ''}`;
  return renderStorefrontPage(organization, { title: page.title, body });
}

export interface OrderPageInput {
  organization: StorefrontFrameOrganization;
  order: OrderRow;
  lines: SummaryLine[];
  tickets: FanTicket[];
  event: { id: string; slug: string; name: string; when: string; location: string };
  token: string;
  /** A second payment for the order arrived after it had been paid and was refunded (decision 050). */
  secondPaymentRefunded: boolean;
  /** Links to the PDF of the tickets and the calendar file, when the documents are available. */
  documents: boolean;
  afterSale: AfterSaleView;
}

export function renderOrderPage(input: OrderPageInput): string {
  const { order: current } = input;
  const status = ORDER_STATUS_LABELS[current.status];
  const token = escapeHtml(input.token);
  const live = current.status === 'paid' || current.status === 'partially_refunded';
  const body = `<h1>${escapeHtml(input.event.name)}</h1>
<p class="when">${escapeHtml(input.event.when)}</p><p class="muted">${escapeHtml(input.event.location)}</p>
<p>Order <strong>${escapeHtml(current.code)}</strong> · ${escapeHtml(status)}</p>
${renderAfterSaleMessage(input.afterSale)}
${
  current.status === 'paid'
    ? `<p class="note">You're going! Show a ticket's QR code at the door. We've e-mailed your tickets to ${escapeHtml(current.customerEmail)}.</p>`
    : ''
}
${input.secondPaymentRefunded ? `<p class="note" role="status">${escapeHtml(CHECKOUT_TEXT.secondPayment)}</p>` : ''}
${
  current.status === 'payment_review'
    ? `<div class="alert" role="status"><strong>${escapeHtml(CHECKOUT_TEXT.paymentReviewTitle)}.</strong> ${escapeHtml(CHECKOUT_TEXT.paymentReview)}</div>`
    : ''
}
${
  input.documents && live
    ? `<div class="actions"><a class="button" href="/orders/${token}/tickets.pdf">Download tickets (PDF)</a><a class="button secondary" href="/orders/${token}/calendar.ics">Add to calendar</a></div>`
    : ''
}
<h2>Tickets</h2>${renderFanTickets(input.tickets, input.afterSale)}
${renderRefundSection(
  input.afterSale,
  input.tickets.some((ticket) => ticket.status === 'valid' || ticket.status === 'listed'),
)}
<h2>Summary</h2>${renderSummaryTable(current, input.lines)}
<p><a href="/events/${escapeHtml(input.event.slug)}">Back to the event</a></p>`;
  return renderStorefrontPage(input.organization, { title: `Order ${current.code} · ${input.event.name}`, body });
}

export function renderLookupPage(
  organization: StorefrontFrameOrganization,
  state: { sent?: boolean; error?: string; email?: string },
) {
  const body = `<h1>Find your tickets</h1>
<p>Enter the e-mail address you bought with. If it has orders here, we'll e-mail you their links.</p>
${state.sent ? '<p class="note" role="status">If that address has orders with us, their links are on their way. Check your inbox (and spam folder).</p>' : ''}
${state.error ? `<div class="alert" role="alert">${escapeHtml(state.error)}</div>` : ''}
<form method="post" action="/orders/lookup" novalidate><div class="field"><label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" maxlength="254" required value="${escapeHtml(state.email ?? '')}"${state.error ? ' aria-invalid="true"' : ''}></div>
<button type="submit">Send my order links</button></form>`;
  return renderStorefrontPage(organization, { title: 'Find your tickets', body });
}
