import { describe, expect, it } from 'vitest';
import { currencySymbol, formatChange, formatMoneyMinor, formatPriceText } from './money';

describe('money', () => {
  it('formats minor units in en-GB with the currency of the response', () => {
    expect(formatMoneyMinor(123456, 'GBP')).toBe('£1,234.56');
    expect(formatMoneyMinor(500, 'USD')).toBe('US$5.00');
    expect(formatMoneyMinor(0, 'EUR')).toBe('€0.00');
    expect(formatMoneyMinor(1500, 'JPY')).toBe('JP¥1,500');
  });

  it('shows a typed price with the currency symbol', () => {
    expect(formatPriceText('12.50', 'GBP')).toBe('£12.50');
    expect(formatPriceText('30', 'CHF')).toBe('CHF 30');
    expect(formatPriceText('  ', 'GBP')).toBe('');
    expect(currencySymbol('INR')).toBe('₹');
  });

  it('writes changes with a sign', () => {
    expect(formatChange(12.5)).toBe('+12.5%');
    expect(formatChange(-3)).toBe('-3%');
    expect(formatChange(0)).toBe('0%');
    expect(formatChange(0.04)).toBe('0%');
  });
});
