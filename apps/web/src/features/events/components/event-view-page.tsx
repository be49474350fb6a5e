// Event view (/dashboard/events/view/:id): everything about one event, its status actions (publish,
// unpublish, archive, delete a draft), its public page with a QR code, its sales, ticket types and orders.
import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { formatPickerDisplay, timeZoneLabel, type EventDto } from '@marquee/shared';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { ApiError } from '../../../lib/api-client';
import {
  eventQrCodeUrl,
  eventQuery,
  useChangeEventStatus,
  useDeleteEvent,
  type EventStatusAction,
} from '../api/events';
import { formatMoneyMinor, formatPriceText } from '../lib/money';
import { eventDateLine } from './event-card';
import { Artwork, EventTicks, pageTitleClasses, StatusBadge } from './event-bits';
import { CancellationPanel, CancelEventButton } from './cancel-event';
import { CodesSection } from './codes-section';
import { QueueSection } from './queue-section';
import { DatesSection } from './dates-section';
import { CheckinSection } from './checkin-section';
import { OrdersSection } from './orders-section';
import { SettlementSection } from './settlement-section';
import { GuestListSection } from './guest-list-section';
import { TicketTypesSection } from './ticket-types-section';
import { QuotasSection } from './quotas-section';
import { AddOnsSection } from './add-ons-section';
import { QuestionsSection } from './questions-section';
import { WaitlistLine } from './waitlist-line';
import { MessagesSection } from './messages-section';

const ACTION_LABELS: Record<EventStatusAction, { idle: string; busy: string }> = {
  publish: { idle: 'Publish', busy: 'Publishing...' },
  unpublish: { idle: 'Unpublish', busy: 'Unpublishing...' },
  archive: { idle: 'Archive', busy: 'Archiving...' },
};

function actionsFor(event: EventDto): EventStatusAction[] {
  if (event.status === 'draft') return ['publish'];
  if (event.status === 'live') return ['unpublish', 'archive'];
  return [];
}

export function EventViewPage() {
  const { id = '' } = useParams();
  const event = useQuery({ ...eventQuery(id), enabled: id !== '' });
  if (!id || event.isError) {
    const notFound = !id || (event.error instanceof ApiError && event.error.status === 404);
    return (
      <div className="flex flex-col items-start gap-4 py-10">
        <h1 className={pageTitleClasses}>{notFound ? 'Event not found' : 'Event unavailable'}</h1>
        <p role="alert" className="text-muted-foreground text-sm">
          {notFound
            ? 'This event does not exist or has been deleted.'
            : 'The event could not be loaded. Please try again.'}
        </p>
        <Link to="/dashboard/events" className={buttonClasses('small', 'secondary')}>
          Back to events
        </Link>
      </div>
    );
  }
  if (event.isPending) {
    return (
      <div role="status" className="text-muted-foreground flex items-center gap-3 py-16 text-sm">
        <span className="border-primary h-5 w-5 animate-spin rounded-full border-2 border-t-transparent" />
        Loading event...
      </div>
    );
  }
  return <EventView event={event.data} />;
}

function actionError(caught: unknown): ReactNode {
  if (caught instanceof ApiError && caught.code === 'PAYOUTS_NOT_ENABLED') {
    return (
      <>
        {caught.message}{' '}
        <Link to="/dashboard/billing" className="font-semibold underline underline-offset-2">
          Go to Billing
        </Link>
      </>
    );
  }
  if (caught instanceof ApiError && caught.status < 500) {
    return (
      <>
        {caught.message}
        {caught.fields?.length ? (
          <ul className="mt-1 list-disc pl-5">
            {caught.fields.map((field) => (
              <li key={field.path}>{field.message}</li>
            ))}
          </ul>
        ) : null}
      </>
    );
  }
  return 'Something went wrong. Please try again.';
}

