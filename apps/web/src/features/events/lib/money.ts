// Money on event screens: en-GB formatting with the currency from the response (spec section 9); amounts
// arrive in minor units and are converted with the currency's own number of decimals (JPY has none).
import { CURRENCIES, formatMoney, type CurrencyCode } from '@marquee/shared';

export { formatChange } from '../../../components/ui/metric-card';

export function currencySymbol(code: CurrencyCode): string {
  return CURRENCIES.find((currency) => currency.code === code)?.symbol ?? code;
}

/** The shared money module's formatting (one money type, one formatter). */
export const formatMoneyMinor = formatMoney;

/** A typed decimal price with its symbol, e.g. '£12.50' or 'CHF 12.50' ('' when empty). */
export function formatPriceText(price: string, code: CurrencyCode): string {
  const trimmed = price.trim();
  if (!trimmed) return '';
  const symbol = currencySymbol(code);
  return symbol.length > 1 ? `${symbol} ${trimmed}` : `${symbol}${trimmed}`;
}
