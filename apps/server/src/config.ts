// One zod schema over the environment, parsed once at start-up; every bad key is reported at once.
import path from 'node:path';
import { z } from 'zod';
import { HOLD_MINUTES } from '@marquee/shared';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());
const booleanFlag = z.preprocess(
  (value) => (value === undefined || value === '' ? undefined : String(value).toLowerCase()),
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((value) => value === 'true' || value === '1' || value === 'yes'),
);

const envSchema = z.object({
  NODE_ENV: z.preprocess(emptyToUndefined, z.enum(['development', 'production', 'test']).default('development')),
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyToUndefined, z.string().default('localhost')),
  APP_URL: optionalUrl,
  PUBLIC_HOST: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[a-z0-9.-]+(:\d+)?$/i, 'must be a host name with an optional port, such as tickets.example.com')
      .optional(),
  ),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  // Connections each app process keeps to PostgreSQL (ignored on PGlite): see docs/deploy.md before raising it.
  DATABASE_POOL_SIZE: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(200).default(10)),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  TRUST_PROXY: booleanFlag,
  AUTH_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default('Marquee <no-reply@marquee.localhost>')),
  HIBP_RANGE_CHECK: booleanFlag,
  // Who may read the development outbox (/dev/mailbox, /api/dev/mail) outside production: only this machine
  // (loopback) unless set to open.
  DEV_MAILBOX: z.preprocess(emptyToUndefined, z.enum(['loopback', 'open']).default('loopback')),
  RATE_LIMIT_MULTIPLIER: z.preprocess(emptyToUndefined, z.coerce.number().positive().max(1000).default(1)),
  // The waiting room's proof-of-work: leading zero bits of SHA-256 a browser must find to join (decision 034).
  QUEUE_POW_BITS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(24).default(14)),
  // Messages to ticket holders (decision 154): e-mails each organisation's messages send per minute and per day.
  HOLDER_MAIL_PER_MINUTE: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100_000).default(120)),
  HOLDER_MAIL_PER_DAY: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(10_000_000).default(5000)),
  CHECKOUT_HOLD_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(10).max(3600).optional()),
  STRIPE_SECRET_KEY: optionalString,
  // A production server without STRIPE_SECRET_KEY runs on the payments sandbox only with this opt-in (a staging
  // server): no real money moves, and every page says so (decision 049).
  PAYMENTS_SANDBOX_IN_PRODUCTION: booleanFlag,
  STRIPE_WEBHOOK_SECRET: optionalString,
  // The platform endpoint's signing secret for the PRO plan's Stripe Billing events (POST /api/webhooks/stripe-billing).
  STRIPE_BILLING_WEBHOOK_SECRET: optionalString,
  // The PRO plan (decision 149): its monthly price in minor units and its currency.
  PRO_MONTHLY_PRICE: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(10_000_000).default(2900)),
  PRO_CURRENCY: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() ? value.trim().toUpperCase() : undefined),
    z.enum(['GBP', 'EUR', 'USD']).default('GBP'),
  ),
  STRIPE_API_URL: optionalUrl,
  // Webhooks (decision 152): how long an endpoint has to answer one delivery.
  WEBHOOK_TIMEOUT_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(60).default(10)),
  CLOUDFLARE_API_TOKEN: optionalString,
  CLOUDFLARE_ZONE_ID: optionalString,
  CLOUDFLARE_API_URL: optionalUrl,
  CNAME_TARGET: optionalString,
  DNS_SERVERS: optionalString,
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.preprocess(emptyToUndefined, z.string().default('auto')),
  S3_BUCKET: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_PUBLIC_URL: optionalUrl,
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  MICROSOFT_CLIENT_ID: optionalString,
  MICROSOFT_CLIENT_SECRET: optionalString,
  MICROSOFT_TENANT_ID: z.preprocess(emptyToUndefined, z.string().default('common')),
  LINKEDIN_CLIENT_ID: optionalString,
  LINKEDIN_CLIENT_SECRET: optionalString,
  // Customer Sync (decision 155): OAuth apps (without them organisers paste an API key or private app token) and
  // the services' addresses (tests point them at local fakes).
  MAILCHIMP_CLIENT_ID: optionalString,
  MAILCHIMP_CLIENT_SECRET: optionalString,
  MAILCHIMP_OAUTH_URL: optionalUrl,
  MAILCHIMP_API_URL: optionalUrl,
  HUBSPOT_CLIENT_ID: optionalString,
  HUBSPOT_CLIENT_SECRET: optionalString,
  HUBSPOT_OAUTH_URL: optionalUrl,
  HUBSPOT_API_URL: optionalUrl,
  // GET /metrics answers other machines only with this bearer token (loopback clients need none).
  METRICS_TOKEN: z.preprocess(emptyToUndefined, z.string().min(16, 'must be at least 16 characters').optional()),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  /** Origin of the dashboard and API, e.g. http://localhost:3000 */
  appUrl: string;
  /** Host the storefront subdomains hang off, e.g. localhost:3000 */
  publicHost: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Connections each process keeps to PostgreSQL. */
  databasePoolSize: number;
  logLevel: Env['LOG_LEVEL'];
  trustProxy: boolean;
  /**
   * What every signature derives from (sessions, ticket QR codes, waiting-room tokens, the sandbox's webhooks).
   * AUTH_SECRET, or outside production the random secret kept in DATA_DIR/secret (resolveAuthSecret).
   */
  authSecret: string;
  /** A production server on the payments sandbox, by the PAYMENTS_SANDBOX_IN_PRODUCTION opt-in. */
  paymentsSandboxInProduction: boolean;
  /** Scales the auth rate limits (1 in production; browser test runs raise it). */
  rateLimitMultiplier: number;
  /** How long a checkout holds its tickets (HOLD_MINUTES unless CHECKOUT_HOLD_SECONDS says otherwise). */
  holdSeconds: number;
  /** The development outbox answers every client, not only loopback (DEV_MAILBOX=open). */
  devMailboxOpen: boolean;
  raw: Env;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** The configuration as the environment gives it: without AUTH_SECRET, authSecret is still to be resolved. */
