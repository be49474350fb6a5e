import { describe, expect, it } from 'vitest';
import {
  formatEventTime,
  formatPickerDisplay,
  formatPreviewDate,
  instantToLocal,
  isValidLocalDateTime,
  isValidTimeZone,
  localToInstant,
} from './dates.js';

const iso = (local: string, zone: string) => localToInstant(local, zone).toISOString();

describe('localToInstant', () => {
  it('converts ordinary times in London, New York and Tokyo', () => {
    expect(iso('2025-01-05T19:30', 'Europe/London')).toBe('2025-01-05T19:30:00.000Z');
    expect(iso('2025-07-05T19:30', 'Europe/London')).toBe('2025-07-05T18:30:00.000Z');
    expect(iso('2025-01-05T19:30', 'America/New_York')).toBe('2025-01-06T00:30:00.000Z');
    expect(iso('2025-07-05T19:30', 'America/New_York')).toBe('2025-07-05T23:30:00.000Z');
    expect(iso('2025-01-05T09:00', 'Asia/Tokyo')).toBe('2025-01-05T00:00:00.000Z');
    expect(iso('2025-01-01T00:00', 'Asia/Tokyo')).toBe('2024-12-31T15:00:00.000Z');
  });

  it('defaults to Europe/London', () => {
    expect(localToInstant('2025-06-01T12:00').toISOString()).toBe('2025-06-01T11:00:00.000Z');
  });

  it('moves a time in the spring-forward gap forward by the gap', () => {
    // London: 2025-03-30 01:00 GMT -> 02:00 BST; 01:30 never happens.
    expect(iso('2025-03-30T01:30', 'Europe/London')).toBe('2025-03-30T01:30:00.000Z');
    expect(instantToLocal(localToInstant('2025-03-30T01:30', 'Europe/London'), 'Europe/London')).toBe(
      '2025-03-30T02:30',
    );
    // New York: 2025-03-09 02:00 EST -> 03:00 EDT.
    expect(iso('2025-03-09T02:15', 'America/New_York')).toBe('2025-03-09T07:15:00.000Z');
    expect(instantToLocal(localToInstant('2025-03-09T02:15', 'America/New_York'), 'America/New_York')).toBe(
      '2025-03-09T03:15',
    );
    // Either side of the gap is exact.
    expect(iso('2025-03-30T00:59', 'Europe/London')).toBe('2025-03-30T00:59:00.000Z');
    expect(iso('2025-03-30T02:00', 'Europe/London')).toBe('2025-03-30T01:00:00.000Z');
  });

  it('takes the earlier instant for a time that happens twice when clocks go back', () => {
    // London: 2025-10-26 02:00 BST -> 01:00 GMT; 01:30 happens at 00:30Z and at 01:30Z.
    expect(iso('2025-10-26T01:30', 'Europe/London')).toBe('2025-10-26T00:30:00.000Z');
    // New York: 2025-11-02 02:00 EDT -> 01:00 EST; 01:30 happens at 05:30Z and 06:30Z.
    expect(iso('2025-11-02T01:30', 'America/New_York')).toBe('2025-11-02T05:30:00.000Z');
    expect(iso('2025-10-26T02:00', 'Europe/London')).toBe('2025-10-26T02:00:00.000Z');
  });

  it('refuses malformed times, impossible dates and unknown zones', () => {
    expect(() => localToInstant('2025-02-30T10:00', 'Europe/London')).toThrow(RangeError);
    expect(() => localToInstant('2025-01-01T24:00', 'Europe/London')).toThrow(RangeError);
    expect(() => localToInstant('2025-01-01 10:00', 'Europe/London')).toThrow(RangeError);
    expect(() => localToInstant('2025-01-01T10:00', 'Mars/Olympus')).toThrow(RangeError);
    expect(isValidLocalDateTime('2024-02-29T23:55')).toBe(true);
    expect(isValidLocalDateTime('2025-02-29T23:55')).toBe(false);
    expect(isValidTimeZone('Asia/Tokyo')).toBe(true);
    expect(isValidTimeZone('')).toBe(false);
  });
});

describe('instantToLocal', () => {
  it('reads the wall clock in the zone', () => {
    const instant = new Date('2025-10-26T00:30:00Z');
    expect(instantToLocal(instant, 'Europe/London')).toBe('2025-10-26T01:30');
    expect(instantToLocal(new Date('2025-10-26T01:30:00Z'), 'Europe/London')).toBe('2025-10-26T01:30');
    expect(instantToLocal(instant, 'America/New_York')).toBe('2025-10-25T20:30');
    expect(instantToLocal(instant, 'Asia/Tokyo')).toBe('2025-10-26T09:30');
    expect(instantToLocal(new Date('2024-12-31T23:59:00Z'), 'UTC')).toBe('2024-12-31T23:59');
  });

  it('round-trips every 5 minutes across both DST changes in three zones', () => {
    const zones = ['Europe/London', 'America/New_York', 'Asia/Tokyo'];
    const days = ['2025-03-09', '2025-03-30', '2025-10-26', '2025-11-02', '2025-06-15'];
    for (const zone of zones) {
      for (const day of days) {
        for (let minutes = 0; minutes < 24 * 60; minutes += 5) {
          const local = `${day}T${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
          const back = instantToLocal(localToInstant(local, zone), zone);
          const inGap =
            (zone === 'Europe/London' && day === '2025-03-30' && local >= `${day}T01:00` && local < `${day}T02:00`) ||
            (zone === 'America/New_York' && day === '2025-03-09' && local >= `${day}T02:00` && local < `${day}T03:00`);
          if (!inGap) expect(back, `${local} ${zone}`).toBe(local);
        }
      }
    }
  });

  it('round-trips instants (every instant has one local reading)', () => {
    for (let t = Date.UTC(2025, 9, 25, 22); t < Date.UTC(2025, 9, 26, 4); t += 15 * 60_000) {
      const local = instantToLocal(new Date(t), 'Europe/London');
      const again = localToInstant(local, 'Europe/London').getTime();
      // The second 01:xx reading maps to the first (earlier) instant, exactly one hour before.
      expect([t, t - 3_600_000]).toContain(again);
    }
  });
});

describe('display formats', () => {
  it('formats the preview date as the spec shows', () => {
    expect(formatPreviewDate('2025-01-05T19:30')).toBe('SUN 5 JAN, 2025');
    expect(formatPreviewDate('2025-01-06T00:00')).toBe('MON 6 JAN, 2025');
    expect(formatPreviewDate('2024-12-31T23:55')).toBe('TUE 31 DEC, 2024');
    expect(formatPreviewDate('')).toBe('');
  });

  it('formats the picker display and the 24-hour time', () => {
    expect(formatPickerDisplay('2025-01-05T07:05')).toBe('05/01/2025, 07:05');
    expect(formatEventTime('2025-01-05T19:30')).toBe('19:30');
    expect(formatEventTime('2025-01-05T00:00')).toBe('00:00');
    expect(formatPickerDisplay('nonsense')).toBe('');
    expect(formatEventTime('')).toBe('');
  });
});
