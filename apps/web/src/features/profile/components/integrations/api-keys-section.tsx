// Integrations > API keys (decision 150): the organisation's keys (name, prefix, scopes, created, last used), a
// new key (its secret shown once) and revoking one after a confirmation. The API itself is described at
// /api/v1/reference.
import { useState } from 'react';
import type { ApiKeyDto } from '@marquee/shared';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { QueryState } from '../../../../components/ui/query-state';
import { useApiKeys, useRevokeApiKey } from '../../api/api-keys';
import { ApiKeyCreateDialog } from './api-key-create-dialog';

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' }) : 'Never';

function RevokeDialog({ apiKey, onClose }: { apiKey: ApiKeyDto | null; onClose(): void }) {
  const revoke = useRevokeApiKey();
  const close = () => {
    revoke.reset();
    onClose();
  };
  return (
    <Dialog open={apiKey !== null} onClose={close} label="Revoke API key">
      <div className="flex flex-col gap-4 p-6">
        <h2 className="text-lg font-semibold">Revoke “{apiKey?.name}”?</h2>
        <p className="text-muted-foreground text-sm">
          Anything using this key stops working at once. This cannot be undone.
        </p>
        {revoke.error ? (
          <p role="alert" className="text-danger text-sm">
            {revoke.error.message}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button size="small" variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button
            size="small"
            disabled={revoke.isPending}
            onClick={() => apiKey && revoke.mutate(apiKey.id, { onSuccess: close })}
          >
            Revoke key
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

function KeyRow({ apiKey, onRevoke }: { apiKey: ApiKeyDto; onRevoke(): void }) {
  return (
    <li className="border-border flex flex-col gap-2 border-t py-3 first:border-t-0 md:flex-row md:items-center md:justify-between">
      <div className="flex min-w-0 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{apiKey.name}</span>
          <code className="bg-muted rounded px-1.5 py-0.5 font-mono text-xs">{apiKey.prefix}…</code>
          {apiKey.revoked_at ? (
            <span className="text-danger font-mono text-[10px] font-bold tracking-wider uppercase">Revoked</span>
          ) : null}
        </div>
        <p className="text-muted-foreground text-xs break-words">{apiKey.scopes.join(', ')}</p>
        <p className="text-muted-foreground text-xs">
          Created {when(apiKey.created_at)}
          {apiKey.created_by ? ` by ${apiKey.created_by}` : ''} · Last used {when(apiKey.last_used_at)}
        </p>
      </div>
      {apiKey.revoked_at ? null : (
        <Button size="xs" variant="secondary" onClick={onRevoke} aria-label={`Revoke ${apiKey.name}`}>
          Revoke
        </Button>
      )}
    </li>
  );
}

export function ApiKeysSection() {
  const keys = useApiKeys();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKeyDto | null>(null);
  return (
    <section
      aria-labelledby="api-keys-title"
      className="border-border bg-card flex flex-col gap-4 rounded-2xl border p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h2 id="api-keys-title" className="font-semibold">
            API keys
          </h2>
          <p className="text-muted-foreground text-sm">
            Read and change your events, orders, attendees and customers from your own systems.{' '}
            <a
              href="/api/v1/reference"
              target="_blank"
              rel="noreferrer"
              className="text-foreground font-semibold underline underline-offset-2"
            >
              API reference
            </a>
          </p>
        </div>
        <Button size="small" onClick={() => setCreating(true)}>
          Create key
        </Button>
      </div>
      <QueryState
        query={keys}
        error="Your API keys could not be loaded. Please try again."
        onRetry={() => void keys.refetch()}
        loading="Loading your API keys..."
      >
        {(data) =>
          data.keys.length === 0 ? (
            <p className="text-muted-foreground text-sm">No API keys yet.</p>
          ) : (
            <ul aria-label="API keys">
              {data.keys.map((apiKey) => (
                <KeyRow key={apiKey.id} apiKey={apiKey} onRevoke={() => setRevoking(apiKey)} />
              ))}
            </ul>
          )
        }
      </QueryState>
      <ApiKeyCreateDialog open={creating} onClose={() => setCreating(false)} />
      <RevokeDialog apiKey={revoking} onClose={() => setRevoking(null)} />
    </section>
  );
}
