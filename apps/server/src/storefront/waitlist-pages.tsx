// The waiting list's storefront pages (decision 035): the line on the event page when something is sold out,
// the join form (a plain form: e-mail, quantity, which tickets) that gives way to a confirmation once joined, and
// the leave page of the e-mails' link (a question and a form; the POST leaves). All work without JavaScript.
// React components rendered on the server (decision 060).
import { Notice, type NoticeMessage } from './notice.js';
import type { ReactNode } from 'react';
import type { StorefrontEvent } from '../modules/checkout/storefront-event.js';
import { WAITLIST_MESSAGES } from '../modules/resale/resale-messages.js';
import type { LeaveView } from '../modules/resale/waitlist-leave.js';
import { waitlistLink, waitlistMaxQuantity } from '../modules/resale/waitlist.service.js';
import { renderStorefrontPage, type StorefrontFrameOrganization } from './layout.js';

export interface WaitlistFormState {
  email: string;
  quantity: string;
  type: string;
}

/** After a join (the POST redirects here): the confirmation takes the form's place. */
export type WaitlistDone = 'joined' | 'already';

function BackToEvent({ slug, label = 'Back to the event' }: { slug: string; label?: string }) {
  return (
    <p>
      <a href={`/events/${slug}`}>{label}</a>
    </p>
  );
}

function Joined({ stored, done }: { stored: StorefrontEvent; done: WaitlistDone }) {
  const event = stored.event;
  return (
    <>
      <h1>{`Waiting list: ${event.name}`}</h1>
      <div className="note" role="status">
        {done === 'joined' ? WAITLIST_MESSAGES.joined : WAITLIST_MESSAGES.already}
      </div>
      <p>
        {`When tickets come back, the first in line is e-mailed an offer that holds them for 12 hours. If they do not use it, it passes to the next person. ${WAITLIST_MESSAGES.leaveHint}`}
      </p>
      <BackToEvent slug={event.slug} />
    </>
  );
}

/** The join form: e-mail, quantity and which of the sold-out tickets; or, once on sale again, the way to buy. */
export function WaitlistForm({
  stored,
  state,
  message,
}: {
  stored: StorefrontEvent;
  state: WaitlistFormState;
  message?: NoticeMessage | undefined;
}) {
  const link = waitlistLink(stored);
  const event = stored.event;
  const soldOut = stored.types.filter((type) => link.soldOutTypeIds.includes(type.id));
  const all = soldOut.length === stored.types.filter((type) => type.sale === 'open').length;
  // Before the type is chosen: the most any of the offered choices allows (the server checks the chosen one).
  const max = Math.max(
    1,
    ...(all ? [waitlistMaxQuantity(stored, null)] : []),
    ...soldOut.map((type) => waitlistMaxQuantity(stored, type.id)),
  );
  const options = [
    ...(all ? [{ value: '', label: 'Any ticket' }] : []),
    ...soldOut.map((type) => ({ value: type.id, label: type.name })),
  ];
  return (
    <>
      <h1>{`Waiting list: ${event.name}`}</h1>
      <Notice message={message} />
      {link.open ? (
        <form method="post" action={link.url} noValidate>
          <div className="field">
            <label htmlFor="waitlist-email">Email</label>
            <input
              id="waitlist-email"
              name="email"
              type="email"
              autoComplete="email"
              maxLength={254}
              required
              defaultValue={state.email}
            />
          </div>
          <div className="row">
            <div className="field">
              <label htmlFor="waitlist-quantity">Number of tickets</label>
              <input
                id="waitlist-quantity"
                name="quantity"
                type="number"
                inputMode="numeric"
                min="1"
                max={max}
                required
                defaultValue={state.quantity || '1'}
              />
            </div>
            <div className="field">
              <label htmlFor="waitlist-type">Which tickets</label>
              <select id="waitlist-type" name="type" defaultValue={state.type}>
                {options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <p className="muted">
            When tickets come back, the first in line is e-mailed an offer that holds them for 12 hours. If you do not
            use it, it passes to the next person.
          </p>
          <button type="submit">Join the waiting list</button>
        </form>
      ) : (
        <p className="note">
          Tickets are on sale: <a href={`/events/${event.slug}`}>buy them on the event page</a>.
        </p>
      )}
      <BackToEvent slug={event.slug} />
    </>
  );
}

export function renderWaitlistPage(
  organization: StorefrontFrameOrganization,
  stored: StorefrontEvent,
  state: WaitlistFormState,
  message?: NoticeMessage,
  done?: WaitlistDone,
): string {
  const name = stored.event.name;
  return done
    ? renderStorefrontPage(organization, {
        title: `On the waiting list: ${name}`,
        body: <Joined stored={stored} done={done} />,
      })
    : renderStorefrontPage(organization, {
        title: `Waiting list: ${name}`,
        body: <WaitlistForm stored={stored} state={state} message={message} />,
      });
}

/** The leave page's title and body for the entry's state. */
function leaveContent(view: LeaveView, action: string): { title: string; body: ReactNode } {
  const event = <strong>{view.eventName}</strong>;
  const back = <BackToEvent slug={view.eventSlug} />;
  if (view.state === 'left') {
    const title = 'You have left the waiting list';
    return {
      title,
      body: (
        <>
          <h1>{title}</h1>
          <div className="note" role="status">
            You are no longer on the waiting list for {event}, and we will not e-mail you about it again. While the
            event is sold out, you can join again from its page.
          </div>
          {back}
        </>
      ),
    };
  }
  if (view.state === 'ended') {
    const title = 'Your place on the waiting list has ended';
    return {
      title,
      body: (
        <>
          <h1>{title}</h1>
          <p>
            Your place on the waiting list for {event} has ended: tickets were offered to you, and the offer was used or
            ran out.
          </p>
          {back}
        </>
      ),
    };
  }
  const title = 'Leave the waiting list?';
  const wanted = `${view.quantity} × ${view.typeName ?? 'any ticket'}`;
  return {
    title,
    body: (
      <>
        <h1>{title}</h1>
        <p>
          You are on the waiting list for {event}: {`${wanted}, for ${view.email}.`}
        </p>
        {view.offerOpen ? (
          <p className="note">Tickets are held for you right now. If you leave, they go to the next person in line.</p>
        ) : null}
        <form method="post" action={action}>
          <button type="submit">Leave the waiting list</button>
        </form>
        <BackToEvent slug={view.eventSlug} label="Stay on the list" />
      </>
    ),
  };
}

/** The e-mails' leave link: asks first (a GET changes nothing), or says the entry has left or ended. */
export function renderLeavePage(organization: StorefrontFrameOrganization, view: LeaveView, action: string): string {
  const { title, body } = leaveContent(view, action);
  return renderStorefrontPage(organization, { title: `${title} · ${view.eventName}`, body });
}