export type LoadedConfig = Omit<Config, 'authSecret'> & { authSecret: string | undefined };

/**
 * Validates the environment and nothing else (no files, no network): every bad key is reported at once. Outside
 * production AUTH_SECRET may be left out; resolveAuthSecret (config-secret.ts) then supplies the data directory's.
 */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): LoadedConfig {
  const parsed = envSchema.safeParse(source);
  const problems: string[] = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      problems.push(`${issue.path.join('.') || '(environment)'}: ${issue.message}`);
    }
    throw new ConfigError(problems);
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === 'production';

  const pairs: Array<[keyof Env, keyof Env]> = [
    ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
    ['MICROSOFT_CLIENT_ID', 'MICROSOFT_CLIENT_SECRET'],
    ['LINKEDIN_CLIENT_ID', 'LINKEDIN_CLIENT_SECRET'],
    ['CLOUDFLARE_API_TOKEN', 'CLOUDFLARE_ZONE_ID'],
    ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'],
  ];
  for (const [a, b] of pairs) {
    if (Boolean(env[a]) !== Boolean(env[b])) problems.push(`${a} and ${b} must be set together`);
  }
  if (env.S3_BUCKET && !env.S3_ACCESS_KEY_ID)
    problems.push('S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  if (isProduction) {
    if (!env.AUTH_SECRET) problems.push('AUTH_SECRET: required in production (at least 32 random characters)');
    if (!env.APP_URL) problems.push('APP_URL: required in production (the public https origin of the dashboard)');
    if (!env.PUBLIC_HOST)
      problems.push('PUBLIC_HOST: required in production (the host storefront subdomains hang off)');
    if (!env.STRIPE_SECRET_KEY && !env.PAYMENTS_SANDBOX_IN_PRODUCTION) {
      problems.push(
        'STRIPE_SECRET_KEY: required in production, or no real payment can be taken. A staging server may run on ' +
          'the payments sandbox instead with PAYMENTS_SANDBOX_IN_PRODUCTION=yes (every page then says no real money moves)',
      );
    }
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
      problems.push('STRIPE_WEBHOOK_SECRET: required in production when STRIPE_SECRET_KEY is set');
    }
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_BILLING_WEBHOOK_SECRET) {
      problems.push(
        'STRIPE_BILLING_WEBHOOK_SECRET: required in production when STRIPE_SECRET_KEY is set (the signing secret of ' +
          'the platform endpoint /api/webhooks/stripe-billing, which keeps the PRO plan in step with Stripe Billing)',
      );
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);

  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  return {
    env: env.NODE_ENV,
    isProduction,
    port: env.PORT,
    host: env.HOST,
    appUrl,
    publicHost: (env.PUBLIC_HOST ?? `localhost:${env.PORT}`).toLowerCase(),
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    authSecret: env.AUTH_SECRET,
    paymentsSandboxInProduction: isProduction && !env.STRIPE_SECRET_KEY && env.PAYMENTS_SANDBOX_IN_PRODUCTION,
    rateLimitMultiplier: env.RATE_LIMIT_MULTIPLIER,
    holdSeconds: env.CHECKOUT_HOLD_SECONDS ?? HOLD_MINUTES * 60,
    devMailboxOpen: env.DEV_MAILBOX === 'open',
    raw: env,
  };
}
