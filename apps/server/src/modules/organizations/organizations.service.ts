// Organisation rules: subdomain availability, creation (organisation, owner membership and our record in one
// transaction), the info the dashboard reads, and the profile settings. Every read and write is scoped by the
// caller's organisation id.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  DEFAULT_FONT_FAMILY,
  DEFAULT_SALE_EMAILS,
  DEFAULT_PRIMARY_COLOR,
  FALLBACK_SECONDARY_COLOR,
  ORGANIZATION_MESSAGES,
  subdomainFormatProblem,
  subdomainFromName,
  type CheckSubdomainResponse,
  type SaleEmails,
} from '@marquee/shared';
import type { z } from 'zod';
import type { createOrganizationBodySchema, organizationSettingsSchema } from '@marquee/shared';
import type { Database } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { member, organization, organizationSettings, session } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { canAcceptPayments } from '../payments/payments.service.js';
import { activeDomain } from '../../lib/storefront-host.js';

export async function isSubdomainTaken(db: Database, subdomain: string): Promise<boolean> {
  const [row] = await db
    .select({ id: organizationSettings.organizationId })
    .from(organizationSettings)
    .where(eq(sql`lower(${organizationSettings.subdomain})`, subdomain.toLowerCase()))
    .limit(1);
  return Boolean(row);
}

export async function checkSubdomain(db: Database, raw: string): Promise<CheckSubdomainResponse> {
  const subdomain = raw.trim().toLowerCase();
  const problem = subdomainFormatProblem(subdomain);
  if (problem) return { available: false, reason: problem };
  if (await isSubdomainTaken(db, subdomain)) return { available: false, reason: ORGANIZATION_MESSAGES.subdomainTaken };
  return { available: true, reason: null };
}

