// Stock: holding, selling and releasing tickets. Each change is a conditional UPDATE of the counters on
// ticket_type, ticket_quota and event (`sold + held + n <= capacity`), so a row lock plus the CHECK constraints make
// overselling impossible, whatever the number of server processes. Ticket types are always locked in id
// order, then the shared quotas of the types that moved (in id order, decision 128), and the event row last, so
// concurrent checkouts cannot deadlock on each other. A type's quotas are read from the type's row as the
// statement that moves it has locked it (`returning quota_ids`), so every step that moves a type moves its quotas.
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { retryOnDeadlock, type Tx } from '../../db/tx.js';

type Runner = Database | Tx;

export interface LineQuantity {
  ticketTypeId: string;
  quantity: number;
}

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
/** One entry per type (a type may be on two lines: discounted and full price), in id order. */
const byType = (lines: LineQuantity[]): LineQuantity[] => {
  const sums = new Map<string, number>();
  for (const line of lines) sums.set(line.ticketTypeId, (sums.get(line.ticketTypeId) ?? 0) + line.quantity);
  return [...sums]
    .map(([ticketTypeId, quantity]) => ({ ticketTypeId, quantity }))
    .sort((a, b) => a.ticketTypeId.localeCompare(b.ticketTypeId));
};
const total = (lines: LineQuantity[]) => lines.reduce((sum, line) => sum + line.quantity, 0);

/** Why a hold or a late sale could not take the tickets: a type, a shared quota (`quota`) or the event. */
export class NotEnoughTickets extends Error {
  constructor(
    readonly ticketTypeId: string | null,
    readonly quota = false,
  ) {
    super(
      ticketTypeId
        ? `Not enough tickets of type ${ticketTypeId}`
        : quota
          ? 'Not enough tickets in a shared quota'
          : 'Not enough tickets for the event',
    );
  }
}

/**
 * The CTEs that move the shared quotas of the types some earlier CTEs moved (decision 128): `moved` names CTEs
 * whose rows carry the type's `event_id`, `quota_ids` and `n`, the tickets it moved (a quota of another event, as a
 * copied type might carry, is never moved). `${name}_delta` sums them per quota,
 * `${name}_lock` locks those quotas in id order, and `${name}` adds `n` times the change to each (only where it
 * fits with `checkCapacity`: compare its count with the lock's to know). The next step (the event's) gates on
 * `${name}_done`, whose one row exists once all of that ran: a join over no quotas may never read the types' CTEs,
 * so only this gate makes the types and quotas lock before the event. The one quota step of every writer.
 */
export function quotaCounterSteps(
  name: string,
  moved: string[],
  change: { held: number; sold: number },
  checkCapacity = false,
): SQL {
  const sources =
    moved.length === 0
      ? sql`select null::uuid as quota_id, null::uuid as event_id, 0 as n where false`
      : sql.join(
          moved.map((cte) => sql`select unnest(quota_ids) as quota_id, event_id, n from ${sql.raw(cte)}`),
          sql` union all `,
        );
  const delta = sql.raw(`${name}_delta`);
  const lock = sql.raw(`${name}_lock`);
  const limit = checkCapacity ? sql`and q.sold + q.held + d.n <= q.capacity` : sql``;
  return sql`${delta} as (
        select quota_id, event_id, sum(n)::int as n from (${sources}) moved group by quota_id, event_id
      ), ${lock} as (
        select q.id from ticket_quota q
        where exists (select 1 from ${delta} d where d.quota_id = q.id and d.event_id = q.event_id)
        order by q.id for update
      ), ${sql.raw(name)} as (
        update ticket_quota q set held = q.held + ${change.held}::int * d.n, sold = q.sold + ${change.sold}::int * d.n
        from ${delta} d where q.id = d.quota_id and q.event_id = d.event_id and (select count(*) from ${lock}) >= 0
          ${limit}
        returning q.id
      ), ${sql.raw(`${name}_done`)} as (
        select 1 as done where (select count(*) from ${delta}) >= 0 and (select count(*) from ${sql.raw(name)}) >= 0)`;
}

