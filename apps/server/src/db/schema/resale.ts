// Face-value resale and the waiting list (issue 14 points 5 and 6, decision 035).
// A resale listing: a fan's valid ticket offered back at the price they paid. While listed, its place is back in
// the counters (ticket_type.sold and event.sold went down by one), so once every other place is gone the next
// sale claims it: the seller's ticket is voided and they are refunded through an `order_refund` row.
// A waiting-list entry: a fan (e-mail, quantity) waiting for a sold-out event; an offer is a 12-hour hold (a
// pending order) made for them when tickets come back.
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organization } from './auth.js';
import { event, ticketType } from './events.js';
import { order, ticket } from './orders.js';
import { orderRefund } from './refunds.js';

export const LISTING_STATUSES = ['listed', 'sold', 'withdrawn'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

export const resaleListing = pgTable(
  'resale_listing',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => event.id, { onDelete: 'cascade' }),
    ticketTypeId: uuid('ticket_type_id')
      .notNull()
      .references(() => ticketType.id, { onDelete: 'cascade' }),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => ticket.id, { onDelete: 'cascade' }),
    /** The seller's order (the ticket's). */
    orderId: uuid('order_id')
      .notNull()
      .references(() => order.id, { onDelete: 'cascade' }),
    /** Face value: the price the seller paid for the ticket (what they get back when it sells). */
    priceMinor: bigint('price_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: LISTING_STATUSES }).notNull().default('listed'),
    /** The order that bought the place, and the seller's refund. */
    buyerOrderId: uuid('buyer_order_id').references(() => order.id, { onDelete: 'set null' }),
    refundId: uuid('refund_id').references(() => orderRefund.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [
    // One open listing per ticket.
    uniqueIndex('resale_listing_open_ticket_idx')
      .on(table.ticketId)
      .where(sql`${table.status} = 'listed'`),
    // A sale claims the oldest open listings of its type.
    index('resale_listing_open_type_idx')
      .on(table.ticketTypeId, table.createdAt)
      .where(sql`${table.status} = 'listed'`),
    index('resale_listing_order_idx').on(table.orderId),
    check('resale_listing_status_check', sql`${table.status} in ('listed', 'sold', 'withdrawn')`),
    check('resale_listing_price_check', sql`${table.priceMinor} >= 0`),
  ],
);

export const WAITLIST_STATUSES = ['waiting', 'offered', 'purchased', 'expired', 'left'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

export const waitlistEntry = pgTable(
  'waitlist_entry',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => event.id, { onDelete: 'cascade' }),
    /** The ticket type wanted; null = any type of the event. */
    ticketTypeId: uuid('ticket_type_id').references(() => ticketType.id, { onDelete: 'set null' }),
    /** Lower-cased. */
    email: text('email').notNull(),
    quantity: integer('quantity').notNull(),
    status: text('status', { enum: WAITLIST_STATUSES }).notNull().default('waiting'),
    /** The offer: a pending order holding the tickets until its hold expires. */
    offerOrderId: uuid('offer_order_id').references(() => order.id, { onDelete: 'set null' }),
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    /** When the joining confirmation and the offer e-mails went out (each sent once). */
    joinedMailAt: timestamp('joined_mail_at', { withTimezone: true }),
    offerMailAt: timestamp('offer_mail_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One place in the line per address and event.
    uniqueIndex('waitlist_entry_open_idx')
      .on(table.eventId, table.email)
      .where(sql`${table.status} in ('waiting', 'offered')`),
    index('waitlist_entry_line_idx')
      .on(table.eventId, table.createdAt)
      .where(sql`${table.status} in ('waiting', 'offered')`),
    check(
      'waitlist_entry_status_check',
      sql`${table.status} in ('waiting', 'offered', 'purchased', 'expired', 'left')`,
    ),
    check('waitlist_entry_quantity_check', sql`${table.quantity} > 0 and ${table.quantity} <= 50`),
    check('waitlist_entry_email_check', sql`${table.email} = lower(${table.email})`),
  ],
);
