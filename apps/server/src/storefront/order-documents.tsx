// The order page's documents (decisions 137, 140), each a PDF download: the current receipt (a "VAT invoice" when
// the seller charged VAT), each receipt a re-issue cancelled with the credit note that cancelled it, and the
// refunds' credit notes.
import { formatMoney, toCurrencyCode } from '@marquee/shared';
import { inSentence } from '../modules/receipts/document-model.js';

export interface DocumentLink {
  kind: 'receipt' | 'credit_note';
  /** 'VAT invoice', 'Receipt' or 'Credit note'. */
  title: string;
  number: string;
  totalMinor: number;
  currency: string;
  /** A receipt cancelled by a re-issue: its credit note's number. */
  cancelledBy: string | null;
  /** A re-issue's credit note: the receipt it cancelled (listed with that receipt, not as a refund). */
  cancels: string | null;
}

export function OrderDocuments({
  token,
  documents,
  receipt,
}: {
  token: string;
  documents: DocumentLink[];
  receipt: boolean;
}) {
  const refundCredits = documents.filter((entry) => entry.kind === 'credit_note' && !entry.cancels);
  const receipts = documents.filter((entry) => entry.kind === 'receipt');
  const current = receipts.find((entry) => !entry.cancelledBy);
  const cancelled = receipts.filter((entry) => entry.cancelledBy).reverse();
  const money = (entry: DocumentLink) => formatMoney(entry.totalMinor, toCurrencyCode(entry.currency));
  if (!receipt && refundCredits.length === 0) return null;
  const creditHref = (number: string) => `/orders/${token}/credit-notes/${number}.pdf`;
  const title = receipt ? (current?.title ?? 'Receipt') : 'Credit notes';
  const heading =
    receipt && documents.some((entry) => entry.kind === 'credit_note') ? `${title} and credit notes` : title;
  return (
    <section aria-labelledby="documents-title">
      <h2 id="documents-title">{heading}</h2>
      <ul>
        {receipt ? (
          <li>
            <a href={`/orders/${token}/receipt.pdf`}>
              {current ? `Download ${inSentence(current.title)} ${current.number} (PDF)` : 'Download receipt (PDF)'}
            </a>
          </li>
        ) : null}
        {receipt
          ? cancelled.map((entry) => (
              <li key={entry.number}>
                <a href={`/orders/${token}/receipts/${entry.number}.pdf`}>
                  {`Cancelled ${inSentence(entry.title)} ${entry.number} (PDF)`}
                </a>
                {', cancelled by '}
                <a href={creditHref(entry.cancelledBy!)}>{`credit note ${entry.cancelledBy} (PDF)`}</a>
                {' when your business details changed'}
              </li>
            ))
          : null}
        {receipt
          ? null
          : documents
              .filter((entry) => entry.cancels)
              .map((entry) => (
                <li key={entry.number}>
                  <a href={creditHref(entry.number)}>
                    {`Download credit note ${entry.number}, cancelling ${entry.cancels} when your business details changed (PDF)`}
                  </a>
                </li>
              ))}
        {refundCredits.map((entry) => (
          <li key={entry.number}>
            <a href={creditHref(entry.number)}>{`Download credit note ${entry.number} for ${money(entry)} (PDF)`}</a>
          </li>
        ))}
      </ul>
    </section>
  );
}
