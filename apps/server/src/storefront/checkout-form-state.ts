// What the checkout form holds: the quantities, the buyer's details and the codes, as posted or to show again.
import type { BuyerDetails } from '@marquee/shared';
import { isAttendeeField } from '../modules/questions/checkout-answers.js';
import { trackingCodeOf } from './tracking.js';

export interface CheckoutFormState {
  quantities: Record<string, string>;
  /** Pay what you want (decision 133): the amount typed per type, as posted (shown again on a refused form). */
  amounts?: Record<string, string>;
  /** Add-ons (decision 134): the quantity chosen per add-on, as posted. */
  addOns?: Record<string, string>;
  buyer: BuyerDetails;
  /** The codes the form carried (hidden fields; checked again at the hold). */
  accessCode?: string;
  promoCode?: string;
  /** The tracking link's code the fan came by (`?tl=`, decision 156), carried as a hidden field to the hold. */
  trackingCode?: string | null;
  /** Names on tickets and answers to the organiser's questions, by field name, as posted (decision 130). */
  attendee?: Record<string, string>;
}

export interface CheckoutFormErrors {
  message?: string;
  fields?: Record<string, string>;
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
  const amounts: Record<string, string> = {};
  const addOns: Record<string, string> = {};
  const attendee: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) {
    if (key.startsWith('qty_') && typeof value === 'string') quantities[key.slice(4, 64)] = value.slice(0, 10);
    // Kept well past any valid amount, so an oversized one is refused with its message rather than cut to fit.
    else if (key.startsWith('amount_') && typeof value === 'string') amounts[key.slice(7, 64)] = value.slice(0, 40);
    else if (key.startsWith('addon_') && typeof value === 'string') addOns[key.slice(6, 64)] = value.slice(0, 10);
    // Kept as typed, up to well past any answer's limit, so a too-long answer comes back to be shortened.
    else if (isAttendeeField(key) && typeof value === 'string' && key.length <= 100)
      attendee[key] = value.slice(0, 4000);
  }
  return {
    quantities,
    amounts,
    addOns,
    attendee,
    accessCode: text('access_code').slice(0, 64),
    promoCode: text('promo_code').slice(0, 64),
    trackingCode: trackingCodeOf(body),
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
