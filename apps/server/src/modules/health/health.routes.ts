import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/client.js';

const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ status: z.enum(['up', 'down']), kind: z.enum(['pglite', 'postgres']), latencyMs: z.number() }),
  uptimeSeconds: z.number(),
});

export function healthRoutes(app: FastifyInstance, database: DatabaseHandle) {
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
