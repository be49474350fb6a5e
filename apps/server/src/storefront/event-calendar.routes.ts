// The event page's calendar file, /events/{slug}/calendar.ics, for the 'Add to calendar' link.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';
import { findPublicEventAddress, redirectToCurrent, renderPublicEventIcs } from './event-address.js';
import { organizationFor, sendStorefrontNotFound } from './respond.js';

const constraints = { site: 'storefront' };

export function eventCalendarRoutes(app: FastifyInstance, deps: { db: Database; appUrl: string }) {
  app.get<{ Params: { ref: string } }>('/events/:ref/calendar.ics', { constraints }, async (request, reply) => {
    const organization = await organizationFor(deps.db, request, reply, deps.appUrl);
    if (!organization) return reply;
    const address = await findPublicEventAddress(deps.db, organization.organizationId, request.params.ref);
    if (!address || address.row.status !== 'live' || !address.row.startsAt) return sendStorefrontNotFound(reply);
    if (address.moved) return redirectToCurrent(request, reply, address.slug, '/calendar.ics');
    const pageUrl = `${request.protocol}://${request.host}/events/${address.slug}`;
    return reply
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="${address.slug}.ics"`)
      .header('cache-control', 'public, no-cache')
      .send(renderPublicEventIcs(address.row, pageUrl));
  });
}
