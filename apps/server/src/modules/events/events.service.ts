// Event rules: drafts saved with partial data, the spec's completeness rules on publish and on every edit of a
// live event (events.state.ts), and the status transitions, each recorded with who and when. The API's shape is
// events.dto.ts, the dashboard's lists and figures events.lists.ts and events.figures.ts, the storefront's reads
// events.public.ts. Every read and write is scoped by the caller's organisation: another organisation's event is
// simply not found.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  allTypesFree,
  isFreePrice,
  DEFAULT_TICKET_TYPE_NAME,
  type EventDto,
  type EventInput,
  type EventStatus,
} from '@marquee/shared';
import type { Database } from '../../db/client.js';
import { pgErrorCode } from '../../db/errors.js';
import { event, eventStatusChange, order, organizationSettings, ticketType } from '../../db/schema/index.js';
import { AppError, type FieldError } from '../../lib/errors.js';
import { listedCounts, placesTaken } from './events.figures.js';
import { defaultEventTimeZone, organizationTimeZone, scheduleErrors } from './events.schedule.js';
import { assignEventSlug } from './events.slugs.js';
import { queueEventMovedMails } from './events.moved.js';
import type { JobQueue } from '../../jobs/queue.js';
import { organizationCurrency, toDtos, type EventsContext } from './events.dto.js';
import { findEventRow, generalOf, ticketTypesFor, type EventRow } from './events.rows.js';
import {
  completenessErrors,
  mergeInput,
  stateFromRows,
  toFormValues,
  toPersistable,
  validationError,
  type EventState,
} from './events.state.js';

export { completenessErrors, toFormValues };
export { organizationCurrency, storefrontOrigin, toTicketTypeDto, type EventsContext } from './events.dto.js';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface Actor {
  organizationId: string;
  /** null = the system (the archive job) */
  userId: string | null;
}

export const EVENT_NOT_FOUND = 'Event not found';

async function requireEventRow(db: Database | Transaction, organizationId: string, id: string, lock = false) {
  const row = await findEventRow(db, organizationId, id, lock);
  if (!row) throw new AppError('NOT_FOUND', EVENT_NOT_FOUND);
  return row;
}

export async function getEvent(
  db: Database,
  organizationId: string,
  id: string,
  context: EventsContext,
): Promise<EventDto> {
  const row = await requireEventRow(db, organizationId, id);
  const [dto] = await toDtos(db, organizationId, [row], context);
  return dto!;
}

async function recordStatusChange(
  tx: Transaction,
  actor: Actor,
  eventId: string,
  from: EventStatus | null,
  to: EventStatus,
) {
  await tx.insert(eventStatusChange).values({
    eventId,
    organizationId: actor.organizationId,
    fromStatus: from,
    toStatus: to,
    actorUserId: actor.userId,
  });
}

/** Creates a draft (any fields may be missing) with its General Admission ticket type. */
export async function createEvent(
  db: Database,
  actor: Actor,
  input: EventInput,
  context: EventsContext,
): Promise<EventDto> {
  const [currency, organizationZone] = await Promise.all([
    organizationCurrency(db, actor.organizationId),
    organizationTimeZone(db, actor.organizationId),
  ]);
  const blank: EventState = {
    name: '',
    description: '',
    artworkUrl: '',
    location: '',
    startLocal: '',
    endLocal: '',
    lastEntryLocal: '',
    timeZone: defaultEventTimeZone(organizationZone),
    lineup: [],
    currency,
    price: '',
    free: false,
    capacity: null,
    soldOnEntry: true,
    refundsAllowed: true,
    resaleAllowed: false,
    removeOnEventEnd: true,
    minimumAge: 0,
    termsOfService: '',
  };
  const state = mergeInput(blank, input);
  const values = toPersistable(state);
  const schedule = scheduleErrors(state, null);
  if (schedule.length > 0) throw validationError('Invalid event', schedule);
  const id = await db.transaction(async (tx) => {
    // The organisation's first event settles its zone (the browser's guess) until the profile changes it.
    if (organizationZone === null) {
      await tx
        .update(organizationSettings)
        .set({ timeZone: state.timeZone })
        .where(eq(organizationSettings.organizationId, actor.organizationId));
    }
    const newId = randomUUID();
    // The id stands in as the slug until the row exists to own its real one.
    const [created] = await tx
      .insert(event)
      .values({ ...values.event, id: newId, slug: newId, organizationId: actor.organizationId, status: 'draft' })
      .returning({ id: event.id });
    await assignEventSlug(tx, actor.organizationId, newId, values.event.name ?? '', false);
    await tx.insert(ticketType).values({
      organizationId: actor.organizationId,
      eventId: created!.id,
      name: DEFAULT_TICKET_TYPE_NAME,
      ...values.ticket,
      sort: 0,
    });
    await recordStatusChange(tx, actor, created!.id, null, 'draft');
    return created!.id;
  });
  return getEvent(db, actor.organizationId, id, context);
}

