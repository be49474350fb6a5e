// Events, their ticket types (each with its inventory counters) and the audit of every event status change.
// Inventory: `sold` counts paid tickets, `held` tickets in unexpired checkout holds; both limits (the type's
// own capacity and the event's venue capacity) are CHECKs, so no statement can ever oversell.
import { QUEUE_DEFAULT_RATE_PER_MINUTE, type VatCategory } from '@marquee/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organization, user } from './auth.js';
import { timeZoneText } from './time-zone-column.js';

export const EVENT_STATUSES = ['draft', 'live', 'archived', 'cancelled'] as const;

export const event = pgTable(
  'event',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    status: text('status', { enum: EVENT_STATUSES }).notNull().default('draft'),
    name: text('name').notNull().default(''),
    /** The event page's address, /events/{slug}, made from the name (decision 026); unique per organisation. */
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    artworkUrl: text('artwork_url').notNull().default(''),
    location: text('location').notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    lastEntryAt: timestamp('last_entry_at', { withTimezone: true }),
    /** IANA zone the organiser entered the times in; the event page shows them in it. */
    timeZone: timeZoneText('time_zone').notNull().default('Europe/London'),
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
    /**
     * The organiser pays the booking fee (decision 135): fans pay face value and the fee comes out of the payout.
     * Read when an order is held; an order keeps what it was sold with.
     */
    absorbFee: boolean('absorb_fee').notNull().default(false),
    /** Venue capacity: caps the total of all ticket types; null = unlimited. */
    capacity: integer('capacity'),
    /** When ticket sales open and close (null = on publishing / until the event ends); a type may narrow it. */
    salesStartAt: timestamp('sales_start_at', { withTimezone: true }),
    salesEndAt: timestamp('sales_end_at', { withTimezone: true }),
    /** Limits against scalpers, checked at hold time: tickets in one order, and per buyer e-mail for the event. */
    maxTicketsPerOrder: integer('max_tickets_per_order').notNull().default(20),
    maxTicketsPerEmail: integer('max_tickets_per_email').notNull().default(40),
    /** 'Queue fans at on-sale' (decision 034): auto (by capacity), on or off, and fans admitted per minute. */
    queueMode: text('queue_mode', { enum: ['auto', 'on', 'off'] })
      .notNull()
      .default('auto'),
    /** The most fans admitted a minute (decision 148: a ceiling; the rate admitted adapts below it). */
    queueRatePerMinute: integer('queue_rate_per_minute').notNull().default(QUEUE_DEFAULT_RATE_PER_MINUTE),
    /**
     * Whether the organiser set that rate (saved a value other than the one stored); a rate never chosen follows
     * the product's default when it changes (migration 0050).
     */
    queueRateChosen: boolean('queue_rate_chosen').notNull().default(false),
    /**
     * Dates in a series (decision 132): every date is an event of its own (capacity, on-sale, door list, figures)
     * and the dates of one series share this id; null = a single event.
     */
    seriesId: uuid('series_id'),
    /** Paid tickets of all types. */
    sold: integer('sold').notNull().default(0),
    /** Tickets of all types in checkout holds. */
    held: integer('held').notNull().default(0),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('event_organization_id_idx').on(table.organizationId, table.startsAt),
    index('event_series_idx')
      .on(table.organizationId, table.seriesId, table.startsAt)
      .where(sql`${table.seriesId} is not null`),
    uniqueIndex('event_organization_slug_idx').on(table.organizationId, table.slug),
    // The archive job's scan: only live events that should disappear when they end.
    index('event_live_ends_at_idx')
      .on(table.endsAt)
      .where(sql`${table.status} = 'live' and ${table.removeOnEventEnd}`),
    check('event_status_check', sql`${table.status} in ('draft', 'live', 'archived', 'cancelled')`),
    check('event_minimum_age_check', sql`${table.minimumAge} between 0 and 99`),
    check(
      'event_ticket_limits_check',
      sql`${table.maxTicketsPerOrder} between 1 and 100 and ${table.maxTicketsPerEmail} between 1 and 1000`,
    ),
    check('event_queue_mode_check', sql`${table.queueMode} in ('auto', 'on', 'off')`),
    check('event_queue_rate_check', sql`${table.queueRatePerMinute} between 10 and 60000`),
    check(
      'event_inventory_check',
      sql`${table.sold} >= 0 and ${table.held} >= 0 and (${table.capacity} is null or ${table.sold} + ${table.held} <= ${table.capacity})`,
    ),
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
    description: text('description').notNull().default(''),
    /** Integer minor units of `currency`; null while a draft has no price yet. */
    priceMinor: bigint('price_minor', { mode: 'number' }),
    /**
     * Pay what you want (decision 133): the least a fan may pay, in minor units (0 = any amount); null = a fixed
     * price. `priceMinor` is then the suggested price.
     */
    minPriceMinor: bigint('min_price_minor', { mode: 'number' }),
    currency: text('currency').notNull(),
    /** The type's own limit; null = none (the event's venue capacity still applies). */
    capacity: integer('capacity'),
    /** Paid tickets of this type. */
    sold: integer('sold').notNull().default(0),
    /** Tickets of this type in checkout holds. */
    held: integer('held').notNull().default(0),
    /** The shared quotas (ticket_quota) this type's tickets also count toward (decision 128). */
    quotaIds: uuid('quota_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    maxPerOrder: integer('max_per_order').notNull().default(10),
    /** Hidden types are not offered on the storefront (and cannot be bought). */
    hidden: boolean('hidden').notNull().default(false),
    /** The VAT category its tickets sell in (decision 139): standard, reduced, reduced_2, zero or exempt. */
    vatCategory: text('vat_category').$type<VatCategory>().notNull().default('standard'),
    /** This type's own sales window inside the event's (null = the event's). */
    salesStartAt: timestamp('sales_start_at', { withTimezone: true }),
    salesEndAt: timestamp('sales_end_at', { withTimezone: true }),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('ticket_type_event_id_idx').on(table.eventId, table.sort),
    index('ticket_type_organization_id_idx').on(table.organizationId),
    check(
      'ticket_type_sold_check',
      sql`${table.sold} >= 0 and ${table.held} >= 0 and (${table.capacity} is null or ${table.sold} + ${table.held} <= ${table.capacity})`,
    ),
    check('ticket_type_max_per_order_check', sql`${table.maxPerOrder} between 1 and 100`),
    check('ticket_type_capacity_check', sql`${table.capacity} is null or ${table.capacity} >= 0`),
    check(
      'ticket_type_vat_category_check',
      sql`${table.vatCategory} in ('standard', 'reduced', 'reduced_2', 'zero', 'exempt')`,
    ),
    check('ticket_type_price_check', sql`${table.priceMinor} is null or ${table.priceMinor} >= 0`),
    check(
      'ticket_type_min_price_check',
      sql`${table.minPriceMinor} is null or (${table.minPriceMinor} >= 0 and ${table.priceMinor} > 0 and ${table.priceMinor} >= ${table.minPriceMinor})`,
    ),
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
 * Every address an event's page has had (the current one too), so an old link keeps working after a rename: it
 * redirects to the current slug. A slug once used is never given to another event of the organisation.
 */
export const eventSlug = pgTable(
  'event_slug',
  {
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => event.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.slug] }),
    index('event_slug_event_id_idx').on(table.eventId),
  ],
);
