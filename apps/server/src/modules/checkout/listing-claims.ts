// A sale that takes resale listings (decision 046's face-value resale): when sold places plus open listings exceed
// a capacity, the sale used a listed place and the oldest listings are sold to it (claimListings); after payment
// the refunds of the listings it bought are queued (queueResaleRefunds). Part of the sale path, so it lives here;
// listing, withdrawing and the fan's pages are modules/resale.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { order, orderRefund, resaleListing, ticket } from '../../db/schema/index.js';
import { refundVatMinor } from '../receipts/refund-vat.js';
import type { Tx } from '../../db/tx.js';
import { QUEUES, type JobQueue } from '../../jobs/queue.js';
import { recordAudit } from '../audit/audit.js';
import type { LineQuantity } from '../stock/stock.js';
import { moveTickets } from '../tickets/ticket-moves.js';
import type { OrderRow } from './hold-types.js';
import { unrecordSale } from './sale-rollups.js';

type ListingRow = typeof resaleListing.$inferSelect;

/** The reason on a resold seller's refund. */
export const RESOLD_REASON = 'Your ticket was resold to another fan at face value';
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
  const vatMinor = await refundVatMinor(tx, seller, amount, [sold.id]);
  await tx
    .update(order)
    .set({
      status,
      refundedMinor: seller.refundedMinor + amount,
      vatRefundedMinor: seller.vatRefundedMinor + vatMinor,
      refundedTickets,
      updatedAt: now,
    })
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
      reason: RESOLD_REASON,
      requestedBy: 'fan',
      status: settled ? 'succeeded' : 'pending',
      ticketIds: [sold.id],
      amountMinor: amount,
      vatMinor,
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
