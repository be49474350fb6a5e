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

export const customDomainMessage = (host: string) => `Please enter a valid domain with a real TLD (e.g., ${host})`;

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
