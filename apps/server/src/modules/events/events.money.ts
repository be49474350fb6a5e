// Money helpers the events module needs until packages/shared/src/money.ts (payments branch) is merged; when it
// is, these become re-exports of toMinorUnits/formatMinor/bookingFeeMinor from there.
import { BOOKING_FEE_PERCENT, type CurrencyCode } from '@marquee/shared';

/** Decimal places of each currency's minor unit (ISO 4217); JPY has none. */
export function currencyDecimals(currency: CurrencyCode): number {
  return currency === 'JPY' ? 0 : 2;
}

/**
 * '12.50' GBP -> 1250, on the decimal text (never binary floats). Null when the text has more non-zero decimals
 * than the currency has ('1500.50' JPY): a price is never silently rounded.
 */
export function decimalToMinor(text: string, currency: CurrencyCode): number | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return null;
  const decimals = currencyDecimals(currency);
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > decimals) return null;
  const minor = Number(match[1]) * 10 ** decimals + Number(fraction.padEnd(decimals, '0') || '0');
  return Number.isSafeInteger(minor) ? minor : null;
}

/** 1250 GBP -> '12.50'; 1250 JPY -> '1250'. */
export function minorToDecimal(minor: number, currency: CurrencyCode): string {
  const decimals = currencyDecimals(currency);
  if (decimals === 0) return String(minor);
  const text = String(Math.abs(minor)).padStart(decimals + 1, '0');
  return `${minor < 0 ? '-' : ''}${text.slice(0, -decimals)}.${text.slice(-decimals)}`;
}

/** The customer's 8% booking fee on an amount, rounded half-up to the currency's minor unit. */
export function bookingFeeMinor(amountMinor: number): number {
  if (!Number.isSafeInteger(amountMinor) || amountMinor < 0) throw new RangeError(`Not an amount: ${amountMinor}`);
  return Math.floor((amountMinor * BOOKING_FEE_PERCENT + 50) / 100);
}

/** en-GB display with the currency's own code (spec section 9): '£20.00', '¥2,000'. */
export function formatMinor(minor: number, currency: CurrencyCode): string {
  const decimals = currencyDecimals(currency);
  return new Intl.NumberFormat('en-GB', {
    style: 'currency',
    currency,
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(minor / 10 ** decimals);
}
