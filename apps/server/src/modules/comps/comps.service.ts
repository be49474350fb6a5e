// Comps (decision 126): complimentary tickets the organiser issues, one at a time or a whole CSV file at once. A
// comp is an ordinary paid order with revenue 0 and `channel = 'comp'`; its tickets are ordinary valid tickets (the
// door admits them like any other). All rows of one call are issued in one transaction or none is: the places are
// taken through the sale path's own counters (`sellWithoutHold`, one conditional statement for every type and the
// event), so comps never go past a capacity, however many organisers and fans are at it at once; a duplicate (the
// same guest and type) is refused unless forced, and the database's unique key on the order's submission key
// refuses the one that two imports at once would both have let through.
import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  COMP_MESSAGES,
  COMPS_PAGE_SIZE,
  compRowPath,
  toCurrencyCode,
  type CompRowError,
  type CompsIssued,
  type CompsPage,
} from '@marquee/shared';
import type { Database } from '../../db/client.js';
import { event, order, orderLine, salesDaily, ticketType } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { newAccessToken, newOrderCode, newTicketCode } from '../../lib/codes.js';
import { QUEUES, type JobQueue } from '../../jobs/queue.js';
import type { Tx } from '../../db/tx.js';
import { isUniqueViolation, pgConstraint } from '../../db/errors.js';
import { EVENT_NOT_FOUND } from '../events/events.service.js';
import { NotEnoughTickets, sellWithoutHold } from '../stock/stock.js';
import type { CheckoutNotifier } from '../checkout/notifier.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface CompDeps {
  db: Database;
  jobs: JobQueue;
  notifier: CheckoutNotifier;
}

/** One comp to issue, checked already; `line` is the CSV line it came from (null for the one-at-a-time form). */
export interface CompRow {
  line: number | null;
  name: string;
  email: string;
  ticketTypeId: string;
  quantity: number;
  note: string;
}

export type EventType = typeof ticketType.$inferSelect;

/** The event (of this organisation) with its ticket types; 404 otherwise, 409 when comps are closed. */
export async function loadCompEvent(db: Database, organizationId: string, eventId: string, forIssue: boolean) {
  const [found] = UUID.test(eventId)
    ? await db
        .select()
        .from(event)
        .where(and(eq(event.id, eventId), eq(event.organizationId, organizationId)))
        .limit(1)
    : [];
  if (!found) throw new AppError('NOT_FOUND', EVENT_NOT_FOUND);
  if (forIssue) {
    if (found.status === 'cancelled' || found.status === 'archived')
      throw new AppError('CONFLICT', COMP_MESSAGES.eventClosed(found.status));
    if (found.endsAt && found.endsAt.getTime() < Date.now())
      throw new AppError('CONFLICT', COMP_MESSAGES.eventClosed('ended'));
  }
  const types = await db
    .select()
    .from(ticketType)
    .where(and(eq(ticketType.eventId, found.id), eq(ticketType.organizationId, organizationId)))
    .orderBy(ticketType.sort, ticketType.createdAt);
  return { event: found, types };
}

/** The key that makes one comp per guest and type: the order's submission key (unique per organisation). */
const compKey = (row: Pick<CompRow, 'ticketTypeId' | 'email'>) => `comp:${row.ticketTypeId}:${row.email}`;

/** The guests (lower-cased e-mail) and types that already hold a comp of this event. */
async function existingCompKeys(db: Database | Tx, organizationId: string, eventId: string): Promise<Set<string>> {
  const found = await db
    .select({ email: order.customerEmail, ticketTypeId: orderLine.ticketTypeId })
    .from(order)
    .innerJoin(orderLine, eq(orderLine.orderId, order.id))
    .where(
      and(
        eq(order.organizationId, organizationId),
        eq(order.eventId, eventId),
        eq(order.channel, 'comp'),
        inArray(order.status, ['paid', 'partially_refunded']),
      ),
    );
  return new Set(found.map(compKey));
}

