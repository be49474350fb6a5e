import { describe, expect, it } from 'vitest';
import { parseLocalDateTime } from '@marquee/shared';
import { calendarMonth, MINUTES, nowLocalValue, shiftMonth, withDay, withTime } from './date-time';

describe('calendarMonth', () => {
  it('starts weeks on Monday: January 2025 begins on a Wednesday', () => {
    const weeks = calendarMonth(2025, 1);
    expect(weeks[0]?.map((cell) => cell?.day ?? null)).toEqual([null, null, 1, 2, 3, 4, 5]);
    expect(weeks.at(-1)?.map((cell) => cell?.day ?? null)).toEqual([27, 28, 29, 30, 31, null, null]);
    expect(weeks).toHaveLength(5);
  });

  it('has no leading blanks when the 1st is a Monday (September 2025) and handles leap years', () => {
    expect(calendarMonth(2025, 9)[0]?.[0]).toEqual({ year: 2025, month: 9, day: 1 });
    expect(calendarMonth(2024, 2).flat().filter(Boolean)).toHaveLength(29);
    expect(calendarMonth(2025, 2).flat().filter(Boolean)).toHaveLength(28);
  });

  it('needs six weeks when a 31-day month starts on a Sunday', () => {
    // March 2026 starts on a Sunday: 6 leading blanks + 31 days = 37 cells, 6 weeks.
    expect(calendarMonth(2026, 3)).toHaveLength(6);
    expect(calendarMonth(2026, 3)[0]?.[6]?.day).toBe(1);
  });
});

describe('shiftMonth', () => {
  it('wraps around the year', () => {
    expect(shiftMonth({ year: 2025, month: 1 }, -1)).toEqual({ year: 2024, month: 12 });
    expect(shiftMonth({ year: 2025, month: 12 }, 1)).toEqual({ year: 2026, month: 1 });
    expect(shiftMonth({ year: 2025, month: 6 }, 0)).toEqual({ year: 2025, month: 6 });
  });
});

// The picker reads its value with the shared parser (packages/shared/src/dates.ts, whose tests cover the display
// formats); withDay and withTime below rely on what it accepts.
describe('the value the picker reads', () => {
  it('is only a real YYYY-MM-DDTHH:mm', () => {
    expect(parseLocalDateTime('2025-01-05T20:00')).toEqual({ year: 2025, month: 1, day: 5, hour: 20, minute: 0 });
    expect(parseLocalDateTime('')).toBeNull();
    expect(parseLocalDateTime('2025-02-30T10:00')).toBeNull();
    expect(parseLocalDateTime('2025-01-05T24:00')).toBeNull();
    expect(parseLocalDateTime('2025-01-05 20:00')).toBeNull();
  });
});

describe('picking', () => {
  const now = new Date(2025, 5, 14, 18, 47, 33); // 14 June 2025, 18:47 local

  it('Today rounds minutes down to a multiple of five', () => {
    expect(nowLocalValue(now)).toBe('2025-06-14T18:45');
    expect(nowLocalValue(new Date(2025, 0, 1, 0, 4))).toBe('2025-01-01T00:00');
  });

  it('offers minutes 0 to 55 in steps of five', () => {
    expect(MINUTES).toEqual([0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55]);
  });

  it('choosing a day keeps the chosen time, or 00:00', () => {
    expect(withDay('2025-01-05T20:15', { year: 2025, month: 3, day: 9 })).toBe('2025-03-09T20:15');
    expect(withDay('', { year: 2025, month: 3, day: 9 })).toBe('2025-03-09T00:00');
  });

  it('choosing a time updates the chosen date, or picks today when there is none', () => {
    expect(withTime('2025-01-05T20:15', { hour: 9 }, now)).toBe('2025-01-05T09:15');
    expect(withTime('2025-01-05T20:15', { minute: 40 }, now)).toBe('2025-01-05T20:40');
    expect(withTime('', { hour: 21 }, now)).toBe('2025-06-14T21:00');
    expect(withTime('', { minute: 30 }, now)).toBe('2025-06-14T00:30');
  });
});
