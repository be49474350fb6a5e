// The embedded payments provider: the PaymentsProvider interface backed by our own database, with in-app hosted
// onboarding and dashboard pages (modules/payments/sandbox-pages.routes.ts) and webhooks signed exactly like
// Stripe's. No real money moves. Links are signed, expiring tokens; completing onboarding spends them.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Database } from '../../db/client.js';
import { paymentAccount } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import type { PaymentsProvider, PaymentWebhookEvent } from './payments.js';

export interface SandboxPaymentsOptions {
  db: Database;
  appUrl: string;
  authSecret: string;
}

export type SandboxLinkKind = 'onboard' | 'dashboard';

export interface SandboxLink {
  kind: SandboxLinkKind;
  accountId: string;
  organizationId: string;
  /** Epoch milliseconds. */
  issuedAt: number;
  expiresAt: number;
  refreshUrl?: string;
  returnUrl?: string;
}

export interface SandboxOnboardingDetails {
  businessName: string;
  businessType: string;
  country: string;
  addressLine1: string;
  addressCity: string;
  addressPostalCode: string;
  representativeName: string;
  representativeDob: string;
  registrationNumber: string;
  bankAccountHolder: string;
  /** Only these two leave the form: the full account number is never stored. */
  bankLast4: string;
  bankName: string;
}

export type SandboxAccountRecord = typeof paymentAccount.$inferSelect;

export interface SandboxPaymentsProvider extends PaymentsProvider {
  readonly name: 'sandbox';
  readonly sandbox: {
    readonly webhookSecret: string;
    /** The link's contents when its signature holds (expired or not); null for anything forged or malformed. */
    readLink(token: string): SandboxLink | null;
    getAccount(accountId: string): Promise<SandboxAccountRecord | null>;
    /** Stores what the onboarding form collected and spends the account's outstanding onboarding links. */
    completeOnboarding(accountId: string, details: SandboxOnboardingDetails): Promise<void>;
    /** The account as Stripe would describe it in an account.updated event. */
    accountObject(accountId: string): Promise<Record<string, unknown>>;
    /** `t=<seconds>,v1=<hex HMAC-SHA256(secret, t + '.' + payload)>`, Stripe's scheme. */
    signWebhookPayload(payload: string, timestamp?: number): string;
  };
}

export const ONBOARDING_LINK_TTL_MS = 30 * 60 * 1000;
export const LOGIN_LINK_TTL_MS = 5 * 60 * 1000;

export function isSandboxPayments(provider: PaymentsProvider): provider is SandboxPaymentsProvider {
  return provider.name === 'sandbox' && 'sandbox' in provider;
}

const derive = (secret: string, label: string) => createHmac('sha256', secret).update(label).digest();

