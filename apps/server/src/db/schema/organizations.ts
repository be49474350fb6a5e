// The product's own record of an organisation: its storefront subdomain, custom domain and profile settings.
import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { DEFAULT_SALE_EMAILS, SALE_EMAIL_CHOICES } from '@marquee/shared';
import { organization } from './auth.js';
import { timeZoneText } from './time-zone-column.js';

export const organizationSettings = pgTable(
  'organization_settings',
  {
    organizationId: text('organization_id')
      .primaryKey()
      .references(() => organization.id, { onDelete: 'cascade' }),
    subdomain: text('subdomain').notNull(),
    defaultCurrency: text('default_currency').notNull().default('GBP'),
    /** IANA zone new events default to; null until the profile or the first event sets it. */
    timeZone: timeZoneText('time_zone'),
    companyName: text('company_name').notNull(),
    contactEmail: text('contact_email'),
    contactPhone: text('contact_phone'),
    description: text('description'),
    instagramUrl: text('instagram_url'),
    tiktokUrl: text('tiktok_url'),
    xUrl: text('x_url'),
    facebookUrl: text('facebook_url'),
    residentAdvisorUrl: text('resident_advisor_url'),
    websiteUrl: text('website_url'),
    /** The organiser's own terms and privacy pages, linked from the storefront footer. */
    termsUrl: text('terms_url'),
    privacyUrl: text('privacy_url'),
    primaryColor: text('primary_color'),
    secondaryColor: text('secondary_color'),
    fontFamily: text('font_family'),
    logoUrl: text('logo_url'),
    coverImageUrl: text('cover_image_url'),
    customDomain: text('custom_domain'),
    customDomainVerified: boolean('custom_domain_verified').notNull().default(false),
    customDomainWizardCompleted: boolean('custom_domain_wizard_completed').notNull().default(false),
    /** When custom_domain was last set: an unverified claim lapses 7 days after it (decision 008). */
    customDomainClaimedAt: timestamp('custom_domain_claimed_at', { withTimezone: true }),
    stripeAccountId: text('stripe_account_id'),
    /**
     * How the organiser is e-mailed about sales (decision 147): 'each' sale, a 'digest' when sales are frequent, or
     * 'off'. Checkout's organiser-sale job reads it when an order is paid, the digest job when its window ends.
     */
    saleEmails: text('sale_emails', { enum: SALE_EMAIL_CHOICES }).notNull().default(DEFAULT_SALE_EMAILS),
    /**
     * When the organiser first copied or opened the storefront link from the dashboard: the getting-started
     * checklist's 'Share the link' (a storefront page view also counts; decision 028).
     */
    storefrontLinkSharedAt: timestamp('storefront_link_shared_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('organization_settings_subdomain_idx').on(sql`lower(${table.subdomain})`),
    uniqueIndex('organization_settings_custom_domain_idx').on(sql`lower(${table.customDomain})`),
    check('organization_settings_sale_emails_check', sql`${table.saleEmails} in ('each', 'digest', 'off')`),
  ],
);

/**
 * An organisation's VAT registration (decision 138): its number and country, its standard rate (basis points) and
 * whether prices are entered including VAT. Read when an event page prices its tickets; an order keeps the rate and
 * VAT it was sold with, so a change never rewrites past orders.
 */
export const organizationTax = pgTable(
  'organization_tax',
  {
    organizationId: text('organization_id')
      .primaryKey()
      .references(() => organization.id, { onDelete: 'cascade' }),
    registered: boolean('registered').notNull().default(false),
    vatNumber: text('vat_number').notNull().default(''),
    country: text('country').notNull().default('GB'),
    rateBp: integer('rate_bp').notNull().default(2000),
    /** Up to two reduced rates (decision 139); null: not set (a second only with a first). */
    reducedRateBp: integer('reduced_rate_bp'),
    secondReducedRateBp: integer('second_reduced_rate_bp'),
    pricesIncludeVat: boolean('prices_include_vat').notNull().default(true),
    /** The registered (legal) name and postal address on the registration: the seller on a VAT invoice (decision 140). */
    legalName: text('legal_name').notNull().default(''),
    /** Lines of the address, newline-separated. */
    address: text('address').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('organization_tax_rate_check', sql`${table.rateBp} between 0 and 10000`),
    check(
      'organization_tax_reduced_rates_check',
      sql`(${table.reducedRateBp} is null or ${table.reducedRateBp} between 0 and 10000) and (${table.secondReducedRateBp} is null or (${table.reducedRateBp} is not null and ${table.secondReducedRateBp} between 0 and 10000))`,
    ),
  ],
);