export async function createOrganization(
  db: Database,
  caller: { userId: string; sessionId: string },
  body: z.output<typeof createOrganizationBodySchema>,
) {
  const subdomain = (body.subdomain || subdomainFromName(body.company_name)).toLowerCase();
  const problem = subdomainFormatProblem(subdomain);
  if (problem) throw new AppError('VALIDATION_ERROR', problem, [{ path: 'subdomain', message: problem }]);

  const organizationId = randomUUID();
  try {
    await db.transaction(async (tx) => {
      await tx.insert(organization).values({ id: organizationId, name: body.company_name, slug: subdomain });
      await tx.insert(member).values({ id: randomUUID(), organizationId, userId: caller.userId, role: 'owner' });
      await tx.insert(organizationSettings).values({
        organizationId,
        subdomain,
        companyName: body.company_name,
        defaultCurrency: body.default_currency,
      });
      await tx.update(session).set({ activeOrganizationId: organizationId }).where(eq(session.id, caller.sessionId));
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', ORGANIZATION_MESSAGES.subdomainTaken);
    throw error;
  }
  return { id: organizationId, name: body.company_name, subdomain, default_currency: body.default_currency };
}

async function loadOrganization(db: Database, organizationId: string) {
  const [row] = await db
    .select({ organization, settings: organizationSettings })
    .from(organization)
    .innerJoin(organizationSettings, eq(organizationSettings.organizationId, organization.id))
    .where(eq(organization.id, organizationId))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Organisation not found');
  return row;
}

export async function getOrganizationInfo(db: Database, organizationId: string, publicHost: string) {
  const { organization: org, settings } = await loadOrganization(db, organizationId);
  // An account exists from the first 'Enable Payouts'; it is enabled only once the provider's onboarding is done.
  const payoutsEnabled = settings.stripeAccountId ? await canAcceptPayments(db, organizationId) : false;
  return {
    organization: {
      id: org.id,
      name: org.name,
      image: org.logo ?? settings.logoUrl ?? null,
      subdomain: settings.subdomain,
      custom_domain: settings.customDomain,
      custom_domain_verified: settings.customDomainVerified ? (1 as const) : (0 as const),
      custom_domain_wizard_completed: settings.customDomainWizardCompleted ? (1 as const) : (0 as const),
      stripe_account_id: settings.stripeAccountId,
      payouts_enabled: payoutsEnabled,
      default_currency: settings.defaultCurrency,
      time_zone: settings.timeZone,
      active_domain: activeDomain(settings, publicHost),
    },
  };
}

export async function getOrganizationSettings(db: Database, organizationId: string) {
  const { settings } = await loadOrganization(db, organizationId);
  return {
    company_name: settings.companyName,
    contact_email: settings.contactEmail ?? '',
    contact_phone: settings.contactPhone ?? '',
    description: settings.description ?? '',
    instagram_url: settings.instagramUrl ?? '',
    tiktok_url: settings.tiktokUrl ?? '',
    x_url: settings.xUrl ?? '',
    facebook_url: settings.facebookUrl ?? '',
    resident_advisor_url: settings.residentAdvisorUrl ?? '',
    website_url: settings.websiteUrl ?? '',
    terms_url: settings.termsUrl ?? '',
    privacy_url: settings.privacyUrl ?? '',
    primary_color: settings.primaryColor ?? DEFAULT_PRIMARY_COLOR,
    secondary_color: settings.secondaryColor ?? FALLBACK_SECONDARY_COLOR,
    font_family: settings.fontFamily ?? DEFAULT_FONT_FAMILY,
    logo_url: settings.logoUrl ?? '',
    cover_image_url: settings.coverImageUrl ?? '',
    sale_emails: settings.saleEmails,
    /** The earlier on/off setting, for older clients: any sale e-mails at all. */
    notify_on_sale: settings.saleEmails !== 'off',
    time_zone: settings.timeZone,
  };
}

/**
 * The sale e-mails a save asks for (decision 147): sale_emails when given; else an older client's notify_on_sale,
 * false as 'off' and true as on without changing which (only 'off' becomes the default), since such a client sends
 * it back with every save; else unchanged (undefined).
 */
function saleEmailsFrom(input: z.output<typeof organizationSettingsSchema>) {
  if (input.sale_emails !== undefined) return input.sale_emails;
  if (input.notify_on_sale === undefined) return undefined;
  if (!input.notify_on_sale) return 'off' as const;
  return sql<SaleEmails>`case when ${organizationSettings.saleEmails} = 'off' then ${DEFAULT_SALE_EMAILS} else ${organizationSettings.saleEmails} end`;
}

const blankToNull = (value: string | null | undefined) =>
  value === undefined ? undefined : value?.trim() ? value.trim() : null;

export async function updateOrganizationSettings(
  db: Database,
  organizationId: string,
  input: z.output<typeof organizationSettingsSchema>,
) {
  await db.transaction(async (tx) => {
    await tx
      .update(organizationSettings)
      .set({
        companyName: input.company_name,
        contactEmail: blankToNull(input.contact_email),
        contactPhone: blankToNull(input.contact_phone),
        description: blankToNull(input.description),
        instagramUrl: blankToNull(input.instagram_url),
        tiktokUrl: blankToNull(input.tiktok_url),
        xUrl: blankToNull(input.x_url),
        facebookUrl: blankToNull(input.facebook_url),
        residentAdvisorUrl: blankToNull(input.resident_advisor_url),
        websiteUrl: blankToNull(input.website_url),
        termsUrl: blankToNull(input.terms_url),
        privacyUrl: blankToNull(input.privacy_url),
        primaryColor: blankToNull(input.primary_color),
        secondaryColor: blankToNull(input.secondary_color),
        fontFamily: input.font_family === undefined ? undefined : input.font_family,
        logoUrl: blankToNull(input.logo_url),
        coverImageUrl: blankToNull(input.cover_image_url),
        // undefined leaves the column as it is (Drizzle skips undefined values).
        saleEmails: saleEmailsFrom(input),
        timeZone: input.time_zone ?? undefined,
        updatedAt: new Date(),
      })
      .where(eq(organizationSettings.organizationId, organizationId));
    // A changed company name also renames the organisation (and its logo follows the profile's).
    const logo = blankToNull(input.logo_url);
    await tx
      .update(organization)
      .set({ name: input.company_name, ...(logo === undefined ? {} : { logo }) })
      .where(eq(organization.id, organizationId));
  });
  return getOrganizationSettings(db, organizationId);
}
