// Customer Sync's jobs (decision 155): every minute the sweep queues one run per connected connection of a PRO
// organisation that has none waiting; a run that meets a 429 or 5xx fails and pg-boss retries it with back-off.
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { CrmEndpoints } from '../../adapters/compose.js';
import { JOB_SCHEMA, QUEUES, type JobQueue } from '../../jobs/queue.js';
import { planAccess } from '../plan/plan-access.js';
import type { CrmSecrets } from './crm-secrets.js';
import { runSync, type SyncOutcome } from './crm-sync.js';

const syncJob = z.object({ connectionId: z.uuid(), organizationId: z.string().min(1) });

export interface CrmSync {
  secrets: CrmSecrets;
  endpoints: CrmEndpoints;
  /** Queues a run of the connection now unless one is already waiting. */
  queue(scope: { organizationId: string; connectionId: string }): Promise<void>;
  run(scope: { organizationId: string; connectionId: string }): Promise<SyncOutcome>;
  sweep(): Promise<number>;
  handlers: Record<typeof QUEUES.crmSync | typeof QUEUES.crmSyncSweep, (data: unknown) => Promise<unknown>>;
}

export function createCrmSync(deps: {
  db: Database;
  jobs: JobQueue;
  log: FastifyBaseLogger;
  secrets: CrmSecrets;
  endpoints: CrmEndpoints;
}): CrmSync {
  const { db, jobs } = deps;
  async function waiting(connectionId: string) {
    const result = await db.execute(sql`
      select 1 from ${sql.raw(JOB_SCHEMA)}.job
      where name = ${QUEUES.crmSync} and state in ('created', 'retry', 'active')
        and data->>'connectionId' = ${connectionId}
      limit 1`);
    return (result as unknown as { rows: unknown[] }).rows.length > 0;
  }
  const sync: CrmSync = {
    secrets: deps.secrets,
    endpoints: deps.endpoints,
    async queue(scope) {
      if (await waiting(scope.connectionId)) return;
      await jobs.send(QUEUES.crmSync, { connectionId: scope.connectionId, organizationId: scope.organizationId });
    },
    run: (scope) => runSync(deps, scope),
    async sweep() {
      const result = await db.execute(sql`
        select id, organization_id from crm_connection
        where status = 'connected' and (provider <> 'mailchimp' or audience_id is not null)`);
      const rows = (result as unknown as { rows: Array<{ id: string; organization_id: string }> }).rows;
      let queued = 0;
      for (const row of rows) {
        // Paused, not lost: without PRO nothing is queued, and the cursor waits where it is.
        if (!(await planAccess(db, row.organization_id)).pro) continue;
        await sync.queue({ connectionId: row.id, organizationId: row.organization_id });
        queued += 1;
      }
      return queued;
    },
    handlers: {
      [QUEUES.crmSync]: async (data) => {
        const outcome = await runSync(deps, syncJob.parse(data));
        if (outcome.ran && outcome.upserted + outcome.erased + outcome.withdrawn > 0)
          deps.log.info({ ...outcome }, 'customer sync run');
        return outcome;
      },
      [QUEUES.crmSyncSweep]: async () => sync.sweep(),
    },
  };
  return sync;
}
