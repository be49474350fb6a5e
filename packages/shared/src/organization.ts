// Organisation rules shared by the onboarding and profile forms and the server: subdomains, creation and
// the profile settings (spec sections 3, 5 and 7).
import { z } from 'zod';
import { CURRENCY_CODES, FONT_FAMILIES } from './constants.js';
import { isSupportedTimeZone, TIME_ZONE_MESSAGES } from './time-zones.js';

export const SUBDOMAIN_MIN_LENGTH = 3;
export const SUBDOMAIN_MAX_LENGTH = 63;
export const SUBDOMAIN_PATTERN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/** Names that belong to the platform itself and are never given to an organisation. */
export const RESERVED_SUBDOMAINS = new Set([
  'www',
  'app',
  'api',
  'admin',
  'mail',
  'smtp',
  'imap',
  'pop',
  'ftp',
  'ns1',
  'ns2',
  'dns',
  'mx',
  'dashboard',
  'auth',
  'login',
  'signin',
  'signup',
  'account',
  'accounts',
  'billing',
  'payments',
  'pay',
  'checkout',
  'static',
  'assets',
  'cdn',
  'media',
  'uploads',
  'files',
  'img',
  'images',
  'help',
  'support',
  'status',
  'docs',
  'blog',
  'news',
  'about',
  'legal',
  'terms',
  'privacy',
  'security',
  'dev',
  'staging',
  'test',
  'demo',
  'internal',
  'system',
  'root',
  'marquee',
  'tickets',
  'ticket',
  'events',
  'localhost',
]);

/** What the onboarding input keeps of what is typed: lower case letters, digits and hyphens. */
export function sanitizeSubdomainInput(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9-]/g, '');
}

/** The spec's fallback subdomain: the lower-cased company name with non-alphanumerics removed. */
export function subdomainFromName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, SUBDOMAIN_MAX_LENGTH);
}

/** Why a subdomain cannot be used, judging only its form; null when the form is fine. */
export function subdomainFormatProblem(subdomain: string): string | null {
  if (subdomain.length < SUBDOMAIN_MIN_LENGTH) return `Must be at least ${SUBDOMAIN_MIN_LENGTH} characters`;
  if (subdomain.length > SUBDOMAIN_MAX_LENGTH) return `Must be at most ${SUBDOMAIN_MAX_LENGTH} characters`;
  if (!SUBDOMAIN_PATTERN.test(subdomain)) {
    return 'Use lowercase letters, numbers and hyphens, starting and ending with a letter or number';
  }
  if (subdomain.includes('--')) return 'Cannot contain two hyphens in a row';
  if (RESERVED_SUBDOMAINS.has(subdomain)) return 'This name is reserved';
  return null;
}

export const ORGANIZATION_NAME_MAX_LENGTH = 100;
export const ORGANIZATION_MESSAGES = {
  nameRequired: 'Organization name is required',
  creationUnavailable: 'Organization creation not available',
  createFailed: 'Failed to create organization',
  subdomainTaken: 'This subdomain is already taken',
  saveBrandingFailed: 'Failed to save branding settings',
  notAvailable: 'Not available',
  checkFailed: 'Check failed',
  logoElsewhere: 'Upload the logo here; links to images on other sites are not allowed',
  coverElsewhere: 'Upload the cover image here; links to images on other sites are not allowed',
  linkCharacters: 'Links cannot contain quotes or angle brackets',
  httpsPage: 'Enter the full address of the page, starting with https:// (for example https://example.com/terms)',
} as const;

/**
 * How the organiser is e-mailed about sales (decision 147): one e-mail per sale, a digest when sales are frequent
 * (the first sale after a quiet spell at once, the ones after it gathered), or none.
 */
export const SALE_EMAIL_CHOICES = ['each', 'digest', 'off'] as const;
export type SaleEmails = (typeof SALE_EMAIL_CHOICES)[number];
/** New and existing organisations get the digest. */
export const DEFAULT_SALE_EMAILS: SaleEmails = 'digest';
/**
 * The digest's interval in minutes: a sale after this long without one is e-mailed at once, and the sales after it
 * are gathered into one e-mail every this many minutes while they keep coming. The profile's wording and the
 * server's windows both read it.
 */
export const SALE_DIGEST_MINUTES = 15;

