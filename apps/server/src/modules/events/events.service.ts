// Event rules: drafts saved with partial data, the spec's completeness rules on publish and on every edit of a
// live event, the status transitions (each recorded with who and when), and the lists and figures for the
// dashboard. Every read and write is scoped by the caller's organisation: another organisation's event is
// simply not found.
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  DEFAULT_TICKET_TYPE_NAME,
  EVENT_MESSAGES,
  instantToLocal,
  isValidLocalDateTime,
  isValidTimeZone,
  localToInstant,
  validateEventForm,
  fromMinorUnits,
  type CurrencyCode,
  type EventDto,
  type EventFormValues,
  type EventInput,
  type EventStatus,
  type TicketTypeDto,
} from '@marquee/shared';
import type { Database } from '../../db/client.js';
import { pgErrorCode } from '../../db/errors.js';
import { event, eventStatusChange, order, organizationSettings, ticketType } from '../../db/schema/index.js';
import { AppError, type FieldError } from '../../lib/errors.js';
import { activeDomain } from '../organizations/organizations.service.js';
import { isUpcomingSql, listedCounts, placesTaken, salesByEvent } from './events.figures.js';
import { decimalToMinor } from './events.money.js';
import { defaultEventTimeZone, organizationTimeZone, scheduleErrors } from './events.schedule.js';
import { assignEventSlug } from './events.slugs.js';

type EventRow = typeof event.$inferSelect;
type TicketTypeRow = typeof ticketType.$inferSelect;
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface EventsContext {
  /** APP_URL, for the scheme of public event links */
  appUrl: string;
  /** PUBLIC_HOST, for {subdomain}.{PUBLIC_HOST} */
  publicHost: string;
}

export interface Actor {
  organizationId: string;
  /** null = the system (the archive job) */
  userId: string | null;
}

export const EVENT_NOT_FOUND = 'Event not found';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The wizard's form field -> the API's field name, so publish and edit refusals name the request's fields. */
const FORM_TO_INPUT_FIELD: Record<keyof EventFormValues, keyof EventInput> = {
  artworkUrl: 'artwork_url',
  eventName: 'name',
  eventDescription: 'description',
  eventLocation: 'location',
  startDateTime: 'start_local',
  endDateTime: 'end_local',
  lastEntry: 'last_entry_local',
  timeZone: 'time_zone',
  lineup: 'lineup',
  ticketCurrency: 'currency',
  ticketPrice: 'price',
  venueCapacity: 'capacity',
  transferrable: 'resale_allowed',
  refundsAllowed: 'refunds_allowed',
  soldOnEntry: 'sold_on_entry',
  minimumAge: 'minimum_age',
  removeOnEventEnd: 'remove_on_event_end',
  termsOfService: 'terms_of_service',
};

/** The editable state of an event with its General Admission ticket, in the wizard's terms (local times). */
interface EventState {
  name: string;
  description: string;
  artworkUrl: string;
  location: string;
  startLocal: string;
  endLocal: string;
  lastEntryLocal: string;
  timeZone: string;
  lineup: string[];
  currency: CurrencyCode;
  price: string;
  capacity: number | null;
  soldOnEntry: boolean;
  refundsAllowed: boolean;
  resaleAllowed: boolean;
  removeOnEventEnd: boolean;
  minimumAge: number;
  termsOfService: string;
}

/**
 * The wizard's ticket type: the event's first-created type (General Admission), whatever the organiser's
 * display order, so reordering types never changes which price the wizard edits.
 */
export function generalOf(types: TicketTypeRow[]): TicketTypeRow | undefined {
  let first: TicketTypeRow | undefined;
  for (const type of types) {
    if (!first || type.createdAt < first.createdAt || (+type.createdAt === +first.createdAt && type.id < first.id))
      first = type;
  }
  return first;
}

const localOf = (instant: Date | null, timeZone: string) => (instant ? instantToLocal(instant, timeZone) : '');

function stateFromRows(row: EventRow, general: TicketTypeRow | undefined, fallbackCurrency: CurrencyCode): EventState {
  const currency = (general?.currency as CurrencyCode | undefined) ?? fallbackCurrency;
  return {
    name: row.name,
    description: row.description,
    artworkUrl: row.artworkUrl,
    location: row.location,
    startLocal: localOf(row.startsAt, row.timeZone),
    endLocal: localOf(row.endsAt, row.timeZone),
    lastEntryLocal: localOf(row.lastEntryAt, row.timeZone),
    timeZone: row.timeZone,
    lineup: row.lineup,
    currency,
    price: general?.priceMinor == null ? '' : fromMinorUnits(general.priceMinor, currency),
    capacity: row.capacity,
    soldOnEntry: row.soldOnEntry,
    refundsAllowed: row.refundsAllowed,
    resaleAllowed: row.resaleAllowed,
    removeOnEventEnd: row.removeOnEventEnd,
    minimumAge: row.minimumAge,
    termsOfService: row.termsOfService,
  };
}

