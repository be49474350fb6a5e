// The storefront's home page (the organisation's events) and its robots.txt.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.js';
import type { PageViewRecorder } from '../modules/analytics/page-views.js';
import { renderStorefrontHome } from './home-page.js';
import { listPublicEvents } from '../modules/events/events.public.js';
import { absoluteUrl, toStorefrontEventSummaries } from './events.render.js';
import { sendStorefrontHtml } from './etag.js';
import { findStorefrontOrganization, sendStorefrontNotFound } from './respond.js';
import { trackingCodeOf, withTrackingCode } from './tracking.js';

export function homeRoutes(app: FastifyInstance, deps: { db: Database; appUrl: string; pageViews: PageViewRecorder }) {
  const { db } = deps;
  const constraints = { site: 'storefront' };

  app.get('/', { constraints }, async (request: FastifyRequest, reply) => {
    const organization = await findStorefrontOrganization(db, request.siteHost, deps.appUrl);
    if (!organization) return sendStorefrontNotFound(reply);
    const events = await listPublicEvents(db, organization.organizationId);
    const origin = `${request.protocol}://${request.host}`;
    const cover = organization.coverImageUrl ? absoluteUrl(organization.coverImageUrl, origin) : null;
    // A tracking link to the home page (decision 156) is kept in its links to the events.
    const trackingCode = trackingCodeOf(request.query);
    const summaries = toStorefrontEventSummaries(events).map((summary) => ({
      ...summary,
      href: withTrackingCode(summary.href, trackingCode),
    }));
    const html = renderStorefrontHome(organization, summaries, {
      title: organization.companyName,
      description: organization.description?.trim().slice(0, 300) || `Tickets for ${organization.companyName} events`,
      url: `${origin}/`,
      image: cover,
      siteName: organization.companyName,
    });
    await sendStorefrontHtml(request, reply, html);
    deps.pageViews.record(request, { organizationId: organization.organizationId, eventId: null });
    if (trackingCode)
      deps.pageViews.recordLink(request, { organizationId: organization.organizationId, code: trackingCode });
    return reply;
  });

  app.get('/robots.txt', { constraints }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').send('User-agent: *\nAllow: /\nDisallow: /api/\n'),
  );
}
