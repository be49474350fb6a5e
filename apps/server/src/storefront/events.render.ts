// Server-rendered event listings and event pages for organisation storefronts: inline CSS, no JavaScript, so
// they load fast on a bad mobile connection. Everything the organiser typed is escaped.
import { bookingFee, formatEventTime, formatMoney, formatPreviewDate } from '@marquee/shared';
import type { PublicEvent } from '../modules/events/events.service.js';
import { escapeHtml, renderPage } from './html.js';
import type { StorefrontEventSummary } from './home-page.js';
import { eventArtwork } from './images.js';

export const EVENTS_CSS = `.events{list-style:none;padding:0;margin:32px 0 0;display:grid;gap:16px;grid-template-columns:repeat(auto-fill,minmax(260px,1fr))}.events a{display:block;text-decoration:none;border:1px solid #262626;border-radius:12px;overflow:hidden;background:#141414}.events a:hover{border-color:#00ea6f}.events img,.art{display:block;width:100%;height:auto;aspect-ratio:16/9;object-fit:cover;background:#1f1f1f}.events .info{padding:12px 16px}.events h2{font-size:1.1rem;margin:0 0 4px}.when{font-weight:600;letter-spacing:.02em}.event h1{margin:24px 0 8px;font-size:2rem;line-height:1.2}.facts{display:grid;gap:4px 16px;grid-template-columns:max-content 1fr;margin:24px 0}.facts dt{color:#a3a3a3}.facts dd{margin:0}.lineup{display:flex;flex-wrap:wrap;gap:8px;list-style:none;padding:0}.lineup li{border:1px solid #404040;border-radius:999px;padding:2px 12px}.price{font-size:1.25rem;font-weight:600}.notice{border:1px solid #00ea6f;border-radius:12px;padding:12px 16px;margin:24px 0}details{margin:24px 0}summary{cursor:pointer}.terms{white-space:pre-wrap}`;

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

export function renderEventPage(organization: { companyName: string }, event: PublicEvent): string {
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
  const artwork = event.artworkUrl ? eventArtwork(event.artworkUrl, `${event.name} artwork`) : null;
  const body = `<main class="event">
<p><a href="/">&larr; ${escapeHtml(organization.companyName)}</a></p>
${artwork?.img ?? ''}
<h1>${escapeHtml(event.name)}</h1>
<p class="when">${escapeHtml(when(event))}</p>
<p class="muted">${escapeHtml(event.location)}</p>
<p class="price">${escapeHtml(priceLine(event.priceMinor, event.currency))}</p>
<p class="notice">Ticket sales open soon.</p>
${event.description ? `<p>${escapeHtml(event.description)}</p>` : ''}
${event.lineup.length > 0 ? `<h2>Line-up</h2><ul class="lineup">${event.lineup.map((name) => `<li>${escapeHtml(name)}</li>`).join('')}</ul>` : ''}
<dl class="facts">${facts.map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>
${event.termsOfService ? `<details><summary>Terms of service</summary><p class="terms">${escapeHtml(event.termsOfService)}</p></details>` : ''}
</main>`;
  return renderPage({
    title: `${event.name} · ${organization.companyName}`,
    description: event.description || `${event.name} at ${event.location}`,
    css: EVENTS_CSS,
    head: artwork?.preload,
    body,
  });
}
