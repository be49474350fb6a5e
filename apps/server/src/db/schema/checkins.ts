// Check-ins at the door: every scan that judged a valid ticket of the event (admitted, a duplicate of an earlier
// admission, or an admission later undone), with the device, the member and the time it was scanned (the
// device's clock for scans queued offline). At most one admitted row per ticket, enforced by a partial unique
// index, so two devices can never both admit one ticket whatever the number of server processes.
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organization, user } from './auth.js';
import { event } from './events.js';
import { ticket } from './orders.js';

export const CHECK_IN_STATUSES = ['admitted', 'duplicate', 'undone'] as const;
export const CHECK_IN_METHODS = ['scan', 'search', 'door', 'offline'] as const;

export const checkIn = pgTable(
  'check_in',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => event.id, { onDelete: 'cascade' }),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => ticket.id, { onDelete: 'cascade' }),
    status: text('status', { enum: CHECK_IN_STATUSES }).notNull(),
    method: text('method', { enum: CHECK_IN_METHODS }).notNull(),
    /** When the ticket was scanned: the server's clock, or the device's for a scan synced after going offline. */
    scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    /** The check-in app's own random id for the device (not a fingerprint). */
    deviceId: text('device_id').notNull(),
    /** The device's id for a queued scan, so a sync sent twice records it once. */
    clientId: text('client_id'),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    /** The member's name when they scanned (shown as "by whom"). */
    userName: text('user_name').notNull().default(''),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    undoneBy: text('undone_by').references(() => user.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('check_in_admitted_ticket_idx')
      .on(table.ticketId)
      .where(sql`${table.status} = 'admitted'`),
    uniqueIndex('check_in_client_idx')
      .on(table.organizationId, table.deviceId, table.clientId)
      .where(sql`${table.clientId} is not null`),
    index('check_in_event_scanned_idx').on(table.eventId, table.scannedAt),
    index('check_in_event_admitted_idx')
      .on(table.eventId)
      .where(sql`${table.status} = 'admitted'`),
    check('check_in_status_check', sql`${table.status} in ('admitted', 'duplicate', 'undone')`),
  ],
);
