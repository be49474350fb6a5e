// The event view's 'Orders' section: search by code, name or e-mail (sent to the server after a short
// pause), a page of orders newest first, paging, and each order's detail in a dialog.
import { useEffect, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FREE_LABEL, ORDER_SEARCH_MAX } from '@marquee/shared';
import { Button } from '../../../components/ui/button';
import { inputClasses } from '../../../components/ui/input';
import { QueryState } from '../../../components/ui/query-state';
import { eventOrdersQuery } from '../api/orders';
import { formatMoneyMinor } from '../lib/money';
import { OrderDetailDialog } from './order-detail-dialog';
import { CompBadge, formatOrderTime, OrderStatusBadge } from './order-status';

export function OrdersSection({ eventId }: { eventId: string }) {
  const searchId = useId();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [openOrder, setOpenOrder] = useState<string | null>(null);

  useEffect(() => {
    const timer = window.setTimeout(() => {
      setSearch(typed.trim());
      setPage(1);
    }, 300);
    return () => window.clearTimeout(timer);
  }, [typed]);

  const orders = useQuery(eventOrdersQuery(eventId, search, page));
  const data = orders.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;
  const first = data && data.total > 0 ? (data.page - 1) * data.page_size + 1 : 0;
  const last = data ? first + data.orders.length - 1 : 0;

  return (
    <section aria-labelledby="orders-heading" className="bg-card border-border rounded-2xl border p-5 sm:p-6">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <h2 id="orders-heading" className="text-foreground text-lg font-semibold">
          Orders
        </h2>
        <div className="flex w-full flex-col gap-1.5 sm:w-72">
          <label
            htmlFor={searchId}
            className="text-muted-foreground font-mono text-[11px] font-semibold tracking-wider uppercase"
          >
            Search orders
          </label>
          <input
            id={searchId}
            type="search"
            maxLength={ORDER_SEARCH_MAX}
            placeholder="Code, name or e-mail"
            className={inputClasses}
            value={typed}
            onChange={(changed) => setTyped(changed.target.value)}
          />
        </div>
      </div>

      <QueryState
        query={orders}
        error="The orders could not be loaded. Please try again."
        loading="Loading orders..."
        isEmpty={(loaded) => loaded.total === 0}
        empty={
          <p className="text-muted-foreground py-6 text-center text-sm">
            {search ? `No orders match “${search}”` : 'No orders yet'}
          </p>
        }
      >
        {(data) => (
          <>
            <div
              className="focus-visible:outline-primary -mx-1 overflow-x-auto px-1 focus-visible:outline-2"
              tabIndex={0}
              role="region"
              aria-label="Orders table"
            >
              <table className="w-full min-w-[40rem] text-left text-sm" aria-busy={orders.isFetching || undefined}>
                <thead className="text-muted-foreground font-mono text-[11px] tracking-wider uppercase">
                  <tr>
                    <th className="pb-2 font-semibold">Code</th>
                    <th className="pb-2 font-semibold">Buyer</th>
                    <th className="pb-2 text-right font-semibold">Tickets</th>
                    <th className="pb-2 text-right font-semibold">Total</th>
                    <th className="pb-2 pl-4 font-semibold">Status</th>
                    <th className="pb-2 font-semibold">Time</th>
                  </tr>
                </thead>
                <tbody>
                  {data.orders.map((row) => (
                    <tr key={row.id} className="border-border border-t align-top">
                      <td className="py-2.5 pr-3">
                        <button
                          type="button"
                          onClick={() => setOpenOrder(row.id)}
                          className="text-foreground focus-visible:outline-primary rounded font-mono text-xs font-semibold underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2"
                          aria-label={`Order ${row.code}, view details`}
                        >
                          {row.code}
                        </button>
                      </td>
                      <td className="py-2.5 pr-3">
                        <span className="text-foreground block">
                          {row.channel === 'door' ? `Door sale (${row.door_payment ?? 'paid'})` : row.buyer_name || '—'}
                        </span>
                        <span className="text-muted-foreground block text-xs break-all">{row.email}</span>
                      </td>
                      <td className="py-2.5 pr-3 text-right tabular-nums">{row.quantity}</td>
                      <td className="py-2.5 pr-3 text-right tabular-nums">
                        {row.total_minor === 0 ? FREE_LABEL : formatMoneyMinor(row.total_minor, row.currency)}
                      </td>
                      <td className="py-2.5 pr-3 pl-4">
                        <span className="flex flex-wrap gap-1.5">
                          <OrderStatusBadge status={row.status} />
                          {row.channel === 'comp' ? <CompBadge /> : null}
                        </span>
                      </td>
                      <td className="text-muted-foreground py-2.5 text-xs whitespace-nowrap">
                        <time dateTime={row.created_at}>{formatOrderTime(row.created_at)}</time>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <nav aria-label="Orders pages" className="mt-4 flex flex-wrap items-center justify-between gap-3">
              <p className="text-muted-foreground text-xs" aria-live="polite">
                {first}–{last} of {data.total.toLocaleString('en-GB')}
              </p>
              <div className="flex gap-2">
                <Button
                  size="xs"
                  variant="secondary"
                  disabled={page <= 1}
                  onClick={() => setPage((current) => Math.max(1, current - 1))}
                >
                  Previous
                </Button>
                <Button
                  size="xs"
                  variant="secondary"
                  disabled={page >= pages}
                  onClick={() => setPage((current) => Math.min(pages, current + 1))}
                >
                  Next
                </Button>
              </div>
            </nav>
          </>
        )}
      </QueryState>
      {openOrder ? <OrderDetailDialog orderId={openOrder} onClose={() => setOpenOrder(null)} /> : null}
    </section>
  );
}