function EventView({ event }: { event: EventDto }) {
  const navigate = useNavigate();
  const changeStatus = useChangeEventStatus();
  const deleteEvent = useDeleteEvent();
  const [error, setError] = useState<ReactNode>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const pendingAction = changeStatus.isPending ? changeStatus.variables?.action : undefined;
  const busy = changeStatus.isPending || deleteEvent.isPending;
  const name = event.name || 'Untitled event';

  const run = (action: EventStatusAction) => {
    setError(null);
    changeStatus.mutate({ id: event.id, action }, { onError: (caught) => setError(actionError(caught)) });
  };

  const onDelete = () => {
    setError(null);
    deleteEvent.mutate(event.id, {
      onSuccess: () => navigate('/dashboard/events', { replace: true }),
      onError: (caught) => {
        setConfirmDelete(false);
        setError(actionError(caught));
      },
    });
  };

  const capacity = event.capacity === null ? 'Unlimited' : event.capacity.toLocaleString('en-GB');
  const soldShare = event.capacity ? Math.min(100, Math.round((event.sold / event.capacity) * 100)) : null;

  return (
    <div className="flex flex-col gap-6">
      <Link
        to="/dashboard/events"
        className="text-muted-foreground hover:text-foreground self-start font-mono text-xs tracking-wide uppercase"
      >
        ← All events
      </Link>
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex min-w-0 flex-col gap-2">
          <StatusBadge status={event.status} className="self-start" />
          <title>{`${name} · Marquee`}</title>
          <h1 className={`${pageTitleClasses} break-words`}>{name}</h1>
          <p className="text-muted-foreground text-sm">
            {event.location || 'Location not set'} · <span className="font-mono text-xs">{eventDateLine(event)}</span>
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {event.status === 'draft' || event.status === 'live' ? (
            <Link to={`/dashboard/events/edit/${event.id}`} className={buttonClasses('small', 'secondary')}>
              Edit
            </Link>
          ) : null}
          {actionsFor(event).map((action) => (
            <Button
              key={action}
              size="small"
              variant={action === 'publish' ? 'primary' : 'secondary'}
              disabled={busy}
              onClick={() => run(action)}
            >
              {pendingAction === action ? ACTION_LABELS[action].busy : ACTION_LABELS[action].idle}
            </Button>
          ))}
          {event.status === 'live' && !hasEnded(event) ? (
            <CancelEventButton eventId={event.id} eventName={event.name} />
          ) : null}
          {event.status === 'draft' ? (
            <button
              type="button"
              disabled={busy}
              onClick={() => setConfirmDelete(true)}
              className="h-9 rounded-md border border-red-500/40 px-4 font-mono text-xs font-semibold tracking-wide text-danger uppercase transition hover:bg-red-500/10 disabled:opacity-50"
            >
              Delete
            </button>
          ) : null}
        </div>
      </header>

      {error ? (
        <div role="alert" className="rounded-md border border-red-500/40 bg-red-500/10 px-4 py-3 text-sm text-danger">
          {error}
        </div>
      ) : null}

      {event.status === 'cancelled' ? <CancellationPanel eventId={event.id} /> : null}

      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="flex flex-col gap-6">
          <section aria-label="Sales" className="grid grid-cols-1 gap-4 sm:grid-cols-3">
            <Stat label="Tickets sold" value={`${event.sold.toLocaleString('en-GB')} / ${capacity}`}>
              {soldShare !== null ? (
                <div
                  className="bg-muted mt-2 h-1.5 overflow-hidden rounded-full"
                  role="progressbar"
                  aria-label="Share of capacity sold"
                  aria-valuenow={soldShare}
                  aria-valuemin={0}
                  aria-valuemax={100}
                >
                  <div className="bg-primary h-full rounded-full" style={{ width: `${soldShare}%` }} />
                </div>
              ) : null}
            </Stat>
            <Stat label="Revenue" value={formatMoneyMinor(event.revenue_minor, event.currency)} />
            <Stat label="Ticket price" value={formatPriceText(event.price, event.currency) || 'Not set'} />
          </section>
          {event.status !== 'draft' ? <WaitlistLine eventId={event.id} /> : null}

          <section
            aria-labelledby="event-details-heading"
            className="bg-card border-border rounded-2xl border p-5 sm:p-6"
          >
            <h2 id="event-details-heading" className="text-foreground mb-4 text-lg font-semibold">
              Details
            </h2>
            <dl className="grid grid-cols-1 gap-x-6 gap-y-4 sm:grid-cols-2">
              <Detail label="Description" wide>
                {event.description || 'Not set'}
              </Detail>
              <Detail label="Location">{event.location || 'Not set'}</Detail>
              <Detail label="Time zone">
                {event.time_zone
                  ? timeZoneLabel(event.time_zone, event.starts_at ? new Date(event.starts_at) : new Date())
                  : 'Not set'}
              </Detail>
              <Detail label="Event Start">{formatPickerDisplay(event.start_local) || 'Not set'}</Detail>
              <Detail label="Event End">{formatPickerDisplay(event.end_local) || 'Not set'}</Detail>
              <Detail label="Last Entry">{formatPickerDisplay(event.last_entry_local) || 'Not set'}</Detail>
              <Detail label="Minimum Age">{event.minimum_age === 0 ? 'All ages' : `${event.minimum_age}+`}</Detail>
              <Detail label="Currency">{event.currency}</Detail>
              <Detail label="Venue Capacity">{capacity}</Detail>
              <Detail label="Line-up" wide>
                {event.lineup.length ? (
                  <span className="flex flex-wrap gap-1.5">
                    {event.lineup.map((artist, index) => (
                      <span
                        key={`${artist}-${index}`}
                        className="border-border rounded-full border px-2.5 py-0.5 text-xs"
                      >
                        {artist}
                      </span>
                    ))}
                  </span>
                ) : (
                  'Not set'
                )}
              </Detail>
              <Detail label="Ticket rules" wide>
                <EventTicks
                  resale={event.resale_allowed}
                  refunds={event.refunds_allowed}
                  onEntry={event.sold_on_entry}
                />
              </Detail>
              <Detail label="Remove on Event End">
                {event.remove_on_event_end ? 'Yes, archived after it ends' : 'No'}
              </Detail>
              <Detail label="Published">
                {event.published_at ? new Date(event.published_at).toLocaleString('en-GB') : 'Not yet'}
              </Detail>
              <Detail label="Terms of Service" wide>
                <span className="whitespace-pre-wrap">{event.terms_of_service || 'Not set'}</span>
              </Detail>
            </dl>
          </section>

          <TicketTypesSection event={event} />
          <QuotasSection event={event} />
          <AddOnsSection event={event} />
          <DatesSection event={event} />
          <QuestionsSection event={event} />
          <CodesSection event={event} />
          <QueueSection event={event} />
        </div>

        <aside aria-label="Artwork and public page" className="flex flex-col gap-4 lg:sticky lg:top-6">
          <div className="bg-card border-border overflow-hidden rounded-2xl border">
            <div className="aspect-[4/3]">
              <Artwork url={event.artwork_url} alt={`${name} artwork`} />
            </div>
          </div>
          <div className="bg-card border-border flex flex-col gap-3 rounded-2xl border p-5">
            <h2 className="text-foreground text-sm font-semibold">Public page</h2>
            {event.public_url ? (
              <>
                <a
                  href={event.public_url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="text-foreground text-sm break-all underline underline-offset-2"
                >
                  {event.public_url}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
                <div className="rounded-lg bg-white p-3">
                  <img
                    src={eventQrCodeUrl(event.id)}
                    alt={`QR code for ${event.public_url}`}
                    width={192}
                    height={192}
                    className="mx-auto h-48 w-48"
                  />
                </div>
              </>
            ) : (
              <p className="text-muted-foreground text-sm">
                {event.status === 'cancelled'
                  ? 'The event is cancelled: its public page says so and sells no tickets.'
                  : 'The public page and its QR code appear once the event is published.'}
              </p>
            )}
          </div>
        </aside>
      </div>

      {/* Full width: the orders table needs the room beside the artwork column. */}
      {event.status !== 'draft' ? <CheckinSection eventId={event.id} /> : null}
      <GuestListSection event={event} />
      <OrdersSection eventId={event.id} />
      {event.status !== 'draft' ? <MessagesSection event={event} /> : null}
      {event.status !== 'draft' ? <SettlementSection eventId={event.id} /> : null}

      <Dialog open={confirmDelete} onClose={() => setConfirmDelete(false)} label="Delete draft">
        <div className="flex flex-col gap-4 p-6">
          <h2 className="text-foreground text-lg font-semibold">Delete this draft?</h2>
          <p className="text-muted-foreground text-sm">“{name}” will be deleted. This cannot be undone.</p>
          <div className="flex justify-end gap-2">
            <Button size="small" variant="secondary" onClick={() => setConfirmDelete(false)} data-autofocus>
              Cancel
            </Button>
            <button
              type="button"
              onClick={onDelete}
              disabled={deleteEvent.isPending}
              className="h-9 rounded-md bg-danger-solid px-4 font-mono text-xs font-semibold tracking-wide text-white uppercase transition hover:bg-red-800 disabled:opacity-50"
            >
              {deleteEvent.isPending ? 'Deleting...' : 'Delete'}
            </button>
          </div>
        </div>
      </Dialog>
    </div>
  );
}

/** The server refuses to cancel an event that has ended. */
function hasEnded(event: EventDto): boolean {
  return event.ends_at !== null && Date.parse(event.ends_at) <= Date.now();
}

function Stat({ label, value, children }: { label: string; value: string; children?: ReactNode }) {
  return (
    <div className="bg-card border-border rounded-xl border p-5">
      <p className="text-muted-foreground font-mono text-[11px] font-semibold tracking-wider uppercase">{label}</p>
      <p className="text-foreground mt-1 text-xl font-semibold tabular-nums">{value}</p>
      {children}
    </div>
  );
}

function Detail({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'sm:col-span-2' : ''}>
      <dt className="text-muted-foreground font-mono text-[11px] font-semibold tracking-wider uppercase">{label}</dt>
      <dd className="text-foreground mt-1 text-sm">{children}</dd>
    </div>
  );
}
