// Custom-domain rules: saving the domain (one organisation per domain, a fresh token and reset flags on
// change), verifying it with the provider (throttled to once a minute), reporting its status, removing
// provider hostnames the organisation owns, the wizard flag, and the TLS "ask" check. Every query is scoped
// by the caller's organisation id.
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import {
  DOMAIN_MESSAGES,
  VERIFY_COOLDOWN_SECONDS,
  customDomainMessage,
  isValidCustomDomain,
  normalizeCustomDomain,
  verifyThrottleMessage,
  type CustomDomainResponse,
  type DomainFinding,
  type DomainStatus,
  type DomainStatusResponse,
} from '@marquee/shared';
import type { Database } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { customHostname, organizationSettings } from '../../db/schema/index.js';
import type { DomainCheck } from '../../adapters/domains/domains.js';
import { AppError } from '../../lib/errors.js';
import {
  clearWayForClaim,
  DOMAIN_TAKEN_MESSAGE,
  findHostname,
  removeFromProvider,
  type DomainDeps,
  type HostnameRow,
} from './domain-claims.js';

export { DOMAIN_TAKEN_MESSAGE, type DomainDeps };

export const PROVIDER_UNREACHABLE_MESSAGE = 'Could not reach the domain provider. Please try again in a few minutes.';

const bare = (host: string) => host.toLowerCase().replace(/:\d+$/, '');
const flag = (value: boolean) => (value ? (1 as const) : (0 as const));
/** The wizard's "verified": the provider accepted the hostname (pending_ssl) or it is fully live. */
const isVerifiedStatus = (status: DomainStatus) => status === 'pending_ssl' || status === 'active';
const newToken = () => randomBytes(18).toString('base64url');

async function loadSettings(db: Database, organizationId: string) {
  const [row] = await db
    .select({
      customDomain: organizationSettings.customDomain,
      verified: organizationSettings.customDomainVerified,
      wizardCompleted: organizationSettings.customDomainWizardCompleted,
    })
    .from(organizationSettings)
    .where(eq(organizationSettings.organizationId, organizationId))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Organisation not found');
  return row;
}

/** The row for the organisation's current domain, created when a domain predates this table. */
async function currentHostname(deps: DomainDeps, organizationId: string, domain: string): Promise<HostnameRow> {
  const existing = await findHostname(deps.db, organizationId, domain);
  if (existing) return existing;
  await deps.db
    .insert(customHostname)
    .values({
      id: randomUUID(),
      organizationId,
      hostname: domain,
      verificationToken: newToken(),
      provider: deps.provider.kind,
    })
    .onConflictDoNothing();
  const created = await findHostname(deps.db, organizationId, domain);
  if (!created) throw new Error('custom hostname row vanished');
  return created;
}

function statusResponse(
  deps: DomainDeps,
  result: {
    status: DomainStatus;
    error: string | null;
    txtName: string | null;
    txtValue: string | null;
    finding?: DomainFinding | null | undefined;
  },
): DomainStatusResponse {
  return {
    verified: isVerifiedStatus(result.status),
    status: result.status,
    error: result.error,
    details: {
      txt_name: result.txtName,
      txt_value: result.txtValue,
      cname_target: deps.provider.cnameTarget,
      missing_record: result.finding?.missing ?? null,
      found: result.finding?.found ?? [],
    },
  };
}

/** Stores a provider answer; a fully active domain becomes the organisation's verified domain. */
async function recordCheck(deps: DomainDeps, row: HostnameRow, result: DomainCheck, registered: boolean) {
  const now = deps.now?.() ?? new Date();
  const values = {
    status: result.status,
    lastError: result.error ?? null,
    txtName: result.txt_name,
    txtValue: result.txt_value,
    lastCheckedAt: now,
    updatedAt: now,
    ...(result.hostnameId === undefined ? {} : { providerHostnameId: result.hostnameId }),
    ...(registered ? { registeredAt: now, provider: deps.provider.kind, removedAt: null } : {}),
  };
  await deps.db.update(customHostname).set(values).where(eq(customHostname.id, row.id));
  if (result.status === 'active') {
    // Only while this is still the organisation's domain (it may have changed during the provider call).
    await deps.db
      .update(organizationSettings)
      .set({ customDomainVerified: true, updatedAt: now })
      .where(
        and(
          eq(organizationSettings.organizationId, row.organizationId),
          eq(sql`lower(${organizationSettings.customDomain})`, row.hostname.toLowerCase()),
        ),
      );
  }
}