/** The request's fields over the stored state; a time zone change keeps the wall-clock times as entered. */
function mergeInput(state: EventState, input: EventInput): EventState {
  const pick = <K extends keyof EventInput, T>(
    key: K,
    current: T,
    map: (value: NonNullable<EventInput[K]>) => T = (value) => value as T,
  ) => (input[key] === undefined ? current : map(input[key] as NonNullable<EventInput[K]>));
  return {
    name: pick('name', state.name, (value) => value.trim()),
    description: pick('description', state.description),
    artworkUrl: pick('artwork_url', state.artworkUrl),
    location: pick('location', state.location, (value) => value.trim()),
    startLocal: pick('start_local', state.startLocal),
    endLocal: pick('end_local', state.endLocal),
    lastEntryLocal: pick('last_entry_local', state.lastEntryLocal),
    timeZone: pick('time_zone', state.timeZone),
    lineup: pick('lineup', state.lineup),
    currency: pick('currency', state.currency),
    price: pick('price', state.price),
    capacity: input.capacity === undefined ? state.capacity : input.capacity,
    soldOnEntry: pick('sold_on_entry', state.soldOnEntry),
    refundsAllowed: pick('refunds_allowed', state.refundsAllowed),
    resaleAllowed: pick('resale_allowed', state.resaleAllowed),
    removeOnEventEnd: pick('remove_on_event_end', state.removeOnEventEnd),
    minimumAge: pick('minimum_age', state.minimumAge),
    termsOfService: pick('terms_of_service', state.termsOfService),
  };
}

export function toFormValues(state: EventState): EventFormValues {
  return {
    artworkUrl: state.artworkUrl,
    eventName: state.name,
    eventDescription: state.description,
    eventLocation: state.location,
    startDateTime: state.startLocal,
    endDateTime: state.endLocal,
    lastEntry: state.lastEntryLocal,
    timeZone: state.timeZone,
    lineup: state.lineup,
    ticketCurrency: state.currency,
    ticketPrice: state.price,
    venueCapacity: state.capacity === null ? '' : String(state.capacity),
    transferrable: state.resaleAllowed,
    refundsAllowed: state.refundsAllowed,
    soldOnEntry: state.soldOnEntry,
    minimumAge: String(state.minimumAge),
    removeOnEventEnd: state.removeOnEventEnd,
    termsOfService: state.termsOfService,
  };
}

/** The spec's full form validation (all four steps), as API field errors. */
export function completenessErrors(state: EventState): FieldError[] {
  const errors = validateEventForm(toFormValues(state));
  return Object.entries(errors).map(([key, message]) => ({
    path: FORM_TO_INPUT_FIELD[key as keyof EventFormValues],
    message: message as string,
  }));
}

function validationError(prefix: string, fields: FieldError[]): AppError {
  return new AppError('VALIDATION_ERROR', `${prefix}: ${fields.map((field) => field.message).join('; ')}`, fields);
}

interface Persistable {
  event: Omit<typeof event.$inferInsert, 'id' | 'organizationId' | 'status' | 'slug'>;
  ticket: { priceMinor: number | null; currency: CurrencyCode };
}

/** Checks what a draft must always satisfy (real dates, a known zone, a price the currency can hold). */
function toPersistable(state: EventState): Persistable {
  const fields: FieldError[] = [];
  if (!isValidTimeZone(state.timeZone)) fields.push({ path: 'time_zone', message: EVENT_MESSAGES.timeZoneUnknown });
  const instant = (local: string, path: string) => {
    if (!local) return null;
    if (!isValidLocalDateTime(local)) {
      fields.push({ path, message: 'Not a real date and time' });
      return null;
    }
    return isValidTimeZone(state.timeZone) ? localToInstant(local, state.timeZone) : null;
  };
  const startsAt = instant(state.startLocal, 'start_local');
  const endsAt = instant(state.endLocal, 'end_local');
  const lastEntryAt = instant(state.lastEntryLocal, 'last_entry_local');
  let priceMinor: number | null = null;
  if (state.price !== '') {
    priceMinor = decimalToMinor(state.price, state.currency);
    if (priceMinor === null) {
      fields.push({
        path: 'price',
        message: state.currency === 'JPY' ? 'JPY prices have no decimals' : EVENT_MESSAGES.priceStep,
      });
    }
  }
  if (fields.length > 0) throw validationError('Invalid event', fields);
  return {
    event: {
      name: state.name,
      description: state.description,
      artworkUrl: state.artworkUrl,
      location: state.location,
      startsAt,
      endsAt,
      lastEntryAt,
      timeZone: state.timeZone,
      lineup: state.lineup,
      minimumAge: state.minimumAge,
      termsOfService: state.termsOfService,
      soldOnEntry: state.soldOnEntry,
      refundsAllowed: state.refundsAllowed,
      resaleAllowed: state.resaleAllowed,
      removeOnEventEnd: state.removeOnEventEnd,
      capacity: state.capacity,
    },
    ticket: { priceMinor, currency: state.currency },
  };
}

