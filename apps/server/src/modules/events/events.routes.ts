// Events API: the organiser's events (CRUD, publish, unpublish, archive, dates in a series), the events page and the dashboard
// overview. Every route acts for the caller's organisation only; another organisation's event id is a 404.
import QRCode from 'qrcode';
import { AppError } from '../../lib/errors.js';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dashboardOverviewSchema,
  eventDatesInputSchema,
  eventDatesSchema,
  eventInputSchema,
  eventSchema,
  eventsListSchema,
} from '@marquee/shared';
import type { Config } from '../../config.js';
import { refuseClientFees } from '../../lib/client-fees.js';
import { requireOrganization } from '../auth/auth.guard.js';
import {
  archiveEvent,
  createEvent,
  deleteEvent,
  getEvent,
  publishEvent,
  unpublishEvent,
  updateEvent,
  type AssertCanSell,
  type EventsContext,
} from './events.service.js';
import { dashboardOverview, listEvents } from './events.lists.js';
import { addEventDates, listEventDates } from './events.series.js';

const idParams = z.object({ id: z.string().max(64) });

export function eventRoutes(app: FastifyInstance, deps: { config: Config; assertCanSell: AssertCanSell }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const context: EventsContext = { appUrl: deps.config.appUrl, publicHost: deps.config.publicHost };
  const actorOf = async (request: Parameters<typeof requireOrganization>[0]) => {
    const auth = await requireOrganization(request);
    return { organizationId: auth.organizationId, userId: auth.userId };
  };

  api.get('/api/events', { schema: { response: { 200: eventsListSchema } } }, async (request) => {
    const actor = await actorOf(request);
    return listEvents(db, actor.organizationId);
  });

  api.get('/api/dashboard/overview', { schema: { response: { 200: dashboardOverviewSchema } } }, async (request) => {
    const actor = await actorOf(request);
    return dashboardOverview(db, actor.organizationId);
  });

  api.post(
    '/api/events',
    { schema: { body: eventInputSchema, response: { 201: eventSchema } }, preValidation: refuseClientFees },
    async (request, reply) => {
      const actor = await actorOf(request);
      return reply.status(201).send(await createEvent(db, actor, request.body, context));
    },
  );

  api.get('/api/events/:id', { schema: { params: idParams, response: { 200: eventSchema } } }, async (request) => {
    const actor = await actorOf(request);
    return getEvent(db, actor.organizationId, request.params.id, context);
  });

  api.put(
    '/api/events/:id',
    {
      schema: { params: idParams, body: eventInputSchema, response: { 200: eventSchema } },
      preValidation: refuseClientFees,
    },
    async (request) => {
      const actor = await actorOf(request);
      return updateEvent(db, actor, request.params.id, request.body, context, {
        jobs: app.jobs,
        assertCanSell: deps.assertCanSell,
      });
    },
  );

  api.delete('/api/events/:id', { schema: { params: idParams } }, async (request, reply) => {
    const actor = await actorOf(request);
    await deleteEvent(db, actor, request.params.id);
    return reply.status(204).send();
  });

  api.post(
    '/api/events/:id/publish',
    { schema: { params: idParams, response: { 200: eventSchema } } },
    async (request) => {
      const actor = await actorOf(request);
      return publishEvent(db, actor, request.params.id, { assertCanSell: deps.assertCanSell }, context);
    },
  );

  api.post(
    '/api/events/:id/unpublish',
    { schema: { params: idParams, response: { 200: eventSchema } } },
    async (request) => {
      const actor = await actorOf(request);
      return unpublishEvent(db, actor, request.params.id, context);
    },
  );

  // Dates in a series (decision 132): the series' dates with their figures, and adding dates to it.
  api.get(
    '/api/events/:id/dates',
    { schema: { params: idParams, response: { 200: eventDatesSchema } } },
    async (request) => {
      const actor = await actorOf(request);
      return listEventDates(db, actor.organizationId, request.params.id, context);
    },
  );

  api.post(
    '/api/events/:id/dates',
    { schema: { params: idParams, body: eventDatesInputSchema, response: { 201: eventDatesSchema } } },
    async (request, reply) => {
      const actor = await actorOf(request);
      const dates = await addEventDates(db, actor, request.params.id, request.body, deps, context);
      return reply.status(201).send(dates);
    },
  );

  // The QR code of a live event's public page, for posters and flyers.
  api.get('/api/events/:id/qr.svg', { schema: { params: idParams } }, async (request, reply) => {
    const actor = await actorOf(request);
    const event = await getEvent(db, actor.organizationId, request.params.id, context);
    if (!event.public_url) throw new AppError('NOT_FOUND', 'This event has no public page until it is published');
    const svg = await QRCode.toString(event.public_url, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
    return reply
      .type('image/svg+xml')
      .header('cache-control', 'private, max-age=300')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      .send(svg);
  });

  api.post(
    '/api/events/:id/archive',
    { schema: { params: idParams, response: { 200: eventSchema } } },
    async (request) => {
      const actor = await actorOf(request);
      return archiveEvent(db, actor, request.params.id, context);
    },
  );
}
