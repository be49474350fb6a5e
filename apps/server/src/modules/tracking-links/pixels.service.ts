// The organisation's ad pixels (decision 156, PRO): read and saved by the Integrations tab, and looked up by the
// storefront per host. The storefront's look-up is kept per host for a few seconds (every page asks it, so it must
// cost a map read), and a save in this process forgets its organisation's entries at once.
import { eq, sql } from 'drizzle-orm';
import type { PixelSettings } from '@marquee/shared';
import type { Database } from '../../db/client.js';
import { organizationPixels } from '../../db/schema/index.js';
import type { HostKind } from '../../lib/hosts.js';
import { planAccess } from '../plan/plan-access.js';

export interface StorefrontPixels {
  organizationId: string;
  metaPixelId: string | null;
  gaMeasurementId: string | null;
}

export async function pixelSettings(db: Database, organizationId: string): Promise<PixelSettings> {
  const [row] = await db
    .select()
    .from(organizationPixels)
    .where(eq(organizationPixels.organizationId, organizationId))
    .limit(1);
  return { meta_pixel_id: row?.metaPixelId ?? null, ga_measurement_id: row?.gaMeasurementId ?? null };
}

export async function savePixelSettings(
  db: Database,
  organizationId: string,
  input: PixelSettings,
): Promise<PixelSettings> {
  const values = { metaPixelId: input.meta_pixel_id, gaMeasurementId: input.ga_measurement_id, updatedAt: new Date() };
  await db
    .insert(organizationPixels)
    .values({ organizationId, ...values })
    .onConflictDoUpdate({ target: organizationPixels.organizationId, set: values });
  forgetStorefrontPixels(organizationId);
  return pixelSettings(db, organizationId);
}

const TTL_MS = 10_000;
const MAX_HOSTS = 10_000;
const byHost = new Map<string, { at: number; value: StorefrontPixels | null }>();

/** Forgets the organisation's hosts, and every host kept as having no pixels (one of them may be this one's). */
export function forgetStorefrontPixels(organizationId: string) {
  for (const [key, entry] of byHost)
    if (entry.value === null || entry.value.organizationId === organizationId) byHost.delete(key);
}

/** Forgets every host's entry (tests that change a plan directly). */
export function forgetAllStorefrontPixels() {
  byHost.clear();
}

/**
 * The pixels the storefront of `host` loads after consent: its organisation's ids, only while it has PRO
 * (planAccess); null when it has none or no PRO.
 */
export async function storefrontPixels(
  db: Database,
  host: Exclude<HostKind, { kind: 'app' }>,
  now = Date.now(),
): Promise<StorefrontPixels | null> {
  const key = host.kind === 'subdomain' ? `s:${host.subdomain}` : `d:${host.domain}`;
  const kept = byHost.get(key);
  if (kept && now - kept.at < TTL_MS) return kept.value;
  const where =
    host.kind === 'subdomain'
      ? sql`lower(s.subdomain) = ${host.subdomain}`
      : sql`lower(s.custom_domain) = ${host.domain} and s.custom_domain_verified`;
  const result = await db.execute(sql`
    select p.organization_id, p.meta_pixel_id, p.ga_measurement_id
    from organization_settings s join organization_pixels p on p.organization_id = s.organization_id
    where ${where} and (p.meta_pixel_id is not null or p.ga_measurement_id is not null) limit 1`);
  const row = (result as unknown as { rows: Array<Record<string, string | null>> }).rows[0];
  let value: StorefrontPixels | null = null;
  if (row && (await planAccess(db, String(row.organization_id))).pro)
    value = {
      organizationId: String(row.organization_id),
      metaPixelId: row.meta_pixel_id ?? null,
      gaMeasurementId: row.ga_measurement_id ?? null,
    };
  if (byHost.size >= MAX_HOSTS) byHost.clear();
  byHost.set(key, { at: now, value });
  return value;
}
