// Re-issuing a receipt when the buyer's business details change after it was issued (decision 140). A document
// never changes, so in the caller's transaction (the order's row locked) the current receipt is cancelled in
// full by a credit note, and a new receipt with the next number says the same sale with the new details. It is
// not a refund: no money moves, no `order_refund` row, no order column changes, so no report or figure counts it.
// Lock order as every issuer (decision 137): the receipt series, then the credit-note series.
import type { Tx } from '../../db/tx.js';
import { orderDocument, type order } from '../../db/schema/index.js';
import { takeDocumentNumber } from './numbering.js';
import {
  DOCUMENT_CONTENT_VERSION,
  sameBusiness,
  type BuyerBusiness,
  type CreditNoteContent,
  type ReceiptContent,
} from './document-model.js';
import { findReceipt, type DocumentRow } from './issue.js';

type OrderRow = typeof order.$inferSelect;

export const REISSUE_REASON = 'Receipt re-issued with the buyer’s new business details (no money refunded)';

export interface Reissued {
  receipt: DocumentRow;
  creditNote: DocumentRow;
  cancelled: DocumentRow;
}

/**
 * The receipt again with `business` when they differ from what the current receipt says (a version 1 receipt
 * said `before`, the details as they stood); null when the order has no receipt or the details are the same.
 */
export async function reissueReceipt(
  tx: Tx,
  current: OrderRow,
  business: BuyerBusiness | null,
  before: BuyerBusiness | null,
  now = new Date(),
): Promise<Reissued | null> {
  const cancelled = await findReceipt(tx, current.organizationId, current.id);
  if (!cancelled) return null;
  const said = cancelled.content as ReceiptContent;
  const printed = said.buyer.business === undefined ? before : said.buyer.business;
  if (sameBusiness(printed, business)) return null;

  const next = await takeDocumentNumber(tx, current.organizationId, 'receipt');
  const credit = await takeDocumentNumber(tx, current.organizationId, 'credit_note');
  const receiptContent: ReceiptContent = {
    ...said,
    version: DOCUMENT_CONTENT_VERSION,
    buyer: { ...said.buyer, business },
    replaces: { receiptNumber: cancelled.number, creditNoteNumber: credit.number },
  };
  const creditContent: CreditNoteContent = {
    version: DOCUMENT_CONTENT_VERSION,
    kind: 'credit_note',
    seller: said.seller,
    buyer: { ...said.buyer, business: printed },
    orderCode: said.orderCode,
    event: said.event,
    currency: said.currency,
    receiptNumber: cancelled.number,
    receiptTotalMinor: cancelled.totalMinor,
    reason: REISSUE_REASON,
    tickets: [],
    refundedMinor: cancelled.totalMinor,
    bookingFeeMinor: said.bookingFeeMinor,
    paymentMethod: said.paymentMethod,
    refundedAt: now.toISOString(),
    tax: said.tax,
    reissuedAs: next.number,
  };
  const common = { organizationId: current.organizationId, orderId: current.id, currency: cancelled.currency };
  const [receipt] = await tx
    .insert(orderDocument)
    .values({
      ...common,
      kind: 'receipt',
      ...next,
      totalMinor: cancelled.totalMinor,
      content: receiptContent,
      replacesId: cancelled.id,
      issuedAt: now,
    })
    .returning();
  const [creditNote] = await tx
    .insert(orderDocument)
    .values({
      ...common,
      kind: 'credit_note',
      ...credit,
      totalMinor: cancelled.totalMinor,
      content: creditContent,
      cancelsId: cancelled.id,
      issuedAt: now,
    })
    .returning();
  return { receipt: receipt!, creditNote: creditNote!, cancelled };
}
