// Pay what you want (issue 31, decision 133): a ticket type whose fan chooses the price, at least the organiser's
// minimum (0 = donation-style), prefilled with a suggested price. The type's stored price is the suggested one, so
// every reader of a type's price (publishing, payouts, 'from' prices) sees a paid type; the chosen amount is the
// order line's unit price, and the booking fee is bookingFee() of it like any price.
import type { CurrencyCode } from './constants.js';
import { currencyDecimals, formatMoney, MAX_TICKET_PRICE_MINOR, ticketPriceTooHighMessage } from './money.js';

export const PWYW_MESSAGES = {
  suggestedRequired: 'Suggested price must be more than 0',
  minimumRequired: 'Enter a minimum price (0 for any amount)',
  suggestedBelowMinimum: 'Suggested price must be at least the minimum price',
  freeAndPwyw: 'A free ticket cannot also be pay what you want: turn one of them off',
  /** The fan's amount field. */
  amountRequired: 'Enter the amount you want to pay',
  amountNotNumber: (currency: CurrencyCode) =>
    currencyDecimals(currency) === 0
      ? 'Enter the amount as a whole number, like 500'
      : 'Enter the amount as a number, like 5.00',
  amountDecimals: (currency: CurrencyCode) =>
    currencyDecimals(currency) === 0 ? `${currency} amounts have no decimals` : 'Enter the amount in steps of 0.01',
  amountBelowMinimum: (minimumMinor: number, currency: CurrencyCode) =>
    `Pay at least ${formatMoney(minimumMinor, currency)} for this ticket`,
  amountTooHigh: (currency: CurrencyCode) => ticketPriceTooHighMessage(currency).replace('Ticket price', 'The amount'),
} as const;

/** What the fan's checkout form says beside the amount field: 'Pay what you want, at least £5.00'. */
export const pwywLabel = (minimumMinor: number, currency: CurrencyCode): string =>
  minimumMinor === 0 ? 'Pay what you want' : `Pay what you want, at least ${formatMoney(minimumMinor, currency)}`;

/** Whether a type is pay what you want: it has a minimum (null = a fixed price). */
export const isPayWhatYouWant = (type: { minPriceMinor?: number | null }): boolean =>
  type.minPriceMinor !== null && type.minPriceMinor !== undefined;

/** Minor units as the amount field shows them: 500 GBP -> '5.00', 500 JPY -> '500'. */
export function amountText(minor: number, currency: CurrencyCode): string {
  const decimals = currencyDecimals(currency);
  return decimals === 0 ? String(minor) : (minor / 10 ** decimals).toFixed(decimals);
}

/**
 * The fan's typed amount in minor units, or the message for the field: digits with at most the currency's
 * decimals (a leading currency symbol, spaces or thousands separators are not accepted), no control characters,
 * at least `minimumMinor` and at most the ticket price maximum.
 */
export function parseChosenAmount(
  raw: string,
  currency: CurrencyCode,
  minimumMinor: number,
): { minor: number } | { error: string } {
  const text = raw.trim();
  if (text === '') return { error: PWYW_MESSAGES.amountRequired };
  const decimals = currencyDecimals(currency);
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return { error: PWYW_MESSAGES.amountNotNumber(currency) };
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > decimals) return { error: PWYW_MESSAGES.amountDecimals(currency) };
  const whole = Number(match[1]);
  if (whole > MAX_TICKET_PRICE_MINOR) return { error: PWYW_MESSAGES.amountTooHigh(currency) };
  const minor = whole * 10 ** decimals + Number(fraction.padEnd(decimals, '0') || '0');
  if (minor > MAX_TICKET_PRICE_MINOR) return { error: PWYW_MESSAGES.amountTooHigh(currency) };
  if (minor < minimumMinor) return { error: PWYW_MESSAGES.amountBelowMinimum(minimumMinor, currency) };
  return { minor };
}