/**
 * A live event that takes no money (published without payouts, decision 124) starts taking money only while the
 * organisation can be paid: `paidType` is the type a change makes paid (null: a new one). Runs before the change's
 * transaction (PGlite runs one at a time); throws PAYOUTS_NOT_ENABLED with the publish refusal's message.
 */
export async function assertMayStartCharging(
  db: Database,
  organizationId: string,
  eventId: string,
  paidType: string | null,
  deps: { assertCanSell: AssertCanSell },
): Promise<void> {
  const row = await findEventRow(db, organizationId, eventId, false);
  if (!row || row.status !== 'live') return;
  const types = (await ticketTypesFor(db, organizationId, [row.id])).get(row.id) ?? [];
  // Only a change that makes a free event take money: one that already does was checked when it started to.
  if (!allTypesFree(types)) return;
  if (paidType !== null && !isFreePrice(types.find((type) => type.id === paidType)?.priceMinor)) return;
  await deps.assertCanSell(db, organizationId);
}

/**
 * Updates the fields given. A draft may stay incomplete; a live event must stay complete (the same rules as
 * publishing). Archived and cancelled events are read-only. Capacity cannot drop below tickets already sold,
 * and the currency cannot change once anything was sold.
 */
export async function updateEvent(
  db: Database,
  actor: Actor,
  id: string,
  input: EventInput,
  context: EventsContext,
  /** assertCanSell: checked when 'Free event' is turned off on a live event (decision 124). */
  deps: { jobs: JobQueue; assertCanSell?: AssertCanSell },
): Promise<EventDto> {
  // 'Free event' turned off on a live event: it would start taking money (decision 124).
  if (input.free === false && deps.assertCanSell) {
    const row = await requireEventRow(db, actor.organizationId, id);
    const general = generalOf((await ticketTypesFor(db, actor.organizationId, [row.id])).get(row.id) ?? []);
    if (general)
      await assertMayStartCharging(db, actor.organizationId, row.id, general.id, {
        assertCanSell: deps.assertCanSell,
      });
  }
  try {
    await db.transaction(async (tx) => {
      const row = await requireEventRow(tx, actor.organizationId, id, true);
      if (row.status === 'archived' || row.status === 'cancelled') {
        throw new AppError(
          'CONFLICT',
          `${row.status === 'archived' ? 'An archived' : 'A cancelled'} event cannot be edited`,
        );
      }
      const types = (await ticketTypesFor(tx, actor.organizationId, [row.id])).get(row.id) ?? [];
      const general = generalOf(types);
      const fallback = await organizationCurrency(tx, actor.organizationId);
      const stored = stateFromRows(row, general, fallback);
      const state = mergeInput(stored, input);
      const values = toPersistable(state);
      const schedule = scheduleErrors(state, stored);
      if (row.status === 'live') {
        // One refusal naming everything: the completeness rules, then schedule problems they do not cover.
        const complete = completenessErrors(state);
        const fields = [...complete, ...schedule.filter((item) => !complete.some((f) => f.path === item.path))];
        if (fields.length > 0) throw validationError('A live event must stay complete', fields);
      } else if (schedule.length > 0) throw validationError('Invalid event', schedule);
      const fields: FieldError[] = [];
      // Listed tickets are still sold, and a hold on a listed place is that same place (decision 035). A capacity
      // that does not go down is never refused.
      const listed = (await listedCounts(tx, [row.id])).byEvent.get(row.id) ?? 0;
      const taken = placesTaken({ sold: row.sold, held: row.held, listed, capacity: row.capacity });
      const lowered = state.capacity !== null && (row.capacity === null || state.capacity < row.capacity);
      if (lowered && state.capacity! < taken) {
        fields.push({
          path: 'capacity',
          message:
            row.held > 0
              ? `Venue capacity cannot be below the ${taken} tickets already sold or being bought`
              : `Venue capacity cannot be below the ${taken} tickets already sold`,
        });
      }
      if (
        general &&
        state.currency !== general.currency &&
        (row.sold > 0 || (await hasOrders(tx, actor.organizationId, row.id)))
      ) {
        fields.push({ path: 'currency', message: 'The currency cannot change once tickets have been sold' });
      } else if (general && state.currency !== general.currency && types.length > 1) {
        // Every type's price is in the event's currency; converting them all silently could misprice one.
        fields.push({
          path: 'currency',
          message: 'The currency cannot change while the event has more than one ticket type',
        });
      }
      if (fields.length > 0) throw validationError('Invalid event', fields);
      const now = new Date();
      await tx
        .update(event)
        .set({ ...values.event, updatedAt: now })
        .where(and(eq(event.id, row.id), eq(event.organizationId, actor.organizationId)));
      // A live event moved to another start: its ticket holders are told (events.moved.ts).
      const startsAt = values.event.startsAt ?? null;
      if (row.status === 'live' && row.startsAt && startsAt && startsAt.getTime() !== row.startsAt.getTime()) {
        await queueEventMovedMails(tx, deps.jobs, {
          organizationId: actor.organizationId,
          eventId: row.id,
          startsAt,
          previousStartsAt: row.startsAt,
          previousEndsAt: row.endsAt,
        });
      }
      // A rename moves the page to a new address; once the event has been public its old ones redirect.
      if (state.name !== row.name) {
        await assignEventSlug(tx, actor.organizationId, row.id, state.name, row.publishedAt !== null);
      }
      if (general) {
        // The wizard's price is a pay-what-you-want type's suggested one (decision 133): the minimum stays while the
        // price still covers it; a free price or one below the minimum makes the type a fixed price again.
        const price = values.ticket.priceMinor;
        const keepsMinimum =
          general.minPriceMinor !== null && price !== null && price > 0 && price >= general.minPriceMinor;
        await tx
          .update(ticketType)
          .set({ ...values.ticket, minPriceMinor: keepsMinimum ? general.minPriceMinor : null, updatedAt: now })
          .where(and(eq(ticketType.id, general.id), eq(ticketType.organizationId, actor.organizationId)));
      } else {
        await tx.insert(ticketType).values({
          organizationId: actor.organizationId,
          eventId: row.id,
          name: DEFAULT_TICKET_TYPE_NAME,
          ...values.ticket,
        });
      }
    });
  } catch (error) {
    // Checkout sold the last tickets between our read and write: the CHECK on ticket_type refused it.
    if (pgErrorCode(error) === '23514')
      throw new AppError('CONFLICT', 'Tickets were sold meanwhile; reload and try again');
    throw error;
  }
  return getEvent(db, actor.organizationId, id, context);
}

