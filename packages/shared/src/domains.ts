// Custom-domain rules shared by the profile wizard and the server (spec sections 3, 4, 5 and 8): the domain
// rule, the verify throttle, the wizard's polling back-off, the messages and the domain-status response.
import { z } from 'zod';

/** The spec's list: the last label, or the last two together, must be one of these. */
export const CUSTOM_DOMAIN_TLDS = [
  'com',
  'org',
  'net',
  'edu',
  'gov',
  'mil',
  'int',
  'co',
  'io',
  'ai',
  'app',
  'dev',
  'uk',
  'us',
  'ca',
  'au',
  'de',
  'fr',
  'jp',
  'cn',
  'in',
  'br',
  'mx',
  'es',
  'it',
  'nl',
  'ru',
  'co.uk',
  'com.au',
  'co.in',
  'com.br',
  'co.za',
  'com.mx',
  'co.jp',
  'com.cn',
] as const;
const tldSet = new Set<string>(CUSTOM_DOMAIN_TLDS);

const LABEL_PATTERN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
const MAX_DOMAIN_LENGTH = 253;
const MAX_LABEL_LENGTH = 63;

/**
 * What is kept of a typed domain: trimmed, lower-cased, without a trailing dot. Schemes, paths and ports are
 * not stripped, so `https://x.com` or `x.com:8080` stay invalid rather than silently becoming something else.
 */
export function normalizeCustomDomain(input: string): string {
  return input.trim().toLowerCase().replace(/\.$/, '');
}

/** The spec's custom-domain rule, applied to the normalised input. */
export function isValidCustomDomain(domain: string): boolean {
  const value = normalizeCustomDomain(domain);
  if (!value || value.length > MAX_DOMAIN_LENGTH) return false;
  const labels = value.split('.');
  if (labels.length < 2) return false;
  if (!labels.every((label) => label.length <= MAX_LABEL_LENGTH && LABEL_PATTERN.test(label))) return false;
  const last = labels[labels.length - 1] ?? '';
  const lastTwo = labels.slice(-2).join('.');
  return tldSet.has(last) || tldSet.has(lastTwo);
}

/** The example in the invalid-domain message: a real-looking domain, never the app's own host. */
export const CUSTOM_DOMAIN_EXAMPLE = 'tickets.example.com';
export const customDomainMessage = (example: string = CUSTOM_DOMAIN_EXAMPLE) =>
  `Please enter a valid domain with a real TLD (e.g., ${example})`;

/**
 * The registered domain a DNS panel manages for a host: the last two labels, or the last three under a
 * two-part suffix of the spec's list (co.uk, com.au...). tickets.band.co.uk -> band.co.uk.
 */
export function dnsZoneOf(host: string): string {
  const labels = normalizeCustomDomain(host).split('.');
  const lastTwo = labels.slice(-2).join('.');
  const size = lastTwo.includes('.') && tldSet.has(lastTwo) ? 3 : 2;
  return labels.slice(-size).join('.');
}

/**
 * A record's name as most DNS panels want it: relative to the domain's zone ('tickets' for
 * tickets.example.com; '_marquee-verification.tickets' for its TXT record), '@' for the zone itself.
 */
export function dnsPanelName(recordName: string, domain: string): string {
  const name = normalizeCustomDomain(recordName);
  const zone = dnsZoneOf(domain);
  if (name === zone) return '@';
  return name.endsWith(`.${zone}`) ? name.slice(0, -(zone.length + 1)) : name;
}

export type MissingRecord = 'cname' | 'txt';

/** What a DNS look-up found where a record was missing: the CNAME's targets or the TXT values there. */
export interface DomainFinding {
  missing: MissingRecord;
  found: string[];
}

const quoted = (values: string[]) => values.map((value) => `"${value}"`).join(', ');

/** Which record is missing and what is there instead, in a sentence for the wizard. */
export function domainFindingMessage(
  finding: DomainFinding,
  names: { domain: string; cnameTarget: string; txtName: string | null },
): string {
  if (finding.missing === 'cname') {
    if (finding.found.length === 0)
      return `CNAME record not found: ${names.domain} has no CNAME record yet. Point it to ${names.cnameTarget}.`;
    return `CNAME record not found: ${names.domain} points to ${finding.found.join(', ')}, not ${names.cnameTarget}.`;
  }
  const txtName = names.txtName ?? names.domain;
  if (finding.found.length === 0) return `TXT record not found: ${txtName} has no TXT records yet.`;
  return `TXT record not found: ${txtName} has a TXT record with another value (${quoted(finding.found)}), not the one shown in step 2.`;
}

export const VERIFY_COOLDOWN_SECONDS = 60;
export const verifyThrottleMessage = (seconds: number) => `Please wait ${seconds} seconds before verifying again`;

/** Domain-status polling in the wizard: up to 5 attempts, 1 s doubling, capped at 10 s. */
export const POLL_MAX_ATTEMPTS = 5;
export const POLL_BASE_DELAY_MS = 1000;
export const POLL_MAX_DELAY_MS = 10_000;
export function pollDelayMs(attempt: number): number {
  return Math.min(POLL_BASE_DELAY_MS * 2 ** (Math.max(1, attempt) - 1), POLL_MAX_DELAY_MS);
}

export const DOMAIN_MESSAGES = {
  saveFailed: 'Failed to save domain',
  verificationFailed: 'Verification failed',
  verifyFailed: 'Failed to verify domain',
  pollingExhausted: 'Failed to get TXT validation records after multiple attempts. Please try again in a few minutes.',
} as const;

/** An error text the wizard treats as "already provisioning" (spec section 4). */
export function isDuplicateHostnameError(error: string | null | undefined): boolean {
  const text = (error ?? '').toLowerCase();
  return text.includes('duplicate') && text.includes('hostname');
}

export const DOMAIN_STATUSES = ['none', 'pending_verification', 'pending_ssl', 'active', 'error'] as const;
export type DomainStatus = (typeof DOMAIN_STATUSES)[number];

export const domainStatusResponseSchema = z.object({
  verified: z.boolean(),
  status: z.enum(DOMAIN_STATUSES),
  error: z.string().nullable(),
  details: z.object({
    txt_name: z.string().nullable(),
    txt_value: z.string().nullable(),
    cname_target: z.string(),
    /** The record the last look-up did not find, and what it found there instead (the DNS provider only). */
    missing_record: z.enum(['cname', 'txt']).nullable().optional(),
    found: z.array(z.string()).optional(),
  }),
});
export type DomainStatusResponse = z.infer<typeof domainStatusResponseSchema>;

export const customDomainBodySchema = z.object({ customDomain: z.string().max(300).nullable() });
export type CustomDomainBody = z.infer<typeof customDomainBodySchema>;

export const customDomainResponseSchema = z.object({
  custom_domain: z.string().nullable(),
  custom_domain_verified: z.union([z.literal(0), z.literal(1)]),
  custom_domain_wizard_completed: z.union([z.literal(0), z.literal(1)]),
});
export type CustomDomainResponse = z.infer<typeof customDomainResponseSchema>;

export const wizardCompletionBodySchema = z.object({ completed: z.boolean() });
export const wizardCompletionResponseSchema = z.object({
  custom_domain_wizard_completed: z.union([z.literal(0), z.literal(1)]),
});

export const removeHostnameBodySchema = z.object({ hostname: z.string().max(300) });
export const removeHostnameResponseSchema = z.object({ removed: z.literal(true), hostname: z.string() });
