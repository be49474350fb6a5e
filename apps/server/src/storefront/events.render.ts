// Server-rendered event listings and event pages for organisation storefronts: inline CSS and one small deferred
// script, so they load fast on a bad mobile connection. Everything the organiser typed is escaped.
import { randomUUID } from 'node:crypto';
import {
  bookingFee,
  formatEventTime,
  formatMoney,
  formatPreviewDate,
  isValidLocalDateTime,
  isValidTimeZone,
  localToInstant,
  timeZoneLabel,
} from '@marquee/shared';
import type { PublicEvent } from '../modules/events/events.public.js';
import { escapeHtml } from '../lib/html.js';
import { CHECKOUT_TEXT } from '../modules/checkout/checkout.service.js';
import type { StorefrontEvent } from '../modules/checkout/storefront-event.js';
import { renderCheckoutForm, type CheckoutFormErrors, type CheckoutFormState } from './checkout-form.js';
import { renderStorefrontPage, safeLink, type StorefrontFrameOrganization } from './storefront-layout.js';
import type { StorefrontEventSummary } from './home-page.js';
import { eventArtwork, responsiveImageHtml } from './images.js';
import { waitlistCallout } from './waitlist-pages.js';
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
    href: `/events/${event.slug}`,
    when: when(event),
    location: event.location,
    imageUrl: event.artworkUrl || null,
    priceLabel: event.priceMinor === null ? null : formatMoney(event.priceMinor, event.currency),
  };
}

/** The event's zone with its offset when the event starts: 'Europe/London, GMT+1'. */
export function eventZoneLabel(event: Pick<PublicEvent, 'timeZone' | 'startLocal'>): string {
  if (!isValidTimeZone(event.timeZone)) return event.timeZone;
  const start = isValidLocalDateTime(event.startLocal) ? localToInstant(event.startLocal, event.timeZone) : new Date();
  return timeZoneLabel(event.timeZone, start);
}

function dateTimeLine(local: string): string {
  return local ? `${formatPreviewDate(local)}, ${formatEventTime(local)}` : 'Not set';
}

export interface EventPageInput {
  organization: StorefrontFrameOrganization;
  /** The storefront's origin (https://acme.example.com): share cards need absolute URLs. */
  origin: string;
  event: PublicEvent;
  stored: StorefrontEvent;
  form: CheckoutFormState;
  errors: CheckoutFormErrors;
  /** The access and promo codes applied (or refused) on this page. */
  codes?: CodeView;
  /** The waiting room guards the general on-sale and this page shows a code's presale types only: the queue. */
  queueUrl?: string | null;
}

export function renderEventPage({
  organization,
  origin,
  event,
  stored,
  form,
  errors,
  codes,
  queueUrl,
}: EventPageInput): string {
  const queueNote = queueUrl
    ? `<p class="note">Your code\u2019s presale tickets are below. General tickets are sold through the waiting room: <a class="inline-link" href="${escapeHtml(queueUrl)}">join the queue</a>.</p>`
    : '';
  const sales =
    stored.closedReason === 'ended'
      ? `<p class="note">${escapeHtml(CHECKOUT_TEXT.ended)}</p>`
      : stored.closedReason === 'cancelled'
        ? `<p class="note" role="status">${escapeHtml(CHECKOUT_TEXT.cancelled)}</p>`
        : renderCheckoutForm(stored, form, errors, codes);
  const column = `${queueNote}${sales}${waitlistCallout(stored)}`;
  const [before, after] = eventPageFrame(organization, origin, event, stored);
  return `${before}${column}${after}`;
}

/** Where the checkout column goes in a kept frame: a comment that no escaped text can contain. */
const COLUMN = `<!--column-${randomUUID()}-->`;

/**
 * Everything of an event page but its checkout column (the form, the codes, what is left), as the text before and
 * after it. It depends only on the organisation's and the event's rows and the origin: the requests answered by one
 * shared read of those rows (decision 042), such as a rush's refusals, share one frame, kept with the row objects
 * and forgotten with them (a later read makes new objects, so a change is never served from an old frame).
 */
const frames = new WeakMap<object, WeakMap<object, Map<string, readonly [string, string]>>>();

function eventPageFrame(
  organization: StorefrontFrameOrganization,
  origin: string,
  event: PublicEvent,
  stored: StorefrontEvent,
): readonly [string, string] {
  let byOrganization = frames.get(stored.row);
  if (!byOrganization) frames.set(stored.row, (byOrganization = new WeakMap()));
  let byKey = byOrganization.get(organization);
  if (!byKey) byOrganization.set(organization, (byKey = new Map()));
  const key = `${origin}\n${stored.closedReason}\n${event.slug}`;
  let frame = byKey.get(key);
  if (!frame) {
    const page = renderEventFrame(organization, origin, event, stored);
    const at = page.indexOf(COLUMN);
    frame = [page.slice(0, at), page.slice(at + COLUMN.length)] as const;
    byKey.set(key, frame);
  }
  return frame;
}

