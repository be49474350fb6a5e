import { describe, expect, it } from 'vitest';
import { formatAge, formatEventWhen, formatLastEntry, resolveBranding, slugify } from './ticket-documents.format.js';

describe('formatEventWhen', () => {
  it('shows the times in the event zone with its abbreviation and IANA name', () => {
    const when = formatEventWhen({
      startsAt: new Date('2026-12-05T19:30:00Z'),
      endsAt: new Date('2026-12-05T23:00:00Z'),
      timeZone: 'Europe/London',
    });
    expect(when).toBe('Sat 5 Dec 2026, 19:30 – 23:00 GMT (Europe/London)');
  });

  it('uses the zone, not the server, for the day: 01:00 in Tokyo is the previous day in UTC', () => {
    const when = formatEventWhen({ startsAt: new Date('2026-03-13T16:00:00Z'), endsAt: null, timeZone: 'Asia/Tokyo' });
    expect(when).toBe('Sat 14 Mar 2026, 01:00 GMT+9 (Asia/Tokyo)');
  });

  it('writes an end on another day in full', () => {
    const when = formatEventWhen({
      startsAt: new Date('2026-07-04T20:00:00Z'),
      endsAt: new Date('2026-07-05T03:00:00Z'),
      timeZone: 'Europe/Berlin',
    });
    expect(when).toBe('Sat 4 Jul 2026, 22:00 – Sun 5 Jul 2026, 05:00 CEST (Europe/Berlin)');
  });

  it('gives the same instant in another zone its own reading, however often it was formatted before', () => {
    const startsAt = new Date('2026-03-13T16:00:00Z');
    for (let round = 0; round < 3; round += 1) {
      expect(formatEventWhen({ startsAt, endsAt: null, timeZone: 'Asia/Tokyo' })).toBe(
        'Sat 14 Mar 2026, 01:00 GMT+9 (Asia/Tokyo)',
      );
      expect(formatEventWhen({ startsAt, endsAt: null, timeZone: 'America/New_York' })).toBe(
        'Fri 13 Mar 2026, 12:00 GMT-4 (America/New_York)',
      );
    }
  });

  it('says the date is to be announced without a start', () => {
    expect(formatEventWhen({ startsAt: null, endsAt: null, timeZone: 'Europe/London' })).toBe('Date to be announced');
  });
});

describe('formatLastEntry / formatAge', () => {
  it('words the entry time and age limit', () => {
    expect(formatLastEntry({ lastEntryAt: new Date('2026-07-04T20:30:00Z'), timeZone: 'Europe/London' })).toBe(
      'Last entry 21:30',
    );
    expect(formatLastEntry({ lastEntryAt: null, timeZone: 'Europe/London' })).toBeNull();
    expect(formatAge(0)).toBe('All ages');
    expect(formatAge(18)).toBe('Ages 18+ (ID may be checked)');
  });
});

describe('slugify', () => {
  it('makes a file-name-safe slug and never an empty one', () => {
    expect(slugify('Summer Jam: Live at the Harbour!')).toBe('summer-jam-live-at-the-harbour');
    expect(slugify('Café Noël')).toBe('cafe-noel');
    expect(slugify('東京')).toBe('event');
    expect(slugify('../../etc/passwd')).toBe('etc-passwd');
  });
});

describe('resolveBranding', () => {
  it('falls back to the default colours and drops a logo that is not http(s)', () => {
    expect(
      resolveBranding({
        companyName: ' Acme ',
        primaryColor: 'red',
        secondaryColor: '',
        logoUrl: 'javascript:alert(1)',
      }),
    ).toEqual({ companyName: 'Acme', primaryColor: '#00ea6f', secondaryColor: '#0a0a0a', logoUrl: null });
    expect(
      resolveBranding({
        companyName: 'Acme',
        primaryColor: '#ABC',
        secondaryColor: '#112233',
        logoUrl: 'https://cdn.example/l.png',
      }),
    ).toEqual({
      companyName: 'Acme',
      primaryColor: '#aabbcc',
      secondaryColor: '#112233',
      logoUrl: 'https://cdn.example/l.png',
    });
  });
});
