// Ticket type rules for the organiser: add, edit, hide/show, reorder and delete the types of one of their
// events. Every query is scoped by the caller's organisation (another organisation's event or type is 404);
// archived and cancelled events are read-only; capacity never drops below what is sold or being bought.
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  CODE_MESSAGES,
  FREE_MESSAGES,
  localToInstant,
  MAX_TICKET_TYPES_PER_EVENT,
  PWYW_MESSAGES,
  TICKET_TYPE_MESSAGES,
  ticketPriceTooHigh,
  ticketPriceTooHighMessage,
  toMinorUnits,
  type CurrencyCode,
  type TicketTypeDto,
  type TicketTypeInput,
} from '@marquee/shared';
import type { Database } from '../../db/client.js';
import { pgErrorCode } from '../../db/errors.js';
import { event, orderLine, ticketType } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { EVENT_NOT_FOUND, toTicketTypeDto } from '../events/events.service.js';
import { organizationCurrency } from '../events/events.dto.js';
import { findEventRow, generalOf } from '../events/events.rows.js';
import { listedCounts, placesTaken } from '../events/events.figures.js';
import { assertVatCategory } from '../vat/vat.service.js';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
type TicketTypeRow = typeof ticketType.$inferSelect;

async function eventRow(db: Database | Transaction, organizationId: string, eventId: string, lock: boolean) {
  const row = await findEventRow(db, organizationId, eventId, lock);
  if (!row) throw new AppError('NOT_FOUND', EVENT_NOT_FOUND);
  return row;
}

/** The event, locked, and refused when it can no longer change. */
async function editableEvent(tx: Transaction, organizationId: string, eventId: string) {
  const row = await eventRow(tx, organizationId, eventId, true);
  if (row.status === 'archived' || row.status === 'cancelled') {
    throw new AppError('CONFLICT', TICKET_TYPE_MESSAGES.readOnly(row.status));
  }
  return row;
}

async function typesOf(db: Database | Transaction, organizationId: string, eventId: string) {
  return db
    .select()
    .from(ticketType)
    .where(and(eq(ticketType.organizationId, organizationId), eq(ticketType.eventId, eventId)))
    .orderBy(asc(ticketType.sort), asc(ticketType.createdAt));
}

function findType(types: TicketTypeRow[], typeId: string): TicketTypeRow {
  const found = types.find((type) => type.id === typeId);
  if (!found) throw new AppError('NOT_FOUND', TICKET_TYPE_MESSAGES.notFound);
  return found;
}

/** The event's currency: its types', else the organisation's default. */
async function eventCurrency(tx: Transaction, organizationId: string, types: TicketTypeRow[]) {
  const general = generalOf(types);
  return general ? (general.currency as CurrencyCode) : organizationCurrency(tx, organizationId);
}

/**
 * The type's price in minor units: 0 for a free type (which takes no price: '' or 0, decision 124); otherwise
 * '12.50' in the event's currency, refused unless more than zero and at most the ceiling.
 */
function priceOf({ price: text, free }: Pick<TicketTypeInput, 'price' | 'free'>, currency: CurrencyCode): number {
  if (free) {
    if (text !== '' && !/^0+(\.0{1,2})?$/.test(text)) {
      const message = FREE_MESSAGES.priceOnFree;
      throw new AppError('VALIDATION_ERROR', message, [{ path: 'price', message }]);
    }
    return 0;
  }
  if (text === '') {
    const message = TICKET_TYPE_MESSAGES.priceRequired;
    throw new AppError('VALIDATION_ERROR', message, [{ path: 'price', message }]);
  }
  if (ticketPriceTooHigh(text, currency)) {
    const message = ticketPriceTooHighMessage(currency);
    throw new AppError('VALIDATION_ERROR', message, [{ path: 'price', message }]);
  }
  let minor: number;
  try {
    minor = toMinorUnits(text, currency);
  } catch {
    const message = currency === 'JPY' ? TICKET_TYPE_MESSAGES.jpyDecimals : TICKET_TYPE_MESSAGES.priceStep;
    throw new AppError('VALIDATION_ERROR', message, [{ path: 'price', message }]);
  }
  if (minor <= 0) {
    const message = TICKET_TYPE_MESSAGES.priceRequired;
    throw new AppError('VALIDATION_ERROR', message, [{ path: 'price', message }]);
  }
  return minor;
}

const refuse = (path: string, message: string): never => {
  throw new AppError('VALIDATION_ERROR', message, [{ path, message }]);
};

