// Health: GET /api/health (the database's status and latency, polled by benchmarks and tests),
// GET /api/health/live (the process answers; no database) and GET /api/health/ready (the database answers
// within READY_TIMEOUT_MS, else 503 in the error envelope) for a load balancer or orchestrator.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/client.js';
import { errorEnvelope } from '../../plugins/error-handler.js';

const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ status: z.enum(['up', 'down']), kind: z.enum(['pglite', 'postgres']), latencyMs: z.number() }),
  uptimeSeconds: z.number(),
});

const errorEnvelopeSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

/** How long readiness waits for the database; PGlite answers one query at a time, so under load it can queue. */
export const READY_TIMEOUT_MS = 2000;

function pingWithin(database: DatabaseHandle, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`the database did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([database.ping(), timeout]).finally(() => clearTimeout(timer));
}

export function healthRoutes(app: FastifyInstance, database: DatabaseHandle) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/health/live',
    { schema: { response: { 200: z.object({ status: z.literal('ok'), uptimeSeconds: z.number() }) } } },
    async (_request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send({ status: 'ok' as const, uptimeSeconds: Math.round(process.uptime()) }),
  );

  typed.get(
    '/api/health/ready',
    {
      schema: {
        response: {
          200: z.object({ status: z.literal('ready'), database: z.enum(['pglite', 'postgres']) }),
          503: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        await pingWithin(database, READY_TIMEOUT_MS);
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check: database not answering');
        return reply
          .status(503)
          .send(errorEnvelope('SERVICE_UNAVAILABLE', 'The database is not answering; try again shortly.'));
      }
      return reply.send({ status: 'ready' as const, database: database.kind });
    },
  );

  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/health',
      { schema: { response: { 200: healthResponseSchema, 503: healthResponseSchema } } },
      async (request, reply) => {
        const started = performance.now();
        let up = true;
        try {
          await database.ping();
        } catch (error) {
          up = false;
          request.log.error({ err: error }, 'health check: database unreachable');
        }
        const body = {
          status: up ? ('ok' as const) : ('degraded' as const),
          database: {
            status: up ? ('up' as const) : ('down' as const),
            kind: database.kind,
            latencyMs: Math.round((performance.now() - started) * 100) / 100,
          },
          uptimeSeconds: Math.round(process.uptime()),
        };
        return reply
          .header('cache-control', 'no-store')
          .status(up ? 200 : 503)
          .send(body);
      },
    );
}
