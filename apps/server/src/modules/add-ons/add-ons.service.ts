// Add-ons for the organiser (decision 134): list, add, edit and delete an event's add-ons. Every query is scoped by
// the caller's organisation (another organisation's event or add-on is 404). An edit locks the add-on's row, which
// every hold and sale of it also locks, so its stock never drops below what is sold or held; an add-on that was ever
// bought cannot be deleted (its order lines name it).
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  ADD_ON_MESSAGES,
  MAX_ADD_ONS_PER_EVENT,
  TICKET_TYPE_MESSAGES,
  currencyDecimals,
  ticketPriceTooHigh,
  toMinorUnits,
  type AddOnDto,
  type AddOnInput,
  type CurrencyCode,
} from '@marquee/shared';
import type { Database } from '../../db/client.js';
import { addOn, order, orderAddOn, ticketType } from '../../db/schema/index.js';
import { retryOnDeadlock, type Tx } from '../../db/tx.js';
import { AppError } from '../../lib/errors.js';
import { EVENT_NOT_FOUND } from '../events/events.service.js';
import { organizationCurrency } from '../events/events.dto.js';
import { findEventRow } from '../events/events.rows.js';
import { assertVatCategory } from '../vat/vat.service.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
type AddOnRow = typeof addOn.$inferSelect;

const toDto = (row: AddOnRow, currency: string, handedOver: number): AddOnDto => ({
  id: row.id,
  name: row.name,
  description: row.description,
  price_minor: row.priceMinor,
  currency,
  capacity: row.capacity,
  max_per_order: row.maxPerOrder,
  vat_category: row.vatCategory,
  sold: row.sold,
  held: row.held,
  handed_over: handedOver,
});

/**
 * The event (with its currency: its first type's, else the organisation's default), or 404. `editing` locks its row
 * for the transaction, as archiving or cancelling it does, so the status checked holds and two adds count in turn.
 */
async function eventOf(db: Database | Tx, organizationId: string, eventId: string, editing = false) {
  const row = await findEventRow(db, organizationId, eventId, editing);
  if (!row) throw new AppError('NOT_FOUND', EVENT_NOT_FOUND);
  if (editing && (row.status === 'archived' || row.status === 'cancelled'))
    throw new AppError('CONFLICT', ADD_ON_MESSAGES.readOnly(row.status));
  const [first] = await db
    .select({ currency: ticketType.currency })
    .from(ticketType)
    .where(and(eq(ticketType.organizationId, organizationId), eq(ticketType.eventId, row.id)))
    .orderBy(asc(ticketType.createdAt), asc(ticketType.id))
    .limit(1);
  const currency = (first?.currency as CurrencyCode | undefined) ?? (await organizationCurrency(db, organizationId));
  return { id: row.id, currency };
}

type EventOf = Awaited<ReturnType<typeof eventOf>>;

/** The price in minor units of the event's currency, or a 400 under `price`. */
function priceOf(text: string, currency: CurrencyCode): number {
  const refuse = (message: string) => new AppError('VALIDATION_ERROR', message, [{ path: 'price', message }]);
  if (ticketPriceTooHigh(text, currency)) throw refuse(ADD_ON_MESSAGES.priceTooHigh(currency));
  // A currency without minor units (JPY) says so, as a ticket type's price does.
  if (currencyDecimals(currency) === 0 && /\.\d*[1-9]/.test(text)) throw refuse(TICKET_TYPE_MESSAGES.jpyDecimals);
  try {
    return toMinorUnits(text, currency);
  } catch {
    throw refuse(ADD_ON_MESSAGES.priceInvalid);
  }
}

/**
 * How many of each of the event's add-ons the door handed over, of orders that still stand (paid or partly refunded,
 * the orders `sold` counts), so handed over is never more than sold.
 */
async function handedOverOf(db: Database | Tx, organizationId: string, eventId: string) {
  const rows = await db
    .select({ id: orderAddOn.addOnId, count: sql<number>`coalesce(sum(${orderAddOn.handedOver}), 0)::int` })
    .from(orderAddOn)
    .innerJoin(addOn, eq(addOn.id, orderAddOn.addOnId))
    .innerJoin(order, eq(order.id, orderAddOn.orderId))
    .where(
      and(
        eq(addOn.organizationId, organizationId),
        eq(addOn.eventId, eventId),
        inArray(order.status, ['paid', 'partially_refunded']),
      ),
    )
    .groupBy(orderAddOn.addOnId);
  return new Map(rows.map((row) => [row.id, row.count]));
}

