// The PRO plan (decision 149): one row per organisation that ever subscribed. The row is the product's truth;
// the payment adapter's subscription (sandbox rows, or Stripe Billing) moves it through its webhooks.
import { bigint, boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organization } from './auth.js';

export const PLAN_STATUSES = ['active', 'past_due', 'ended'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

export const organizationPlan = pgTable(
  'organization_plan',
  {
    organizationId: text('organization_id')
      .primaryKey()
      .references(() => organization.id, { onDelete: 'cascade' }),
    /** active: paid for the current period; past_due: the last renewal failed (still PRO until the period ends); ended. */
    status: text('status', { enum: PLAN_STATUSES }).notNull(),
    provider: text('provider', { enum: ['stripe', 'sandbox'] }).notNull(),
    providerCustomerId: text('provider_customer_id'),
    providerSubscriptionId: text('provider_subscription_id'),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    /** PRO holds until this instant; at it a cancelled (or unpaid) plan ends: keys suspended, webhooks paused. */
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    /** The organiser cancelled: the plan ends at currentPeriodEnd instead of renewing. */
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** When the owner was told the plan ended (the period-end job sends that e-mail once). */
    endNoticeSentAt: timestamp('end_notice_sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('organization_plan_subscription_idx').on(table.providerSubscriptionId)],
);

/** The plan's invoices, one per period charged (paid) or attempted (failed), as the provider's webhooks report. */
export const planInvoice = pgTable(
  'plan_invoice',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    /** Ours, PRO-000001 (the platform-wide sequence plan_invoice_number_seq, hand-written in migration 0052). */
    number: text('number').notNull().unique(),
    provider: text('provider', { enum: ['stripe', 'sandbox'] }).notNull(),
    providerInvoiceId: text('provider_invoice_id').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** Upper-case ISO code, like PRO_CURRENCY. */
    currency: text('currency').notNull(),
    status: text('status', { enum: ['paid', 'failed'] }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('plan_invoice_provider_invoice_idx').on(table.provider, table.providerInvoiceId, table.status),
    index('plan_invoice_organization_idx').on(table.organizationId, table.issuedAt),
  ],
);

/** The subscription webhook events already applied (their own record: the Connect endpoint keeps payment_event). */
export const planEvent = pgTable('plan_event', {
  id: text('id').primaryKey(),
  provider: text('provider', { enum: ['stripe', 'sandbox'] }).notNull(),
  type: text('type').notNull(),
  organizationId: text('organization_id').references(() => organization.id, { onDelete: 'set null' }),
  /** Applied, or ignored and why (a mismatch, an unknown subscription). */
  outcome: text('outcome').notNull(),
  created: bigint('created', { mode: 'number' }).notNull(),
  payload: jsonb('payload').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

export const SANDBOX_SUBSCRIPTION_STATUSES = ['incomplete', 'active', 'canceled'] as const;

/** The sandbox provider's subscriptions (Stripe Billing keeps its own): the hosted page starts one, a job renews it. */
export const sandboxSubscription = pgTable(
  'sandbox_subscription',
  {
    /** sub_sandbox_... */
    id: text('id').primaryKey(),
    /** cus_sandbox_... */
    customerId: text('customer_id').notNull(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** Lower-case ISO code, as Stripe reports it. */
    currency: text('currency').notNull(),
    status: text('status', { enum: SANDBOX_SUBSCRIPTION_STATUSES }).notNull().default('incomplete'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    /** The hosted page is open until then. */
    checkoutExpiresAt: timestamp('checkout_expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sandbox_subscription_period_idx').on(table.status, table.currentPeriodEnd)],
);
