// Who may claim a custom domain: a verified domain stays its organisation's; an unverified claim blocks others
// for CLAIM_LAPSE_DAYS and then lapses, and an organisation that proves control (its ownership TXT record is
// in the domain's DNS) takes it over at once. A released claim is recorded on the loser's hostname row.
import { createHmac } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { customHostname, organizationSettings } from '../../db/schema/index.js';
import type { DomainProvider } from '../../adapters/domains/domains.js';
import { TXT_RECORD_PREFIX, txtRecordValue } from '../../adapters/domains/dns.js';
import { AppError } from '../../lib/errors.js';

export interface DomainDeps {
  db: Database;
  provider: DomainProvider;
  log: FastifyBaseLogger;
  /** host[:port] storefront subdomains hang off */
  publicHost: string;
  /** host[:port] of the dashboard */
  appHost: string;
  /** Whether the ownership TXT record for this token is in the domain's DNS (settles a contested claim). */
  provesOwnership?: (hostname: string, token: string) => Promise<boolean>;
  /** Server secret the contender tokens are derived from. */
  claimSecret: string;
  now?: () => Date;
}

/** An unverified claim blocks other organisations for this long; then it lapses (decision 008). */
export const CLAIM_LAPSE_DAYS = 7;
export const CLAIM_LAPSED_MESSAGE = 'Released: not verified within 7 days, and another organisation claimed the domain';
export const CLAIM_LOST_MESSAGE = 'Released: another organisation proved control of the domain';
// The record is named relative to the domain the caller typed, so the answer repeats nothing it did not send.
const claimedByOtherMessage = (txtValue: string) =>
  'This domain is claimed by another organisation that has not verified it yet. If it is yours, add a TXT ' +
  `record named ${TXT_RECORD_PREFIX} on it (like the CNAME) with the value ${txtValue}, then save the domain again.`;

export const DOMAIN_TAKEN_MESSAGE = 'This domain is already used by another organisation';

export type HostnameRow = typeof customHostname.$inferSelect;

export async function findHostname(
  db: Database,
  organizationId: string,
  hostname: string,
): Promise<HostnameRow | undefined> {
  const [row] = await db
    .select()
    .from(customHostname)
    .where(and(eq(customHostname.organizationId, organizationId), eq(customHostname.hostname, hostname.toLowerCase())))
    .limit(1);
  return row;
}

export async function removeFromProvider(deps: DomainDeps, row: HostnameRow) {
  await deps.provider.remove(row.hostname, {
    organizationId: row.organizationId,
    token: row.verificationToken,
    hostnameId: row.providerHostnameId,
  });
  const now = deps.now?.() ?? new Date();
  await deps.db
    .update(customHostname)
    .set({
      removedAt: now,
      status: 'none',
      providerHostnameId: null,
      registeredAt: null,
      lastError: null,
      updatedAt: now,
    })
    .where(eq(customHostname.id, row.id));
}

/**
 * Takes an unverified domain away from the organisation holding it: its settings forget the domain, and its
 * hostname row records why (and its provider hostname is removed, best effort).
 */
async function releaseClaim(deps: DomainDeps, organizationId: string, domain: string, reason: string) {
  const now = deps.now?.() ?? new Date();
  await deps.db
    .update(organizationSettings)
    .set({
      customDomain: null,
      customDomainVerified: false,
      customDomainWizardCompleted: false,
      customDomainClaimedAt: null,
      updatedAt: now,
    })
    .where(
      and(
        eq(organizationSettings.organizationId, organizationId),
        eq(sql`lower(${organizationSettings.customDomain})`, domain),
        eq(organizationSettings.customDomainVerified, false),
      ),
    );
  const row = await findHostname(deps.db, organizationId, domain);
  if (!row) return;
  if (!row.removedAt && row.registeredAt) {
    try {
      await removeFromProvider(deps, row);
    } catch (error) {
      deps.log.warn({ err: error, hostname: domain }, 'could not remove a released custom hostname');
    }
  }
  await deps.db
    .update(customHostname)
    .set({ lastError: reason, removedAt: now, status: 'none', updatedAt: now })
    .where(eq(customHostname.id, row.id));
  deps.log.info({ organizationId, hostname: domain }, 'custom-domain claim released');
}

function contenderToken(deps: DomainDeps, organizationId: string, domain: string) {
  return createHmac('sha256', deps.claimSecret).update(`${organizationId}\n${domain}`).digest('base64url').slice(0, 24);
}

/**
 * Clears the way for organisationId to claim domain, or throws 409. Answers the token to keep when the caller
 * proved control (its TXT record already names that token).
 */
export async function clearWayForClaim(
  deps: DomainDeps,
  organizationId: string,
  domain: string,
): Promise<string | undefined> {
  let keepToken: string | undefined;
  // Whose claim stands in the way: a verified domain is never taken over; an unverified claim lapses after
  // CLAIM_LAPSE_DAYS, or gives way to an organisation whose ownership TXT record is in the domain's DNS.
  const [holder] = await deps.db
    .select({
      organizationId: organizationSettings.organizationId,
      verified: organizationSettings.customDomainVerified,
      claimedAt: organizationSettings.customDomainClaimedAt,
      updatedAt: organizationSettings.updatedAt,
    })
    .from(organizationSettings)
    .where(
      and(
        eq(sql`lower(${organizationSettings.customDomain})`, domain),
        ne(organizationSettings.organizationId, organizationId),
      ),
    )
    .limit(1);
  if (holder) {
    if (holder.verified) throw new AppError('CONFLICT', DOMAIN_TAKEN_MESSAGE);
    const now = deps.now?.() ?? new Date();
    const claimedAt = holder.claimedAt ?? holder.updatedAt;
    const lapsed = now.getTime() - claimedAt.getTime() > CLAIM_LAPSE_DAYS * 24 * 60 * 60 * 1000;
    if (!lapsed) {
      // The contender's token is derived, not stored, so a refused attempt leaves nothing behind and the TXT
      // record it adds stays valid for the next attempt.
      const token = contenderToken(deps, organizationId, domain);
      if (!(await deps.provesOwnership?.(domain, token))) {
        throw new AppError('CONFLICT', claimedByOtherMessage(txtRecordValue(token)));
      }
      keepToken = token;
    }
    await releaseClaim(deps, holder.organizationId, domain, lapsed ? CLAIM_LAPSED_MESSAGE : CLAIM_LOST_MESSAGE);
  }
  return keepToken;
}
