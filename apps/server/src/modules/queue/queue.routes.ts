// Waiting room API for organisers (decision 034): read the queue's setting and live figures, change the setting
// and the admission rate. Routes parse, authorise and call the service, which scopes every query.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { queueSettingsInputSchema, queueStatusSchema } from '@marquee/shared';
import { requireOrganization } from '../auth/auth.guard.js';
import { getQueueStatus, updateQueueSettings } from './queue.service.js';

const eventParams = z.object({ id: z.string().max(64) });

export function queueApiRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  api.get(
    '/api/events/:id/queue',
    { schema: { params: eventParams, response: { 200: queueStatusSchema } } },
    async (request, reply) => {
      const { organizationId } = await requireOrganization(request);
      reply.header('cache-control', 'no-store');
      return getQueueStatus(db, organizationId, request.params.id);
    },
  );

  api.put(
    '/api/events/:id/queue',
    { schema: { params: eventParams, body: queueSettingsInputSchema, response: { 200: queueStatusSchema } } },
    async (request) => {
      const { organizationId } = await requireOrganization(request);
      return updateQueueSettings(db, organizationId, request.params.id, request.body);
    },
  );
}