export async function organizationCurrency(db: Database | Transaction, organizationId: string): Promise<CurrencyCode> {
  const [row] = await db
    .select({ currency: organizationSettings.defaultCurrency })
    .from(organizationSettings)
    .where(eq(organizationSettings.organizationId, organizationId))
    .limit(1);
  return (row?.currency as CurrencyCode | undefined) ?? 'GBP';
}

/** `{scheme}://{active domain}` of the organisation's storefront. */
export async function storefrontOrigin(
  db: Database,
  organizationId: string,
  context: EventsContext,
): Promise<string | null> {
  const [settings] = await db
    .select({
      subdomain: organizationSettings.subdomain,
      customDomain: organizationSettings.customDomain,
      customDomainVerified: organizationSettings.customDomainVerified,
    })
    .from(organizationSettings)
    .where(eq(organizationSettings.organizationId, organizationId))
    .limit(1);
  if (!settings) return null;
  return `${new URL(context.appUrl).protocol}//${activeDomain(settings, context.publicHost)}`;
}

async function ticketTypesFor(db: Database | Transaction, organizationId: string, eventIds: string[]) {
  const byEvent = new Map<string, TicketTypeRow[]>();
  if (eventIds.length === 0) return byEvent;
  const rows = await db
    .select()
    .from(ticketType)
    .where(and(eq(ticketType.organizationId, organizationId), inArray(ticketType.eventId, eventIds)))
    .orderBy(asc(ticketType.sort), asc(ticketType.createdAt));
  for (const row of rows) byEvent.set(row.eventId, [...(byEvent.get(row.eventId) ?? []), row]);
  return byEvent;
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function toTicketTypeDto(type: TicketTypeRow, timeZone: string): TicketTypeDto {
  const local = (instant: Date | null) => (instant ? instantToLocal(instant, timeZone) : null);
  return {
    id: type.id,
    name: type.name,
    description: type.description,
    price_minor: type.priceMinor,
    currency: type.currency as CurrencyCode,
    capacity: type.capacity,
    sold: type.sold,
    held: type.held,
    max_per_order: type.maxPerOrder,
    hidden: type.hidden,
    sort: type.sort,
    sales_start_local: local(type.salesStartAt),
    sales_end_local: local(type.salesEndAt),
  };
}

function toDto(
  row: EventRow,
  types: TicketTypeRow[],
  sales: { tickets: number; revenueMinor: number } | undefined,
  origin: string | null,
  fallbackCurrency: CurrencyCode,
): EventDto {
  const state = stateFromRows(row, generalOf(types), fallbackCurrency);
  return {
    id: row.id,
    status: row.status,
    name: row.name,
    slug: row.slug,
    description: row.description,
    artwork_url: row.artworkUrl,
    location: row.location,
    start_local: state.startLocal,
    end_local: state.endLocal,
    last_entry_local: state.lastEntryLocal,
    time_zone: row.timeZone,
    starts_at: iso(row.startsAt),
    ends_at: iso(row.endsAt),
    last_entry_at: iso(row.lastEntryAt),
    lineup: row.lineup,
    minimum_age: row.minimumAge,
    terms_of_service: row.termsOfService,
    sold_on_entry: row.soldOnEntry,
    refunds_allowed: row.refundsAllowed,
    resale_allowed: row.resaleAllowed,
    remove_on_event_end: row.removeOnEventEnd,
    currency: state.currency,
    price: state.price,
    capacity: state.capacity,
    ticket_types: types.map((type) => toTicketTypeDto(type, row.timeZone)),
    sold: row.sold,
    held: row.held,
    tickets_sold: sales?.tickets ?? 0,
    revenue_minor: sales?.revenueMinor ?? 0,
    // Only a live event has a page; drafts, archived and cancelled events answer 404 on the storefront.
    public_url: row.status === 'live' && origin ? `${origin}/events/${row.slug}` : null,
    published_at: iso(row.publishedAt),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Event rows -> DTOs with their ticket types, sales and links, in the order given. */
async function toDtos(
  db: Database,
  organizationId: string,
  rows: EventRow[],
  context: EventsContext,
): Promise<EventDto[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [types, sales, origin, currency, listed] = await Promise.all([
    ticketTypesFor(db, organizationId, ids),
    salesByEvent(db, organizationId, ids),
    storefrontOrigin(db, organizationId, context),
    organizationCurrency(db, organizationId),
    listedCounts(db, ids),
  ]);
  // A ticket listed for resale still counts as sold until it is resold (decision 035).
  return rows.map((row) =>
    toDto(
      { ...row, sold: row.sold + (listed.byEvent.get(row.id) ?? 0) },
      (types.get(row.id) ?? []).map((type) => ({ ...type, sold: type.sold + (listed.byType.get(type.id) ?? 0) })),
      sales.get(row.id),
      origin,
      currency,
    ),
  );
}

async function findEventRow(db: Database | Transaction, organizationId: string, id: string, lock = false) {
  if (!UUID.test(id)) return undefined;
  const query = db
    .select()
    .from(event)
    .where(and(eq(event.id, id), eq(event.organizationId, organizationId)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

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
): Promise<EventDto> {
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
      // A rename moves the page to a new address; once the event has been public its old ones redirect.
      if (state.name !== row.name) {
        await assignEventSlug(tx, actor.organizationId, row.id, state.name, row.publishedAt !== null);
      }
      if (general) {
        await tx
          .update(ticketType)
          .set({ ...values.ticket, updatedAt: now })
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

async function loadState(db: Database | Transaction, organizationId: string, row: EventRow) {
  const general = generalOf((await ticketTypesFor(db, organizationId, [row.id])).get(row.id) ?? []);
  return stateFromRows(row, general, await organizationCurrency(db, organizationId));
}

export type AssertCanSell = (db: Database, organizationId: string) => Promise<void>;

/**
 * draft -> live. Refused with the failing fields while the event is incomplete (the spec's four steps), and
 * while the organisation cannot take payments (assertCanSell throws PAYOUTS_NOT_ENABLED).
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
  const fields = completenessErrors(await loadState(db, actor.organizationId, row));
  if (fields.length > 0) throw validationError('The event is not ready to publish', fields);
  // Outside the transaction: PGlite runs one transaction at a time, and the check reads on its own handle.
  await deps.assertCanSell(db, actor.organizationId);
  await db.transaction(async (tx) => {
    const locked = await requireEventRow(tx, actor.organizationId, id, true);
    if (locked.status !== 'draft')
      throw new AppError('CONFLICT', `Only drafts can be published; this event is ${locked.status}`);
    const again = completenessErrors(await loadState(tx, actor.organizationId, locked));
    if (again.length > 0) throw validationError('The event is not ready to publish', again);
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

export interface PublicEvent {
  id: string;
  /** The page's address: /events/{slug}. */
  slug: string;
  name: string;
  description: string;
  artworkUrl: string;
  location: string;
  timeZone: string;
  startLocal: string;
  endLocal: string;
  lastEntryLocal: string;
  lineup: string[];
  minimumAge: number;
  termsOfService: string;
  priceMinor: number | null;
  currency: CurrencyCode;
  soldOnEntry: boolean;
  refundsAllowed: boolean;
  resaleAllowed: boolean;
}

export function toPublicEvent(row: EventRow, general: TicketTypeRow | undefined): PublicEvent {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    artworkUrl: row.artworkUrl,
    location: row.location,
    timeZone: row.timeZone,
    startLocal: localOf(row.startsAt, row.timeZone),
    endLocal: localOf(row.endsAt, row.timeZone),
    lastEntryLocal: localOf(row.lastEntryAt, row.timeZone),
    lineup: row.lineup,
    minimumAge: row.minimumAge,
    termsOfService: row.termsOfService,
    priceMinor: general?.priceMinor ?? null,
    currency: (general?.currency as CurrencyCode | undefined) ?? 'GBP',
    soldOnEntry: row.soldOnEntry,
    refundsAllowed: row.refundsAllowed,
    resaleAllowed: row.resaleAllowed,
  };
}

export const STOREFRONT_EVENTS_LIMIT = 50;

/** The storefront home's list: live events that have not ended, soonest first. */
export async function listPublicEvents(db: Database, organizationId: string, now = new Date()): Promise<PublicEvent[]> {
  const rows = await db
    .select()
    .from(event)
    .where(and(eq(event.organizationId, organizationId), eq(event.status, 'live'), isUpcomingSql(now)))
    .orderBy(sql`${event.startsAt} asc nulls last`, asc(event.createdAt))
    .limit(STOREFRONT_EVENTS_LIMIT);
  const types = await ticketTypesFor(
    db,
    organizationId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toPublicEvent(row, generalOf(types.get(row.id) ?? [])));
}

/** One live event of this organisation, or null (drafts, archived, cancelled and others' events are never public). */
export async function findPublicEvent(db: Database, organizationId: string, id: string): Promise<PublicEvent | null> {
  const row = await findEventRow(db, organizationId, id);
  if (!row || row.status !== 'live') return null;
  const types = await ticketTypesFor(db, organizationId, [row.id]);
  return toPublicEvent(row, generalOf(types.get(row.id) ?? []));
}
