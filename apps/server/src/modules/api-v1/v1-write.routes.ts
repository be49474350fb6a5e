// The v1 write routes (decision 151): events (create, update, publish), ticket types, refunds and codes, each
// through the dashboard's own service with the key's organisation and its creator as the actor, so the rules,
// the tenancy and the trail are the dashboard's. Every POST carries an Idempotency-Key (v1-idempotency.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  codeInputSchema,
  codeSchema,
  eventInputSchema,
  eventSchema,
  orderDetailSchema,
  refundInputSchema,
  ticketTypeInputSchema,
  ticketTypeSchema,
} from '@marquee/shared';
import type { Config } from '../../config.js';
import { refuseClientFees } from '../../lib/client-fees.js';
import { deviceOf } from '../audit/audit.js';
import {
  assertMayStartCharging,
  createEvent,
  publishEvent,
  updateEvent,
  type AssertCanSell,
} from '../events/events.service.js';
import { createTicketType, deleteTicketType, updateTicketType } from '../ticket-types/ticket-types.service.js';
import { getOrder } from '../orders/orders.service.js';
import { refundOrder } from '../refunds/refunds.service.js';
import { createCodes, listCodes } from '../codes/codes.service.js';
import { callerOf } from './v1-auth.js';
import { idempotencyHeaders, idParams, readErrors, typeParams, writeErrors } from './v1-schemas.js';

export function v1WriteRoutes(app: FastifyInstance, deps: { config: Config; assertCanSell: AssertCanSell }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const context = { appUrl: deps.config.appUrl, publicHost: deps.config.publicHost };

  api.post(
    '/api/v1/events',
    {
      config: { apiScope: 'events:write' },
      preValidation: refuseClientFees,
      schema: {
        operationId: 'createEvent',
        tags: ['Events'],
        summary: 'Create a draft event',
        headers: idempotencyHeaders,
        body: eventInputSchema,
        response: { 201: eventSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      return reply.status(201).send(await createEvent(db, caller, request.body, context));
    },
  );

  api.patch(
    '/api/v1/events/:id',
    {
      config: { apiScope: 'events:write' },
      preValidation: refuseClientFees,
      schema: {
        operationId: 'updateEvent',
        tags: ['Events'],
        summary: 'Change an event (fields left out stay as they are)',
        params: idParams,
        body: eventInputSchema,
        response: { 200: eventSchema, ...writeErrors },
      },
    },
    async (request) =>
      updateEvent(db, callerOf(request), request.params.id, request.body, context, {
        jobs: app.jobs,
        assertCanSell: deps.assertCanSell,
      }),
  );

  api.post(
    '/api/v1/events/:id/publish',
    {
      config: { apiScope: 'events:write' },
      schema: {
        operationId: 'publishEvent',
        tags: ['Events'],
        summary: 'Publish an event: its page goes live and tickets go on sale',
        headers: idempotencyHeaders,
        params: idParams,
        response: { 200: eventSchema, ...writeErrors },
      },
    },
    async (request) =>
      publishEvent(db, callerOf(request), request.params.id, { assertCanSell: deps.assertCanSell }, context),
  );

  api.post(
    '/api/v1/events/:id/ticket-types',
    {
      config: { apiScope: 'events:write' },
      preValidation: refuseClientFees,
      schema: {
        operationId: 'createTicketType',
        tags: ['Events'],
        summary: 'Add a ticket type to an event',
        headers: idempotencyHeaders,
        params: idParams,
        body: ticketTypeInputSchema,
        response: { 201: ticketTypeSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const { organizationId } = callerOf(request);
      if (!request.body.free) await assertMayStartCharging(db, organizationId, request.params.id, null, deps);
      return reply.status(201).send(await createTicketType(db, organizationId, request.params.id, request.body));
    },
  );

  api.put(
    '/api/v1/events/:id/ticket-types/:typeId',
    {
      config: { apiScope: 'events:write' },
      preValidation: refuseClientFees,
      schema: {
        operationId: 'updateTicketType',
        tags: ['Events'],
        summary: "Replace a ticket type's fields (sold and held tickets stay as they are)",
        params: typeParams,
        body: ticketTypeInputSchema,
        response: { 200: ticketTypeSchema, ...writeErrors },
      },
    },
    async (request) => {
      const { organizationId } = callerOf(request);
      const { id, typeId } = request.params;
      if (!request.body.free) await assertMayStartCharging(db, organizationId, id, typeId, deps);
      return updateTicketType(db, organizationId, id, typeId, request.body);
    },
  );

  api.delete(
    '/api/v1/events/:id/ticket-types/:typeId',
    {
      config: { apiScope: 'events:write' },
      schema: {
        operationId: 'deleteTicketType',
        tags: ['Events'],
        summary: 'Remove a ticket type that has sold nothing',
        params: typeParams,
        response: { 204: z.null().describe('Removed'), ...writeErrors },
      },
    },
    async (request, reply) => {
      await deleteTicketType(db, callerOf(request).organizationId, request.params.id, request.params.typeId);
      return reply.status(204).send(null);
    },
  );

  api.get(
    '/api/v1/events/:id/codes',
    {
      config: { apiScope: 'events:read' },
      schema: {
        operationId: 'listCodes',
        tags: ['Events'],
        summary: "List an event's promo and access codes",
        params: idParams,
        response: { 200: z.object({ codes: z.array(codeSchema) }), ...readErrors },
      },
    },
    async (request) => ({ codes: await listCodes(db, callerOf(request).organizationId, request.params.id) }),
  );

  api.post(
    '/api/v1/events/:id/codes',
    {
      config: { apiScope: 'events:write' },
      schema: {
        operationId: 'createCodes',
        tags: ['Events'],
        summary: 'Create a promo or access code (or a batch of them)',
        headers: idempotencyHeaders,
        params: idParams,
        body: codeInputSchema,
        response: { 201: codeSchema, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createCodes(db, callerOf(request).organizationId, request.params.id, request.body)),
  );

  api.post(
    '/api/v1/orders/:id/refunds',
    {
      config: { apiScope: 'orders:write' },
      schema: {
        operationId: 'refundOrder',
        tags: ['Orders'],
        summary: 'Refund tickets of an order (all or part of their price)',
        headers: idempotencyHeaders,
        params: idParams,
        body: refundInputSchema,
        response: { 200: orderDetailSchema, ...writeErrors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const who = { organizationId: caller.organizationId, userId: caller.userId, device: deviceOf(request, 'API') };
      await refundOrder(db, app.jobs, who, request.params.id, request.body);
      try {
        await app.afterSale.deliverQueued();
      } catch (error) {
        request.log.warn({ err: error }, 'after-sale jobs left to the worker');
      }
      return getOrder(db, caller.organizationId, request.params.id);
    },
  );
}
