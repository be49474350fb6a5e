// The event view's 'Add-ons' section (decision 134): what fans can buy with their tickets (a T-shirt, parking, drink
// tokens), each with its price, stock, held and handed over, and, while the event is a draft or live, Add, Edit and
// Delete (a bought add-on cannot be deleted: the server's message says what to do instead).
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AddOnDto, EventDto } from '@marquee/shared';
import { Button } from '../../../components/ui/button';
import { QueryState } from '../../../components/ui/query-state';
import { ApiError } from '../../../lib/api-client';
import { eventAddOnsQuery, useDeleteAddOn } from '../api/add-ons';
import { AddOnDialog } from './add-on-dialog';
import { AddOnsTable } from './add-ons-table';

export function AddOnsSection({ event }: { event: EventDto }) {
  const editable = event.status === 'draft' || event.status === 'live';
  const addOns = useQuery(eventAddOnsQuery(event.id));
  const remove = useDeleteAddOn(event.id);
  const [editing, setEditing] = useState<AddOnDto | 'new' | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const onDelete = (item: AddOnDto) => {
    setError(null);
    remove.mutate(item.id, {
      onSuccess: () => {
        setConfirming(null);
        setStatus(`${item.name} deleted.`);
      },
      onError: (caught) => {
        setConfirming(null);
        setError(
          caught instanceof ApiError && caught.status < 500
            ? caught.message
            : 'Something went wrong. Please try again.',
        );
      },
    });
  };

  const open = (target: AddOnDto | 'new') => {
    setStatus(null);
    setError(null);
    setEditing(target);
  };

  return (
    <section aria-labelledby="add-ons-heading" className="bg-card border-border rounded-2xl border p-5 sm:p-6">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-3">
        <h2 id="add-ons-heading" className="text-foreground text-lg font-semibold">
          Add-ons
        </h2>
        {editable ? (
          <Button size="small" onClick={() => open('new')}>
            Add add-on
          </Button>
        ) : null}
      </div>
      <p className="text-muted-foreground mb-4 text-sm">
        Things fans buy with their tickets, such as a T-shirt or parking, each with its own price and stock. The door
        sees them with the ticket and marks them handed over.
      </p>
      <p role="status" className="text-success mb-3 text-sm font-medium empty:hidden">
        {status}
      </p>
      {error ? (
        <p
          role="alert"
          className="mb-3 rounded-md border border-red-500/40 bg-red-500/10 px-3 py-2 text-sm text-danger"
        >
          {error}
        </p>
      ) : null}
      <QueryState
        query={addOns}
        error="The add-ons could not be loaded. Please reload the page."
        loading="Loading add-ons..."
        isEmpty={(data) => data.add_ons.length === 0}
        empty={<p className="text-muted-foreground text-sm">No add-ons. Fans buy tickets only.</p>}
      >
        {(data) => (
          <AddOnsTable
            addOns={data.add_ons}
            currency={event.currency}
            actions={{
              editable,
              confirming,
              deleting: remove.isPending,
              onEdit: open,
              onAskDelete: (item) => {
                setError(null);
                setStatus(null);
                setConfirming(item?.id ?? null);
              },
              onDelete,
            }}
          />
        )}
      </QueryState>
      {editing ? (
        <AddOnDialog
          eventId={event.id}
          currency={event.currency}
          addOn={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(name) => {
            setEditing(null);
            setStatus(`${name} saved.`);
          }}
        />
      ) : null}
    </section>
  );
}
