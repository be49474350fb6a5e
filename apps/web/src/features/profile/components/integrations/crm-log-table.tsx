// Customer Sync's log (decision 155): the latest actions across both services, newest first; customers are
// named by their id only (no addresses).
import type { CrmLogEntry } from '@marquee/shared';

const ACTIONS: Record<CrmLogEntry['action'], string> = {
  upsert: 'Customer sent',
  tag: 'Tagged',
  withdraw: 'Consent withdrawn',
  erase: 'Erased',
  connect: 'Connected',
  sync: 'Sync',
};
const STATUS: Record<CrmLogEntry['status'], string> = { ok: 'OK', retry: 'Will retry', failed: 'Failed' };
const PROVIDER = { mailchimp: 'Mailchimp', hubspot: 'HubSpot' } as const;

export function CrmLogTable({ log }: { log: CrmLogEntry[] }) {
  if (log.length === 0) return <p className="text-muted-foreground text-sm">Nothing synced yet.</p>;
  return (
    <div className="border-border overflow-x-auto rounded-xl border" tabIndex={0} aria-label="Customer Sync log">
      <table className="w-full min-w-[560px] text-left text-sm">
        <caption className="sr-only">Customer Sync log, newest first</caption>
        <thead className="text-muted-foreground font-mono text-[11px] tracking-wider uppercase">
          <tr>
            <th scope="col" className="px-3 py-2">
              When
            </th>
            <th scope="col" className="px-3 py-2">
              Service
            </th>
            <th scope="col" className="px-3 py-2">
              Action
            </th>
            <th scope="col" className="px-3 py-2">
              Status
            </th>
            <th scope="col" className="px-3 py-2">
              Details
            </th>
          </tr>
        </thead>
        <tbody>
          {log.map((entry) => (
            <tr key={entry.id} className="border-border border-t">
              <td className="px-3 py-2 whitespace-nowrap">{new Date(entry.at).toLocaleString()}</td>
              <td className="px-3 py-2">{PROVIDER[entry.provider]}</td>
              <td className="px-3 py-2">{ACTIONS[entry.action]}</td>
              <td className={`px-3 py-2 font-semibold ${entry.status === 'ok' ? '' : 'text-danger'}`}>
                {STATUS[entry.status]}
              </td>
              <td className="text-muted-foreground px-3 py-2 break-words">
                {entry.message}
                {entry.customer_id ? (
                  <span className="font-mono text-xs"> · customer {entry.customer_id.slice(0, 8)}</span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
