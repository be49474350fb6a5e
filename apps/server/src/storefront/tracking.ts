// Tracking links on the storefront (decision 156), without a cookie: the `?tl=` code of the page's address is kept
// in the event page's links and form (a hidden field), and the hold ties its order to the organisation's link of
// that code. Reading the code costs no query; an unknown code is simply never matched.
import { sql } from 'drizzle-orm';
import { TRACKING_CODE_PATTERN, TRACKING_LINK_PARAM } from '@marquee/shared';
import type { Database } from '../db/client.js';

/** The code of `?tl=` (or a posted `tl` field), lower-cased, when it has a code's shape; else null. */
export function trackingCodeOf(source: unknown): string | null {
  const raw = (source as Record<string, unknown> | null | undefined)?.[TRACKING_LINK_PARAM];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (typeof value !== 'string' || value.length > 32) return null;
  const code = value.toLowerCase();
  return TRACKING_CODE_PATTERN.test(code) ? code : null;
}

/** `href` with the tracking code added (links of the home page to the events). */
export const withTrackingCode = (href: string, code: string | null) =>
  code ? `${href}${href.includes('?') ? '&' : '?'}${TRACKING_LINK_PARAM}=${encodeURIComponent(code)}` : href;

/**
 * Ties a just-held order to the organisation's tracking link of `code`, when the link is for the whole storefront or
 * for the order's event. One statement; nothing when no link matches.
 */
export async function attributeOrder(
  db: Database,
  target: { organizationId: string; orderId: string; code: string },
): Promise<void> {
  await db.execute(sql`
    update "order" o set tracking_link_id = l.id
    from tracking_link l
    where o.id = ${target.orderId}::uuid and o.organization_id = ${target.organizationId}
      and l.organization_id = ${target.organizationId} and l.code = ${target.code}
      and (l.event_id is null or l.event_id = o.event_id)`);
}
