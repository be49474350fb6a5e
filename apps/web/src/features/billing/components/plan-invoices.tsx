// The PRO plan's invoices in Billing: number, date, amount, status and the PDF of each, newest first; a table
// from the sm breakpoint, a list of rows on a phone.
import type { UseQueryResult } from '@tanstack/react-query';
import type { PlanInvoice } from '../api/plan';
import { formatPlanDate, formatPlanMoney } from './plan-format';

function PdfLink({ invoice }: { invoice: PlanInvoice }) {
  return (
    <a
      href={invoice.pdf_url}
      target="_blank"
      rel="noreferrer"
      className="text-foreground focus-visible:outline-primary rounded font-semibold underline underline-offset-2 focus-visible:outline-2"
      aria-label={`PDF of invoice ${invoice.number}`}
    >
      PDF
    </a>
  );
}

export function PlanInvoices({ query }: { query: UseQueryResult<{ invoices: PlanInvoice[] }> }) {
  if (query.isPending) return null;
  if (query.isError) {
    return (
      <p role="alert" className="text-sm text-danger">
        The invoices could not be loaded. Please reload the page.
      </p>
    );
  }
  const { invoices } = query.data;
  if (invoices.length === 0) return null;
  return (
    <div className="flex flex-col gap-2">
      <h3 id="pro-invoices-title" className="text-sm font-semibold">
        Invoices
      </h3>
      <ul className="flex flex-col sm:hidden" aria-labelledby="pro-invoices-title">
        {invoices.map((invoice) => (
          <li key={invoice.id} className="border-border flex items-start justify-between gap-3 border-t py-2.5 text-sm">
            <div className="flex flex-col">
              <span className="font-mono text-xs">{invoice.number}</span>
              <span className="text-muted-foreground">{formatPlanDate(invoice.issued_at)}</span>
            </div>
            <div className="flex flex-col items-end">
              <span className="tabular-nums">{formatPlanMoney(invoice.amount, invoice.currency)}</span>
              <span className={invoice.status === 'paid' ? 'text-muted-foreground' : 'text-danger'}>
                {invoice.status === 'paid' ? 'Paid' : 'Payment failed'}
              </span>
              <PdfLink invoice={invoice} />
            </div>
          </li>
        ))}
      </ul>
      <div
        className="focus-visible:outline-primary -mx-1 hidden overflow-x-auto px-1 focus-visible:outline-2 sm:block"
        tabIndex={0}
        role="region"
        aria-labelledby="pro-invoices-title"
      >
        <table className="w-full text-left text-sm">
          <thead className="text-muted-foreground font-mono text-[11px] tracking-wider uppercase">
            <tr>
              <th scope="col" className="pr-3 pb-2 font-semibold">
                Number
              </th>
              <th scope="col" className="pr-3 pb-2 font-semibold">
                Date
              </th>
              <th scope="col" className="pr-3 pb-2 text-right font-semibold">
                Amount
              </th>
              <th scope="col" className="pr-3 pb-2 font-semibold">
                Status
              </th>
              <th scope="col" className="pb-2 text-right font-semibold">
                PDF
              </th>
            </tr>
          </thead>
          <tbody>
            {invoices.map((invoice) => (
              <tr key={invoice.id} className="border-border border-t">
                <td className="py-2.5 pr-3 font-mono text-xs">{invoice.number}</td>
                <td className="text-muted-foreground py-2.5 pr-3">{formatPlanDate(invoice.issued_at)}</td>
                <td className="py-2.5 pr-3 text-right tabular-nums">
                  {formatPlanMoney(invoice.amount, invoice.currency)}
                </td>
                <td className={`py-2.5 pr-3 ${invoice.status === 'paid' ? '' : 'text-danger'}`}>
                  {invoice.status === 'paid' ? 'Paid' : 'Payment failed'}
                </td>
                <td className="py-2.5 text-right">
                  <PdfLink invoice={invoice} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
