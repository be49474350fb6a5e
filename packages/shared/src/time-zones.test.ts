import { describe, expect, it } from 'vitest';
import { clockIn, isSupportedTimeZone, supportedTimeZones, timeZoneLabel, toSupportedTimeZone } from './time-zones.js';

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
    const kolkata = toSupportedTimeZone('Asia/Calcutta');
    expect(kolkata === 'Asia/Kolkata' || kolkata === 'Asia/Calcutta').toBe(true);
    expect(toSupportedTimeZone('Nowhere/Town')).toBeNull();
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