const refusal = (errors: CompRowError[]) =>
  new AppError(
    'UNPROCESSABLE',
    COMP_MESSAGES.rowsRefused(new Set(errors.map((error) => error.line)).size),
    errors.map((error) => ({ path: compRowPath(error), message: error.message })),
  );

/**
 * Issues the comps (all or none): refuses duplicates (in the rows themselves always; against the event's
 * existing comps unless `force`), takes the places, writes the orders, tickets and trail, counts them in the day's
 * sales with revenue 0 and queues each guest's tickets e-mail, the one fulfilment sends.
 */
export async function issueComps(
  deps: CompDeps,
  actor: { organizationId: string; userId: string },
  eventId: string,
  rows: CompRow[],
  options: {
    force: boolean;
    errors?: CompRowError[];
    /** Send the first e-mails before answering (one comp: its guest's is in the outbox at once); else the worker. */
    deliverNow?: boolean;
  },
): Promise<CompsIssued> {
  const { db } = deps;
  const { organizationId } = actor;
  const loaded = await loadCompEvent(db, organizationId, eventId, true);
  const typeById = new Map(loaded.types.map((type) => [type.id, type]));
  for (const row of rows)
    if (!typeById.has(row.ticketTypeId)) throw new AppError('BAD_REQUEST', COMP_MESSAGES.typeRequired);

  const { force } = options;
  const errors: CompRowError[] = [...(options.errors ?? [])];
  const firstLine = new Map<string, number | null>();
  const existing = await existingCompKeys(db, organizationId, loaded.event.id);
  for (const row of rows) {
    const key = compKey(row);
    if (firstLine.has(key)) {
      errors.push({
        line: row.line ?? 0,
        column: null,
        message: COMP_MESSAGES.duplicateInFile(firstLine.get(key) ?? 0),
      });
      continue;
    }
    firstLine.set(key, row.line);
    if (existing.has(key) && !force) {
      if (row.line === null) throw new AppError('CONFLICT', COMP_MESSAGES.duplicateExisting);
      errors.push({ line: row.line, column: null, message: COMP_MESSAGES.duplicateExisting });
    }
  }
  if (errors.length > 0) throw refusal(errors.sort((a, b) => a.line - b.line));

  const now = new Date();
  const currency = toCurrencyCode(loaded.types[0]?.currency ?? 'GBP');
  const planned = rows.map((row) => ({
    row,
    // A forced second comp of the same guest and type gets a key of its own; every other comp takes the guest's.
    key: existing.has(compKey(row)) ? `${compKey(row)}:${randomUUID()}` : compKey(row),
    type: typeById.get(row.ticketTypeId)!,
  }));
  const totalTickets = rows.reduce((sum, row) => sum + row.quantity, 0);

  // A random order or ticket code that clashes with one already made (about 1 in 10^9 per pair, so a few per cent of
  // 5,000-row files once an organisation has many orders) fails the whole write; it is written again with new codes.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await writeComps();
      break;
    } catch (error) {
      const clash = isUniqueViolation(error) && CODE_INDEXES.has(pgConstraint(error) ?? '');
      if (!clash || attempt >= 3) throw error;
    }
  }
  if (options.deliverNow) deps.notifier.deliverSoon();
  return { issued: rows.length, tickets: totalTickets };

  async function writeComps() {
    await db
      .transaction(async (tx) => {
        await sellWithoutHold(
          tx,
          loaded.event.id,
          rows.map((row) => ({ ticketTypeId: row.ticketTypeId, quantity: row.quantity })),
        );
        // One statement for the orders, their lines, tickets and trail, whatever the number of rows: the rows go
        // in as two JSON parameters (thousands of bound parameters cost far more to send and plan, on PGlite most),
        // with their ids made here, so no part of it joins another.
        const input = planned.map(({ row, key, type }) => ({
          id: randomUUID(),
          line_id: randomUUID(),
          key,
          code: newOrderCode(),
          token: newAccessToken(),
          name: row.name,
          email: row.email,
          type_id: row.ticketTypeId,
          type_name: type.name,
          quantity: row.quantity,
          detail: { channel: 'comp', quantity: row.quantity, ...(row.note ? { reason: row.note } : {}) },
        }));
        const tickets = input.flatMap((comp) =>
          Array.from({ length: comp.quantity }, () => ({
            order_id: comp.id,
            line_id: comp.line_id,
            type_id: comp.type_id,
            name: comp.name,
            code: newTicketCode(),
          })),
        );
        const at = now.toISOString();
        await tx.execute(sql`
          with input as (
            select * from json_to_recordset(${JSON.stringify(input)}::json) as r(id uuid, line_id uuid, key text,
              code text, token text, name text, email text, type_id uuid, type_name text, quantity int, detail jsonb)
          ), made as (
            insert into "order" (id, organization_id, event_id, code, access_token, status, channel, first_name,
              last_name, customer_email, quantity, amount_minor, fee_minor, currency, payment_provider,
              submission_key, created_at, updated_at, paid_at)
            select id, ${organizationId}, ${loaded.event.id}::uuid, code, token, 'paid', 'comp', name, '', email,
              quantity, 0, 0, ${currency}, 'comp', key, ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz
            from input
          ), lines as (
            insert into order_line (id, organization_id, order_id, ticket_type_id, name, quantity, unit_price_minor,
              unit_fee_minor)
            select line_id, ${organizationId}, id, type_id, type_name, quantity, 0, 0 from input
          ), tickets as (
            insert into ticket (organization_id, order_id, order_line_id, event_id, ticket_type_id, code, holder_name,
              created_at)
            select ${organizationId}, order_id, line_id, ${loaded.event.id}::uuid, type_id, code, name, ${at}::timestamptz
            from json_to_recordset(${JSON.stringify(tickets)}::json)
              as t(order_id uuid, line_id uuid, type_id uuid, name text, code text)
          )
          insert into order_change (organization_id, order_id, action, to_status, actor_type, actor_user_id, detail, at)
          select ${organizationId}, id, 'comp_issued', 'paid', 'organiser', ${actor.userId}, detail, ${at}::timestamptz
          from input`);
        // The day's sales: the comps count as orders and tickets, with revenue and fee 0.
        await tx
          .insert(salesDaily)
          .values({
            organizationId,
            eventId: loaded.event.id,
            day: now.toISOString().slice(0, 10),
            currency,
            orders: input.length,
            tickets: totalTickets,
            revenueMinor: 0,
            feeMinor: 0,
          })
          .onConflictDoUpdate({
            target: [salesDaily.organizationId, salesDaily.eventId, salesDaily.day, salesDaily.currency],
            set: {
              orders: sql`${salesDaily.orders} + excluded.orders`,
              tickets: sql`${salesDaily.tickets} + excluded.tickets`,
            },
          });
        // Each guest's tickets e-mail: the order confirmation fulfilment sends, by the same job.
        await deps.jobs.sendMany(
          QUEUES.checkoutMail,
          input.map(({ id }) => ({ kind: 'order-confirmation', orderId: id, organizationId })),
          tx,
        );
      })
      .catch(async (error: unknown) => {
        if (error instanceof NotEnoughTickets) throw notEnoughPlaces(loaded, rows, error.ticketTypeId);
        // Another import (or form) issued one of these guests' comps while this one was checked: a duplicate.
        if (isUniqueViolation(error) && pgConstraint(error) === 'order_submission_key_idx')
          throw await raceRefusal(db, organizationId, planned);
        throw error;
      });
  }
}

