// Customer Sync's connections as the organiser manages them (decision 155): connect with a key or through OAuth,
// choose the Mailchimp audience, read the connections and the recent log, disconnect. Every query is scoped by
// the organisation; credentials are checked against the service before they are kept, and kept sealed.
import { and, count, desc, eq } from 'drizzle-orm';
import { CRM_MESSAGES, type CrmOverview } from '@marquee/shared';
import type { Database } from '../../db/client.js';
import { crmConnection, crmSyncItem, crmSyncLog, type CrmProvider } from '../../db/schema/index.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { CrmAuthError, CrmRequestError, CrmRetryableError, type CrmClient } from '../../adapters/crm/crm.js';
import { mailchimpKeyDataCenter } from '../../adapters/crm/mailchimp.js';
import type { CrmCredentials } from './crm-secrets.js';
import { clientFor, type CrmClientDeps } from './crm-client.js';
import { writeLog, type CrmConnectionRow } from './crm-store.js';

export const LOG_LIMIT = 50;

/** A service's answer while connecting, as the organiser's error. */
export function connectError(error: unknown): AppError {
  if (error instanceof CrmAuthError) return new AppError('UNPROCESSABLE', CRM_MESSAGES.refused);
  if (error instanceof CrmRetryableError) return new AppError('BAD_GATEWAY', CRM_MESSAGES.unreachable);
  if (error instanceof CrmRequestError) return new AppError('UNPROCESSABLE', CRM_MESSAGES.refused);
  return error instanceof AppError ? error : new AppError('BAD_GATEWAY', CRM_MESSAGES.unreachable);
}

export async function connectionOf(db: Database, organizationId: string, provider: CrmProvider) {
  const [row] = await db
    .select()
    .from(crmConnection)
    .where(and(eq(crmConnection.organizationId, organizationId), eq(crmConnection.provider, provider)))
    .limit(1);
  return row;
}

export async function requireConnection(db: Database, organizationId: string, provider: CrmProvider) {
  const row = await connectionOf(db, organizationId, provider);
  if (!row) throw new AppError('NOT_FOUND', CRM_MESSAGES.notConnected);
  return row;
}

/** The credentials of a pasted key: Mailchimp's needs its data centre suffix. */
export function keyCredentials(provider: CrmProvider, key: string): CrmCredentials {
  if (provider === 'hubspot') return { provider, kind: 'key', token: key };
  const dc = mailchimpKeyDataCenter(key);
  if (!dc)
    throw new AppError('VALIDATION_ERROR', CRM_MESSAGES.mailchimpKey, [
      { path: 'key', message: CRM_MESSAGES.mailchimpKey },
    ]);
  return { provider, kind: 'key', key, dc };
}

/**
 * Checks the credentials with the service (its account name) and keeps them: a new connection, or the
 * organisation's existing one for this service with its sync state started afresh (the account may differ).
 */
export async function saveConnection(
  deps: CrmClientDeps,
  organizationId: string,
  credentials: CrmCredentials,
  accountName?: string,
): Promise<CrmConnectionRow> {
  const { db, secrets } = deps;
  const provider = credentials.provider;
  // The probe may refresh an OAuth token: what is kept is the newest.
  let latest = credentials;
  const probe = clientFor(
    deps,
    { credentials: secrets.seal(credentials), provider, audienceId: null } as CrmConnectionRow,
    async (refreshed) => {
      latest = refreshed;
    },
  );
  let label: string;
  try {
    label = accountName ?? (await probe.accountLabel());
  } catch (error) {
    throw connectError(error);
  }
  const sealed = secrets.seal(latest);
  const values = {
    organizationId,
    provider,
    authKind: credentials.kind,
    credentials: sealed,
    accountLabel: label.slice(0, 200),
    audienceId: null,
    audienceName: null,
    status: 'connected' as const,
    propertiesReady: null,
    cursor: null,
    leaseUntil: null,
    lastError: null,
    updatedAt: new Date(),
  };
  const row = await db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(crmConnection)
      .values(values)
      .onConflictDoUpdate({ target: [crmConnection.organizationId, crmConnection.provider], set: values })
      .returning();
    await tx
      .delete(crmSyncItem)
      .where(and(eq(crmSyncItem.connectionId, saved!.id), eq(crmSyncItem.organizationId, organizationId)));
    return saved!;
  });
  await writeLog(db, row, { action: 'connect', status: 'ok', count: 0, message: `Connected to ${row.accountLabel}` });
  return row;
}

