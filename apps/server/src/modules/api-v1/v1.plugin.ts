// The public REST API under /api/v1 (decision 151): one encapsulated context with its own hooks (API key, PRO,
// rate limit, scope; idempotency on POSTs; the key's trail of write calls), its OpenAPI 3.1 document generated from
// the routes' zod schemas by @fastify/swagger (only these routes are in it) and Swagger UI served from
// node_modules as the reference page.
import type { FastifyInstance } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';
import type { AssertCanSell } from '../events/events.service.js';
import { apiKeyAudit } from '../../db/schema/index.js';
import { authenticateApiCall } from './v1-auth.js';
import { claimIdempotencyKey, storeIdempotentAnswer } from './v1-idempotency.js';
import { v1ReadRoutes } from './v1-read.routes.js';
import { v1WriteRoutes } from './v1-write.routes.js';
import { v1CheckinRoutes } from './v1-checkin.routes.js';

export const V1_PREFIX = '/api/v1';

export async function registerApiV1(app: FastifyInstance, deps: { config: Config; assertCanSell: AssertCanSell }) {
  await app.register(async (v1) => {
    const { db } = app;
    await v1.register(fastifySwagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Marquee API',
          version: '1.0.0',
          description:
            'The organiser API of Marquee. Authenticate with an API key from Profile → Integrations: ' +
            '`Authorization: Bearer mq_live_…`. Lists are cursor-paginated (`next_cursor`); every POST needs an ' +
            '`Idempotency-Key` header. Errors are `{ "error": { "code", "message", "fields"? } }`.',
        },
        servers: [{ url: deps.config.appUrl }],
        components: { securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', bearerFormat: 'mq_live_…' } } },
        security: [{ apiKey: [] }],
      },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });

    v1.addHook('onRequest', async (request, reply) => authenticateApiCall(db, request, reply));
    v1.addHook('preHandler', async (request, reply) => claimIdempotencyKey(db, request, reply));
    // The idempotent answer, and the key's trail of every write call made with it (method, path, status), both
    // written before the answer leaves: a client that has the answer finds the call in the trail.
    v1.addHook('onSend', async (request, reply, payload) => {
      await storeIdempotentAnswer(db, request, reply, payload);
      const caller = request.apiKey;
      if (caller && request.method !== 'GET' && request.method !== 'HEAD')
        await db.insert(apiKeyAudit).values({
          organizationId: caller.organizationId,
          apiKeyId: caller.keyId,
          action: 'call',
          method: request.method,
          path: (request.url.split('?')[0] ?? '').slice(0, 500),
          status: reply.statusCode,
        });
      return payload;
    });

    v1ReadRoutes(v1, deps);
    v1WriteRoutes(v1, deps);
    v1CheckinRoutes(v1);

    v1.get(`${V1_PREFIX}/openapi.json`, { schema: { hide: true } }, async () => v1.swagger());
    await v1.register(fastifySwaggerUi, {
      routePrefix: `${V1_PREFIX}/reference`,
      uiConfig: { validatorUrl: null, deepLinking: true },
    });
  });
}
