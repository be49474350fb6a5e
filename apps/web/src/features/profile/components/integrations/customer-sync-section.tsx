// Profile > Integrations > Customer Sync (CRM, PRO; decision 155): Mailchimp and HubSpot side by side, and the
// log of what was sent. Only buyers who ticked marketing consent are ever sent.
import { useSearchParams } from 'react-router';
import { QueryState } from '../../../../components/ui/query-state';
import { CrmLogTable } from './crm-log-table';
import { CrmProviderCard } from './crm-provider-card';
import { useCrmOverview } from './customer-sync-api';

const RETURNS: Record<string, string> = {
  connected: 'Connected.',
  failed: 'The service did not complete the connection. Please try again.',
  cancelled: 'The connection was cancelled.',
};

export function CustomerSyncSection() {
  const overview = useCrmOverview();
  const [params] = useSearchParams();
  const returned = params.get('crm');
  return (
    <section
      aria-labelledby="customer-sync-title"
      className="border-border bg-card flex flex-col gap-4 rounded-2xl border p-5"
    >
      <div className="flex items-center gap-2">
        <h2 id="customer-sync-title" className="font-semibold">
          Customer Sync
        </h2>
        <span className="bg-primary text-primary-foreground rounded px-1.5 py-0.5 font-mono text-[9px] font-bold">
          PRO
        </span>
        <span className="text-muted-foreground font-mono text-[10px] tracking-wider uppercase">CRM</span>
      </div>
      <p className="text-muted-foreground text-sm">
        Buyers who agreed to marketing are sent to your CRM every minute; buyers you delete are deleted there too.
      </p>
      {returned && RETURNS[returned] ? (
        <p role="status" className="text-sm font-semibold">
          {RETURNS[returned]}
        </p>
      ) : null}
      <QueryState
        query={overview}
        error="Customer Sync could not be loaded. Please try again."
        onRetry={() => void overview.refetch()}
        loading="Loading Customer Sync..."
      >
        {(data) => (
          <div className="flex flex-col gap-4">
            <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
              {(['mailchimp', 'hubspot'] as const).map((provider) => (
                <CrmProviderCard
                  key={provider}
                  provider={provider}
                  oauth={data.oauth[provider]}
                  connection={data.connections.find((entry) => entry.provider === provider)}
                />
              ))}
            </div>
            <h3 className="font-semibold">Log</h3>
            <CrmLogTable log={data.log} />
          </div>
        )}
      </QueryState>
    </section>
  );
}
