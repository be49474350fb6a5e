// One sync of one connection (decision 155): erasures first (customers gone with no order naming them are
// deleted at the CRM), then the customers changed since the cursor: consenting ones upserted when what they
// would be sent differs from what was last sent (a hash), withdrawn ones unsubscribed once. What was sent is
// recorded as it goes, so a 429 or 5xx part-way fails the job (pg-boss retries it) and the retry sends only
// the rest; the cursor moves only when a run finishes. Paused (nothing sent, nothing lost) without PRO.
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import {
  CrmAuthError,
  CrmRequestError,
  CrmRetryableError,
  subscriberHash,
  type CrmClient,
  type CrmContact,
} from '../../adapters/crm/crm.js';
import { planAccess } from '../plan/plan-access.js';
import { clientFor, type CrmClientDeps } from './crm-client.js';
import {
  changedCustomers,
  claimConnection,
  deleteItem,
  departedItems,
  eventsOf,
  findConnection,
  itemsOf,
  saveItem,
  updateConnection,
  writeLog,
  type CrmConnectionRow,
  type CustomerRow,
} from './crm-store.js';

/** Changes committed late (a long transaction) are still seen: each run looks back this far past its cursor. */
export const CURSOR_OVERLAP_MS = 10 * 60_000;
export const PAGE_SIZE = 200;
/** Most customers one run sends; the next run carries on from where it stopped. */
export const MAX_SENDS_PER_RUN = 1000;
const LEASE_MS = 5 * 60_000;

export interface CrmSyncDeps extends CrmClientDeps {
  log: FastifyBaseLogger;
}

export type SyncOutcome =
  | { ran: false; reason: 'missing' | 'not_connected' | 'no_audience' | 'not_pro' | 'busy' }
  | { ran: true; upserted: number; withdrawn: number; erased: number; failed: number };

const sha256 = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

function contactOf(row: CustomerRow, events: string[], item: { tags: string[]; state: string } | undefined) {
  const contact: CrmContact = {
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    country: row.country,
    orders: row.orders,
    tickets: row.tickets,
    spendMinor: row.spendMinor,
    spendCurrency: row.spendCurrency,
    lastPurchaseAt: row.lastPurchaseAt,
    events,
    knownTags: item?.tags ?? [],
    resubscribe: item?.state === 'withdrawn',
  };
  const { knownTags: _known, resubscribe: _again, ...sent } = contact;
  return { contact, hash: sha256({ ...sent, lastPurchaseAt: row.lastPurchaseAt.toISOString() }) };
}

async function eraseDeparted(db: Database, client: CrmClient, connection: CrmConnectionRow) {
  let erased = 0;
  for (const gone of await departedItems(db, connection, MAX_SENDS_PER_RUN)) {
    // Refunded out of being a customer (an order still names them): their consent stands; nothing to send.
    if (!gone.still_ordered) {
      await client.erase(gone.remote_id);
      await writeLog(db, connection, { action: 'erase', status: 'ok', customerId: gone.customer_id });
      erased += 1;
    }
    await deleteItem(db, connection, gone.customer_id);
  }
  return erased;
}