export async function listAddOns(db: Database, organizationId: string, eventId: string) {
  const row = await eventOf(db, organizationId, eventId);
  const [rows, handed] = await Promise.all([
    db
      .select()
      .from(addOn)
      .where(and(eq(addOn.organizationId, organizationId), eq(addOn.eventId, row.id)))
      .orderBy(asc(addOn.sort), asc(addOn.createdAt), asc(addOn.id)),
    handedOverOf(db, organizationId, row.id),
  ]);
  return { add_ons: rows.map((entry) => toDto(entry, row.currency, handed.get(entry.id) ?? 0)) };
}

const values = (input: AddOnInput, row: EventOf) => ({
  name: input.name,
  description: input.description,
  priceMinor: priceOf(input.price, row.currency),
  capacity: input.capacity,
  maxPerOrder: input.max_per_order,
  vatCategory: input.vat_category,
});

export async function createAddOn(
  db: Database,
  organizationId: string,
  eventId: string,
  input: AddOnInput,
): Promise<AddOnDto> {
  return db.transaction(async (tx) => {
    const row = await eventOf(tx, organizationId, eventId, true);
    const [{ count, last } = { count: 0, last: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int`, last: sql<number>`coalesce(max(${addOn.sort}), 0)::int` })
      .from(addOn)
      .where(and(eq(addOn.organizationId, organizationId), eq(addOn.eventId, row.id)));
    if (count >= MAX_ADD_ONS_PER_EVENT) throw new AppError('CONFLICT', ADD_ON_MESSAGES.tooMany);
    await assertVatCategory(tx, organizationId, input.vat_category);
    const [created] = await tx
      .insert(addOn)
      .values({ organizationId, eventId: row.id, ...values(input, row), sort: last + 1 })
      .returning();
    return toDto(created!, row.currency, 0);
  });
}

async function lockAddOn(tx: Tx, organizationId: string, eventId: string, addOnId: string) {
  if (!UUID.test(addOnId)) throw new AppError('NOT_FOUND', ADD_ON_MESSAGES.notFound);
  const [current] = await tx
    .select()
    .from(addOn)
    .where(and(eq(addOn.id, addOnId), eq(addOn.organizationId, organizationId), eq(addOn.eventId, eventId)))
    .for('update');
  if (!current) throw new AppError('NOT_FOUND', ADD_ON_MESSAGES.notFound);
  return current;
}

/** PUT replaces the add-on's fields; its stock may not drop below what is sold or held. */
export async function updateAddOn(
  db: Database,
  organizationId: string,
  eventId: string,
  addOnId: string,
  input: AddOnInput,
): Promise<AddOnDto> {
  return retryOnDeadlock(() =>
    db.transaction(async (tx) => {
      const row = await eventOf(tx, organizationId, eventId, true);
      const current = await lockAddOn(tx, organizationId, row.id, addOnId);
      const taken = current.sold + current.held;
      if (input.capacity !== null && input.capacity < taken) {
        const message = ADD_ON_MESSAGES.capacityBelowTaken(taken);
        throw new AppError('VALIDATION_ERROR', message, [{ path: 'capacity', message }]);
      }
      await assertVatCategory(tx, organizationId, input.vat_category);
      const [stored] = await tx
        .update(addOn)
        .set({ ...values(input, row), updatedAt: new Date() })
        .where(eq(addOn.id, current.id))
        .returning();
      const handed = await handedOverOf(tx, organizationId, row.id);
      return toDto(stored!, row.currency, handed.get(current.id) ?? 0);
    }),
  );
}

export async function deleteAddOn(db: Database, organizationId: string, eventId: string, addOnId: string) {
  await retryOnDeadlock(() =>
    db.transaction(async (tx) => {
      const row = await eventOf(tx, organizationId, eventId, true);
      const current = await lockAddOn(tx, organizationId, row.id, addOnId);
      // Orders that chose it: one that was paid (even if refunded since) keeps it for good; one in a checkout now
      // keeps it until that ends; lines of checkouts that ended unpaid (expired, cancelled) go with it.
      const chosen = await tx
        .selectDistinct({ status: order.status })
        .from(orderAddOn)
        .innerJoin(order, eq(order.id, orderAddOn.orderId))
        .where(eq(orderAddOn.addOnId, current.id));
      const statuses = new Set(chosen.map((entry) => entry.status));
      if (['paid', 'partially_refunded', 'refunded', 'payment_review'].some((status) => statuses.has(status as never)))
        throw new AppError('CONFLICT', ADD_ON_MESSAGES.deleteSold);
      if (statuses.has('pending')) throw new AppError('CONFLICT', ADD_ON_MESSAGES.deleteHeld);
      await tx.delete(orderAddOn).where(eq(orderAddOn.addOnId, current.id));
      await tx.delete(addOn).where(eq(addOn.id, current.id));
    }),
  );
}