/** A typed amount ('12.50') in minor units, with the price's ceiling and decimal rules; '' and 0 are 0. */
function amountOf(text: string, currency: CurrencyCode, path: string): number {
  if (text === '') return 0;
  if (ticketPriceTooHigh(text, currency)) refuse(path, ticketPriceTooHighMessage(currency));
  try {
    return toMinorUnits(text, currency);
  } catch {
    return refuse(path, currency === 'JPY' ? TICKET_TYPE_MESSAGES.jpyDecimals : TICKET_TYPE_MESSAGES.priceStep);
  }
}

/**
 * The type's price and pay-what-you-want minimum (decision 133): a fixed price has no minimum (null); a pay what
 * you want type has a suggested price (the stored price, more than 0) and a minimum from 0 up to it.
 */
function pricesOf(
  input: Pick<TicketTypeInput, 'price' | 'free' | 'pay_what_you_want' | 'minimum_price'>,
  currency: CurrencyCode,
): { priceMinor: number; minPriceMinor: number | null } {
  if (!input.pay_what_you_want) return { priceMinor: priceOf(input, currency), minPriceMinor: null };
  if (input.free) refuse('pay_what_you_want', PWYW_MESSAGES.freeAndPwyw);
  if (input.minimum_price === '') refuse('minimum_price', PWYW_MESSAGES.minimumRequired);
  const minPriceMinor = amountOf(input.minimum_price, currency, 'minimum_price');
  const priceMinor = amountOf(input.price, currency, 'price');
  if (priceMinor <= 0) refuse('price', PWYW_MESSAGES.suggestedRequired);
  if (priceMinor < minPriceMinor) refuse('price', PWYW_MESSAGES.suggestedBelowMinimum);
  return { priceMinor, minPriceMinor };
}

/** The type's own sales window as instants; the end must follow the start. */
function salesWindowOf(input: TicketTypeInput, timeZone: string) {
  const at = (local: string | null | undefined) => (local ? localToInstant(local, timeZone) : null);
  const salesStartAt = at(input.sales_start_local);
  const salesEndAt = at(input.sales_end_local);
  if (salesStartAt && salesEndAt && salesEndAt <= salesStartAt) {
    const message = CODE_MESSAGES.windowOrder;
    throw new AppError('VALIDATION_ERROR', message, [{ path: 'sales_end_local', message }]);
  }
  return { salesStartAt, salesEndAt };
}

/**
 * A lowered capacity must keep the type's places in use: sold, listed for resale (still sold) and held, a hold
 * on a listed place counted once (decision 035). A capacity that does not go down is never refused.
 */
function assertCapacity(capacity: number | null, current: TicketTypeRow, listed: number) {
  if (capacity === null || (current.capacity !== null && capacity >= current.capacity)) return;
  const taken = placesTaken({ sold: current.sold, held: current.held, listed, capacity: current.capacity });
  if (capacity >= taken) return;
  const message = TICKET_TYPE_MESSAGES.capacityBelowSold(taken, current.held > 0);
  throw new AppError('VALIDATION_ERROR', message, [{ path: 'capacity', message }]);
}

/** Checkout changed the counters between our read and our write: the table's CHECK refused it. */
async function refusingRaces<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (pgErrorCode(error) === '23514')
      throw new AppError('CONFLICT', 'Tickets were sold meanwhile; reload and try again');
    throw error;
  }
}

export async function listTicketTypes(db: Database, organizationId: string, eventId: string) {
  const row = await eventRow(db, organizationId, eventId, false);
  return {
    ticket_types: (await typesOf(db, organizationId, eventId)).map((type) => toTicketTypeDto(type, row.timeZone)),
  };
}

export async function createTicketType(
  db: Database,
  organizationId: string,
  eventId: string,
  input: TicketTypeInput,
): Promise<TicketTypeDto> {
  return db.transaction(async (tx) => {
    const row = await editableEvent(tx, organizationId, eventId);
    const types = await typesOf(tx, organizationId, row.id);
    if (types.length >= MAX_TICKET_TYPES_PER_EVENT) throw new AppError('CONFLICT', TICKET_TYPE_MESSAGES.tooMany);
    const currency = await eventCurrency(tx, organizationId, types);
    await assertVatCategory(tx, organizationId, input.vat_category);
    const [created] = await tx
      .insert(ticketType)
      .values({
        organizationId,
        eventId: row.id,
        name: input.name,
        description: input.description,
        ...pricesOf(input, currency),
        currency,
        capacity: input.capacity,
        maxPerOrder: input.max_per_order,
        hidden: input.hidden,
        vatCategory: input.vat_category,
        ...salesWindowOf(input, row.timeZone),
        sort: types.reduce((max, type) => Math.max(max, type.sort), -1) + 1,
      })
      .returning();
    await touchEvent(tx, row.id);
    return toTicketTypeDto(created!, row.timeZone);
  });
}

