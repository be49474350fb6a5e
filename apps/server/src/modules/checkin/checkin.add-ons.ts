// Add-ons at the door (decision 134): the scanned ticket's order's add-on lines (online scan and offline list),
// only while the order stands (paid or partly refunded), and the door marking some of a line handed over. One
// conditional UPDATE moves handed_over, never past the line's quantity: of two devices handing over the last
// unit at once, the second finds the condition false once the first commits and is told what is left.
import { sql, type SQL } from 'drizzle-orm';
import { ADD_ON_MESSAGES, type DoorAddOn } from '@marquee/shared';
import type { Database } from '../../db/client.js';
import type { Tx } from '../../db/tx.js';
import { AppError } from '../../lib/errors.js';
import type { Scanner } from './checkin.scan.js';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
// As checkin.service.ts's (which reads the offline list from here, so is not imported).
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The order statuses whose add-ons are sold, so shown and handed over at the door. */
const STANDING = sql`('paid', 'partially_refunded')`;

/**
 * SQL for an order's add-on lines as the door shows them, a JSON array of {id, name, quantity, handed_over}
 * (empty unless the order stands); `orderId` names the order. For a statement of the caller's (the online scan).
 */
export function doorAddOnsSql(orderId: SQL): SQL {
  return sql`(select coalesce(json_agg(json_build_object('id', l.id, 'name', l.name, 'quantity', l.quantity,
        'handed_over', l.handed_over) order by a.sort, l.name), '[]'::json)
    from order_add_on l
    join "order" ao on ao.id = l.order_id
    join add_on a on a.id = l.add_on_id
    where l.order_id = ${orderId} and ao.status in ${STANDING})`;
}

/** The door's lines from doorAddOnsSql's JSON (text or parsed, as the driver gives it). */
export function doorAddOns(value: unknown): DoorAddOn[] {
  const parsed = (typeof value === 'string' ? JSON.parse(value) : (value ?? [])) as DoorAddOn[];
  return parsed.map((line) => ({
    id: line.id,
    name: line.name,
    quantity: Number(line.quantity),
    handed_over: Number(line.handed_over),
  }));
}

/** The event's standing orders' add-on lines by order code, [id, name, quantity, handed over], for the offline list. */
export async function doorAddOnsOfEvent(db: Database | Tx, organizationId: string, eventId: string) {
  const rows = rowsOf<{ order_code: string; id: string; name: string; quantity: number; handed_over: number }>(
    await db.execute(sql`
      select o.code as order_code, l.id, l.name, l.quantity, l.handed_over
      from order_add_on l
      join "order" o on o.id = l.order_id
      join add_on a on a.id = l.add_on_id
      where o.event_id = ${eventId} and l.organization_id = ${organizationId} and o.status in ${STANDING}
      order by o.code, a.sort, l.name`),
  );
  const byOrder: Record<string, Array<[string, string, number, number]>> = {};
  for (const row of rows)
    (byOrder[row.order_code] ??= []).push([row.id, row.name, Number(row.quantity), Number(row.handed_over)]);
  return byOrder;
}

interface LineRow {
  id: string;
  name: string;
  quantity: number;
  handed_over: number;
  status: string;
}

/** A hand-over queued on a device while offline: its id (a retried sync applies it once) and when it was made. */
export interface QueuedHandOver {
  clientId: string;
  at: Date;
}

/**
 * Marks `quantity` more of the organisation's add-on line handed over (404 for another organisation's line, 409
 * when the order does not stand or fewer are left), with the order's audit line, in one statement.
 */
export async function handOverAddOn(
  db: Database,
  scanner: Scanner,
  lineId: string,
  quantity: number,
  queued?: QueuedHandOver,
): Promise<DoorAddOn> {
  if (!UUID.test(lineId)) throw new AppError('NOT_FOUND', ADD_ON_MESSAGES.notFound);
  const at = (queued?.at ?? new Date()).toISOString();
  const clientId = queued?.clientId ?? null;
  // A queued hand-over whose audit line exists was applied by an earlier sync whose answer was lost.
  const applied = sql`exists (select 1 from order_change c where c.order_id = l.order_id
    and c.action = 'add_on_handed_over' and c.detail->>'client_id' = ${clientId})`;
  const [moved] = rowsOf<LineRow>(
    await db.execute(sql`
      with moved as (
        update order_add_on l set handed_over = l.handed_over + ${quantity}, handed_over_at = ${at}::timestamptz
        from "order" o
        where l.id = ${lineId} and l.organization_id = ${scanner.organizationId} and o.id = l.order_id
          and o.status in ${STANDING} and l.handed_over + ${quantity} <= l.quantity
          ${clientId ? sql`and not ${applied}` : sql``}
        returning l.id, l.order_id, l.name, l.quantity, l.handed_over, o.status
      ),
      audited as (
        insert into order_change (organization_id, order_id, action, actor_type, actor_user_id, detail, device, at)
        select ${scanner.organizationId}, m.order_id, 'add_on_handed_over', 'organiser', ${scanner.userId},
          json_build_object('line', m.id, 'name', m.name, 'quantity', ${quantity}::int,
            'handed_over', m.handed_over, 'device', ${scanner.deviceId}::text, 'client_id', ${clientId}::text
          )::jsonb, ${scanner.deviceId}, ${at}::timestamptz
        from moved m
      )
      select id, name, quantity, handed_over, status from moved`),
  );
  if (moved) return lineOf(moved);
  const [line] = rowsOf<LineRow & { applied: boolean }>(
    await db.execute(sql`
      select l.id, l.name, l.quantity, l.handed_over, o.status, ${clientId ? applied : sql`false`} as applied
      from order_add_on l join "order" o on o.id = l.order_id
      where l.id = ${lineId} and l.organization_id = ${scanner.organizationId}`),
  );
  if (!line) throw new AppError('NOT_FOUND', ADD_ON_MESSAGES.notFound);
  if (line.applied) return lineOf(line);
  if (!['paid', 'partially_refunded'].includes(line.status))
    throw new AppError('CONFLICT', ADD_ON_MESSAGES.handOverNotSold);
  throw new AppError('CONFLICT', ADD_ON_MESSAGES.handOverTooMany(Number(line.quantity) - Number(line.handed_over)));
}

const lineOf = (row: LineRow): DoorAddOn => ({
  id: row.id,
  name: row.name,
  quantity: Number(row.quantity),
  handed_over: Number(row.handed_over),
});
