// The calendar file sent with the tickets. Times are written in UTC (every calendar converts them to the
// reader's zone); the UID is fixed per order and event, so re-sending the e-mail updates the same entry
// instead of adding a second one.
import ical, { ICalCalendarMethod } from 'ical-generator';
import type { DocumentEvent, DocumentOrder } from './ticket-documents.types.js';

export interface EventIcsInput {
  event: DocumentEvent;
  order: Pick<DocumentOrder, 'code' | 'orderUrl' | 'paidAt'>;
}

/** 'MQ-7K3F9X.3f0c...@tickets.example.com': the order and event, at the event page's host. */
export function eventIcsUid(event: Pick<DocumentEvent, 'id' | 'url'>, orderCode: string): string {
  let host = 'marquee';
  try {
    host = new URL(event.url).hostname || host;
  } catch {
    // A malformed page URL still gets a stable UID.
  }
  return `${orderCode}.${event.id}@${host}`;
}

export function canRenderEventIcs(event: Pick<DocumentEvent, 'startsAt'>): boolean {
  return event.startsAt !== null;
}

export function renderEventIcs({ event, order }: EventIcsInput): string {
  if (!event.startsAt) throw new Error('An event without a start time has no calendar entry');
  const calendar = ical({
    prodId: { company: 'Marquee', product: 'Tickets', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
  });
  // Calendars get shared: the entry names the order but links the public event page, never the order's
  // token link.
  const description = [event.description.trim(), `Your order ${order.code}. Event page: ${event.url}`]
    .filter(Boolean)
    .join('\n\n');
  calendar.createEvent({
    id: eventIcsUid(event, order.code),
    // The stamp is the payment time, not "now", so the same order always renders the same file.
    stamp: order.paidAt,
    start: event.startsAt,
    end: event.endsAt && event.endsAt.getTime() > event.startsAt.getTime() ? event.endsAt : null,
    summary: event.name,
    location: event.location || null,
    description,
    url: event.url,
  });
  return calendar.toString();
}
