// Dates in a series (decision 132). Every date is an event of its own, so each has its own capacity, on-sale,
// door list and figures, and everything that works for one event (checkout, the door, cancelling and refunding)
// works for one date; the dates of a series share `series_id`. Adding dates copies an event with its ticket
// types and shared quotas to new starts, every other time (end, last entry, sales windows) moved by the same
// wall-clock amount.
import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  localMinutesBetween,
  localToInstant,
  repeatStarts,
  SERIES_MAX_DATES,
  SERIES_MESSAGES,
  shiftLocal,
  type EventDates,
  type EventDatesInput,
} from '@marquee/shared';
import type { Database } from '../../db/client.js';
import { event, eventStatusChange } from '../../db/schema/index.js';
import { copyDateParts, readDateTemplate, type DateTemplate } from './events.series-copy.js';
import { AppError, type FieldError } from '../../lib/errors.js';
import { toDtos, type EventsContext } from './events.dto.js';
import { findEventRow, localOf, type EventRow } from './events.rows.js';
import { validationError } from './events.state.js';
import { assignEventSlug } from './events.slugs.js';
import { EVENT_NOT_FOUND, takesNoMoney, type Actor, type AssertCanSell } from './events.service.js';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

async function requireRow(db: Database | Transaction, organizationId: string, id: string, lock = false) {
  const row = await findEventRow(db, organizationId, id, lock);
  if (!row) throw new AppError('NOT_FOUND', EVENT_NOT_FOUND);
  return row;
}

/** The events of the row's series (only the row when it is a single event), soonest first. */
async function seriesRows(db: Database | Transaction, row: EventRow): Promise<EventRow[]> {
  if (!row.seriesId) return [row];
  return db
    .select()
    .from(event)
    .where(and(eq(event.organizationId, row.organizationId), eq(event.seriesId, row.seriesId)))
    .orderBy(sql`${event.startsAt} asc nulls last`, asc(event.createdAt));
}

/** The Dates list: every date of the event's series with its figures, and the series' totals. */
export async function listEventDates(
  db: Database,
  organizationId: string,
  id: string,
  context: EventsContext,
): Promise<EventDates> {
  const row = await requireRow(db, organizationId, id);
  const dtos = await toDtos(db, organizationId, await seriesRows(db, row), context);
  const capacities = dtos.map((dto) => dto.capacity);
  return {
    series_id: row.seriesId,
    dates: dtos.map((dto) => ({
      id: dto.id,
      status: dto.status,
      start_local: dto.start_local,
      time_zone: dto.time_zone,
      starts_at: dto.starts_at,
      sold: dto.sold,
      held: dto.held,
      capacity: dto.capacity,
      revenue_minor: dto.revenue_minor,
      public_url: dto.public_url,
    })),
    totals: {
      sold: dtos.reduce((sum, dto) => sum + dto.sold, 0),
      capacity: capacities.includes(null) ? null : capacities.reduce<number>((sum, value) => sum + value!, 0),
      revenue_minor: dtos.reduce((sum, dto) => sum + dto.revenue_minor, 0),
      currency: dtos.find((dto) => dto.id === row.id)!.currency,
    },
  };
}

/** What is wrong with the starts asked for ([] = none), each error on its own `starts_local.{n}`. */
function startErrors(starts: string[], timeZone: string, existing: EventRow[], now: Date, byRepeat: boolean) {
  const fields: FieldError[] = [];
  const taken = new Set(existing.map((row) => row.startsAt?.getTime()));
  const seen = new Set<number>();
  starts.forEach((local, index) => {
    const path = byRepeat ? 'count' : `starts_local.${index}`;
    const at = localToInstant(local, timeZone).getTime();
    if (at <= now.getTime()) fields.push({ path, message: SERIES_MESSAGES.past });
    else if (taken.has(at)) fields.push({ path, message: SERIES_MESSAGES.taken });
    else if (seen.has(at)) fields.push({ path, message: SERIES_MESSAGES.repeated });
    seen.add(at);
  });
  if (existing.length + starts.length > SERIES_MAX_DATES) {
    fields.push({ path: byRepeat ? 'count' : 'starts_local', message: SERIES_MESSAGES.tooMany });
  }
  return byRepeat ? fields.slice(0, 1) : fields;
}

