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
  // A credit note is worked out on its order as it stood before its refund (refund-vat.ts), as the refund was: the
  // seller rows read here already carry every refund of this sale, so each is taken back off, latest first.
  const stood = new Map<string, { refundedMinor: number; vatRefundedMinor: number }>();
  const before: Array<{ seller: (typeof sold)[number]['seller']; refund: (typeof sold)[number]['refund'] }> = [];
  for (const { seller, refund } of [...sold].reverse()) {
    const after = stood.get(seller.id) ?? seller;
    const previous = {
      refundedMinor: after.refundedMinor - refund.amountMinor,
      vatRefundedMinor: after.vatRefundedMinor - refund.vatMinor,
    };
    stood.set(seller.id, previous);
    before.unshift({ seller: { ...seller, ...previous }, refund });
  }
  for (const { seller, refund } of before)
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
