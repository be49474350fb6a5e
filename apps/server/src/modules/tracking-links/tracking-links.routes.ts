// Tracking links API (decision 156), for owners and admins of every plan: create, list, rename and archive the
// organisation's links, and their figures in Analytics (same filter as the other /api/analytics routes).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  analyticsQuerySchema,
  analyticsTrackingLinksSchema,
  trackingLinkInputSchema,
  trackingLinkListSchema,
  trackingLinkSchema,
  trackingLinkUpdateSchema,
} from '@marquee/shared';
import type { Config } from '../../config.js';
import { requireOrganization } from '../auth/auth.guard.js';
import { resolveEventFilter, resolvePeriod } from '../analytics/analytics.period.js';
import { createLink, linkRows, originFor, toLinkDto, updateLink } from './tracking-links.service.js';
import { trackingLinkFigures } from './tracking-links.analytics.js';

const idParams = z.object({ id: z.string().max(64) });
const listQuery = z.object({ archived: z.enum(['true', 'false']).default('false') });

export function trackingLinkRoutes(app: FastifyInstance, deps: { config: Config }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const context = { appUrl: deps.config.appUrl, publicHost: deps.config.publicHost };

  api.get(
    '/api/tracking-links',
    { schema: { querystring: listQuery, response: { 200: trackingLinkListSchema } } },
    async (request, reply) => {
      const { organizationId } = await requireOrganization(request);
      const [rows, origin] = await Promise.all([
        linkRows(db, organizationId, request.query.archived === 'true'),
        originFor(db, organizationId, context),
      ]);
      reply.header('cache-control', 'private, no-store');
      return { links: rows.map((row) => toLinkDto(row, origin)) };
    },
  );

  api.post(
    '/api/tracking-links',
    { schema: { body: trackingLinkInputSchema, response: { 201: trackingLinkSchema } } },
    async (request, reply) => {
      const { organizationId } = await requireOrganization(request);
      const row = await createLink(db, organizationId, request.body);
      return reply.status(201).send(toLinkDto(row, await originFor(db, organizationId, context)));
    },
  );

  api.patch(
    '/api/tracking-links/:id',
    { schema: { params: idParams, body: trackingLinkUpdateSchema, response: { 200: trackingLinkSchema } } },
    async (request) => {
      const { organizationId } = await requireOrganization(request);
      const row = await updateLink(db, organizationId, request.params.id, request.body);
      return toLinkDto(row, await originFor(db, organizationId, context));
    },
  );

  api.get(
    '/api/analytics/tracking-links',
    { schema: { querystring: analyticsQuerySchema, response: { 200: analyticsTrackingLinksSchema } } },
    async (request, reply) => {
      const { organizationId } = await requireOrganization(request);
      const eventId = await resolveEventFilter(db, organizationId, request.query.event_id);
      const period = resolvePeriod(request.query, new Date(), eventId);
      reply.header('cache-control', 'private, no-store');
      return trackingLinkFigures(db, organizationId, period, await originFor(db, organizationId, context));
    },
  );
}
