// Shared quotas (decision 128): a capacity over a chosen set of an event's ticket types ("Standing 400" over Early
// Bird and General). Each quota keeps `sold` and `held` counters like a type's, moved in the same statements as the
// types' and the event's (modules/stock/stock.ts), and its CHECK refuses any write that would oversell it. Which
// quotas a type counts toward is `ticket_type.quota_ids`, on the type's row: the statement that moves a type's
// counters locks that row and reads its quotas from it, so a quota's members cannot change under a sale.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organization } from './auth.js';
import { event } from './events.js';

export const ticketQuota = pgTable(
  'ticket_quota',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => event.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    capacity: integer('capacity').notNull(),
    /** Paid tickets of the quota's types (the sum of their `sold`). */
    sold: integer('sold').notNull().default(0),
    /** Tickets of the quota's types in checkout holds (the sum of their `held`). */
    held: integer('held').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('ticket_quota_event_id_idx').on(table.eventId),
    index('ticket_quota_organization_id_idx').on(table.organizationId),
    check(
      'ticket_quota_inventory_check',
      sql`${table.capacity} >= 0 and ${table.sold} >= 0 and ${table.held} >= 0 and ${table.sold} + ${table.held} <= ${table.capacity}`,
    ),
  ],
);
