// The dashboard's API key management (decision 150): Integrations lists, creates and revokes the organisation's
// keys. Owners and admins only, and only with PRO (a key of an organisation without PRO is suspended too).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiKeyCreatedSchema, apiKeyCreateSchema, apiKeysListSchema } from '@marquee/shared';
import { requireOrganization } from '../auth/auth.guard.js';
import { requirePro } from '../plan/plan-access.js';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service.js';

export function apiKeyRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const manager = async (request: Parameters<typeof requireOrganization>[0]) => {
    const auth = await requireOrganization(request);
    await requirePro(db, auth.organizationId);
    return auth;
  };

  api.get('/api/integrations/api-keys', { schema: { response: { 200: apiKeysListSchema } } }, async (request) => {
    const { organizationId } = await manager(request);
    return { keys: await listApiKeys(db, organizationId) };
  });

  api.post(
    '/api/integrations/api-keys',
    { schema: { body: apiKeyCreateSchema, response: { 201: apiKeyCreatedSchema } } },
    async (request, reply) => {
      const auth = await manager(request);
      const created = await createApiKey(db, auth, request.body);
      // The secret is in this one response only: never cached anywhere on the way.
      return reply.status(201).header('cache-control', 'no-store').send(created);
    },
  );

  api.delete(
    '/api/integrations/api-keys/:id',
    { schema: { params: z.object({ id: z.string().max(64) }) } },
    async (request, reply) => {
      const auth = await manager(request);
      await revokeApiKey(db, auth, request.params.id);
      return reply.status(204).send();
    },
  );
}