async function addToCounters(
  tx: Tx,
  eventId: string,
  lines: LineQuantity[],
  change: { held: number; sold: number },
  checkCapacity: boolean,
  then?: (gate: SQL) => SQL,
) {
  // held/sold deltas are per ticket: +1/0 to hold, -1/+1 to sell a hold, 0/+1 to sell without a hold.
  const limit = (table: SQL, quantity: number) =>
    checkCapacity
      ? sql`and (${table}.capacity is null or ${table}.sold + ${table}.held + ${quantity} <= ${table}.capacity)`
      : sql``;
  // One statement, so the rows every sale of the event updates stay locked for one round trip and the commit.
  // Each update waits for the one before it (`exists` on its CTE): the types in id order, then the event, then
  // `then`'s write, gated on the event's update. A type or the event without room stops the rest.
  const types = byType(lines);
  const after = (index: number) => (index < 0 ? sql`` : sql`and exists (select 1 from ${sql.raw(`moved_${index}`)})`);
  const steps = types.map(
    (line, index) => sql`${sql.raw(`moved_${index}`)} as (
        update ticket_type set held = held + ${change.held * line.quantity}, sold = sold + ${change.sold * line.quantity}
        where id = ${line.ticketTypeId} and event_id = ${eventId} ${limit(sql`ticket_type`, line.quantity)}
          ${after(index - 1)}
        returning id, event_id, quota_ids, ${line.quantity}::int as n)`,
  );
  // The types' quotas, after the types and before the event; all of them must have had room.
  steps.push(
    quotaCounterSteps(
      'moved_quotas',
      types.map((_, index) => `moved_${index}`),
      change,
      checkCapacity,
    ),
  );
  // Every quota that exists (a locked row) moved: one without room stops the sale.
  const quotasMoved = sql`(select count(*) from moved_quotas) = (select count(*) from moved_quotas_lock)`;
  const quantity = total(lines);
  steps.push(sql`moved_event as (
        update event set held = held + ${change.held * quantity}, sold = sold + ${change.sold * quantity}
        where id = ${eventId} ${limit(sql`event`, quantity)} ${after(types.length - 1)}
          and exists (select 1 from moved_quotas_done) and ${quotasMoved}
        returning id)`);
  if (then) steps.push(sql`moved_then as (${then(sql`exists (select 1 from moved_event)`)})`);
  const counts = types.map((_, index) => sql`(select count(*) from ${sql.raw(`moved_${index}`)})::int`);
  counts.push(sql`(${quotasMoved})::int`);
  counts.push(sql`(select count(*) from moved_event)::int`);
  const [moved] = rows<{ moved: number[] }>(
    await tx.execute(sql`with ${sql.join(steps, sql`, `)} select array[${sql.join(counts, sql`, `)}] as moved`),
  );
  const failed = moved!.moved.findIndex((count) => count === 0);
  if (failed >= 0) throw new NotEnoughTickets(types[failed]?.ticketTypeId ?? null, failed === types.length);
}

/**
 * A paid hold: its held tickets become sold (capacity was already taken by the hold). `then` writes something more
 * in the same statement once the counters moved (the sale's day in `sales_daily`), given the condition to gate on.
 */
export const sellHeldTickets = (tx: Tx, eventId: string, lines: LineQuantity[], then?: (gate: SQL) => SQL) =>
  addToCounters(tx, eventId, lines, { held: -1, sold: 1 }, false, then);

/** A payment for a hold that had been released: sold only while tickets remain. */
export const sellWithoutHold = (tx: Tx, eventId: string, lines: LineQuantity[]) =>
  addToCounters(tx, eventId, lines, { held: 0, sold: 1 }, true);

/** Gives back a hold's tickets (a cancelled checkout). */
export const releaseHeldTickets = (tx: Tx, eventId: string, lines: LineQuantity[]) =>
  addToCounters(tx, eventId, lines, { held: -1, sold: 0 }, false);

/** Gives back a paid order's tickets (a refund): sold goes down, never below zero (CHECKs). */
export const returnSoldTickets = (tx: Tx, eventId: string, lines: LineQuantity[]) =>
  addToCounters(tx, eventId, lines, { held: 0, sold: -1 }, false);

/**
 * The batch hold's counter steps (hold-batch.ts writes a whole batch of holds in one statement): CTE bodies that
 * add a type's or the event's held tickets, each gated on the CTE before it so the rows are locked in the one
 * order every writer follows (types in id order, their quotas (quotaCounterSteps over the type steps), the event
 * last). Capacity was checked in memory under the batch's row locks (decision 043), so these only move the
 * counters; a quota, a type or the event that changed meanwhile refuses the write with its CHECK.
 */
export const holdTypeCounterStep = (eventId: string, typeId: string, held: number, after: SQL) =>
  sql`update ticket_type set held = held + ${held}::int
      where id = ${typeId} and event_id = ${eventId} and (select count(*) from ${after}) >= 0
      returning id, event_id, quota_ids, ${held}::int as n`;

export const holdVenueCounterStep = (organizationId: string, eventId: string, held: number, after: SQL) =>
  sql`update event set held = held + ${held}::int
      where id = ${eventId} and organization_id = ${organizationId} and ${held}::int <> 0
        and (select count(*) from ${after}) >= 0
      returning id`;

