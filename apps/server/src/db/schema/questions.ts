// Checkout questions and names on tickets (decision 130): an event's questions and attendee settings, and what a
// fan answered, per order (slot 0) or per ticket (slot 1..n: the order's n-th ticket, numbered at the hold). The
// hold writes an order's holders and answers in its one statement; fulfilment gives each ticket its slot.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { QUESTION_KINDS, QUESTION_SCOPES, TICKET_NAME_MODES } from '@marquee/shared';
import { organization } from './auth.js';
import { event, ticketType } from './events.js';
import { order } from './orders.js';

/** Per event: whether each ticket carries a name, and until when the fan may correct names and answers. */
export const eventAttendeeSettings = pgTable(
  'event_attendee_settings',
  {
    eventId: uuid('event_id')
      .primaryKey()
      .references(() => event.id, { onDelete: 'cascade' }),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    ticketNames: text('ticket_names', { enum: TICKET_NAME_MODES }).notNull().default('off'),
    /** Null: until the event starts. */
    answersEditableUntil: timestamp('answers_editable_until', { withTimezone: true }),
  },
  (table) => [
    check('event_attendee_settings_names_check', sql`${table.ticketNames} in ('off', 'optional', 'required')`),
  ],
);

export const eventQuestion = pgTable(
  'event_question',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => event.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    kind: text('kind', { enum: QUESTION_KINDS }).notNull(),
    options: jsonb('options').$type<string[]>().notNull().default([]),
    required: boolean('required').notNull().default(false),
    scope: text('scope', { enum: QUESTION_SCOPES }).notNull().default('order'),
    /** Empty: every ticket type. */
    ticketTypeIds: jsonb('ticket_type_ids').$type<string[]>().notNull().default([]),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('event_question_event_idx').on(table.eventId, table.position),
    check('event_question_kind_check', sql.raw(`kind in (${QUESTION_KINDS.map((kind) => `'${kind}'`).join(', ')})`)),
    check('event_question_scope_check', sql`${table.scope} in ('order', 'ticket')`),
  ],
);

/** The name given for each ticket of an order at checkout (slot 1..n), with the ticket type of that slot. */
export const orderHolder = pgTable(
  'order_holder',
  {
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => order.id, { onDelete: 'cascade' }),
    slot: integer('slot').notNull(),
    ticketTypeId: uuid('ticket_type_id')
      .notNull()
      .references(() => ticketType.id, { onDelete: 'no action' }),
    name: text('name').notNull().default(''),
  },
  (table) => [
    primaryKey({ columns: [table.orderId, table.slot] }),
    check('order_holder_slot_check', sql`${table.slot} > 0`),
  ],
);

/** A fan's answer: slot 0 for a question asked once per order, else the ticket's slot. */
export const orderAnswer = pgTable(
  'order_answer',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => order.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => eventQuestion.id, { onDelete: 'cascade' }),
    slot: integer('slot').notNull().default(0),
    value: text('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('order_answer_unique_idx').on(table.orderId, table.questionId, table.slot),
    check('order_answer_slot_check', sql`${table.slot} >= 0`),
  ],
);
