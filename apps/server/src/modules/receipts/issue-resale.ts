// A sale that took resale listings refunded each listing's seller (checkout/listing-claims.ts): each of those
// refunds gets its credit note (decision 137). Called after the buyer's receipt, so every transaction takes the
// receipt series before the credit-note series (no deadlock between a sale and a refund).
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/tx.js';
import { order, orderRefund, resaleListing } from '../../db/schema/index.js';
import { issueCreditNote } from './issue.js';

export async function issueResaleCreditNotes(tx: Tx, buyer: { id: string; organizationId: string }, now: Date) {
  const sold = await tx
    .select({ seller: order, refund: orderRefund })
    .from(resaleListing)
    .innerJoin(orderRefund, eq(orderRefund.id, resaleListing.refundId))
    .innerJoin(order, eq(order.id, orderRefund.orderId))
    .where(
      and(
        eq(resaleListing.buyerOrderId, buyer.id),
        eq(resaleListing.organizationId, buyer.organizationId),
        eq(resaleListing.status, 'sold'),
      ),
    )
    .orderBy(orderRefund.id);
  for (const { seller, refund } of sold)
    await issueCreditNote(
      tx,
      {
        order: seller,
        refundId: refund.id,
        amountMinor: refund.amountMinor,
        bookingFeeMinor: 0,
        reason: refund.reason,
        ticketIds: refund.ticketIds,
      },
      now,
    );
}
