// The check-in app's API (/api/checkin/...): door staff, admins and owners of the organisation judge tickets,
// sync offline scans, search, undo, hand over add-ons and sell at the door; the check-in log is the organiser's
// (owner, admin).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkinEventSchema,
  checkinEventsSchema,
  checkinLogSchema,
  checkinSearchQuerySchema,
  checkinSearchSchema,
  deviceIdSchema,
  doorSaleAnswerSchema,
  doorSaleRequestSchema,
  handOverAnswerSchema,
  handOverRequestSchema,
  handOverSyncAnswerSchema,
  handOverSyncRequestSchema,
  offlineListSchema,
  scanAnswerSchema,
  scanRequestSchema,
  syncAnswerSchema,
  syncRequestSchema,
} from '@marquee/shared';
import { AppError, badRequest } from '../../lib/errors.js';
import { requireOrganization, type OrgRole } from '../auth/auth.guard.js';
import { eventCounts, judgeScan } from './checkin.judge.js';
import type { Scanner } from './checkin.scan.js';
import {
  checkinEvent,
  checkinEventRow,
  checkinLog,
  listCheckinEvents,
  offlineList,
  searchTickets,
  undoCheckIn,
} from './checkin.service.js';
import { sellAtDoor } from './door-sales.js';
import { handOverAddOn } from './checkin.add-ons.js';

export const DOOR_ROLES: readonly OrgRole[] = ['owner', 'admin', 'door'];
const ORGANISER_ROLES: readonly OrgRole[] = ['owner', 'admin'];
/** How far back a queued offline scan may be dated (a device offline through a long night). */
const OFFLINE_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

const eventParams = z.object({ eventId: z.string().max(64) });

