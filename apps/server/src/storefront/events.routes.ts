// The public event page on organisation hosts: GET /events/:id for a live event of the host's organisation;
// anything else (draft, archived, cancelled, another organisation's event, unknown id) is the 404 page.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';
import { findPublicEvent } from '../modules/events/events.service.js';
import { renderEventPage } from './events.render.js';
import { sendStorefrontHtml } from './etag.js';
import { findStorefrontOrganization, sendStorefrontNotFound } from './storefront.routes.js';

export function storefrontEventRoutes(app: FastifyInstance, db: Database) {
  app.get<{ Params: { id: string } }>(
    '/events/:id',
    { constraints: { site: 'storefront' } },
    async (request, reply) => {
      const organization = await findStorefrontOrganization(db, request.siteHost);
      if (!organization) return sendStorefrontNotFound(reply);
      const event = await findPublicEvent(db, organization.organizationId, request.params.id);
      if (!event) return sendStorefrontNotFound(reply);
      return sendStorefrontHtml(request, reply, renderEventPage(organization, event));
    },
  );
}
