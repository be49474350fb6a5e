// The sandbox's monthly subscriptions (the PRO plan, decision 149), in its own table: a hosted page on the app host
// pays the first month (modules/plan/sandbox-billing-pages.routes.ts), a job renews each period unless it was
// cancelled. Its webhooks are Stripe's shapes (Stripe Billing's subscription and invoice objects), signed with the
// sandbox's secret; modules/plan builds and delivers them.
import { randomBytes } from 'node:crypto';
import { and, eq, lte, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Database } from '../../db/client.js';
import { sandboxSubscription } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import type { PaymentWebhookEvent, SubscriptionsProvider } from './payments.js';

export type SandboxSubscriptionRecord = typeof sandboxSubscription.$inferSelect;

export const SUBSCRIPTION_CHECKOUT_TTL_MS = 30 * 60 * 1000;

const seconds = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null);

/** One calendar month later (as Stripe bills monthly: the same day of the month, clamped at its end). */
export function addMonth(date: Date): Date {
  const next = new Date(date);
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const last = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, last));
  return next;
}

export interface SandboxSubscriptions extends SubscriptionsProvider {
  get(id: string): Promise<SandboxSubscriptionRecord | null>;
  /** Pays the first month of an incomplete subscription (once); null when it was not open any more. */
  activate(id: string, tx: Database): Promise<SandboxSubscriptionRecord | null>;
  /** Active subscriptions whose period has ended, for the renewal job. */
  due(now: Date): Promise<SandboxSubscriptionRecord[]>;
  /** Renews (next period) or, when cancelled, ends one due subscription; null when another run already did. */
  renew(row: SandboxSubscriptionRecord, tx: Database): Promise<SandboxSubscriptionRecord | null>;
  subscriptionObject(row: SandboxSubscriptionRecord): Record<string, unknown>;
  /** The invoice of the row's current period, paid. */
  invoiceObject(row: SandboxSubscriptionRecord): Record<string, unknown>;
  checkoutObject(row: SandboxSubscriptionRecord): Record<string, unknown>;
}

export function createSandboxSubscriptions(options: {
  db: Database;
  appUrl: string;
  webhookSecret: string;
}): SandboxSubscriptions {
  const { db } = options;

  async function get(id: string) {
    const [row] = await db.select().from(sandboxSubscription).where(eq(sandboxSubscription.id, id)).limit(1);
    return row ?? null;
  }

  async function setCancel(subscriptionId: string, cancel: boolean) {
    const [row] = await db
      .update(sandboxSubscription)
      .set({ cancelAtPeriodEnd: cancel })
      .where(and(eq(sandboxSubscription.id, subscriptionId), eq(sandboxSubscription.status, 'active')))
      .returning({ id: sandboxSubscription.id });
    if (!row) throw new AppError('CONFLICT', 'This subscription is not active any more');
  }

  return {
    get,
    async createCheckout(input) {
      const id = `sub_sandbox_${randomBytes(12).toString('hex')}`;
      await db.insert(sandboxSubscription).values({
        id,
        customerId: `cus_sandbox_${randomBytes(12).toString('hex')}`,
        organizationId: input.organizationId,
        amount: input.amount,
        currency: input.currency.toLowerCase(),
        successUrl: input.successUrl,
        cancelUrl: input.cancelUrl,
        checkoutExpiresAt: new Date(Date.now() + SUBSCRIPTION_CHECKOUT_TTL_MS),
      });
      return { id, url: `${options.appUrl}/sandbox/subscribe/${id}` };
    },
    cancelAtPeriodEnd: (subscriptionId) => setCancel(subscriptionId, true),
    resume: (subscriptionId) => setCancel(subscriptionId, false),
    constructEvent(rawBody, signature) {
      if (!signature) throw new AppError('BAD_REQUEST', 'Missing Stripe-Signature header');
      try {
        return Stripe.webhooks.constructEvent(
          rawBody,
          signature,
          options.webhookSecret,
        ) as unknown as PaymentWebhookEvent;
      } catch {
        throw new AppError('BAD_REQUEST', 'Invalid webhook signature');
      }
    },
    async activate(id, tx) {
      const now = new Date();
      const [row] = await tx
        .update(sandboxSubscription)
        .set({ status: 'active', currentPeriodStart: now, currentPeriodEnd: addMonth(now) })
        .where(
          and(
            eq(sandboxSubscription.id, id),
            eq(sandboxSubscription.status, 'incomplete'),
            sql`${sandboxSubscription.checkoutExpiresAt} > now()`,
          ),
        )
        .returning();
      return row ?? null;
    },
    due(now) {
      return db
        .select()
        .from(sandboxSubscription)
        .where(and(eq(sandboxSubscription.status, 'active'), lte(sandboxSubscription.currentPeriodEnd, now)))
        .limit(100);
    },
    async renew(row, tx) {
      const end = row.currentPeriodEnd!;
      const [next] = await tx
        .update(sandboxSubscription)
        .set(
          row.cancelAtPeriodEnd ? { status: 'canceled' } : { currentPeriodStart: end, currentPeriodEnd: addMonth(end) },
        )
        .where(
          and(
            eq(sandboxSubscription.id, row.id),
            eq(sandboxSubscription.status, 'active'),
            eq(sandboxSubscription.currentPeriodEnd, end),
          ),
        )
        .returning();
      return next ?? null;
    },
    subscriptionObject(row) {
      return {
        id: row.id,
        object: 'subscription',
        customer: row.customerId,
        status: row.status,
        cancel_at_period_end: row.cancelAtPeriodEnd,
        currency: row.currency,
        metadata: { organization_id: row.organizationId },
        items: {
          object: 'list',
          data: [
            {
              object: 'subscription_item',
              current_period_start: seconds(row.currentPeriodStart),
              current_period_end: seconds(row.currentPeriodEnd),
              price: {
                object: 'price',
                unit_amount: row.amount,
                currency: row.currency,
                recurring: { interval: 'month' },
              },
            },
          ],
        },
        created: seconds(row.createdAt),
      };
    },
    invoiceObject(row) {
      const start = seconds(row.currentPeriodStart);
      return {
        id: `in_sandbox_${randomBytes(12).toString('hex')}`,
        object: 'invoice',
        customer: row.customerId,
        status: 'paid',
        amount_due: row.amount,
        amount_paid: row.amount,
        currency: row.currency,
        created: start,
        parent: {
          type: 'subscription_details',
          subscription_details: { subscription: row.id, metadata: { organization_id: row.organizationId } },
        },
        lines: {
          object: 'list',
          data: [{ object: 'line_item', amount: row.amount, period: { start, end: seconds(row.currentPeriodEnd) } }],
        },
      };
    },
    checkoutObject(row) {
      return {
        id: `cs_sandbox_${randomBytes(16).toString('hex')}`,
        object: 'checkout.session',
        mode: 'subscription',
        status: 'complete',
        payment_status: 'paid',
        customer: row.customerId,
        subscription: row.id,
        amount_total: row.amount,
        currency: row.currency,
        metadata: { organization_id: row.organizationId },
      };
    },
  };
}
