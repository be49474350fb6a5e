// Shared quotas for the organiser (decision 128): list, add, edit and delete an event's quotas. Every query is scoped
// by the caller's organisation (another organisation's event or quota is 404). Rows are locked in the order every
// sale takes them (the types in id order, the quotas, the event last), so an edit never deadlocks a checkout, and a
// quota's counters are summed from its types' counters while those rows are locked: a sale of one of its types waits
// for the edit, then moves the quota by the type's new `quota_ids`. Capacity never drops below what is taken.
import { and, asc, eq, sql } from 'drizzle-orm';
import { MAX_QUOTAS_PER_EVENT, QUOTA_MESSAGES, type QuotaDto, type QuotaInput } from '@marquee/shared';
import type { Database } from '../../db/client.js';
import { event, ticketQuota, ticketType } from '../../db/schema/index.js';
import { retryOnDeadlock, type Tx } from '../../db/tx.js';
import { AppError } from '../../lib/errors.js';
import { EVENT_NOT_FOUND } from '../events/events.service.js';
import { listedCounts } from '../events/events.figures.js';
import { findEventRow } from '../events/events.rows.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
type QuotaRow = typeof ticketQuota.$inferSelect;

const toDto = (row: QuotaRow, typeIds: string[]): QuotaDto => ({
  id: row.id,
  name: row.name,
  capacity: row.capacity,
  sold: row.sold,
  held: row.held,
  ticket_type_ids: typeIds,
});

async function eventOf(db: Database | Tx, organizationId: string, eventId: string, lock = false) {
  const row = await findEventRow(db, organizationId, eventId, lock);
  if (!row) throw new AppError('NOT_FOUND', EVENT_NOT_FOUND);
  return row;
}

function assertEditable(row: { status: string }) {
  if (row.status === 'archived' || row.status === 'cancelled')
    throw new AppError('CONFLICT', QUOTA_MESSAGES.readOnly(row.status));
}

async function typesOf(db: Database | Tx, organizationId: string, eventId: string) {
  return db
    .select({ id: ticketType.id, quotaIds: ticketType.quotaIds })
    .from(ticketType)
    .where(and(eq(ticketType.organizationId, organizationId), eq(ticketType.eventId, eventId)))
    .orderBy(asc(ticketType.sort), asc(ticketType.createdAt));
}

export async function listQuotas(db: Database, organizationId: string, eventId: string) {
  const row = await eventOf(db, organizationId, eventId);
  const [quotas, types] = await Promise.all([
    db
      .select()
      .from(ticketQuota)
      .where(and(eq(ticketQuota.organizationId, organizationId), eq(ticketQuota.eventId, row.id)))
      .orderBy(asc(ticketQuota.createdAt), asc(ticketQuota.id)),
    typesOf(db, organizationId, row.id),
  ]);
  return {
    quotas: quotas.map((quota) =>
      toDto(
        quota,
        types.filter((type) => type.quotaIds.includes(quota.id)).map((type) => type.id),
      ),
    ),
  };
}

/**
 * Locks, in id order, the event's types whose membership of `quotaId` changes or counts (`typeIds`), sets each
 * one's `quota_ids` so that exactly `members` count toward the quota, and answers the members' counters as locked.
 */
async function setMembers(tx: Tx, eventId: string, quotaId: string, typeIds: string[], members: Set<string>) {
  const sorted = [...new Set(typeIds)].sort((a, b) => a.localeCompare(b));
  const locked = [];
  for (const id of sorted) {
    const [type] = await tx
      .update(ticketType)
      .set({
        quotaIds: members.has(id)
          ? sql`case when ${quotaId}::uuid = any(${ticketType.quotaIds}) then ${ticketType.quotaIds}
              else array_append(${ticketType.quotaIds}, ${quotaId}::uuid) end`
          : sql`array_remove(${ticketType.quotaIds}, ${quotaId}::uuid)`,
      })
      .where(and(eq(ticketType.id, id), eq(ticketType.eventId, eventId)))
      .returning({ id: ticketType.id, sold: ticketType.sold, held: ticketType.held });
    if (type && members.has(id)) locked.push(type);
  }
  return locked;
}

/** The quota's counters summed from its members' (locked); refused when the capacity is below what is taken. */
async function countersFor(
  tx: Tx,
  eventId: string,
  members: Array<{ id: string; sold: number; held: number }>,
  capacity: number,
) {
  const sold = members.reduce((sum, type) => sum + type.sold, 0);
  const held = members.reduce((sum, type) => sum + type.held, 0);
  const listed = [...(await listedCounts(tx, [eventId])).byType]
    .filter(([typeId]) => members.some((type) => type.id === typeId))
    .reduce((sum, [, count]) => sum + count, 0);
  if (sold + held + listed > capacity) {
    const message = QUOTA_MESSAGES.capacityBelowTaken(sold + held + listed, held > 0);
    throw new AppError('VALIDATION_ERROR', message, [{ path: 'capacity', message }]);
  }
  return { sold, held };
}

