// The VAT a refund gives back, kept on the order (decision 141): every flow that gives money back adds its refund's
// VAT to `order.vat_refunded_minor` by the credit notes' own rule (refundVat, packages/shared/src/vat.ts), at the
// order's rate, so the settlement report's "VAT refunded" is a plain sum over the orders and equals the credit notes.
import { and, eq } from 'drizzle-orm';
import { refundVat } from '@marquee/shared';
import type { Database } from '../../db/client.js';
import type { Tx } from '../../db/tx.js';
import { type order, orderLine } from '../../db/schema/index.js';

type OrderRow = typeof order.$inferSelect;

/** The order's one VAT rate (decision 138: its lines and add-ons carry the organisation's rate when held). */
export async function orderVatRateBp(tx: Tx | Database, current: Pick<OrderRow, 'id' | 'organizationId'>) {
  const [line] = await tx
    .select({ rateBp: orderLine.vatRateBp })
    .from(orderLine)
    .where(and(eq(orderLine.orderId, current.id), eq(orderLine.organizationId, current.organizationId)))
    .limit(1);
  return line?.rateBp ?? 0;
}

/**
 * The order's VAT refunded once a refund of `refundedPricesMinor` (ticket and add-on prices, the booking fee left
 * out) is applied: what it was, plus this refund's VAT.
 */
export async function vatRefundedAfter(
  tx: Tx | Database,
  current: Pick<OrderRow, 'id' | 'organizationId' | 'vatRefundedMinor'>,
  refundedPricesMinor: number,
): Promise<number> {
  if (refundedPricesMinor <= 0) return current.vatRefundedMinor;
  return current.vatRefundedMinor + refundVat(refundedPricesMinor, await orderVatRateBp(tx, current));
}
