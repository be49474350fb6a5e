// The events module's reading of a typed price: the shared money module, with "not a valid price" as null
// so the service can answer a field error instead of throwing.
import { toMinorUnits, type CurrencyCode } from '@marquee/shared';

/** '12.50' GBP -> 1250. Null for text that is not a non-negative price in the currency's minor units. */
export function decimalToMinor(text: string, currency: CurrencyCode): number | null {
  if (!/^\d+(\.\d+)?$/.test(text.trim())) return null;
  try {
    return toMinorUnits(text, currency);
  } catch {
    return null;
  }
}
