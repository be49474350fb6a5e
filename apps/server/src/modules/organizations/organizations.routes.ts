// Organisation API (spec section 7): subdomain check, creation, info, settings and DNS provisioning.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CURRENCY_CODES,
  checkSubdomainBodySchema,
  checkSubdomainResponseSchema,
  createOrganizationBodySchema,
  createOrganizationSettingsSchema,
  SALE_EMAIL_CHOICES,
} from '@marquee/shared';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/errors.js';
import { ORG_ROLES, requireOrganization, requireUserOutsideDoor } from '../auth/auth.guard.js';
import {
  checkSubdomain,
  createOrganization,
  getOrganizationInfo,
  getOrganizationSettings,
  updateOrganizationSettings,
} from './organizations.service.js';

const organizationInfoSchema = z.object({
  /** null while the signed-in user has not created an organisation yet (onboarding). */
  organization: z
    .object({
      id: z.string(),
      name: z.string(),
      image: z.string().nullable(),
      subdomain: z.string(),
      custom_domain: z.string().nullable(),
      custom_domain_verified: z.union([z.literal(0), z.literal(1)]),
      custom_domain_wizard_completed: z.union([z.literal(0), z.literal(1)]),
      stripe_account_id: z.string().nullable(),
      /** The payout account has finished the provider's onboarding and can take ticket payments. */
      payouts_enabled: z.boolean(),
      default_currency: z.string(),
      /** IANA zone new events default to; null until the profile or the first event sets it. */
      time_zone: z.string().nullable(),
      active_domain: z.string(),
      /** The caller's role: owner, admin (all but team and payouts) or door (check-in and door sales only). */
      role: z.enum(ORG_ROLES),
    })
    .nullable(),
});

const settingsResponseSchema = z.object({
  company_name: z.string(),
  contact_email: z.string(),
  contact_phone: z.string(),
  description: z.string(),
  instagram_url: z.string(),
  tiktok_url: z.string(),
  x_url: z.string(),
  facebook_url: z.string(),
  resident_advisor_url: z.string(),
  website_url: z.string(),
  terms_url: z.string(),
  privacy_url: z.string(),
  primary_color: z.string(),
  secondary_color: z.string(),
  font_family: z.string(),
  logo_url: z.string(),
  cover_image_url: z.string(),
  sale_emails: z.enum(SALE_EMAIL_CHOICES),
  /** The earlier on/off setting, kept for older clients: sale_emails is not 'off'. */
  notify_on_sale: z.boolean(),
  time_zone: z.string().nullable(),
});

export function organizationRoutes(app: FastifyInstance, deps: { config: Config }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  api.post(
    '/api/org/check-subdomain',
    { schema: { body: checkSubdomainBodySchema, response: { 200: checkSubdomainResponseSchema } } },
    async (request) => {
      await requireUserOutsideDoor(request);
      return checkSubdomain(db, request.body.subdomain);
    },
  );

  api.post(
    '/api/org/create',
    {
      schema: {
        body: createOrganizationBodySchema,
        response: {
          201: z.object({
            organization: z.object({
              id: z.string(),
              name: z.string(),
              subdomain: z.string(),
              default_currency: z.enum(CURRENCY_CODES),
            }),
          }),
        },
      },
    },
    async (request, reply) => {
      const auth = await requireUserOutsideDoor(request);
      const created = await createOrganization(db, auth, request.body);
      return reply.status(201).send({ organization: created });
    },
  );

  api.get('/api/org/info', { schema: { response: { 200: organizationInfoSchema } } }, async (request) => {
    try {
      // Every member reads it: the dashboard shows each role what it may use.
      const auth = await requireOrganization(request, { roles: ORG_ROLES });
      const info = await getOrganizationInfo(db, auth.organizationId, deps.config.publicHost);
      return {
        organization: {
          ...info.organization,
          // Payout account details are the owner's business.
          stripe_account_id: auth.role === 'owner' ? info.organization.stripe_account_id : null,
          role: auth.role,
        },
      };
    } catch (error) {
      // Having no organisation yet is a state, not a failure: onboarding reads it.
      if (error instanceof AppError && error.code === 'NO_ORGANIZATION') return { organization: null };
      throw error;
    }
  });

  api.get('/api/org/settings', { schema: { response: { 200: settingsResponseSchema } } }, async (request) => {
    const auth = await requireOrganization(request);
    return getOrganizationSettings(db, auth.organizationId);
  });

  api.put(
    '/api/org/settings',
    {
      schema: {
        body: createOrganizationSettingsSchema({ imagePublicUrl: deps.config.raw.S3_PUBLIC_URL }),
        response: { 200: settingsResponseSchema },
      },
    },
    async (request) => {
      const auth = await requireOrganization(request);
      return updateOrganizationSettings(db, auth.organizationId, request.body);
    },
  );

  api.post(
    '/api/dns/provision',
    {
      schema: {
        body: z.object({ subdomain: z.string().trim().toLowerCase(), organization_id: z.string().optional() }),
        response: { 200: z.object({ success: z.literal(true), provisioned: z.boolean(), message: z.string() }) },
      },
    },
    async (request) => {
      const auth = await requireOrganization(request);
      if (request.body.organization_id && request.body.organization_id !== auth.organizationId) {
        throw new AppError('FORBIDDEN', 'You can only provision your own organisation');
      }
      const info = await getOrganizationInfo(db, auth.organizationId, deps.config.publicHost);
      if (info.organization.subdomain !== request.body.subdomain) {
        throw new AppError('FORBIDDEN', 'That subdomain does not belong to your organisation');
      }
      // Embedded default: this server answers every {subdomain}.{PUBLIC_HOST} itself (wildcard DNS and
      // on-demand TLS), so there is nothing to create. The Cloudflare adapter provisions for real.
      return {
        success: true as const,
        provisioned: false,
        message: `${info.organization.subdomain}.${deps.config.publicHost} is served directly by this server`,
      };
    },
  );
}
