// The VAT a refund gives back (decisions 139, 141): one rule for the credit note and the order's
// `vat_refunded_minor`, so the settlement report's "VAT refunded" is a plain sum over the orders and equals the credit
// notes. The refunded prices are put on the rates of the order's lines as sold (creditNoteVatLines: the refunded
// tickets' own lines first, the rest in proportion to what each rate sold), each rate's VAT by the rounding rule.
import { and, eq } from 'drizzle-orm';
import { vatByRate } from '@marquee/shared';
import type { Database } from '../../db/client.js';
import type { Tx } from '../../db/tx.js';
import { type order, orderAddOn, orderLine, ticket } from '../../db/schema/index.js';
import { creditNoteVatLines, type RefundedUnit } from './credit-note-vat.js';
import type { VatSummaryLine } from './document-model.js';

type OrderRow = typeof order.$inferSelect;

const soldLine = {
  quantity: orderLine.quantity,
  unitPriceMinor: orderLine.unitPriceMinor,
  unitVatMinor: orderLine.unitVatMinor,
  vatRateBp: orderLine.vatRateBp,
  vatCategory: orderLine.vatCategory,
};

/** The refunded tickets' lines as sold, dearest first (their prices are given back first, at their rates). */
async function refundedUnits(
  tx: Tx | Database,
  current: Pick<OrderRow, 'id' | 'organizationId'>,
  ticketIds: readonly string[],
): Promise<RefundedUnit[]> {
  if (ticketIds.length === 0) return [];
  const rows = await tx
    .select({
      id: ticket.id,
      unitPriceMinor: orderLine.unitPriceMinor,
      unitVatMinor: orderLine.unitVatMinor,
      vatRateBp: orderLine.vatRateBp,
      vatCategory: orderLine.vatCategory,
    })
    .from(ticket)
    .innerJoin(orderLine, eq(orderLine.id, ticket.orderLineId))
    .where(and(eq(ticket.orderId, current.id), eq(ticket.organizationId, current.organizationId)));
  return rows
    .filter((row) => ticketIds.includes(row.id))
    .map((row) => ({
      unitPriceMinor: row.unitPriceMinor,
      unitVatMinor: row.unitVatMinor,
      vatRateBp: row.vatRateBp,
      exempt: row.vatCategory === 'exempt',
    }))
    .sort((a, b) => b.unitPriceMinor - a.unitPriceMinor);
}

/** What a refund needs of its order, as it stood before the refund. */
export type RefundedOrder = Pick<
  OrderRow,
  'id' | 'organizationId' | 'amountMinor' | 'refundedMinor' | 'vatRefundedMinor'
>;

/**
 * The VAT per rate of a refund of `refundedPricesMinor` (ticket and add-on prices, the booking fee left out), of an
 * order as it stood before it. The refund that gives back the last of the order's prices gives back the rest of its
 * VAT: what the lines were sold with less what earlier refunds gave back, the difference from the rates' own
 * rounding (a penny or so) on the first rate that carries VAT.
 */
export async function refundVatLines(
  tx: Tx | Database,
  current: RefundedOrder,
  refundedPricesMinor: number,
  ticketIds: readonly string[] = [],
): Promise<VatSummaryLine[]> {
  if (refundedPricesMinor <= 0) return [];
  const scope = (table: typeof orderLine | typeof orderAddOn) =>
    and(eq(table.orderId, current.id), eq(table.organizationId, current.organizationId));
  const [lines, addOns] = await Promise.all([
    tx.select(soldLine).from(orderLine).where(scope(orderLine)),
    tx
      .select({
        quantity: orderAddOn.quantity,
        unitPriceMinor: orderAddOn.unitPriceMinor,
        unitVatMinor: orderAddOn.unitVatMinor,
        vatRateBp: orderAddOn.vatRateBp,
        vatCategory: orderAddOn.vatCategory,
      })
      .from(orderAddOn)
      .where(scope(orderAddOn)),
  ]);
  const given = creditNoteVatLines(
    vatByRate([...lines, ...addOns]),
    refundedPricesMinor,
    await refundedUnits(tx, current, ticketIds),
  );
  const pricesBefore = Math.min(current.refundedMinor, current.amountMinor);
  if (pricesBefore + refundedPricesMinor < current.amountMinor) return given;
  const sold = [...lines, ...addOns].reduce((sum, line) => sum + line.unitVatMinor * line.quantity, 0);
  const owed = Math.max(0, sold - current.vatRefundedMinor);
  const difference = owed - given.reduce((sum, line) => sum + line.vatMinor, 0);
  const index = given.findIndex((line) => !line.exempt && line.grossMinor > 0 && line.rateBp > 0);
  if (difference === 0 || index < 0) return given;
  const line = given[index]!;
  const vatMinor = Math.min(line.grossMinor, Math.max(0, line.vatMinor + difference));
  return given.map((entry, at) =>
    at === index ? { ...entry, vatMinor, netMinor: entry.grossMinor - vatMinor } : entry,
  );
}

/** The VAT a refund of `refundedPricesMinor` gives back, of an order as it stood before it (refundVatLines). */
export async function refundVatMinor(
  tx: Tx | Database,
  current: RefundedOrder,
  refundedPricesMinor: number,
  ticketIds: readonly string[] = [],
): Promise<number> {
  const lines = await refundVatLines(tx, current, refundedPricesMinor, ticketIds);
  return lines.reduce((sum, line) => sum + line.vatMinor, 0);
}

/**
 * The order's VAT refunded once a refund of `refundedPricesMinor` (ticket and add-on prices, the booking fee left
 * out) is applied: what it was, plus this refund's VAT (the same `ticketIds` as its credit note).
 */
export async function vatRefundedAfter(
  tx: Tx | Database,
  current: RefundedOrder,
  refundedPricesMinor: number,
  ticketIds: readonly string[] = [],
): Promise<number> {
  return current.vatRefundedMinor + (await refundVatMinor(tx, current, refundedPricesMinor, ticketIds));
}
