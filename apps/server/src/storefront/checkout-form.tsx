// The event page's checkout form: each ticket type with its price, booking fee and availability ('Sold out',
// 'Only N left'), a quantity per type, then the buyer's details and the ticks the event needs. A plain form
// that works without JavaScript; the checkout script only adds steppers.
import { FEW_LEFT_THRESHOLD, formatMoney, SALES_MESSAGES } from '@marquee/shared';
import { typeSalesProblem } from '../modules/checkout/drop-rules.js';
import { codeHiddenFields, NO_CODE_VIEW, renderCodeEntry, renderOnSale, type CodeView } from './code-entry.js';
import type { SellableTicketType, StorefrontEvent } from '../modules/checkout/storefront-event.js';
import { escapeHtml } from '../lib/html.js';
import { renderFragment } from '../lib/document.js';
import { BuyerFields } from './buyer-fields.js';
import type { CheckoutFormErrors, CheckoutFormState } from './checkout-form-state.js';

export {
  emptyCheckoutForm,
  readCheckoutForm,
  type CheckoutFormErrors,
  type CheckoutFormState,
} from './checkout-form-state.js';
import { bindingOrderLimit } from './order-limit.js';

function availability(type: SellableTicketType, timeZone: string): string {
  const window = typeSalesProblem(type, timeZone);
  const presale = type.unlocked ? '<span class="badge">Presale</span> ' : '';
  if (window) return `${presale}<span class="badge out">${escapeHtml(window)}</span>`;
  if (type.remaining === 0) return '<span class="badge out">Sold out</span>';
  if (type.remaining !== null && type.remaining <= FEW_LEFT_THRESHOLD)
    return `${presale}<span class="badge">Only ${type.remaining} left</span>`;
  return presale;
}

const fieldError = (errors: CheckoutFormErrors, key: string) => {
  const message = errors.fields?.[key];
  return message ? `<p class="error" id="${escapeHtml(key)}-error">${escapeHtml(message)}</p>` : '';
};
const describedBy = (errors: CheckoutFormErrors, key: string) =>
  errors.fields?.[key] ? ` aria-invalid="true" aria-describedby="${escapeHtml(key)}-error"` : '';

function typeRow(
  type: SellableTicketType,
  form: CheckoutFormState,
  errors: CheckoutFormErrors,
  timeZone: string,
  eventLimit: number,
): string {
  const key = `qty:${type.id}`;
  // The stepper stops at what one order can take of this type: its own limit, the event's, what is left.
  const max = Math.min(type.maxPerOrder, eventLimit, type.remaining ?? Number.MAX_SAFE_INTEGER);
  const soldOut = type.remaining === 0 || type.sale !== 'open';
  const value = form.quantities[type.id] ?? '0';
  return `<li class="type"><div><h3 id="type-${type.id}">${escapeHtml(type.name)}</h3>
${type.description ? `<p class="muted">${escapeHtml(type.description)}</p>` : ''}
<p><span class="price">${escapeHtml(formatMoney(type.priceMinor, type.currency))}</span> <span class="muted">+ ${escapeHtml(formatMoney(type.feeMinor, type.currency))} booking fee</span></p>
${availability(type, timeZone)}${fieldError(errors, key)}</div>
${
  soldOut
    ? ''
    : `<div class="qty"><label class="sr" for="qty-${type.id}">Quantity of ${escapeHtml(type.name)}</label><input id="qty-${type.id}" name="qty_${type.id}" type="number" inputmode="numeric" min="0" max="${max}" step="1" value="${escapeHtml(value)}" data-stepper${describedBy(errors, key)}></div>`
}</li>`;
}

export function renderCheckoutForm(
  stored: StorefrontEvent,
  form: CheckoutFormState,
  errors: CheckoutFormErrors,
  codes: CodeView = NO_CODE_VIEW,
): string {
  const types = stored.types;
  const entry = renderCodeEntry(stored.row.id, codes, errors.fields?.code);
  if (types.length === 0) return `${entry}<p class="note">Tickets are not on sale yet.</p>`;
  const allSoldOut = types.every((type) => type.remaining === 0 || type.sale !== 'open');
  const closed = types.every((type) => type.sale === 'after');
  const row = stored.row;
  const limit = allSoldOut ? null : bindingOrderLimit(stored);
  return `${renderOnSale(stored)}${entry}<form method="post" action="/events/${row.slug}/checkout" novalidate aria-labelledby="tickets-title">
<h2 id="tickets-title">Tickets</h2>
${errors.message ? `<div class="alert" role="alert">${escapeHtml(errors.message)}</div>` : ''}
${limit === null ? '' : `<p class="muted">At most ${limit} tickets in one order.</p>`}
<ul class="types">${types.map((type) => typeRow(type, form, errors, row.timeZone, row.maxTicketsPerOrder)).join('')}</ul>
${codeHiddenFields(codes)}
${
  allSoldOut
    ? closed
      ? `<p class="note">${escapeHtml(SALES_MESSAGES.closed)}</p>`
      : stored.salesState === 'before'
        ? ''
        : '<p class="note">This event is sold out.</p>'
    : `<h2>Your details</h2>
${renderFragment(<BuyerFields row={row} form={form} errors={errors} />)}
<p class="muted">Prices include nothing extra beyond the booking fee shown. Your tickets are held for 15 minutes while you pay.</p>
<button type="submit">Continue to payment</button>`
}
</form>`;
}
