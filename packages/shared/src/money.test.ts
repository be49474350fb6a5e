import { describe, expect, it } from 'vitest';
import { CURRENCY_CODES, type CurrencyCode } from './constants.js';
import { defaultEventFormValues, validateEventStep } from './events.js';
import {
  bookingFee,
  currencyDecimals,
  formatMoney,
  fromMinorUnits,
  MAX_ORDER_TOTAL_MINOR,
  MAX_TICKET_PRICE_MINOR,
  ticketPriceTooHigh,
  ticketPriceTooHighMessage,
  toCurrencyCode,
  toMinorUnits,
} from './money.js';

const twoDecimals = CURRENCY_CODES.filter((code) => code !== 'JPY');
// Intl separates some symbols with a no-break space; compare on plain spaces.
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('currencies', () => {
  it('knows all nine spec currencies, JPY with no minor unit', () => {
    expect([...CURRENCY_CODES].sort()).toEqual(['AUD', 'CAD', 'CHF', 'CNY', 'EUR', 'GBP', 'INR', 'JPY', 'USD']);
    for (const code of twoDecimals) expect(currencyDecimals(code)).toBe(2);
    expect(currencyDecimals('JPY')).toBe(0);
  });

  it('reads provider currency codes in either case', () => {
    expect(toCurrencyCode('gbp')).toBe('GBP');
    expect(toCurrencyCode('JPY')).toBe('JPY');
    expect(() => toCurrencyCode('xyz')).toThrow(RangeError);
  });
});

describe('toMinorUnits', () => {
  it.each(twoDecimals)('%s: decimal text and numbers to integer minor units', (currency) => {
    expect(toMinorUnits('12.50', currency)).toBe(1250);
    expect(toMinorUnits('12.5', currency)).toBe(1250);
    expect(toMinorUnits('12', currency)).toBe(1200);
    expect(toMinorUnits('0.01', currency)).toBe(1);
    expect(toMinorUnits(' 0.29 ', currency)).toBe(29);
    expect(toMinorUnits(0.29, currency)).toBe(29); // 0.29 * 100 is 28.999999999999996 in floats
    expect(toMinorUnits(1.005e2, currency)).toBe(10050);
    expect(toMinorUnits('12.500', currency)).toBe(1250);
    expect(toMinorUnits('-3.20', currency)).toBe(-320);
  });

  it('JPY: whole yen only', () => {
    expect(toMinorUnits('1250', 'JPY')).toBe(1250);
    expect(toMinorUnits('1250.00', 'JPY')).toBe(1250);
    expect(toMinorUnits(1250, 'JPY')).toBe(1250);
    expect(() => toMinorUnits('1250.5', 'JPY')).toThrow('JPY has 0 decimal places');
  });

  it('refuses more decimals than the currency has, and anything that is not a decimal', () => {
    expect(() => toMinorUnits('12.345', 'GBP')).toThrow('GBP has 2 decimal places');
    for (const bad of ['', 'abc', '1,000.00', '£12', '1e3', '.5', '12.', 'NaN']) {
      expect(() => toMinorUnits(bad, 'GBP')).toThrow(RangeError);
    }
    expect(() => toMinorUnits(Number.POSITIVE_INFINITY, 'GBP')).toThrow(RangeError);
  });
});

describe('fromMinorUnits', () => {
  it.each(twoDecimals)('%s: exact decimal text', (currency) => {
    expect(fromMinorUnits(1250, currency)).toBe('12.50');
    expect(fromMinorUnits(5, currency)).toBe('0.05');
    expect(fromMinorUnits(0, currency)).toBe('0.00');
    expect(fromMinorUnits(-320, currency)).toBe('-3.20');
    expect(toMinorUnits(fromMinorUnits(987654321, currency), currency)).toBe(987654321);
  });

  it('JPY: no decimal point', () => {
    expect(fromMinorUnits(1250, 'JPY')).toBe('1250');
    expect(fromMinorUnits(0, 'JPY')).toBe('0');
  });

  it('refuses fractions of a minor unit', () => {
    expect(() => fromMinorUnits(12.5, 'GBP')).toThrow(RangeError);
  });
});

