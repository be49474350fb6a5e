// Profile > Integrations > Webhooks (decision 152): the organisation's endpoints, each with its event types, its
// signing secret (reveal, copy, rotate), a test event and its delivery log; add, edit and remove endpoints.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { WEBHOOK_EVENT_LABELS } from '@marquee/shared';
import { Button } from '../../../../components/ui/button';
import { QueryState } from '../../../../components/ui/query-state';
import { WebhookDeliveries } from './webhook-deliveries';
import { WebhookEndpointDialog } from './webhook-endpoint-dialog';
import { endpointsQuery, fetchSecret, useWebhookMutations, type WebhookEndpoint } from './webhooks-api';

function SigningSecret({ endpointId, initial }: { endpointId: string; initial: string | null }) {
  const [secret, setSecret] = useState<string | null>(initial);
  const [note, setNote] = useState<string | null>(null);
  const { rotate } = useWebhookMutations();
  const reveal = async () => setSecret(secret ? null : (await fetchSecret(endpointId)).secret);
  const copy = async () => {
    if (!secret) return;
    await navigator.clipboard?.writeText(secret).catch(() => {});
    setNote('Copied');
  };
  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-muted-foreground font-mono text-[11px] font-semibold tracking-wider uppercase">
        Signing secret
      </span>
      <div className="flex flex-wrap items-center gap-2">
        <code className="bg-muted text-foreground rounded px-2 py-1 font-mono text-xs break-all" aria-live="polite">
          {secret ?? 'whsec_••••••••••••••••'}
        </code>
        <Button size="xs" variant="secondary" onClick={() => void reveal()}>
          {secret ? 'Hide' : 'Reveal'}
        </Button>
        {secret ? (
          <Button size="xs" variant="secondary" onClick={() => void copy()}>
            Copy
          </Button>
        ) : null}
        <Button
          size="xs"
          variant="secondary"
          disabled={rotate.isPending}
          onClick={() =>
            rotate.mutate(endpointId, {
              onSuccess: (rotated) => {
                setSecret(rotated.secret);
                setNote('New secret made: the old one no longer verifies');
              },
            })
          }
        >
          Rotate
        </Button>
        {note ? (
          <span className="text-muted-foreground text-xs" role="status">
            {note}
          </span>
        ) : null}
      </div>
      <p className="text-muted-foreground text-xs">
        Verify each request&apos;s webhook-signature with a Standard Webhooks library and this secret.
      </p>
    </div>
  );
}

function EndpointCard({
  endpoint,
  fresh,
  onEdit,
}: {
  endpoint: WebhookEndpoint;
  fresh: string | null;
  onEdit(): void;
}) {
  const [log, setLog] = useState(fresh !== null);
  const [sent, setSent] = useState<string | null>(null);
  const { test, remove } = useWebhookMutations();
  return (
    <li className="border-border flex flex-col gap-3 rounded-xl border p-4">
      <div className="flex flex-wrap items-start gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="text-foreground font-mono text-sm break-all">{endpoint.url}</span>
          {endpoint.description ? <span className="text-muted-foreground text-sm">{endpoint.description}</span> : null}
        </div>
        <span
          className={`rounded px-2 py-0.5 text-xs font-semibold ${
            endpoint.enabled ? 'bg-primary text-primary-foreground' : 'bg-muted text-foreground'
          }`}
        >
          {endpoint.enabled ? 'On' : endpoint.disabled_reason === 'failing' ? 'Off: kept failing' : 'Off'}
        </span>
      </div>
      {endpoint.disabled_reason === 'failing' ? (
        <p role="alert" className="text-danger text-sm">
          Turned off after failing every delivery for a day. Its events are kept: fix the receiver, then turn it on.
        </p>
      ) : null}
      <p className="text-muted-foreground text-xs">
        {endpoint.event_types.map((type) => WEBHOOK_EVENT_LABELS[type]).join(' · ')}
      </p>
      <SigningSecret endpointId={endpoint.id} initial={fresh} />
      <div className="flex flex-wrap items-center gap-2">
        <Button size="small" variant="secondary" onClick={onEdit}>
          Edit
        </Button>
        <Button
          size="small"
          variant="secondary"
          disabled={test.isPending || !endpoint.enabled}
          onClick={() =>
            test.mutate(endpoint.id, {
              onSuccess: () => {
                setSent('Test event queued');
                setLog(true);
              },
              onError: (caught) => setSent(caught.message),
            })
          }
        >
          Send test event
        </Button>
        <Button size="small" variant="secondary" aria-expanded={log} onClick={() => setLog(!log)}>
          {log ? 'Hide delivery log' : 'Delivery log'}
        </Button>
        <Button
          size="small"
          variant="secondary"
          disabled={remove.isPending}
          onClick={() => {
            if (window.confirm(`Remove the endpoint ${endpoint.url}? Its delivery log goes with it.`))
              remove.mutate(endpoint.id);
          }}
        >
          Remove
        </Button>
        {sent ? (
          <span className="text-muted-foreground text-xs" role="status">
            {sent}
          </span>
        ) : null}
      </div>
      {log ? <WebhookDeliveries endpointId={endpoint.id} /> : null}
    </li>
  );
}

export function WebhooksSection() {
  const query = useQuery(endpointsQuery);
  const [editing, setEditing] = useState<WebhookEndpoint | 'new' | null>(null);
  const [created, setCreated] = useState<{ secret: string } | null>(null);
  return (
    <section
      aria-labelledby="webhooks-heading"
      className="border-border bg-card flex flex-col gap-4 rounded-2xl border p-5"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="webhooks-heading" className="font-semibold">
          Webhooks
        </h2>
        <span className="text-muted-foreground font-mono text-[10px] tracking-wider uppercase">Standard Webhooks</span>
        <Button size="small" className="ml-auto" onClick={() => setEditing('new')}>
          Add endpoint
        </Button>
      </div>
      <p className="text-muted-foreground text-sm">
        Marquee sends a signed POST to your endpoints when orders, tickets, events, customers or the waiting list
        change. Failed deliveries are retried for three days.
      </p>
      <QueryState
        query={query}
        error="Your webhook endpoints could not be loaded. Please try again."
        onRetry={() => void query.refetch()}
        loading="Loading webhook endpoints..."
      >
        {(data) =>
          data.endpoints.length === 0 ? (
            <p className="text-muted-foreground text-sm">No endpoints yet.</p>
          ) : (
            <ul className="flex flex-col gap-3">
              {data.endpoints.map((endpoint, index) => (
                <EndpointCard
                  key={endpoint.id}
                  endpoint={endpoint}
                  fresh={created && index === data.endpoints.length - 1 ? created.secret : null}
                  onEdit={() => setEditing(endpoint)}
                />
              ))}
            </ul>
          )
        }
      </QueryState>
      {editing ? (
        <WebhookEndpointDialog
          endpoint={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onCreated={(secret) => {
            setCreated({ secret });
            setEditing(null);
          }}
        />
      ) : null}
    </section>
  );
}
