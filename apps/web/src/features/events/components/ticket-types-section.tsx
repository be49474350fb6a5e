// The event view's 'Tickets' section: each ticket type with its price and booking fee, sales against its
// limit, and, while the event is a draft or live, Add, Edit, Hide/Show and Move up/down.
import { useState } from 'react';
import {
  bookingFee,
  FREE_LABEL,
  fromMinorUnits,
  isFreePrice,
  pwywLabel,
  type EventDto,
  type TicketTypeDto,
} from '@marquee/shared';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { useReorderTicketTypes, useSaveTicketType } from '../api/ticket-types';
import { formatMoneyMinor } from '../lib/money';
import { TicketTypeDialog } from './ticket-type-dialog';
import { BookingFeeSetting } from './booking-fee-setting';
import { MoveButtons, movedIds, softDisabled } from '../../../components/ui/reorder';

const count = (value: number) => value.toLocaleString('en-GB');

export function TicketTypesSection({ event }: { event: EventDto }) {
  const editable = event.status === 'draft' || event.status === 'live';
  const reorder = useReorderTicketTypes(event.id);
  const save = useSaveTicketType(event.id);
  const [editing, setEditing] = useState<TicketTypeDto | 'new' | null>(null);
  const [error, setError] = useState<string | null>(null);
  // After the dialog's Save or Add: which type was saved, announced (the dialog itself has closed).
  const [saved, setSaved] = useState<string | null>(null);
  const busy = reorder.isPending || save.isPending;
  const types = event.ticket_types;

  const onError = (caught: unknown) =>
    setError(
      caught instanceof ApiError && caught.status < 500 ? caught.message : 'Something went wrong. Please try again.',
    );

  // Edge and busy buttons stay focusable (aria-disabled, not disabled) so keyboard focus is never dropped.
  const move = (index: number, by: -1 | 1) => {
    const ids = busy
      ? null
      : movedIds(
          types.map((type) => type.id),
          index,
          by,
        );
    if (!ids) return;
    setError(null);
    setSaved(null);
    reorder.mutate(ids, { onError });
  };

  const toggleHidden = (type: TicketTypeDto) => {
    if (busy) return;
    setError(null);
    save.mutate(
      {
        typeId: type.id,
        body: {
          name: type.name,
          description: type.description,
          price:
            type.price_minor === null || isFreePrice(type.price_minor)
              ? ''
              : fromMinorUnits(type.price_minor, type.currency),
          free: isFreePrice(type.price_minor),
          pay_what_you_want: type.minimum_price_minor !== null,
          minimum_price:
            type.minimum_price_minor === null ? '' : fromMinorUnits(type.minimum_price_minor, type.currency),
          capacity: type.capacity,
          max_per_order: type.max_per_order,
          hidden: !type.hidden,
          vat_category: type.vat_category,
          sales_start_local: type.sales_start_local,
          sales_end_local: type.sales_end_local,
        },
      },
      { onError },
    );
  };

  return (
    <section aria-labelledby="tickets-heading" className="bg-card border-border rounded-2xl border p-5 sm:p-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="tickets-heading" className="text-foreground text-lg font-semibold">
          Tickets
        </h2>
        {editable ? (
          <Button
            size="small"
            onClick={() => {
              setSaved(null);
              setEditing('new');
            }}
            disabled={busy}
          >
            Add ticket type
          </Button>
        ) : (
          <p className="text-muted-foreground text-xs">
            {event.status === 'archived' ? 'Archived' : 'Cancelled'} events are read-only.
          </p>
        )}
      </div>
      <p role="status" className="text-success mb-3 text-sm font-medium empty:hidden">
        {saved}
      </p>
      {error ? (
        <p
          role="alert"
          className="mb-3 rounded-md border border-red-500/40 bg-red-500/10 px-3 py-2 text-sm text-danger"
        >
          {error}
        </p>
      ) : null}
      {editable ? (
        <div className="mb-3">
          <BookingFeeSetting event={event} />
        </div>
      ) : null}
      <ol className="flex flex-col gap-3" aria-busy={busy || undefined}>
        {types.map((type, index) => (
          <li
            key={type.id}
            className={`border-border flex flex-col gap-3 rounded-xl border p-4 sm:flex-row sm:items-start sm:justify-between ${type.hidden ? 'opacity-80' : ''}`}
          >
            <div className="flex min-w-0 flex-col gap-1">
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="text-foreground font-semibold break-words">{type.name}</h3>
                {type.hidden ? (
                  <span className="bg-muted text-muted-foreground inline-flex h-5 items-center rounded px-1.5 font-mono text-[10px] font-bold tracking-wider uppercase">
                    Hidden
                  </span>
                ) : null}
              </div>
              {type.description ? (
                <p className="text-muted-foreground text-sm break-words">{type.description}</p>
              ) : null}
              <p className="text-foreground text-sm">
                {type.price_minor === null ? (
                  'Price not set'
                ) : type.minimum_price_minor !== null ? (
                  <>
                    <span className="font-semibold">{pwywLabel(type.minimum_price_minor, type.currency)}</span>{' '}
                    <span className="text-muted-foreground">
                      · suggested {formatMoneyMinor(type.price_minor, type.currency)} + booking fee on the amount paid
                    </span>
                  </>
                ) : isFreePrice(type.price_minor) ? (
                  <span className="font-semibold">{FREE_LABEL}</span>
                ) : (
                  <>
                    <span className="font-semibold tabular-nums">
                      {formatMoneyMinor(type.price_minor, type.currency)}
                    </span>{' '}
                    <span className="text-muted-foreground">
                      {event.absorb_fee
                        ? `· you pay the ${formatMoneyMinor(bookingFee(type.price_minor, type.currency), type.currency)} booking fee`
                        : `+ ${formatMoneyMinor(bookingFee(type.price_minor, type.currency), type.currency)} booking fee`}
                    </span>
                  </>
                )}
              </p>
              <p className="text-muted-foreground font-mono text-xs tabular-nums">
                {count(type.sold)} sold · {count(type.held)} held ·{' '}
                {type.capacity === null ? 'no own limit' : `${count(type.capacity)} capacity`} · max{' '}
                {type.max_per_order} per order
              </p>
            </div>
            {editable ? (
              <div className="flex shrink-0 flex-wrap gap-2 sm:flex-nowrap sm:justify-end">
                <Button size="xs" variant="secondary" onClick={() => setEditing(type)} aria-label={`Edit ${type.name}`}>
                  Edit
                </Button>
                <Button
                  size="xs"
                  variant="secondary"
                  onClick={() => toggleHidden(type)}
                  aria-disabled={busy || undefined}
                  className={softDisabled}
                  aria-label={`${type.hidden ? 'Show' : 'Hide'} ${type.name}`}
                >
                  {type.hidden ? 'Show' : 'Hide'}
                </Button>
                <MoveButtons
                  name={type.name}
                  index={index}
                  count={types.length}
                  busy={busy}
                  onMove={(by) => move(index, by)}
                />
              </div>
            ) : null}
          </li>
        ))}
      </ol>
      {editing ? (
        <TicketTypeDialog
          eventId={event.id}
          currency={event.currency}
          timeZone={event.time_zone}
          type={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(name) => {
            setEditing(null);
            setSaved(`${name} saved.`);
          }}
        />
      ) : null}
    </section>
  );
}
