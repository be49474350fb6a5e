// Shared quotas API (decision 128): an organiser's event's quotas (list, add, edit, delete). Routes parse, authorise
// and call the service, which scopes every query by the caller's organisation.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { quotaInputSchema, quotaListSchema, quotaSchema } from '@marquee/shared';
import { requireOrganization } from '../auth/auth.guard.js';
import { createQuota, deleteQuota, listQuotas, updateQuota } from './quotas.service.js';

const eventParams = z.object({ id: z.string().max(64) });
const quotaParams = z.object({ id: z.string().max(64), quotaId: z.string().max(64) });

export function quotaRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  api.get(
    '/api/events/:id/quotas',
    { schema: { params: eventParams, response: { 200: quotaListSchema } } },
    async (request) => {
      const { organizationId } = await requireOrganization(request);
      return listQuotas(db, organizationId, request.params.id);
    },
  );

  api.post(
    '/api/events/:id/quotas',
    { schema: { params: eventParams, body: quotaInputSchema, response: { 201: quotaSchema } } },
    async (request, reply) => {
      const { organizationId } = await requireOrganization(request);
      return reply.status(201).send(await createQuota(db, organizationId, request.params.id, request.body));
    },
  );

  api.put(
    '/api/events/:id/quotas/:quotaId',
    { schema: { params: quotaParams, body: quotaInputSchema, response: { 200: quotaSchema } } },
    async (request) => {
      const { organizationId } = await requireOrganization(request);
      return updateQuota(db, organizationId, request.params.id, request.params.quotaId, request.body);
    },
  );

  api.delete('/api/events/:id/quotas/:quotaId', { schema: { params: quotaParams } }, async (request, reply) => {
    const { organizationId } = await requireOrganization(request);
    await deleteQuota(db, organizationId, request.params.id, request.params.quotaId);
    return reply.status(204).send();
  });
}
