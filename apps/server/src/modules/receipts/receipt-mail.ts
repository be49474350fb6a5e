// The receipt attached to the order confirmation e-mail (decision 137), beside the tickets PDF: for an order that
// took money; none for a free order or a comp.
import type { MailAttachment } from '../../adapters/mail/mailer.js';
import type { Database } from '../../db/client.js';
import type { order } from '../../db/schema/index.js';
import { documentPdf, receiptOf, receiptRefusal } from './documents.service.js';

export async function receiptAttachment(
  db: Database,
  current: typeof order.$inferSelect,
): Promise<MailAttachment | null> {
  if (receiptRefusal(current)) return null;
  const receipt = await receiptOf(db, current);
  if (!receipt) return null;
  return {
    filename: `receipt-${receipt.number}.pdf`,
    contentType: 'application/pdf',
    content: await documentPdf(db, receipt),
  };
}