export function checkinRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const signer = () => app.checkout.signer;
  const scannerFor = async (request: FastifyRequest, deviceId: string): Promise<Scanner> => {
    const auth = await requireOrganization(request, { roles: DOOR_ROLES });
    return { organizationId: auth.organizationId, userId: auth.userId, userName: auth.name, deviceId };
  };

  api.get('/api/checkin/events', { schema: { response: { 200: checkinEventsSchema } } }, async (request) => {
    const { organizationId } = await requireOrganization(request, { roles: DOOR_ROLES });
    return { events: await listCheckinEvents(db, organizationId) };
  });

  api.get(
    '/api/checkin/events/:eventId',
    { schema: { params: eventParams, response: { 200: checkinEventSchema } } },
    async (request) => {
      const { organizationId } = await requireOrganization(request, { roles: DOOR_ROLES });
      return checkinEvent(db, organizationId, request.params.eventId);
    },
  );

  api.get(
    '/api/checkin/events/:eventId/offline',
    { schema: { params: eventParams, response: { 200: offlineListSchema } } },
    async (request, reply) => {
      const { organizationId } = await requireOrganization(request, { roles: DOOR_ROLES });
      reply.header('cache-control', 'no-store');
      return offlineList(db, organizationId, request.params.eventId, signer().publicKey);
    },
  );

  api.get(
    '/api/checkin/events/:eventId/search',
    { schema: { params: eventParams, querystring: checkinSearchQuerySchema, response: { 200: checkinSearchSchema } } },
    async (request) => {
      const { organizationId } = await requireOrganization(request, { roles: DOOR_ROLES });
      return searchTickets(db, organizationId, request.params.eventId, request.query.q);
    },
  );

  api.post(
    '/api/checkin/events/:eventId/scan',
    { schema: { params: eventParams, body: scanRequestSchema, response: { 200: scanAnswerSchema } } },
    async (request) => {
      const body = request.body;
      if ((body.payload === undefined) === (body.code === undefined))
        throw badRequest('Send either the scanned QR payload or a ticket code');
      const scanner = await scannerFor(request, body.device_id);
      // The judging's one locking read also checks the event (this organisation's, not a draft).
      const { counts, ...result } = await judgeScan(db, signer(), scanner, request.params.eventId, {
        payload: body.payload,
        code: body.code,
        scannedAt: new Date(),
        clientId: null,
        method: body.payload === undefined ? 'search' : 'scan',
      });
      if (counts) return { ...result, counts };
      // A payload or code that names no ticket was judged without reading anything: check the event here.
      const row = await checkinEventRow(db, scanner.organizationId, request.params.eventId);
      return { ...result, counts: await eventCounts(db, scanner.organizationId, row.id) };
    },
  );

  api.post(
    '/api/checkin/events/:eventId/sync',
    { schema: { params: eventParams, body: syncRequestSchema, response: { 200: syncAnswerSchema } } },
    async (request) => {
      const scanner = await scannerFor(request, request.body.device_id);
      const row = await checkinEventRow(db, scanner.organizationId, request.params.eventId);
      const now = Date.now();
      // Oldest first, so within one device's queue the earlier scan is the admission.
      const scans = [...request.body.scans].sort((a, b) => Date.parse(a.scanned_at) - Date.parse(b.scanned_at));
      const results = [];
      for (const scan of scans) {
        if ((scan.payload === undefined) === (scan.code === undefined))
          throw badRequest('Each scan needs either its QR payload or a ticket code');
        const at = Math.min(Math.max(Date.parse(scan.scanned_at), now - OFFLINE_WINDOW_MS), now);
        results.push(
          await judgeScan(db, signer(), scanner, row.id, {
            payload: scan.payload,
            code: scan.code,
            scannedAt: new Date(at),
            clientId: scan.client_id,
            method: 'offline',
          }),
        );
      }
      const counts = await eventCounts(db, scanner.organizationId, row.id);
      return { results: results.map((result) => ({ ...result, counts })) };
    },
  );

  api.post(
    '/api/checkin/check-ins/:id/undo',
    {
      schema: {
        params: z.object({ id: z.string().max(64) }),
        body: z.object({ device_id: deviceIdSchema }),
        response: { 200: z.object({ counts: z.object({ checked_in: z.number().int(), sold: z.number().int() }) }) },
      },
    },
    async (request) => {
      const { organizationId, userId } = await requireOrganization(request, { roles: DOOR_ROLES });
      const { eventId } = await undoCheckIn(db, { organizationId, userId }, request.params.id);
      return { counts: await eventCounts(db, organizationId, eventId) };
    },
  );

  api.post(
    '/api/checkin/add-ons/:lineId/hand-over',
    {
      schema: {
        params: z.object({ lineId: z.string().max(64) }),
        body: handOverRequestSchema,
        response: { 200: handOverAnswerSchema },
      },
    },
    async (request) => {
      const scanner = await scannerFor(request, request.body.device_id);
      return { add_on: await handOverAddOn(db, scanner, request.params.lineId, request.body.quantity) };
    },
  );

  api.post(
    '/api/checkin/events/:eventId/hand-overs',
    { schema: { params: eventParams, body: handOverSyncRequestSchema, response: { 200: handOverSyncAnswerSchema } } },
    async (request) => {
      const scanner = await scannerFor(request, request.body.device_id);
      await checkinEventRow(db, scanner.organizationId, request.params.eventId);
      const now = Date.now();
      const queued = [...request.body.hand_overs].sort((a, b) => Date.parse(a.handed_at) - Date.parse(b.handed_at));
      const results = [];
      for (const item of queued) {
        const at = new Date(Math.min(Math.max(Date.parse(item.handed_at), now - OFFLINE_WINDOW_MS), now));
        try {
          const line = await handOverAddOn(db, scanner, item.line_id, item.quantity, { clientId: item.client_id, at });
          results.push({ client_id: item.client_id, add_on: line, refused: null });
        } catch (error) {
          // A clash (handed over at another door, the order refunded since) is this item's answer, not the sync's.
          if (!(error instanceof AppError) || !['CONFLICT', 'NOT_FOUND'].includes(error.code)) throw error;
          results.push({ client_id: item.client_id, add_on: null, refused: error.message });
        }
      }
      return { results };
    },
  );

  api.post(
    '/api/checkin/events/:eventId/door-sales',
    { schema: { params: eventParams, body: doorSaleRequestSchema, response: { 201: doorSaleAnswerSchema } } },
    async (request, reply) => {
      const scanner = await scannerFor(request, request.body.device_id);
      const sale = await sellAtDoor(
        {
          db,
          jobs: app.jobs,
          notifier: app.checkout.notifier,
          onMailError: (error) => request.log.warn({ err: error }, 'door sale e-mail left to the job worker'),
        },
        scanner,
        request.params.eventId,
        request.body,
      );
      return reply.code(201).send(sale);
    },
  );

  api.get(
    '/api/checkin/events/:eventId/log',
    { schema: { params: eventParams, response: { 200: checkinLogSchema } } },
    async (request) => {
      const { organizationId } = await requireOrganization(request, { roles: ORGANISER_ROLES });
      return checkinLog(db, organizationId, request.params.eventId);
    },
  );
}
