// One endpoint's delivery log: each message's type, status, last status code, attempts and time, each attempt's
// trimmed response body or error on demand, and Resend for a delivered or given-up message. Paged, newest first.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from '../../../../components/ui/button';
import { QueryState } from '../../../../components/ui/query-state';
import { deliveriesQuery, useWebhookMutations, type WebhookDelivery } from './webhooks-api';

const STATUS: Record<WebhookDelivery['status'], { label: string; className: string }> = {
  succeeded: { label: 'Delivered', className: 'text-emerald-700 dark:text-primary' },
  pending: { label: 'Retrying', className: 'text-amber-700 dark:text-amber-300' },
  delivering: { label: 'Sending', className: 'text-muted-foreground' },
  failed: { label: 'Failed', className: 'text-danger' },
};

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '-');

function DeliveryRow({ endpointId, delivery }: { endpointId: string; delivery: WebhookDelivery }) {
  const [open, setOpen] = useState(false);
  const { resend } = useWebhookMutations();
  const status = STATUS[delivery.status];
  const canResend = delivery.status === 'succeeded' || delivery.status === 'failed';
  return (
    <li className="border-border flex flex-col gap-2 border-t py-3 first:border-t-0">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
        <span className="text-foreground font-mono text-xs">{delivery.type}</span>
        <span className={`font-semibold ${status.className}`}>{status.label}</span>
        <span className="text-muted-foreground">
          {delivery.last_status_code === null ? 'No answer' : `HTTP ${delivery.last_status_code}`}
        </span>
        <span className="text-muted-foreground">
          {delivery.attempts} {delivery.attempts === 1 ? 'attempt' : 'attempts'}
        </span>
        <span className="text-muted-foreground">{when(delivery.last_attempt_at ?? delivery.created_at)}</span>
        <div className="ml-auto flex gap-2">
          <Button size="xs" variant="secondary" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? 'Hide details' : 'Details'}
          </Button>
          {canResend ? (
            <Button
              size="xs"
              variant="secondary"
              disabled={resend.isPending}
              onClick={() => resend.mutate({ id: endpointId, deliveryId: delivery.id })}
            >
              Resend
            </Button>
          ) : null}
        </div>
      </div>
      {open ? (
        <div className="flex flex-col gap-2">
          <p className="text-muted-foreground text-xs">
            webhook-id <span className="text-foreground font-mono">{delivery.message_id}</span>
            {delivery.next_attempt_at ? ` · next attempt ${when(delivery.next_attempt_at)}` : ''}
          </p>
          {delivery.log.map((attempt) => (
            <div key={attempt.attempted_at} className="bg-muted rounded-md p-2 text-xs">
              <p className="text-foreground">
                {when(attempt.attempted_at)} ·{' '}
                {attempt.status_code === null ? 'no answer' : `HTTP ${attempt.status_code}`} · {attempt.duration_ms} ms
                {attempt.error ? ` · ${attempt.error}` : ''}
              </p>
              {attempt.response_body ? (
                <pre className="text-muted-foreground mt-1 max-h-32 overflow-auto font-mono break-all whitespace-pre-wrap">
                  {attempt.response_body}
                </pre>
              ) : null}
            </div>
          ))}
        </div>
      ) : null}
    </li>
  );
}

export function WebhookDeliveries({ endpointId }: { endpointId: string }) {
  const [page, setPage] = useState(1);
  const query = useQuery({ ...deliveriesQuery(endpointId, page), refetchInterval: 5000 });
  return (
    <section aria-label="Delivery log" className="flex flex-col gap-2">
      <h4 className="text-foreground text-sm font-semibold">Delivery log</h4>
      <QueryState
        query={query}
        error="The delivery log could not be loaded. Please try again."
        onRetry={() => void query.refetch()}
        loading="Loading deliveries..."
      >
        {(data) =>
          data.deliveries.length === 0 ? (
            <p className="text-muted-foreground text-sm">Nothing sent yet. Send a test event to try it.</p>
          ) : (
            <>
              <ul className="flex flex-col">
                {data.deliveries.map((delivery) => (
                  <DeliveryRow key={delivery.id} endpointId={endpointId} delivery={delivery} />
                ))}
              </ul>
              {page > 1 || data.has_more ? (
                <div className="flex gap-2">
                  <Button size="xs" variant="secondary" disabled={page === 1} onClick={() => setPage(page - 1)}>
                    Newer
                  </Button>
                  <Button size="xs" variant="secondary" disabled={!data.has_more} onClick={() => setPage(page + 1)}>
                    Older
                  </Button>
                </div>
              ) : null}
            </>
          )
        }
      </QueryState>
    </section>
  );
}
