// A production server on the payments sandbox (PAYMENTS_SANDBOX_IN_PRODUCTION, decision 049) is a staging
// server: every HTML page it sends, the dashboard's and every storefront's, carries a banner saying no real
// money moves, so nobody mistakes it for the live product. Registered only then: a real production server and a
// development one pay nothing for it.
import type { FastifyInstance } from 'fastify';

export const STAGING_BANNER_TEXT = 'Staging server: payments run in the sandbox and no real money moves.';

// Fixed to the foot of the window over everything, and letting clicks through: pages with a fixed header (the
// landing, the dashboard) would cover a banner at the top, and nothing under it stops working.
const BANNER =
  '<div id="marquee-staging-banner" role="note" style="position:fixed;left:0;right:0;bottom:0;' +
  'z-index:2147483647;pointer-events:none;margin:0;padding:4px 12px;background:#facc15;color:#111;' +
  'font:600 13px/1.4 system-ui,sans-serif;text-align:center;box-shadow:0 -1px 4px rgba(0,0,0,.3)">' +
  `${STAGING_BANNER_TEXT}</div>`;

const BODY_OPEN = /<body\b[^>]*>/i;

/** The page with the banner right after its opening body tag; a page without one is left as it is. */
export function withStagingBanner(html: string): string {
  const match = BODY_OPEN.exec(html);
  if (!match || html.includes('id="marquee-staging-banner"')) return html;
  const at = match.index + match[0].length;
  return html.slice(0, at) + BANNER + html.slice(at);
}

export function registerStagingBanner(app: FastifyInstance) {
  app.addHook('onSend', async (_request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    // An encoded body (none is encoded before this hook today) is left alone rather than garbled.
    if (!type.startsWith('text/html') || reply.getHeader('content-encoding')) return payload;
    if (typeof payload === 'string') return withStagingBanner(payload);
    if (Buffer.isBuffer(payload)) return withStagingBanner(payload.toString('utf8'));
    return payload;
  });
}
