// Pay what you want (decision 133): each chosen pay-what-you-want line takes the fan's amount as its unit price,
// checked against the type's minimum, the price maximum and the currency's decimals. The booking fee follows from
// that price through unitPrice() (bookingFee(), paid by the fan or absorbed), like any other price; the hold stores it on the order line.
import { parseChosenAmount } from '@marquee/shared';
import type { LineQuantity } from '../stock/stock.js';
import { sellablePrice, type SellableTicketType } from './storefront-event.js';

type Line = LineQuantity & { type: SellableTicketType };

/**
 * The lines with each pay-what-you-want type priced at the fan's amount (`amounts`: type id -> text as posted), and
 * the message per refused amount field (`amount:<type id>`). Fixed-price lines are left as they are; an amount sent
 * for a fixed-price type is never read.
 */
export function applyChosenAmounts(
  lines: Line[],
  amounts: Record<string, string>,
): { lines: Line[]; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  const priced = lines.map((line) => {
    const { type } = line;
    if (type.minimumMinor === null) return line;
    const chosen = parseChosenAmount(amounts[type.id] ?? '', type.currency, type.minimumMinor);
    if ('error' in chosen) {
      fields[`amount:${type.id}`] = chosen.error;
      return line;
    }
    return {
      ...line,
      type: {
        ...type,
        priceMinor: chosen.minor,
        ...sellablePrice(chosen.minor, type.currency, type.feeMode, type.vat),
      },
    };
  });
  return { lines: priced, fields };
}
