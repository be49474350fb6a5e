// Messages to ticket holders (decision 154). A holder_message is one e-mail the organiser sent to an audience of
// an event; its recipients are listed once, when its job first runs (holder_message_recipient, one row per
// address, so a crash or a retry never sends anyone a second copy), and sent at the organisation's rate. A
// marketing suppression is an address that unsubscribed from an organisation's marketing e-mails.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { HOLDER_AUDIENCES } from '@marquee/shared';
import { organization, user } from './auth.js';
import { event, ticketType } from './events.js';

export const HOLDER_MESSAGE_STATES = ['queued', 'sending', 'sent'] as const;
export const HOLDER_RECIPIENT_STATES = ['pending', 'sending', 'sent', 'failed', 'suppressed'] as const;

export const holderMessage = pgTable(
  'holder_message',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => event.id, { onDelete: 'cascade' }),
    audience: text('audience', { enum: HOLDER_AUDIENCES }).notNull(),
    ticketTypeId: uuid('ticket_type_id').references(() => ticketType.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** 'queued': its recipients are not listed yet; 'sending': listed, some left; 'sent': none left. */
    status: text('status', { enum: HOLDER_MESSAGE_STATES }).notNull().default('queued'),
    /** Null until listed. */
    recipients: integer('recipients'),
    sent: integer('sent').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    suppressed: integer('suppressed').notNull().default(0),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    /** The dashboard's key for one click of Send: a second request with it answers the same message. */
    clientKey: text('client_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('holder_message_client_key_idx').on(table.organizationId, table.clientKey),
    index('holder_message_event_idx').on(table.organizationId, table.eventId, table.createdAt),
    check(
      'holder_message_audience_check',
      sql`${table.audience} in ('all', 'ticket_type', 'not_checked_in', 'marketing')`,
    ),
    check('holder_message_status_check', sql`${table.status} in ('queued', 'sending', 'sent')`),
  ],
);

export const holderMessageRecipient = pgTable(
  'holder_message_recipient',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => holderMessage.id, { onDelete: 'cascade' }),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    email: text('email').notNull(),
    /**
     * 'pending' until its turn; 'sending' while claimed (the lease says until when); 'sent' once the mail server
     * accepted it; 'failed' when refused for good; 'suppressed' when it unsubscribed before its turn (marketing).
     */
    state: text('state', { enum: HOLDER_RECIPIENT_STATES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
    /** When it was claimed for sending: what the organisation's rate limits count. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.messageId, table.email] }),
    index('holder_message_recipient_state_idx').on(table.messageId, table.state),
    index('holder_message_recipient_claimed_idx')
      .on(table.organizationId, table.claimedAt)
      .where(sql`${table.claimedAt} is not null`),
    check(
      'holder_message_recipient_state_check',
      sql`${table.state} in ('pending', 'sending', 'sent', 'failed', 'suppressed')`,
    ),
  ],
);

export const marketingSuppression = pgTable(
  'marketing_suppression',
  {
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    email: text('email').notNull(),
    reason: text('reason', { enum: ['unsubscribed'] })
      .notNull()
      .default('unsubscribed'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.email] })],
);
