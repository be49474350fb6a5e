import { describe, expect, it } from 'vitest';
import { amountText, parseChosenAmount, PWYW_MESSAGES, pwywLabel } from './pay-what-you-want.js';

describe('parseChosenAmount', () => {
  it('reads amounts in minor units, at least the minimum', () => {
    expect(parseChosenAmount('7.5', 'GBP', 500)).toEqual({ minor: 750 });
    expect(parseChosenAmount(' 5 ', 'GBP', 500)).toEqual({ minor: 500 });
    expect(parseChosenAmount('0', 'GBP', 0)).toEqual({ minor: 0 });
    expect(parseChosenAmount('12.50', 'EUR', 0)).toEqual({ minor: 1250 });
    expect(parseChosenAmount('1500', 'JPY', 1000)).toEqual({ minor: 1500 });
    expect(parseChosenAmount('100000.00', 'GBP', 0)).toEqual({ minor: 10_000_000 });
  });

  it('refuses each bad amount with its message', () => {
    expect(parseChosenAmount('4.99', 'GBP', 500)).toEqual({ error: 'Pay at least £5.00 for this ticket' });
    expect(parseChosenAmount('', 'GBP', 0)).toEqual({ error: PWYW_MESSAGES.amountRequired });
    for (const text of ['-1', 'five', '£5', '5,00', '1e3', '5.', '.5', 'Infinity'])
      expect(parseChosenAmount(text, 'GBP', 0)).toEqual({ error: PWYW_MESSAGES.amountNotNumber('GBP') });
    expect(parseChosenAmount('5.001', 'GBP', 0)).toEqual({ error: PWYW_MESSAGES.amountDecimals('GBP') });
    expect(parseChosenAmount('1500.5', 'JPY', 0)).toEqual({ error: 'JPY amounts have no decimals' });
    expect(parseChosenAmount('100000.01', 'GBP', 0)).toEqual({ error: 'The amount must be at most £100,000.00' });
    expect(parseChosenAmount('9'.repeat(40), 'GBP', 0)).toEqual({ error: PWYW_MESSAGES.amountTooHigh('GBP') });
  });
});

describe('what the fan reads', () => {
  it("labels the field with the minimum and prefills the currency's decimals", () => {
    expect(pwywLabel(500, 'GBP')).toBe('Pay what you want, at least £5.00');
    expect(pwywLabel(0, 'GBP')).toBe('Pay what you want');
    expect(amountText(1200, 'GBP')).toBe('12.00');
    expect(amountText(1500, 'JPY')).toBe('1500');
  });
});
