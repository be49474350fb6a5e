// Customers API for organisers: the list (search, sort, pages of 50), one customer's detail, the CSV export of
// the current search, and the right-to-erasure delete. Routes parse, authorise and call the services, which
// scope every query by the caller's organisation.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CUSTOMER_DELETE_WORD,
  customerDetailSchema,
  customersExportQuerySchema,
  customersPageSchema,
  customersQuerySchema,
} from '@marquee/shared';
import { badRequest } from '../../lib/errors.js';
import { requireOrganization } from '../auth/auth.guard.js';
import { eraseCustomer } from './customers.erase.js';
import { customersCsv } from './customers.export.js';
import { getCustomer, listCustomers } from './customers.service.js';

export const DELETE_WORD_MESSAGE = `Type ${CUSTOMER_DELETE_WORD} to confirm`;

export function customerRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const params = z.object({ id: z.string().max(64) });

  api.get(
    '/api/customers',
    { schema: { querystring: customersQuerySchema, response: { 200: customersPageSchema } } },
    async (request) => {
      const { organizationId } = await requireOrganization(request);
      return listCustomers(db, organizationId, request.query);
    },
  );

  api.get('/api/customers/export', { schema: { querystring: customersExportQuerySchema } }, async (request, reply) => {
    const { organizationId } = await requireOrganization(request);
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="customers-${day}.csv"`)
      .header('cache-control', 'no-store')
      .send(customersCsv(db, organizationId, request.query.search));
  });

  api.get('/api/customers/:id', { schema: { params, response: { 200: customerDetailSchema } } }, async (request) => {
    const { organizationId } = await requireOrganization(request);
    return getCustomer(db, organizationId, request.params.id);
  });

  api.delete(
    '/api/customers/:id',
    {
      schema: {
        params,
        // Checked below rather than by the schema, so a missing body or any other word gets the same answer.
        body: z.object({ confirm: z.string().max(100).optional() }).nullish(),
        response: { 200: z.object({ id: z.string(), erased_orders: z.number().int() }) },
      },
    },
    async (request) => {
      const { organizationId, userId } = await requireOrganization(request);
      if (request.body?.confirm !== CUSTOMER_DELETE_WORD) throw badRequest(DELETE_WORD_MESSAGE);
      const { orders } = await eraseCustomer(db, organizationId, request.params.id, userId);
      return { id: request.params.id, erased_orders: orders };
    },
  );
}
