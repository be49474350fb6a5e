// Turns the Analytics filter into UTC day ranges: the chosen period and the one it is compared with, and the
// filter's event checked against the caller's organisation (another organisation's event is a 404).
import { and, eq } from 'drizzle-orm';
import { daysBetween, type AnalyticsPeriod } from '@marquee/shared';
import type { Database } from '../../db/client.js';
import { event } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';

export interface ResolvedPeriod {
  period: AnalyticsPeriod;
  /** YYYY-MM-DD, both ends included. */
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
  changeLabel: string;
  eventId: string | null;
}

const DAY_MS = 86_400_000;
const dayOf = (instant: Date) => instant.toISOString().slice(0, 10);
export const addDays = (day: string, days: number) => dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
/** The instant a UTC day starts. */
export const startOf = (day: string) => new Date(`${day}T00:00:00Z`);
/** The instant after a UTC day ends. */
export const endOf = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS);

export function resolvePeriod(
  query: { period: AnalyticsPeriod; from?: string; to?: string },
  now: Date,
  eventId: string | null = null,
): ResolvedPeriod {
  const today = dayOf(now);
  if (query.period === 'month') {
    const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const previousStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
    return {
      period: 'month',
      from: dayOf(start),
      to: today,
      previousFrom: dayOf(previousStart),
      previousTo: addDays(dayOf(start), -1),
      changeLabel: 'vs last month',
      eventId,
    };
  }
  const [from, to] =
    query.period === 'custom'
      ? [query.from!, query.to!]
      : [addDays(today, -(Number.parseInt(query.period, 10) - 1)), today];
  const length = daysBetween(from, to);
  return {
    period: query.period,
    from,
    to,
    previousFrom: addDays(from, -length),
    previousTo: addDays(from, -1),
    changeLabel: length === 1 ? 'vs previous day' : `vs previous ${length} days`,
    eventId,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The filter's event id, lower-cased, when it is one of the organisation's events; else 404. */
export async function resolveEventFilter(
  db: Database,
  organizationId: string,
  eventId: string | undefined,
): Promise<string | null> {
  if (eventId === undefined || eventId === '') return null;
  if (UUID.test(eventId)) {
    const [row] = await db
      .select({ id: event.id })
      .from(event)
      .where(and(eq(event.organizationId, organizationId), eq(event.id, eventId.toLowerCase())))
      .limit(1);
    if (row) return row.id;
  }
  throw new AppError('NOT_FOUND', 'Event not found');
}

export function periodDto(period: ResolvedPeriod) {
  return {
    period: period.period,
    from: period.from,
    to: period.to,
    previous_from: period.previousFrom,
    previous_to: period.previousTo,
    change_label: period.changeLabel,
    event_id: period.eventId,
  };
}