/** The chosen type ids must all be the event's types. */
function assertTypes(input: QuotaInput, types: Array<{ id: string }>) {
  const known = new Set(types.map((type) => type.id));
  if (input.ticket_type_ids.some((id) => !UUID.test(id) || !known.has(id))) {
    throw new AppError('VALIDATION_ERROR', QUOTA_MESSAGES.typeNotFound, [
      { path: 'ticket_type_ids', message: QUOTA_MESSAGES.typeNotFound },
    ]);
  }
}

/** Locks the event last (after the types and the quota) and checks it can still change. */
async function lockEventLast(tx: Tx, organizationId: string, eventId: string, now: Date) {
  const row = await eventOf(tx, organizationId, eventId, true);
  assertEditable(row);
  await tx.update(event).set({ updatedAt: now }).where(eq(event.id, row.id));
}

export async function createQuota(
  db: Database,
  organizationId: string,
  eventId: string,
  input: QuotaInput,
): Promise<QuotaDto> {
  const row = await eventOf(db, organizationId, eventId);
  assertEditable(row);
  return retryOnDeadlock(() =>
    db.transaction(async (tx) => {
      const types = await typesOf(tx, organizationId, row.id);
      assertTypes(input, types);
      const [{ count } = { count: 0 }] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(ticketQuota)
        .where(and(eq(ticketQuota.organizationId, organizationId), eq(ticketQuota.eventId, row.id)));
      if (count >= MAX_QUOTAS_PER_EVENT) throw new AppError('CONFLICT', QUOTA_MESSAGES.tooMany);
      const now = new Date();
      // A new quota's row is no one else's yet: made empty, then its types (locked) give it their counters.
      const [created] = await tx
        .insert(ticketQuota)
        .values({ organizationId, eventId: row.id, name: input.name, capacity: input.capacity, createdAt: now })
        .returning();
      const members = await setMembers(tx, row.id, created!.id, input.ticket_type_ids, new Set(input.ticket_type_ids));
      const counters = await countersFor(tx, row.id, members, input.capacity);
      const [stored] = await tx.update(ticketQuota).set(counters).where(eq(ticketQuota.id, created!.id)).returning();
      await lockEventLast(tx, organizationId, row.id, now);
      return toDto(stored!, sortedLike(types, input.ticket_type_ids));
    }),
  );
}

/** `ids` in the event's order of its types. */
const sortedLike = (types: Array<{ id: string }>, ids: string[]) =>
  types.filter((type) => ids.includes(type.id)).map((type) => type.id);

/** PUT replaces the name, the capacity and the set of types; the counters follow the set. */
export async function updateQuota(
  db: Database,
  organizationId: string,
  eventId: string,
  quotaId: string,
  input: QuotaInput,
): Promise<QuotaDto> {
  const row = await eventOf(db, organizationId, eventId);
  assertEditable(row);
  if (!UUID.test(quotaId)) throw new AppError('NOT_FOUND', QUOTA_MESSAGES.notFound);
  return retryOnDeadlock(() =>
    db.transaction(async (tx) => {
      const types = await typesOf(tx, organizationId, row.id);
      assertTypes(input, types);
      const before = types.filter((type) => type.quotaIds.includes(quotaId)).map((type) => type.id);
      const members = await setMembers(
        tx,
        row.id,
        quotaId,
        [...before, ...input.ticket_type_ids],
        new Set(input.ticket_type_ids),
      );
      const [current] = await tx
        .select()
        .from(ticketQuota)
        .where(
          and(
            eq(ticketQuota.id, quotaId),
            eq(ticketQuota.organizationId, organizationId),
            eq(ticketQuota.eventId, row.id),
          ),
        )
        .for('update');
      if (!current) throw new AppError('NOT_FOUND', QUOTA_MESSAGES.notFound);
      const counters = await countersFor(tx, row.id, members, input.capacity);
      const now = new Date();
      const [stored] = await tx
        .update(ticketQuota)
        .set({ name: input.name, capacity: input.capacity, ...counters, updatedAt: now })
        .where(eq(ticketQuota.id, current.id))
        .returning();
      await lockEventLast(tx, organizationId, row.id, now);
      return toDto(stored!, sortedLike(types, input.ticket_type_ids));
    }),
  );
}

/** Deleting a quota lifts its limit: its types keep their own capacities and the venue's. */
export async function deleteQuota(db: Database, organizationId: string, eventId: string, quotaId: string) {
  const row = await eventOf(db, organizationId, eventId);
  assertEditable(row);
  if (!UUID.test(quotaId)) throw new AppError('NOT_FOUND', QUOTA_MESSAGES.notFound);
  await retryOnDeadlock(() =>
    db.transaction(async (tx) => {
      const types = await typesOf(tx, organizationId, row.id);
      const before = types.filter((type) => type.quotaIds.includes(quotaId)).map((type) => type.id);
      await setMembers(tx, row.id, quotaId, before, new Set());
      const deleted = await tx
        .delete(ticketQuota)
        .where(
          and(
            eq(ticketQuota.id, quotaId),
            eq(ticketQuota.organizationId, organizationId),
            eq(ticketQuota.eventId, row.id),
          ),
        )
        .returning({ id: ticketQuota.id });
      if (deleted.length === 0) throw new AppError('NOT_FOUND', QUOTA_MESSAGES.notFound);
      await lockEventLast(tx, organizationId, row.id, new Date());
    }),
  );
}