/** The rows whose guest and type another call issued meanwhile (their keys are taken now). */
async function raceRefusal(
  db: Database,
  organizationId: string,
  planned: Array<{ row: CompRow; key: string }>,
): Promise<AppError> {
  const taken = new Set(
    (
      await db
        .select({ key: order.submissionKey })
        .from(order)
        .where(
          and(
            eq(order.organizationId, organizationId),
            inArray(
              order.submissionKey,
              planned.map((entry) => entry.key),
            ),
          ),
        )
    ).map((entry) => entry.key),
  );
  const lost = planned.filter((entry) => taken.has(entry.key));
  if (lost.length === 0 || (lost.length === 1 && lost[0]!.row.line === null))
    return new AppError('CONFLICT', COMP_MESSAGES.duplicateExisting);
  return refusal(
    lost.map((entry) => ({ line: entry.row.line ?? 0, column: null, message: COMP_MESSAGES.duplicateExisting })),
  );
}

const CODE_INDEXES = new Set(['order_code_idx', 'ticket_code_idx', 'order_access_token_idx']);

/** What ran out, said with the places left as the counters stood when read (the refusal took nothing). */
function notEnoughPlaces(
  loaded: Awaited<ReturnType<typeof loadCompEvent>>,
  rows: CompRow[],
  ticketTypeId: string | null,
): AppError {
  const left = (capacity: number | null, sold: number, held: number) =>
    capacity === null ? 0 : Math.max(capacity - sold - held, 0);
  if (ticketTypeId) {
    const type = loaded.types.find((candidate) => candidate.id === ticketTypeId)!;
    const asked = rows.filter((row) => row.ticketTypeId === ticketTypeId).reduce((sum, row) => sum + row.quantity, 0);
    return new AppError(
      'CONFLICT',
      COMP_MESSAGES.notEnoughPlaces(type.name, left(type.capacity, type.sold, type.held), asked),
    );
  }
  const asked = rows.reduce((sum, row) => sum + row.quantity, 0);
  const venue = loaded.event;
  return new AppError(
    'CONFLICT',
    COMP_MESSAGES.notEnoughPlaces('the event', left(venue.capacity, venue.sold, venue.held), asked),
  );
}