async function hasOrders(db: Database | Transaction, organizationId: string, eventId: string) {
  const [row] = await db
    .select({ id: order.id })
    .from(order)
    .where(and(eq(order.organizationId, organizationId), eq(order.eventId, eventId)))
    .limit(1);
  return Boolean(row);
}

/** Deletes a draft that never sold anything; anything else is 409. */
export async function deleteEvent(db: Database, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await requireEventRow(tx, actor.organizationId, id, true);
    if (row.status !== 'draft') throw new AppError('CONFLICT', 'Only draft events can be deleted');
    if (await hasOrders(tx, actor.organizationId, row.id)) {
      throw new AppError('CONFLICT', 'This event has orders, so it cannot be deleted; archive it instead');
    }
    await tx.delete(event).where(and(eq(event.id, row.id), eq(event.organizationId, actor.organizationId)));
  });
}

/**
 * What each draft still lacks before it can be published: the spec's completeness rules on its stored state, the
 * very check publishEvent makes ([] = ready). The guidance module's 'waiting drafts' offer reads it too, so what
 * it offers to publish and what it says is missing cannot disagree with publishing.
 */
export async function publishProblems(
  db: Database | Transaction,
  organizationId: string,
  rows: EventRow[],
): Promise<Map<string, FieldError[]>> {
  if (rows.length === 0) return new Map();
  const [types, currency] = await Promise.all([
    ticketTypesFor(
      db,
      organizationId,
      rows.map((row) => row.id),
    ),
    organizationCurrency(db, organizationId),
  ]);
  return new Map(
    rows.map((row) => [row.id, completenessErrors(stateFromRows(row, generalOf(types.get(row.id) ?? []), currency))]),
  );
}

