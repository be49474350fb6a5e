// Event page addresses on the storefront (decision 026): /events/{slug} is the page; an old slug or the event's id
// answers 301 to it. Also the page's calendar file (served by event-calendar.routes.ts).
import type { FastifyReply, FastifyRequest } from 'fastify';
import ical, { ICalCalendarMethod } from 'ical-generator';
import type { Database } from '../db/client.js';
import { findEventByAddress } from '../modules/events/events.slugs.js';

type EventRow = NonNullable<Awaited<ReturnType<typeof findEventByAddress>>>['row'];

export interface PublicEventAddress {
  id: string;
  slug: string;
  /** The path named an old slug or the id: redirect to the slug. */
  moved: boolean;
  row: EventRow;
}

/** The live (or cancelled) event an /events/{ref} path names, or null: drafts and archived events have no page. */
export async function findPublicEventAddress(
  db: Database,
  organizationId: string,
  ref: string,
): Promise<PublicEventAddress | null> {
  const found = await findEventByAddress(db, organizationId, ref);
  if (!found || (found.row.status !== 'live' && found.row.status !== 'cancelled')) return null;
  return { id: found.row.id, slug: found.row.slug, moved: found.kind === 'moved', row: found.row };
}

/** 301 to the same page at the event's current slug; the query string goes along. */
export function redirectToCurrent(request: FastifyRequest, reply: FastifyReply, slug: string, suffix = '') {
  const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
  return reply.header('cache-control', 'public, max-age=300').redirect(`/events/${slug}${suffix}${query}`, 301);
}

/** The event as a calendar file: times in UTC, a UID fixed per event so adding it twice updates one entry. */
export function renderPublicEventIcs(row: EventRow, pageUrl: string): string {
  if (!row.startsAt) throw new Error('An event without a start time has no calendar entry');
  const calendar = ical({
    prodId: { company: 'Marquee', product: 'Storefront', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
  });
  calendar.createEvent({
    id: `${row.id}@${new URL(pageUrl).hostname}`,
    // Stamped with the last change rather than "now", so the same event always gives the same file.
    stamp: row.updatedAt,
    start: row.startsAt,
    end: row.endsAt && row.endsAt.getTime() > row.startsAt.getTime() ? row.endsAt : null,
    summary: row.name,
    location: row.location || null,
    description: [row.description.trim(), `Tickets: ${pageUrl}`].filter(Boolean).join('\n\n'),
    url: pageUrl,
  });
  return calendar.toString();
}
