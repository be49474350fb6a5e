// Creating an API key: a name and the scopes (read or write per resource), then the secret shown this once with a
// copy button and the warning that it will not be shown again.
import { useState } from 'react';
import { API_RESOURCE_LABELS, API_RESOURCES, API_SCOPES, type ApiKeyCreated, type ApiScope } from '@marquee/shared';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { TextField } from '../../../../components/ui/input';
import { useCreateApiKey } from '../../api/api-keys';

function ScopeTick({ scope, checked, onChange }: { scope: ApiScope; checked: boolean; onChange(on: boolean): void }) {
  const access = scope.endsWith(':write') ? 'Write' : 'Read';
  return (
    <label className="flex cursor-pointer items-center gap-2 text-sm">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="accent-primary h-4 w-4"
        aria-label={`${access}: ${API_RESOURCE_LABELS[scope.split(':')[0] as keyof typeof API_RESOURCE_LABELS]}`}
      />
      {access}
    </label>
  );
}

function SecretShown({ created, onDone }: { created: ApiKeyCreated; onDone(): void }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="flex flex-col gap-4 p-6">
      <h2 className="text-lg font-semibold">Your new API key</h2>
      <p role="alert" className="rounded-md border border-amber-500/60 bg-amber-500/10 p-3 text-sm">
        Copy this key now. It will not be shown again: Marquee keeps only a fingerprint of it.
      </p>
      <label className="flex flex-col gap-1.5 text-sm">
        <span className="text-muted-foreground font-mono text-[11px] font-semibold tracking-wider uppercase">
          Secret key
        </span>
        <input
          readOnly
          value={created.secret}
          onFocus={(event) => event.target.select()}
          className="border-border bg-background h-11 w-full rounded-md border px-3 font-mono text-xs"
        />
      </label>
      <div className="flex flex-wrap justify-end gap-2">
        <Button
          size="small"
          variant="secondary"
          onClick={() => {
            void navigator.clipboard?.writeText(created.secret).then(() => setCopied(true));
          }}
        >
          {copied ? 'Copied' : 'Copy key'}
        </Button>
        <Button size="small" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}

export function ApiKeyCreateDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiScope[]>(['events:read']);
  const close = () => {
    create.reset();
    setName('');
    setScopes(['events:read']);
    onClose();
  };
  const nameError = create.error?.message && /name/i.test(create.error.message) ? create.error.message : null;
  return (
    <Dialog open={open} onClose={close} label={create.data ? 'Your new API key' : 'Create an API key'}>
      {create.data ? (
        <SecretShown created={create.data} onDone={close} />
      ) : (
        <form
          className="flex flex-col gap-4 p-6"
          onSubmit={(event) => {
            event.preventDefault();
            create.mutate({ name, scopes });
          }}
        >
          <h2 className="text-lg font-semibold">Create an API key</h2>
          <TextField
            label="Name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            maxLength={80}
            error={nameError}
            required
          />
          <fieldset className="flex flex-col gap-2">
            <legend className="text-muted-foreground mb-1 font-mono text-[11px] font-semibold tracking-wider uppercase">
              What the key may do
            </legend>
            {API_RESOURCES.map((resource) => (
              <div key={resource} className="flex flex-wrap items-center justify-between gap-2">
                <span className="text-sm">{API_RESOURCE_LABELS[resource]}</span>
                <span className="flex gap-4">
                  {API_SCOPES.filter((scope) => scope.startsWith(`${resource}:`)).map((scope) => (
                    <ScopeTick
                      key={scope}
                      scope={scope}
                      checked={scopes.includes(scope)}
                      onChange={(on) =>
                        setScopes((now) => (on ? [...now, scope] : now.filter((item) => item !== scope)))
                      }
                    />
                  ))}
                </span>
              </div>
            ))}
          </fieldset>
          {create.error && !nameError ? (
            <p role="alert" className="text-danger text-sm">
              {create.error.message}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button type="button" size="small" variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" size="small" disabled={create.isPending || scopes.length === 0 || !name.trim()}>
              Create key
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
