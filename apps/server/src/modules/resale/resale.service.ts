// Face-value resale (issue 14 point 5, decision 035). A fan lists a valid ticket of theirs at the price they paid:
// it moves to 'listed' and its place goes back into the counters (decision 046), so the organiser's own
// places sell first and, once the event or type is sold out, the next sale through the normal checkout (same
// price and fee) claims the oldest listing in fulfilment (claimListings, modules/checkout/listing-claims.ts). A claimed listing voids the seller's
// ticket, takes its price out of the seller's order and figures, and refunds it through an `order_refund` row and
// the durable 'order-refund' job (idempotency key per refund: the money moves once). Withdrawing puts the place
// back as sold, which fails (the counters' capacity check) while a buyer holds it.
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { event, order, orderLine, resaleListing, ticket, ticketType, waitlistEntry } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import type { JobQueue } from '../../jobs/queue.js';
import { recordAudit } from '../audit/audit.js';
import { NotEnoughTickets } from '../stock/stock.js';
import { retryOnDeadlock, type Tx } from '../../db/tx.js';
import { canMove, FREE_MESSAGES, isFreePrice } from '@marquee/shared';
import { moveTickets } from '../tickets/ticket-moves.js';
import { RESALE_MESSAGES } from './resale-messages.js';
import { queueWaitlistRun } from './waitlist-queue.js';

export interface ListingInput {
  organizationId: string;
  orderId: string;
  ticketCode: string;
  device: string | null;
}

/** The seller's order (locked) with its event's switches, and the buyer's own ticket (locked). */
async function lockSellerTicket(tx: Tx, input: ListingInput) {
  const [row] = await tx
    .select({ order })
    .from(order)
    .where(and(eq(order.id, input.orderId), eq(order.organizationId, input.organizationId)))
    .for('update')
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Order not found');
  const [eventRow] = await tx.select().from(event).where(eq(event.id, row.order.eventId)).limit(1);
  if (!eventRow) throw new AppError('NOT_FOUND', 'Order not found');
  if (!eventRow.resaleAllowed) throw new AppError('CONFLICT', RESALE_MESSAGES.resaleOff);
  if (eventRow.status === 'cancelled')
    throw new AppError('CONFLICT', 'This event is cancelled; its orders are refunded by the cancellation');
  if (eventRow.endsAt && eventRow.endsAt.getTime() < Date.now()) throw new AppError('CONFLICT', 'This event has ended');
  if (row.order.status !== 'paid' && row.order.status !== 'partially_refunded')
    throw new AppError('CONFLICT', RESALE_MESSAGES.notValid);
  const [held] = await tx
    .select({ ticket, priceMinor: orderLine.unitPriceMinor, typeCapacity: ticketType.capacity })
    .from(ticket)
    .innerJoin(orderLine, eq(orderLine.id, ticket.orderLineId))
    .innerJoin(ticketType, eq(ticketType.id, ticket.ticketTypeId))
    .where(and(eq(ticket.orderId, row.order.id), eq(ticket.code, input.ticketCode), isNull(ticket.holderEmail)))
    .for('update', { of: ticket })
    .limit(1);
  if (!held) throw new AppError('NOT_FOUND', 'Ticket not found');
  return { order: row.order, event: eventRow, ...held };
}

async function openListing(tx: Tx, ticketId: string) {
  const [listing] = await tx
    .select()
    .from(resaleListing)
    .where(and(eq(resaleListing.ticketId, ticketId), eq(resaleListing.status, 'listed')))
    .for('update')
    .limit(1);
  return listing;
}

