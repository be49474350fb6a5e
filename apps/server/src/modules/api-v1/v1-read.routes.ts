// The v1 read routes (decision 151): lists a keyset page at a time, and one event, order or customer through
// the dashboard's own services, so what a key reads is what the dashboard shows its creator's organisation.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiAttendeeSchema,
  apiAttendeesQuerySchema,
  apiCustomerSchema,
  apiCustomersQuerySchema,
  apiEventSchema,
  apiEventsQuerySchema,
  apiOrderSchema,
  apiOrdersQuerySchema,
  apiPageSchema,
  customerDetailSchema,
  eventSchema,
  orderDetailSchema,
} from '@marquee/shared';
import type { Config } from '../../config.js';
import { getEvent } from '../events/events.service.js';
import { getOrder } from '../orders/orders.service.js';
import { getCustomer } from '../customers/customers.service.js';
import { callerOf } from './v1-auth.js';
import { listAttendeesPage, listCustomersPage, listEventsPage, listOrdersPage } from './v1-lists.js';
import { idParams, readErrors } from './v1-schemas.js';

export function v1ReadRoutes(app: FastifyInstance, deps: { config: Config }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const context = { appUrl: deps.config.appUrl, publicHost: deps.config.publicHost };

  api.get(
    '/api/v1/events',
    {
      config: { apiScope: 'events:read' },
      schema: {
        operationId: 'listEvents',
        tags: ['Events'],
        summary: 'List events, oldest first',
        querystring: apiEventsQuerySchema,
        response: { 200: apiPageSchema(apiEventSchema), ...readErrors },
      },
    },
    async (request) => listEventsPage(db, callerOf(request).organizationId, request.query),
  );

  api.get(
    '/api/v1/events/:id',
    {
      config: { apiScope: 'events:read' },
      schema: {
        operationId: 'getEvent',
        tags: ['Events'],
        summary: 'Get an event with its ticket types',
        params: idParams,
        response: { 200: eventSchema, ...readErrors },
      },
    },
    async (request) => getEvent(db, callerOf(request).organizationId, request.params.id, context),
  );

  api.get(
    '/api/v1/orders',
    {
      config: { apiScope: 'orders:read' },
      schema: {
        operationId: 'listOrders',
        tags: ['Orders'],
        summary: 'List orders, oldest first (optionally of one event)',
        querystring: apiOrdersQuerySchema,
        response: { 200: apiPageSchema(apiOrderSchema), ...readErrors },
      },
    },
    async (request) => listOrdersPage(db, callerOf(request).organizationId, request.query),
  );

  api.get(
    '/api/v1/orders/:id',
    {
      config: { apiScope: 'orders:read' },
      schema: {
        operationId: 'getOrder',
        tags: ['Orders'],
        summary: 'Get an order with its lines, tickets, refunds and history',
        params: idParams,
        response: { 200: orderDetailSchema, ...readErrors },
      },
    },
    async (request) => getOrder(db, callerOf(request).organizationId, request.params.id),
  );

  api.get(
    '/api/v1/attendees',
    {
      config: { apiScope: 'attendees:read' },
      schema: {
        operationId: 'listAttendees',
        tags: ['Attendees'],
        summary: 'List tickets and their holders, oldest first (optionally of one event)',
        querystring: apiAttendeesQuerySchema,
        response: { 200: apiPageSchema(apiAttendeeSchema), ...readErrors },
      },
    },
    async (request) => listAttendeesPage(db, callerOf(request).organizationId, request.query),
  );

  api.get(
    '/api/v1/customers',
    {
      config: { apiScope: 'customers:read' },
      schema: {
        operationId: 'listCustomers',
        tags: ['Customers'],
        summary: 'List customers, by first purchase',
        querystring: apiCustomersQuerySchema,
        response: { 200: apiPageSchema(apiCustomerSchema), ...readErrors },
      },
    },
    async (request) => listCustomersPage(db, callerOf(request).organizationId, request.query),
  );

  api.get(
    '/api/v1/customers/:id',
    {
      config: { apiScope: 'customers:read' },
      schema: {
        operationId: 'getCustomer',
        tags: ['Customers'],
        summary: 'Get a customer with their events',
        params: idParams,
        response: { 200: customerDetailSchema, ...readErrors },
      },
    },
    async (request) => getCustomer(db, callerOf(request).organizationId, request.params.id),
  );
}
