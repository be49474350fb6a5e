// Payments: our record of each organisation's connected payout account (the sandbox provider keeps its whole
// state here; with Stripe it mirrors the flags Stripe's webhooks report) and the webhook events already handled.
import { bigint, boolean, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organization } from './auth.js';

export const paymentAccount = pgTable(
  'payment_account',
  {
    /** The provider's account id: acct_... (Stripe) or acct_sandbox_... (sandbox). */
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['stripe', 'sandbox'] }).notNull(),
    chargesEnabled: boolean('charges_enabled').notNull().default(false),
    payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
    detailsSubmitted: boolean('details_submitted').notNull().default(false),
    /** `created` (epoch seconds) of the last account.updated event applied; older events never roll back. */
    lastEventCreated: bigint('last_event_created', { mode: 'number' }),
    // Business details: collected by the sandbox's onboarding page (Stripe keeps its own).
    businessName: text('business_name'),
    businessType: text('business_type'),
    country: text('country'),
    addressLine1: text('address_line1'),
    addressCity: text('address_city'),
    addressPostalCode: text('address_postal_code'),
    representativeName: text('representative_name'),
    representativeDob: text('representative_dob'),
    registrationNumber: text('registration_number'),
    bankAccountHolder: text('bank_account_holder'),
    /** Only the last four digits and the bank's name are ever stored, never the full account number. */
    bankLast4: text('bank_last4'),
    bankName: text('bank_name'),
    payoutInterval: text('payout_interval').notNull().default('weekly'),
    payoutDay: text('payout_day').default('friday'),
    /** Onboarding links issued before this instant are spent (a completed onboarding uses up its links). */
    linksValidAfter: timestamp('links_valid_after', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('payment_account_organization_id_idx').on(table.organizationId)],
);

export const paymentEvent = pgTable(
  'payment_event',
  {
    /** The provider's event id (evt_...); the primary key is what makes each event count once. */
    id: text('id').primaryKey(),
    provider: text('provider', { enum: ['stripe', 'sandbox'] }).notNull(),
    type: text('type').notNull(),
    accountId: text('account_id'),
    organizationId: text('organization_id').references(() => organization.id, { onDelete: 'set null' }),
    /** The event's own `created` (epoch seconds). */
    created: bigint('created', { mode: 'number' }).notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (table) => [index('payment_event_account_id_idx').on(table.accountId)],
);

/** The sandbox provider's checkout sessions (Stripe keeps its own). Amounts are integer minor units. */
export const sandboxCheckoutSession = pgTable(
  'sandbox_checkout_session',
  {
    /** cs_sandbox_... */
    id: text('id').primaryKey(),
    /** The organiser's connected account: where the money would go. */
    accountId: text('account_id')
      .notNull()
      .references(() => paymentAccount.id, { onDelete: 'cascade' }),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    /** Lower-case ISO code, as Stripe reports it. */
    currency: text('currency').notNull(),
    lineItems: jsonb('line_items').notNull(),
    amountTotal: bigint('amount_total', { mode: 'number' }).notNull(),
    applicationFeeAmount: bigint('application_fee_amount', { mode: 'number' }).notNull(),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    metadata: jsonb('metadata').notNull(),
    customerEmail: text('customer_email'),
    /** open, complete or expired */
    status: text('status').notNull().default('open'),
    /** pi_sandbox_..., set when paid. */
    paymentIntentId: text('payment_intent_id').unique(),
    amountRefunded: bigint('amount_refunded', { mode: 'number' }).notNull().default(0),
    /** The sandbox's processing fee (decision 141), fixed when it takes the payment, kept on refunds: the platform's. */
    feeAmount: bigint('fee_amount', { mode: 'number' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sandbox_checkout_session_organization_id_idx').on(table.organizationId)],
);

/**
 * The sandbox's refunds by idempotency key, like Stripe's: a refund asked again with the same key (a retry
 * after a crash or a lost answer) gets the first refund back and moves no money.
 */
export const sandboxRefund = pgTable('sandbox_refund', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  id: text('id').notNull(),
  paymentIntentId: text('payment_intent_id').notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
