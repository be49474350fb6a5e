// Codes an organiser hands out for one event: access codes that unlock hidden ticket types (one shared code, or
// a batch of single-use codes) and promo codes that take a percentage or a fixed amount off ticket prices.
// `uses` counts orders holding or having bought with the code; a hold takes a use with a conditional UPDATE
// (`uses < max_uses`) in its transaction and an expired or cancelled hold gives it back, so the CHECK below can
// never be broken and a limited code is never used more often than allowed.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organization } from './auth.js';
import { event } from './events.js';

export const CODE_KINDS = ['access', 'promo'] as const;
export const DISCOUNT_KINDS = ['percent', 'fixed'] as const;

export const eventCode = pgTable(
  'event_code',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => event.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: CODE_KINDS }).notNull(),
    /** Upper-cased; unique per event. */
    code: text('code').notNull(),
    /** The organiser's name for the code or its batch (e.g. 'Fan club'). */
    label: text('label').notNull().default(''),
    /** Codes generated together (single-use access codes) share it; the CSV export reads a batch. */
    batchId: uuid('batch_id'),
    /** Access: the hidden types it unlocks. Promo: the types it discounts (empty = every type). */
    ticketTypeIds: uuid('ticket_type_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    discountKind: text('discount_kind', { enum: DISCOUNT_KINDS }),
    /** Percent (1-100) or minor units of the event's currency. */
    discountValue: integer('discount_value'),
    /** Orders that may use it in all; null = unlimited. */
    maxUses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
    /** Promo: tickets in one order the discount applies to; null = all of them. */
    maxTicketsPerOrder: integer('max_tickets_per_order'),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('event_code_event_code_idx').on(table.eventId, table.code),
    index('event_code_organization_code_idx').on(table.organizationId, table.code),
    check('event_code_kind_check', sql`${table.kind} in ('access', 'promo')`),
    check(
      'event_code_uses_check',
      sql`${table.uses} >= 0 and (${table.maxUses} is null or ${table.uses} <= ${table.maxUses})`,
    ),
    check(
      'event_code_discount_check',
      sql`(${table.kind} = 'access') or (${table.discountKind} = 'percent' and ${table.discountValue} between 1 and 100) or (${table.discountKind} = 'fixed' and ${table.discountValue} > 0)`,
    ),
  ],
);

/**
 * Tickets each buyer e-mail holds or has bought for an event: the per-buyer limit against scalpers. A hold adds
 * its tickets with an upsert that also writes the event's current limit, and the CHECK refuses going over it, so
 * two holds from the same address at the same moment cannot pass the limit together. Expired and cancelled
 * holds give their tickets back; refunds do not (the limit is on buying).
 */
export const buyerTickets = pgTable(
  'buyer_tickets',
  {
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => event.id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    email: text('email').notNull(),
    tickets: integer('tickets').notNull().default(0),
    maxTickets: integer('max_tickets').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.eventId, table.email] }),
    index('buyer_tickets_organization_idx').on(table.organizationId, table.email),
    check('buyer_tickets_limit_check', sql`${table.tickets} >= 0 and ${table.tickets} <= ${table.maxTickets}`),
  ],
);
