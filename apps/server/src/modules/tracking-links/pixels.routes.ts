// The ad pixels' settings (decision 156), in the Profile's Integrations tab: PRO only (requirePro), owners and
// admins. The storefront loads them after the fan's consent (storefront-pixels.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pixelSettingsInputSchema, pixelSettingsSchema } from '@marquee/shared';
import { requireOrganization } from '../auth/auth.guard.js';
import { requirePro } from '../plan/plan-access.js';
import { pixelSettings, savePixelSettings } from './pixels.service.js';

export function pixelRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  api.get(
    '/api/integrations/pixels',
    { schema: { response: { 200: pixelSettingsSchema } } },
    async (request, reply) => {
      const { organizationId } = await requireOrganization(request);
      await requirePro(db, organizationId);
      reply.header('cache-control', 'private, no-store');
      return pixelSettings(db, organizationId);
    },
  );

  api.put(
    '/api/integrations/pixels',
    { schema: { body: pixelSettingsInputSchema, response: { 200: pixelSettingsSchema } } },
    async (request) => {
      const { organizationId } = await requireOrganization(request);
      await requirePro(db, organizationId);
      return savePixelSettings(db, organizationId, request.body);
    },
  );
}
