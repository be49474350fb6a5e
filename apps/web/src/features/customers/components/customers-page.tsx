// /dashboard/customers: the spec's Customers screen. Title and Export (the CSV of the current search), the
// Customer Database card with the search box and the Columns menu, the table (sorting, paging and search all
// happen on the server), 'Showing X to Y of Z customers' with previous/next and 'Page N of M' (Z+ and M+ when a
// broad search was counted no further), and the detail and delete dialogs. An organisation without buyers sees an empty state instead of the table.
import { useEffect, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CUSTOMER_SEARCH_MAX, customersPageLabels, nextCustomerSort, type Customer } from '@marquee/shared';
import { Button, buttonClasses } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { inputClasses } from '../../../components/ui/input';
import { QueryState } from '../../../components/ui/query-state';
import { customersExportUrl, customersQuery } from '../api/customers';
import { useVisibleColumns } from '../hooks/use-visible-columns';
import { ColumnsMenu } from './columns-menu';
import { CustomerDetailDialog } from './customer-detail-dialog';
import { CustomersTable, type SortState } from './customers-table';
import { DeleteCustomerDialog } from './delete-customer-dialog';

export function CustomersPage() {
  const searchId = useId();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortState>({ sort: 'name', direction: 'asc' });
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Customer | null>(null);
  const { visible, toggle } = useVisibleColumns();

  useEffect(() => {
    const timer = window.setTimeout(() => {
      setSearch(typed.trim());
      setPage(1);
    }, 300);
    return () => window.clearTimeout(timer);
  }, [typed]);

  const customers = useQuery(customersQuery({ search, ...sort, page }));
  const data = customers.data;
  const labels = data ? customersPageLabels(data) : null;

  return (
    <section className="flex flex-col gap-8">
      <PageHeader
        title="Customers"
        actions={
          <a href={customersExportUrl(search)} download className={buttonClasses('small', 'primary')}>
            Export
          </a>
        }
      />
      <section aria-labelledby="customer-database" className="bg-card border-border rounded-2xl border p-5 sm:p-6">
        <h2 id="customer-database" className="text-foreground mb-4 text-lg font-semibold">
          Customer Database
        </h2>
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <label htmlFor={searchId} className="sr-only">
            Search customers
          </label>
          <input
            id={searchId}
            type="search"
            maxLength={CUSTOMER_SEARCH_MAX}
            placeholder="Search customers..."
            className={`${inputClasses} w-full sm:w-80`}
            value={typed}
            onChange={(changed) => setTyped(changed.target.value)}
          />
          <ColumnsMenu visible={visible} onToggle={toggle} />
        </div>

        <QueryState
          query={customers}
          error="The customers could not be loaded. Please try again."
          loading="Loading customers..."
          isEmpty={(loaded) => loaded.total === 0 && !search}
          empty={
            <div className="border-border flex flex-col items-center gap-2 rounded-xl border border-dashed px-6 py-12 text-center">
              <p className="text-foreground font-medium">No customers yet</p>
              <p className="text-muted-foreground max-w-sm text-sm">
                Everyone who buys a ticket from your ticket pages will appear here.
              </p>
            </div>
          }
        >
          {(data) => (
            <>
              {data.total === 0 ? (
                <p className="text-muted-foreground py-6 text-center text-sm">No customers match “{search}”</p>
              ) : (
                <CustomersTable
                  customers={data.customers}
                  visible={visible}
                  sort={sort}
                  busy={customers.isFetching}
                  onSort={(key) => {
                    setSort((current) => nextCustomerSort(current, key));
                    setPage(1);
                  }}
                  onView={(customer) => setViewing(customer.id)}
                  onDelete={setDeleting}
                />
              )}
              <nav aria-label="Customers pages" className="mt-4 flex flex-wrap items-center justify-between gap-3">
                <p className="text-muted-foreground text-xs" aria-live="polite">
                  {labels?.showing}
                </p>
                <div className="flex items-center gap-3">
                  <Button
                    size="xs"
                    variant="secondary"
                    disabled={page <= 1}
                    onClick={() => setPage((current) => Math.max(1, current - 1))}
                  >
                    Previous
                  </Button>
                  <span className="text-muted-foreground text-xs whitespace-nowrap">{labels?.pages}</span>
                  <Button
                    size="xs"
                    variant="secondary"
                    disabled={!labels?.hasNext || page !== data.page}
                    onClick={() => setPage((current) => current + 1)}
                  >
                    Next
                  </Button>
                </div>
              </nav>
            </>
          )}
        </QueryState>
      </section>
      {viewing ? <CustomerDetailDialog customerId={viewing} onClose={() => setViewing(null)} /> : null}
      <DeleteCustomerDialog
        customer={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          if (viewing === deleting?.id) setViewing(null);
          setDeleting(null);
          // The last customer of the last page: that page no longer exists.
          if (data && data.customers.length === 1 && page > 1) setPage(page - 1);
        }}
      />
    </section>
  );
}
