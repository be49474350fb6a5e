// The waiting list's storefront pages (decision 035): the line on the event page when something is sold out,
// and the join form (a plain form: e-mail, quantity, which tickets), which works without JavaScript.
import type { StorefrontEvent } from '../modules/checkout/storefront-event.js';
import { WAITLIST_MAX_QUANTITY, waitlistLink } from '../modules/resale/waitlist.service.js';
import { escapeHtml } from './html.js';
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

export function renderWaitlistPage(
  organization: StorefrontFrameOrganization,
  stored: StorefrontEvent,
  state: WaitlistFormState,
  message?: { kind: 'alert' | 'note'; text: string },
): string {
  const link = waitlistLink(stored);
  const event = stored.event;
  const soldOut = stored.types.filter((type) => link.soldOutTypeIds.includes(type.id));
  const all = soldOut.length === stored.types.filter((type) => type.sale === 'open').length;
  const max = Math.min(WAITLIST_MAX_QUANTITY, stored.row.maxTicketsPerOrder);
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