export type AssertCanSell = (db: Database, organizationId: string) => Promise<void>;

/** Whether every ticket type of the event is free: it takes no money, so it needs no payouts (decision 124). */
export async function takesNoMoney(db: Database | Transaction, organizationId: string, eventId: string) {
  return allTypesFree((await ticketTypesFor(db, organizationId, [eventId])).get(eventId) ?? []);
}

/**
 * draft -> live. Refused with the failing fields while the event is incomplete (the spec's four steps), and
 * while the organisation cannot take payments (assertCanSell throws PAYOUTS_NOT_ENABLED), unless every ticket type
 * is free (decision 124).
 */
export async function publishEvent(
  db: Database,
  actor: Actor,
  id: string,
  deps: { assertCanSell: AssertCanSell },
  context: EventsContext,
): Promise<EventDto> {
  const row = await requireEventRow(db, actor.organizationId, id);
  if (row.status !== 'draft')
    throw new AppError('CONFLICT', `Only drafts can be published; this event is ${row.status}`);
  const fields = (await publishProblems(db, actor.organizationId, [row])).get(row.id) ?? [];
  if (fields.length > 0) throw validationError('The event is not ready to publish', fields);
  // Outside the transaction: PGlite runs one transaction at a time, and the check reads on its own handle.
  const free = await takesNoMoney(db, actor.organizationId, row.id);
  if (!free) await deps.assertCanSell(db, actor.organizationId);
  await db.transaction(async (tx) => {
    const locked = await requireEventRow(tx, actor.organizationId, id, true);
    if (locked.status !== 'draft')
      throw new AppError('CONFLICT', `Only drafts can be published; this event is ${locked.status}`);
    const again = (await publishProblems(tx, actor.organizationId, [locked])).get(locked.id) ?? [];
    if (again.length > 0) throw validationError('The event is not ready to publish', again);
    // A price was set meanwhile on an event checked as free: its payouts were never checked.
    if (free && !(await takesNoMoney(tx, actor.organizationId, locked.id)))
      throw new AppError('CONFLICT', 'The ticket prices changed meanwhile; reload and try again');
    const now = new Date();
    await tx.update(event).set({ status: 'live', publishedAt: now, updatedAt: now }).where(eq(event.id, locked.id));
    await recordStatusChange(tx, actor, locked.id, 'draft', 'live');
  });
  return getEvent(db, actor.organizationId, id, context);
}

async function transition(
  db: Database,
  actor: Actor,
  id: string,
  allowed: EventStatus[],
  to: EventStatus,
  refusal: (status: EventStatus) => string,
  context: EventsContext,
): Promise<EventDto> {
  await db.transaction(async (tx) => {
    const row = await requireEventRow(tx, actor.organizationId, id, true);
    if (!allowed.includes(row.status)) throw new AppError('CONFLICT', refusal(row.status));
    const now = new Date();
    await tx
      .update(event)
      .set({
        status: to,
        updatedAt: now,
        ...(to === 'draft' ? { publishedAt: null } : {}),
        ...(to === 'archived' ? { archivedAt: now } : {}),
      })
      .where(eq(event.id, row.id));
    await recordStatusChange(tx, actor, row.id, row.status, to);
  });
  return getEvent(db, actor.organizationId, id, context);
}

/** live -> draft: takes the event page down; sales stop. */
export const unpublishEvent = (db: Database, actor: Actor, id: string, context: EventsContext) =>
  transition(
    db,
    actor,
    id,
    ['live'],
    'draft',
    (status) => `Only live events can be unpublished; this event is ${status}`,
    context,
  );

/** draft or live -> archived. */
export const archiveEvent = (db: Database, actor: Actor, id: string, context: EventsContext) =>
  transition(db, actor, id, ['draft', 'live'], 'archived', (status) => `This event is already ${status}`, context);
