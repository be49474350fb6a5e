// Custom-domain API (spec section 7): save the domain, verify it, read its status, remove a provider
// hostname, mark the wizard complete; plus the on-demand-TLS "ask" endpoint Caddy calls.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  customDomainBodySchema,
  customDomainResponseSchema,
  domainStatusResponseSchema,
  removeHostnameBodySchema,
  removeHostnameResponseSchema,
  wizardCompletionBodySchema,
  wizardCompletionResponseSchema,
} from '@marquee/shared';
import type { Config } from '../../config.js';
import type { DomainProvider } from '../../adapters/domains/domains.js';
import { createOwnershipCheck, parseDnsServers } from '../../adapters/domains/dns.js';
import { requireOrganization } from '../auth/auth.guard.js';
import {
  getDomainStatus,
  isTlsHostAllowed,
  removeHostname,
  setCustomDomain,
  setWizardCompletion,
  verifyDomain,
  type DomainDeps,
} from './domains.service.js';

export function domainRoutes(app: FastifyInstance, options: { config: Config; provider: DomainProvider }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const deps: DomainDeps = {
    db: app.db,
    provider: options.provider,
    log: app.log,
    publicHost: options.config.publicHost,
    appHost: new URL(options.config.appUrl).host,
    claimSecret: options.config.authSecret,
    provesOwnership: createOwnershipCheck({ servers: parseDnsServers(options.config.raw.DNS_SERVERS) }),
  };

  api.put(
    '/api/org/custom-domain',
    { schema: { body: customDomainBodySchema, response: { 200: customDomainResponseSchema } } },
    async (request) => {
      const auth = await requireOrganization(request);
      return setCustomDomain({ ...deps, log: request.log }, auth.organizationId, request.body.customDomain);
    },
  );

  api.post('/api/org/verify-domain', { schema: { response: { 200: domainStatusResponseSchema } } }, async (request) => {
    const auth = await requireOrganization(request);
    return verifyDomain({ ...deps, log: request.log }, auth.organizationId);
  });

  api.get('/api/org/domain-status', { schema: { response: { 200: domainStatusResponseSchema } } }, async (request) => {
    const auth = await requireOrganization(request);
    return getDomainStatus({ ...deps, log: request.log }, auth.organizationId);
  });

  api.delete(
    '/api/org/remove-hostname',
    { schema: { body: removeHostnameBodySchema, response: { 200: removeHostnameResponseSchema } } },
    async (request) => {
      const auth = await requireOrganization(request);
      return removeHostname({ ...deps, log: request.log }, auth.organizationId, request.body.hostname);
    },
  );

  api.put(
    '/api/org/wizard-completion',
    { schema: { body: wizardCompletionBodySchema, response: { 200: wizardCompletionResponseSchema } } },
    async (request) => {
      const auth = await requireOrganization(request);
      return setWizardCompletion(deps.db, auth.organizationId, request.body.completed);
    },
  );

  // Caddy asks before obtaining an on-demand certificate: 200 lets it, anything else refuses. The answer
  // carries no body, so it says nothing beyond yes or no.
  api.get(
    '/internal/tls/ask',
    { schema: { querystring: z.object({ domain: z.string().max(300).default('') }) } },
    async (request, reply) => {
      const allowed = await isTlsHostAllowed(deps, request.query.domain);
      return reply
        .status(allowed ? 200 : 404)
        .header('cache-control', 'no-store')
        .send();
    },
  );
}
