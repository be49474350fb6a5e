// Profile > Integrations (PRO, decision 149). Without PRO: what PRO unlocks and a way to Billing. With PRO: one
// card per integration, each its own file in this folder (API keys, webhooks, customer sync, embed, tracking).
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { QueryState } from '../../../../components/ui/query-state';
import { usePlan } from '../../../../lib/plan';
import { ApiKeysSection } from './api-keys-section';
import { CustomerSyncSection } from './customer-sync-section';
import { EmbedSection } from './embed-section';
import { PixelsSection } from './pixels-section';
import { WebhooksSection } from './webhooks-section';

/** The integrations shown with PRO, in order; each section is one file here and owns its data and texts. */
const SECTIONS: Array<{ id: string; Section: () => ReactNode }> = [
  { id: 'api-keys', Section: ApiKeysSection },
  { id: 'webhooks', Section: WebhooksSection },
  { id: 'customer-sync', Section: CustomerSyncSection },
  { id: 'embed', Section: EmbedSection },
  { id: 'pixels', Section: PixelsSection },
];

const UNLOCKS = [
  { title: 'Customer Sync', kind: 'CRM', text: 'Sync your ticket buyers to your CRM automatically.' },
  { title: 'API Access', kind: 'REST API', text: 'Read your event and customer data through a REST API.' },
];

export function IntegrationsTab({ canManage }: { canManage: boolean }) {
  const plan = usePlan();
  return (
    <QueryState
      query={plan}
      error="Your plan could not be loaded. Please try again."
      onRetry={() => void plan.refetch()}
      loading="Loading your plan..."
    >
      {(info) =>
        info.pro ? (
          <div className="flex flex-col gap-4">
            {SECTIONS.map(({ id, Section }) => (
              <Section key={id} />
            ))}
          </div>
        ) : (
          <div className="flex flex-col gap-4">
            <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
              {UNLOCKS.map((item) => (
                <div key={item.title} className="border-border bg-card flex flex-col gap-2 rounded-2xl border p-5">
                  <div className="flex items-center gap-2">
                    <h2 className="font-semibold">{item.title}</h2>
                    <span className="bg-primary text-primary-foreground rounded px-1.5 py-0.5 font-mono text-[9px] font-bold">
                      PRO
                    </span>
                    <span className="text-muted-foreground font-mono text-[10px] tracking-wider uppercase">
                      {item.kind}
                    </span>
                  </div>
                  <p className="text-muted-foreground text-sm">{item.text}</p>
                </div>
              ))}
            </div>
            <p className="text-sm">
              {info.status === 'ended' ? 'Your PRO plan has ended. ' : ''}
              Integrations need the PRO plan.{' '}
              {canManage ? (
                <Link to="/dashboard/billing" className="text-foreground font-semibold underline underline-offset-2">
                  Subscribe in Billing
                </Link>
              ) : (
                'Your organisation’s owner can subscribe in Billing.'
              )}
            </p>
          </div>
        )
      }
    </QueryState>
  );
}
