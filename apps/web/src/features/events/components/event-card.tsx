// An event in a grid (its summary, as the lists carry it): artwork, status badge, title, location, date and
// time, revenue in the event's currency, view and edit buttons, and the Resale / Refunds / On Entry ticks.
import { Link } from 'react-router';
import { formatEventTime, formatPreviewDate, type EventSummary } from '@marquee/shared';
import { formatMoneyMinor } from '../lib/money';
import { Artwork, EventTicks, StatusBadge } from './event-bits';

export function eventDateLine(event: Pick<EventSummary, 'start_local'>): string {
  const date = formatPreviewDate(event.start_local);
  const time = formatEventTime(event.start_local);
  return date ? `${date} · ${time}` : 'Date not set';
}

export function EventCard({ event, inactive = false }: { event: EventSummary; inactive?: boolean }) {
  const name = event.name || 'Untitled event';
  return (
    <article
      aria-label={name}
      className={`bg-card border-border group flex flex-col overflow-hidden rounded-xl border transition hover:shadow-lg ${inactive ? 'opacity-60 grayscale-[60%] hover:opacity-90' : ''}`}
    >
      <div className="relative aspect-[4/3] overflow-hidden">
        <Artwork url={event.artwork_url} alt="" />
        <StatusBadge status={event.status} className="absolute top-3 left-3 shadow" />
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex flex-col gap-1">
          <h3 className="text-foreground truncate text-base font-semibold">{name}</h3>
          <p className="text-muted-foreground truncate text-sm">{event.location || 'Location not set'}</p>
          <p className="text-muted-foreground font-mono text-[11px] tracking-wide">{eventDateLine(event)}</p>
        </div>
        <div className="mt-auto flex items-end justify-between gap-2">
          <div>
            <p className="text-muted-foreground font-mono text-[10px] tracking-wider uppercase">Revenue</p>
            <p className="text-foreground text-lg font-semibold tabular-nums">
              {formatMoneyMinor(event.revenue_minor, event.currency)}
            </p>
          </div>
          <div className="flex gap-1.5">
            <Link
              to={`/dashboard/events/view/${event.id}`}
              aria-label={`View ${name}`}
              className="border-border hover:bg-muted text-foreground flex h-9 w-9 items-center justify-center rounded-md border transition"
            >
              <svg
                aria-hidden="true"
                viewBox="0 0 16 16"
                className="h-4 w-4"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.5"
              >
                <path d="M1.5 8s2.5-4.5 6.5-4.5S14.5 8 14.5 8 12 12.5 8 12.5 1.5 8 1.5 8Z" />
                <circle cx="8" cy="8" r="2" />
              </svg>
            </Link>
            <Link
              to={`/dashboard/events/edit/${event.id}`}
              aria-label={`Edit ${name}`}
              className="border-border hover:bg-muted text-foreground flex h-9 w-9 items-center justify-center rounded-md border transition"
            >
              <svg
                aria-hidden="true"
                viewBox="0 0 16 16"
                className="h-4 w-4"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.5"
                strokeLinejoin="round"
              >
                <path d="M10.5 2.5 13.5 5.5 5.5 13.5H2.5V10.5Z" />
              </svg>
            </Link>
          </div>
        </div>
        <div className="border-border border-t pt-3">
          <EventTicks resale={event.resale_allowed} refunds={event.refunds_allowed} onEntry={event.sold_on_entry} />
        </div>
      </div>
    </article>
  );
}
