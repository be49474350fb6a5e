// What every storefront route shares: the organisation a host names, and the replies its pages send
// (an HTML page, the storefront's 404).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { organizationSettings, paymentAccount } from '../db/schema/index.js';
import type { HostKind } from '../lib/hosts.js';
import { preparedQuery } from '../db/prepared.js';
import { sharedRead } from '../db/shared-read.js';
import type { StorefrontBranding } from './frame.js';
import { STOREFRONT_NOT_FOUND_HTML, storefrontErrorPage } from './error-page.js';

export interface StorefrontOrganization extends StorefrontBranding {
  organizationId: string;
  subdomain: string;
  /** The organiser can take payments now (payouts enabled): the checkout's check, read with the host. */
  chargesEnabled: boolean;
}

/** The organisation whose storefront this host is, with its branding; `appUrl` is where Marquee's own pages are. */
const branding = {
  organizationId: organizationSettings.organizationId,
  companyName: organizationSettings.companyName,
  subdomain: organizationSettings.subdomain,
  description: organizationSettings.description,
  logoUrl: organizationSettings.logoUrl,
  coverImageUrl: organizationSettings.coverImageUrl,
  primaryColor: organizationSettings.primaryColor,
  secondaryColor: organizationSettings.secondaryColor,
  fontFamily: organizationSettings.fontFamily,
  instagramUrl: organizationSettings.instagramUrl,
  tiktokUrl: organizationSettings.tiktokUrl,
  xUrl: organizationSettings.xUrl,
  facebookUrl: organizationSettings.facebookUrl,
  residentAdvisorUrl: organizationSettings.residentAdvisorUrl,
  websiteUrl: organizationSettings.websiteUrl,
  contactEmail: organizationSettings.contactEmail,
  contactPhone: organizationSettings.contactPhone,
  termsUrl: organizationSettings.termsUrl,
  privacyUrl: organizationSettings.privacyUrl,
  // What canAcceptPayments answers, in the same read: a checkout needs no statement of its own for it.
  chargesEnabled: sql<boolean>`coalesce(${paymentAccount.chargesEnabled}, false)`,
};

// The organisation's connected payments account, as canAcceptPayments joins it.
const payments = and(
  eq(paymentAccount.id, organizationSettings.stripeAccountId),
  eq(paymentAccount.organizationId, organizationSettings.organizationId),
);

// Every storefront request starts here, so both lookups are prepared (decision 038).
const bySubdomain = preparedQuery('storefront_org_by_subdomain', (db, name) =>
  db
    .select(branding)
    .from(organizationSettings)
    .leftJoin(paymentAccount, payments)
    .where(eq(sql`lower(${organizationSettings.subdomain})`, sql.placeholder('host')))
    .limit(1)
    .prepare(name),
);
const byCustomDomain = preparedQuery('storefront_org_by_domain', (db, name) =>
  db
    .select(branding)
    .from(organizationSettings)
    .leftJoin(paymentAccount, payments)
    .where(
      sql`lower(${organizationSettings.customDomain}) = ${sql.placeholder('host')} and ${organizationSettings.customDomainVerified}`,
    )
    .limit(1)
    .prepare(name),
);

export async function findStorefrontOrganization(
  db: Database,
  host: HostKind,
  appUrl: string,
): Promise<StorefrontOrganization | null> {
  if (host.kind === 'app') return null;
  const key = host.kind === 'subdomain' ? `s:${host.subdomain}` : `d:${host.domain}`;
  const row = await sharedOrganizationRead(db, key, host);
  if (!row) return null;
  // The requests one read answered get one object (an event page's kept frame is keyed by it).
  let found = withAppUrl.get(row);
  if (found?.appUrl !== appUrl) withAppUrl.set(row, (found = { ...row, appUrl }));
  return found;
}

const withAppUrl = new WeakMap<object, StorefrontOrganization>();

// Every request of a rush on one host reads the same organisation: one read answers those that arrive together
// (decision 042), still read after each of them arrived, so a payouts change is seen by the next checkout.
const sharedOrganizationRead = sharedRead(async (db, hosts: ReadonlyArray<Exclude<HostKind, { kind: 'app' }>>) => {
  const host = hosts[0]!;
  const [row] =
    host.kind === 'subdomain'
      ? await bySubdomain(db, { host: host.subdomain })
      : await byCustomDomain(db, { host: host.domain });
  return row ?? null;
});

export function sendStorefrontNotFound(reply: FastifyReply) {
  return reply
    .status(404)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(STOREFRONT_NOT_FOUND_HTML);
}

/**
 * Pages carrying an order's token: never stored, and their address is never sent to another site as a referrer.
 * 'same-origin' rather than 'no-referrer': with no-referrer a browser sends `Origin: null` on the page's own form
 * posts, which the cross-site check refuses.
 */
export function sendHtml(reply: FastifyReply, status: number, html: string, cache = 'no-store') {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', cache)
    .header('referrer-policy', 'same-origin')
    .send(html);
}

/** Sends the storefront's HTML error page with `status` (the error handler's and the router's, on a storefront host). */
export function sendStorefrontError(reply: FastifyReply, status: number) {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(storefrontErrorPage(status));
}

/** The organisation this host names, or null after answering the storefront's 404. */
export async function organizationFor(db: Database, request: FastifyRequest, reply: FastifyReply, appUrl: string) {
  const organization = await findStorefrontOrganization(db, request.siteHost, appUrl);
  if (!organization) await sendStorefrontNotFound(reply);
  return organization;
}

/** The storefront's forms are plain HTML posts: a scope that takes them reads their fields (32 KiB at most). */
export function acceptForms(scope: FastifyInstance) {
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 32 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
}
