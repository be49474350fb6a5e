// The event page's details column (events.render.tsx keeps it in the page's frame): the artwork, name, date in
// the event's zone, venue, share and calendar, description, line-up, facts and terms; and the organiser's about.
import { Fragment } from 'react';
import {
  formatEventTime,
  formatPreviewDate,
  isValidLocalDateTime,
  isValidTimeZone,
  localToInstant,
  timeZoneLabel,
} from '@marquee/shared';
import type { PublicEvent } from '../modules/events/events.public.js';
import type { StorefrontEvent } from '../modules/checkout/storefront-event.js';
import { safeLink, type StorefrontFrameOrganization } from './layout.js';
import { EventArtwork, ResponsiveImg } from './responsive-img.js';
import { SeriesDates } from './series-dates.js';

/** 'SAT 14 JUN, 2025 · 19:00' (the event's own time zone). */
export function when(event: PublicEvent): string {
  if (!event.startLocal) return 'Date to be announced';
  return `${formatPreviewDate(event.startLocal)} · ${formatEventTime(event.startLocal)}`;
}

export const ageLimit = (minimumAge: number) => (minimumAge === 0 ? 'All ages' : `${minimumAge}+`);

/** The event's zone with its offset when the event starts: 'Europe/London, GMT+1'. */
export function eventZoneLabel(event: Pick<PublicEvent, 'timeZone' | 'startLocal'>): string {
  if (!isValidTimeZone(event.timeZone)) return event.timeZone;
  const start = isValidLocalDateTime(event.startLocal) ? localToInstant(event.startLocal, event.timeZone) : new Date();
  return timeZoneLabel(event.timeZone, start);
}

function dateTimeLine(local: string): string {
  return local ? `${formatPreviewDate(local)}, ${formatEventTime(local)}` : 'Not set';
}

export function EventDetails({
  origin,
  event,
  stored,
  artworkPreview = null,
}: {
  origin: string;
  event: PublicEvent;
  stored: StorefrontEvent;
  artworkPreview?: string | null;
}) {
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
  return (
    <div>
      {event.artworkUrl ? (
        <EventArtwork url={event.artworkUrl} alt={`${event.name} artwork`} preview={artworkPreview} />
      ) : null}
      <h1>{`${stored.closedReason === 'cancelled' ? 'Cancelled: ' : ''}${event.name}`}</h1>
      <p className="when">
        {when(event)}
        {event.startLocal ? (
          <>
            {' '}
            <span className="muted">{`(${zone})`}</span>
          </>
        ) : null}
      </p>
      <SeriesDates dates={stored.dates} currentId={event.id} />
      <Venue location={event.location} />
      {stored.closedReason === null ? (
        <ShareRow event={event} pageUrl={`${origin}/events/${event.slug}`} hasStart={stored.row.startsAt !== null} />
      ) : null}
      {event.description ? <p>{event.description}</p> : null}
      {event.lineup.length > 0 ? (
        <>
          <h2>Line-up</h2>
          <ul className="lineup">
            {event.lineup.map((name, index) => (
              <li key={index}>{name}</li>
            ))}
          </ul>
        </>
      ) : null}
      <dl className="facts">
        {facts.map(([term, value]) => (
          <Fragment key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
      </dl>
      {event.termsOfService ? (
        <details>
          <summary>Terms of service</summary>
          <p className="terms">{event.termsOfService}</p>
        </details>
      ) : null}
    </div>
  );
}

/** The venue as an address block, with a link that opens it in the fan's maps app. */
function Venue({ location }: { location: string }) {
  const text = location.trim();
  if (!text) return null;
  const [first, ...rest] = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const maps = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(text)}`;
  return (
    <address className="venue">
      <span className="venue-name">{first ?? text}</span>
      {rest.length ? (
        <>
          <br />
          <span className="muted">{rest.join(', ')}</span>
        </>
      ) : null}
      <br />
      <a className="inline-link" href={maps} rel="noopener" target="_blank">
        Open in maps<span className="sr"> (opens in a new tab)</span>
      </a>
    </address>
  );
}

/**
 * Share (the Web Share API, else copy the link; the script shows the button and says what happened) and
 * add-to-calendar (an .ics from our server). Without the script, the share button stays hidden.
 */
function ShareRow({ event, pageUrl, hasStart }: { event: PublicEvent; pageUrl: string; hasStart: boolean }) {
  return (
    <>
      <div className="share-row">
        <button
          type="button"
          className="secondary"
          data-share=""
          data-url={pageUrl}
          data-title={event.name}
          aria-describedby="share-status"
          hidden
        >
          Share
        </button>
        {hasStart ? (
          <a className="button secondary" href={`/events/${event.slug}/calendar.ics`} download={`${event.slug}.ics`}>
            Add to calendar
          </a>
        ) : null}
      </div>
      <p className="share-status" id="share-status" role="status" />
    </>
  );
}

/** The organiser, under every event: cover image and description (the footer has their links). */
export function About({ organization }: { organization: StorefrontFrameOrganization }) {
  const cover = safeLink(organization.coverImageUrl);
  const description = organization.description?.trim();
  if (!cover && !description) return null;
  return (
    <section className="about" aria-labelledby="about-title">
      <h2 id="about-title">{`About ${organization.companyName}`}</h2>
      {cover ? (
        <ResponsiveImg
          className="about-cover"
          url={cover}
          sizes="(min-width: 960px) 920px, calc(100vw - 40px)"
          alt=""
          loading="lazy"
          decoding="async"
          width={960}
          height={320}
        />
      ) : null}
      {description ? <p>{description}</p> : null}
    </section>
  );
}
