// Server-rendered event listings and event pages for organisation storefronts (React, decision 060): inline CSS
// and one small deferred script, so they load fast on a bad mobile connection. JSX escapes what the organiser typed.
import { randomUUID } from 'node:crypto';
import { boundedMemo, FREE_LABEL, formatMoney, isFreePrice, pwywLabel, unitPrice } from '@marquee/shared';
import type { PublicEvent } from '../modules/events/events.public.js';
import { renderFragment } from '../lib/document.js';
import { CHECKOUT_TEXT } from '../modules/checkout/checkout.service.js';
import type { StorefrontEvent } from '../modules/checkout/storefront-event.js';
import { CheckoutForm, type CheckoutFormErrors, type CheckoutFormState } from './checkout-form.js';
import { renderStorefrontPage, type StorefrontFrameOrganization } from './layout.js';
import type { StorefrontEventSummary } from './home-page.js';
import { About, EventDetails, when } from './event-details.js';
import { WaitlistCallout } from './waitlist-callout.js';
import { CODE_ENTRY_CSS, type CodeView } from './code-entry.js';
import { ALL_IN_CSS } from './all-in-price.js';
import type { OrderQuote } from '../modules/checkout/order-quote.js';
import { SERIES_DATES_CSS } from './series-dates.js';

export { ageLimit } from './event-details.js';

/** The all-in price of one, as a sentence (decision 135): 'Price £21.60 (£20.00 ticket + £1.60 booking fee)'. */
export function priceLine(
  priceMinor: number | null,
  currency: PublicEvent['currency'],
  feeMode: PublicEvent['feeMode'] = 'fan',
): string {
  if (priceMinor === null) return 'Price to be announced';
  if (isFreePrice(priceMinor)) return FREE_LABEL;
  const price = unitPrice(priceMinor, currency, feeMode);
  const fee =
    price.fanFeeMinor > 0
      ? ` (${formatMoney(priceMinor, currency)} ticket + ${formatMoney(price.fanFeeMinor, currency)} booking fee)`
      : '';
  return `Price ${formatMoney(price.allInMinor, currency)}${fee}`;
}

/** The home list's label: the all-in price of one General Admission ticket (decision 135). */
function allInLabel(event: PublicEvent): string | null {
  if (event.priceMinor === null) return null;
  if (event.minimumPriceMinor !== null) return pwywLabel(event.minimumPriceMinor, event.currency);
  if (isFreePrice(event.priceMinor)) return FREE_LABEL;
  const price = unitPrice(event.priceMinor, event.currency, event.feeMode);
  const money = formatMoney(price.allInMinor, event.currency);
  return price.fanFeeMinor > 0 ? `${money} incl. booking fee` : money;
}

/**
 * The storefront home's list: each event as toStorefrontEventSummary shows it, a series once (decision 132), at
 * its next date with how many more follow.
 */
export function toStorefrontEventSummaries(events: PublicEvent[]): StorefrontEventSummary[] {
  const later = new Map<string, number>();
  const shown = events.filter((event) => {
    if (!event.seriesId) return true;
    const seen = later.get(event.seriesId);
    later.set(event.seriesId, seen === undefined ? 0 : seen + 1);
    return seen === undefined;
  });
  return shown.map((event) => ({
    ...toStorefrontEventSummary(event),
    ...(event.seriesId && later.get(event.seriesId) ? { moreDates: later.get(event.seriesId) } : {}),
  }));
}

/** An event as the storefront home lists it. */
export function toStorefrontEventSummary(event: PublicEvent): StorefrontEventSummary {
  return {
    title: event.name,
    href: `/events/${event.slug}`,
    when: when(event),
    location: event.location,
    imageUrl: event.artworkUrl || null,
    priceLabel: allInLabel(event),
  };
}

export interface EventPageInput {
  organization: StorefrontFrameOrganization;
  /** The storefront's origin (https://acme.example.com): share cards need absolute URLs. */
  origin: string;
  event: PublicEvent;
  stored: StorefrontEvent;
  form: CheckoutFormState;
  errors: CheckoutFormErrors;
  /** The order total of the form as it stands (decision 135). */
  quote: OrderQuote;
  /** The access and promo codes applied (or refused) on this page. */
  codes?: CodeView;
  /** The waiting room guards the general on-sale and this page shows a code's presale types only: the queue. */
  queueUrl?: string | null;
  /** The artwork's inline preview as a data: URI (decision 142), or null. */
  artworkPreview?: string | null;
}

