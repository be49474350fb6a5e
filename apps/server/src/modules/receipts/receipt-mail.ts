// The documents attached to the fan's e-mails (decisions 137, 140): the receipt with the order confirmation,
// beside the tickets PDF (for an order that took money; none for a free order or a comp), and a refund's credit
// note with the e-mail that tells of that refund (organiser and fan refunds, a resold ticket's refund, an event
// cancellation's refund).
import { and, eq, isNull } from 'drizzle-orm';
import type { MailAttachment } from '../../adapters/mail/mailer.js';
import type { Database } from '../../db/client.js';
import { orderDocument, type order } from '../../db/schema/index.js';
import { documentPdf, receiptOf, receiptRefusal } from './documents.service.js';
import type { DocumentRow } from './issue.js';

async function asAttachment(db: Database, document: DocumentRow, name: string): Promise<MailAttachment> {
  return {
    filename: `${name}-${document.number}.pdf`,
    contentType: 'application/pdf',
    content: await documentPdf(db, document),
  };
}

export async function receiptAttachment(
  db: Database,
  current: typeof order.$inferSelect,
): Promise<MailAttachment | null> {
  if (receiptRefusal(current)) return null;
  const receipt = await receiptOf(db, current);
  return receipt ? asAttachment(db, receipt, 'receipt') : null;
}

/**
 * The credit note of one refund (`refundId`), or of the order's event-cancellation refund (null); null when the
 * refund gave no money back (nothing to credit) or the order has none.
 */
export async function creditNoteAttachment(
  db: Database,
  scope: { organizationId: string; orderId: string },
  refundId: string | null,
): Promise<MailAttachment | null> {
  const [found] = await db
    .select()
    .from(orderDocument)
    .where(
      and(
        eq(orderDocument.organizationId, scope.organizationId),
        eq(orderDocument.orderId, scope.orderId),
        eq(orderDocument.kind, 'credit_note'),
        refundId ? eq(orderDocument.refundId, refundId) : isNull(orderDocument.refundId),
        isNull(orderDocument.cancelsId),
      ),
    )
    .limit(1);
  return found ? asAttachment(db, found, 'credit-note') : null;
}
