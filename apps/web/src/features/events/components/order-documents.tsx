// An order's receipt and credit notes, by number, and the buyer's business details for them (decision 137); a
// receipt re-issued when those details changed says which credit note cancelled it (decision 140, not a refund).
import type { OrderDetail } from '@marquee/shared';
import { formatMoneyMinor } from '../lib/money';
import { formatOrderTime } from './order-status';

export function OrderDocuments({ order, headingClasses }: { order: OrderDetail; headingClasses: string }) {
  const documents = order.documents ?? [];
  if (documents.length === 0 && !order.billing) return null;
  return (
    <section aria-labelledby={`${order.id}-documents`}>
      <h3 id={`${order.id}-documents`} className={headingClasses}>
        Receipt and credit notes
      </h3>
      {documents.length > 0 ? (
        <ul className="border-border divide-border divide-y rounded-lg border text-sm">
          {documents.map((document) => (
            <li key={document.number} className="flex flex-wrap justify-between gap-2 px-3 py-2">
              <span>
                {document.kind === 'receipt' ? 'Receipt' : 'Credit note'}{' '}
                <span className="font-mono">{document.number}</span>
                {document.cancelled_by ? (
                  <span className="text-muted-foreground"> · cancelled by {document.cancelled_by} (re-issued)</span>
                ) : null}
                {document.cancels ? (
                  <span className="text-muted-foreground">
                    {' '}
                    · cancels {document.cancels} for a re-issue, not a refund
                  </span>
                ) : null}
              </span>
              <span className="text-muted-foreground tabular-nums">
                {formatMoneyMinor(document.total_minor, order.currency)} · {formatOrderTime(document.issued_at)}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {order.billing ? (
        <p className="text-muted-foreground mt-2 text-sm whitespace-pre-line">
          {[
            order.billing.company_name,
            order.billing.address,
            order.billing.vat_id ? `VAT ID ${order.billing.vat_id}` : '',
          ]
            .filter(Boolean)
            .join('\n')}
        </p>
      ) : null}
    </section>
  );
}
