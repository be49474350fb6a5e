// Webhooks (decision 152): an organisation's endpoints, the events recorded for them in the transaction of the
// change that causes them (webhook_message, an outbox), one delivery per message and endpoint (the durable queue
// the dispatcher claims from) and each attempt's log line. The SQL function webhook_record (migration 0055) is the
// one writer of messages and deliveries: TypeScript writers and the triggers call it.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organization } from './auth.js';

export const webhookEndpoint = pgTable(
  'webhook_endpoint',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    /** The event types it receives (WEBHOOK_EVENT_TYPES in packages/shared). */
    eventTypes: text('event_types').array().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Standard Webhooks signing secret, whsec_<base64>. */
    secret: text('secret').notNull(),
    /** Why it was turned off by the dispatcher ('failing'); null while enabled or turned off by the organiser. */
    disabledReason: text('disabled_reason'),
    /** The first failed attempt since its last success; null while it succeeds. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    /** Failed attempts in a row. */
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('webhook_endpoint_organization_idx')
      .on(table.organizationId)
      .where(sql`${table.enabled}`),
  ],
);

export const webhookMessage = pgTable(
  'webhook_message',
  {
    /** msg_<32 hex>: the webhook-id header, the same for every attempt, resend and endpoint. */
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    /** The event's data (the body is { type, timestamp, data }). */
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('webhook_message_organization_idx').on(table.organizationId, table.createdAt)],
);

export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivering', 'succeeded', 'failed'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

export const webhookDelivery = pgTable(
  'webhook_delivery',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    messageId: text('message_id')
      .notNull()
      .references(() => webhookMessage.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoint.id, { onDelete: 'cascade' }),
    /** pending: due at next_attempt_at; delivering: claimed until lease_until; succeeded; failed (gave up). */
    status: text('status', { enum: WEBHOOK_DELIVERY_STATES }).notNull().default('pending'),
    /** Every attempt ever made. */
    attempts: integer('attempts').notNull().default(0),
    /** Attempts in this round of the back-off schedule (a resend starts a new round). */
    step: integer('step').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('webhook_delivery_message_endpoint_idx').on(table.messageId, table.endpointId),
    index('webhook_delivery_due_idx')
      .on(table.endpointId, table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
    index('webhook_delivery_leased_idx')
      .on(table.leaseUntil)
      .where(sql`${table.status} = 'delivering'`),
    index('webhook_delivery_log_idx').on(table.endpointId, table.createdAt),
  ],
);

export const webhookAttempt = pgTable(
  'webhook_attempt',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDelivery.id, { onDelete: 'cascade' }),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
    /** The response's status; null when none came (refused address, timeout, connection error). */
    statusCode: integer('status_code'),
    /** The response body, trimmed to WEBHOOK_BODY_LIMIT characters. */
    responseBody: text('response_body').notNull().default(''),
    durationMs: integer('duration_ms').notNull(),
    /** Why it failed, in words (never the secret); null on success. */
    error: text('error'),
  },
  (table) => [index('webhook_attempt_delivery_idx').on(table.deliveryId, table.attemptedAt)],
);
