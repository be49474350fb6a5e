// A credit note's VAT per rate (decisions 138, 139, 143): the prices it gives back are put on the receipt's rates,
// the refunded tickets' own lines first (each at its unit price and with its unit's VAT, as sold), anything else (a
// money-only refund, add-ons, an event's cancellation) across the receipt's rates in proportion to what each rate
// sold, pennies left over on the first rate, its VAT by the one rounding rule; exempt lines give back none. The
// refund that gives back the last of an order's prices gives back the rest of its VAT (refund-vat.ts), so an order
// refunded in full has given back exactly the VAT it was sold with.
import { refundVat } from '@marquee/shared';
import type { VatSummaryLine } from './document-model.js';

/** A refunded ticket's line as sold. */
export interface RefundedUnit {
  unitPriceMinor: number;
  /** The VAT inside the unit's price as sold. */
  unitVatMinor: number;
  vatRateBp: number;
  exempt: boolean;
}

const keyOf = (entry: { exempt?: boolean; rateBp: number }) => (entry.exempt ? 'exempt' : String(entry.rateBp));

export function creditNoteVatLines(
  receipt: readonly VatSummaryLine[],
  faceMinor: number,
  units: readonly RefundedUnit[],
): VatSummaryLine[] {
  if (receipt.length === 0 || faceMinor <= 0) return [];
  const given = new Map<string, number>(receipt.map((line) => [keyOf(line), 0]));
  // Of what each rate gives back, the whole units' prices and the VAT they were sold with.
  const unitsGiven = new Map<string, { grossMinor: number; vatMinor: number }>();
  let rest = faceMinor;
  for (const unit of units) {
    const key = keyOf({ exempt: unit.exempt, rateBp: unit.vatRateBp });
    if (!given.has(key) || rest === 0) continue;
    const take = Math.min(unit.unitPriceMinor, rest);
    given.set(key, given.get(key)! + take);
    if (take === unit.unitPriceMinor) {
      const whole = unitsGiven.get(key) ?? { grossMinor: 0, vatMinor: 0 };
      unitsGiven.set(key, { grossMinor: whole.grossMinor + take, vatMinor: whole.vatMinor + unit.unitVatMinor });
    }
    rest -= take;
  }
  const sold = receipt.reduce((sum, line) => sum + line.grossMinor, 0);
  if (rest > 0 && sold > 0) {
    let spread = 0;
    for (const line of receipt) {
      const share = Math.floor((rest * line.grossMinor) / sold);
      given.set(keyOf(line), given.get(keyOf(line))! + share);
      spread += share;
    }
    const first = keyOf(receipt[0]!);
    given.set(first, given.get(first)! + rest - spread);
  } else if (rest > 0) given.set(keyOf(receipt[0]!), given.get(keyOf(receipt[0]!))! + rest);
  return receipt
    .map((line) => {
      const grossMinor = given.get(keyOf(line)) ?? 0;
      const whole = unitsGiven.get(keyOf(line)) ?? { grossMinor: 0, vatMinor: 0 };
      const vatMinor = line.exempt ? 0 : whole.vatMinor + refundVat(grossMinor - whole.grossMinor, line.rateBp);
      return {
        rateBp: line.rateBp,
        exempt: line.exempt ?? false,
        netMinor: grossMinor - vatMinor,
        vatMinor,
        grossMinor,
      };
    })
    .filter((line) => line.grossMinor > 0);
}
