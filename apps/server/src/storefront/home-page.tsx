// The organisation's public home page on its subdomain or verified custom domain: branding, description,
// social links and upcoming events. Rendered on the server (React, decision 060); inline CSS, no JavaScript.
import { boundedMemo } from '@marquee/shared';
import { renderFragment } from '../lib/document.js';
import { ResponsiveImg } from './responsive-img.js';
import { renderStorefrontPage, safeLink, SocialLinks, type SocialCard, type StorefrontBranding } from './layout.js';

export type { StorefrontBranding } from './layout.js';

/** What the events section needs of an event; the events feature fills it. */
export interface StorefrontEventSummary {
  title: string;
  /** Where the event page lives, relative to the storefront (e.g. /events/42). */
  href: string;
  /** Already formatted for display, e.g. 'Sat 14 Mar 2026, 20:00'. */
  when: string;
  location?: string | null;
  imageUrl?: string | null;
  /** Already formatted, e.g. 'From £12.00'. */
  priceLabel?: string | null;
  /** Dates in a series (decision 132): how many later dates the series has beside this, its next one. */
  moreDates?: number;
}

/** Thumbnails this far down the list are likely in the first screen on a phone, so they are not lazy-loaded. */
const EAGER_THUMBNAILS = 4;
/** 88 px thumbnails: up to 3x screens need at most 264 px, so the 480 px copy is the largest offered. */
const thumbnail = { sizes: '88px', fallbackWidth: 160, maxWidth: 480 } as const;

export function EventsSection({ events }: { events: StorefrontEventSummary[] }) {
  return (
    <section aria-labelledby="events-title" className="events">
      <h2 id="events-title">Upcoming events</h2>
      {events.length === 0 ? (
        <p className="muted empty">No upcoming events yet.</p>
      ) : (
        <ul className="event-list">
          {events.map((event, index) => {
            const image = safeLink(event.imageUrl ?? null);
            return (
              <li className="event" key={`${event.href}-${index}`}>
                <a href={event.href}>
                  {image ? (
                    <ResponsiveImg
                      url={image}
                      {...thumbnail}
                      alt=""
                      loading={index < EAGER_THUMBNAILS ? undefined : 'lazy'}
                      decoding="async"
                      width={88}
                      height={88}
                    />
                  ) : null}
                  <span className="event-body">
                    <span className="event-title">{event.title}</span>
                    <span className="muted">{event.location ? `${event.when} · ${event.location}` : event.when}</span>
                    {event.moreDates ? (
                      <span className="muted">{`+ ${event.moreDates} more ${event.moreDates === 1 ? 'date' : 'dates'}`}</span>
                    ) : null}
                    {event.priceLabel ? <span className="price">{event.priceLabel}</span> : null}
                  </span>
                </a>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** The events section alone, as HTML (its tests). */
export function renderEventsSection(events: StorefrontEventSummary[]): string {
  return renderFragment(<EventsSection events={events} />);
}

const HOME_CSS = `.cover{height:160px;background:var(--primary);overflow:hidden}.cover img{width:100%;height:100%;object-fit:cover;display:block}.cover.plain{height:96px}
main{padding:0 20px 48px;max-width:960px;width:100%;margin:0 auto;flex:1}.brand{display:flex;flex-direction:column;gap:12px;margin-top:-44px}
.logo{width:88px;height:88px;border-radius:20px;object-fit:cover;background:var(--bg);border:3px solid var(--bg);box-shadow:0 0 0 1px var(--line)}
.brand.no-logo{margin-top:28px}h1{margin:0;font-size:clamp(1.75rem,6vw,2.75rem);line-height:1.1;letter-spacing:-.01em}
.description{margin:16px 0 0;white-space:pre-line;max-width:65ch}.intro .social{margin-top:20px}
.events{margin-top:40px;padding-top:24px;border-top:1px solid var(--line)}h2{font-size:1.25rem;margin:0 0 16px}
h2::after{content:"";display:block;width:40px;height:3px;background:var(--accent);margin-top:8px;border-radius:2px}
.empty{margin:0}.event-list{list-style:none;margin:0;padding:0;display:grid;gap:16px}
.event a{display:flex;gap:14px;align-items:center;text-decoration:none;padding:10px;border:1px solid var(--line);border-radius:14px}
.event a:hover{border-color:var(--accent)}.event img{width:88px;height:88px;object-fit:cover;border-radius:10px;flex:none}
.event-body{display:flex;flex-direction:column;gap:2px}.event-title{font-weight:700;font-size:1.05rem}.price{color:var(--accent);font-weight:700}
@media (min-width:720px){.cover{height:280px}.cover.plain{height:140px}main{padding:0 32px 64px}.brand{flex-direction:row;align-items:flex-end;gap:20px;margin-top:-56px}
.logo{width:120px;height:120px;border-radius:24px}.brand.no-logo{margin-top:40px}.event-list{grid-template-columns:1fr 1fr}}`;

/** Homes made from the same data are the same HTML: kept by that data, so a home read again is not rendered again. */
const homes = boundedMemo<string>(256);

export function renderStorefrontHome(
  branding: StorefrontBranding,
  events: StorefrontEventSummary[] = [],
  social?: SocialCard,
): string {
  return homes(JSON.stringify([branding, events, social ?? null]), () => renderHome(branding, events, social));
}

function renderHome(branding: StorefrontBranding, events: StorefrontEventSummary[], social: SocialCard | undefined) {
  const name = branding.companyName;
  const logo = safeLink(branding.logoUrl);
  const cover = safeLink(branding.coverImageUrl);
  const description = branding.description?.trim();
  const header = (
    <header className={cover ? 'cover' : 'cover plain'}>
      {cover ? <ResponsiveImg url={cover} sizes="100vw" alt="" fetchPriority="high" /> : null}
    </header>
  );
  const body = (
    <>
      <div className="intro">
        <div className={logo ? 'brand' : 'brand no-logo'}>
          {logo ? (
            <ResponsiveImg
              className="logo"
              url={logo}
              sizes="(min-width: 720px) 120px, 88px"
              maxWidth={480}
              alt={`${name} logo`}
              width={120}
              height={120}
            />
          ) : null}
          <h1>{name}</h1>
        </div>
        {description ? <p className="description">{description}</p> : null}
        <SocialLinks branding={branding} label={`${name} on social media`} />
      </div>
      <EventsSection events={events} />
    </>
  );
  return renderStorefrontPage(branding, {
    title: `${name} - Tickets`,
    description: description ? description.slice(0, 160) : `Tickets for ${name} events`,
    header,
    contentCss: false,
    css: HOME_CSS,
    body,
    social,
  });
}