/** The event's comps, newest first, in pages, with how many there are and their tickets. */
export async function listComps(
  db: Database,
  organizationId: string,
  eventId: string,
  page: number,
): Promise<CompsPage> {
  const loaded = await loadCompEvent(db, organizationId, eventId, false);
  const scope = and(
    eq(order.organizationId, organizationId),
    eq(order.eventId, loaded.event.id),
    eq(order.channel, 'comp'),
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        order,
        typeName: orderLine.name,
        // The note is kept with the issuing in the order's trail, where the order detail shows it too.
        note: sql<string | null>`(select c.detail->>'reason' from order_change c
          where c.order_id = ${order.id} and c.action = 'comp_issued' limit 1)`,
      })
      .from(order)
      .innerJoin(orderLine, eq(orderLine.orderId, order.id))
      .where(scope)
      .orderBy(desc(order.createdAt), desc(order.id))
      .limit(COMPS_PAGE_SIZE)
      .offset((page - 1) * COMPS_PAGE_SIZE),
    db
      .select({ count: sql<number>`count(*)::int`, tickets: sql<number>`coalesce(sum(${order.quantity}), 0)::int` })
      .from(order)
      .where(scope),
  ]);
  return {
    comps: rows.map(({ order: row, typeName, note }) => ({
      order_id: row.id,
      order_code: row.code,
      name: `${row.firstName} ${row.lastName}`.trim(),
      email: row.customerEmail,
      ticket_type: typeName,
      quantity: row.quantity,
      note: note ?? '',
      status: row.status,
      created_at: row.createdAt.toISOString(),
    })),
    total: totals?.count ?? 0,
    tickets: totals?.tickets ?? 0,
    page,
    page_size: COMPS_PAGE_SIZE,
    currency: toCurrencyCode(loaded.types[0]?.currency ?? 'GBP'),
  };
}
