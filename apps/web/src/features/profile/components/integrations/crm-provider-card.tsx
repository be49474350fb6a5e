// One service of Customer Sync (decision 155): connect (OAuth when this server has the service's app, else a
// pasted key or token with where to find it), then its status, last sync, the Mailchimp audience, Sync now
// and Disconnect.
import { useId, useState } from 'react';
import type { CrmConnection, CrmProviderName } from '@marquee/shared';
import { Button } from '../../../../components/ui/button';
import { FieldError, TextField, inputClasses } from '../../../../components/ui/input';
import { labelClasses } from '../../../../components/ui/field';
import { ApiError } from '../../../../lib/api-client';
import { crmCalls, useAudiences, useCrmChange } from './customer-sync-api';

const TEXTS = {
  mailchimp: {
    name: 'Mailchimp',
    what: 'Consenting buyers join your audience, tagged with each event they bought for.',
    keyLabel: 'Mailchimp API key',
    keyHelp: 'In Mailchimp: Profile › Extras › API keys › Create A Key. It ends in your data centre, like -us21.',
  },
  hubspot: {
    name: 'HubSpot',
    what: 'Consenting buyers become contacts with their orders, tickets, spend, last purchase and events.',
    keyLabel: 'HubSpot private app access token',
    keyHelp:
      'In HubSpot: Settings › Integrations › Private Apps › Create a private app with the contacts read and write and contact schemas read and write scopes, then copy its access token.',
  },
} as const;

const message = (error: unknown) =>
  error instanceof ApiError ? error.message : 'Something went wrong. Please try again.';

export function CrmProviderCard(props: {
  provider: CrmProviderName;
  connection: CrmConnection | undefined;
  oauth: boolean;
}) {
  const { provider, connection, oauth } = props;
  const texts = TEXTS[provider];
  return (
    <section
      aria-labelledby={`crm-${provider}-title`}
      className="border-border bg-background flex flex-col gap-3 rounded-xl border p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`crm-${provider}-title`} className="font-semibold">
          {texts.name}
        </h3>
        <StatusBadge connection={connection} />
      </div>
      <p className="text-muted-foreground text-sm">{texts.what}</p>
      {connection ? (
        <Connected provider={provider} connection={connection} />
      ) : (
        <Connect provider={provider} oauth={oauth} />
      )}
    </section>
  );
}

function StatusBadge({ connection }: { connection: CrmConnection | undefined }) {
  const [text, tone] = !connection
    ? ['Not connected', 'border-border text-muted-foreground']
    : connection.status === 'error'
      ? ['Needs attention', 'border-danger text-danger']
      : ['Connected', 'border-emerald-700 text-emerald-800 dark:border-primary dark:text-primary'];
  return (
    <span className={`rounded border px-2 py-0.5 font-mono text-[11px] font-semibold uppercase ${tone}`}>{text}</span>
  );
}

function Connect({ provider, oauth }: { provider: CrmProviderName; oauth: boolean }) {
  const texts = TEXTS[provider];
  const [key, setKey] = useState('');
  const connect = useCrmChange(crmCalls.connectKey);
  const start = useCrmChange(async () => {
    const { url } = await crmCalls.startOAuth(provider);
    window.location.assign(url);
  });
  const hintId = useId();
  if (oauth) {
    return (
      <div className="flex flex-col gap-2">
        <div>
          <Button size="small" onClick={() => start.mutate(undefined)} disabled={start.isPending}>
            {`Connect ${texts.name}`}
          </Button>
        </div>
        {start.error ? <FieldError message={message(start.error)} /> : null}
      </div>
    );
  }
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        connect.mutate({ provider, key }, { onSuccess: () => setKey('') });
      }}
    >
      <TextField
        label={texts.keyLabel}
        type="password"
        autoComplete="off"
        spellCheck={false}
        value={key}
        onChange={(event) => setKey(event.target.value)}
        error={connect.error ? message(connect.error) : null}
        aria-describedby={hintId}
        hint={
          <p id={hintId} className="text-muted-foreground text-xs">
            {texts.keyHelp}
          </p>
        }
      />
      <div>
        <Button type="submit" size="small" disabled={connect.isPending || key.trim() === ''}>
          {connect.isPending ? 'Checking…' : `Connect ${texts.name}`}
        </Button>
      </div>
    </form>
  );
}

function Connected({ provider, connection }: { provider: CrmProviderName; connection: CrmConnection }) {
  const sync = useCrmChange(crmCalls.syncNow);
  const disconnect = useCrmChange(crmCalls.disconnect);
  const [queued, setQueued] = useState(false);
  const needsAudience = provider === 'mailchimp' && !connection.audience_id;
  return (
    <div className="flex flex-col gap-3">
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="text-muted-foreground">Account</dt>
        <dd>{connection.account_label}</dd>
        <dt className="text-muted-foreground">Last sync</dt>
        <dd>{connection.last_sync_at ? new Date(connection.last_sync_at).toLocaleString() : 'Not yet'}</dd>
        <dt className="text-muted-foreground">Customers synced</dt>
        <dd>{connection.synced_customers}</dd>
      </dl>
      {connection.last_error ? (
        <p role="status" className="text-danger text-sm">
          {connection.status === 'error' ? 'Connect again: ' : 'Last attempt: '}
          {connection.last_error}
        </p>
      ) : null}
      {provider === 'mailchimp' ? <AudiencePicker connection={connection} /> : null}
      <div className="flex flex-wrap gap-2">
        <Button
          size="small"
          disabled={sync.isPending || needsAudience || connection.status !== 'connected'}
          onClick={() => sync.mutate(provider, { onSuccess: () => setQueued(true) })}
        >
          Sync now
        </Button>
        <Button
          size="small"
          variant="secondary"
          disabled={disconnect.isPending}
          onClick={() => disconnect.mutate(provider)}
        >
          Disconnect
        </Button>
      </div>
      <p role="status" className="text-muted-foreground text-xs">
        {queued && !sync.error ? 'Sync started. The log below shows what was sent.' : ''}
      </p>
      {sync.error ? <FieldError message={message(sync.error)} /> : null}
      {disconnect.error ? <FieldError message={message(disconnect.error)} /> : null}
    </div>
  );
}

function AudiencePicker({ connection }: { connection: CrmConnection }) {
  const audiences = useAudiences(true);
  const choose = useCrmChange(crmCalls.chooseAudience);
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className={labelClasses}>
        Audience
      </label>
      <select
        id={id}
        className={inputClasses}
        value={connection.audience_id ?? ''}
        disabled={!audiences.data || choose.isPending}
        onChange={(event) => {
          if (event.target.value) choose.mutate(event.target.value);
        }}
      >
        <option value="">{audiences.isLoading ? 'Loading audiences…' : 'Choose an audience'}</option>
        {(audiences.data?.audiences ?? []).map((audience) => (
          <option key={audience.id} value={audience.id}>
            {audience.name}
          </option>
        ))}
      </select>
      {audiences.error ? <FieldError message={message(audiences.error)} /> : null}
      {choose.error ? <FieldError message={message(choose.error)} /> : null}
    </div>
  );
}
