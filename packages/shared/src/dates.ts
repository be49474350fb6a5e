// Local wall-clock times (the picker's YYYY-MM-DDTHH:mm) in an IANA time zone, converted to and from instants
// with Intl alone, and the spec's display formats. Imports only its own cache, so the server and the web app share it.
import { boundedMemo } from './memo.js';

export const DEFAULT_TIME_ZONE = 'Europe/London';

/** Earliest year a local date-time may name: Date.UTC maps years 0-99 to 1900-1999. */
export const MIN_LOCAL_YEAR = 1900;

const LOCAL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const WEEKDAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] as const;
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'] as const;

interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** Parses YYYY-MM-DDTHH:mm; null when the text is not in that form or names no real date or time. */
const parsedLocals = boundedMemo<Readonly<LocalParts> | null>(1000);

/** Parsed once per distinct text (pages format the same few instants over and over); the parts are read-only. */
export function parseLocalDateTime(local: string): Readonly<LocalParts> | null {
  return parsedLocals(local, () => parseLocal(local));
}

function parseLocal(local: string): LocalParts | null {
  const match = LOCAL_PATTERN.exec(local);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  if (year < MIN_LOCAL_YEAR || month < 1 || month > 12 || hour > 23 || minute > 59 || day < 1) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return null;
  return { year, month, day, hour, minute };
}

export const isValidLocalDateTime = (local: string) => parseLocalDateTime(local) !== null;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function isValidTimeZone(timeZone: string): boolean {
  if (!timeZone) return false;
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

// Readings already made: every page of an event converts the same few instants (its start, end, last entry), and
// formatToParts is costly on a busy server.
const readings = boundedMemo<number>(5000);

/** The wall-clock reading in timeZone at an instant, to the second, as milliseconds on a UTC scale. */
const wallClockMs = (epochMs: number, timeZone: string): number =>
  readings(`${timeZone} ${epochMs}`, () => readWallClock(epochMs, timeZone));

function readWallClock(epochMs: number, timeZone: string): number {
  const values: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(epochMs))) {
    if (part.type !== 'literal') values[part.type] = Number(part.value);
  }
  return Date.UTC(values.year!, values.month! - 1, values.day!, values.hour! % 24, values.minute!, values.second!);
}

/** The zone's offset from UTC at an instant, in milliseconds (positive east of Greenwich). */
function offsetAt(epochMs: number, timeZone: string): number {
  const whole = Math.floor(epochMs / 1000) * 1000;
  return wallClockMs(whole, timeZone) - whole;
}

/**
 * The instant at which the wall clock in timeZone reads `local`. Deterministic at DST changes, like
 * Temporal's 'compatible' choice: a time that occurs twice (clocks go back) is the earlier instant; a time
 * that never occurs (clocks go forward) is read with the offset before the change, i.e. moved forward by the
 * gap (01:30 on the morning London springs forward is 02:30 BST). Throws RangeError on bad input.
 */
export function localToInstant(local: string, timeZone: string = DEFAULT_TIME_ZONE): Date {
  const parts = parseLocalDateTime(local);
  if (!parts) throw new RangeError(`Not a local date-time (YYYY-MM-DDTHH:mm): ${local}`);
  if (!isValidTimeZone(timeZone)) throw new RangeError(`Unknown time zone: ${timeZone}`);
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute);
  // Real zones change offset at most once within a day either side, so these two offsets cover every case.
  const before = offsetAt(wall - DAY, timeZone);
  const after = offsetAt(wall + DAY, timeZone);
  const candidates = [wall - before, wall - after].filter((instant) => wallClockMs(instant, timeZone) === wall);
  if (candidates.length > 0) return new Date(Math.min(...candidates));
  return new Date(wall - before);
}

/** The wall-clock reading (YYYY-MM-DDTHH:mm) in timeZone at an instant. */
export function instantToLocal(date: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid date');
  if (!isValidTimeZone(timeZone)) throw new RangeError(`Unknown time zone: ${timeZone}`);
  const wall = new Date(wallClockMs(date.getTime(), timeZone));
  return `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}T${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
}

/** The preview card's date: 'MON 5 JAN, 2025'. '' when the value is empty or malformed. */
export function formatPreviewDate(local: string): string {
  const parts = parseLocalDateTime(local);
  if (!parts) return '';
  const weekday = WEEKDAYS[new Date(Date.UTC(parts.year, parts.month - 1, parts.day)).getUTCDay()];
  return `${weekday} ${parts.day} ${MONTHS[parts.month - 1]}, ${parts.year}`;
}

/** The picker's display format: 'DD/MM/YYYY, HH:mm'. '' when the value is empty or malformed. */
export function formatPickerDisplay(local: string): string {
  const parts = parseLocalDateTime(local);
  if (!parts) return '';
  return `${pad(parts.day)}/${pad(parts.month)}/${pad(parts.year, 4)}, ${pad(parts.hour)}:${pad(parts.minute)}`;
}

/** The 24-hour time of a local date-time: 'HH:mm'. '' when the value is empty or malformed. */
export function formatEventTime(local: string): string {
  const parts = parseLocalDateTime(local);
  if (!parts) return '';
  return `${pad(parts.hour)}:${pad(parts.minute)}`;
}
