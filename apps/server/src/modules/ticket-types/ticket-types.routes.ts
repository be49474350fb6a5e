// Ticket types API: an organiser's event's types (list, add, edit incl. hide/show, reorder, delete unused).
// Routes parse, authorise and call the service, which scopes every query by the caller's organisation.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  reorderTicketTypesSchema,
  ticketTypeInputSchema,
  ticketTypeListSchema,
  ticketTypeSchema,
} from '@marquee/shared';
import { requireOrganization } from '../auth/auth.guard.js';
import { refuseClientFees } from '../../lib/client-fees.js';
import { assertMayStartCharging, type AssertCanSell } from '../events/events.service.js';
import {
  createTicketType,
  deleteTicketType,
  listTicketTypes,
  reorderTicketTypes,
  updateTicketType,
} from './ticket-types.service.js';

const eventParams = z.object({ id: z.string().max(64) });
const typeParams = z.object({ id: z.string().max(64), typeId: z.string().max(64) });

export function ticketTypeRoutes(app: FastifyInstance, deps: { assertCanSell: AssertCanSell }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  api.get(
    '/api/events/:id/ticket-types',
    { schema: { params: eventParams, response: { 200: ticketTypeListSchema } } },
    async (request) => {
      const { organizationId } = await requireOrganization(request);
      return listTicketTypes(db, organizationId, request.params.id);
    },
  );

  api.post(
    '/api/events/:id/ticket-types',
    {
      schema: { params: eventParams, body: ticketTypeInputSchema, response: { 201: ticketTypeSchema } },
      preValidation: refuseClientFees,
    },
    async (request, reply) => {
      const { organizationId } = await requireOrganization(request);
      // A paid type on a live free event needs payouts, as publishing it would have (decision 124).
      if (!request.body.free) await assertMayStartCharging(db, organizationId, request.params.id, null, deps);
      return reply.status(201).send(await createTicketType(db, organizationId, request.params.id, request.body));
    },
  );

  api.put(
    '/api/events/:id/ticket-types/:typeId',
    {
      schema: { params: typeParams, body: ticketTypeInputSchema, response: { 200: ticketTypeSchema } },
      preValidation: refuseClientFees,
    },
    async (request) => {
      const { organizationId } = await requireOrganization(request);
      if (!request.body.free)
        await assertMayStartCharging(db, organizationId, request.params.id, request.params.typeId, deps);
      return updateTicketType(db, organizationId, request.params.id, request.params.typeId, request.body);
    },
  );

  api.delete('/api/events/:id/ticket-types/:typeId', { schema: { params: typeParams } }, async (request, reply) => {
    const { organizationId } = await requireOrganization(request);
    await deleteTicketType(db, organizationId, request.params.id, request.params.typeId);
    return reply.status(204).send();
  });

  api.post(
    '/api/events/:id/ticket-types/reorder',
    { schema: { params: eventParams, body: reorderTicketTypesSchema, response: { 200: ticketTypeListSchema } } },
    async (request) => {
      const { organizationId } = await requireOrganization(request);
      return reorderTicketTypes(db, organizationId, request.params.id, request.body.ids);
    },
  );
}
