// First-party, cookieless page views of the storefront (decision 023): views and unique visitors per
// organisation, page and UTC day; the visitor hashes of the current day only (to count each visitor once);
// and the current day's salt, one row shared by every server process and replaced when the day changes.
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { organization } from './auth.js';
import { event } from './events.js';

/**
 * 'home' (the storefront's home page, event_id null), 'event' (one event's page) or 'site' (any page of the
 * storefront, home or event, event_id null: a visitor who opened several pages that day counts once; the Page
 * Views card's unique visitors and the conversion rate's denominator).
 */
export const PAGE_KINDS = ['home', 'event', 'site'] as const;
export type PageKind = (typeof PAGE_KINDS)[number];

export const pageViewDaily = pgTable(
  'page_view_daily',
  {
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    page: text('page', { enum: PAGE_KINDS }).notNull(),
    eventId: uuid('event_id').references(() => event.id, { onDelete: 'cascade' }),
    views: integer('views').notNull().default(0),
    visitors: integer('visitors').notNull().default(0),
  },
  (table) => [
    // (page, event, day) order: the summary reads the 'site' rows of a range of days, a filtered
    // summary one event's rows; the breakdown reads every event page's rows of a range of days.
    unique('page_view_daily_key').on(table.organizationId, table.page, table.eventId, table.day).nullsNotDistinct(),
    index('page_view_daily_page_day_idx').on(table.organizationId, table.page, table.day),
    check('page_view_daily_page_check', sql`${table.page} in ('home', 'event', 'site')`),
    check('page_view_daily_event_check', sql`(${table.page} = 'event') = (${table.eventId} is not null)`),
  ],
);

/** Today's visitor hashes per page; earlier days' rows are deleted once the day is over. */
export const pageVisitor = pgTable(
  'page_visitor',
  {
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    page: text('page', { enum: PAGE_KINDS }).notNull(),
    eventId: uuid('event_id').references(() => event.id, { onDelete: 'cascade' }),
    /** HMAC-SHA-256(day's salt, IP + user agent), first 16 bytes as base64url. */
    visitor: text('visitor').notNull(),
  },
  (table) => [
    unique('page_visitor_key')
      .on(table.organizationId, table.day, table.page, table.eventId, table.visitor)
      .nullsNotDistinct(),
    index('page_visitor_day_idx').on(table.day),
  ],
);

/** The salt of the current UTC day; the row of an earlier day is deleted when the next day's is made. */
export const pageViewSalt = pgTable('page_view_salt', {
  day: date('day', { mode: 'string' }).primaryKey(),
  /** 32 random bytes as base64url. */
  salt: text('salt').notNull(),
});

/**
 * The New and Returning Customers of a period that ended before today, counted once and kept: a finished
 * period's buyers change only when a late payment lands in it, a refund leaves a customer no paid order or a
 * customer is erased, and each deletes the organisation's rows here (decision 023). `scope` is the filter's event id, or '' for every event.
 */
export const analyticsPastPeriod = pgTable(
  'analytics_past_period',
  {
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    scope: text('scope').notNull(),
    fromDay: date('from_day', { mode: 'string' }).notNull(),
    toDay: date('to_day', { mode: 'string' }).notNull(),
    newCustomers: integer('new_customers').notNull(),
    returningCustomers: integer('returning_customers').notNull(),
  },
  (table) => [unique('analytics_past_period_key').on(table.organizationId, table.scope, table.fromDay, table.toDay)],
);
