// Server-rendered event listings and event pages for organisation storefronts: inline CSS and one small deferred
// script, so they load fast on a bad mobile connection. Everything the organiser typed is escaped.
import { bookingFee, formatEventTime, formatMoney, formatPreviewDate } from '@marquee/shared';
import type { PublicEvent } from '../modules/events/events.service.js';
import { escapeHtml } from './html.js';
import { CHECKOUT_TEXT } from '../modules/checkout/checkout.service.js';
import type { StorefrontEvent } from '../modules/checkout/storefront-event.js';
import { renderCheckoutForm, type CheckoutFormErrors, type CheckoutFormState } from './checkout-form.js';
import { renderStorefrontPage, type StorefrontFrameOrganization } from './storefront-layout.js';
import type { StorefrontEventSummary } from './home-page.js';
import { eventArtwork } from './images.js';
import { CODE_ENTRY_CSS, type CodeView } from './code-entry.js';

/** 'SAT 14 JUN, 2025 · 19:00' (the event's own time zone). */
function when(event: PublicEvent): string {
  if (!event.startLocal) return 'Date to be announced';
  return `${formatPreviewDate(event.startLocal)} · ${formatEventTime(event.startLocal)}`;
}

/** 'Price £20.00 + £1.60 booking fee' */
export function priceLine(priceMinor: number | null, currency: PublicEvent['currency']): string {
  if (priceMinor === null) return 'Price to be announced';
  return `Price ${formatMoney(priceMinor, currency)} + ${formatMoney(bookingFee(priceMinor, currency), currency)} booking fee`;
}

export const ageLimit = (minimumAge: number) => (minimumAge === 0 ? 'All ages' : `${minimumAge}+`);

/** An event as the storefront home lists it. */
export function toStorefrontEventSummary(event: PublicEvent): StorefrontEventSummary {
  return {
    title: event.name,
    href: `/events/${event.id}`,
    when: when(event),
    location: event.location,
    imageUrl: event.artworkUrl || null,
    priceLabel: event.priceMinor === null ? null : formatMoney(event.priceMinor, event.currency),
  };
}

function dateTimeLine(local: string): string {
  return local ? `${formatPreviewDate(local)}, ${formatEventTime(local)}` : 'Not set';
}

export interface EventPageInput {
  organization: StorefrontFrameOrganization;
  event: PublicEvent;
  stored: StorefrontEvent;
  form: CheckoutFormState;
  errors: CheckoutFormErrors;
  /** The access and promo codes applied (or refused) on this page. */
  codes?: CodeView;
}

export function renderEventPage({ organization, event, stored, form, errors, codes }: EventPageInput): string {
  const zone = event.timeZone.replace(/_/g, ' ');
  const facts: Array<[string, string]> = [
    ['Starts', dateTimeLine(event.startLocal)],
    ['Ends', dateTimeLine(event.endLocal)],
    ...(event.lastEntryLocal ? [['Last entry', dateTimeLine(event.lastEntryLocal)] as [string, string]] : []),
    ['Time zone', zone],
    ['Location', event.location],
    ['Age', ageLimit(event.minimumAge)],
    ['Refunds', event.refundsAllowed ? 'Allowed' : 'Not allowed'],
    ['Resale', event.resaleAllowed ? 'Allowed' : 'Not allowed'],
    ['On the door', event.soldOnEntry ? 'Tickets also sold on entry' : 'No tickets on entry'],
  ];
  const sales =
    stored.closedReason === 'ended'
      ? `<p class="note">${escapeHtml(CHECKOUT_TEXT.ended)}</p>`
      : stored.closedReason === 'cancelled'
        ? `<p class="note" role="status">${escapeHtml(CHECKOUT_TEXT.cancelled)}</p>`
        : renderCheckoutForm(stored, form, errors, codes);
  const artwork = event.artworkUrl ? eventArtwork(event.artworkUrl, `${event.name} artwork`) : null;
  const body = `<div class="layout"><div>
${artwork?.img ?? ''}
<h1>${stored.closedReason === 'cancelled' ? 'Cancelled: ' : ''}${escapeHtml(event.name)}</h1>
<p class="when">${escapeHtml(when(event))}</p>
<p class="muted">${escapeHtml(event.location)}</p>
${event.description ? `<p>${escapeHtml(event.description)}</p>` : ''}
${event.lineup.length > 0 ? `<h2>Line-up</h2><ul class="lineup">${event.lineup.map((name) => `<li>${escapeHtml(name)}</li>`).join('')}</ul>` : ''}
<dl class="facts">${facts.map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>
${event.termsOfService ? `<details><summary>Terms of service</summary><p class="terms">${escapeHtml(event.termsOfService)}</p></details>` : ''}
</div><div>${sales}
<p class="muted"><a href="/orders/lookup">Lost your tickets? Get your order links again</a></p></div></div>`;
  return renderStorefrontPage(organization, {
    title: `${event.name} · ${organization.companyName}`,
    description: event.description || `${event.name} at ${event.location}`,
    head: artwork?.preload,
    body,
    css: CODE_ENTRY_CSS,
    script: true,
  });
}