export async function listAudiences(deps: CrmClientDeps, connection: CrmConnectionRow) {
  const client: CrmClient = clientFor(deps, connection);
  try {
    return await client.audiences();
  } catch (error) {
    throw connectError(error);
  }
}

export async function chooseAudience(deps: CrmClientDeps, organizationId: string, audienceId: string) {
  const connection = await requireConnection(deps.db, organizationId, 'mailchimp');
  const audience = (await listAudiences(deps, connection)).find((entry) => entry.id === audienceId);
  if (!audience) throw badRequest('That audience is not in this Mailchimp account');
  await deps.db.transaction(async (tx) => {
    // Another audience starts the sync afresh: every consenting customer goes to it.
    const changed = connection.audienceId !== audience.id;
    await tx
      .update(crmConnection)
      .set({
        audienceId: audience.id,
        audienceName: audience.name.slice(0, 200),
        ...(changed ? { cursor: null } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(crmConnection.id, connection.id), eq(crmConnection.organizationId, organizationId)));
    if (changed)
      await tx
        .delete(crmSyncItem)
        .where(and(eq(crmSyncItem.connectionId, connection.id), eq(crmSyncItem.organizationId, organizationId)));
  });
  return audience;
}

/** Forgets the connection: its credentials, what it sent and its log (nothing is deleted at the service). */
export async function disconnect(db: Database, organizationId: string, provider: CrmProvider) {
  const connection = await requireConnection(db, organizationId, provider);
  await db
    .delete(crmConnection)
    .where(and(eq(crmConnection.id, connection.id), eq(crmConnection.organizationId, organizationId)));
}

export async function overview(
  db: Database,
  organizationId: string,
  oauth: CrmOverview['oauth'],
): Promise<CrmOverview> {
  const connections = await db
    .select()
    .from(crmConnection)
    .where(eq(crmConnection.organizationId, organizationId))
    .orderBy(crmConnection.provider);
  const synced = await db
    .select({ connectionId: crmSyncItem.connectionId, n: count() })
    .from(crmSyncItem)
    .where(and(eq(crmSyncItem.organizationId, organizationId), eq(crmSyncItem.state, 'synced')))
    .groupBy(crmSyncItem.connectionId);
  const syncedBy = new Map(synced.map((row) => [row.connectionId, row.n]));
  const log = await db
    .select({
      id: crmSyncLog.id,
      provider: crmConnection.provider,
      at: crmSyncLog.at,
      action: crmSyncLog.action,
      customerId: crmSyncLog.customerId,
      count: crmSyncLog.count,
      status: crmSyncLog.status,
      message: crmSyncLog.message,
    })
    .from(crmSyncLog)
    .innerJoin(crmConnection, eq(crmConnection.id, crmSyncLog.connectionId))
    .where(and(eq(crmSyncLog.organizationId, organizationId), eq(crmConnection.organizationId, organizationId)))
    .orderBy(desc(crmSyncLog.at), desc(crmSyncLog.id))
    .limit(LOG_LIMIT);
  return {
    connections: connections.map((row) => ({
      id: row.id,
      provider: row.provider,
      auth_kind: row.authKind,
      account_label: row.accountLabel,
      audience_id: row.audienceId,
      audience_name: row.audienceName,
      status: row.status,
      last_sync_at: row.lastSyncAt?.toISOString() ?? null,
      last_error: row.lastError,
      synced_customers: syncedBy.get(row.id) ?? 0,
    })),
    oauth,
    log: log.map((row) => ({
      id: row.id,
      provider: row.provider,
      at: row.at.toISOString(),
      action: row.action,
      customer_id: row.customerId,
      count: row.count,
      status: row.status,
      message: row.message,
    })),
  };
}
