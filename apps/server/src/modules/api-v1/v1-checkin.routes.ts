// Check-ins through the API (decision 151): an event's door figures, and a scan by ticket code (or QR payload)
// judged by the check-in app's own judge, so a ticket admits once whichever door or client scans it.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkinEventSchema, scanAnswerSchema, scanRequestSchema } from '@marquee/shared';
import { badRequest } from '../../lib/errors.js';
import { eventCounts, judgeScan } from '../checkin/checkin.judge.js';
import { checkinEvent, checkinEventRow } from '../checkin/checkin.service.js';
import { callerOf } from './v1-auth.js';
import { idempotencyHeaders, readErrors, writeErrors } from './v1-schemas.js';

const eventParams = z.object({ eventId: z.string().max(64) });

export function v1CheckinRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  api.get(
    '/api/v1/checkins/events/:eventId',
    {
      config: { apiScope: 'checkins:read' },
      schema: {
        operationId: 'getCheckinEvent',
        tags: ['Check-ins'],
        summary: "An event's door: tickets checked in of how many",
        params: eventParams,
        response: { 200: checkinEventSchema, ...readErrors },
      },
    },
    async (request) => checkinEvent(db, callerOf(request).organizationId, request.params.eventId),
  );

  api.post(
    '/api/v1/checkins/events/:eventId/scan',
    {
      config: { apiScope: 'checkins:write' },
      schema: {
        operationId: 'scanTicket',
        tags: ['Check-ins'],
        summary: 'Check a ticket in by its code or QR payload',
        headers: idempotencyHeaders,
        params: eventParams,
        body: scanRequestSchema,
        response: { 200: scanAnswerSchema, ...writeErrors },
      },
    },
    async (request) => {
      const { body } = request;
      if ((body.payload === undefined) === (body.code === undefined))
        throw badRequest('Send either the scanned QR payload or a ticket code');
      const caller = callerOf(request);
      const scanner = {
        organizationId: caller.organizationId,
        userId: caller.userId,
        userName: caller.userName,
        deviceId: body.device_id,
      };
      const { counts, ...result } = await judgeScan(db, app.checkout.signer, scanner, request.params.eventId, {
        payload: body.payload,
        code: body.code,
        scannedAt: new Date(),
        clientId: null,
        method: body.payload === undefined ? 'search' : 'scan',
      });
      if (counts) return { ...result, counts };
      const row = await checkinEventRow(db, caller.organizationId, request.params.eventId);
      return { ...result, counts: await eventCounts(db, caller.organizationId, row.id) };
    },
  );
}
