// The waiting list's storefront pages (decision 035): the line on the event page when something is sold out,
// the join form (a plain form: e-mail, quantity, which tickets) that gives way to a confirmation once joined, and
// the leave page of the e-mails' link (a question and a form; the POST leaves). All work without JavaScript.
import type { StorefrontEvent } from '../modules/checkout/storefront-event.js';
import { WAITLIST_MESSAGES } from '../modules/resale/resale-messages.js';
import type { LeaveView } from '../modules/resale/waitlist-leave.js';
import { waitlistLink, waitlistMaxQuantity } from '../modules/resale/waitlist.service.js';
import { escapeHtml } from '../lib/html.js';
import { renderStorefrontPage, type StorefrontFrameOrganization } from './storefront-layout.js';

/** On the event page: a link to the waiting list while the event or a type is sold out. */
export function waitlistCallout(stored: StorefrontEvent): string {
  const link = waitlistLink(stored);
  if (!link.open) return '';
  const all = link.soldOutTypeIds.length === stored.types.filter((type) => type.sale === 'open').length;
  return `<section class="waitlist" aria-labelledby="waitlist-title"><h2 id="waitlist-title">Waiting list</h2>
<p>${all ? 'Sold out?' : 'Some tickets are sold out.'} Join the waiting list: when tickets come back, the first in line gets an e-mail offer that holds them for 12 hours.</p>
<p><a class="button secondary" href="${escapeHtml(link.url)}">Join the waiting list</a></p></section>`;
}

export interface WaitlistFormState {
  email: string;
  quantity: string;
  type: string;
}

/** After a join (the POST redirects here): the confirmation takes the form's place. */
export type WaitlistDone = 'joined' | 'already';

function renderJoined(organization: StorefrontFrameOrganization, stored: StorefrontEvent, done: WaitlistDone) {
  const event = stored.event;
  const body = `<h1>Waiting list: ${escapeHtml(event.name)}</h1>
<div class="note" role="status">${escapeHtml(done === 'joined' ? WAITLIST_MESSAGES.joined : WAITLIST_MESSAGES.already)}</div>
<p>When tickets come back, the first in line is e-mailed an offer that holds them for 12 hours. If they do not use it, it passes to the next person. ${escapeHtml(WAITLIST_MESSAGES.leaveHint)}</p>
<p><a href="/events/${escapeHtml(event.slug)}">Back to the event</a></p>`;
  return renderStorefrontPage(organization, { title: `On the waiting list: ${event.name}`, body });
}

export function renderWaitlistPage(
  organization: StorefrontFrameOrganization,
  stored: StorefrontEvent,
  state: WaitlistFormState,
  message?: { kind: 'alert' | 'note'; text: string },
  done?: WaitlistDone,
): string {
  if (done) return renderJoined(organization, stored, done);
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
  ]
    .map(
      (option) =>
        `<option value="${escapeHtml(option.value)}"${option.value === state.type ? ' selected' : ''}>${escapeHtml(option.label)}</option>`,
    )
    .join('');
  const notice = message
    ? `<div class="${message.kind}" role="${message.kind === 'alert' ? 'alert' : 'status'}">${escapeHtml(message.text)}</div>`
    : '';
  const form = link.open
    ? `<form method="post" action="${escapeHtml(link.url)}" novalidate>
<div class="field"><label for="waitlist-email">Email</label><input id="waitlist-email" name="email" type="email" autocomplete="email" maxlength="254" required value="${escapeHtml(state.email)}"></div>
<div class="row"><div class="field"><label for="waitlist-quantity">Number of tickets</label><input id="waitlist-quantity" name="quantity" type="number" inputmode="numeric" min="1" max="${max}" required value="${escapeHtml(state.quantity || '1')}"></div>
<div class="field"><label for="waitlist-type">Which tickets</label><select id="waitlist-type" name="type">${options}</select></div></div>
<p class="muted">When tickets come back, the first in line is e-mailed an offer that holds them for 12 hours. If you do not use it, it passes to the next person.</p>
<button type="submit">Join the waiting list</button></form>`
    : `<p class="note">Tickets are on sale: <a href="/events/${escapeHtml(event.slug)}">buy them on the event page</a>.</p>`;
  const body = `<h1>Waiting list: ${escapeHtml(event.name)}</h1>${notice}${form}
<p><a href="/events/${escapeHtml(event.slug)}">Back to the event</a></p>`;
  return renderStorefrontPage(organization, { title: `Waiting list: ${event.name}`, body });
}

/** The e-mails' leave link: asks first (a GET changes nothing), or says the entry has left or ended. */
export function renderLeavePage(organization: StorefrontFrameOrganization, view: LeaveView, action: string): string {
  const event = `<strong>${escapeHtml(view.eventName)}</strong>`;
  const back = `<p><a href="/events/${escapeHtml(view.eventSlug)}">Back to the event</a></p>`;
  const wanted = `${view.quantity} × ${view.typeName ?? 'any ticket'}`;
  let title: string;
  let body: string;
  if (view.state === 'left') {
    title = 'You have left the waiting list';
    body = `<h1>${title}</h1>
<div class="note" role="status">You are no longer on the waiting list for ${event}, and we will not e-mail you about it again. While the event is sold out, you can join again from its page.</div>
${back}`;
  } else if (view.state === 'ended') {
    title = 'Your place on the waiting list has ended';
    body = `<h1>${title}</h1>
<p>Your place on the waiting list for ${event} has ended: tickets were offered to you, and the offer was used or ran out.</p>
${back}`;
  } else {
    title = 'Leave the waiting list?';
    const offer = view.offerOpen
      ? '<p class="note">Tickets are held for you right now. If you leave, they go to the next person in line.</p>'
      : '';
    body = `<h1>${title}</h1>
<p>You are on the waiting list for ${event}: ${escapeHtml(wanted)}, for ${escapeHtml(view.email)}.</p>
${offer}<form method="post" action="${escapeHtml(action)}"><button type="submit">Leave the waiting list</button></form>
<p><a href="/events/${escapeHtml(view.eventSlug)}">Stay on the list</a></p>`;
  }
  return renderStorefrontPage(organization, { title: `${title} · ${view.eventName}`, body });
}