/**
 * Adds dates to the event's series (making it a series if it was a single event): copies of the event and its
 * ticket types, nothing sold. A live event's new dates go on sale at once (the payouts check as on publishing);
 * a draft's are drafts.
 */
export async function addEventDates(
  db: Database,
  actor: Actor,
  id: string,
  input: EventDatesInput,
  deps: { assertCanSell: AssertCanSell },
  context: EventsContext,
  now = new Date(),
): Promise<EventDates> {
  const source = await requireRow(db, actor.organizationId, id);
  if (source.status === 'archived' || source.status === 'cancelled')
    throw new AppError('CONFLICT', SERIES_MESSAGES.closed);
  if (!source.startsAt) {
    throw validationError('Invalid dates', [{ path: 'starts_local', message: SERIES_MESSAGES.noStart }]);
  }
  const zone = source.timeZone;
  const firstLocal = localOf(source.startsAt, zone);
  const starts = input.starts_local ?? repeatStarts(firstLocal, input.repeat!, input.count!);
  const fields = startErrors(starts, zone, await seriesRows(db, source), now, !input.starts_local);
  if (fields.length > 0) throw validationError('Invalid dates', fields);
  // Outside the transaction, as publishing does: the check reads on its own handle. A free event's dates take no
  // money, so they need no payouts either (decision 124).
  if (source.status === 'live' && !(await takesNoMoney(db, actor.organizationId, source.id)))
    await deps.assertCanSell(db, actor.organizationId);

  await db.transaction(async (tx) => {
    const locked = await requireRow(tx, actor.organizationId, id, true);
    if (locked.status === 'archived' || locked.status === 'cancelled')
      throw new AppError('CONFLICT', SERIES_MESSAGES.closed);
    const seriesId = locked.seriesId ?? randomUUID();
    if (!locked.seriesId) await tx.update(event).set({ seriesId }).where(eq(event.id, locked.id));
    // Another request may have added dates meanwhile: the series is read again under the lock.
    const again = startErrors(starts, zone, await seriesRows(tx, { ...locked, seriesId }), now, !input.starts_local);
    if (again.length > 0) throw validationError('Invalid dates', again);
    const template = await readDateTemplate(tx, actor.organizationId, locked.id);
    for (const start of starts) {
      await copyDate(tx, actor, locked, template, seriesId, localMinutesBetween(firstLocal, start), now);
    }
  });
  return listEventDates(db, actor.organizationId, id, context);
}

async function copyDate(
  tx: Transaction,
  actor: Actor,
  source: EventRow,
  template: DateTemplate,
  seriesId: string,
  minutes: number,
  now: Date,
) {
  const moved = (instant: Date | null) =>
    instant ? localToInstant(shiftLocal(localOf(instant, source.timeZone), minutes), source.timeZone) : null;
  const newId = randomUUID();
  const live = source.status === 'live';
  const startsAt = moved(source.startsAt)!;
  await tx.insert(event).values({
    ...source,
    id: newId,
    slug: newId,
    seriesId,
    status: live ? 'live' : 'draft',
    startsAt,
    endsAt: moved(source.endsAt),
    lastEntryAt: moved(source.lastEntryAt),
    salesStartAt: moved(source.salesStartAt),
    salesEndAt: moved(source.salesEndAt),
    sold: 0,
    held: 0,
    publishedAt: live ? now : null,
    archivedAt: null,
    createdAt: now,
    updatedAt: now,
  });
  // 'night-owls-2026-12-04': each date's page has its own address.
  await assignEventSlug(
    tx,
    actor.organizationId,
    newId,
    `${source.name} ${localOf(startsAt, source.timeZone).slice(0, 10)}`,
    false,
  );
  await copyDateParts(tx, template, newId, moved, now);
  const change = { eventId: newId, organizationId: actor.organizationId, actorUserId: actor.userId };
  await tx.insert(eventStatusChange).values({ ...change, fromStatus: null, toStatus: 'draft' });
  if (live) await tx.insert(eventStatusChange).values({ ...change, fromStatus: 'draft', toStatus: 'live' });
}
