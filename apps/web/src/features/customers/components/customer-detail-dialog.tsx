// One customer in a dialog: name, flag and country code, e-mail, phone, the totals (events, spent, status) and
// a collapsible EVENTS list of the events they bought, with the event's date and when they bought; comps given to
// the same address are listed apart, marked Comp (decision 126).
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { COMP_LABEL } from '@marquee/shared';
import { DetailDialog } from '../../../components/ui/detail-dialog';
import { customerQuery } from '../api/customers';
import { CountryFlag } from './country-flag';
import { formatCustomerDate, formatSpends } from './format';
import { StatusBadge } from './status-badge';

const labelClasses = 'text-muted-foreground font-mono text-[11px] font-semibold tracking-wider uppercase';

export function CustomerDetailDialog({ customerId, onClose }: { customerId: string; onClose(): void }) {
  const query = useQuery(customerQuery(customerId));
  const [eventsOpen, setEventsOpen] = useState(true);
  const eventsId = useId();
  return (
    <DetailDialog
      query={query}
      onClose={onClose}
      label={(customer) => (customer ? customer.name || customer.email : 'Customer')}
      className="max-w-lg"
      heading={(customer) => (
        <div className="min-w-0">
          <h2 className="text-foreground text-xl font-semibold break-words">{customer.name || '—'}</h2>
          {customer.country ? (
            <p className="text-muted-foreground mt-1 flex items-center gap-2 text-sm">
              <CountryFlag code={customer.country} />
              <span>{customer.country}</span>
            </p>
          ) : null}
        </div>
      )}
      error="The customer could not be loaded. Please try again."
      loading="Loading customer..."
    >
      {(customer) => (
        <>
          <dl className="grid gap-3 text-sm">
            <div>
              <dt className={labelClasses}>Email</dt>
              <dd className="text-foreground break-all">{customer.email}</dd>
            </div>
            <div>
              <dt className={labelClasses}>Phone</dt>
              <dd className="text-foreground">{customer.phone ?? '—'}</dd>
            </div>
          </dl>
          <dl className="border-border grid grid-cols-3 gap-3 rounded-xl border p-4 text-sm">
            <div>
              <dt className={labelClasses}>Events</dt>
              <dd className="text-foreground text-lg font-semibold tabular-nums">{customer.events_attended}</dd>
            </div>
            <div>
              <dt className={labelClasses}>Spent</dt>
              <dd className="text-foreground text-lg font-semibold tabular-nums">
                {formatSpends(customer.total_spent).map((amount) => (
                  <span key={amount} className="block">
                    {amount}
                  </span>
                ))}
              </dd>
            </div>
            <div>
              <dt className={labelClasses}>Status</dt>
              <dd className="mt-1">
                <StatusBadge status={customer.status} />
              </dd>
            </div>
          </dl>
          <section>
            <h3>
              <button
                type="button"
                aria-expanded={eventsOpen}
                aria-controls={eventsId}
                onClick={() => setEventsOpen((open) => !open)}
                className={`${labelClasses} hover:text-foreground focus-visible:outline-primary flex w-full items-center justify-between rounded focus-visible:outline-2`}
              >
                Events ({customer.events.length})<span aria-hidden="true">{eventsOpen ? '−' : '+'}</span>
              </button>
            </h3>
            {eventsOpen ? (
              <ul id={eventsId} className="mt-2 flex flex-col gap-2">
                {customer.events.map((item) => (
                  <li key={item.id} className="border-border flex items-center gap-3 rounded-lg border p-2.5">
                    {item.image_url ? (
                      <img
                        src={item.image_url}
                        alt=""
                        className="h-10 w-10 shrink-0 rounded object-cover"
                        loading="lazy"
                      />
                    ) : null}
                    <div className="min-w-0 text-sm">
                      <p className="text-foreground truncate font-medium">{item.name || 'Untitled event'}</p>
                      <p className="text-muted-foreground text-xs">
                        {item.starts_at ? (
                          <time dateTime={item.starts_at}>{formatCustomerDate(item.starts_at)}</time>
                        ) : (
                          'Date not set'
                        )}
                        {' · '}
                        {item.tickets} {item.tickets === 1 ? 'ticket' : 'tickets'}, bought{' '}
                        <time dateTime={item.purchased_at}>{formatCustomerDate(item.purchased_at)}</time>
                        {item.promo_codes.length ? ` · promo code ${item.promo_codes.join(', ')}` : ''}
                      </p>
                    </div>
                  </li>
                ))}
              </ul>
            ) : null}
          </section>
          {customer.comps.length > 0 ? (
            <section aria-labelledby={`${eventsId}-comps`}>
              <h3 id={`${eventsId}-comps`} className={labelClasses}>
                Comps ({customer.comps.length})
              </h3>
              <ul className="mt-2 flex flex-col gap-2">
                {customer.comps.map((item) => (
                  <li key={item.event_id} className="border-border flex items-center gap-3 rounded-lg border p-2.5">
                    <span className="bg-muted text-foreground inline-flex h-6 shrink-0 items-center rounded px-2 font-mono text-[10px] font-bold tracking-wider uppercase">
                      {COMP_LABEL}
                    </span>
                    <div className="min-w-0 text-sm">
                      <p className="text-foreground truncate font-medium">{item.event_name || 'Untitled event'}</p>
                      <p className="text-muted-foreground text-xs">
                        {item.tickets} {item.tickets === 1 ? 'ticket' : 'tickets'}, given{' '}
                        <time dateTime={item.issued_at}>{formatCustomerDate(item.issued_at)}</time>
                      </p>
                    </div>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </>
      )}
    </DetailDialog>
  );
}
