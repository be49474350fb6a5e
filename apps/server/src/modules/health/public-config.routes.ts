// GET /api/public-config: what the web app may know about this installation (never secrets).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { PaymentsProviderName } from '../../adapters/payments/payments.js';
import { configuredSocialProviders } from '../auth/auth.js';

/**
 * `payments` is the provider the app really runs on (not NODE_ENV, not a guess from the variables): the dashboard
 * shows the sandbox notice from it, in production too when PAYMENTS_SANDBOX_IN_PRODUCTION is set.
 */
export function publicConfigRoutes(app: FastifyInstance, config: Config, payments: PaymentsProviderName) {
  const social = configuredSocialProviders(config);
  const body = {
    appUrl: config.appUrl,
    publicHost: config.publicHost,
    payments,
    socialProviders: { google: 'google' in social, microsoft: 'microsoft' in social, linkedin: 'linkedin' in social },
  };
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/public-config',
    {
      schema: {
        response: {
          200: z.object({
            appUrl: z.string(),
            publicHost: z.string(),
            payments: z.enum(['stripe', 'sandbox']),
            socialProviders: z.object({ google: z.boolean(), microsoft: z.boolean(), linkedin: z.boolean() }),
          }),
        },
      },
    },
    async (_request, reply) => reply.header('cache-control', 'public, max-age=300').send(body),
  );
}
