// Analytics API: the caller's organisation's cards, chart, per-event breakdown, recent sales, sales by region
// and the period's orders as CSV. Every route takes the same filter (period, from, to, event_id); another
// organisation's event id is a 404, a bad period a 400.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  analyticsChartSchema,
  analyticsEventsSchema,
  analyticsQuerySchema,
  analyticsRecentSalesSchema,
  analyticsRegionsSchema,
  analyticsSummarySchema,
  type AnalyticsPeriod,
} from '@marquee/shared';
import { requireOrganization } from '../auth/auth.guard.js';
import { resolveEventFilter, resolvePeriod } from './analytics.period.js';
import { analyticsChart, analyticsSummary } from './analytics.service.js';
import { analyticsEvents, exportOrdersCsv, recentSales, salesByRegion } from './analytics.lists.js';

export function analyticsRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  async function scope(
    request: FastifyRequest,
    query: { period: AnalyticsPeriod; from?: string; to?: string; event_id?: string },
  ) {
    const { organizationId } = await requireOrganization(request);
    const eventId = await resolveEventFilter(db, organizationId, query.event_id);
    return { organizationId, period: resolvePeriod(query, new Date(), eventId) };
  }

  api.get(
    '/api/analytics/summary',
    { schema: { querystring: analyticsQuerySchema, response: { 200: analyticsSummarySchema } } },
    async (request, reply) => {
      const { organizationId, period } = await scope(request, request.query);
      reply.header('cache-control', 'private, no-store');
      return analyticsSummary(db, organizationId, period);
    },
  );

  api.get(
    '/api/analytics/chart',
    { schema: { querystring: analyticsQuerySchema, response: { 200: analyticsChartSchema } } },
    async (request, reply) => {
      const { organizationId, period } = await scope(request, request.query);
      reply.header('cache-control', 'private, no-store');
      return analyticsChart(db, organizationId, period);
    },
  );

  api.get(
    '/api/analytics/events',
    { schema: { querystring: analyticsQuerySchema, response: { 200: analyticsEventsSchema } } },
    async (request, reply) => {
      const { organizationId, period } = await scope(request, request.query);
      reply.header('cache-control', 'private, no-store');
      return analyticsEvents(db, organizationId, period);
    },
  );

  api.get(
    '/api/analytics/recent-sales',
    { schema: { querystring: analyticsQuerySchema, response: { 200: analyticsRecentSalesSchema } } },
    async (request, reply) => {
      const { organizationId, period } = await scope(request, request.query);
      reply.header('cache-control', 'private, no-store');
      return recentSales(db, organizationId, period);
    },
  );

  api.get(
    '/api/analytics/regions',
    { schema: { querystring: analyticsQuerySchema, response: { 200: analyticsRegionsSchema } } },
    async (request, reply) => {
      const { organizationId, period } = await scope(request, request.query);
      reply.header('cache-control', 'private, no-store');
      return salesByRegion(db, organizationId, period);
    },
  );

  api.get('/api/analytics/orders.csv', { schema: { querystring: analyticsQuerySchema } }, async (request, reply) => {
    const { organizationId, period } = await scope(request, request.query);
    return reply
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="orders-${period.from}-to-${period.to}.csv"`)
      .type('text/csv; charset=utf-8')
      .send(exportOrdersCsv(db, organizationId, period));
  });
}
