// The storefront script's hold countdown as a fan reads it: a waiting-list offer's twelve hours in hours and
// minutes ("11 h 59 min", not "719:46"), a checkout's last minutes in minutes and seconds. The script runs in a
// bare context with a fake clock and the one element it fills in.
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { CHECKOUT_SCRIPT } from './checkout-script.js';

function countdownText(secondsLeft: number): string {
  const now = Date.parse('2031-06-14T18:00:00Z');
  const element = {
    textContent: '',
    dataset: {} as Record<string, string>,
    getAttribute: (name: string) =>
      name === 'data-countdown' ? new Date(now + secondsLeft * 1000).toISOString() : null,
  };
  class FixedDate extends Date {
    static override now() {
      return now;
    }
  }
  const document = {
    querySelectorAll: (selector: string) => (selector === '[data-countdown]' ? [element] : []),
    getElementById: () => null,
  };
  vm.runInNewContext(CHECKOUT_SCRIPT, { document, Date: FixedDate, setTimeout: () => 0, location: {} });
  return element.textContent;
}

describe('the hold countdown', () => {
  it("shows a waiting-list offer's 12 hours in hours and minutes", () => {
    expect(countdownText(12 * 3600 - 14)).toBe('Time left: 11 h 59 min');
    expect(countdownText(2 * 3600 + 5 * 60)).toBe('Time left: 2 h 5 min');
    expect(countdownText(3600)).toBe('Time left: 1 h 0 min');
  });

  it("shows a checkout's last hour in minutes and seconds", () => {
    expect(countdownText(3599)).toBe('Time left: 59:59');
    expect(countdownText(9 * 60 + 5)).toBe('Time left: 9:05');
    expect(countdownText(7)).toBe('Time left: 0:07');
  });

  it('says when the hold has run out', () => {
    expect(countdownText(0)).toBe('Your hold has expired.');
  });
});
