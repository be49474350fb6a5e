// Events (/dashboard/events): metrics, then upcoming and previous events, with a notice passed in
// navigation state by the wizard (e.g. saved as a draft because payouts are off).
import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { PublishDraftsOffer } from '../../../components/guidance/publish-drafts-offer';
import { LoadError } from '../../../components/ui/query-state';
import { Link, useLocation } from 'react-router';
import type { EventSummary, EventsList } from '@marquee/shared';
import { buttonClasses } from '../../../components/ui/button';
import { eventsQuery } from '../api/events';
import { formatMoneyMinor } from '../lib/money';
import { EventCard } from './event-card';
import { EventCardSkeleton, MetricCard, MetricSkeleton, pageTitleClasses } from './event-bits';

export interface EventsListNotice {
  message: string;
  link?: { to: string; label: string };
}

export function readNotice(state: unknown): EventsListNotice | null {
  const notice = (state as { notice?: EventsListNotice } | null)?.notice;
  return notice && typeof notice.message === 'string' ? notice : null;
}

export function PlusIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 16 16"
      className="h-3.5 w-3.5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    >
      <path d="M8 3v10M3 8h10" />
    </svg>
  );
}

export function EventsListPage() {
  const location = useLocation();
  const notice = readNotice(location.state);
  const [dismissed, setDismissed] = useState<EventsListNotice | null>(null);
  const events = useQuery(eventsQuery);
  const loading = events.isPending;

  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <title>Events · Marquee</title>
          <h1 className={pageTitleClasses}>Events</h1>
          <p className="text-muted-foreground text-sm">Create, publish and follow your events.</p>
        </div>
        <Link to="/dashboard/events/new" className={buttonClasses('small', 'primary')}>
          <PlusIcon />
          New Event
        </Link>
      </header>

      {notice && dismissed !== notice ? (
        <div
          role="status"
          className="flex items-start justify-between gap-4 rounded-xl border border-amber-400/40 bg-amber-400/10 px-4 py-3 text-sm"
        >
          <p className="text-foreground">
            {notice.message}{' '}
            {notice.link ? (
              <Link to={notice.link.to} className="text-foreground font-semibold underline underline-offset-2">
                {notice.link.label}
              </Link>
            ) : null}
          </p>
          <button
            type="button"
            onClick={() => setDismissed(notice)}
            aria-label="Dismiss notice"
            className="text-muted-foreground hover:text-foreground"
          >
            ×
          </button>
        </div>
      ) : null}

      <PublishDraftsOffer />

      {loading ? (
        <div role="status" aria-label="Loading events" className="flex flex-col gap-8">
          <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
            {Array.from({ length: 4 }, (_, index) => (
              <MetricSkeleton key={index} />
            ))}
          </div>
          <SkeletonGrid />
          <SkeletonGrid />
        </div>
      ) : (
        <>
          {events.data ? <EventsMetrics metrics={events.data.metrics} /> : null}
          {events.isError ? (
            <LoadError onRetry={() => void events.refetch()}>Events could not be loaded.</LoadError>
          ) : null}
          <EventSection
            title="Upcoming Events"
            subtitle="Events happening soon"
            events={events.data?.upcoming ?? []}
            empty={
              <>
                No upcoming events yet.{' '}
                <Link to="/dashboard/events/new" className="text-foreground font-semibold underline underline-offset-2">
                  Create your first event
                </Link>
              </>
            }
          />
          <EventSection
            title="Previous Events"
            subtitle="Events that have already happened"
            events={events.data?.previous ?? []}
            inactive
            empty="No previous events."
          />
        </>
      )}
    </div>
  );
}

function EventsMetrics({ metrics }: { metrics: EventsList['metrics'] }) {
  return (
    <section aria-label="Event metrics" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <MetricCard
        title="Total Events"
        value={metrics.total_events.value.toLocaleString('en-GB')}
        metric={metrics.total_events}
      />
      <MetricCard
        title="Event Tickets"
        value={metrics.event_tickets.value.toLocaleString('en-GB')}
        metric={metrics.event_tickets}
      />
      <MetricCard
        title="Event Revenue"
        value={formatMoneyMinor(metrics.event_revenue.value, metrics.currency)}
        metric={metrics.event_revenue}
      />
      <MetricCard
        title="Avg Attendance"
        value={`${(Math.round(metrics.avg_attendance.value * 10) / 10).toLocaleString('en-GB')}%`}
        metric={metrics.avg_attendance}
      />
    </section>
  );
}

export function SkeletonGrid() {
  return (
    <div className="flex flex-col gap-4">
      <div className="bg-muted h-5 w-40 animate-pulse rounded" />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, index) => (
          <EventCardSkeleton key={index} />
        ))}
      </div>
    </div>
  );
}

export function EventSection({
  title,
  subtitle,
  events,
  inactive = false,
  empty,
  action,
}: {
  title: string;
  subtitle: string;
  events: EventSummary[];
  inactive?: boolean;
  empty: ReactNode;
  action?: ReactNode;
}) {
  const headingId = `${title.toLowerCase().replace(/\s+/g, '-')}-heading`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h2 id={headingId} className="text-foreground text-lg font-semibold">
            {title}
          </h2>
          <p className="text-muted-foreground text-sm">{subtitle}</p>
        </div>
        {action}
      </div>
      {events.length ? (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {events.map((event) => (
            <EventCard key={event.id} event={event} inactive={inactive} />
          ))}
        </div>
      ) : (
        <div className="border-border text-muted-foreground rounded-xl border border-dashed px-6 py-10 text-center text-sm">
          {empty}
        </div>
      )}
    </section>
  );
}
