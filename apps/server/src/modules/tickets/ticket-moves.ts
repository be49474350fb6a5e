// The one writer of a ticket's state (decision 046). Every change of state is a move of TICKET_MOVES
// (packages/shared/src/tickets.ts), made only from the states the move allows, and the capacity counters follow
// the move: a ticket leaving a place-taking state gives its place back, one entering such a state takes one
// (refused when none is left). Callers record the audit line; nothing else in the server updates `ticket.status`
// (tickets-written-once.test.ts checks the source).
import { sql, type SQL } from 'drizzle-orm';
import { PLACE_STATES, TICKET_MOVES, type TicketMove, type TicketState, takesPlace } from '@marquee/shared';
import { ticket } from '../../db/schema/index.js';
import { returnSoldTickets, sellWithoutHold, type LineQuantity } from '../stock/stock.js';
import type { Tx } from '../../db/tx.js';

/** A ticket a move changed, with the state it left. */
export interface MovedTicket {
  id: string;
  orderId: string;
  eventId: string;
  ticketTypeId: string;
  code: string;
  from: TicketState;
}

/** Which tickets a move applies to: these ids, an order's or an event's, always within one organisation. */
export interface TicketScope {
  organizationId: string;
  ticketIds?: readonly string[];
  orderId?: string;
  eventId?: string;
}

const list = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/** What a move writes beside the state. */
function sideColumns(move: TicketMove, at: SQL): SQL {
  if (move === 'check_in') return sql`, checked_in_at = ${at}`;
  if (move === 'undo_check_in') return sql`, checked_in_at = null`;
  if (move === 'list' || move === 'withdraw') return sql``;
  return sql`, voided_at = ${at}`;
}

/**
 * The UPDATE of a move over the tickets `target` selects (a condition on the alias `t`), for a statement of the
 * caller's (a CTE): only tickets in one of the move's starting states change. Returns the MovedTicket columns.
 */
export function moveTicketsSql(move: TicketMove, target: SQL, at: string): SQL {
  const { from, to } = TICKET_MOVES[move];
  return sql`update ticket t set status = ${to}${sideColumns(move, sql`${at}::timestamptz`)}
    from (select id, status as from_state from ticket t where ${target} and t.status in (${list(from)}) for update) f
    where t.id = f.id
    returning t.id, t.order_id as "orderId", t.event_id as "eventId", t.ticket_type_id as "ticketTypeId", t.code,
      f.from_state as "from"`;
}

function scopeSql(scope: TicketScope): SQL {
  const parts = [sql`t.organization_id = ${scope.organizationId}`];
  if (scope.ticketIds) parts.push(scope.ticketIds.length ? sql`t.id in (${list(scope.ticketIds)})` : sql`false`);
  if (scope.orderId) parts.push(sql`t.order_id = ${scope.orderId}`);
  if (scope.eventId) parts.push(sql`t.event_id = ${scope.eventId}`);
  return sql.join(parts, sql` and `);
}

/** Places per event and type that moving `moved` to `to` gives back (negative) or takes (positive). */
function placeChanges(moved: MovedTicket[], to: TicketState) {
  const byEvent = new Map<string, Map<string, number>>();
  for (const ticket of moved) {
    const change = Number(takesPlace(to)) - Number(takesPlace(ticket.from));
    if (change === 0) continue;
    const types = byEvent.get(ticket.eventId) ?? new Map<string, number>();
    types.set(ticket.ticketTypeId, (types.get(ticket.ticketTypeId) ?? 0) + change);
    byEvent.set(ticket.eventId, types);
  }
  return byEvent;
}

/**
 * Moves the tickets of `scope` that are in one of the move's starting states; the others are left as they are
 * (the caller compares what moved with what it asked for). The counters follow in the same transaction: taking a
 * place back that is no longer there throws NotEnoughTickets.
 */
export async function moveTickets(tx: Tx, move: TicketMove, scope: TicketScope, at = new Date()) {
  const moved = await moveRows(tx, move, scope, at);
  await followPlaces(tx, moved, TICKET_MOVES[move].to);
  return moved;
}

async function moveRows(tx: Tx, move: TicketMove, scope: TicketScope, at: Date) {
  const result = await tx.execute(moveTicketsSql(move, scopeSql(scope), at.toISOString()));
  return (result as unknown as { rows: MovedTicket[] }).rows;
}

/**
 * A transfer: the holder's valid ticket moves to 'transferred' and its place passes to the new holder's ticket,
 * issued here in the same transaction with a new code (so the counters do not move). Null when the ticket was not
 * valid.
 */
export async function transferTicketRow(
  tx: Tx,
  scope: TicketScope & { ticketIds: [string] },
  replacement: { code: string; holderName: string; holderEmail: string },
  at = new Date(),
) {
  const [old] = await moveRows(tx, 'transfer', scope, at);
  if (!old) return null;
  const [created] = await tx
    .insert(ticket)
    .values({
      organizationId: scope.organizationId,
      orderId: old.orderId,
      orderLineId: sql`(select order_line_id from ticket where id = ${old.id})`,
      eventId: old.eventId,
      ticketTypeId: old.ticketTypeId,
      code: replacement.code,
      holderName: replacement.holderName,
      holderEmail: replacement.holderEmail,
      transferredFromId: old.id,
      // The new holder's name replaces the old; the ticket's checkout answers stay with it (decision 130).
      slot: sql`(select slot from ticket where id = ${old.id})`,
    })
    .returning({ id: ticket.id, code: ticket.code });
  return { old, created: created! };
}

async function followPlaces(tx: Tx, moved: MovedTicket[], to: TicketState) {
  for (const [eventId, types] of placeChanges(moved, to)) {
    const back: LineQuantity[] = [];
    const taken: LineQuantity[] = [];
    for (const [ticketTypeId, change] of types) {
      if (change < 0) back.push({ ticketTypeId, quantity: -change });
      if (change > 0) taken.push({ ticketTypeId, quantity: change });
    }
    if (back.length > 0) await returnSoldTickets(tx, eventId, back);
    if (taken.length > 0) await sellWithoutHold(tx, eventId, taken);
  }
}

/** SQL true when the ticket alias' state (`t.status` by default) is one of `states`. */
export const stateIn = (states: readonly TicketState[], column: SQL = sql`t.status`) =>
  sql`${column} in (${list(states)})`;

/** The states whose tickets take a place, for statements that count them. */
export const PLACE_STATES_SQL = stateIn(PLACE_STATES);
