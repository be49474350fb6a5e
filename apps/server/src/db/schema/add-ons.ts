// Add-ons (decision 134): products sold with an event's tickets (merch, parking, drink tokens), each with its own
// price and stock. `add_on` keeps `sold` and `held` counters like a ticket type's and a CHECK refuses any write that
// would oversell it; the hold takes `held` in its one write statement (hold-batch.ts). What an order bought is
// `order_add_on`; after the hold, its counters follow the order's status by one trigger (migration
// 0041_add_ons): a pending order's add-ons are held, a paid or partly refunded order's sold, any other's neither.
// The door marks how many of a line were handed over.
import type { VatCategory } from '@marquee/shared';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { organization } from './auth.js';
import { event } from './events.js';
import { order } from './orders.js';

export const addOn = pgTable(
  'add_on',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => event.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceMinor: bigint('price_minor', { mode: 'number' }).notNull(),
    /** Null: no stock limit. */
    capacity: integer('capacity'),
    /** Most of it one order may take. */
    maxPerOrder: integer('max_per_order').notNull().default(10),
    /** Add-ons of paid (or partly refunded) orders. */
    sold: integer('sold').notNull().default(0),
    /** Add-ons of pending orders (checkout holds). */
    held: integer('held').notNull().default(0),
    /** The VAT category it sells in (decision 139), as a ticket type's. */
    vatCategory: text('vat_category').$type<VatCategory>().notNull().default('standard'),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('add_on_event_id_idx').on(table.eventId),
    index('add_on_organization_id_idx').on(table.organizationId),
    check(
      'add_on_vat_category_check',
      sql`${table.vatCategory} in ('standard', 'reduced', 'reduced_2', 'zero', 'exempt')`,
    ),
    check('add_on_price_check', sql`${table.priceMinor} >= 0`),
    check('add_on_max_per_order_check', sql`${table.maxPerOrder} between 1 and 50`),
    check(
      'add_on_inventory_check',
      sql`${table.sold} >= 0 and ${table.held} >= 0 and (${table.capacity} is null or (${table.capacity} >= 0 and ${table.sold} + ${table.held} <= ${table.capacity}))`,
    ),
  ],
);

export const orderAddOn = pgTable(
  'order_add_on',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => order.id, { onDelete: 'cascade' }),
    addOnId: uuid('add_on_id')
      .notNull()
      .references(() => addOn.id, { onDelete: 'no action' }),
    /** The add-on's name when bought. */
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceMinor: bigint('unit_price_minor', { mode: 'number' }).notNull(),
    unitFeeMinor: bigint('unit_fee_minor', { mode: 'number' }).notNull(),
    /** The VAT inside the unit price and its rate when bought (decision 138). */
    unitVatMinor: bigint('unit_vat_minor', { mode: 'number' }).notNull().default(0),
    vatRateBp: integer('vat_rate_bp').notNull().default(0),
    /** Its VAT category as sold (decision 139); null: the seller was not VAT-registered. */
    vatCategory: text('vat_category').$type<VatCategory>(),
    /** How many of the line the door has handed over. */
    handedOver: integer('handed_over').notNull().default(0),
    handedOverAt: timestamp('handed_over_at', { withTimezone: true }),
  },
  (table) => [
    index('order_add_on_add_on_id_idx').on(table.addOnId),
    unique('order_add_on_order_add_on_unique').on(table.orderId, table.addOnId),
    check('order_add_on_quantity_check', sql`${table.quantity} > 0`),
    check('order_add_on_amounts_check', sql`${table.unitPriceMinor} >= 0 and ${table.unitFeeMinor} >= 0`),
    check('order_add_on_handed_over_check', sql`${table.handedOver} between 0 and ${table.quantity}`),
  ],
);
