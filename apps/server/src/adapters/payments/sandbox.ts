// The embedded payments provider: the PaymentsProvider interface backed by our own database, with in-app hosted
// onboarding, dashboard and checkout pages (modules/payments/sandbox-pages.routes.ts) and webhooks signed like
// Stripe's. No real money moves. Links are signed, expiring tokens; completing onboarding spends them.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Database } from '../../db/client.js';
import { paymentAccount, sandboxCheckoutSession, sandboxRefund } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import type { PaymentsProvider, PaymentWebhookEvent } from './payments.js';
import { createSandboxSubscriptions, type SandboxSubscriptions } from './sandbox-subscriptions.js';

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
export type SandboxCheckoutRecord = typeof sandboxCheckoutSession.$inferSelect;

export interface SandboxPaymentsProvider extends PaymentsProvider {
  readonly name: 'sandbox';
  readonly subscriptions: SandboxSubscriptions;
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
    getCheckoutSession(id: string): Promise<SandboxCheckoutRecord | null>;
    /** Marks an open session paid; null when it was not open any more (paid twice, expired). */
    /** Takes the payment (once); with `tx`, inside that transaction (the webhook delivery is queued with it). */
    completeCheckout(id: string, tx?: Database): Promise<SandboxCheckoutRecord | null>;
    /** The session as Stripe would describe it in a checkout.session.completed event. */
    checkoutSessionObject(session: SandboxCheckoutRecord): Record<string, unknown>;
  };
}

export const ONBOARDING_LINK_TTL_MS = 30 * 60 * 1000;
export const LOGIN_LINK_TTL_MS = 5 * 60 * 1000;
export const CHECKOUT_SESSION_TTL_MS = 30 * 60 * 1000;

/** Stripe's documented test card numbers that succeed. */
const SUCCEEDING_TEST_CARDS = new Set([
  '4242424242424242',
  '4000056655665556',
  '5555555555554444',
  '2223003122003222',
  '5200828282828210',
  '5105105105105100',
  '378282246310005',
  '371449635398431',
  '6011111111111117',
  '6011000990139424',
  '3056930009020004',
  '36227206271667',
  '3566002020360505',
  '6200000000000005',
]);

/** Stripe's test cards that fail, with the message Stripe shows for each. */
const DECLINING_TEST_CARDS: Record<string, string> = {
  '4000000000000002': 'Your card was declined.',
  '4000000000009995': 'Your card has insufficient funds.',
  '4000000000009987': 'Your card was declined.',
  '4000000000000069': 'Your card has expired.',
  '4000000000000127': "Your card's security code is incorrect.",
  '4000000000000119': 'An error occurred while processing your card. Try again in a little bit.',
};

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * What the sandbox does with a card number: Stripe's success test numbers pay, its decline test numbers fail
 * with Stripe's messages, a mistyped number is invalid, and any other (real-looking) number is declined:
 * the sandbox never takes real card details.
 */
export function sandboxCardOutcome(
  cardNumber: string,
): { ok: true } | { ok: false; invalid: boolean; message: string } {
  const digits = cardNumber.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) {
    return { ok: false, invalid: true, message: 'Your card number is invalid.' };
  }
  if (SUCCEEDING_TEST_CARDS.has(digits)) return { ok: true };
  const declined = DECLINING_TEST_CARDS[digits];
  return {
    ok: false,
    invalid: false,
    message: declined ?? 'Your card was declined. The sandbox accepts only test cards such as 4242 4242 4242 4242.',
  };
}

/**
 * The sandbox's published fee schedule (decision 141; shown on its payouts dashboard): per payment, 1.5% of the
 * amount charged, halves rounded up, plus 20 minor units of its currency (20p), never more than the payment; fixed
 * when the payment is taken and kept when it is refunded. Like Stripe's fee on our destination charges, it is
 * charged to the platform (paid out of the booking fee): it never comes off the organiser's balance.
 */
export const SANDBOX_FEE = { rateBp: 150, fixedMinor: 20 } as const;
export const SANDBOX_FEE_TEXT =
  'Sandbox processing fee: 1.5% + 20p per payment (20 minor units in other currencies), charged to the platform and paid out of its booking fee, as Stripe charges its fees; it does not come off your balance.';

export function isSandboxPayments(provider: PaymentsProvider): provider is SandboxPaymentsProvider {
  return provider.name === 'sandbox' && 'sandbox' in provider;
}

