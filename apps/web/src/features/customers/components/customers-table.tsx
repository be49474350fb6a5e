// The customers table: the chosen columns with sortable headers (aria-sort tells which and how), rows that
// open the detail dialog, and an Actions column with view and delete buttons.
import type { ReactNode } from 'react';
import { CUSTOMER_COLUMNS, type Customer, type CustomerColumnKey } from '@marquee/shared';
import { CountryFlag } from './country-flag';
import { formatCustomerDate, formatSpends } from './format';
import { StatusBadge } from './status-badge';

export interface SortState {
  sort: CustomerColumnKey;
  direction: 'asc' | 'desc';
}

const NUMERIC: CustomerColumnKey[] = ['eventsAttended', 'totalSpent'];

function cell(customer: Customer, key: CustomerColumnKey): ReactNode {
  switch (key) {
    case 'name':
      return <span className="text-foreground font-medium">{customer.name || '—'}</span>;
    case 'email':
      return <span className="break-all">{customer.email}</span>;
    case 'phone':
      return customer.phone ?? '—';
    case 'country':
      return customer.country ? (
        <span className="inline-flex items-center gap-2">
          <CountryFlag code={customer.country} />
          {customer.country}
        </span>
      ) : (
        '—'
      );
    case 'eventsAttended':
      return customer.events_attended;
    case 'totalSpent':
      return formatSpends(customer.total_spent).map((amount) => (
        <span key={amount} className="block">
          {amount}
        </span>
      ));
    case 'dateJoined':
      return <time dateTime={customer.date_joined}>{formatCustomerDate(customer.date_joined)}</time>;
    case 'lastPurchase':
      return <time dateTime={customer.last_purchase}>{formatCustomerDate(customer.last_purchase)}</time>;
    case 'status':
      return <StatusBadge status={customer.status} />;
  }
}

const iconButton =
  'text-muted-foreground hover:text-foreground hover:bg-muted focus-visible:outline-primary inline-flex h-8 w-8 items-center justify-center rounded-md focus-visible:outline-2';

export function CustomersTable({
  customers,
  visible,
  sort,
  onSort,
  onView,
  onDelete,
  busy,
}: {
  customers: Customer[];
  visible: CustomerColumnKey[];
  sort: SortState;
  onSort(key: CustomerColumnKey): void;
  onView(customer: Customer): void;
  onDelete(customer: Customer): void;
  busy: boolean;
}) {
  const columns = CUSTOMER_COLUMNS.filter((column) => column.key === 'name' || visible.includes(column.key));
  return (
    <div
      className="focus-visible:outline-primary -mx-1 overflow-x-auto px-1 focus-visible:outline-2"
      tabIndex={0}
      role="region"
      aria-label="Customers table"
    >
      <table className="w-full min-w-[44rem] text-left text-sm" aria-busy={busy || undefined}>
        <thead className="text-muted-foreground font-mono text-[11px] tracking-wider uppercase">
          <tr>
            {columns.map((column) => {
              const active = sort.sort === column.key;
              return (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
                  className={`pr-3 pb-2 font-semibold ${NUMERIC.includes(column.key) ? 'text-right' : ''}`}
                >
                  <button
                    type="button"
                    onClick={() => onSort(column.key)}
                    className={`hover:text-foreground focus-visible:outline-primary inline-flex items-center gap-1 rounded uppercase focus-visible:outline-2 ${active ? 'text-foreground' : ''}`}
                  >
                    {column.label}
                    <span aria-hidden="true" className="w-3">
                      {active ? (sort.direction === 'asc' ? '▲' : '▼') : ''}
                    </span>
                  </button>
                </th>
              );
            })}
            <th scope="col" className="pb-2 text-right font-semibold">
              Actions
            </th>
          </tr>
        </thead>
        <tbody>
          {customers.map((customer) => (
            <tr
              key={customer.id}
              className="border-border hover:bg-muted/50 cursor-pointer border-t align-top"
              onClick={() => onView(customer)}
            >
              {columns.map((column) => (
                <td
                  key={column.key}
                  className={`py-2.5 pr-3 ${NUMERIC.includes(column.key) ? 'text-right tabular-nums' : ''} ${column.key === 'name' ? '' : 'text-muted-foreground'}`}
                >
                  {cell(customer, column.key)}
                </td>
              ))}
              <td className="py-1.5 text-right whitespace-nowrap">
                <button
                  type="button"
                  className={iconButton}
                  aria-label={`View ${customer.name || customer.email}`}
                  onClick={(clicked) => {
                    clicked.stopPropagation();
                    onView(customer);
                  }}
                >
                  <svg
                    aria-hidden="true"
                    viewBox="0 0 24 24"
                    className="h-4 w-4"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                  >
                    <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
                    <circle cx="12" cy="12" r="3" />
                  </svg>
                </button>
                <button
                  type="button"
                  className={`${iconButton} hover:text-danger`}
                  aria-label={`Delete ${customer.name || customer.email}`}
                  onClick={(clicked) => {
                    clicked.stopPropagation();
                    onDelete(customer);
                  }}
                >
                  <svg
                    aria-hidden="true"
                    viewBox="0 0 24 24"
                    className="h-4 w-4"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                  >
                    <path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6M10 11v6M14 11v6" />
                  </svg>
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
