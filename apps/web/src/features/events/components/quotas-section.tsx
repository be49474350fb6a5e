// The event view's 'Shared quotas' section (decision 128): each quota with the types that share it and its sold,
// held and capacity, and, while the event is a draft or live, Add, Edit and Delete.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { EventDto, QuotaDto } from '@marquee/shared';
import { Button } from '../../../components/ui/button';
import { QueryState } from '../../../components/ui/query-state';
import { ApiError } from '../../../lib/api-client';
import { eventQuotasQuery, useDeleteQuota } from '../api/quotas';
import { QuotaDialog } from './quota-dialog';

const count = (value: number) => value.toLocaleString('en-GB');

function QuotaMeter({ quota }: { quota: QuotaDto }) {
  const share = (value: number) => (quota.capacity === 0 ? 0 : Math.min(100, (value / quota.capacity) * 100));
  return (
    <div className="bg-muted h-2 w-full overflow-hidden rounded-full" aria-hidden="true">
      <div className="flex h-full">
        <div className="bg-primary h-full" style={{ width: `${share(quota.sold)}%` }} />
        <div className="bg-primary/40 h-full" style={{ width: `${share(quota.held)}%` }} />
      </div>
    </div>
  );
}

export function QuotasSection({ event }: { event: EventDto }) {
  const editable = event.status === 'draft' || event.status === 'live';
  const quotas = useQuery(eventQuotasQuery(event.id));
  const remove = useDeleteQuota(event.id);
  const [editing, setEditing] = useState<QuotaDto | 'new' | null>(null);
  const [confirming, setConfirming] = useState<QuotaDto | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const typeName = new Map(event.ticket_types.map((type) => [type.id, type.name]));

  const onDelete = (quota: QuotaDto) => {
    setError(null);
    remove.mutate(quota.id, {
      onSuccess: () => {
        setConfirming(null);
        setStatus(`${quota.name} deleted.`);
      },
      onError: (caught) =>
        setError(
          caught instanceof ApiError && caught.status < 500
            ? caught.message
            : 'Something went wrong. Please try again.',
        ),
    });
  };

  return (
    <section aria-labelledby="quotas-heading" className="bg-card border-border rounded-2xl border p-5 sm:p-6">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-3">
        <h2 id="quotas-heading" className="text-foreground text-lg font-semibold">
          Shared quotas
        </h2>
        {editable ? (
          <Button
            size="small"
            onClick={() => {
              setStatus(null);
              setEditing('new');
            }}
          >
            Add quota
          </Button>
        ) : null}
      </div>
      <p className="text-muted-foreground mb-4 text-sm">
        One capacity over several ticket types, such as Standing 400 over Early Bird and General. A type is sold out
        when its quota is.
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
        query={quotas}
        error="The quotas could not be loaded. Please reload the page."
        loading="Loading quotas..."
        isEmpty={(data) => data.quotas.length === 0}
        empty={<p className="text-muted-foreground text-sm">No shared quotas. Each type sells up to its own limit.</p>}
      >
        {(data) => (
          <ul className="flex flex-col gap-3">
            {data.quotas.map((quota) => {
              const left = Math.max(0, quota.capacity - quota.sold - quota.held);
              return (
                <li key={quota.id} className="border-border flex flex-col gap-3 rounded-xl border p-4">
                  <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
                    <div className="flex min-w-0 flex-col gap-1">
                      <div className="flex flex-wrap items-center gap-2">
                        <h3 className="text-foreground font-semibold break-words">{quota.name}</h3>
                        {left === 0 ? (
                          <span className="bg-muted text-muted-foreground inline-flex h-5 items-center rounded px-1.5 font-mono text-[10px] font-bold tracking-wider uppercase">
                            Sold out
                          </span>
                        ) : null}
                      </div>
                      <p className="text-muted-foreground text-sm break-words">
                        {quota.ticket_type_ids.map((typeId) => typeName.get(typeId) ?? 'Removed type').join(', ')}
                      </p>
                      <p className="text-muted-foreground font-mono text-xs tabular-nums">
                        {count(quota.sold)} sold · {count(quota.held)} held · {count(quota.capacity)} capacity
                      </p>
                    </div>
                    {editable ? (
                      <div className="flex shrink-0 flex-wrap gap-2">
                        <Button
                          size="xs"
                          variant="secondary"
                          onClick={() => {
                            setStatus(null);
                            setEditing(quota);
                          }}
                          aria-label={`Edit ${quota.name}`}
                        >
                          Edit
                        </Button>
                        <Button
                          size="xs"
                          variant="secondary"
                          onClick={() => setConfirming(quota)}
                          aria-label={`Delete ${quota.name}`}
                        >
                          Delete
                        </Button>
                      </div>
                    ) : null}
                  </div>
                  <QuotaMeter quota={quota} />
                  {confirming?.id === quota.id ? (
                    <div
                      role="group"
                      aria-label={`Delete ${quota.name}?`}
                      className="border-border flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2"
                    >
                      <p className="text-foreground text-sm">
                        Delete {quota.name}? Its types keep their own limits and the venue&apos;s.
                      </p>
                      <div className="flex gap-2">
                        <Button size="xs" variant="secondary" onClick={() => setConfirming(null)}>
                          Keep
                        </Button>
                        <Button size="xs" onClick={() => onDelete(quota)} disabled={remove.isPending}>
                          {remove.isPending ? 'Deleting...' : 'Delete'}
                        </Button>
                      </div>
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </QueryState>
      {editing ? (
        <QuotaDialog
          eventId={event.id}
          types={event.ticket_types}
          quota={editing === 'new' ? null : editing}
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
