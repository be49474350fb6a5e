// A waiting-list offer's buyer details (decision 035). An offer is a hold made for the fan's e-mail only, so its
// order has no name yet: the offer page asks what the event page's checkout form asks (name, optional phone,
// country, the age tick, the organiser's terms, the marketing consent) and the server refuses to start the payment
// of an offer until they are given.
import { and, eq } from 'drizzle-orm';
import { validateBuyerDetails, type BuyerDetails, type BuyerField } from '@marquee/shared';
import type { Database } from '../../db/client.js';
import { event, order } from '../../db/schema/index.js';
import type { OrderRow } from '../checkout/hold-types.js';

export const OFFER_SUBMISSION_PREFIX = 'waitlist:';

export const OFFER_DETAILS_MESSAGE = 'Please fill in your details before paying.';

/** An order made by the waiting list as an offer (its hold's submission key names the entry). */
export const isWaitlistOffer = (current: Pick<OrderRow, 'submissionKey'>) =>
  Boolean(current.submissionKey?.startsWith(OFFER_SUBMISSION_PREFIX));

/** An offer whose fan has not given their details yet: its payment cannot start. */
export const offerNeedsDetails = (current: Pick<OrderRow, 'submissionKey' | 'status' | 'firstName' | 'lastName'>) =>
  isWaitlistOffer(current) && current.status === 'pending' && (!current.firstName.trim() || !current.lastName.trim());

/** What the offer page asks: the event's minimum age and terms. */
export async function offerRules(db: Database, current: OrderRow) {
  const [row] = await db
    .select({ minimumAge: event.minimumAge, termsOfService: event.termsOfService })
    .from(event)
    .where(and(eq(event.id, current.eventId), eq(event.organizationId, current.organizationId)))
    .limit(1);
  return row ?? { minimumAge: 0, termsOfService: '' };
}

/**
 * Checks the posted details with the checkout form's own rules (the e-mail is the offer's) and stores them on the
 * still-pending offer. Returns the per-field problems, or null when stored.
 */
export async function saveOfferDetails(
  db: Database,
  current: OrderRow,
  posted: BuyerDetails,
): Promise<Partial<Record<BuyerField, string>> | null> {
  const rules = await offerRules(db, current);
  const buyer = { ...posted, email: current.customerEmail };
  const errors = validateBuyerDetails(buyer, {
    minimumAge: rules.minimumAge,
    hasTerms: rules.termsOfService.trim() !== '',
  });
  if (Object.keys(errors).length > 0) return errors;
  await db
    .update(order)
    .set({
      firstName: buyer.firstName.trim(),
      lastName: buyer.lastName.trim(),
      phone: buyer.phone.trim() || null,
      country: buyer.country,
      marketingConsent: buyer.marketingConsent,
      updatedAt: new Date(),
    })
    .where(
      and(eq(order.id, current.id), eq(order.organizationId, current.organizationId), eq(order.status, 'pending')),
    );
  return null;
}
