// One refund of an order (decision 032): asked for by the fan ('requested', then 'declined' or approved) or made
// by the organiser. An approved or organiser refund takes its tickets out of use and out of the figures at
// once ('pending'), then the 'order-refund' job refunds the money at the provider with the refund's own
// idempotency key ('failed' while the provider fails, retried; 'succeeded' once it answered).
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organization, user } from './auth.js';
import { event } from './events.js';
import { order } from './orders.js';

export const REFUND_STATUSES = ['requested', 'declined', 'pending', 'failed', 'succeeded'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export const orderRefund = pgTable(
  'order_refund',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => order.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => event.id, { onDelete: 'cascade' }),
    status: text('status', { enum: REFUND_STATUSES }).notNull(),
    /** The tickets it refunds (ids); empty for a money-only refund. */
    ticketIds: jsonb('ticket_ids').$type<string[]>().notNull().default([]),
    /** What goes back to the fan, minor units of `currency` (ticket prices only; the booking fee is kept). */
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull().default(0),
    /**
     * The VAT inside what it gave back (modules/receipts/refund-vat.ts, decision 143), as added to the order's
     * `vat_refunded_minor`; its credit note says the same. 0 until it is applied.
     */
    vatMinor: bigint('vat_minor', { mode: 'number' }).notNull().default(0),
    currency: text('currency').notNull(),
    reason: text('reason').notNull().default(''),
    /** Why the organiser declined a fan's request. */
    declineReason: text('decline_reason'),
    requestedBy: text('requested_by', { enum: ['fan', 'organiser'] }).notNull(),
    /** The organiser who made, approved or declined it. */
    actorUserId: text('actor_user_id').references(() => user.id, { onDelete: 'set null' }),
    attempts: integer('attempts').notNull().default(0),
    /** The last provider error's class and code (never its message). */
    lastFailure: text('last_failure'),
    providerRefundId: text('provider_refund_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    index('order_refund_order_idx').on(table.orderId, table.createdAt),
    // At most one open request per order.
    uniqueIndex('order_refund_open_request_idx')
      .on(table.orderId)
      .where(sql`${table.status} = 'requested'`),
    // The retry sweep reads the refunds not yet done at the provider.
    index('order_refund_unsettled_idx')
      .on(table.updatedAt)
      .where(sql`${table.status} in ('pending', 'failed')`),
    check(
      'order_refund_status_check',
      sql`${table.status} in ('requested', 'declined', 'pending', 'failed', 'succeeded')`,
    ),
    check('order_refund_amount_check', sql`${table.amountMinor} >= 0`),
  ],
);
