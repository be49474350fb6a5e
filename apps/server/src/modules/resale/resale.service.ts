// Face-value resale (issue 14 point 5, decision 035). A fan lists a valid ticket of theirs at the price they paid:
// it moves to 'listed' and its place goes back into the counters (decision 046), so the organiser's own
// places sell first and, once the event or type is sold out, the next sale through the normal checkout (same
// price and fee) claims the oldest listing in fulfilment (claimListings). A claimed listing voids the seller's
// ticket, takes its price out of the seller's order and figures, and refunds it through an `order_refund` row and
// the durable 'order-refund' job (idempotency key per refund: the money moves once). Withdrawing puts the place
// back as sold, which fails (the counters' capacity check) while a buyer holds it.
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import {
  event,
  order,
  orderLine,
  orderRefund,
  resaleListing,
  ticket,
  ticketType,
  waitlistEntry,
} from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { QUEUES, type JobQueue } from '../../jobs/queue.js';
import { recordAudit } from '../audit/audit.js';
import { unrecordSale } from '../checkout/sale-rollups.js';
import { NotEnoughTickets, type LineQuantity } from '../stock/stock.js';
import { retryOnDeadlock, type Tx } from '../../db/tx.js';
import { canMove } from '@marquee/shared';
import { moveTickets } from '../tickets/ticket-moves.js';
import { RESALE_MESSAGES } from './resale-messages.js';
import { queueWaitlistRun } from './waitlist-queue.js';

export interface ListingInput {
  organizationId: string;
  orderId: string;
  ticketCode: string;
  device: string | null;
}

type OrderRow = typeof order.$inferSelect;
type ListingRow = typeof resaleListing.$inferSelect;

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

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * In fulfilment: while sold places plus open listings exceed a capacity, this sale used a listed place, and the
 * oldest listings are sold to it. When the event has listings, `countSale` first counts the paid order's places as
 * sold (that update locks the type and event rows, so concurrent sales claim one after the other); without any,
 * the caller counts them later.
 */
export async function claimListings(tx: Tx, buyer: OrderRow, lines: LineQuantity[], countSale: () => Promise<unknown>) {
  const wanted = new Map<string, number>();
  for (const line of lines) wanted.set(line.ticketTypeId, (wanted.get(line.ticketTypeId) ?? 0) + line.quantity);
  const [anyListed] = await tx
    .select({ id: resaleListing.id })
    .from(resaleListing)
    .where(and(eq(resaleListing.eventId, buyer.eventId), eq(resaleListing.status, 'listed')))
    .limit(1);
  if (!anyListed) return [];
  await countSale();
  const claimed: ListingRow[] = [];
  const claim = async (typeIds: string[] | null, count: number) => {
    if (count <= 0) return 0;
    const taken = claimed.map((entry) => entry.id);
    const found = await tx
      .select()
      .from(resaleListing)
      .where(
        and(
          eq(resaleListing.eventId, buyer.eventId),
          eq(resaleListing.status, 'listed'),
          typeIds ? inArray(resaleListing.ticketTypeId, typeIds) : sql`true`,
          taken.length ? sql`${resaleListing.id} not in ${taken}` : sql`true`,
        ),
      )
      .orderBy(asc(resaleListing.createdAt), asc(resaleListing.id))
      .limit(count)
      .for('update');
    claimed.push(...found);
    return found.length;
  };
  for (const [typeId, quantity] of [...wanted].sort(([a], [b]) => a.localeCompare(b))) {
    const [type] = rowsOf<{ capacity: number | null; sold: number; listed: number }>(
      await tx.execute(sql`
        select capacity, sold, (select count(*)::int from resale_listing
          where ticket_type_id = ${typeId} and status = 'listed') as listed
        from ticket_type where id = ${typeId}`),
    );
    if (!type || type.capacity === null) continue;
    const excess = Number(type.sold) + Number(type.listed) - Number(type.capacity);
    await claim([typeId], Math.min(Math.max(excess, 0), quantity));
  }
  const [venue] = rowsOf<{ capacity: number | null; sold: number; listed: number }>(
    await tx.execute(sql`
      select capacity, sold, (select count(*)::int from resale_listing
        where event_id = ${buyer.eventId} and status = 'listed') as listed
      from event where id = ${buyer.eventId}`),
  );
  if (venue && venue.capacity !== null) {
    // Listings already claimed above are still 'listed' in the count.
    let excess = Number(venue.sold) + Number(venue.listed) - Number(venue.capacity) - claimed.length;
    if (excess > 0) excess -= await claim([...wanted.keys()], excess);
    // A venue place listed under another type was taken by this sale: that listing is sold too.
    if (excess > 0) await claim(null, excess);
  }
  for (const listing of claimed) await sellListing(tx, listing, buyer);
  return claimed.map((entry) => entry.id);
}