describe('bookingFee (8%, half-up to the minor unit)', () => {
  it.each(CURRENCY_CODES)('%s', (currency: CurrencyCode) => {
    expect(bookingFee(1000, currency)).toBe(80);
    expect(bookingFee(0, currency)).toBe(0);
    expect(bookingFee(1, currency)).toBe(0); // 0.08
    expect(bookingFee(6, currency)).toBe(0); // 0.48
    expect(bookingFee(7, currency)).toBe(1); // 0.56
    expect(bookingFee(1250, currency)).toBe(100);
    expect(bookingFee(1999, currency)).toBe(160); // 159.92
    expect(bookingFee(2506, currency)).toBe(200); // 200.48
  });

  it('rounds to the nearest minor unit, halves up (8% of an integer is never exactly .5, so .48 down, .56 up)', () => {
    expect(bookingFee(1331, 'GBP')).toBe(106); // 106.48
    expect(bookingFee(1332, 'GBP')).toBe(107); // 106.56
    expect(bookingFee(6256, 'JPY')).toBe(500); // 500.48
    expect(bookingFee(6257, 'JPY')).toBe(501); // 500.56
    expect(bookingFee(5225, 'EUR')).toBe(418); // exactly 418
  });

  it('refuses negative and fractional amounts', () => {
    expect(() => bookingFee(-100, 'GBP')).toThrow(RangeError);
    expect(() => bookingFee(10.5, 'GBP')).toThrow(RangeError);
  });
});

describe('formatMoney (en-GB)', () => {
  it.each([
    ['GBP', 1250, '£12.50'],
    ['USD', 1250, 'US$12.50'],
    ['EUR', 1250, '€12.50'],
    ['AUD', 1250, 'A$12.50'],
    ['CAD', 1250, 'CA$12.50'],
    ['JPY', 1250, 'JP¥1,250'],
    ['CHF', 1250, 'CHF 12.50'],
    ['CNY', 1250, 'CN¥12.50'],
    ['INR', 1250, '₹12.50'],
  ] as const)('%s %i -> %s', (currency, amount, expected) => {
    expect(plain(formatMoney(amount, currency))).toBe(expected);
  });

  it('groups thousands and shows zero and negatives', () => {
    expect(formatMoney(123456789, 'GBP')).toBe('£1,234,567.89');
    expect(formatMoney(0, 'GBP')).toBe('£0.00');
    expect(formatMoney(0, 'JPY')).toBe('JP¥0');
    expect(formatMoney(-500, 'EUR')).toBe('-€5.00');
  });
});

describe('the ticket price ceiling', () => {
  it('is 10,000,000 minor units in every currency, and the wizard says so on the price field', () => {
    expect(ticketPriceTooHigh('100000.00', 'GBP')).toBe(false);
    expect(ticketPriceTooHigh('100000.01', 'GBP')).toBe(true);
    expect(ticketPriceTooHigh('1000000000', 'GBP')).toBe(true);
    expect(ticketPriceTooHigh('10000000', 'JPY')).toBe(false);
    expect(ticketPriceTooHigh('10000001', 'JPY')).toBe(true);
    expect(ticketPriceTooHigh('not a price', 'GBP')).toBe(false);
    expect(ticketPriceTooHighMessage('GBP')).toBe('Ticket price must be at most £100,000.00');
    const form = { ...defaultEventFormValues('GBP'), ticketPrice: '1000000000' };
    expect(validateEventStep(3, form).ticketPrice).toBe('Ticket price must be at most £100,000.00');
    expect(validateEventStep(3, { ...form, ticketPrice: '100000' }).ticketPrice).toBeUndefined();
  });

  it('keeps an order under the card provider’s limit: nine tickets at the ceiling fit, ten do not', () => {
    const perTicket = MAX_TICKET_PRICE_MINOR + bookingFee(MAX_TICKET_PRICE_MINOR, 'GBP');
    expect(9 * perTicket).toBeLessThanOrEqual(MAX_ORDER_TOTAL_MINOR);
    expect(10 * perTicket).toBeGreaterThan(MAX_ORDER_TOTAL_MINOR);
    expect(Number.isSafeInteger(100 * 20 * perTicket)).toBe(true);
  });
});
