// Events, their ticket types, the audit of every event status change, and the minimal order record the
// figures are computed from (the checkout issue fills it; until then it is empty and every figure is 0).
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organization, user } from './auth.js';

export const EVENT_STATUSES = ['draft', 'live', 'archived', 'cancelled'] as const;
export const ORDER_STATUSES = ['pending', 'paid', 'refunded', 'cancelled'] as const;

export const event = pgTable(
  'event',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    status: text('status', { enum: EVENT_STATUSES }).notNull().default('draft'),
    name: text('name').notNull().default(''),
    description: text('description').notNull().default(''),
    artworkUrl: text('artwork_url').notNull().default(''),
    location: text('location').notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    lastEntryAt: timestamp('last_entry_at', { withTimezone: true }),
    /** IANA zone the organiser entered the times in; the event page shows them in it. */
    timeZone: text('time_zone').notNull().default('Europe/London'),
    lineup: text('lineup')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    minimumAge: integer('minimum_age').notNull().default(0),
    termsOfService: text('terms_of_service').notNull().default(''),
    soldOnEntry: boolean('sold_on_entry').notNull().default(true),
    refundsAllowed: boolean('refunds_allowed').notNull().default(true),
    resaleAllowed: boolean('resale_allowed').notNull().default(false),
    removeOnEventEnd: boolean('remove_on_event_end').notNull().default(true),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('event_organization_id_idx').on(table.organizationId, table.startsAt),
    // The archive job's scan: only live events that should disappear when they end.
    index('event_live_ends_at_idx')
      .on(table.endsAt)
      .where(sql`${table.status} = 'live' and ${table.removeOnEventEnd}`),
    check('event_status_check', sql`${table.status} in ('draft', 'live', 'archived', 'cancelled')`),
    check('event_minimum_age_check', sql`${table.minimumAge} between 0 and 99`),
  ],
);

export const ticketType = pgTable(
  'ticket_type',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => event.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default('General Admission'),
    /** Integer minor units of `currency`; null while a draft has no price yet. */
    priceMinor: bigint('price_minor', { mode: 'number' }),
    currency: text('currency').notNull(),
    /** null = unlimited */
    capacity: integer('capacity'),
    /** Inventory counter kept by checkout; never above capacity. */
    sold: integer('sold').notNull().default(0),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('ticket_type_event_id_idx').on(table.eventId, table.sort),
    index('ticket_type_organization_id_idx').on(table.organizationId),
    check(
      'ticket_type_sold_check',
      sql`${table.sold} >= 0 and (${table.capacity} is null or ${table.sold} <= ${table.capacity})`,
    ),
    check('ticket_type_capacity_check', sql`${table.capacity} is null or ${table.capacity} >= 0`),
    check('ticket_type_price_check', sql`${table.priceMinor} is null or ${table.priceMinor} >= 0`),
  ],
);

/** Every status change of an event: who (null = the system) and when. */
export const eventStatusChange = pgTable(
  'event_status_change',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => event.id, { onDelete: 'cascade' }),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    /** null when the event was created */
    fromStatus: text('from_status', { enum: EVENT_STATUSES }),
    toStatus: text('to_status', { enum: EVENT_STATUSES }).notNull(),
    actorUserId: text('actor_user_id').references(() => user.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('event_status_change_event_id_idx').on(table.eventId, table.at)],
);

/**
 * One purchase of tickets of one ticket type. Checkout (a later issue) creates and pays these; the dashboard
 * figures are SQL aggregates over the paid ones.
 */
export const order = pgTable(
  'order',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    // An event or ticket type with orders cannot be deleted: sales history is kept. 'no action' (checked at the
    // end of the statement) rather than 'restrict', so deleting a whole organisation still cascades.
    eventId: uuid('event_id')
      .notNull()
      .references(() => event.id, { onDelete: 'no action' }),
    ticketTypeId: uuid('ticket_type_id')
      .notNull()
      .references(() => ticketType.id, { onDelete: 'no action' }),
    /** Stored lower-cased (checked), so "distinct customers" needs no function and can read the index. */
    customerEmail: text('customer_email').notNull(),
    quantity: integer('quantity').notNull(),
    /** Ticket price times quantity, in minor units of `currency` (what the organiser receives). */
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    /** The customer's booking fee, in minor units of `currency`. */
    feeMinor: bigint('fee_minor', { mode: 'number' }).notNull().default(0),
    currency: text('currency').notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (table) => [
    index('order_organization_id_created_at_idx').on(table.organizationId, table.createdAt),
    index('order_organization_id_event_id_idx').on(table.organizationId, table.eventId),
    index('order_ticket_type_id_idx').on(table.ticketTypeId),
    // Covering indexes for the figures (events.figures.ts): index-only scans over an organisation's paid orders,
    // already sorted by customer (distinct customers) and by event (sales per event). Drizzle has no INCLUDE,
    // so the covered columns are trailing key columns.
    index('order_paid_customer_idx')
      .on(table.organizationId, table.customerEmail, table.paidAt, table.amountMinor, table.quantity, table.currency)
      .where(sql`${table.status} = 'paid'`),
    index('order_paid_event_idx')
      .on(table.organizationId, table.eventId, table.amountMinor, table.quantity)
      .where(sql`${table.status} = 'paid'`),
    check('order_status_check', sql`${table.status} in ('pending', 'paid', 'refunded', 'cancelled')`),
    check('order_quantity_check', sql`${table.quantity} > 0`),
    check('order_amounts_check', sql`${table.amountMinor} >= 0 and ${table.feeMinor} >= 0`),
    check('order_paid_at_check', sql`${table.status} <> 'paid' or ${table.paidAt} is not null`),
    check('order_customer_email_check', sql`${table.customerEmail} = lower(${table.customerEmail})`),
  ],
);
