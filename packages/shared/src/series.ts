// Dates in a series (decision 132): every date is an event of its own; these are the organiser API's shapes for
// adding dates to an event (one by one or as a daily or weekly run) and for listing them with their figures.
import { z } from 'zod';
import { CURRENCY_CODES } from './constants.js';
import { MIN_LOCAL_YEAR } from './dates.js';
import { eventStatusSchema, LOCAL_DATE_TIME_PATTERN } from './events.js';

/** At most this many dates are added in one go, and a series holds at most SERIES_MAX_DATES. */
export const SERIES_MAX_NEW_DATES = 52;
export const SERIES_MAX_DATES = 200;

export const SERIES_MESSAGES = {
  noStart: "Set this event's date and time before adding dates",
  closed: 'Dates cannot be added to an archived or cancelled event',
  oneWay: 'Give either the dates to add or a daily or weekly repeat, not both',
  nothing: 'Give the dates to add, or a daily or weekly repeat with how many dates',
  past: 'A new date must be in the future',
  taken: 'The series already has a date at this time',
  repeated: 'The same date is given twice',
  tooMany: `A series can have at most ${SERIES_MAX_DATES} dates`,
} as const;

const localDateTime = z
  .string()
  .regex(LOCAL_DATE_TIME_PATTERN, 'Use the format YYYY-MM-DDTHH:mm')
  .refine((value) => Number(value.slice(0, 4)) >= MIN_LOCAL_YEAR, 'Use a year from 1900 on');

/**
 * POST /api/events/:id/dates. Either `starts_local` (wall-clock starts in the event's zone) or `repeat` with
 * `count`: that many more dates a day or a week after the event's own start, at the same local time.
 */
export const eventDatesInputSchema = z
  .object({
    starts_local: z.array(localDateTime).min(1).max(SERIES_MAX_NEW_DATES).optional(),
    repeat: z.enum(['daily', 'weekly']).optional(),
    count: z.number().int().min(1).max(SERIES_MAX_NEW_DATES).optional(),
  })
  .strict()
  .superRefine((input, context) => {
    const byDates = input.starts_local !== undefined;
    const byRepeat = input.repeat !== undefined || input.count !== undefined;
    if (byDates && byRepeat) context.addIssue({ code: 'custom', path: ['repeat'], message: SERIES_MESSAGES.oneWay });
    else if (!byDates && (input.repeat === undefined || input.count === undefined)) {
      context.addIssue({
        code: 'custom',
        path: [input.repeat === undefined ? 'repeat' : 'count'],
        message: SERIES_MESSAGES.nothing,
      });
    }
  });
export type EventDatesInput = z.infer<typeof eventDatesInputSchema>;

/** One date of a series as the organiser's Dates list shows it. */
export const eventDateSchema = z.object({
  id: z.string(),
  status: eventStatusSchema,
  start_local: z.string(),
  time_zone: z.string(),
  starts_at: z.string().nullable(),
  sold: z.number().int(),
  held: z.number().int(),
  capacity: z.number().int().nullable(),
  revenue_minor: z.number().int(),
  public_url: z.string().nullable(),
});
export type EventDate = z.infer<typeof eventDateSchema>;

/** GET (and POST) /api/events/:id/dates: the series' dates, soonest first, and the series' totals. */
export const eventDatesSchema = z.object({
  series_id: z.string().nullable(),
  dates: z.array(eventDateSchema),
  totals: z.object({
    sold: z.number().int(),
    /** null when some date has no venue capacity */
    capacity: z.number().int().nullable(),
    revenue_minor: z.number().int(),
    currency: z.enum(CURRENCY_CODES),
  }),
});
export type EventDates = z.infer<typeof eventDatesSchema>;

const wallMs = (local: string) =>
  Date.UTC(
    Number(local.slice(0, 4)),
    Number(local.slice(5, 7)) - 1,
    Number(local.slice(8, 10)),
    Number(local.slice(11, 13)),
    Number(local.slice(14, 16)),
  );

/** A wall-clock time (YYYY-MM-DDTHH:mm) moved by whole minutes of wall clock, whatever the zone does meanwhile. */
export function shiftLocal(local: string, minutes: number): string {
  return new Date(wallMs(local) + minutes * 60_000).toISOString().slice(0, 16);
}

/** Wall-clock minutes from one local time to another. */
export const localMinutesBetween = (from: string, to: string) => Math.round((wallMs(to) - wallMs(from)) / 60_000);

/** The starts a repeat gives after `first`: `count` more, a day or a week apart, at the same wall-clock time. */
export function repeatStarts(first: string, repeat: 'daily' | 'weekly', count: number): string[] {
  const step = repeat === 'daily' ? 1 : 7;
  return Array.from({ length: count }, (_, index) => shiftLocal(first, (index + 1) * step * 24 * 60));
}
