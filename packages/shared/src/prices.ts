// What a fan pays (decision 135): the one place that turns a face value into the all-in price a fan sees and pays,
// and splits the booking fee between the fan and an organiser who absorbs it. The fee itself is always
// bookingFee()'s; every storefront price, the hold and the payment read this.
import { z } from 'zod';
import type { CurrencyCode } from './constants.js';
import { bookingFee, formatMoney } from './money.js';
import { PLATFORM_FEE_VAT_BP, vatInGross } from './vat.js';
import { lineVatText, NO_VAT, type LineVat, type VatCategory } from './vat-rates.js';

/** Who pays the booking fee of an event's sales: the fan (on top of the price) or the organiser (out of payout). */
export type FeeMode = 'fan' | 'absorbed';

export const feeModeOf = (absorbFee: boolean): FeeMode => (absorbFee ? 'absorbed' : 'fan');

/** One unit (a ticket or an add-on) at a face value, in minor units. */
export interface UnitPrice {
  /** The price the organiser set (after any discount). */
  faceMinor: number;
  /** The platform's booking fee on it: bookingFee(face), whoever pays it. */
  feeMinor: number;
  /** The part of the fee the fan pays: the fee, or 0 when the organiser absorbs it. */
  fanFeeMinor: number;
  /** The part the organiser absorbs: 0, or the fee. */
  absorbedFeeMinor: number;
  /** What the fan pays for the unit, everything included: face + fan's fee. The headline price. */
  allInMinor: number;
  /**
   * The VAT inside the face value (decision 138; 0 when the organiser is not registered), its rate and the line's
   * VAT category (decision 139; null: not registered).
   */
  vatMinor: number;
  vatRateBp: number;
  vatCategory: VatCategory | null;
  /** The platform's VAT inside the fan's booking fee. */
  fanFeeVatMinor: number;
}

/**
 * One unit at a face value that already includes any VAT (`vat`: the line's category and rate from lineVatOf(),
 * NO_VAT when the organiser is not registered; see vat-rates.ts for prices entered exclusive of VAT).
 */
export function unitPrice(faceMinor: number, currency: CurrencyCode, mode: FeeMode, vat: LineVat = NO_VAT): UnitPrice {
  const feeMinor = bookingFee(faceMinor, currency);
  const fanFeeMinor = mode === 'fan' ? feeMinor : 0;
  return {
    faceMinor,
    feeMinor,
    fanFeeMinor,
    absorbedFeeMinor: feeMinor - fanFeeMinor,
    allInMinor: faceMinor + fanFeeMinor,
    vatMinor: vatInGross(faceMinor, vat.rateBp),
    vatRateBp: vat.rateBp,
    vatCategory: vat.category,
    fanFeeVatMinor: vatInGross(fanFeeMinor, PLATFORM_FEE_VAT_BP),
  };
}

/** Units of one kind in an order. */
export interface PricedQuantity {
  faceMinor: number;
  quantity: number;
  /** The unit's VAT (absent: none). */
  vat?: LineVat;
}

/** An order's money, in minor units: each figure the sum over its units. */
export interface OrderPrice {
  /** Face values (what the organiser sells for, after discount). */
  faceMinor: number;
  /** Booking fees the fan pays. */
  fanFeeMinor: number;
  /** Booking fees the organiser absorbs. */
  absorbedFeeMinor: number;
  /** What the fan pays: face + fan's fees. */
  totalMinor: number;
  /** The VAT inside the face values, and the platform's VAT inside the fan's fees. */
  vatMinor: number;
  fanFeeVatMinor: number;
}

/** Sums units priced one by one (the fee is per unit, as each line of the order stores it). */
export function orderPrice(units: readonly PricedQuantity[], currency: CurrencyCode, mode: FeeMode): OrderPrice {
  let faceMinor = 0;
  let fanFeeMinor = 0;
  let absorbedFeeMinor = 0;
  let vatMinor = 0;
  let fanFeeVatMinor = 0;
  for (const unit of units) {
    const price = unitPrice(unit.faceMinor, currency, mode, unit.vat ?? NO_VAT);
    faceMinor += price.faceMinor * unit.quantity;
    fanFeeMinor += price.fanFeeMinor * unit.quantity;
    absorbedFeeMinor += price.absorbedFeeMinor * unit.quantity;
    vatMinor += price.vatMinor * unit.quantity;
    fanFeeVatMinor += price.fanFeeVatMinor * unit.quantity;
  }
  return { faceMinor, fanFeeMinor, absorbedFeeMinor, totalMinor: faceMinor + fanFeeMinor, vatMinor, fanFeeVatMinor };
}

/** The breakdown under an all-in price: '£20.00 ticket + £1.60 booking fee', or 'Booking fee included'. */
export function priceBreakdownText(price: UnitPrice, currency: CurrencyCode, what = 'ticket'): string {
  if (price.faceMinor === 0) return 'No booking fee';
  const said = lineVatText({ category: price.vatCategory, rateBp: price.vatRateBp }, price.vatMinor, currency);
  const vat = said ? ` (${said})` : '';
  if (price.fanFeeMinor === 0) return `${formatMoney(price.faceMinor, currency)} ${what}${vat}, no booking fee to pay`;
  return `${formatMoney(price.faceMinor, currency)} ${what}${vat} + ${formatMoney(price.fanFeeMinor, currency)} booking fee`;
}

/** The organiser's switch on an event (PUT /api/events/:id/booking-fee). */
export const bookingFeeSettingSchema = z.object({ absorb_fee: z.boolean() }).strict();
export type BookingFeeSetting = z.infer<typeof bookingFeeSettingSchema>;

export const bookingFeeSettingResultSchema = z.object({
  absorb_fee: z.boolean(),
  /** Paid orders of the event before the change: they keep the fee as they were sold with. */
  orders_before: z.number().int(),
  /** What the change means, in plain words. */
  message: z.string(),
});
export type BookingFeeSettingResult = z.infer<typeof bookingFeeSettingResultSchema>;

export const BOOKING_FEE_TEXT = {
  absorbLabel: 'I pay the booking fee',
  absorbHint:
    'Fans pay the ticket price only; the 8% booking fee comes out of your payout. Off: fans pay it on top, shown in the price they see.',
  futureOnly: 'Changes apply to new orders only: orders already sold keep the booking fee they were sold with.',
  savedAbsorbed: 'You now pay the booking fee on new orders of this event.',
  savedFans: 'Fans now pay the booking fee on new orders of this event.',
  ordersKept: (count: number) =>
    `The ${count} order${count === 1 ? '' : 's'} already sold keep${count === 1 ? 's' : ''} the booking fee ${count === 1 ? 'it was' : 'they were'} sold with.`,
} as const;
