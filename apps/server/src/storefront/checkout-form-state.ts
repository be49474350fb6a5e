// What the checkout form holds: the quantities, the buyer's details and the codes, as posted or to show again.
import type { BuyerDetails } from '@marquee/shared';

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
