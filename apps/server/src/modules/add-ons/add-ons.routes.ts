// Add-ons API (decision 134): an organiser's event's add-ons (list, add, edit, delete). Routes parse, authorise and
// call the service, which scopes every query by the caller's organisation.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addOnInputSchema, addOnListSchema, addOnSchema } from '@marquee/shared';
import { requireOrganization } from '../auth/auth.guard.js';
import { createAddOn, deleteAddOn, listAddOns, updateAddOn } from './add-ons.service.js';

const eventParams = z.object({ id: z.string().max(64) });
const addOnParams = z.object({ id: z.string().max(64), addOnId: z.string().max(64) });

export function addOnRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  api.get(
    '/api/events/:id/add-ons',
    { schema: { params: eventParams, response: { 200: addOnListSchema } } },
    async (request) => {
      const { organizationId } = await requireOrganization(request);
      return listAddOns(db, organizationId, request.params.id);
    },
  );

  api.post(
    '/api/events/:id/add-ons',
    { schema: { params: eventParams, body: addOnInputSchema, response: { 201: addOnSchema } } },
    async (request, reply) => {
      const { organizationId } = await requireOrganization(request);
      return reply.status(201).send(await createAddOn(db, organizationId, request.params.id, request.body));
    },
  );

  api.put(
    '/api/events/:id/add-ons/:addOnId',
    { schema: { params: addOnParams, body: addOnInputSchema, response: { 200: addOnSchema } } },
    async (request) => {
      const { organizationId } = await requireOrganization(request);
      return updateAddOn(db, organizationId, request.params.id, request.params.addOnId, request.body);
    },
  );

  api.delete('/api/events/:id/add-ons/:addOnId', { schema: { params: addOnParams } }, async (request, reply) => {
    const { organizationId } = await requireOrganization(request);
    await deleteAddOn(db, organizationId, request.params.id, request.params.addOnId);
    return reply.status(204).send();
  });
}