/** The checkout column: the queue's note, the form (or why there is none), the waiting list. */
function CheckoutColumn({
  stored,
  form,
  errors,
  codes,
  queueUrl,
  quote,
}: Omit<EventPageInput, 'organization' | 'origin' | 'event'>) {
  return (
    <>
      {queueUrl ? (
        <p className="note">
          Your code{'\u2019'}s presale tickets are below. General tickets are sold through the waiting room:{' '}
          <a className="inline-link" href={queueUrl}>
            join the queue
          </a>
          .
        </p>
      ) : null}
      {stored.closedReason === 'ended' ? (
        <p className="note">{CHECKOUT_TEXT.ended}</p>
      ) : stored.closedReason === 'cancelled' ? (
        <p className="note" role="status">
          {CHECKOUT_TEXT.cancelled}
        </p>
      ) : (
        <CheckoutForm stored={stored} form={form} errors={errors} codes={codes} quote={quote} />
      )}
      <WaitlistCallout stored={stored} />
    </>
  );
}

export function renderEventPage({
  organization,
  origin,
  event,
  stored,
  artworkPreview = null,
  ...column
}: EventPageInput): string {
  const [before, after] = eventPageFrame(organization, origin, event, stored, artworkPreview);
  return `${before}${renderFragment(<CheckoutColumn stored={stored} {...column} />)}${after}`;
}

/**
 * Where the checkout column goes in a kept frame: a text React leaves as it is (no character it escapes) and that
 * no page text contains.
 */
const COLUMN = `marquee-column-${randomUUID()}`;

/**
 * Everything of an event page but its checkout column (the form, the codes, what is left), as the text before and
 * after it. It depends only on the organisation's and the event's data and the origin, so frames are kept by that
 * data (decision 042's kept frames, by content since decision 060): a page read again costs a JSON key, not a
 * render, and any change to what the frame shows is a new key, so it is never served from an old frame.
 */
const frames = boundedMemo<readonly [string, string]>(256);

function eventPageFrame(
  organization: StorefrontFrameOrganization,
  origin: string,
  event: PublicEvent,
  stored: StorefrontEvent,
  artworkPreview: string | null,
): readonly [string, string] {
  // The preview is the artwork's (one per image URL, which the event's data holds): whether there is one is enough.
  const key = JSON.stringify([
    origin,
    stored.closedReason,
    stored.row.startsAt,
    organization,
    event,
    stored.dates,
    artworkPreview !== null,
  ]);
  return frames(key, () => {
    const page = renderEventFrame(organization, origin, event, stored, artworkPreview);
    const at = page.indexOf(COLUMN);
    return [page.slice(0, at), page.slice(at + COLUMN.length)] as const;
  });
}

/** The whole page with the column's marker in its place (rendered once per rows, eventPageFrame). */
function renderEventFrame(
  organization: StorefrontFrameOrganization,
  origin: string,
  event: PublicEvent,
  stored: StorefrontEvent,
  artworkPreview: string | null,
): string {
  const pageUrl = `${origin}/events/${event.slug}`;
  const body = (
    <>
      <div className="layout">
        <EventDetails origin={origin} event={event} stored={stored} artworkPreview={artworkPreview} />
        <div>
          {COLUMN}
          <p className="muted">
            <a href="/orders/lookup">Lost your tickets? Get your order links again</a>
          </p>
        </div>
      </div>
      <About organization={organization} />
    </>
  );
  const summary = [when(event), event.location].filter(Boolean).join(' · ');
  return renderStorefrontPage(organization, {
    title: `${event.name} · ${organization.companyName}`,
    description: event.description || `${event.name} at ${event.location}`,
    body,
    css: CODE_ENTRY_CSS + SERIES_DATES_CSS + ALL_IN_CSS,
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
        ['Price', priceLine(event.priceMinor, event.currency, event.feeMode)],
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
