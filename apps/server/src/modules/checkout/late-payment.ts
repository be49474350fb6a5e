// A payment confirmed after its hold ran out (its places, code uses and the buyer's tickets went back): honoured
// while tickets remain for the public, else refunded. "Remain" is the public checkout's rule (decision 035): places
// that came back while fans wait on the waiting list are theirs, and a place a listing gave back is for its type.
import { and, asc, eq, sql } from 'drizzle-orm';
import { pgConstraint, pgErrorCode } from '../../db/errors.js';
import { event, ticketType } from '../../db/schema/index.js';
import { NotEnoughTickets, sellWithoutHold, type LineQuantity } from '../stock/stock.js';
import type { Tx } from '../../db/tx.js';
import { owedToOthers } from './storefront-event.js';
import { quotaCountersOf } from '../quotas/quota-counters.js';
import type { OrderRow } from './hold-types.js';

export const OWED_TO_WAITING_LIST =
  'The hold had expired and the tickets that came back were owed to the waiting list before the payment arrived';

/**
 * Takes the late order's places, code uses and buyer's tickets again; returns why it cannot be honoured, or null
 * when all were taken. Throws NotEnoughTickets when the counters have no room: run it in a savepoint, so a
 * partial take is undone.
 */
export async function retakeLatePlaces(tx: Tx, current: OrderRow, lines: LineQuantity[]): Promise<string | null> {
  // The rows are locked first, in the order holds take them (decision 043): the codes, the buyer's row, then the
  // counters (types in id order, the event's shared quotas in id order, the event last), so the gate is read from
  // the counters the sale then moves.
  const codeIds = [current.promoCodeId, current.accessCodeId].filter((id): id is string => Boolean(id)).sort();
  for (const id of codeIds) await tx.execute(sql`select id from event_code where id = ${id}::uuid for update`);
  await tx.execute(sql`
    select email from buyer_tickets where event_id = ${current.eventId} and email = ${current.customerEmail}
    for update`);
  const typeIds = [...new Set(lines.map((line) => line.ticketTypeId))].sort((a, b) => a.localeCompare(b));
  for (const id of typeIds)
    await tx.execute(sql`select id from ticket_type where id = ${id} and event_id = ${current.eventId} for update`);
  const quotas = await quotaCountersOf(tx, current.organizationId, [current.eventId], { lock: true });
  const [row] = await tx
    .select()
    .from(event)
    .where(and(eq(event.id, current.eventId), eq(event.organizationId, current.organizationId)))
    .for('update');
  if (!row) throw new NotEnoughTickets(null);
  const types = await tx
    .select()
    .from(ticketType)
    .where(and(eq(ticketType.eventId, row.id), eq(ticketType.organizationId, current.organizationId)))
    .orderBy(asc(ticketType.sort), asc(ticketType.createdAt));
  if (await owedToOthers(tx, row, types, quotas, lines)) return OWED_TO_WAITING_LIST;
  if (await addOnsRanOut(tx, current)) return ADD_ONS_RAN_OUT;
  await sellWithoutHold(tx, current.eventId, lines);
  return retakeCodesAndBuyer(tx, current);
}

export const ADD_ONS_RAN_OUT = 'The hold had expired and an add-on it carried sold out before the payment arrived';

/**
 * Whether an add-on of the order has too little stock left to be sold again (decision 134). Locks them in id order,
 * after the event, as holds do; the order's status change then sells them (the trigger of migration 0041).
 */
async function addOnsRanOut(tx: Tx, current: OrderRow): Promise<boolean> {
  const result = await tx.execute(sql`
    select a.capacity, a.sold, a.held, l.quantity from add_on a join order_add_on l on l.add_on_id = a.id
    where l.order_id = ${current.id} and a.event_id = ${current.eventId}
    order by a.id for update of a`);
  const rows = (result as { rows: Array<{ capacity: number | null; sold: number; held: number; quantity: number }> })
    .rows;
  return rows.some(
    (row) => row.capacity !== null && Number(row.sold) + Number(row.held) + Number(row.quantity) > Number(row.capacity),
  );
}

/**
 * Takes again the use of each code the order carries and the buyer's tickets toward the per-person limit (both
 * were given back when the hold expired). Returns why the order cannot be honoured (a code used up meanwhile,
 * or the buyer at the limit), or null when both were taken.
 */
async function retakeCodesAndBuyer(tx: Tx, current: OrderRow): Promise<string | null> {
  const codeIds = [current.promoCodeId, current.accessCodeId].filter((id): id is string => Boolean(id));
  try {
    await tx.transaction(async (savepoint) => {
      for (const id of codeIds)
        await savepoint.execute(sql`update event_code set uses = uses + 1 where id = ${id}::uuid`);
      await savepoint.execute(sql`
        insert into buyer_tickets (organization_id, event_id, email, tickets, max_tickets)
        select ${current.organizationId}, id, ${current.customerEmail}, ${current.quantity}, max_tickets_per_email
        from event where id = ${current.eventId}
        on conflict (event_id, email) do update set tickets = buyer_tickets.tickets + excluded.tickets`);
    });
    return null;
  } catch (error) {
    const constraint = pgConstraint(error);
    if (pgErrorCode(error) !== '23514') throw error;
    if (constraint === 'event_code_uses_check')
      return 'The hold had expired and its code was used up before the payment arrived';
    if (constraint === 'buyer_tickets_limit_check')
      return "The hold had expired and the buyer's ticket limit was reached before the payment arrived";
    throw error;
  }
}
