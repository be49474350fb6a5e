// The virtual waiting room (decision 034). One `event_queue` row per queued event holds the shared counters every
// app process reads about once a second: whether the lobby has been drawn, the last place given, the place
// admitted up to (a number that grows at the adaptive rate under the organiser's ceiling) and that rate's state
// (decision 148). `queue_entry` is one row per browser and event: a lobby entry has no place until the draw at
// on-sale ranks the lobby by a random key; later arrivals take the next place. Polls never read these tables: a
// fan's place travels in a signed cookie.
import { sql } from 'drizzle-orm';
import { QUEUE_START_RATE_PER_MINUTE } from '@marquee/shared';
import {
  bigint,
  check,
  doublePrecision,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organization } from './auth.js';
import { event } from './events.js';

export const eventQueue = pgTable(
  'event_queue',
  {
    eventId: uuid('event_id')
      .primaryKey()
      .references(() => event.id, { onDelete: 'cascade' }),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    /** The on-sale the queue opened at (the lobby was drawn then). */
    drawnAt: timestamp('drawn_at', { withTimezone: true }),
    /** Places given so far (the lobby's at the draw, then one per arrival). */
    lastPlace: bigint('last_place', { mode: 'number' }).notNull().default(0),
    /** Fans admitted: every place up to floor(admitted). Grows at the rate, never past last_place. */
    admitted: doublePrecision('admitted').notNull().default(0),
    admittedAt: timestamp('admitted_at', { withTimezone: true }),
    /**
     * The adaptive admission (decision 148): the rate the counter moves at, held between the floor and the event's
     * ceiling (`event.queue_rate_per_minute`) by every statement that moves it. Starts at
     * QUEUE_START_RATE_PER_MINUTE.
     */
    admitRatePerMinute: doublePrecision('admit_rate_per_minute').notNull().default(QUEUE_START_RATE_PER_MINUTE),
    /** When the adaptive rate last stepped (down or up); null: never. */
    rateSteppedAt: timestamp('rate_stepped_at', { withTimezone: true }),
    /** When it last stepped down, and the admitted fans' checkout (ms) that made it. */
    slowedAt: timestamp('slowed_at', { withTimezone: true }),
    slowedCheckoutMs: doublePrecision('slowed_checkout_ms'),
    /**
     * The slowest process's latest report of the admitted fans' checkout (ms, its percentile over its window) and
     * when it came: a report replaces it when slower, or when it is older than QUEUE_ADMISSION.reportFreshSeconds.
     */
    checkoutMs: doublePrecision('checkout_ms'),
    checkoutAt: timestamp('checkout_at', { withTimezone: true }),
  },
  (table) => [
    check('event_queue_counts_check', sql`${table.lastPlace} >= 0 and ${table.admitted} >= 0`),
    index('event_queue_organization_idx').on(table.organizationId),
  ],
);

export const queueEntry = pgTable(
  'queue_entry',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => event.id, { onDelete: 'cascade' }),
    /** The browser's random id (its `mq_b` cookie): one place per browser and event. */
    browserId: text('browser_id').notNull(),
    /** Null while in the lobby; 1 is first. */
    place: bigint('place', { mode: 'number' }),
    /** The lobby's draw orders by this random key, so arriving early gives no advantage. */
    lottery: doublePrecision('lottery').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('queue_entry_browser_idx').on(table.eventId, table.browserId),
    index('queue_entry_lobby_idx')
      .on(table.eventId, table.lottery)
      .where(sql`${table.place} is null`),
    index('queue_entry_organization_idx').on(table.organizationId),
  ],
);
