// Orders API for organisers: an event's orders (search, pages) and one order's detail. Routes parse,
// authorise and call the service, which scopes every query by the caller's organisation.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderDetailSchema, ordersPageSchema, ordersQuerySchema } from '@marquee/shared';
import { requireOrganization } from '../auth/auth.guard.js';
import { getOrder, listEventOrders } from './orders.service.js';

export function orderRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  api.get(
    '/api/events/:id/orders',
    {
      schema: {
        params: z.object({ id: z.string().max(64) }),
        querystring: ordersQuerySchema,
        response: { 200: ordersPageSchema },
      },
    },
    async (request) => {
      const { organizationId } = await requireOrganization(request);
      return listEventOrders(db, organizationId, request.params.id, request.query);
    },
  );

  api.get(
    '/api/orders/:orderId',
    { schema: { params: z.object({ orderId: z.string().max(64) }), response: { 200: orderDetailSchema } } },
    async (request) => {
      const { organizationId } = await requireOrganization(request);
      return getOrder(db, organizationId, request.params.orderId);
    },
  );
}
