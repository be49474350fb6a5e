// The organiser's sale e-mails as a digest (decision 147). Each organisation's sales are placed, once each, in a
// window of SALE_DIGEST_MINUTES: the first sale after a quiet spell is e-mailed at once and opens a window, and the
// sales after it are gathered into the window's one digest, sent by a job when the window ends. A window is 'open'
// until its job closes it; nothing joins a closed window, so each gathered sale is in exactly one digest.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organization } from './auth.js';
import { order } from './orders.js';

export const SALE_DIGEST_STATES = ['open', 'closed', 'sent'] as const;

export const saleDigest = pgTable(
  'sale_digest',
  {
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    /** When its digest job runs (window_start plus the interval). */
    windowEnd: timestamp('window_end', { withTimezone: true }).notNull(),
    /**
     * 'open': sales are gathered into it; 'closed': its job took it and nothing more joins; 'sent': its e-mail was
     * accepted for every recipient (or there was nothing to send).
     */
    state: text('state', { enum: SALE_DIGEST_STATES }).notNull().default('open'),
    /** The latest sale placed in it: a sale less than the interval after it is not after a quiet spell. */
    lastSaleAt: timestamp('last_sale_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.windowStart] }),
    check('sale_digest_state_check', sql`${table.state} in ('open', 'closed', 'sent')`),
    check('sale_digest_window_check', sql`${table.windowEnd} > ${table.windowStart}`),
    // One window gathers at a time: a new one opens only once the latest is closed.
    uniqueIndex('sale_digest_open_idx')
      .on(table.organizationId)
      .where(sql`${table.state} = 'open'`),
  ],
);

/** Where each sale the organiser is told about under 'digest' went: once per order (its primary key). */
export const saleDigestOrder = pgTable(
  'sale_digest_order',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => order.id, { onDelete: 'cascade' }),
    organizationId: text('organization_id').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    /** true: the window's first sale, e-mailed at once on its own; false: gathered into the window's digest. */
    atOnce: boolean('at_once').notNull(),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      name: 'sale_digest_order_window_fk',
      columns: [table.organizationId, table.windowStart],
      foreignColumns: [saleDigest.organizationId, saleDigest.windowStart],
    }).onDelete('cascade'),
    index('sale_digest_order_window_idx').on(table.organizationId, table.windowStart),
  ],
);
