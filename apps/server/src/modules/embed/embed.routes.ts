// Profile > Integrations > Embed (PRO, decision 153): the sites allowed to frame the organisation's embed, and
// the snippets to paste. Owners and admins; reading and saving both need PRO now.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { embedOriginsBodySchema, embedSettingsSchema } from '@marquee/shared';
import type { Config } from '../../config.js';
import { requireOrganization } from '../auth/auth.guard.js';
import { requirePro } from '../plan/plan-access.js';
import { embedSettings, saveEmbedOrigins, type EmbedDeps } from './embed.service.js';

export function embedRoutes(app: FastifyInstance, config: Config) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const deps: EmbedDeps = {
    db: app.db,
    context: { appUrl: config.appUrl, publicHost: config.publicHost },
    allowHttp: !config.isProduction,
  };

  api.get('/api/integrations/embed', { schema: { response: { 200: embedSettingsSchema } } }, async (request) => {
    const { organizationId } = await requireOrganization(request);
    await requirePro(app.db, organizationId);
    return embedSettings(deps, organizationId);
  });

  api.put(
    '/api/integrations/embed',
    { schema: { body: embedOriginsBodySchema, response: { 200: embedSettingsSchema } } },
    async (request) => {
      const { organizationId } = await requireOrganization(request);
      await requirePro(app.db, organizationId);
      return saveEmbedOrigins(deps, organizationId, request.body.origins);
    },
  );
}