export async function setCustomDomain(
  deps: DomainDeps,
  organizationId: string,
  raw: string | null,
): Promise<CustomDomainResponse> {
  const { db } = deps;
  const settings = await loadSettings(db, organizationId);
  const domain = raw === null ? '' : normalizeCustomDomain(raw);
  const previous = settings.customDomain?.toLowerCase() ?? null;

  if (domain) {
    const invalid = () =>
      new AppError('VALIDATION_ERROR', customDomainMessage(), [
        { path: 'customDomain', message: customDomainMessage() },
      ]);
    if (!isValidCustomDomain(domain)) throw invalid();
    const ownHosts = [bare(deps.publicHost), bare(deps.appHost)];
    if (ownHosts.some((own) => domain === own || domain.endsWith(`.${own}`))) throw invalid();
  }
  if ((domain || null) === previous) {
    return {
      custom_domain: settings.customDomain,
      custom_domain_verified: flag(settings.verified),
      custom_domain_wizard_completed: flag(settings.wizardCompleted),
    };
  }

  // Whose claim stands in the way (domain-claims.ts); a contender that proved control keeps its token.
  const keepToken = domain ? await clearWayForClaim(deps, organizationId, domain) : undefined;

  const previousRow = previous ? await findHostname(db, organizationId, previous) : undefined;
  const now = deps.now?.() ?? new Date();
  try {
    await db.transaction(async (tx) => {
      await tx
        .update(organizationSettings)
        .set({
          customDomain: domain || null,
          customDomainVerified: false,
          customDomainWizardCompleted: false,
          customDomainClaimedAt: domain ? now : null,
          updatedAt: now,
        })
        .where(eq(organizationSettings.organizationId, organizationId));
      if (!domain) return;
      // A new token every time the domain changes; the verify throttle carries over from the previous domain.
      const fresh = {
        verificationToken: keepToken ?? newToken(),
        provider: deps.provider.kind,
        providerHostnameId: null,
        status: 'none',
        lastError: null,
        txtName: null,
        txtValue: null,
        registeredAt: null,
        removedAt: null,
        lastVerifyAt: previousRow?.lastVerifyAt ?? null,
        updatedAt: now,
      };
      await tx
        .insert(customHostname)
        .values({ id: randomUUID(), organizationId, hostname: domain, ...fresh })
        .onConflictDoUpdate({ target: [customHostname.organizationId, customHostname.hostname], set: fresh });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', DOMAIN_TAKEN_MESSAGE);
    throw error;
  }

  if (previousRow && !previousRow.removedAt) {
    try {
      await removeFromProvider(deps, previousRow);
    } catch (error) {
      // The save stands; DELETE /api/org/remove-hostname can retry the removal.
      deps.log.warn({ err: error, hostname: previousRow.hostname }, 'could not remove the previous custom hostname');
      await db
        .update(customHostname)
        .set({ lastError: PROVIDER_UNREACHABLE_MESSAGE })
        .where(eq(customHostname.id, previousRow.id));
    }
  }
  return { custom_domain: domain || null, custom_domain_verified: 0, custom_domain_wizard_completed: 0 };
}

export async function verifyDomain(deps: DomainDeps, organizationId: string): Promise<DomainStatusResponse> {
  const { db } = deps;
  const settings = await loadSettings(db, organizationId);
  if (!settings.customDomain) throw new AppError('BAD_REQUEST', 'Save a custom domain before verifying it');
  const row = await currentHostname(deps, organizationId, settings.customDomain.toLowerCase());

  // One verification per organisation a minute, claimed atomically so a double click cannot slip through.
  const now = deps.now?.() ?? new Date();
  const cutoff = new Date(now.getTime() - VERIFY_COOLDOWN_SECONDS * 1000);
  const claimed = await db
    .update(customHostname)
    .set({ lastVerifyAt: now })
    .where(
      and(
        eq(customHostname.id, row.id),
        or(isNull(customHostname.lastVerifyAt), lte(customHostname.lastVerifyAt, cutoff)),
      ),
    )
    .returning({ id: customHostname.id });
  if (claimed.length === 0) {
    const [latest] = await db
      .select({ at: customHostname.lastVerifyAt })
      .from(customHostname)
      .where(eq(customHostname.id, row.id));
    const elapsed = latest?.at ? now.getTime() - latest.at.getTime() : 0;
    const remaining = Math.max(1, Math.ceil(VERIFY_COOLDOWN_SECONDS - elapsed / 1000));
    throw new AppError('RATE_LIMITED', verifyThrottleMessage(remaining));
  }

  const register = !row.registeredAt || row.removedAt !== null || row.provider !== deps.provider.kind;
  let result: DomainCheck;
  try {
    result = register
      ? await deps.provider.register(row.hostname, { organizationId, token: row.verificationToken })
      : await deps.provider.check(row.hostname, {
          organizationId,
          token: row.verificationToken,
          hostnameId: row.providerHostnameId,
        });
  } catch (error) {
    deps.log.error({ err: error, hostname: row.hostname }, 'custom-domain provider call failed');
    await db
      .update(customHostname)
      .set({ lastError: PROVIDER_UNREACHABLE_MESSAGE })
      .where(eq(customHostname.id, row.id));
    throw new AppError('BAD_GATEWAY', DOMAIN_MESSAGES.verifyFailed);
  }
  await recordCheck(deps, row, result, register);
  return statusResponse(deps, {
    status: result.status,
    error: result.error ?? null,
    txtName: result.txt_name,
    txtValue: result.txt_value,
    finding: result.finding,
  });
}

export async function getDomainStatus(deps: DomainDeps, organizationId: string): Promise<DomainStatusResponse> {
  const settings = await loadSettings(deps.db, organizationId);
  if (!settings.customDomain)
    return statusResponse(deps, { status: 'none', error: null, txtName: null, txtValue: null });
  const row = await currentHostname(deps, organizationId, settings.customDomain.toLowerCase());
  try {
    const result = await deps.provider.check(row.hostname, {
      organizationId,
      token: row.verificationToken,
      hostnameId: row.removedAt ? null : row.providerHostnameId,
    });
    await recordCheck(deps, row, result, false);
    return statusResponse(deps, {
      status: result.status,
      error: result.error ?? null,
      txtName: result.txt_name,
      txtValue: result.txt_value,
      finding: result.finding,
    });
  } catch (error) {
    // Report what we knew last; the wizard keeps polling.
    deps.log.warn({ err: error, hostname: row.hostname }, 'custom-domain status check failed');
    const status = (row.status === 'none' ? 'pending_verification' : row.status) as DomainStatus;
    return statusResponse(deps, {
      status,
      error: PROVIDER_UNREACHABLE_MESSAGE,
      txtName: row.txtName,
      txtValue: row.txtValue,
    });
  }
}

export async function removeHostname(deps: DomainDeps, organizationId: string, raw: string) {
  const hostname = normalizeCustomDomain(raw);
  const row = hostname ? await findHostname(deps.db, organizationId, hostname) : undefined;
  if (!row) throw new AppError('NOT_FOUND', 'Hostname not found');
  if (!row.removedAt) {
    try {
      await removeFromProvider(deps, row);
    } catch (error) {
      deps.log.error({ err: error, hostname }, 'custom hostname removal failed');
      throw new AppError('BAD_GATEWAY', 'Failed to remove hostname');
    }
    // Without its provider hostname the current domain no longer serves; it must be verified again.
    await deps.db
      .update(organizationSettings)
      .set({ customDomainVerified: false })
      .where(
        and(
          eq(organizationSettings.organizationId, organizationId),
          eq(sql`lower(${organizationSettings.customDomain})`, hostname),
        ),
      );
  }
  return { removed: true as const, hostname: row.hostname };
}

export async function setWizardCompletion(db: Database, organizationId: string, completed: boolean) {
  const [row] = await db
    .update(organizationSettings)
    .set({ customDomainWizardCompleted: completed, updatedAt: new Date() })
    .where(eq(organizationSettings.organizationId, organizationId))
    .returning({ completed: organizationSettings.customDomainWizardCompleted });
  if (!row) throw new AppError('NOT_FOUND', 'Organisation not found');
  return { custom_domain_wizard_completed: flag(row.completed) };
}

const subdomainLabel = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * Whether this server may obtain a certificate for a host name (Caddy's on-demand TLS "ask"): the app and
 * public hosts, an existing organisation's {subdomain}.{PUBLIC_HOST}, or a verified custom domain.
 */
export async function isTlsHostAllowed(
  deps: Pick<DomainDeps, 'db' | 'publicHost' | 'appHost'>,
  raw: string,
): Promise<boolean> {
  const host = normalizeCustomDomain(raw);
  if (!host || host.length > 253 || !/^[a-z0-9.-]+$/.test(host)) return false;
  const publicBare = bare(deps.publicHost);
  if (host === publicBare || host === bare(deps.appHost)) return true;
  if (host.endsWith(`.${publicBare}`)) {
    const label = host.slice(0, -(publicBare.length + 1));
    if (!subdomainLabel.test(label)) return false;
    const [row] = await deps.db
      .select({ id: organizationSettings.organizationId })
      .from(organizationSettings)
      .where(eq(sql`lower(${organizationSettings.subdomain})`, label))
      .limit(1);
    return Boolean(row);
  }
  const [row] = await deps.db
    .select({ id: organizationSettings.organizationId })
    .from(organizationSettings)
    .where(
      and(
        eq(sql`lower(${organizationSettings.customDomain})`, host),
        eq(organizationSettings.customDomainVerified, true),
      ),
    )
    .limit(1);
  return Boolean(row);
}
