// The order total the event page shows before the fan leaves it (decision 135): the chosen tickets and add-ons
// priced exactly as the hold will price them (pay-what-you-want amounts, the promo code's discount, the booking fee
// per unit from unitPrice(), paid by the fan or absorbed), with each line's all-in price. Nothing is held.
import { lineVatText, orderPrice, unitPrice, type CurrencyCode, type FeeMode, type OrderPrice } from '@marquee/shared';
import { parseAddOns } from './add-on-choice.js';
import { applyChosenAmounts } from './chosen-amounts.js';
import { parseQuantities } from './checkout-refusals.js';
import { pricedLines } from './drop-rules.js';
import type { ResolvedCodes } from '../codes/code-check.js';
import type { StorefrontEvent } from './storefront-event.js';

export interface QuoteLine {
  name: string;
  quantity: number;
  /** The fan's price of one, everything included. */
  unitAllInMinor: number;
  /** The face value of one (after any discount) and the booking fee the fan pays on it. */
  unitFaceMinor: number;
  unitFanFeeMinor: number;
  vatText: string | null;
}

export interface OrderQuote extends OrderPrice {
  currency: CurrencyCode;
  feeMode: FeeMode;
  lines: QuoteLine[];
  /** What the promo code took off the face values. */
  discountMinor: number;
  /** Messages per field for quantities or amounts the hold would refuse (the page shows them). */
  fields: Record<string, string>;
}

export interface QuoteInput {
  quantities: Record<string, string>;
  amounts?: Record<string, string> | undefined;
  addOns?: Record<string, string> | undefined;
}

export function quoteOrder(stored: StorefrontEvent, input: QuoteInput, codes: ResolvedCodes): OrderQuote {
  const currency = (stored.types[0]?.currency ?? 'GBP') as CurrencyCode;
  const feeMode: FeeMode = stored.row.absorbFee ? 'absorbed' : 'fan';
  const parsed = parseQuantities(input.quantities, stored.types, stored.row.timeZone);
  const chosen = applyChosenAmounts(parsed.lines, input.amounts ?? {});
  const priced = pricedLines(chosen.lines, codes);
  const tickets = chosen.lines.reduce((sum, line) => sum + line.quantity, 0);
  const addOns = tickets > 0 ? parseAddOns(input.addOns ?? {}, stored.addOns, tickets) : { lines: [], fields: {} };
  const units = [
    ...priced.lines.map((line) => ({
      name: line.type.name,
      quantity: line.quantity,
      faceMinor: line.unitPriceMinor ?? line.type.priceMinor,
      vat: line.type.vat,
    })),
    // Each add-on at its own category's rate, as the hold prices it (decision 139).
    ...addOns.lines.map((line) => ({
      name: line.name,
      quantity: line.quantity,
      faceMinor: line.unitPriceMinor,
      vat: line.vat,
    })),
  ];
  const lines = units.map((unit) => {
    const price = unitPrice(unit.faceMinor, currency, feeMode, unit.vat);
    return {
      name: unit.name,
      /** What the line's VAT is, in words ('incl. £0.24 VAT at 5%', 'zero-rated'); null: none. */
      vatText: lineVatText(unit.vat, price.vatMinor * unit.quantity, currency),
      quantity: unit.quantity,
      unitAllInMinor: price.allInMinor,
      unitFaceMinor: price.faceMinor,
      unitFanFeeMinor: price.fanFeeMinor,
    };
  });
  return {
    ...orderPrice(units, currency, feeMode),
    currency,
    feeMode,
    lines,
    discountMinor: priced.discountMinor,
    fields: {
      ...parsed.fields,
      ...chosen.fields,
      ...addOns.fields,
      // A code that takes nothing off these tickets: the checkout would refuse it, so the total says so now.
      ...(priced.problem && chosen.lines.length > 0 ? { code: priced.problem } : {}),
    },
  };
}
