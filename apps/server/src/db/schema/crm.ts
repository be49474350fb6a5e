// Customer Sync (decision 155): an organisation's connections to Mailchimp and HubSpot, what each has been sent
// per customer (so a sync is incremental and never sends the same data twice), and the log the organiser reads.
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organization } from './auth.js';

export const CRM_PROVIDERS = ['mailchimp', 'hubspot'] as const;
export type CrmProvider = (typeof CRM_PROVIDERS)[number];
export const CRM_STATUSES = ['connected', 'error'] as const;
export type CrmStatus = (typeof CRM_STATUSES)[number];
export const CRM_LOG_ACTIONS = ['upsert', 'tag', 'withdraw', 'erase', 'connect', 'sync'] as const;
export type CrmLogAction = (typeof CRM_LOG_ACTIONS)[number];

export const crmConnection = pgTable(
  'crm_connection',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: CRM_PROVIDERS }).notNull(),
    /** oauth: tokens from the provider's OAuth flow; key: a Mailchimp API key or a HubSpot private app token. */
    authKind: text('auth_kind', { enum: ['oauth', 'key'] }).notNull(),
    /** The credentials as JSON, encrypted with AES-256-GCM under a key derived from the auth secret. */
    credentials: text('credentials').notNull(),
    /** What the organiser recognises the account by (Mailchimp account name, HubSpot portal). */
    accountLabel: text('account_label').notNull().default(''),
    /** Mailchimp: the audience (list) id customers go to; HubSpot: unused. */
    audienceId: text('audience_id'),
    audienceName: text('audience_name'),
    status: text('status', { enum: CRM_STATUSES }).notNull().default('connected'),
    /** HubSpot's marquee_* contact properties exist. */
    propertiesReady: timestamp('properties_ready', { withTimezone: true }),
    /** Customers changed after this instant (less an overlap) are looked at by the next sync. */
    cursor: timestamp('cursor', { withTimezone: true }),
    /** A sync in progress holds the connection until then (one sync per connection at a time). */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('crm_connection_organization_provider_idx').on(table.organizationId, table.provider)],
);

/**
 * What one connection last sent for one customer. Kept by customer id without a foreign key: when the customer
 * row goes (erasure) this row is what says who to erase remotely (by the provider's own id, never the address).
 */
export const crmSyncItem = pgTable(
  'crm_sync_item',
  {
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => crmConnection.id, { onDelete: 'cascade' }),
    organizationId: text('organization_id').notNull(),
    customerId: uuid('customer_id').notNull(),
    /** Mailchimp's subscriber hash (md5 of the lower-cased address), HubSpot's contact id. */
    remoteId: text('remote_id').notNull(),
    /** md5 of the lower-cased address: tells an erased customer (no order names it) from one refunded out. */
    emailHash: text('email_hash').notNull(),
    /** sha256 of what was last sent (fields, roll-ups, tags, consent): equal means nothing to send. */
    dataHash: text('data_hash').notNull(),
    /** Event tags already on the member (Mailchimp), so each is added once. */
    tags: text('tags').array().notNull().default([]),
    state: text('state', { enum: ['synced', 'withdrawn'] }).notNull(),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.connectionId, table.customerId] }),
    index('crm_sync_item_organization_idx').on(table.organizationId),
  ],
);

/** The organiser's log of a connection: no addresses, no tokens; messages trimmed. */
export const crmSyncLog = pgTable(
  'crm_sync_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => crmConnection.id, { onDelete: 'cascade' }),
    organizationId: text('organization_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    action: text('action', { enum: CRM_LOG_ACTIONS }).notNull(),
    customerId: uuid('customer_id'),
    /** How many customers a batch line covers (1 for a single one). */
    count: integer('count').notNull().default(1),
    status: text('status', { enum: ['ok', 'retry', 'failed'] }).notNull(),
    message: text('message').notNull().default(''),
  },
  (table) => [index('crm_sync_log_connection_at_idx').on(table.connectionId, table.at)],
);