/**
 * Gives back held tickets inside a larger statement (an event's cancellation releases every pending hold at
 * once): `perType` names a CTE of (ticket_type_id, quantity), `released` one of released orders with `quantity`.
 * The per-type step is a CTE named `types`; releaseHeldQuotaSteps follows it, the venue after it (gated on the
 * CTE `quotas_done`).
 */
export const releaseHeldPerTypeStep = (perType: SQL, after?: SQL) =>
  sql`update ticket_type t set held = t.held - p.quantity from ${perType} p
      where t.id = p.ticket_type_id ${after ? sql`and (select count(*) from ${after}) >= 0` : sql``}
      returning t.id, t.event_id, t.quota_ids, p.quantity as n`;

/** The quotas of the types the CTE `types` (releaseHeldPerTypeStep) gave back: the CTEs ending in `quotas`. */
export const releaseHeldQuotaSteps = () => quotaCounterSteps('quotas', ['types'], { held: -1, sold: 0 });

export const releaseHeldVenueStep = (eventId: string, released: SQL, after: SQL) =>
  sql`update event v set held = v.held - (select coalesce(sum(quantity), 0) from ${released})
      where v.id = ${eventId} and exists (select 1 from ${released}) and (select count(*) from ${after}) >= 0
      returning v.id`;

/**
 * Expires every pending order whose hold has run out (of one event, or all), gives its tickets back and
 * records the change, in one statement. Cheap when nothing has expired: one index probe, and no write.
 * Returns the expired orders' ids.
 */
export async function releaseExpiredHolds(
  db: Runner,
  options: { eventId?: string; now?: Date } = {},
): Promise<string[]> {
  const now = (options.now ?? new Date()).toISOString();
  const forEvent = options.eventId ? sql`and event_id = ${options.eventId}` : sql``;
  // Storefront reads call this on every request: a plain probe of the partial pending-hold index is far cheaper
  // to plan and run than the write below, which nearly always finds nothing.
  const due = await db.execute(sql`
    select 1 from "order" where status = 'pending' and hold_expires_at < ${now}::timestamptz ${forEvent} limit 1`);
  if (rows(due).length === 0) return [];
  return retryOnDeadlock(async () => {
    const result = await db.execute(sql`
      with expired as (
        update "order" set status = 'expired', updated_at = ${now}::timestamptz
        where status = 'pending' and hold_expires_at < ${now}::timestamptz ${forEvent}
        returning id, organization_id, event_id, quantity, customer_email, promo_code_id, access_code_id
      ), ${RELEASE_CODES_AND_BUYERS}, per_type as (
        select l.ticket_type_id, sum(l.quantity)::int as quantity
        from order_line l join expired e on e.id = l.order_id group by l.ticket_type_id
      ), types as (${releaseHeldPerTypeStep(sql.raw('per_type'), sql.raw('buyers'))}
      ), ${releaseHeldQuotaSteps()}, per_event as (
        select event_id, sum(quantity)::int as quantity from expired group by event_id
      ), events as (
        update event v set held = v.held - p.quantity from per_event p
        where v.id = p.event_id and (select count(*) from quotas_done) >= 0 returning v.id
      ), audit as (
        insert into order_change (organization_id, order_id, action, from_status, to_status, actor_type, at)
        select organization_id, id, 'expired', 'pending', 'expired', 'system', ${now}::timestamptz from expired
      )
      select id from expired`);
    return rows<{ id: string }>(result).map((row) => row.id);
  });
}

/**
 * CTEs giving back what the orders in `expired` (id, event_id, quantity, customer_email, promo_code_id,
 * access_code_id) took with their holds: one use of each code and the buyer's tickets toward the per-person limit.
 * The codes' rows are written before the buyers' (`buyers` waits for `code_uses`), and a statement that also moves
 * the counters does so after `buyers`: the order in which holds take these locks (decision 043).
 */
export const RELEASE_CODES_AND_BUYERS = sql`per_code as (
        select code_id, count(*)::int as uses from (
          select promo_code_id as code_id from expired where promo_code_id is not null
          union all select access_code_id from expired where access_code_id is not null
        ) used group by code_id
      ), code_uses as (
        update event_code c set uses = greatest(0, c.uses - p.uses) from per_code p where c.id = p.code_id returning c.id
      ), per_buyer as (
        select event_id, customer_email, sum(quantity)::int as quantity from expired group by event_id, customer_email
      ), buyers as (
        update buyer_tickets b set tickets = greatest(0, b.tickets - p.quantity)
        from per_buyer p where b.event_id = p.event_id and b.email = p.customer_email
          and (select count(*) from code_uses) >= 0
        returning b.email
      )`;
