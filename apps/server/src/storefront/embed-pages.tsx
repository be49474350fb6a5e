// The embed's event list and event page (decision 153): the storefront's list and checkout form in the compact
// frame (embed-layout.tsx), addressed under /embed so the fan stays in the frame until the Pay step.
import { CHECKOUT_TEXT } from '../modules/checkout/checkout.service.js';
import { CheckoutForm } from './checkout-form.js';
import { when } from './event-details.js';
import type { EventPageInput } from './events.render.js';
import type { StorefrontEventSummary } from './home-page.js';
import { CODE_ENTRY_CSS } from './code-entry.js';
import { ALL_IN_CSS } from './all-in-price.js';
import { EMBED_BASE, renderEmbedPage } from './embed-layout.js';
import type { StorefrontFrameOrganization } from './frame.js';

export function renderEmbedList(organization: StorefrontFrameOrganization, events: StorefrontEventSummary[]): string {
  return renderEmbedPage(organization, {
    title: `Tickets · ${organization.companyName}`,
    body: (
      <section aria-labelledby="events-title">
        <h1 id="events-title">{`${organization.companyName}: upcoming events`}</h1>
        {events.length === 0 ? (
          <p className="muted">No upcoming events yet.</p>
        ) : (
          <ul className="event-list">
            {events.map((event, index) => (
              <li className="event" key={`${event.href}-${index}`}>
                <a href={`${EMBED_BASE}${event.href}`}>
                  <span className="event-body">
                    <span className="event-title">{event.title}</span>
                    <span className="muted">{event.location ? `${event.when} · ${event.location}` : event.when}</span>
                    {event.priceLabel ? <span className="price">{event.priceLabel}</span> : null}
                  </span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
    ),
  });
}

/** The event's name, date and place, and its checkout form posting under /embed. */
export function renderEmbedEventPage(input: EventPageInput): string {
  const { organization, event, stored, form, errors, codes, quote, queueUrl } = input;
  const soldOut = stored.types.length > 0 && stored.types.every((type) => type.remaining === 0);
  const eventPage = `/events/${event.slug}`;
  return renderEmbedPage(organization, {
    title: `${event.name} · ${organization.companyName}`,
    css: CODE_ENTRY_CSS + ALL_IN_CSS,
    body: (
      <>
        <nav className="embed-nav" aria-label="Events">
          <a href={EMBED_BASE}>All events</a>
        </nav>
        <h1>{event.name}</h1>
        <p className="when">{[when(event), event.location].filter(Boolean).join(' · ')}</p>
        {queueUrl ? (
          <p className="note">
            Your code{'\u2019'}s presale tickets are below. General tickets are sold through the waiting room:{' '}
            <a className="inline-link" href={queueUrl} target="_blank" rel="noopener">
              join the queue (opens in a new tab)
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
          <CheckoutForm stored={stored} form={form} errors={errors} codes={codes} quote={quote} base={EMBED_BASE} />
        )}
        <p className="muted">
          <a href={eventPage} target="_blank" rel="noopener">
            {soldOut
              ? 'Sold out: open the event page for its waiting list (new tab)'
              : 'Open the full event page (new tab)'}
          </a>
        </p>
      </>
    ),
  });
}

/** An event sold through the waiting room: the queue needs its own cookies, so it opens in a new tab. */
export function renderEmbedQueueNote(organization: StorefrontFrameOrganization, queueUrl: string): string {
  return renderEmbedPage(organization, {
    title: `Waiting room · ${organization.companyName}`,
    body: (
      <>
        <nav className="embed-nav" aria-label="Events">
          <a href={EMBED_BASE}>All events</a>
        </nav>
        <h1>This sale has a waiting room</h1>
        <p role="status">
          Tickets for this event are sold through a waiting room, which opens in its own tab. You keep your place there
          and buy when it is your turn.
        </p>
        <p>
          <a className="button" href={queueUrl} target="_blank" rel="noopener">
            Join the queue (new tab)
          </a>
        </p>
      </>
    ),
  });
}
