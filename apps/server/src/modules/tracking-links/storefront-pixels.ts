// Ad pixels on the storefront (decision 156): every HTML page of an organisation with a pixel and PRO gets the
// consent notice and the consent script before its </body>, and a CSP that adds exactly the pixels' origins to
// the one every page has. Other pages (other organisations', Marquee's own) are sent as they were: the hook costs
// them a kept per-host look-up. Registered before compression, like the staging banner.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import { amountText, type CurrencyCode } from '@marquee/shared';
import type { Database } from '../../db/client.js';
import { order } from '../../db/schema/index.js';
import { CONSENT_SCRIPT, CONSENT_SCRIPT_PATH, consentMarkup, pixelCspSources } from './pixel-script.js';
import { storefrontPixels, type StorefrontPixels } from './pixels.service.js';

const ORDER_PAGE = /^\/orders\/([A-Za-z0-9_-]{43})(?:\?|$)/;

/** `policy` with `sources` added to their directives (a directive the policy lacks is added). */
export function widenCsp(policy: string, sources: Record<string, string[]>): string {
  const directives = policy
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean);
  for (const [name, extra] of Object.entries(sources)) {
    if (extra.length === 0) continue;
    const at = directives.findIndex((part) => part.split(/\s+/)[0] === name);
    if (at >= 0) directives[at] = `${directives[at]} ${extra.join(' ')}`;
    else directives.push(`${name} 'self' ${extra.join(' ')}`);
  }
  return directives.join(';');
}

/** The paid order of an order page, for the Purchase event: its code, value (major units) and currency. */
async function purchaseOf(db: Database, pixels: StorefrontPixels, url: string) {
  const token = ORDER_PAGE.exec(url)?.[1];
  if (!token) return null;
  const [row] = await db
    .select({ code: order.code, amountMinor: order.amountMinor, feeMinor: order.feeMinor, currency: order.currency })
    .from(order)
    .where(
      and(
        eq(order.organizationId, pixels.organizationId),
        eq(order.accessToken, token),
        inArray(order.status, ['paid', 'partially_refunded']),
      ),
    )
    .limit(1);
  if (!row) return null;
  const value = amountText(row.amountMinor + row.feeMinor, row.currency as CurrencyCode);
  return { orderCode: row.code, value, currency: row.currency };
}

async function withPixels(db: Database, request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (request.siteHost.kind === 'app' || reply.statusCode !== 200) return payload;
  const type = String(reply.getHeader('content-type') ?? '');
  if (!type.startsWith('text/html') || reply.getHeader('content-encoding')) return payload;
  const html = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
  if (html === null || !html.includes('</body>')) return payload;
  const pixels = await storefrontPixels(db, request.siteHost);
  if (!pixels) return payload;
  const policy = String(
    reply.getHeader('content-security-policy') ?? reply.raw.getHeader('content-security-policy') ?? '',
  );
  if (policy) reply.header('content-security-policy', widenCsp(policy, pixelCspSources(pixels)));
  // The page now depends on the pixel settings too: no validator the route made from its HTML alone.
  reply.removeHeader('etag');
  const at = html.lastIndexOf('</body>');
  const markup = consentMarkup(pixels, await purchaseOf(db, pixels, request.url));
  return html.slice(0, at) + markup + html.slice(at);
}

export function registerStorefrontPixels(app: FastifyInstance, deps: { db: Database }) {
  app.addHook('onSend', async (request, reply, payload) => withPixels(deps.db, request, reply, payload));
  app.get(CONSENT_SCRIPT_PATH, { constraints: { site: 'storefront' } }, async (_request, reply) =>
    reply
      .type('application/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(CONSENT_SCRIPT),
  );
}