/** One listing sold to `buyer`: the seller's ticket is voided and its price refunded (durable, once). */
async function sellListing(tx: Tx, listing: ListingRow, buyer: OrderRow) {
  const now = new Date();
  const [seller] = await tx.select().from(order).where(eq(order.id, listing.orderId)).for('update').limit(1);
  const [sold] = await moveTickets(
    tx,
    'resell',
    { organizationId: listing.organizationId, ticketIds: [listing.ticketId] },
    now,
  );
  if (!seller || !sold) {
    // The ticket stopped being valid meanwhile (cannot happen while listed: refunds close the listing first).
    await tx.update(resaleListing).set({ status: 'withdrawn', closedAt: now }).where(eq(resaleListing.id, listing.id));
    return;
  }
  const amount = Math.min(listing.priceMinor, Math.max(seller.amountMinor - seller.refundedMinor, 0));
  await tx
    .update(ticket)
    .set({ refundedMinor: sql`${ticket.refundedMinor} + ${amount}` })
    .where(eq(ticket.id, sold.id));
  const refundedTickets = seller.refundedTickets + 1;
  const wholeOrder = refundedTickets >= seller.quantity;
  const status = wholeOrder ? 'refunded' : 'partially_refunded';
  await tx
    .update(order)
    .set({ status, refundedMinor: seller.refundedMinor + amount, refundedTickets, updatedAt: now })
    .where(eq(order.id, seller.id));
  if (seller.paidAt)
    await unrecordSale(
      tx,
      { ...seller, paidAt: seller.paidAt },
      { tickets: 1, amountMinor: amount, feeMinor: 0, wholeOrder },
    );
  const settled = amount === 0 || !seller.paymentIntentId;
  const [refund] = await tx
    .insert(orderRefund)
    .values({
      organizationId: seller.organizationId,
      orderId: seller.id,
      eventId: seller.eventId,
      currency: seller.currency,
      reason: RESALE_MESSAGES.resoldReason,
      requestedBy: 'fan',
      status: settled ? 'succeeded' : 'pending',
      ticketIds: [sold.id],
      amountMinor: amount,
      updatedAt: now,
      completedAt: settled ? now : null,
    })
    .returning({ id: orderRefund.id });
  await tx
    .update(resaleListing)
    .set({ status: 'sold', buyerOrderId: buyer.id, refundId: refund!.id, closedAt: now })
    .where(eq(resaleListing.id, listing.id));
  await recordAudit(tx, {
    organizationId: seller.organizationId,
    orderId: seller.id,
    ticketId: sold.id,
    action: 'resold',
    fromStatus: seller.status,
    toStatus: status,
    actor: { type: 'provider' },
    detail: {
      ticket: sold.code,
      amount_minor: amount,
      currency: seller.currency,
      buyer_order: buyer.code,
      refund_id: refund!.id,
    },
    at: now,
  });
  await recordAudit(tx, {
    organizationId: buyer.organizationId,
    orderId: buyer.id,
    action: 'bought_resale',
    actor: { type: 'provider' },
    detail: {
      ticket: sold.code,
      seller_order: seller.code,
      price_minor: listing.priceMinor,
      currency: seller.currency,
    },
    at: now,
  });
}

/**
 * With the paid order's follow-ups (same transaction): the refunds of the listings it bought are queued
 * ('order-refund', which moves the money once and e-mails the seller; a refund already settled, e-mailed only).
 * A refund whose job was somehow not queued is still found by the hourly sweep of unsent refunds.
 */
export async function queueResaleRefunds(tx: Tx, jobs: JobQueue, buyerOrderId: string) {
  const refunds = await tx
    .select({ id: orderRefund.id, organizationId: orderRefund.organizationId, status: orderRefund.status })
    .from(resaleListing)
    .innerJoin(orderRefund, eq(orderRefund.id, resaleListing.refundId))
    .where(and(eq(resaleListing.buyerOrderId, buyerOrderId), eq(resaleListing.status, 'sold')));
  for (const refund of refunds) {
    if (refund.status === 'succeeded')
      await jobs.send(
        QUEUES.afterSaleMail,
        { kind: 'refund-issued', id: refund.id, organizationId: refund.organizationId },
        tx,
      );
    else await jobs.send(QUEUES.orderRefund, { refundId: refund.id, organizationId: refund.organizationId }, tx);
  }
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
