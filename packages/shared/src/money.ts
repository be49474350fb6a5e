// Money is an integer number of minor units (pence, cents, yen) with its ISO currency. This module is the one
// place that converts to and from decimal text, computes the 8% booking fee and formats amounts for display.
import { BOOKING_FEE_PERCENT, CURRENCY_CODES, type CurrencyCode } from './constants.js';

/** Decimal places of each supported currency's minor unit (ISO 4217); JPY has none. */
export const CURRENCY_DECIMALS: Readonly<Record<CurrencyCode, number>> = {
  GBP: 2,
  USD: 2,
  EUR: 2,
  AUD: 2,
  CAD: 2,
  JPY: 0,
  CHF: 2,
  CNY: 2,
  INR: 2,
};

export interface Money {
  /** Integer minor units, e.g. 1250 for £12.50 or 1250 for ¥1,250. */
  amount: number;
  currency: CurrencyCode;
}

export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === 'string' && (CURRENCY_CODES as readonly string[]).includes(value);
}

/** Accepts 'gbp' or 'GBP' (payment providers use lower case); throws on anything else. */
export function toCurrencyCode(value: string): CurrencyCode {
  const upper = value.toUpperCase();
  if (!isCurrencyCode(upper)) throw new RangeError(`Unsupported currency: ${value}`);
  return upper;
}

export function currencyDecimals(currency: CurrencyCode): number {
  return CURRENCY_DECIMALS[currency];
}

function assertMinorUnits(amountMinor: number): void {
  if (!Number.isSafeInteger(amountMinor))
    throw new RangeError(`Money must be an integer number of minor units, got ${amountMinor}`);
}

const decimalPattern = /^(-)?(\d+)(?:\.(\d+))?$/;

/**
 * '12.50' GBP -> 1250; '1250' JPY -> 1250. Works on the decimal text, never on binary floats, so '0.29' is
 * exactly 29. More decimals than the currency has are refused unless they are zeros ('12.500' is fine,
 * '12.505' is not): a price is never silently rounded. Numbers are converted through their shortest text.
 */
export function toMinorUnits(value: string | number, currency: CurrencyCode): number {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`Not a finite amount: ${value}`);
    text = String(value);
    if (/e/i.test(text)) text = value.toFixed(20).replace(/\.?0+$/, '');
  } else {
    text = value.trim();
  }
  const match = decimalPattern.exec(text);
  if (!match) throw new RangeError(`Not a decimal amount: ${JSON.stringify(value)}`);
  const [, sign, whole = '0', fraction = ''] = match;
  const decimals = currencyDecimals(currency);
  const kept = fraction.slice(0, decimals);
  if (/[^0]/.test(fraction.slice(decimals))) {
    throw new RangeError(`${currency} has ${decimals} decimal place${decimals === 1 ? '' : 's'}; got ${text}`);
  }
  const minor = Number(whole + kept.padEnd(decimals, '0'));
  assertMinorUnits(minor);
  return sign && minor !== 0 ? -minor : minor;
}

/** 1250 GBP -> '12.50'; 1250 JPY -> '1250'. Exact decimal text, no grouping, no symbol. */
export function fromMinorUnits(amountMinor: number, currency: CurrencyCode): string {
  assertMinorUnits(amountMinor);
  const decimals = currencyDecimals(currency);
  const sign = amountMinor < 0 ? '-' : '';
  const digits = String(Math.abs(amountMinor));
  if (decimals === 0) return sign + digits;
  const padded = digits.padStart(decimals + 1, '0');
  return `${sign}${padded.slice(0, -decimals)}.${padded.slice(-decimals)}`;
}

/**
 * The customer's booking fee on a ticket amount: 8% rounded half-up to the currency's minor unit. The
 * amount is already in minor units, so one integer division does it for every currency (JPY included).
 */
export function bookingFee(amountMinor: number, _currency: CurrencyCode): number {
  assertMinorUnits(amountMinor);
  if (amountMinor < 0) throw new RangeError('A booking fee is computed on a non-negative amount');
  return Math.floor((amountMinor * BOOKING_FEE_PERCENT + 50) / 100);
}

/**
 * The highest price of one ticket, in minor units of any currency: £100,000.00, ¥10,000,000 (decision 049). It
 * catches a mistyped price long before a fan's card meets it, and keeps every order total far from any overflow.
 */
export const MAX_TICKET_PRICE_MINOR = 10_000_000;

/**
 * The most one order may come to, booking fee included: the card provider's own limit on one payment (Stripe
 * refuses more than 99,999,999 minor units). Tickets near the price ceiling reach it at ten in one order.
 */
export const MAX_ORDER_TOTAL_MINOR = 99_999_999;

/** A price typed as decimal text ('12.50') above MAX_TICKET_PRICE_MINOR in `currency`; false for text that is no price. */
export function ticketPriceTooHigh(text: string, currency: CurrencyCode): boolean {
  const value = text.trim();
  if (!/^\d+(\.\d+)?$/.test(value)) return false;
  return Number(value) > MAX_TICKET_PRICE_MINOR / 10 ** currencyDecimals(currency);
}

const formatters = new Map<CurrencyCode, Intl.NumberFormat>();

/** en-GB display with the currency's symbol: 1250 GBP -> '£12.50', 1250 JPY -> 'JP¥1,250'. */
export function formatMoney(amountMinor: number, currency: CurrencyCode): string {
  assertMinorUnits(amountMinor);
  let formatter = formatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-GB', { style: 'currency', currency });
    formatters.set(currency, formatter);
  }
  return formatter.format(amountMinor / 10 ** currencyDecimals(currency));
}

/** 'Ticket price must be at most £100,000.00' (in the event's currency). */
export function ticketPriceTooHighMessage(currency: CurrencyCode): string {
  return `Ticket price must be at most ${formatMoney(MAX_TICKET_PRICE_MINOR, currency)}`;
}

/** The refusal of an order over MAX_ORDER_TOTAL_MINOR, in the order's currency. */
export function orderTooLargeMessage(currency: CurrencyCode): string {
  return `One order can come to at most ${formatMoney(MAX_ORDER_TOTAL_MINOR, currency)} with the booking fee. Please choose fewer tickets.`;
}
