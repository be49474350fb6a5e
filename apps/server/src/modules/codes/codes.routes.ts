// Codes and sales settings API for organisers: the event's sales window and limits against scalpers, its access
// and promo codes (create one or a batch, list with uses and revenue, disable/enable) and a batch's CSV export.
// Routes parse, authorise and call the service, which scopes every query by the caller's organisation.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { stringify } from 'csv-stringify/sync';
import { z } from 'zod';
import { codeInputSchema, codeSchema, salesSettingsInputSchema, salesSettingsSchema } from '@marquee/shared';
import { requireOrganization } from '../auth/auth.guard.js';
import { protectCell } from '../customers/customers.export.js';
import {
  batchCodes,
  createCodes,
  getSalesSettings,
  listCodes,
  setCodeDisabled,
  updateSalesSettings,
} from './codes.service.js';

const eventParams = z.object({ id: z.string().max(64) });
const codeParams = z.object({ id: z.string().max(64), codeId: z.string().max(64) });
const batchParams = z.object({ id: z.string().max(64), batchId: z.string().max(64) });

export function codeRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  api.get(
    '/api/events/:id/sales',
    { schema: { params: eventParams, response: { 200: salesSettingsSchema } } },
    async (request) => {
      const { organizationId } = await requireOrganization(request);
      return getSalesSettings(db, organizationId, request.params.id);
    },
  );

  api.put(
    '/api/events/:id/sales',
    { schema: { params: eventParams, body: salesSettingsInputSchema, response: { 200: salesSettingsSchema } } },
    async (request) => {
      const { organizationId } = await requireOrganization(request);
      return updateSalesSettings(db, organizationId, request.params.id, request.body);
    },
  );

  api.get(
    '/api/events/:id/codes',
    { schema: { params: eventParams, response: { 200: z.object({ codes: z.array(codeSchema) }) } } },
    async (request) => {
      const { organizationId } = await requireOrganization(request);
      return { codes: await listCodes(db, organizationId, request.params.id) };
    },
  );

  api.post(
    '/api/events/:id/codes',
    { schema: { params: eventParams, body: codeInputSchema, response: { 201: codeSchema } } },
    async (request, reply) => {
      const { organizationId } = await requireOrganization(request);
      const created = await createCodes(db, organizationId, request.params.id, request.body);
      return reply.status(201).send(created);
    },
  );

  api.patch(
    '/api/events/:id/codes/:codeId',
    {
      schema: {
        params: codeParams,
        body: z.object({ disabled: z.boolean() }),
        response: { 200: codeSchema },
      },
    },
    async (request) => {
      const { organizationId } = await requireOrganization(request);
      return setCodeDisabled(db, organizationId, request.params.id, request.params.codeId, request.body.disabled);
    },
  );

  api.get(
    '/api/events/:id/code-batches/:batchId/export',
    { schema: { params: batchParams } },
    async (request, reply) => {
      const { organizationId } = await requireOrganization(request);
      const rows = await batchCodes(db, organizationId, request.params.id, request.params.batchId);
      const csv = stringify([
        ['Code', 'Label', 'Used', 'Disabled'],
        ...rows.map((row) => [
          protectCell(row.code),
          protectCell(row.label),
          row.uses > 0 ? 'yes' : 'no',
          row.disabledAt ? 'yes' : 'no',
        ]),
      ]);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="access-codes-${request.params.batchId.slice(0, 8)}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
}