function renderEventFrame(
  organization: StorefrontFrameOrganization,
  origin: string,
  event: PublicEvent,
  stored: StorefrontEvent,
): string {
  const zone = eventZoneLabel(event);
  const facts: Array<[string, string]> = [
    ['Starts', dateTimeLine(event.startLocal)],
    ['Ends', dateTimeLine(event.endLocal)],
    ...(event.lastEntryLocal ? [['Last entry', dateTimeLine(event.lastEntryLocal)] as [string, string]] : []),
    ['Time zone', zone],
    ['Age', ageLimit(event.minimumAge)],
    ['Refunds', event.refundsAllowed ? 'Allowed' : 'Not allowed'],
    ['Resale', event.resaleAllowed ? 'Allowed' : 'Not allowed'],
    ['On the door', event.soldOnEntry ? 'Tickets also sold on entry' : 'No tickets on entry'],
  ];
  const artwork = event.artworkUrl ? eventArtwork(event.artworkUrl, `${event.name} artwork`) : null;
  const pageUrl = `${origin}/events/${event.slug}`;
  const live = stored.closedReason === null;
  const body = `<div class="layout"><div>
${artwork?.img ?? ''}
<h1>${stored.closedReason === 'cancelled' ? 'Cancelled: ' : ''}${escapeHtml(event.name)}</h1>
<p class="when">${escapeHtml(when(event))}${event.startLocal ? ` <span class="muted">(${escapeHtml(zone)})</span>` : ''}</p>
${venueHtml(event.location)}
${live ? shareRowHtml(event, pageUrl, stored.row.startsAt !== null) : ''}
${event.description ? `<p>${escapeHtml(event.description)}</p>` : ''}
${event.lineup.length > 0 ? `<h2>Line-up</h2><ul class="lineup">${event.lineup.map((name) => `<li>${escapeHtml(name)}</li>`).join('')}</ul>` : ''}
<dl class="facts">${facts.map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>
${event.termsOfService ? `<details><summary>Terms of service</summary><p class="terms">${escapeHtml(event.termsOfService)}</p></details>` : ''}
</div><div>${COLUMN}
<p class="muted"><a href="/orders/lookup">Lost your tickets? Get your order links again</a></p></div></div>
${aboutHtml(organization)}`;
  const summary = [when(event), event.location].filter(Boolean).join(' · ');
  return renderStorefrontPage(organization, {
    title: `${event.name} · ${organization.companyName}`,
    description: event.description || `${event.name} at ${event.location}`,
    head: artwork?.preload,
    body,
    css: CODE_ENTRY_CSS,
    script: true,
    social: {
      title: event.name,
      description: [summary, event.description].filter(Boolean).join(' — ').slice(0, 300),
      url: pageUrl,
      image: event.artworkUrl ? absoluteUrl(event.artworkUrl, origin) : null,
      imageAlt: `${event.name} artwork`,
      siteName: organization.companyName,
      labels: [
        ['Date', when(event)],
        ['Where', event.location],
      ],
      startTime: stored.row.startsAt?.toISOString() ?? null,
    },
  });
}

/** An uploaded image's path made absolute on the storefront's origin; an http(s) URL as it is. */
export function absoluteUrl(url: string, origin: string): string | null {
  if (/^https?:\/\//i.test(url)) return url;
  return url.startsWith('/') ? `${origin}${url}` : null;
}

/** The venue as an address block, with a link that opens it in the fan's maps app. */
function venueHtml(location: string): string {
  const text = location.trim();
  if (!text) return '';
  const [first, ...rest] = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const maps = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(text)}`;
  return `<address class="venue"><span class="venue-name">${escapeHtml(first ?? text)}</span>${
    rest.length ? `<br><span class="muted">${escapeHtml(rest.join(', '))}</span>` : ''
  }<br><a class="inline-link" href="${escapeHtml(maps)}" rel="noopener" target="_blank">Open in maps<span class="sr"> (opens in a new tab)</span></a></address>`;
}

/**
 * Share (the Web Share API, else copy the link; the script shows the button and says what happened) and
 * add-to-calendar (an .ics from our server). Without the script, the share button stays hidden.
 */
function shareRowHtml(event: PublicEvent, pageUrl: string, hasStart: boolean): string {
  const calendar = hasStart
    ? `<a class="button secondary" href="/events/${escapeHtml(event.slug)}/calendar.ics" download="${escapeHtml(event.slug)}.ics">Add to calendar</a>`
    : '';
  return `<div class="share-row"><button type="button" class="secondary" data-share data-url="${escapeHtml(pageUrl)}" data-title="${escapeHtml(event.name)}" aria-describedby="share-status" hidden>Share</button>${calendar}</div>
<p class="share-status" id="share-status" role="status"></p>`;
}

/** The organiser, under every event: cover image and description (the footer has their links). */
function aboutHtml(organization: StorefrontFrameOrganization): string {
  const cover = safeLink(organization.coverImageUrl);
  const description = organization.description?.trim();
  if (!cover && !description) return '';
  return `<section class="about" aria-labelledby="about-title"><h2 id="about-title">About ${escapeHtml(organization.companyName)}</h2>${
    cover
      ? `<img class="about-cover" ${responsiveImageHtml(cover, { sizes: '(min-width: 960px) 920px, calc(100vw - 40px)' })} alt="" loading="lazy" decoding="async" width="960" height="320">`
      : ''
  }${description ? `<p>${escapeHtml(description)}</p>` : ''}</section>`;
}
