// Shared wording for the PDF, the calendar file and the e-mails: event times in the event's own zone (always
// with the zone named, since fans travel), the age line, file-name slugs and checked brand colours.
import { boundedMemo, dateTimeFormatIn, DEFAULT_PRIMARY_COLOR, FALLBACK_SECONDARY_COLOR } from '@marquee/shared';
import { normalizeHexColor } from '../../adapters/mail/colors.js';
import type { DocumentBranding, DocumentEvent } from './ticket-documents.types.js';

const readings = boundedMemo<Readonly<Record<string, string>>>(2000);

/**
 * The instant's parts in the zone. Every order of an event formats the same few instants, so both the formatter
 * (one per zone, `dateTimeFormatIn`) and the reading are kept (decision 040).
 */
function parts(date: Date, timeZone: string): Readonly<Record<string, string>> {
  return readings(`${date.getTime()} ${timeZone}`, () =>
    Object.fromEntries(
      dateTimeFormatIn(timeZone)
        .formatToParts(date)
        .map((part) => [part.type, part.value]),
    ),
  );
}

/** 'Sat 5 Dec 2026' in the zone. */
export function formatDay(date: Date, timeZone: string): string {
  const p = parts(date, timeZone);
  return `${p.weekday} ${p.day} ${p.month} ${p.year}`;
}

/** '19:30' in the zone. */
export function formatTime(date: Date, timeZone: string): string {
  const p = parts(date, timeZone);
  return `${p.hour}:${p.minute}`;
}

/** 'GMT' / 'BST' / 'GMT+1': the zone's abbreviation at that instant. */
function zoneAbbreviation(date: Date, timeZone: string): string {
  return parts(date, timeZone).timeZoneName ?? '';
}

/**
 * 'Sat 5 Dec 2026, 19:30 – 23:00 GMT (Europe/London)'; an end on another day is written in full; no start
 * gives 'Date to be announced'.
 */
export function formatEventWhen(event: Pick<DocumentEvent, 'startsAt' | 'endsAt' | 'timeZone'>): string {
  const { startsAt, endsAt, timeZone } = event;
  if (!startsAt) return 'Date to be announced';
  const zone = `${zoneAbbreviation(startsAt, timeZone)} (${timeZone})`;
  const start = `${formatDay(startsAt, timeZone)}, ${formatTime(startsAt, timeZone)}`;
  if (!endsAt || endsAt.getTime() <= startsAt.getTime()) return `${start} ${zone}`;
  const end =
    formatDay(endsAt, timeZone) === formatDay(startsAt, timeZone)
      ? formatTime(endsAt, timeZone)
      : `${formatDay(endsAt, timeZone)}, ${formatTime(endsAt, timeZone)}`;
  return `${start} – ${end} ${zone}`;
}

/** 'Sat 5 Dec 2026' when the event has a date, else 'Date to be announced'. */
export function formatStartDay(startsAt: Date | null, timeZone: string): string {
  return startsAt ? formatDay(startsAt, timeZone) : 'Date to be announced';
}

export function formatLastEntry(event: Pick<DocumentEvent, 'lastEntryAt' | 'timeZone'>): string | null {
  return event.lastEntryAt ? `Last entry ${formatTime(event.lastEntryAt, event.timeZone)}` : null;
}

export function formatAge(minimumAge: number): string {
  return minimumAge > 0 ? `Ages ${minimumAge}+ (ID may be checked)` : 'All ages';
}

/** A file-name-safe slug: 'Summer Jam: Live!' -> 'summer-jam-live'; never empty. */
export function slugify(text: string, fallback = 'event'): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || fallback;
}

export interface ResolvedBranding {
  companyName: string;
  primaryColor: string;
  secondaryColor: string;
  logoUrl: string | null;
}

/** The branding with colours checked (fallbacks from the spec) and a logo only when it is an http(s) URL. */
export function resolveBranding(branding: DocumentBranding): ResolvedBranding {
  let logoUrl: string | null = null;
  if (branding.logoUrl) {
    try {
      const url = new URL(branding.logoUrl);
      if (url.protocol === 'https:' || url.protocol === 'http:') logoUrl = url.href;
    } catch {
      logoUrl = null;
    }
  }
  return {
    companyName: branding.companyName.trim() || 'Your organiser',
    primaryColor: normalizeHexColor(branding.primaryColor, DEFAULT_PRIMARY_COLOR),
    secondaryColor: normalizeHexColor(branding.secondaryColor, FALLBACK_SECONDARY_COLOR),
    logoUrl,
  };
}