/** Lists a fan's ticket for resale at the price they paid. */
export async function listTicket(db: Database, jobs: JobQueue, input: ListingInput) {
  try {
    return await retryOnDeadlock(() =>
      db.transaction(async (tx) => {
        const found = await lockSellerTicket(tx, input);
        if (found.ticket.status === 'checked_in') throw new AppError('CONFLICT', RESALE_MESSAGES.checkedIn);
        if (found.ticket.status === 'listed') throw new AppError('CONFLICT', RESALE_MESSAGES.alreadyListed);
        if (!canMove(found.ticket.status, 'list')) throw new AppError('CONFLICT', RESALE_MESSAGES.notValid);
        // Resale is at face value; a free ticket has none, so it is given away by a transfer (decision 125).
        if (isFreePrice(found.priceMinor)) throw new AppError('CONFLICT', FREE_MESSAGES.resaleFree);
        if (found.typeCapacity === null && found.event.capacity === null)
          throw new AppError('CONFLICT', RESALE_MESSAGES.unlimited);
        const now = new Date();
        // Its place goes back on sale with the move (ticket-moves.ts).
        await moveTickets(
          tx,
          'list',
          { organizationId: found.order.organizationId, ticketIds: [found.ticket.id] },
          now,
        );
        const [created] = await tx
          .insert(resaleListing)
          .values({
            organizationId: found.order.organizationId,
            eventId: found.event.id,
            ticketTypeId: found.ticket.ticketTypeId,
            ticketId: found.ticket.id,
            orderId: found.order.id,
            priceMinor: found.priceMinor,
            currency: found.order.currency,
            createdAt: now,
          })
          .returning({ id: resaleListing.id });
        await recordAudit(tx, {
          organizationId: found.order.organizationId,
          orderId: found.order.id,
          ticketId: found.ticket.id,
          action: 'listed',
          actor: { type: 'fan' },
          device: input.device,
          detail: { ticket: found.ticket.code, price_minor: found.priceMinor, currency: found.order.currency },
          at: now,
        });
        // A place came back: the waiting list's first in line may get it.
        await queueWaitlistRun(tx, jobs, found.event.id, found.order.organizationId);
        return { listingId: created!.id };
      }),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', RESALE_MESSAGES.alreadyListed);
    throw error;
  }
}

/** Withdraws an open listing: the place is sold to the seller again (refused while a buyer holds it). */
export async function withdrawListing(db: Database, input: ListingInput) {
  return retryOnDeadlock(() =>
    db.transaction(async (tx) => {
      const found = await lockSellerTicket(tx, { ...input });
      const listing = await openListing(tx, found.ticket.id);
      if (!listing) throw new AppError('CONFLICT', RESALE_MESSAGES.notListed);
      const now = new Date();
      try {
        // The place is taken again with the move, refused while a buyer holds it (the counters' capacity check).
        await moveTickets(
          tx,
          'withdraw',
          { organizationId: found.order.organizationId, ticketIds: [found.ticket.id] },
          now,
        );
      } catch (error) {
        if (error instanceof NotEnoughTickets) throw new AppError('CONFLICT', RESALE_MESSAGES.buyerMidCheckout);
        throw error;
      }
      await tx
        .update(resaleListing)
        .set({ status: 'withdrawn', closedAt: now })
        .where(eq(resaleListing.id, listing.id));
      await recordAudit(tx, {
        organizationId: found.order.organizationId,
        orderId: found.order.id,
        ticketId: found.ticket.id,
        action: 'listing_withdrawn',
        actor: { type: 'fan' },
        device: input.device,
        detail: { ticket: found.ticket.code },
        at: now,
      });
    }),
  );
}

/** A refund of tickets that are listed: their listings close (the tickets' move gave no place back: decision 046). */
export async function closeListingsForRefund(tx: Tx, ticketIds: string[]) {
  if (ticketIds.length === 0) return;
  await tx
    .update(resaleListing)
    .set({ status: 'withdrawn', closedAt: new Date() })
    .where(and(inArray(resaleListing.ticketId, ticketIds), eq(resaleListing.status, 'listed')));
}

/** Whether a ticket is listed (a listed ticket cannot be transferred). */
export async function isListed(tx: Tx, ticketId: string) {
  return Boolean(await openListing(tx, ticketId));
}

/** The listings of an order (the fan's order page and the organiser's order detail). */
export async function listingsOfOrder(db: Database | Tx, organizationId: string, orderId: string) {
  return db
    .select({
      ticketId: resaleListing.ticketId,
      status: resaleListing.status,
      priceMinor: resaleListing.priceMinor,
      currency: resaleListing.currency,
      createdAt: resaleListing.createdAt,
      closedAt: resaleListing.closedAt,
    })
    .from(resaleListing)
    .where(and(eq(resaleListing.orderId, orderId), eq(resaleListing.organizationId, organizationId)))
    .orderBy(asc(resaleListing.createdAt));
}

/**
 * An event being cancelled (same transaction as the cancellation): every open listing is withdrawn (its ticket is
 * cancelled with the event's others, and the cancellation's refund job refunds it with the rest of its order), and
 * the waiting list closes: waiting fans and open offers are
 * expired (the offers' holds were cancelled with the event's other holds), so no offer is made or e-mailed.
 */
export async function closeResaleForCancelledEvent(tx: Tx, organizationId: string, eventId: string, now: Date) {
  const withdrawn = await tx
    .update(resaleListing)
    .set({ status: 'withdrawn', closedAt: now })
    .where(
      and(
        eq(resaleListing.eventId, eventId),
        eq(resaleListing.organizationId, organizationId),
        eq(resaleListing.status, 'listed'),
      ),
    )
    .returning({
      ticketTypeId: resaleListing.ticketTypeId,
      ticketId: resaleListing.ticketId,
      orderId: resaleListing.orderId,
    });
  for (const row of withdrawn) {
    const [own] = await tx.select({ code: ticket.code }).from(ticket).where(eq(ticket.id, row.ticketId)).limit(1);
    await recordAudit(tx, {
      organizationId,
      orderId: row.orderId,
      ticketId: row.ticketId,
      action: 'listing_withdrawn',
      actor: { type: 'system' },
      detail: { ticket: own?.code ?? '', reason: 'The event was cancelled' },
      at: now,
    });
  }
  await tx
    .update(waitlistEntry)
    .set({ status: 'expired', updatedAt: now })
    .where(
      and(
        eq(waitlistEntry.eventId, eventId),
        eq(waitlistEntry.organizationId, organizationId),
        inArray(waitlistEntry.status, ['waiting', 'offered']),
      ),
    );
  return withdrawn.length;
}
