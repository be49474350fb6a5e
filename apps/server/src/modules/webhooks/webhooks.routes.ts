// The webhooks API (decision 152): an organisation's endpoints, for owners and admins, with PRO. Routes parse,
// authorise (requireOrganization, requirePro) and call the service, which scopes every query by the organisation.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES, webhookEndpointInputSchema } from '@marquee/shared';
import { requireOrganization } from '../auth/auth.guard.js';
import { requirePro } from '../plan/plan-access.js';
import {
  createEndpoint,
  deleteEndpoint,
  listDeliveries,
  listEndpoints,
  resendDelivery,
  revealSecret,
  rotateSecret,
  sendTestEvent,
  updateEndpoint,
  type WebhookSettings,
} from './webhooks.service.js';

const endpointParams = z.object({ id: z.uuid('Not a webhook endpoint id') });
const deliveryParams = endpointParams.extend({ deliveryId: z.uuid('Not a delivery id') });
const pageQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });

const endpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  event_types: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  enabled: z.boolean(),
  disabled_reason: z.literal('failing').nullable(),
  failing_since: z.string().nullable(),
  created_at: z.string(),
});
const secretSchema = z.object({ secret: z.string() });
const attemptSchema = z.object({
  attempted_at: z.string(),
  status_code: z.number().int().nullable(),
  response_body: z.string(),
  duration_ms: z.number().int(),
  error: z.string().nullable(),
});
const deliveriesSchema = z.object({
  page: z.number().int(),
  has_more: z.boolean(),
  deliveries: z.array(
    z.object({
      id: z.string(),
      message_id: z.string(),
      type: z.string(),
      status: z.enum(['pending', 'delivering', 'succeeded', 'failed']),
      attempts: z.number().int(),
      last_status_code: z.number().int().nullable(),
      last_attempt_at: z.string().nullable(),
      next_attempt_at: z.string().nullable(),
      created_at: z.string(),
      log: z.array(attemptSchema),
    }),
  ),
});

export function webhookRoutes(app: FastifyInstance, settings: WebhookSettings) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const guard = async (request: Parameters<typeof requireOrganization>[0]) => {
    const { organizationId } = await requireOrganization(request);
    await requirePro(db, organizationId);
    return organizationId;
  };
  const base = '/api/integrations/webhooks';

  api.get(base, { schema: { response: { 200: z.object({ endpoints: z.array(endpointSchema) }) } } }, async (request) =>
    listEndpoints(db, await guard(request)),
  );

  api.post(
    base,
    { schema: { body: webhookEndpointInputSchema, response: { 201: endpointSchema.extend(secretSchema.shape) } } },
    async (request, reply) =>
      reply.status(201).send(await createEndpoint(db, await guard(request), request.body, settings)),
  );

  api.put(
    `${base}/:id`,
    { schema: { params: endpointParams, body: webhookEndpointInputSchema, response: { 200: endpointSchema } } },
    async (request) => updateEndpoint(db, await guard(request), request.params.id, request.body, settings),
  );

  api.delete(`${base}/:id`, { schema: { params: endpointParams } }, async (request, reply) => {
    await deleteEndpoint(db, await guard(request), request.params.id);
    return reply.status(204).send();
  });

  api.get(
    `${base}/:id/secret`,
    { schema: { params: endpointParams, response: { 200: secretSchema } } },
    async (request) => revealSecret(db, await guard(request), request.params.id),
  );

  api.post(
    `${base}/:id/rotate-secret`,
    { schema: { params: endpointParams, response: { 200: secretSchema } } },
    async (request) => rotateSecret(db, await guard(request), request.params.id),
  );

  api.post(
    `${base}/:id/test`,
    { schema: { params: endpointParams, response: { 202: z.object({ message_id: z.string() }) } } },
    async (request, reply) => reply.status(202).send(await sendTestEvent(db, await guard(request), request.params.id)),
  );

  api.get(
    `${base}/:id/deliveries`,
    { schema: { params: endpointParams, querystring: pageQuery, response: { 200: deliveriesSchema } } },
    async (request) => listDeliveries(db, await guard(request), request.params.id, request.query.page),
  );

  api.post(
    `${base}/:id/deliveries/:deliveryId/resend`,
    {
      schema: {
        params: deliveryParams,
        response: { 202: z.object({ id: z.string(), status: z.literal('pending') }) },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(await resendDelivery(db, await guard(request), request.params.id, request.params.deliveryId)),
  );
}