const derive = (secret: string, label: string) => createHmac('sha256', secret).update(label).digest();

/**
 * The secret the sandbox signs its webhooks with, derived from AUTH_SECRET so every process agrees; whoever holds
 * AUTH_SECRET (an operator replaying a delivery, the fault suite) can sign one as the sandbox would.
 */
export const sandboxWebhookSecret = (authSecret: string) =>
  `whsec_sandbox_${derive(authSecret, 'marquee:payments-sandbox:webhook:v1').toString('hex')}`;

export function createSandboxPayments(options: SandboxPaymentsOptions): SandboxPaymentsProvider {
  const { db, appUrl } = options;
  const linkKey = derive(options.authSecret, 'marquee:payments-sandbox:link-token:v1');
  const webhookSecret = sandboxWebhookSecret(options.authSecret);

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
    subscriptions: createSandboxSubscriptions({ db, appUrl, webhookSecret }),
    sandbox: {
      webhookSecret,
      readLink,
      getAccount,
      accountObject,
      signWebhookPayload,
      async getCheckoutSession(id) {
        const [row] = await db.select().from(sandboxCheckoutSession).where(eq(sandboxCheckoutSession.id, id)).limit(1);
        return row ?? null;
      },
      async completeCheckout(id, tx) {
        const [row] = await (tx ?? db)
          .update(sandboxCheckoutSession)
          .set({
            status: 'complete',
            paymentIntentId: `pi_sandbox_${randomBytes(12).toString('hex')}`,
            completedAt: new Date(),
            // Its fee by the schedule (SANDBOX_FEE), in integers: round(amount × 1.5%) halves up, + 20, at most all.
            feeAmount: sql`least(${sandboxCheckoutSession.amountTotal}, (${sandboxCheckoutSession.amountTotal} * ${SANDBOX_FEE.rateBp} + 5000) / 10000 + ${SANDBOX_FEE.fixedMinor})`,
          })
          .where(
            and(
              eq(sandboxCheckoutSession.id, id),
              eq(sandboxCheckoutSession.status, 'open'),
              sql`${sandboxCheckoutSession.expiresAt} > now()`,
            ),
          )
          .returning();
        return row ?? null;
      },
      checkoutSessionObject(session) {
        return {
          id: session.id,
          object: 'checkout.session',
          mode: 'payment',
          status: session.status,
          payment_status: session.status === 'complete' ? 'paid' : 'unpaid',
          amount_total: session.amountTotal,
          currency: session.currency,
          payment_intent: session.paymentIntentId,
          customer_email: session.customerEmail,
          metadata: session.metadata,
          success_url: session.successUrl,
          cancel_url: session.cancelUrl,
          created: Math.floor(session.createdAt.getTime() / 1000),
          expires_at: Math.floor(session.expiresAt.getTime() / 1000),
        };
      },
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

    // The organiser's share of what fans paid through the sandbox (the total less our application fee and refunds;
    // the sandbox's own fee is the platform's, as Stripe's is on destination charges), per currency: settling for
    // 7 days as 'pending', then 'available' (no payouts are ever made).
    async retrieveBalance(accountId) {
      await requireAccount(accountId);
      const result = await db.execute(sql`
        select currency,
          coalesce(sum(greatest(0, amount_total - application_fee_amount - amount_refunded)) filter (where completed_at > now() - interval '7 days'), 0) as pending,
          coalesce(sum(greatest(0, amount_total - application_fee_amount - amount_refunded)) filter (where completed_at <= now() - interval '7 days'), 0) as available
        from ${sandboxCheckoutSession}
        where account_id = ${accountId} and status = 'complete'
        group by currency`);
      const rows = (result as unknown as { rows: Array<{ currency: string; pending: unknown; available: unknown }> })
        .rows;
      return {
        available: rows.map((row) => ({ amount: Number(row.available), currency: row.currency })),
        pending: rows.map((row) => ({ amount: Number(row.pending), currency: row.currency })),
      };
    },

    async listPayouts(accountId) {
      await requireAccount(accountId);
      return [];
    },

    async createCheckoutSession(input) {
      const account = await requireAccount(input.accountId);
      if (input.lineItems.length === 0) throw new AppError('BAD_REQUEST', 'A checkout needs at least one line item');
      for (const item of input.lineItems) {
        if (
          !Number.isSafeInteger(item.unitAmount) ||
          item.unitAmount < 0 ||
          !Number.isSafeInteger(item.quantity) ||
          item.quantity < 1
        ) {
          throw new AppError('BAD_REQUEST', 'Line items need integer minor-unit amounts and positive quantities');
        }
      }
      const amountTotal = input.lineItems.reduce((total, item) => total + item.unitAmount * item.quantity, 0);
      if (
        !Number.isSafeInteger(input.applicationFeeAmount) ||
        input.applicationFeeAmount < 0 ||
        input.applicationFeeAmount > amountTotal
      ) {
        throw new AppError('BAD_REQUEST', 'The application fee must be between 0 and the amount paid');
      }
      const id = `cs_sandbox_${randomBytes(16).toString('hex')}`;
      await db.insert(sandboxCheckoutSession).values({
        id,
        accountId: account.id,
        organizationId: account.organizationId,
        currency: input.currency.toLowerCase(),
        lineItems: input.lineItems,
        amountTotal,
        applicationFeeAmount: input.applicationFeeAmount,
        successUrl: input.successUrl,
        cancelUrl: input.cancelUrl,
        metadata: input.metadata,
        customerEmail: input.customerEmail ?? null,
        expiresAt: new Date(Date.now() + CHECKOUT_SESSION_TTL_MS),
      });
      return { id, url: `${appUrl}/sandbox/checkout/${id}` };
    },

    async createRefund({ paymentIntentId, amount, idempotencyKey }) {
      if (idempotencyKey) {
        // Like Stripe: the same key answers with the first refund and moves no money again.
        const [earlier] = await db
          .select()
          .from(sandboxRefund)
          .where(eq(sandboxRefund.idempotencyKey, idempotencyKey))
          .limit(1);
        if (earlier) return { id: earlier.id, status: 'succeeded', amount: earlier.amount };
      }
      const [session] = await db
        .select()
        .from(sandboxCheckoutSession)
        .where(eq(sandboxCheckoutSession.paymentIntentId, paymentIntentId))
        .limit(1);
      if (!session) throw new AppError('NOT_FOUND', `No such sandbox payment: ${paymentIntentId}`);
      const remaining = session.amountTotal - session.amountRefunded;
      // A full refund asked again (a retry after a crash) finds nothing left: it already happened.
      if (amount === undefined && remaining === 0) {
        return { id: `re_sandbox_${randomBytes(12).toString('hex')}`, status: 'succeeded', amount: 0 };
      }
      const refund = amount ?? remaining;
      if (!Number.isSafeInteger(refund) || refund <= 0 || refund > remaining) {
        throw new AppError('BAD_REQUEST', `Refund between 1 and ${remaining} (minor units) of this payment`);
      }
      const id = `re_sandbox_${randomBytes(12).toString('hex')}`;
      return db.transaction(async (tx) => {
        // Conditional on what was read, so two refunds at once cannot both take the same remainder.
        const [updated] = await tx
          .update(sandboxCheckoutSession)
          .set({ amountRefunded: session.amountRefunded + refund })
          .where(
            and(
              eq(sandboxCheckoutSession.id, session.id),
              eq(sandboxCheckoutSession.amountRefunded, session.amountRefunded),
            ),
          )
          .returning({ id: sandboxCheckoutSession.id });
        if (!updated) throw new AppError('CONFLICT', 'Another refund of this payment is in progress; try again');
        if (idempotencyKey) {
          await tx.insert(sandboxRefund).values({ idempotencyKey, id, paymentIntentId, amount: refund });
        }
        return { id, status: 'succeeded', amount: refund };
      });
    },

    async retrievePaymentDestination(paymentIntentId) {
      const [session] = await db
        .select({ accountId: sandboxCheckoutSession.accountId })
        .from(sandboxCheckoutSession)
        .where(eq(sandboxCheckoutSession.paymentIntentId, paymentIntentId))
        .limit(1);
      return session?.accountId ?? null;
    },

    // The fee the sandbox fixed when it took the payment (completeCheckout), the platform's as Stripe's is (decision
    // 141); a payment taken before the sandbox charged fees has none to report.
    async retrievePaymentFee(paymentIntentId) {
      const [session] = await db
        .select({ fee: sandboxCheckoutSession.feeAmount, currency: sandboxCheckoutSession.currency })
        .from(sandboxCheckoutSession)
        .where(eq(sandboxCheckoutSession.paymentIntentId, paymentIntentId))
        .limit(1);
      if (!session || session.fee === null) return null;
      return { amount: session.fee, currency: session.currency, payer: 'platform' };
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