export function createSandboxPayments(options: SandboxPaymentsOptions): SandboxPaymentsProvider {
  const { db, appUrl } = options;
  const linkKey = derive(options.authSecret, 'marquee:payments-sandbox:link-token:v1');
  const webhookSecret = `whsec_sandbox_${derive(options.authSecret, 'marquee:payments-sandbox:webhook:v1').toString('hex')}`;

  function signLink(link: SandboxLink): string {
    const body = Buffer.from(JSON.stringify(link)).toString('base64url');
    const mac = createHmac('sha256', linkKey).update(body).digest('base64url');
    return `${body}.${mac}`;
  }

  function readLink(token: string): SandboxLink | null {
    const [body, mac, extra] = token.split('.');
    if (!body || !mac || extra !== undefined) return null;
    const expected = createHmac('sha256', linkKey).update(body).digest();
    const given = Buffer.from(mac, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      const link = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as SandboxLink;
      return typeof link.accountId === 'string' && typeof link.organizationId === 'string' ? link : null;
    } catch {
      return null;
    }
  }

  async function getAccount(accountId: string) {
    const [row] = await db.select().from(paymentAccount).where(eq(paymentAccount.id, accountId)).limit(1);
    return row ?? null;
  }

  async function requireAccount(accountId: string) {
    const row = await getAccount(accountId);
    if (!row || row.provider !== 'sandbox') throw new AppError('NOT_FOUND', `No such sandbox account: ${accountId}`);
    return row;
  }

  async function accountObject(accountId: string): Promise<Record<string, unknown>> {
    const row = await requireAccount(accountId);
    // The sandbox "verifies" at once: submitted details are enough to take payments and receive payouts.
    const enabled = row.detailsSubmitted;
    return {
      id: row.id,
      object: 'account',
      type: 'express',
      country: row.country,
      business_profile: { name: row.businessName },
      charges_enabled: enabled,
      payouts_enabled: enabled,
      details_submitted: row.detailsSubmitted,
      metadata: { organization_id: row.organizationId },
      settings: {
        payouts: {
          schedule: {
            interval: row.payoutInterval,
            ...(row.payoutInterval === 'weekly' && row.payoutDay ? { weekly_anchor: row.payoutDay } : {}),
            ...(row.payoutInterval === 'monthly' && row.payoutDay ? { monthly_anchor: Number(row.payoutDay) } : {}),
          },
        },
      },
      external_accounts: {
        object: 'list',
        data: row.bankLast4 ? [{ object: 'bank_account', last4: row.bankLast4, bank_name: row.bankName }] : [],
      },
      created: Math.floor(row.createdAt.getTime() / 1000),
    };
  }

  function signWebhookPayload(payload: string, timestamp = Math.floor(Date.now() / 1000)): string {
    const signature = createHmac('sha256', webhookSecret).update(`${timestamp}.${payload}`).digest('hex');
    return `t=${timestamp},v1=${signature}`;
  }

  return {
    name: 'sandbox',
    sandbox: {
      webhookSecret,
      readLink,
      getAccount,
      accountObject,
      signWebhookPayload,
      async completeOnboarding(accountId, details) {
        await requireAccount(accountId);
        await db
          .update(paymentAccount)
          .set({ ...details, detailsSubmitted: true, linksValidAfter: new Date(), updatedAt: new Date() })
          .where(eq(paymentAccount.id, accountId));
      },
    },

    async createConnectedAccount({ organizationId, businessName }) {
      const id = `acct_sandbox_${randomBytes(12).toString('hex')}`;
      await db.insert(paymentAccount).values({ id, organizationId, provider: 'sandbox', businessName });
      return { id };
    },

    async createAccountLink({ accountId, refreshUrl, returnUrl }) {
      const account = await requireAccount(accountId);
      const now = Date.now();
      const token = signLink({
        kind: 'onboard',
        accountId,
        organizationId: account.organizationId,
        issuedAt: now,
        expiresAt: now + ONBOARDING_LINK_TTL_MS,
        refreshUrl,
        returnUrl,
      });
      return { url: `${appUrl}/sandbox/connect/onboard?token=${token}` };
    },

    async createLoginLink(accountId) {
      const account = await requireAccount(accountId);
      // As with Stripe Express, the dashboard opens only once onboarding has been submitted.
      if (!account.detailsSubmitted) {
        throw new AppError('CONFLICT', 'Finish setting up payouts before opening the payouts dashboard');
      }
      const now = Date.now();
      const token = signLink({
        kind: 'dashboard',
        accountId,
        organizationId: account.organizationId,
        issuedAt: now,
        expiresAt: now + LOGIN_LINK_TTL_MS,
      });
      return { url: `${appUrl}/sandbox/connect/dashboard?token=${token}` };
    },

    async retrieveAccount(accountId) {
      const row = await requireAccount(accountId);
      return {
        id: row.id,
        chargesEnabled: row.detailsSubmitted,
        payoutsEnabled: row.detailsSubmitted,
        detailsSubmitted: row.detailsSubmitted,
        payoutSchedule: { interval: row.payoutInterval, day: row.payoutDay },
        bankAccount: row.bankLast4 ? { last4: row.bankLast4, bankName: row.bankName } : null,
      };
    },

    // Sandbox money would come from our own orders; until the orders table exists there is none.
    async retrieveBalance(accountId) {
      await requireAccount(accountId);
      return { available: [], pending: [] };
    },

    async listPayouts(accountId) {
      await requireAccount(accountId);
      return [];
    },

    async createCheckoutSession() {
      throw new AppError('SERVICE_UNAVAILABLE', 'The sandbox checkout page is not built yet');
    },

    async createRefund({ paymentIntentId }) {
      throw new AppError('NOT_FOUND', `No such sandbox payment: ${paymentIntentId}`);
    },

    constructWebhookEvent(rawBody, signature) {
      if (!signature) throw new AppError('BAD_REQUEST', 'Missing Stripe-Signature header');
      try {
        // Verified with Stripe's own code: the sandbox's signatures follow the same scheme.
        return Stripe.webhooks.constructEvent(rawBody, signature, webhookSecret) as unknown as PaymentWebhookEvent;
      } catch {
        throw new AppError('BAD_REQUEST', 'Invalid webhook signature');
      }
    },
  };
}
