// The event page's checkout form: each ticket type with its price, booking fee and availability ('Sold out',
// 'Only N left'), a quantity per type, then the buyer's details and the ticks the event needs. A plain form
// that works without JavaScript; the checkout script only adds steppers.
import {
  boundedMemo,
  COUNTRY_CODES,
  FEW_LEFT_THRESHOLD,
  formatMoney,
  SALES_MESSAGES,
  type BuyerDetails,
} from '@marquee/shared';
import { typeSalesProblem } from '../modules/checkout/drop-rules.js';
import { codeHiddenFields, NO_CODE_VIEW, renderCodeEntry, renderOnSale, type CodeView } from './code-entry.js';
import type { SellableTicketType, StorefrontEvent } from '../modules/checkout/storefront-event.js';
import { escapeHtml } from '../lib/html.js';
import { bindingOrderLimit } from './order-limit.js';

export interface CheckoutFormState {
  quantities: Record<string, string>;
  buyer: BuyerDetails;
  /** The codes the form carried (hidden fields; checked again at the hold). */
  accessCode?: string;
  promoCode?: string;
}

export interface CheckoutFormErrors {
  message?: string;
  fields?: Record<string, string>;
}

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });
const countryOptions = COUNTRY_CODES.map((code) => ({ code, name: countryNames.of(code) ?? code })).sort((a, b) =>
  a.name.localeCompare(b.name, 'en'),
);

/** The country list's options with `selected` on one code: built once per code (a few hundred at most), since
 * every event page and refused form shows the whole list. */
const countryHtml = boundedMemo<string>(COUNTRY_CODES.length + 1);
const countryCodeSet = new Set<string>(COUNTRY_CODES);
function countryOptionsHtml(selected: string): string {
  const known = countryCodeSet.has(selected) ? selected : '';
  return countryHtml(known, () =>
    countryOptions
      .map(
        (option) =>
          `<option value="${option.code}"${option.code === known ? ' selected' : ''}>${escapeHtml(option.name)}</option>`,
      )
      .join(''),
  );
}

export function emptyCheckoutForm(country: string): CheckoutFormState {
  return {
    quantities: {},
    buyer: {
      firstName: '',
      lastName: '',
      email: '',
      phone: '',
      country,
      ageConfirmed: false,
      termsAccepted: false,
      marketingConsent: false,
    },
  };
}

/** Reads the posted form (application/x-www-form-urlencoded, already parsed to strings). */
export function readCheckoutForm(body: Record<string, string>): CheckoutFormState {
  const text = (key: string) => (typeof body[key] === 'string' ? body[key]!.slice(0, 500) : '');
  const quantities: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) {
    if (key.startsWith('qty_') && typeof value === 'string') quantities[key.slice(4, 64)] = value.slice(0, 10);
  }
  return {
    quantities,
    accessCode: text('access_code').slice(0, 64),
    promoCode: text('promo_code').slice(0, 64),
    buyer: {
      firstName: text('first_name'),
      lastName: text('last_name'),
      email: text('email'),
      phone: text('phone'),
      country: text('country'),
      ageConfirmed: body.age_confirmed === 'yes',
      termsAccepted: body.terms_accepted === 'yes',
      marketingConsent: body.marketing_consent === 'yes',
    },
  };
}

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

function input(
  name: string,
  key: keyof BuyerDetails,
  label: string,
  form: CheckoutFormState,
  errors: CheckoutFormErrors,
  attrs: string,
) {
  const value = form.buyer[key];
  return `<div class="field"><label for="${name}">${escapeHtml(label)}</label><input id="${name}" name="${name}" value="${escapeHtml(typeof value === 'string' ? value : '')}" ${attrs}${describedBy(errors, key)}>${fieldError(errors, key)}</div>`;
}

function tick(
  name: string,
  key: keyof BuyerDetails,
  label: string,
  form: CheckoutFormState,
  errors: CheckoutFormErrors,
) {
  return `<label class="check"><input type="checkbox" name="${name}" value="yes"${form.buyer[key] ? ' checked' : ''}${describedBy(errors, key)}><span>${escapeHtml(label)}</span></label>${fieldError(errors, key)}`;
}

/**
 * The buyer's details and the ticks the event needs, as the event page's checkout form asks them: name, e-mail
 * (or, for a waiting-list offer, the address the offer was made to, shown and not editable), optional phone,
 * country, the age tick when the event has a minimum age, the organiser's terms when there are any, and the
 * optional marketing consent.
 */
export function renderBuyerFields(
  row: { minimumAge: number; termsOfService: string },
  form: CheckoutFormState,
  errors: CheckoutFormErrors,
  options: { fixedEmail?: string; termsLabel?: string } = {},
): string {
  const country = countryOptionsHtml(form.buyer.country);
  const email =
    options.fixedEmail === undefined
      ? input('email', 'email', 'Email', form, errors, 'type="email" autocomplete="email" maxlength="254" required')
      : `<p class="muted">Email: <strong>${escapeHtml(options.fixedEmail)}</strong></p>`;
  return `<div class="row">${input('first_name', 'firstName', 'First name', form, errors, 'autocomplete="given-name" maxlength="60" required')}${input('last_name', 'lastName', 'Last name', form, errors, 'autocomplete="family-name" maxlength="60" required')}</div>
${email}
${input('phone', 'phone', 'Phone (optional)', form, errors, 'type="tel" autocomplete="tel" maxlength="25"')}
<div class="field"><label for="country">Country</label><select id="country" name="country" autocomplete="country"${describedBy(errors, 'country')}>${country}</select>${fieldError(errors, 'country')}</div>
${row.minimumAge > 0 ? tick('age_confirmed', 'ageConfirmed', `Every attendee is at least ${row.minimumAge}`, form, errors) : ''}
${row.termsOfService.trim() ? tick('terms_accepted', 'termsAccepted', options.termsLabel ?? "I accept the organiser's terms (above)", form, errors) : ''}
${tick('marketing_consent', 'marketingConsent', 'Send me news and offers from the organiser (optional)', form, errors)}`;
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
${renderBuyerFields(row, form, errors)}
<p class="muted">Prices include nothing extra beyond the booking fee shown. Your tickets are held for 15 minutes while you pay.</p>
<button type="submit">Continue to payment</button>`
}
</form>`;
}
