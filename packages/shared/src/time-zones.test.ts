import { describe, expect, it } from 'vitest';
import {
  clockIn,
  currentTimeZoneName,
  isSupportedTimeZone,
  supportedTimeZones,
  TIME_ZONE_RENAMES,
  timeZoneLabel,
  toSupportedTimeZone,
} from './time-zones.js';

describe('time zones', () => {
  it('lists the zones of Intl.supportedValuesOf and UTC, and accepts only those', () => {
    expect(supportedTimeZones()).toContain('Europe/London');
    expect(supportedTimeZones()).toContain('UTC');
    expect(isSupportedTimeZone('Asia/Tokyo')).toBe(true);
    expect(isSupportedTimeZone('Mars/Olympus')).toBe(false);
    expect(isSupportedTimeZone('europe/london')).toBe(false);
  });

  it('maps a browser’s old alias onto the listed name', () => {
    expect(toSupportedTimeZone('Europe/London')).toBe('Europe/London');
    expect(toSupportedTimeZone('Asia/Calcutta')).toBe('Asia/Kolkata');
    expect(toSupportedTimeZone('Nowhere/Town')).toBeNull();
  });

  it('lists the current IANA names, not the old ones ICU still reports, and accepts both on input', () => {
    const zones = supportedTimeZones();
    const current = ['Europe/Kyiv', 'Asia/Kolkata', 'Asia/Ho_Chi_Minh', 'Asia/Yangon', 'America/Nuuk'];
    const old = ['Europe/Kiev', 'Asia/Calcutta', 'Asia/Saigon', 'Asia/Rangoon', 'America/Godthab'];
    for (const zone of current) expect(zones).toContain(zone);
    for (const zone of old) {
      expect(zones).not.toContain(zone);
      expect(isSupportedTimeZone(zone)).toBe(true);
    }
    expect(old.map(currentTimeZoneName)).toEqual(current);
    // No old name of the rename table is left in the list, and each new name is a zone this runtime formats.
    for (const [from, to] of Object.entries(TIME_ZONE_RENAMES)) {
      expect(zones).not.toContain(from);
      expect(timeZoneLabel(to, new Date('2030-01-01T00:00:00Z'))).toMatch(/GMT/);
    }
    expect(new Set(zones).size).toBe(zones.length);
    expect(currentTimeZoneName('Europe/London')).toBe('Europe/London');
  });

  it('names a zone with its offset at an instant', () => {
    expect(timeZoneLabel('Europe/London', new Date('2030-06-14T18:00:00Z'))).toBe('Europe/London, GMT+1');
    expect(timeZoneLabel('Europe/London', new Date('2030-01-14T18:00:00Z'))).toBe('Europe/London, GMT');
    expect(timeZoneLabel('America/New_York', new Date('2030-07-04T22:30:00Z'))).toBe('America/New York, GMT-4');
  });

  it('reads the wall clock in each zone, the same instant giving each zone its own time', () => {
    const instant = new Date('2030-06-14T18:05:00Z');
    expect(clockIn(instant, 'Europe/London')).toBe('19:05');
    expect(clockIn(instant, 'UTC')).toBe('18:05');
    expect(clockIn(instant, 'Asia/Tokyo')).toBe('03:05');
    expect(clockIn(instant, 'Europe/London')).toBe('19:05');
  });
});
