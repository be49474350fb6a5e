// Settlement reports for organisers (decision 136): an event's (JSON, CSV, PDF) and a period's by when orders were
// paid (JSON, CSV, PDF). Owners and admins; the service scopes every read by the caller's organisation, so
// another organisation's event is a 404. Dates are validated by the shared schema (a bad one is a 400).
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  eventSettlementSchema,
  periodSettlementSchema,
  SETTLEMENT_MESSAGES,
  settlementPeriodQuerySchema,
  type EventSettlement,
  type PeriodSettlement,
  type SettlementPeriodQuery,
} from '@marquee/shared';
import type { PaymentsProviderName } from '../../adapters/payments/payments.js';
import { requireOrganization } from '../auth/auth.guard.js';
import { slugify } from '../ticket-documents/index.js';
import { eventSettlementCsv, periodSettlementCsv } from './settlement.csv.js';
import { eventSettlementPdf, periodSettlementPdf } from './settlement.pdf.js';
import {
  settlementForEvent,
  settlementForPeriod,
  type EventSettlementResult,
  type PeriodSettlementResult,
} from './settlement.service.js';

const params = z.object({ eventId: z.string().max(64) });

/** Neither date given: this month so far (UTC). */
export function periodOf(query: SettlementPeriodQuery, now: Date): { from: string; to: string } {
  if (query.from !== undefined && query.to !== undefined) return { from: query.from, to: query.to };
  const today = now.toISOString().slice(0, 10);
  return { from: `${today.slice(0, 8)}01`, to: today };
}

export function settlementRoutes(app: FastifyInstance, options: { providerName: PaymentsProviderName }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const providerFees = { note: SETTLEMENT_MESSAGES.providerFees[options.providerName] };
  const context = (now: Date) => ({ providerNote: providerFees.note, generatedAt: now });

  const eventJson = (report: EventSettlementResult, now: Date): EventSettlement => ({
    event_id: report.eventId,
    event_name: report.eventName,
    starts_at: report.startsAt,
    currencies: report.currencies,
    provider_fees: providerFees,
    generated_at: now.toISOString(),
  });
  const periodJson = (report: PeriodSettlementResult, now: Date): PeriodSettlement => ({
    from: report.from,
    to: report.to,
    events: report.events.map((entry) => ({
      event_id: entry.eventId,
      event_name: entry.eventName,
      starts_at: entry.startsAt,
      figures: entry.figures,
    })),
    totals: report.totals,
    provider_fees: providerFees,
    generated_at: now.toISOString(),
  });
  const file = (reply: FastifyReply, type: string, disposition: string, name: string) =>
    reply
      .type(type)
      .header('content-disposition', `${disposition}; filename="${name}"`)
      .header('cache-control', 'private, no-store');
  const eventFile = (report: EventSettlementResult, extension: string) =>
    `settlement-${slugify(report.eventName) || 'event'}.${extension}`;

  api.get(
    '/api/events/:eventId/settlement',
    { schema: { params, response: { 200: eventSettlementSchema } } },
    async (request, reply) => {
      const { organizationId } = await requireOrganization(request);
      reply.header('cache-control', 'private, no-store');
      return eventJson(await settlementForEvent(db, organizationId, request.params.eventId), new Date());
    },
  );
  api.get('/api/events/:eventId/settlement.csv', { schema: { params } }, async (request, reply) => {
    const { organizationId } = await requireOrganization(request);
    const report = await settlementForEvent(db, organizationId, request.params.eventId);
    return file(reply, 'text/csv; charset=utf-8', 'attachment', eventFile(report, 'csv')).send(
      eventSettlementCsv(report),
    );
  });
  api.get('/api/events/:eventId/settlement.pdf', { schema: { params } }, async (request, reply) => {
    const { organizationId } = await requireOrganization(request);
    const report = await settlementForEvent(db, organizationId, request.params.eventId);
    const pdf = await eventSettlementPdf(report, context(new Date()));
    return file(reply, 'application/pdf', 'inline', eventFile(report, 'pdf')).send(pdf);
  });

  const periodFile = (report: PeriodSettlementResult, extension: string) =>
    `settlement-${report.from}-to-${report.to}.${extension}`;
  api.get(
    '/api/reports/settlement',
    { schema: { querystring: settlementPeriodQuerySchema, response: { 200: periodSettlementSchema } } },
    async (request, reply) => {
      const { organizationId } = await requireOrganization(request);
      const now = new Date();
      reply.header('cache-control', 'private, no-store');
      return periodJson(await settlementForPeriod(db, organizationId, periodOf(request.query, now)), now);
    },
  );
  api.get(
    '/api/reports/settlement.csv',
    { schema: { querystring: settlementPeriodQuerySchema } },
    async (request, reply) => {
      const { organizationId } = await requireOrganization(request);
      const report = await settlementForPeriod(db, organizationId, periodOf(request.query, new Date()));
      return file(reply, 'text/csv; charset=utf-8', 'attachment', periodFile(report, 'csv')).send(
        periodSettlementCsv(report),
      );
    },
  );
  api.get(
    '/api/reports/settlement.pdf',
    { schema: { querystring: settlementPeriodQuerySchema } },
    async (request, reply) => {
      const { organizationId } = await requireOrganization(request);
      const now = new Date();
      const report = await settlementForPeriod(db, organizationId, periodOf(request.query, now));
      const pdf = await periodSettlementPdf(report, context(now));
      return file(reply, 'application/pdf', 'inline', periodFile(report, 'pdf')).send(pdf);
    },
  );
}
