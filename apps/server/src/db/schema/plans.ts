// The PRO plan (decision 149): one row per organisation that ever subscribed. The row is the product's truth;
// the payment adapter's subscription (sandbox rows, or Stripe Billing) moves it through its webhooks.
import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('organization_plan_subscription_idx').on(table.providerSubscriptionId)],
);
