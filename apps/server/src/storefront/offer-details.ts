// The waiting-list offer's details on the order summary (decision 035): the Pay form of an offer that has no
// buyer name yet carries the event page's buyer fields (checkout-form.ts), and paying stores them first.
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client.js';
import type { OrderRow } from '../modules/checkout/hold-types.js';
import {
  OFFER_DETAILS_MESSAGE,
  offerNeedsDetails,
  offerRules,
  saveOfferDetails,
} from '../modules/resale/waitlist-offer.js';
import {
  emptyCheckoutForm,
  readCheckoutForm,
  type CheckoutFormErrors,
  type CheckoutFormState,
} from './checkout-form.js';

export interface OfferDetailsView {
  rules: { minimumAge: number; termsOfService: string };
  form: CheckoutFormState;
  errors: CheckoutFormErrors;
}

/** What the summary shows for an offer still missing its details (null for any other order). */
export async function offerDetailsView(
  db: Database,
  current: OrderRow,
  defaultCountry: string,
  posted?: { form: CheckoutFormState; errors: CheckoutFormErrors },
): Promise<OfferDetailsView | null> {
  if (!offerNeedsDetails(current)) return null;
  const rules = await offerRules(db, current);
  return { rules, form: posted?.form ?? emptyCheckoutForm(defaultCountry), errors: posted?.errors ?? {} };
}

/**
 * Before an offer's payment starts: its details, from the posted Pay form, checked and stored. Returns what the
 * summary must show again (the form as posted and its problems), or null when the payment may start.
 */
export async function takeOfferDetails(
  db: Database,
  request: FastifyRequest,
  current: OrderRow,
): Promise<{ form: CheckoutFormState; errors: CheckoutFormErrors } | null> {
  if (!offerNeedsDetails(current)) return null;
  const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, string>;
  const form = readCheckoutForm(body);
  const problems = await saveOfferDetails(db, current, form.buyer);
  if (!problems) return null;
  return { form, errors: { message: OFFER_DETAILS_MESSAGE, fields: problems as Record<string, string> } };
}