/** Characters the storefront will not put in an href (it drops such links), so they are refused on save. */
const UNSAFE_LINK_CHARACTERS = /["'<>`]/;
const UPLOADED_IMAGE_PATH = /^\/uploads\/[A-Za-z0-9/._-]+$/;
const STORAGE_KEY = /^[A-Za-z0-9/._-]+$/;

/**
 * An image the storefront's content-security policy lets it show: one uploaded here (/uploads/<key>) or, when
 * files live in a public S3 bucket, one under that bucket's public URL.
 */
export function isAllowedImageUrl(value: string, options: { imagePublicUrl?: string | undefined } = {}): boolean {
  if (value === '' || UPLOADED_IMAGE_PATH.test(value)) return !value.includes('..');
  const base = options.imagePublicUrl?.replace(/\/+$/, '');
  if (!base || !value.startsWith(`${base}/`)) return false;
  const key = value.slice(base.length + 1);
  return STORAGE_KEY.test(key) && !key.includes('..');
}

export const checkSubdomainBodySchema = z.object({ subdomain: z.string().max(200) });
export type CheckSubdomainBody = z.infer<typeof checkSubdomainBodySchema>;
export const checkSubdomainResponseSchema = z.object({ available: z.boolean(), reason: z.string().nullable() });
export type CheckSubdomainResponse = z.infer<typeof checkSubdomainResponseSchema>;

export const createOrganizationBodySchema = z.object({
  company_name: z
    .string()
    .trim()
    .min(1, ORGANIZATION_MESSAGES.nameRequired)
    .max(ORGANIZATION_NAME_MAX_LENGTH, `Organization name must be ${ORGANIZATION_NAME_MAX_LENGTH} characters or less`),
  subdomain: z.string().trim().toLowerCase().optional(),
  default_currency: z.enum(CURRENCY_CODES).default('GBP'),
});
export type CreateOrganizationBody = z.input<typeof createOrganizationBodySchema>;

const optionalHttpUrl = z
  .string()
  .trim()
  .max(2048)
  .superRefine((value, ctx) => {
    if (value === '') return;
    if (UNSAFE_LINK_CHARACTERS.test(value))
      ctx.addIssue({ code: 'custom', message: ORGANIZATION_MESSAGES.linkCharacters });
    else if (!/^https?:\/\/[^\s]+$/i.test(value)) ctx.addIssue({ code: 'custom', message: 'Must be an http(s) URL' });
  })
  .nullable()
  .optional();
/**
 * The organiser's terms and privacy pages: buyers open them from the footer and the checkout's terms tick, so
 * only an https page (with a host) is taken.
 */
const optionalHttpsPage = z
  .string()
  .trim()
  .max(2048, 'Must be 2048 characters or less')
  .superRefine((value, ctx) => {
    if (value === '') return;
    if (UNSAFE_LINK_CHARACTERS.test(value))
      ctx.addIssue({ code: 'custom', message: ORGANIZATION_MESSAGES.linkCharacters });
    else if (!isHttpsPage(value)) ctx.addIssue({ code: 'custom', message: ORGANIZATION_MESSAGES.httpsPage });
  })
  .nullable()
  .optional();

/** True for an absolute https:// URL with a host name that has a dot (or is localhost), and no spaces. */
export function isHttpsPage(value: string): boolean {
  if (!/^https:\/\/[^\s]+$/i.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && (url.hostname.includes('.') || url.hostname === 'localhost');
  } catch {
    return false;
  }
}
const optionalImageUrl = (message: string, options: { imagePublicUrl?: string | undefined }) =>
  z
    .string()
    .trim()
    .max(2048)
    .refine((value) => isAllowedImageUrl(value, options), message)
    .nullable()
    .optional();
const hexColor = z
  .string()
  .trim()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'Must be a hex colour such as #00ea6f');
const optionalText = (max: number) =>
  z.string().trim().max(max, `Must be ${max} characters or less`).nullable().optional();

/**
 * The body of PUT /api/org/settings. The server passes its S3 public URL (when configured) so images stored
 * there are accepted; without it only images uploaded here are.
 */
export const createOrganizationSettingsSchema = (options: { imagePublicUrl?: string | undefined } = {}) =>
  z.object({
    company_name: z.string().trim().min(1, ORGANIZATION_MESSAGES.nameRequired).max(ORGANIZATION_NAME_MAX_LENGTH),
    contact_email: z
      .string()
      .trim()
      .max(254)
      .refine((value) => value === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), 'Must be an e-mail address')
      .nullable()
      .optional(),
    contact_phone: optionalText(40),
    description: optionalText(1000),
    instagram_url: optionalHttpUrl,
    tiktok_url: optionalHttpUrl,
    x_url: optionalHttpUrl,
    facebook_url: optionalHttpUrl,
    resident_advisor_url: optionalHttpUrl,
    website_url: optionalHttpUrl,
    /** The organiser's terms and privacy pages, linked from the storefront footer. */
    terms_url: optionalHttpsPage,
    privacy_url: optionalHttpsPage,
    primary_color: hexColor.nullable().optional(),
    secondary_color: hexColor.nullable().optional(),
    font_family: z.enum(FONT_FAMILIES).nullable().optional(),
    logo_url: optionalImageUrl(ORGANIZATION_MESSAGES.logoElsewhere, options),
    cover_image_url: optionalImageUrl(ORGANIZATION_MESSAGES.coverElsewhere, options),
    /** How the organiser is e-mailed about sales; left out = unchanged. */
    sale_emails: z
      .enum(SALE_EMAIL_CHOICES, { message: `Sale e-mails must be one of: ${SALE_EMAIL_CHOICES.join(', ')}` })
      .optional(),
    /**
     * The earlier on/off setting, still taken from older clients when sale_emails is left out: false = 'off', true =
     * on (an 'off' setting becomes the default, 'digest'; 'each' or 'digest' stays as it is).
     */
    notify_on_sale: z.boolean().optional(),
    /** The zone new events default to; left out or null = unchanged. */
    time_zone: z.string().max(64).refine(isSupportedTimeZone, TIME_ZONE_MESSAGES.unknown).nullable().optional(),
  });
export const organizationSettingsSchema = createOrganizationSettingsSchema();
export type OrganizationSettingsInput = z.input<typeof organizationSettingsSchema>;
