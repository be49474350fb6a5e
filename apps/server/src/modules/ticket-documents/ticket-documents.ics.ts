// The calendar file sent with the tickets. Times are written in UTC (every calendar converts them to the
// reader's zone); the UID is fixed per order and event, so re-sending the e-mail updates the same entry
// instead of adding a second one. The entry links the order (its tickets at the door) and reminds the fan a day
// before and two hours before the start.
import ical, { ICalAlarmType, ICalCalendarMethod } from 'ical-generator';
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

/** The reminders, in seconds before the start: a day ahead (to plan the trip) and two hours ahead (to leave). */
export const EVENT_ICS_REMINDERS = [24 * 3600, 2 * 3600] as const;

export function canRenderEventIcs(event: Pick<DocumentEvent, 'startsAt'>): boolean {
  return event.startsAt !== null;
}

export function renderEventIcs({ event, order }: EventIcsInput): string {
  if (!event.startsAt) throw new Error('An event without a start time has no calendar entry');
  const calendar = ical({
    prodId: { company: 'Marquee', product: 'Tickets', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
  });
  // The order's link opens the tickets at the door, so the entry carries it (URL and description); it says the
  // link is private, as the e-mail does, since calendars are sometimes shared.
  const description = [
    event.description.trim(),
    `Your order ${order.code}, with your tickets: ${order.orderUrl}\nKeep this link to yourself: anyone with it can see your tickets.`,
    `Event page: ${event.url}`,
  ]
    .filter(Boolean)
    .join('\n\n');
  const entry = calendar.createEvent({
    id: eventIcsUid(event, order.code),
    // The stamp is the payment time, not "now", so the same order always renders the same file.
    stamp: order.paidAt,
    start: event.startsAt,
    end: event.endsAt && event.endsAt.getTime() > event.startsAt.getTime() ? event.endsAt : null,
    summary: event.name,
    location: event.location || null,
    description,
    url: order.orderUrl,
  });
  for (const seconds of EVENT_ICS_REMINDERS) {
    entry.createAlarm({
      type: ICalAlarmType.display,
      triggerBefore: seconds,
      description: `${event.name} starts in ${seconds / 3600} hours`,
    });
  }
  return calendar.toString();
}
