// Reading an order's documents and its buyer's business details (decision 137), always within one organisation:
// the list the order page and the organiser's order detail show, a document's PDF, and the fan's changes to
// the business details. An order paid before receipts existed is given its receipt the first time one is asked for.
import { and, asc, eq } from 'drizzle-orm';
import { BILLING_MESSAGES, type BillingDetails } from '@marquee/shared';
import type { Database } from '../../db/client.js';
import type { Tx } from '../../db/tx.js';
import { order, orderBilling, orderDocument } from '../../db/schema/index.js';
import { documentLabel, type DocumentContent } from './document-model.js';
import { renderDocumentPdf, type BillingDetails as PdfBilling } from './document-pdf.js';
import { currentBusiness, findReceipt, issueReceipt, takesReceipt, type DocumentRow } from './issue.js';
import { reissueReceipt, type Reissued } from './reissue.js';

type OrderRow = typeof order.$inferSelect;

export interface OrderDocumentSummary {
  kind: 'receipt' | 'credit_note';
  /** 'VAT invoice', 'Receipt' or 'Credit note'. */
  title: string;
  number: string;
  totalMinor: number;
  currency: string;
  issuedAt: Date;
  /** A receipt: the credit note that cancelled it for a re-issue (decision 140); null while it is current. */
  cancelledBy: string | null;
  /** A credit note: the receipt it cancelled for a re-issue (not a refund); null for a refund's. */
  cancels: string | null;
}

export async function listOrderDocuments(
  db: Database,
  organizationId: string,
  orderId: string,
): Promise<OrderDocumentSummary[]> {
  const rows = await db
    .select({
      id: orderDocument.id,
      kind: orderDocument.kind,
      number: orderDocument.number,
      totalMinor: orderDocument.totalMinor,
      currency: orderDocument.currency,
      issuedAt: orderDocument.issuedAt,
      cancelsId: orderDocument.cancelsId,
      content: orderDocument.content,
    })
    .from(orderDocument)
    .where(and(eq(orderDocument.organizationId, organizationId), eq(orderDocument.orderId, orderId)))
    .orderBy(asc(orderDocument.issuedAt), asc(orderDocument.kind), asc(orderDocument.sequence));
  const numberOf = new Map(rows.map((row) => [row.id, row.number]));
  const cancelledBy = new Map(rows.filter((row) => row.cancelsId).map((row) => [row.cancelsId!, row.number]));
  return rows.map(({ id, cancelsId, content, ...row }) => ({
    ...row,
    title: documentLabel(content as DocumentContent),
    cancelledBy: cancelledBy.get(id) ?? null,
    cancels: cancelsId ? (numberOf.get(cancelsId) ?? null) : null,
  }));
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

/** The order's row, locked for the transaction (its documents are issued under it). */
async function lockOrder(tx: Tx, current: OrderRow): Promise<OrderRow | undefined> {
  const [locked] = await tx
    .select()
    .from(order)
    .where(and(eq(order.id, current.id), eq(order.organizationId, current.organizationId)))
    .for('update')
    .limit(1);
  return locked;
}

/** The receipt of a paid order, issued now for an order paid before receipts existed. */
export async function receiptOf(db: Database, current: OrderRow): Promise<DocumentRow | null> {
  const found = await findReceipt(db, current.organizationId, current.id);
  if (found) return found;
  return db.transaction(async (tx) => {
    const locked = await lockOrder(tx, current);
    return locked && paidStatuses.includes(locked.status) ? issueReceipt(tx, locked) : null;
  });
}

/** A document of the order by kind and number; undefined for a number that is not this order's. */
export async function findDocument(
  db: Database,
  current: OrderRow,
  kind: DocumentRow['kind'],
  number: string,
): Promise<DocumentRow | undefined> {
  const [found] = await db
    .select()
    .from(orderDocument)
    .where(
      and(
        eq(orderDocument.organizationId, current.organizationId),
        eq(orderDocument.orderId, current.id),
        eq(orderDocument.kind, kind),
        eq(orderDocument.number, number),
      ),
    )
    .limit(1);
  return found;
}

/**
 * The document as a PDF, as issued: its buyer's business details are those in its content (decision 140); a
 * version 1 document, issued before they were kept, prints them as they stand (decision 137).
 */
export async function documentPdf(db: Database, document: DocumentRow): Promise<Buffer> {
  const content = document.content as DocumentContent;
  const kept = content.buyer.business;
  return renderDocumentPdf({
    number: document.number,
    issuedAt: document.issuedAt,
    content,
    billing: kept === undefined ? await findBilling(db, document.organizationId, document.orderId) : kept,
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

/**
 * Saves the buyer's business details (a second save replaces the first) and, when the order's receipt was
 * already issued with other details, re-issues it in the same transaction (decision 140); refuses with why when
 * it cannot. The order's row lock orders this against its payment and its refunds.
 */
export async function saveBilling(
  db: Database,
  current: OrderRow,
  details: BillingDetails,
): Promise<{ saved: true; reissued: Reissued | null } | { refused: string }> {
  return db.transaction(async (tx) => {
    const locked = await lockOrder(tx, current);
    const refused = locked ? billingRefusal(locked) : BILLING_MESSAGES.orderNotPaid;
    if (refused || !locked) return { refused: refused ?? BILLING_MESSAGES.orderNotPaid };
    const before = await currentBusiness(tx, locked.organizationId, locked.id);
    const values = {
      companyName: details.company_name,
      address: details.address,
      vatId: details.vat_id,
      updatedAt: new Date(),
    };
    await tx
      .insert(orderBilling)
      .values({ orderId: locked.id, organizationId: locked.organizationId, ...values })
      .onConflictDoUpdate({ target: orderBilling.orderId, set: values });
    const business = { companyName: values.companyName, address: values.address, vatId: values.vatId };
    const reissued = paidStatuses.includes(locked.status) ? await reissueReceipt(tx, locked, business, before) : null;
    return { saved: true as const, reissued };
  });
}