async function syncChanged(db: Database, client: CrmClient, connection: CrmConnectionRow) {
  const since = connection.cursor ? new Date(connection.cursor.getTime() - CURSOR_OVERLAP_MS) : null;
  const counts = { upserted: 0, withdrawn: 0, failed: 0 };
  let after: { updatedAt: string; id: string; at: Date } | null = null;
  let sends = 0;
  for (;;) {
    const page = await changedCustomers(db, connection.organizationId, since, after, PAGE_SIZE);
    if (page.length === 0) return { ...counts, complete: true, reached: after?.at ?? null };
    const ids = page.map((row) => row.id);
    const [items, events] = await Promise.all([
      itemsOf(db, connection, ids),
      eventsOf(db, connection.organizationId, ids),
    ]);
    const pending: Array<{ row: CustomerRow; contact: CrmContact; hash: string }> = [];
    const flush = async () => {
      if (pending.length === 0) return;
      const batch = pending.splice(0, pending.length);
      let upserted: Awaited<ReturnType<CrmClient['upsert']>>;
      try {
        upserted = await client.upsert(batch.map((entry) => entry.contact));
      } catch (error) {
        if (!(error instanceof CrmRequestError)) throw error;
        upserted = [];
      }
      const remoteIds = new Map(upserted.map((done) => [done.email, done.remoteId]));
      for (const entry of batch) {
        const remoteId = remoteIds.get(entry.contact.email);
        if (!remoteId) {
          counts.failed += 1;
          await writeLog(db, connection, {
            action: 'upsert',
            status: 'failed',
            customerId: entry.row.id,
            message: `${client.provider === 'mailchimp' ? 'Mailchimp' : 'HubSpot'} refused this customer`,
          });
          continue;
        }
        const before = items.get(entry.row.id);
        const newTags = entry.contact.events.filter((name) => !(before?.tags ?? []).includes(name));
        await saveItem(db, connection, {
          customerId: entry.row.id,
          remoteId,
          emailHash: subscriberHash(entry.row.email),
          dataHash: entry.hash,
          tags: [...new Set([...(before?.tags ?? []), ...entry.contact.events])],
          state: 'synced',
        });
        counts.upserted += 1;
        await writeLog(db, connection, {
          action: 'upsert',
          status: 'ok',
          customerId: entry.row.id,
          message: before ? 'Updated' : 'Added',
        });
        if (client.provider === 'mailchimp' && newTags.length > 0) {
          await writeLog(db, connection, {
            action: 'tag',
            status: 'ok',
            customerId: entry.row.id,
            message: `Tagged: ${newTags.join(', ')}`.slice(0, 300),
          });
        }
      }
    };
    for (const row of page) {
      after = { updatedAt: row.updatedAtText, id: row.id, at: row.updatedAt };
      const item = items.get(row.id);
      if (!row.marketingConsent) {
        if (item?.state !== 'synced') continue;
        await client.withdraw(item.remoteId);
        await saveItem(db, connection, { ...item, dataHash: '', state: 'withdrawn' });
        await writeLog(db, connection, { action: 'withdraw', status: 'ok', customerId: row.id });
        counts.withdrawn += 1;
        sends += 1;
        continue;
      }
      const { contact, hash } = contactOf(row, events.get(row.id) ?? [], item);
      if (item?.state === 'synced' && item.dataHash === hash) continue;
      pending.push({ row, contact, hash });
      sends += 1;
      if (pending.length >= client.batchSize) await flush();
      if (sends >= MAX_SENDS_PER_RUN) {
        await flush();
        return { ...counts, complete: false, reached: row.updatedAt };
      }
    }
    await flush();
  }
}

export async function runSync(
  deps: CrmSyncDeps,
  scope: { organizationId: string; connectionId: string },
): Promise<SyncOutcome> {
  const { db } = deps;
  const connection = await findConnection(db, scope.organizationId, scope.connectionId);
  if (!connection) return { ran: false, reason: 'missing' };
  if (connection.status !== 'connected') return { ran: false, reason: 'not_connected' };
  if (connection.provider === 'mailchimp' && !connection.audienceId) return { ran: false, reason: 'no_audience' };
  if (!(await planAccess(db, connection.organizationId)).pro) return { ran: false, reason: 'not_pro' };
  if (!(await claimConnection(db, connection, new Date(Date.now() + LEASE_MS)))) return { ran: false, reason: 'busy' };
  const started = new Date();
  try {
    const client = clientFor(deps, connection);
    if (connection.provider === 'hubspot' && !connection.propertiesReady) {
      await client.prepare();
      await updateConnection(db, connection, { propertiesReady: new Date() });
    }
    const erased = await eraseDeparted(db, client, connection);
    const changed = await syncChanged(db, client, connection);
    const cursor = changed.complete ? started : (changed.reached ?? connection.cursor);
    await updateConnection(db, connection, { cursor, lastSyncAt: new Date(), lastError: null, leaseUntil: null });
    const outcome = {
      ran: true as const,
      erased,
      upserted: changed.upserted,
      withdrawn: changed.withdrawn,
      failed: changed.failed,
    };
    if (erased + changed.upserted + changed.withdrawn + changed.failed > 0) {
      await writeLog(db, connection, {
        action: 'sync',
        status: changed.failed > 0 ? 'failed' : 'ok',
        count: erased + changed.upserted + changed.withdrawn,
        message: `${changed.upserted} sent, ${changed.withdrawn} withdrawn, ${erased} erased, ${changed.failed} refused`,
      });
    }
    return outcome;
  } catch (error) {
    const message = error instanceof Error ? error.message : 'Sync failed';
    if (error instanceof CrmAuthError) {
      // The organiser has to connect again; retrying the same credentials cannot help.
      await updateConnection(db, connection, { status: 'error', lastError: message, leaseUntil: null });
      await writeLog(db, connection, { action: 'sync', status: 'failed', message });
      return { ran: false, reason: 'not_connected' };
    }
    const retryAfter = error instanceof CrmRetryableError ? error.retryAfterSeconds : undefined;
    await updateConnection(db, connection, {
      lastError: message,
      // A Retry-After holds every attempt back until then.
      leaseUntil: retryAfter ? new Date(Date.now() + retryAfter * 1000) : null,
    });
    await writeLog(db, connection, { action: 'sync', status: 'retry', message: `${message}; retried later` });
    deps.log.warn(
      { connectionId: connection.id, reason: error instanceof Error ? error.name : 'Error' },
      'crm sync failed',
    );
    throw error;
  }
}
