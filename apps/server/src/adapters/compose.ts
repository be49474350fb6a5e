// The one place that picks each adapter's implementation from the configuration. Interface files
// (mail/mailer.ts, payments/payments.ts, storage/storage.ts, domains/domains.ts) only describe their
// concern and never import an implementation; buildApp calls these factories (tests may pass their own).
import path from 'node:path';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { CrmClient } from './crm/crm.js';
import { createHubSpotClient, type HubSpotOAuth } from './crm/hubspot.js';
import { createMailchimpClient, mailchimpApiBase, type MailchimpOAuth } from './crm/mailchimp.js';
import type { DomainProvider } from './domains/domains.js';
import { cnameTargetFor } from './domains/domains.js';
import { createCloudflareDomainProvider } from './domains/cloudflare.js';
import { createDnsDomainProvider, parseDnsServers } from './domains/dns.js';
import type { Mailer } from './mail/mailer.js';
import { createOutboxMailer } from './mail/outbox.js';
import { createSmtpMailer } from './mail/smtp.js';
import type { PaymentsProvider } from './payments/payments.js';
import { createSandboxPayments } from './payments/sandbox.js';
import { createStripePayments } from './payments/stripe.js';
import type { FileStorage } from './storage/storage.js';
import { createLocalStorage } from './storage/local.js';
import { createS3Storage } from './storage/s3.js';

/** SMTP when SMTP_URL is set, otherwise the database outbox. */
export function createMailer(config: Config, db: Database): Mailer {
  const from = config.raw.MAIL_FROM;
  return config.raw.SMTP_URL ? createSmtpMailer(config.raw.SMTP_URL, from) : createOutboxMailer(db, from);
}

/** Stripe Connect when STRIPE_SECRET_KEY is set, otherwise the sandbox that keeps its state in our database. */
export function createPaymentsProvider(config: Config, deps: { db: Database }): PaymentsProvider {
  const env = config.raw;
  if (env.STRIPE_SECRET_KEY) {
    return createStripePayments({
      secretKey: env.STRIPE_SECRET_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      billingWebhookSecret: env.STRIPE_BILLING_WEBHOOK_SECRET,
      apiUrl: env.STRIPE_API_URL,
    });
  }
  return createSandboxPayments({ db: deps.db, appUrl: config.appUrl, authSecret: config.authSecret });
}

/** An S3-compatible bucket when S3_BUCKET is set, otherwise files under DATA_DIR/uploads. */
export function createStorage(config: Config): FileStorage {
  const env = config.raw;
  if (env.S3_BUCKET) {
    return createS3Storage({
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      publicUrl: env.S3_PUBLIC_URL,
    });
  }
  return createLocalStorage({ root: path.join(config.dataDir, 'uploads') });
}

/** Cloudflare for SaaS when CLOUDFLARE_API_TOKEN is set, otherwise DNS verification with on-demand TLS. */
export function createDomainProvider(config: Config): DomainProvider {
  const env = config.raw;
  const cnameTarget = cnameTargetFor(config);
  if (env.CLOUDFLARE_API_TOKEN && env.CLOUDFLARE_ZONE_ID) {
    return createCloudflareDomainProvider({
      apiToken: env.CLOUDFLARE_API_TOKEN,
      zoneId: env.CLOUDFLARE_ZONE_ID,
      apiUrl: env.CLOUDFLARE_API_URL,
      cnameTarget,
    });
  }
  return createDnsDomainProvider({ cnameTarget, servers: parseDnsServers(env.DNS_SERVERS) });
}

/** Where Customer Sync's services are, and their OAuth apps when configured (else organisers paste a key). */
export interface CrmEndpoints {
  mailchimpOAuth: MailchimpOAuth | null;
  mailchimpApiUrl: string | undefined;
  hubspotOAuth: HubSpotOAuth | null;
  hubspotApiUrl: string;
}

export function crmEndpoints(config: Config): CrmEndpoints {
  const env = config.raw;
  const hubspotApiUrl = env.HUBSPOT_API_URL ?? 'https://api.hubapi.com';
  return {
    mailchimpOAuth:
      env.MAILCHIMP_CLIENT_ID && env.MAILCHIMP_CLIENT_SECRET
        ? {
            oauthBase: env.MAILCHIMP_OAUTH_URL ?? 'https://login.mailchimp.com',
            clientId: env.MAILCHIMP_CLIENT_ID,
            clientSecret: env.MAILCHIMP_CLIENT_SECRET,
          }
        : null,
    mailchimpApiUrl: env.MAILCHIMP_API_URL,
    hubspotOAuth:
      env.HUBSPOT_CLIENT_ID && env.HUBSPOT_CLIENT_SECRET
        ? {
            authorizeBase: env.HUBSPOT_OAUTH_URL ?? 'https://app.hubspot.com',
            apiBase: hubspotApiUrl,
            clientId: env.HUBSPOT_CLIENT_ID,
            clientSecret: env.HUBSPOT_CLIENT_SECRET,
          }
        : null,
    hubspotApiUrl,
  };
}

export type CrmTarget =
  | { provider: 'mailchimp'; dc: string; authorization: string; listId: string | null }
  | { provider: 'hubspot'; accessToken: () => Promise<string> };

/** The client of one connection's service. */
export function createCrmClient(endpoints: CrmEndpoints, target: CrmTarget): CrmClient {
  if (target.provider === 'mailchimp') {
    return createMailchimpClient({
      apiBase: mailchimpApiBase(target.dc, endpoints.mailchimpApiUrl),
      authorization: target.authorization,
      listId: target.listId,
    });
  }
  return createHubSpotClient({ apiBase: endpoints.hubspotApiUrl, accessToken: target.accessToken });
}
