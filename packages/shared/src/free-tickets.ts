// Free tickets and RSVPs (issue 31, decision 124): a ticket type is free when its price is 0, which only an explicit
// 'free' choice stores (a paid type's 0 stays 'price required'). An order whose total is 0 is confirmed without a
// payment; an event whose types are all free is published without payouts. These are the one set of rules every
// reader (wizard, storefront, checkout, publishing, refunds, resale) asks.
import type { CurrencyCode } from './constants.js';
import { formatMoney } from './money.js';

/** What the storefront shows instead of a price. */
export const FREE_LABEL = 'Free';

export const FREE_MESSAGES = {
  /** A type marked free that also carries a price. */
  priceOnFree: 'A free ticket has no price: leave the price empty, or turn Free off',
  /** Any booking fee a client sends: the fee only ever comes from the ticket price (8%, so none on a free one). */
  feeFromClient: 'The booking fee is worked out from the ticket price and cannot be sent',
  /** A free ticket already used at the door: there is no money to give back and its entry stands. */
  refundUsedFree: 'This free ticket has been used at the door, so there is nothing to cancel',
  /** Resale is at face value; a free ticket has none, so it is given away by a transfer instead. */
  resaleFree: 'Free tickets cannot be listed for resale: transfer it to a friend instead',
} as const;

/** A price as a fan reads it: 'Free' for nothing, else the amount ('£12.50'). */
export const priceText = (minor: number, currency: CurrencyCode): string =>
  minor === 0 ? FREE_LABEL : formatMoney(minor, currency);

/** Whether a stored price (minor units; null = not set yet) is a free ticket's. */
export const isFreePrice = (priceMinor: number | null | undefined): boolean => priceMinor === 0;

/**
 * Whether every ticket type is free, so the event takes no money and needs no payouts. An event without types, or
 * with a type whose price is not set yet, is not free.
 */
export const allTypesFree = (types: ReadonlyArray<{ priceMinor: number | null }>): boolean =>
  types.length > 0 && types.every((type) => isFreePrice(type.priceMinor));

/** Whether an order comes to nothing (tickets and booking fee): it is confirmed at once, with no payment. */
export const isFreeOrder = (order: { amountMinor: number; feeMinor: number }): boolean =>
  order.amountMinor + order.feeMinor === 0;

/**
 * Keys a client might use to send a booking fee on the organiser's event and ticket type inputs: refused with a
 * clear message (a 400), rather than dropped silently like other unknown keys.
 */
export const CLIENT_FEE_KEYS = ['booking_fee', 'booking_fee_minor', 'fee', 'fee_minor'] as const;
