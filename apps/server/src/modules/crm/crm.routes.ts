// Customer Sync's API (decision 155), for owners and admins of a PRO organisation: the connections with the
// recent log, connecting with a key or through OAuth (start, then the service's redirect back), the Mailchimp
// audience, a sync now, and disconnecting.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CRM_PROVIDER_NAMES,
  crmAudienceSchema,
  crmAudiencesSchema,
  crmConnectKeySchema,
  crmOverviewSchema,
} from '@marquee/shared';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/errors.js';
import { requireOrganization } from '../auth/auth.guard.js';
import { requirePro } from '../plan/plan-access.js';
import type { CrmSync } from './crm.jobs.js';
import { authorizeUrl, completeOAuth, RETURN_PATH } from './crm-oauth.js';
import {
  chooseAudience,
  disconnect,
  keyCredentials,
  listAudiences,
  overview,
  requireConnection,
  saveConnection,
} from './crm.service.js';

const providerParams = z.object({ provider: z.enum(CRM_PROVIDER_NAMES) });
const okSchema = z.object({ ok: z.literal(true) });

export function crmRoutes(app: FastifyInstance, deps: { config: Config; sync: CrmSync }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const clientDeps = { db, secrets: deps.sync.secrets, endpoints: deps.sync.endpoints };
  const appUrl = deps.config.appUrl;
  const pro = async (request: Parameters<typeof requireOrganization>[0]) => {
    const auth = await requireOrganization(request);
    await requirePro(db, auth.organizationId);
    return auth;
  };

  api.get('/api/integrations/crm', { schema: { response: { 200: crmOverviewSchema } } }, async (request) => {
    const { organizationId } = await pro(request);
    return overview(db, organizationId, {
      mailchimp: Boolean(deps.sync.endpoints.mailchimpOAuth),
      hubspot: Boolean(deps.sync.endpoints.hubspotOAuth),
    });
  });

  api.post(
    '/api/integrations/crm/:provider/key',
    { schema: { params: providerParams, body: crmConnectKeySchema, response: { 200: okSchema } } },
    async (request) => {
      const { organizationId } = await pro(request);
      await saveConnection(clientDeps, organizationId, keyCredentials(request.params.provider, request.body.key));
      return { ok: true as const };
    },
  );

  api.post(
    '/api/integrations/crm/:provider/oauth',
    { schema: { params: providerParams, response: { 200: z.object({ url: z.string() }) } } },
    async (request) => {
      const { organizationId, userId } = await pro(request);
      return { url: authorizeUrl(clientDeps, appUrl, { organizationId, userId, provider: request.params.provider }) };
    },
  );

  // The service's redirect back: the browser arrives with the organiser's session cookie (SameSite=Lax).
  api.get(
    '/api/integrations/crm/:provider/oauth/callback',
    {
      schema: {
        params: providerParams,
        querystring: z.object({
          code: z.string().max(2000).optional(),
          state: z.string().max(2000).optional(),
          error: z.string().max(200).optional(),
        }),
      },
    },
    async (request, reply) => {
      const { organizationId, userId } = await pro(request);
      const { code, state, error } = request.query;
      const back = (outcome: string) =>
        reply.redirect(`${RETURN_PATH}&crm=${outcome}&provider=${request.params.provider}`, 303);
      if (error || !code) return back('cancelled');
      try {
        await completeOAuth(
          clientDeps,
          appUrl,
          { organizationId, userId, provider: request.params.provider },
          { code, state: state ?? '' },
        );
      } catch (failure) {
        if (failure instanceof AppError && failure.code === 'FORBIDDEN') throw failure;
        return back('failed');
      }
      return back('connected');
    },
  );

  api.get(
    '/api/integrations/crm/mailchimp/audiences',
    { schema: { response: { 200: crmAudiencesSchema } } },
    async (request) => {
      const { organizationId } = await pro(request);
      const connection = await requireConnection(db, organizationId, 'mailchimp');
      return { audiences: await listAudiences(clientDeps, connection) };
    },
  );

  api.put(
    '/api/integrations/crm/mailchimp/audience',
    { schema: { body: crmAudienceSchema, response: { 200: z.object({ id: z.string(), name: z.string() }) } } },
    async (request) => {
      const { organizationId } = await pro(request);
      const audience = await chooseAudience(clientDeps, organizationId, request.body.audience_id);
      const connection = await requireConnection(db, organizationId, 'mailchimp');
      await deps.sync.queue({ organizationId, connectionId: connection.id });
      return audience;
    },
  );

  api.post(
    '/api/integrations/crm/:provider/sync',
    { schema: { params: providerParams, response: { 202: okSchema } } },
    async (request, reply) => {
      const { organizationId } = await pro(request);
      const connection = await requireConnection(db, organizationId, request.params.provider);
      if (connection.status !== 'connected')
        throw new AppError('CONFLICT', 'This connection needs you: connect again with working credentials');
      if (connection.provider === 'mailchimp' && !connection.audienceId)
        throw new AppError('CONFLICT', 'Choose the Mailchimp audience first');
      await deps.sync.queue({ organizationId, connectionId: connection.id });
      return reply.code(202).send({ ok: true as const });
    },
  );

  api.delete(
    '/api/integrations/crm/:provider',
    { schema: { params: providerParams, response: { 200: okSchema } } },
    async (request) => {
      const { organizationId } = await pro(request);
      await disconnect(db, organizationId, request.params.provider);
      return { ok: true as const };
    },
  );
}
