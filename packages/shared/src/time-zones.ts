// Time zones an event or an organisation may use: the IANA zones this runtime knows
// (Intl.supportedValuesOf('timeZone')) plus UTC, the browser's guess mapped onto that list, and the zone's
// name as fans and organisers read it ('Europe/London, GMT+1').
import { DEFAULT_TIME_ZONE, isValidTimeZone } from './dates.js';
import { boundedMemo } from './memo.js';

/**
 * Zones whose current IANA name differs from the one ICU (and so Intl.supportedValuesOf) still lists: CLDR keeps
 * the old spelling as its canonical id. Renames only (the same place, a new name), as CLDR's `iana` attribute
 * lists them; a zone IANA merged into another keeps its own name. Old names stay accepted on input and are
 * read as the new ones (decision 027).
 */
export const TIME_ZONE_RENAMES: Readonly<Record<string, string>> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Coral_Harbour': 'America/Atikokan',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

const renamed = new Map<string, string>();

/**
 * The zone's current name: 'Europe/Kiev' -> 'Europe/Kyiv'; any other zone as it is. A runtime too old to know
 * the new name keeps the old one, so every zone this returns can be formatted.
 */
export function currentTimeZoneName(timeZone: string): string {
  const next = TIME_ZONE_RENAMES[timeZone];
  if (!next) return timeZone;
  let known = renamed.get(timeZone);
  if (known === undefined) {
    known = isValidTimeZone(next) ? next : timeZone;
    renamed.set(timeZone, known);
  }
  return known;
}

let supported: string[] | null = null;
let supportedSet: Set<string> | null = null;

/** The selectable zones, sorted, by their current names: Intl.supportedValuesOf('timeZone') and UTC. */
export function supportedTimeZones(): string[] {
  if (!supported) {
    const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
    const listed = (intl.supportedValuesOf?.('timeZone') ?? [DEFAULT_TIME_ZONE]).map(currentTimeZoneName);
    supported = [...new Set([...listed, 'UTC'])].sort();
    supportedSet = new Set(supported);
  }
  return supported;
}

/**
 * Whether a zone may be chosen for an event or an organisation: one of supportedTimeZones(), or an old name of
 * one (accepted, and stored under its current name).
 */
export function isSupportedTimeZone(timeZone: string): boolean {
  supportedTimeZones();
  return supportedSet!.has(currentTimeZoneName(timeZone));
}

/**
 * A zone of the list for what a browser reports (Intl.DateTimeFormat().resolvedOptions().timeZone), which
 * may be an old alias such as Asia/Calcutta; null when nothing in the list matches.
 */
export function toSupportedTimeZone(timeZone: string | null | undefined): string | null {
  if (!timeZone) return null;
  if (isSupportedTimeZone(timeZone)) return currentTimeZoneName(timeZone);
  if (!isValidTimeZone(timeZone)) return null;
  const canonical = (zone: string) => new Intl.DateTimeFormat('en-GB', { timeZone: zone }).resolvedOptions().timeZone;
  const wanted = canonical(timeZone);
  return supportedTimeZones().find((zone) => canonical(zone) === wanted) ?? null;
}

export const TIME_ZONE_MESSAGES = {
  unknown: 'Choose a time zone from the list',
} as const;

/** Made once per zone: making an Intl.DateTimeFormat costs far more than using one (every event page shows zones). */
const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** 'GMT+1', 'GMT-2:30' or 'GMT' for the zone's offset at an instant. */
// Pages show the same few instants' offsets again and again; formatToParts is costly on a busy server.
const offsetLabels = boundedMemo<string>(5000);

export function gmtOffsetLabel(timeZone: string, at: Date = new Date()): string {
  if (!isValidTimeZone(timeZone)) return '';
  return offsetLabels(`${timeZone} ${at.getTime()}`, () => readOffsetLabel(timeZone, at));
}

function readOffsetLabel(timeZone: string, at: Date): string {
  let formatter = offsetFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'shortOffset' });
    offsetFormatters.set(timeZone, formatter);
  }
  const part = formatter.formatToParts(at).find((item) => item.type === 'timeZoneName');
  // Some ICU versions write the zero offset as 'GMT+0'.
  return !part || part.value === 'GMT+0' ? 'GMT' : part.value;
}

/** The zone as people read it, with its offset at an instant: 'Europe/London, GMT+1', 'America/New York, GMT-4'. */
export function timeZoneLabel(timeZone: string, at: Date = new Date()): string {
  const offset = gmtOffsetLabel(timeZone, at);
  const name = timeZone.replace(/_/g, ' ');
  return offset ? `${name}, ${offset}` : name;
}

const clockFormats = boundedMemo<Intl.DateTimeFormat>(200);

/** '19:30': the instant's wall-clock hour and minute in the zone (one formatter kept per zone). */
export function clockIn(instant: Date, timeZone: string): string {
  return clockFormats(
    timeZone,
    () => new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone }),
  ).format(instant);
}

const dateTimeFormats = boundedMemo<Intl.DateTimeFormat>(200);

/**
 * 'Tue, 24 Nov 2026, 10:00 GMT' in the zone (24-hour clock, the zone's short name): the formatter an on-sale time
 * and the ticket documents use, one kept per zone (building one is costly).
 */
export function dateTimeFormatIn(timeZone: string): Intl.DateTimeFormat {
  return dateTimeFormats(
    timeZone,
    () =>
      new Intl.DateTimeFormat('en-GB', {
        timeZone,
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZoneName: 'short',
      }),
  );
}
