// A cancelled event's record (why, who, when, when its refunds finished) and one row per order its
// cancellation refunds, telling the refund job and the progress panel where each order stands.
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organization, user } from './auth.js';
import { event } from './events.js';
import { order } from './orders.js';

export const eventCancellation = pgTable('event_cancellation', {
  eventId: uuid('event_id')
    .primaryKey()
    .references(() => event.id, { onDelete: 'cascade' }),
  organizationId: text('organization_id')
    .notNull()
    .references(() => organization.id, { onDelete: 'cascade' }),
  /** The organiser's reason, sent to every ticket holder. */
  reason: text('reason').notNull(),
  actorUserId: text('actor_user_id').references(() => user.id, { onDelete: 'set null' }),
  cancelledAt: timestamp('cancelled_at', { withTimezone: true }).notNull().defaultNow(),
  /** When the last order was refunded (null while refunds are outstanding). */
  completedAt: timestamp('completed_at', { withTimezone: true }),
});

/**
 * Where one order of a cancelled event stands: 'failed' after a provider error (retried with back-off),
 * 'refunded' once the provider refunded it and the order was marked refunded. An order still paid with no
 * row is waiting for the job.
 */
export const cancellationRefund = pgTable(
  'cancellation_refund',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => order.id, { onDelete: 'cascade' }),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => event.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['failed', 'refunded'] }).notNull(),
    /** What was refunded (ticket price plus booking fee), minor units of `currency`; 0 until refunded. */
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull().default(0),
    currency: text('currency').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** The last provider error's class and code (never its message). */
    lastFailure: text('last_failure'),
    providerRefundId: text('provider_refund_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('cancellation_refund_event_idx').on(table.eventId, table.status),
    check('cancellation_refund_status_check', sql`${table.status} in ('failed', 'refunded')`),
  ],
);
