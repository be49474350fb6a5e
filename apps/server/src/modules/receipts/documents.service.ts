// Reading an order's documents and its buyer's business details (decision 137), always within one organisation:
// the list the order page and the organiser's order detail show, a document's PDF, and the fan's changes to
// the business details. An order paid before receipts existed is given its receipt the first time one is asked for.
import { and, asc, eq } from 'drizzle-orm';
import { BILLING_MESSAGES, type BillingDetails } from '@marquee/shared';
import type { Database } from '../../db/client.js';
import { order, orderBilling, orderDocument } from '../../db/schema/index.js';
import type { DocumentContent } from './document-model.js';
import { renderDocumentPdf, type BillingDetails as PdfBilling } from './document-pdf.js';
import { findReceipt, issueReceipt, takesReceipt, type DocumentRow } from './issue.js';

type OrderRow = typeof order.$inferSelect;

export interface OrderDocumentSummary {
  kind: 'receipt' | 'credit_note';
  number: string;
  totalMinor: number;
  currency: string;
  issuedAt: Date;
}

export async function listOrderDocuments(
  db: Database,
  organizationId: string,
  orderId: string,
): Promise<OrderDocumentSummary[]> {
  return db
    .select({
      kind: orderDocument.kind,
      number: orderDocument.number,
      totalMinor: orderDocument.totalMinor,
      currency: orderDocument.currency,
      issuedAt: orderDocument.issuedAt,
    })
    .from(orderDocument)
    .where(and(eq(orderDocument.organizationId, organizationId), eq(orderDocument.orderId, orderId)))
    .orderBy(asc(orderDocument.issuedAt), asc(orderDocument.kind), asc(orderDocument.sequence));
}

export async function findBilling(db: Database, organizationId: string, orderId: string): Promise<PdfBilling | null> {
  const [row] = await db
    .select({ companyName: orderBilling.companyName, address: orderBilling.address, vatId: orderBilling.vatId })
    .from(orderBilling)
    .where(and(eq(orderBilling.organizationId, organizationId), eq(orderBilling.orderId, orderId)))
    .limit(1);
  return row ?? null;
}

const paidStatuses: ReadonlyArray<OrderRow['status']> = ['paid', 'partially_refunded'];

/** Why an order's receipt cannot be had now, or null when it can. */
export function receiptRefusal(current: OrderRow): string | null {
  if (!takesReceipt(current)) return BILLING_MESSAGES.orderNoReceipt;
  if (current.status === 'refunded') return BILLING_MESSAGES.orderRefundedReceipt;
  if (!paidStatuses.includes(current.status)) return BILLING_MESSAGES.orderNotPaid;
  return null;
}

/** The receipt of a paid order, issued now for an order paid before receipts existed. */
export async function receiptOf(db: Database, current: OrderRow): Promise<DocumentRow | null> {
  const found = await findReceipt(db, current.organizationId, current.id);
  if (found) return found;
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(order)
      .where(and(eq(order.id, current.id), eq(order.organizationId, current.organizationId)))
      .for('update')
      .limit(1);
    return locked && paidStatuses.includes(locked.status) ? issueReceipt(tx, locked) : null;
  });
}

/** A credit note of the order by its number; undefined for a number that is not this order's. */
export async function findCreditNote(
  db: Database,
  current: OrderRow,
  number: string,
): Promise<DocumentRow | undefined> {
  const [found] = await db
    .select()
    .from(orderDocument)
    .where(
      and(
        eq(orderDocument.organizationId, current.organizationId),
        eq(orderDocument.orderId, current.id),
        eq(orderDocument.kind, 'credit_note'),
        eq(orderDocument.number, number),
      ),
    )
    .limit(1);
  return found;
}

/** The document as a PDF, with the buyer's business details as they stand. */
export async function documentPdf(db: Database, document: DocumentRow): Promise<Buffer> {
  return renderDocumentPdf({
    number: document.number,
    issuedAt: document.issuedAt,
    content: document.content as DocumentContent,
    billing: await findBilling(db, document.organizationId, document.orderId),
  });
}

/** Why the buyer cannot add or change business details on this order now, or null. */
export function billingRefusal(current: OrderRow, now = new Date()): string | null {
  if (!takesReceipt(current)) return BILLING_MESSAGES.orderNoReceipt;
  if (current.status === 'refunded') return BILLING_MESSAGES.orderRefunded;
  if (paidStatuses.includes(current.status)) return null;
  const holding = current.status === 'pending' && current.holdExpiresAt !== null && current.holdExpiresAt > now;
  return holding ? null : BILLING_MESSAGES.orderUnpaidExpired;
}

/** Saves the buyer's business details (a second save replaces the first); refuses with why when it cannot. */
export async function saveBilling(
  db: Database,
  current: OrderRow,
  details: BillingDetails,
): Promise<{ saved: true } | { refused: string }> {
  const refused = billingRefusal(current);
  if (refused) return { refused };
  const values = {
    companyName: details.company_name,
    address: details.address,
    vatId: details.vat_id,
    updatedAt: new Date(),
  };
  await db
    .insert(orderBilling)
    .values({ orderId: current.id, organizationId: current.organizationId, ...values })
    .onConflictDoUpdate({ target: orderBilling.orderId, set: values });
  return { saved: true };
}
