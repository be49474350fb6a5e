// A fan cancelling their own hold, and the key that makes a resubmitted checkout form find its first order.
import { hash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { order, orderChange, orderLine } from '../../db/schema/index.js';
import type { OrderRow } from './hold-types.js';
import { releaseHeldTickets } from '../stock/stock.js';
import { retryOnDeadlock, type Tx } from '../../db/tx.js';

/** pending -> cancelled, giving the tickets back at once. Anything else is left as it is. */
export async function cancelHold(db: Database, current: OrderRow): Promise<boolean> {
  return retryOnDeadlock(() =>
    db.transaction(async (tx) => {
      const [locked] = await tx
        .select()
        .from(order)
        .where(and(eq(order.id, current.id), eq(order.status, 'pending')))
        .for('update')
        .limit(1);
      if (!locked) return false;
      const lines = await tx.select().from(orderLine).where(eq(orderLine.orderId, locked.id));
      // Codes and the buyer's row before the counters: the order in which holds take these locks (decision 043).
      await giveBackCodesAndBuyer(tx, locked);
      await releaseHeldTickets(
        tx,
        locked.eventId,
        lines.map((line) => ({ ticketTypeId: line.ticketTypeId, quantity: line.quantity })),
      );
      const now = new Date();
      await tx
        .update(order)
        .set({ status: 'cancelled', holdExpiresAt: null, updatedAt: now })
        .where(eq(order.id, locked.id));
      await tx.insert(orderChange).values({
        organizationId: locked.organizationId,
        orderId: locked.id,
        action: 'cancelled',
        fromStatus: 'pending',
        toStatus: 'cancelled',
        actorType: 'fan',
        at: now,
      });
      return true;
    }),
  );
}

/**
 * A cancelled hold's code uses and its tickets toward the buyer's limit go back (as when a hold expires). Run before
 * the counters move: codes (in id order), then the buyer, then the types and the event, as holds lock them.
 */
export async function giveBackCodesAndBuyer(
  tx: Tx,
  held: Pick<OrderRow, 'eventId' | 'customerEmail' | 'quantity' | 'promoCodeId' | 'accessCodeId'>,
) {
  const codeIds = [held.promoCodeId, held.accessCodeId].filter((id): id is string => Boolean(id)).sort();
  for (const id of codeIds) {
    await tx.execute(sql`update event_code set uses = greatest(0, uses - 1) where id = ${id}`);
  }
  await tx.execute(sql`
    update buyer_tickets set tickets = greatest(0, tickets - ${held.quantity})
    where event_id = ${held.eventId} and email = ${held.customerEmail}`);
}

const WINDOW_MS = 2 * 60_000;

/**
 * The same form sent twice (a double click, a browser retry) carries the same event, buyer, tickets and comes
 * from the same browser within moments: those make the key, with a two-minute window. It cannot hand
 * someone else's order over: matching it needs their address, tickets, IP and browser at the same moment.
 */
export function checkoutSubmissionKey(
  request: FastifyRequest,
  eventId: string,
  form: {
    quantities: Record<string, string>;
    amounts?: Record<string, string>;
    addOns?: Record<string, string>;
    buyer: { email: string };
  },
  now = Date.now(),
): string {
  // A pay-what-you-want amount is part of what was asked for (decision 133): the same tickets at another amount
  // are a new checkout, not the order the first amount made.
  const quantities = Object.entries(form.quantities)
    .filter(([, value]) => value.trim() !== '' && value.trim() !== '0')
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([id, value]) => `${id}=${value.trim()}${form.amounts?.[id] ? `@${form.amounts[id]!.trim()}` : ''}`)
    .join('&');
  // The add-ons too (decision 134): the same tickets with another T-shirt are another checkout.
  const addOns = Object.entries(form.addOns ?? {})
    .filter(([, value]) => value.trim() !== '' && value.trim() !== '0')
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([id, value]) => `+${id}=${value.trim()}`)
    .join('&');
  return hash(
    'sha256',
    [
      eventId,
      form.buyer.email.trim().toLowerCase(),
      addOns ? `${quantities}&${addOns}` : quantities,
      request.ip,
      String(request.headers['user-agent'] ?? ''),
      String(Math.floor(now / WINDOW_MS)),
    ].join('\n'),
    'base64url',
  );
}
