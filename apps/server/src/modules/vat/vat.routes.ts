// VAT settings API (decision 138): the organisation's registration, read and saved by owners and admins.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { vatSettingsInputSchema, vatSettingsSchema } from '@marquee/shared';
import { requireOrganization } from '../auth/auth.guard.js';
import { getVatSettings, saveVatSettings } from './vat.service.js';

export function vatRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/api/org/vat', { schema: { response: { 200: vatSettingsSchema } } }, async (request) => {
    const { organizationId } = await requireOrganization(request);
    return getVatSettings(app.db, organizationId);
  });
  api.put(
    '/api/org/vat',
    { schema: { body: vatSettingsInputSchema, response: { 200: vatSettingsSchema } } },
    async (request) => {
      const { organizationId } = await requireOrganization(request);
      return saveVatSettings(app.db, organizationId, request.body);
    },
  );
}
