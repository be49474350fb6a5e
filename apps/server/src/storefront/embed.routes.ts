// The embeddable checkout on the organisation's host (decision 153): /embed.js for the organiser's site, and the
// guard of every /embed page: they answer only while the organisation has PRO, and their CSP frame-ancestors is
// exactly the organisation's listed sites (every other storefront page keeps 'none' and X-Frame-Options; the
// rest of the CSP is the page's own, unchanged). A page asked for by a site known not to be listed (its Referer,
// or the parent embed.js names) gets a clear refusal instead, framable by that site only, so its visitors read
// why; a site that hides itself is refused by the browser under the CSP.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.js';
import { listEmbedOrigins } from '../modules/embed/embed.service.js';
import { findOrderByToken } from '../modules/checkout/checkout.service.js';
import { listPublicEvents } from '../modules/events/events.public.js';
import { planAccess } from '../modules/plan/plan-access.js';
import { embedBase, renderEmbedMessage } from './embed-layout.js';
import { renderEmbedList } from './embed-pages.js';
import { EMBED_SCRIPT, EMBED_SCRIPT_PATH, frameScript } from './embed-script.js';
import { htmlEtag, ifNoneMatchMatches } from './etag.js';
import { toStorefrontEventSummaries } from './events.render.js';
import {
  findStorefrontOrganization,
  sendHtml,
  sendStorefrontNotFound,
  type StorefrontOrganization,
} from './respond.js';

const constraints = { site: 'storefront' };

/** What the guard found for an /embed request: the organisation and the sites that may frame the answer. */
interface EmbedRequest {
  organization: StorefrontOrganization;
  /** The organisation's listed sites (what the frame script posts to). */
  listed: string[];
  /** The answer's frame-ancestors. */
  ancestors: string[];
}
const embedRequests = new WeakMap<FastifyRequest, EmbedRequest>();

/**
 * The site that says it embeds this page: its Referer's origin (another site's), else embed.js's ?parent=. None for
 * a page the browser says is not loading in a frame (Sec-Fetch-Dest): a preview opened in a tab is not embedded.
 */
function claimedParent(request: FastifyRequest): string | null {
  const dest = request.headers['sec-fetch-dest'];
  if (dest !== undefined && dest !== 'iframe' && dest !== 'frame') return null;
  const own = `${request.protocol}://${request.host}`.toLowerCase();
  const asOrigin = (value: unknown) => {
    if (typeof value !== 'string' || value.length > 300) return null;
    try {
      const url = new URL(value);
      return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin.toLowerCase() : null;
    } catch {
      return null;
    }
  };
  const referer = asOrigin(request.headers.referer);
  if (referer && referer !== own) return referer;
  const parent = asOrigin((request.query as Record<string, unknown> | undefined)?.parent);
  return parent && parent !== own ? parent : null;
}

/** The CSP with its frame-ancestors replaced by `ancestors` ('none' when empty); every other directive as it was. */
export function withFrameAncestors(csp: string, ancestors: readonly string[]): string {
  const value = ancestors.length > 0 ? ancestors.join(' ') : "'none'";
  return csp.replace(/frame-ancestors [^;]*/, `frame-ancestors ${value}`);
}

function refuse(reply: FastifyReply, organization: StorefrontOrganization, title: string, text: string) {
  return sendHtml(reply, 403, renderEmbedMessage(organization, { title, text }));
}

export function embedRoutes(app: FastifyInstance, deps: { db: Database; appUrl: string }) {
  const { db } = deps;

  app.addHook('onRequest', async (request, reply) => {
    if (request.siteHost.kind === 'app' || !embedBase(request)) return;
    const organization = await findStorefrontOrganization(db, request.siteHost, deps.appUrl);
    if (!organization) return;
    const [access, listed] = await Promise.all([
      planAccess(db, organization.organizationId),
      listEmbedOrigins(db, organization.organizationId),
    ]);
    const found: EmbedRequest = { organization, listed, ancestors: listed };
    embedRequests.set(request, found);
    if (!access.pro)
      return refuse(
        reply,
        organization,
        'Tickets are not available here',
        `${organization.companyName}'s ticket shop cannot be shown on other sites at the moment. You can still buy tickets on ${organization.companyName}'s own ticket pages.`,
      );
    const parent = request.method === 'GET' ? claimedParent(request) : null;
    if (parent && !listed.includes(parent)) {
      found.ancestors = [parent];
      return refuse(
        reply,
        organization,
        'This site may not show these tickets',
        `${organization.companyName} has not allowed ${parent} to show its ticket shop. If this is your site, add it under Profile, Integrations, Embeddable checkout.`,
      );
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const found = embedRequests.get(request);
    if (!found) return payload;
    const csp = reply.getHeader('content-security-policy') ?? reply.raw.getHeader('content-security-policy');
    if (typeof csp === 'string') reply.header('content-security-policy', withFrameAncestors(csp, found.ancestors));
    // frame-ancestors decides; the older header would refuse every other site's frame.
    reply.raw.removeHeader('x-frame-options');
    return payload;
  });

  const scriptEtag = htmlEtag(EMBED_SCRIPT);
  app.get(EMBED_SCRIPT_PATH, { constraints }, async (request, reply) => {
    const organization = await findStorefrontOrganization(db, request.siteHost, deps.appUrl);
    if (!organization) return sendStorefrontNotFound(reply);
    // Loaded by other sites' pages: cross-origin is its purpose. The same for every organisation; revalidated daily.
    reply
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('cache-control', 'public, max-age=86400')
      .header('etag', scriptEtag);
    if (ifNoneMatchMatches(request.headers['if-none-match'], scriptEtag)) return reply.status(304).send();
    return reply.type('application/javascript; charset=utf-8').send(EMBED_SCRIPT);
  });

  app.get('/embed/frame.js', { constraints }, async (request, reply) => {
    const found = embedRequests.get(request);
    if (!found) return sendStorefrontNotFound(reply);
    return reply
      .type('application/javascript; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(frameScript(found.listed));
  });

  app.get('/embed', { constraints }, async (request, reply) => {
    const found = embedRequests.get(request);
    if (!found) return sendStorefrontNotFound(reply);
    const events = await listPublicEvents(db, found.organization.organizationId);
    return sendHtml(reply, 200, renderEmbedList(found.organization, toStorefrontEventSummaries(events)));
  });

  // A free order's tickets were issued in the frame: the order page (its tickets, its token) opens top-level.
  app.get<{ Params: { token: string } }>('/embed/orders/:token', { constraints }, async (request, reply) => {
    const found = embedRequests.get(request);
    if (!found) return sendStorefrontNotFound(reply);
    const order = await findOrderByToken(db, found.organization.organizationId, request.params.token);
    if (!order) return sendStorefrontNotFound(reply);
    return sendHtml(
      reply,
      200,
      renderEmbedMessage(found.organization, {
        title: 'Your tickets are ready',
        text: 'We have e-mailed your tickets. Open them now to see them or add them to your phone.',
        link: { href: `/orders/${order.accessToken}`, label: 'Open your tickets', target: '_top' },
      }),
    );
  });
}
