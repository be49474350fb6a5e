// Money on event screens: en-GB formatting with the currency from the response (spec section 9); amounts
// arrive in minor units and are converted with the currency's own number of decimals (JPY has none).
import { CURRENCIES, type CurrencyCode } from '@marquee/shared';

export function currencySymbol(code: CurrencyCode): string {
  return CURRENCIES.find((currency) => currency.code === code)?.symbol ?? code;
}

export function minorUnitDigits(code: CurrencyCode): number {
  return (
    new Intl.NumberFormat('en-GB', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2
  );
}

export function formatMoneyMinor(amountMinor: number, code: CurrencyCode): string {
  const digits = minorUnitDigits(code);
  return new Intl.NumberFormat('en-GB', { style: 'currency', currency: code }).format(amountMinor / 10 ** digits);
}

/** A typed decimal price with its symbol, e.g. '£12.50' or 'CHF 12.50' ('' when empty). */
export function formatPriceText(price: string, code: CurrencyCode): string {
  const trimmed = price.trim();
  if (!trimmed) return '';
  const symbol = currencySymbol(code);
  return symbol.length > 1 ? `${symbol} ${trimmed}` : `${symbol}${trimmed}`;
}

/** A metric's change: '+12.5%', '-3%' or '0%'. */
export function formatChange(change: number): string {
  const rounded = Math.round(change * 10) / 10;
  if (rounded === 0) return '0%';
  return `${rounded > 0 ? '+' : ''}${rounded}%`;
}