/** PUT replaces every editable field (hide/show is `hidden`); sold and held stay checkout's. */
export async function updateTicketType(
  db: Database,
  organizationId: string,
  eventId: string,
  typeId: string,
  input: TicketTypeInput,
): Promise<TicketTypeDto> {
  return refusingRaces(() =>
    db.transaction(async (tx) => {
      const row = await editableEvent(tx, organizationId, eventId);
      const current = findType(await typesOf(tx, organizationId, row.id), typeId);
      const prices = pricesOf(input, current.currency as CurrencyCode);
      await assertVatCategory(tx, organizationId, input.vat_category);
      // Locked so a checkout hold cannot slip in between the capacity check and the update.
      const [locked] = await tx
        .select()
        .from(ticketType)
        .where(and(eq(ticketType.id, current.id), eq(ticketType.organizationId, organizationId)))
        .for('update');
      assertCapacity(input.capacity, locked!, (await listedCounts(tx, [row.id])).byType.get(current.id) ?? 0);
      const [updated] = await tx
        .update(ticketType)
        .set({
          name: input.name,
          description: input.description,
          ...prices,
          capacity: input.capacity,
          maxPerOrder: input.max_per_order,
          hidden: input.hidden,
          vatCategory: input.vat_category,
          ...salesWindowOf(input, row.timeZone),
          updatedAt: new Date(),
        })
        .where(and(eq(ticketType.id, current.id), eq(ticketType.organizationId, organizationId)))
        .returning();
      await touchEvent(tx, row.id);
      return toTicketTypeDto(updated!, row.timeZone);
    }),
  );
}

/** Sets the display order: `ids` must be every type of the event, each once. */
export async function reorderTicketTypes(db: Database, organizationId: string, eventId: string, ids: string[]) {
  return db.transaction(async (tx) => {
    const row = await editableEvent(tx, organizationId, eventId);
    const types = await typesOf(tx, organizationId, row.id);
    for (const id of ids) findType(types, id);
    if (new Set(ids).size !== ids.length || ids.length !== types.length) {
      throw new AppError('VALIDATION_ERROR', TICKET_TYPE_MESSAGES.reorderSet, [
        { path: 'ids', message: TICKET_TYPE_MESSAGES.reorderSet },
      ]);
    }
    for (const [index, id] of ids.entries()) {
      await tx
        .update(ticketType)
        .set({ sort: index })
        .where(and(eq(ticketType.id, id), eq(ticketType.organizationId, organizationId)));
    }
    await touchEvent(tx, row.id);
    return {
      ticket_types: (await typesOf(tx, organizationId, row.id)).map((type) => toTicketTypeDto(type, row.timeZone)),
    };
  });
}

/**
 * Deletes a type that was never in any order (pending, expired or paid: the order lines keep referring to
 * it) and is not the event's only type. A type with orders can be hidden instead.
 */
export async function deleteTicketType(db: Database, organizationId: string, eventId: string, typeId: string) {
  await db.transaction(async (tx) => {
    const row = await editableEvent(tx, organizationId, eventId);
    const types = await typesOf(tx, organizationId, row.id);
    const current = findType(types, typeId);
    const [used] = await tx
      .select({ one: sql`1` })
      .from(orderLine)
      .where(and(eq(orderLine.organizationId, organizationId), eq(orderLine.ticketTypeId, current.id)))
      .limit(1);
    if (used || current.sold > 0 || current.held > 0) throw new AppError('CONFLICT', TICKET_TYPE_MESSAGES.hasOrders);
    if (types.length === 1) throw new AppError('CONFLICT', TICKET_TYPE_MESSAGES.lastType);
    await tx
      .delete(ticketType)
      .where(and(eq(ticketType.id, current.id), eq(ticketType.organizationId, organizationId)));
    await touchEvent(tx, row.id);
  });
}

async function touchEvent(tx: Transaction, eventId: string) {
  await tx.update(event).set({ updatedAt: new Date() }).where(eq(event.id, eventId));
}
