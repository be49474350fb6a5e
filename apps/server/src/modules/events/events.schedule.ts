// The schedule rules every save of an event checks, draft or live (issue 13): a zone from the list, the end
// after the start, the last entry between them, and no time in the past for a new event or for a time an
// edit changes. Also the organisation's own zone, which new events default to.
import { eq } from 'drizzle-orm';
import {
  DEFAULT_TIME_ZONE,
  EVENT_MESSAGES,
  isSupportedTimeZone,
  isValidLocalDateTime,
  isValidTimeZone,
  localToInstant,
  pastDateErrors,
  scheduleOrderErrors,
  type EventFormValues,
} from '@marquee/shared';
import type { Database } from '../../db/client.js';
import { organizationSettings } from '../../db/schema/index.js';
import type { FieldError } from '../../lib/errors.js';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface ScheduleState {
  startLocal: string;
  endLocal: string;
  lastEntryLocal: string;
  timeZone: string;
}

const PATHS = { startDateTime: 'start_local', endDateTime: 'end_local', lastEntry: 'last_entry_local' } as const;
type TimeField = keyof typeof PATHS;

const formOf = (state: ScheduleState) => ({
  startDateTime: state.startLocal,
  endDateTime: state.endLocal,
  lastEntry: state.lastEntryLocal,
  timeZone: state.timeZone,
});

const instantOf = (local: string, timeZone: string) =>
  local && isValidLocalDateTime(local) && isValidTimeZone(timeZone) ? localToInstant(local, timeZone).getTime() : null;

/**
 * What is wrong with the schedule about to be saved; `previous` is the stored schedule of an edit (null for a
 * new event). A zone is checked against the list only when it is new or changed, so an event stored with an
 * older alias can still be edited.
 */
export function scheduleErrors(state: ScheduleState, previous: ScheduleState | null, now = new Date()): FieldError[] {
  if (state.timeZone !== previous?.timeZone && !isSupportedTimeZone(state.timeZone)) {
    return [{ path: 'time_zone', message: EVENT_MESSAGES.timeZoneUnknown }];
  }
  const form = formOf(state);
  const changed = (Object.keys(PATHS) as TimeField[]).filter((field) => {
    if (!previous) return true;
    const before = formOf(previous);
    return instantOf(form[field], form.timeZone) !== instantOf(before[field], before.timeZone);
  });
  const errors: Partial<Record<keyof EventFormValues, string>> = {
    ...pastDateErrors(form, now, changed),
    ...scheduleOrderErrors(form),
  };
  return (Object.keys(PATHS) as TimeField[])
    .filter((field) => errors[field])
    .map((field) => ({ path: PATHS[field], message: errors[field]! }));
}

/** The organisation's zone (set in the profile, or by its first event); null until either happened. */
export async function organizationTimeZone(db: Database | Transaction, organizationId: string): Promise<string | null> {
  const [row] = await db
    .select({ timeZone: organizationSettings.timeZone })
    .from(organizationSettings)
    .where(eq(organizationSettings.organizationId, organizationId))
    .limit(1);
  return row?.timeZone ?? null;
}

/** The zone a new event starts in when the request names none. */
export const defaultEventTimeZone = (organizationZone: string | null) => organizationZone ?? DEFAULT_TIME_ZONE;
