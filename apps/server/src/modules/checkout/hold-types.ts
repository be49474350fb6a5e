// The hold's vocabulary, shared by the hold (hold.ts), its batch (hold-batch.ts) and its decision (hold-decide.ts),
// and by the checkout that asks for it: what a hold is asked for, and what it answers.
import type { BuyerDetails, CheckoutOutcome, LineVat } from '@marquee/shared';
import type { order } from '../../db/schema/index.js';
import type { LineQuantity } from '../stock/stock.js';
import type { LimitRule } from './rate-limit.js';
import type { SellableTicketType } from './storefront-event.js';
import type { AttendeeRows } from '../questions/checkout-answers.js';

export type OrderRow = typeof order.$inferSelect;

export interface HoldLine extends LineQuantity {
  type: SellableTicketType;
  /** The unit price after a promo code's discount (the type's price without one). */
  unitPriceMinor?: number;
}

/** Add-ons chosen with the tickets (decision 134), priced as the storefront read them. */
export interface HoldAddOnLine {
  addOnId: string;
  name: string;
  quantity: number;
  unitPriceMinor: number;
  /** Its VAT category and rate from lineVatOf(), as the storefront read them (decision 139). */
  vat: LineVat;
}

export interface HoldRequest {
  organizationId: string;
  eventId: string;
  buyer: BuyerDetails;
  submissionKey: string;
  lines: HoldLine[];
  now: Date;
  holdSeconds: number;
  /** The event's limit of tickets per buyer e-mail (held and bought). */
  maxTicketsPerEmail: number;
  /** A promo code the order uses (one use taken with the hold) and what it takes off in all. */
  promo?: { id: string; code: string; discountMinor: number } | null;
  /** An access code that unlocked a chosen hidden type (one use taken with the hold). */
  accessCodeId?: string | null;
  /**
   * The storefront read found places owed to the waiting list or to resale listings (decision 035): the hold
   * checks the public gate again against the event's counters as it has locked them.
   */
  keepOwed?: boolean;
  /** The waiting-room place of the admission that made this hold (one live order per admission). */
  queuePlace?: number | null;
  /**
   * Rate limits counted with the hold (decisions 039, 043): one hit on each key, and nothing held when a count
   * goes over its max (`holdOrder` answers `rate_limited`). A hold refused otherwise counts no hits.
   */
  limits?: Array<LimitRule & { key: string }>;
  /** The names on the tickets and the checkout answers, stored with the order in the hold's statement (decision 130). */
  attendee?: AttendeeRows | undefined;
  /** Add-ons held with the tickets from their own stock (decision 134). */
  addOns?: HoldAddOnLine[];
}

/** Why a hold took nothing (nothing was written for it): the checkout's outcomes that the hold itself decides. */
export type HoldRefusal = Extract<
  CheckoutOutcome,
  'not_on_sale' | 'submitted' | 'place_taken' | 'sold_out' | 'rate_limited' | 'code_used_up' | 'buyer_limit'
>;

/**
 * A hold's outcome: the pending order, or why there is none (`not_on_sale`: the event, a type, an add-on or a code
 * is gone; `quota_sold_out`: the types and the venue had room, but a shared quota over some of the chosen types had
 * not; `add_on_sold_out`: the tickets had room, a chosen add-on had not).
 */
export type HoldOutcome =
  | { kind: 'held'; order: OrderRow }
  | { kind: HoldRefusal }
  | { kind: 'quota_sold_out'; quotaId: string }
  | { kind: 'add_on_sold_out'; addOnId: string };
