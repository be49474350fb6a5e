// Local date-time helpers for the event picker's calendar. Values are the picker's 'YYYY-MM-DDTHH:mm' text (no
// time zone); weekdays are computed in UTC so the browser's zone never shifts a date. Parsing and the display
// formats are @marquee/shared's (dates.ts), which the server uses too.
import { parseLocalDateTime } from '@marquee/shared';

export interface LocalDateTime {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
}

export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

export const MINUTE_STEP = 5;
export const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
export const MINUTES = Array.from({ length: 60 / MINUTE_STEP }, (_, index) => index * MINUTE_STEP);
/** Monday-first weekday headings. */
export const WEEKDAY_LABELS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'] as const;
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** 0 = Sunday ... 6 = Saturday */
function weekday(year: number, month: number, day: number): number {
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

export function formatLocalDateTime(parts: LocalDateTime): string {
  return `${pad(parts.year, 4)}-${pad(parts.month)}-${pad(parts.day)}T${pad(parts.hour)}:${pad(parts.minute)}`;
}

/** Now in the browser's local time, minutes rounded down to a multiple of 5. */
export function nowLocalValue(now: Date = new Date()): string {
  return formatLocalDateTime({
    year: now.getFullYear(),
    month: now.getMonth() + 1,
    day: now.getDate(),
    hour: now.getHours(),
    minute: Math.floor(now.getMinutes() / MINUTE_STEP) * MINUTE_STEP,
  });
}

export function todayOf(now: Date = new Date()): CalendarDay {
  return { year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() };
}

/** Choosing a day keeps an already chosen time (00:00 when there is none). */
export function withDay(value: string, day: CalendarDay): string {
  const current = parseLocalDateTime(value);
  return formatLocalDateTime({ ...day, hour: current?.hour ?? 0, minute: current?.minute ?? 0 });
}

/** Choosing a time updates the chosen date; with no date yet, today is chosen. */
export function withTime(value: string, time: { hour?: number; minute?: number }, now: Date = new Date()): string {
  const current = parseLocalDateTime(value);
  const base: LocalDateTime = current ?? { ...todayOf(now), hour: 0, minute: 0 };
  return formatLocalDateTime({ ...base, hour: time.hour ?? base.hour, minute: time.minute ?? base.minute });
}

/**
 * The month as weeks of seven Monday-first cells; cells outside the month are null. Four to six weeks,
 * depending on where the month falls.
 */
export function calendarMonth(year: number, month: number): Array<Array<CalendarDay | null>> {
  const leading = (weekday(year, month, 1) + 6) % 7; // Monday = 0
  const total = daysInMonth(year, month);
  const cells: Array<CalendarDay | null> = Array.from({ length: leading }, () => null);
  for (let day = 1; day <= total; day += 1) cells.push({ year, month, day });
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: Array<Array<CalendarDay | null>> = [];
  for (let index = 0; index < cells.length; index += 7) weeks.push(cells.slice(index, index + 7));
  return weeks;
}

export function shiftMonth(view: { year: number; month: number }, delta: number): { year: number; month: number } {
  const zeroBased = view.year * 12 + (view.month - 1) + delta;
  return { year: Math.floor(zeroBased / 12), month: (zeroBased % 12) + 1 };
}

export function sameDay(a: CalendarDay | null | undefined, b: CalendarDay | null | undefined): boolean {
  return !!a && !!b && a.year === b.year && a.month === b.month && a.day === b.day;
}

export function dayLabel(day: CalendarDay): string {
  return `${day.day} ${MONTH_NAMES[day.month - 1]} ${day.year}`;
}
