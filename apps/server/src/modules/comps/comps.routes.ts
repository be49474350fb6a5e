// Guest list API (decision 126): issue one comp, import a CSV file of them, list an event's comps, and the door
// list as CSV or PDF (decision 127). Owners and admins; every query scoped by the caller's organisation.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { compCreateSchema, compImportSchema, compsIssuedSchema, compsPageSchema } from '@marquee/shared';
import { requireOrganization } from '../auth/auth.guard.js';
import { issueComps, listComps, loadCompEvent, type CompDeps } from './comps.service.js';
import { readCompCsv } from './comps.import.js';
import { doorListCsv, doorListPdf, loadDoorList } from './door-list.js';
import { slugify } from '../ticket-documents/index.js';

const params = z.object({ id: z.string().max(64) });
/** A CSV file of MAX_COMP_IMPORT_CHARS characters, each up to 3 bytes of UTF-8, in JSON. */
const IMPORT_BODY_LIMIT = 7 * 1024 * 1024;

export function compRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const deps = (): CompDeps => ({ db, jobs: app.jobs, notifier: app.checkout.notifier });

  api.get(
    '/api/events/:id/comps',
    {
      schema: {
        params,
        querystring: z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) }),
        response: { 200: compsPageSchema },
      },
    },
    async (request) => {
      const { organizationId } = await requireOrganization(request);
      return listComps(db, organizationId, request.params.id, request.query.page);
    },
  );

  api.post(
    '/api/events/:id/comps',
    { schema: { params, body: compCreateSchema, response: { 201: compsIssuedSchema } } },
    async (request, reply) => {
      const { organizationId, userId } = await requireOrganization(request);
      const { force, ticket_type_id: ticketTypeId, ...comp } = request.body;
      const issued = await issueComps(
        deps(),
        { organizationId, userId },
        request.params.id,
        [{ line: null, ...comp, ticketTypeId }],
        { force, deliverNow: true },
      );
      return reply.status(201).send(issued);
    },
  );

  api.post(
    '/api/events/:id/comps/import',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: { params, body: compImportSchema, response: { 201: compsIssuedSchema } },
    },
    async (request, reply) => {
      const { organizationId, userId } = await requireOrganization(request);
      const { types } = await loadCompEvent(db, organizationId, request.params.id, true);
      const { rows, errors } = readCompCsv(request.body.csv, types);
      const issued = await issueComps(deps(), { organizationId, userId }, request.params.id, rows, {
        force: request.body.force,
        errors,
      });
      return reply.status(201).send(issued);
    },
  );

  const fileName = (name: string, extension: string) => `door-list-${slugify(name) || 'event'}.${extension}`;

  api.get('/api/events/:id/door-list.csv', { schema: { params } }, async (request, reply) => {
    const { organizationId } = await requireOrganization(request);
    const list = await loadDoorList(db, organizationId, request.params.id);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName(list.event.name, 'csv')}"`)
      .header('cache-control', 'no-store')
      .send(doorListCsv(list));
  });

  api.get('/api/events/:id/door-list.pdf', { schema: { params } }, async (request, reply) => {
    const { organizationId } = await requireOrganization(request);
    const list = await loadDoorList(db, organizationId, request.params.id);
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${fileName(list.event.name, 'pdf')}"`)
      .header('cache-control', 'no-store')
      .send(await doorListPdf(list));
  });
}
