// API keys and the public API's idempotency records (decision 150). A key's secret is never stored: only its
// SHA-256 (the secret has 256 random bits, so a slow hash adds nothing) and a short prefix shown in lists.
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organization, user } from './auth.js';

export const apiKey = pgTable(
  'api_key',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The first characters of the secret (after mq_live_), shown in lists so a key can be told apart. */
    prefix: text('prefix').notNull(),
    /** SHA-256 of the whole secret, hex. */
    secretHash: text('secret_hash').notNull(),
    /** `<resource>:<read|write>` (API_SCOPES in @marquee/shared). */
    scopes: text('scopes').array().notNull(),
    /** Requests a minute before the key is answered 429 (request_limit, one fixed window per key). */
    rateLimitPerMinute: integer('rate_limit_per_minute').notNull().default(600),
    createdByUserId: text('created_by_user_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Written at most once a minute per key. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('api_key_secret_hash_idx').on(table.secretHash),
    index('api_key_organization_idx').on(table.organizationId, table.createdAt),
  ],
);

/** The trail of a key: created, revoked, and each write call made with it (method, path, status). */
export const apiKeyAudit = pgTable(
  'api_key_audit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    apiKeyId: uuid('api_key_id')
      .notNull()
      .references(() => apiKey.id, { onDelete: 'cascade' }),
    action: text('action', { enum: ['created', 'revoked', 'call'] }).notNull(),
    actorUserId: text('actor_user_id').references(() => user.id, { onDelete: 'set null' }),
    method: text('method'),
    path: text('path'),
    status: integer('status'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('api_key_audit_key_idx').on(table.apiKeyId, table.at)],
);

/** One POST's Idempotency-Key per API key: in flight, then its stored answer, for 24 hours. */
export const apiIdempotency = pgTable(
  'api_idempotency',
  {
    apiKeyId: uuid('api_key_id')
      .notNull()
      .references(() => apiKey.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    /** SHA-256 of method, path and body: the same key with another request is refused (422). */
    requestHash: text('request_hash').notNull(),
    state: text('state', { enum: ['in_flight', 'done'] }).notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true })
      .notNull()
      .default(sql`now() + interval '24 hours'`),
  },
  (table) => [
    primaryKey({ columns: [table.apiKeyId, table.idempotencyKey] }),
    index('api_idempotency_expires_idx').on(table.expiresAt),
  ],
);
