// Orders: a fan's purchase (held while they pay, then paid, expired, cancelled or refunded), its lines, one
// ticket per admission, the audit of every change, and the per-day sales and per-buyer totals that the
// dashboard figures read (kept in step by the same transactions that change the orders).
import type { VatCategory } from '@marquee/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
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
import { organization, user } from './auth.js';
import { eventCode } from './codes.js';
import { trackingLink } from './tracking-links.js';
import { event, ticketType } from './events.js';
import { ORDER_CHANNELS, TICKET_STATES, type TicketState } from '@marquee/shared';

/**
 * payment_review: a signed payment that did not match the order (amount, currency or the organiser's account,
 * decision 050): no tickets, the hold released, the payment refunded, the organiser told.
 */
export const ORDER_STATUSES = [
  'pending',
  'paid',
  'expired',
  'cancelled',
  'refunded',
  'partially_refunded',
  'payment_review',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** Who a payment provider charged its fee to (decision 141). */
export const PROVIDER_FEE_PAYERS = ['organizer', 'platform'] as const;
export type ProviderFeePayer = (typeof PROVIDER_FEE_PAYERS)[number];
/** A ticket's state (decision 046): see TICKET_STATES and TICKET_MOVES in packages/shared/src/tickets.ts. */
export { TICKET_STATES };
export type { TicketState };

export const order = pgTable(
  'order',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    // An event with orders cannot be deleted: sales history is kept. 'no action' (checked at the end of the
    // statement) rather than 'restrict', so deleting a whole organisation still cascades.
    eventId: uuid('event_id')
      .notNull()
      .references(() => event.id, { onDelete: 'no action' }),
    /** Short human code, e.g. MQ-7K3F9X (no confusable characters). */
    code: text('code').notNull(),
    /** Unguessable token (256 bits, base64url) that the fan's links carry. */
    accessToken: text('access_token').notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    /** How the order came about: the storefront, a door sale, or a comp the organiser issued (decision 126). */
    channel: text('channel', { enum: ORDER_CHANNELS }).notNull().default('online'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    /** Stored lower-cased (checked). */
    customerEmail: text('customer_email').notNull(),
    phone: text('phone'),
    /** ISO 3166-1 alpha-2. */
    country: text('country'),
    marketingConsent: boolean('marketing_consent').notNull().default(false),
    /** Tickets in the order. */
    quantity: integer('quantity').notNull(),
    /** Ticket prices times quantities, in minor units of `currency` (what the organiser receives). */
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    /** The fan's booking fee, in minor units of `currency` (what the platform keeps). */
    feeMinor: bigint('fee_minor', { mode: 'number' }).notNull().default(0),
    /**
     * The booking fee the organiser absorbed (decision 135): the platform keeps it out of the payout and the fan
     * pays nothing for it (fee_minor is then 0). Never refunded.
     */
    absorbedFeeMinor: bigint('absorbed_fee_minor', { mode: 'number' }).notNull().default(0),
    /**
     * VAT (decision 138): the VAT inside `amount_minor` (the organiser's, summed over the lines) and the platform's
     * VAT inside `fee_minor`; 0 when the organiser was not registered when the order was held.
     */
    vatMinor: bigint('vat_minor', { mode: 'number' }).notNull().default(0),
    feeVatMinor: bigint('fee_vat_minor', { mode: 'number' }).notNull().default(0),
    refundedMinor: bigint('refunded_minor', { mode: 'number' }).notNull().default(0),
    /**
     * The VAT given back by the refunds so far (decision 141): each refund's, by the credit notes' rule
     * (`refundVatLines()`, modules/receipts/refund-vat.ts: per rate, decision 139), added up.
     */
    vatRefundedMinor: bigint('vat_refunded_minor', { mode: 'number' }).notNull().default(0),
    /**
     * The payment provider's fee on the order's payment, as the provider reported it in the order's currency
     * (decision 141); null while not reported (no payment, not yet read, or settled in another currency). Kept
     * when the order is refunded: neither provider gives its fee back.
     */
    providerFeeMinor: bigint('provider_fee_minor', { mode: 'number' }),
    /** Who the provider charged it to: the organiser's account (off the payout) or the platform's. */
    providerFeePayer: text('provider_fee_payer', { enum: PROVIDER_FEE_PAYERS }),
    /** Tickets of the order refunded so far (their sale is out of the roll-ups already). */
    refundedTickets: integer('refunded_tickets').notNull().default(0),
    currency: text('currency').notNull(),
    /** The checkout form's one-time key: the same form submitted twice finds this order. */
    submissionKey: text('submission_key'),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    paymentProvider: text('payment_provider'),
    checkoutSessionId: text('checkout_session_id'),
    checkoutUrl: text('checkout_url'),
    paymentIntentId: text('payment_intent_id'),
    /** The promo code used (its text as entered, upper-cased) and what it took off the ticket prices. */
    promoCodeId: uuid('promo_code_id').references(() => eventCode.id, { onDelete: 'set null' }),
    promoCode: text('promo_code'),
    discountMinor: bigint('discount_minor', { mode: 'number' }).notNull().default(0),
    /** The access code that unlocked a hidden type (a use of it is held with the order). */
    accessCodeId: uuid('access_code_id').references(() => eventCode.id, { onDelete: 'set null' }),
    /** The waiting-room place whose admission made this hold (decision 034): one live order per admission. */
    queuePlace: bigint('queue_place', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /**
     * The storefront visitor who started this checkout, set only when they were a counted visitor of the event's
     * page that UTC day (decision 023): the day, and their visitor hash of that day (its salt is gone once the day
     * is over). The conversion rate counts each (day, visitor) once.
     */
    visitDay: date('visit_day', { mode: 'string' }),
    visitor: text('visitor'),
    /** The tracking link the fan came by (`?tl=` carried to the hold, decision 156); kept if the link goes. */
    trackingLinkId: uuid('tracking_link_id').references(() => trackingLink.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('order_code_idx').on(table.code),
    uniqueIndex('order_access_token_idx').on(table.accessToken),
    uniqueIndex('order_checkout_session_idx').on(table.checkoutSessionId),
    uniqueIndex('order_submission_key_idx').on(table.organizationId, table.submissionKey),
    index('order_organization_id_created_at_idx').on(table.organizationId, table.createdAt),
    index('order_event_created_idx').on(table.organizationId, table.eventId, table.createdAt),
    index('order_customer_idx').on(table.organizationId, table.customerEmail),
    // Analytics reads paid orders by the time they were paid (recent sales, regions, returning buyers, export).
    // (with the buyer, so counting a period's distinct buyers reads the index only).
    index('order_organization_paid_at_idx')
      .on(table.organizationId, table.paidAt, table.customerEmail)
      .where(sql`${table.paidAt} is not null`),
    // The conversion rate: the distinct visitors of a range of days whose order was paid (per event when filtered).
    index('order_visitor_idx')
      .on(table.organizationId, table.visitDay, table.eventId, table.visitor)
      .where(sql`${table.visitor} is not null and ${table.paidAt} is not null`),
    // A tracking link's figures read its paid orders.
    index('order_tracking_link_idx')
      .on(table.trackingLinkId, table.paidAt)
      .where(sql`${table.trackingLinkId} is not null`),
    // An admission from the waiting room starts one order: a second hold with it is refused while the first is
    // held or paid (an expired or cancelled hold frees it).
    uniqueIndex('order_queue_place_idx')
      .on(table.eventId, table.queuePlace)
      .where(sql`${table.queuePlace} is not null and ${table.status} in ('pending', 'paid', 'partially_refunded')`),
    // Expired holds are found per event (on every availability read) and overall (the release job).
    index('order_pending_hold_idx')
      .on(table.eventId, table.holdExpiresAt)
      .where(sql`${table.status} = 'pending'`),
    check(
      'order_status_check',
      sql`${table.status} in ('pending', 'paid', 'expired', 'cancelled', 'refunded', 'partially_refunded', 'payment_review')`,
    ),
    check('order_quantity_check', sql`${table.quantity} > 0`),
    check(
      'order_refunded_tickets_check',
      sql`${table.refundedTickets} >= 0 and ${table.refundedTickets} <= ${table.quantity}`,
    ),
    check(
      'order_amounts_check',
      sql`${table.amountMinor} >= 0 and ${table.feeMinor} >= 0 and ${table.refundedMinor} >= 0 and ${table.refundedMinor} <= ${table.amountMinor} + ${table.feeMinor}`,
    ),
    check(
      'order_paid_at_check',
      sql`${table.status} not in ('paid', 'partially_refunded') or ${table.paidAt} is not null`,
    ),
    check(
      'order_absorbed_fee_check',
      sql`${table.absorbedFeeMinor} >= 0 and (${table.absorbedFeeMinor} = 0 or ${table.feeMinor} = 0)`,
    ),
    check(
      'order_provider_fee_check',
      sql`(${table.providerFeeMinor} is null and ${table.providerFeePayer} is null) or (${table.providerFeeMinor} >= 0 and ${table.providerFeePayer} in ('organizer', 'platform'))`,
    ),
    check('order_vat_refunded_check', sql`${table.vatRefundedMinor} >= 0`),
    check('order_channel_check', sql`${table.channel} in ('online', 'door', 'comp')`),
    // A comp takes no money (decision 126): the organiser's figures count it with revenue 0.
    check(
      'order_comp_free_check',
      sql`${table.channel} <> 'comp' or (${table.amountMinor} = 0 and ${table.feeMinor} = 0)`,
    ),
    check('order_customer_email_check', sql`${table.customerEmail} = lower(${table.customerEmail})`),
  ],
);

export const orderLine = pgTable(
  'order_line',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => order.id, { onDelete: 'cascade' }),
    ticketTypeId: uuid('ticket_type_id')
      .notNull()
      .references(() => ticketType.id, { onDelete: 'no action' }),
    /** The type's name when bought. */
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceMinor: bigint('unit_price_minor', { mode: 'number' }).notNull(),
    unitFeeMinor: bigint('unit_fee_minor', { mode: 'number' }).notNull(),
    /** The VAT inside the unit price and its rate when bought (decision 138). */
    unitVatMinor: bigint('unit_vat_minor', { mode: 'number' }).notNull().default(0),
    vatRateBp: integer('vat_rate_bp').notNull().default(0),
    /** Its VAT category as sold (decision 139): zero-rated and exempt told apart; null: seller not registered. */
    vatCategory: text('vat_category').$type<VatCategory>(),
  },
  (table) => [
    index('order_line_order_id_idx').on(table.orderId),
    index('order_line_ticket_type_id_idx').on(table.ticketTypeId),
    check('order_line_quantity_check', sql`${table.quantity} > 0`),
    check('order_line_amounts_check', sql`${table.unitPriceMinor} >= 0 and ${table.unitFeeMinor} >= 0`),
  ],
);

/** One admission. Created when the order is paid. */
export const ticket = pgTable(
  'ticket',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => order.id, { onDelete: 'cascade' }),
    orderLineId: uuid('order_line_id')
      .notNull()
      .references(() => orderLine.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => event.id, { onDelete: 'no action' }),
    ticketTypeId: uuid('ticket_type_id')
      .notNull()
      .references(() => ticketType.id, { onDelete: 'no action' }),
    /** Short code printed on the ticket and signed into its QR payload, e.g. T-4KX9PQ2M7A. */
    code: text('code').notNull(),
    /** Written only by modules/tickets (decision 046). */
    status: text('status', { enum: TICKET_STATES }).notNull().default('valid'),
    holderName: text('holder_name').notNull().default(''),
    /** Set on a ticket someone received by transfer (lower-cased); null while it is the buyer's own. */
    holderEmail: text('holder_email'),
    /** The ticket this one replaced when its holder transferred it. */
    transferredFromId: uuid('transferred_from_id'),
    /** The order's checkout slot (1..n) whose name and answers this ticket carries (decision 130); null: none asked. */
    slot: integer('slot'),
    /** When the ticket was admitted at the door: set exactly while it is checked in (and kept if then cancelled). */
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    /** What was refunded of this ticket's price (minor units): a ticket refund never exceeds the ticket's price. */
    refundedMinor: bigint('refunded_minor', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When it stopped admitting for good (transferred, resold, refunded or cancelled). */
    voidedAt: timestamp('voided_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('ticket_code_idx').on(table.code),
    index('ticket_order_id_idx').on(table.orderId),
    index('ticket_event_id_idx').on(table.eventId),
    // The door's and the event figures' counts of checked-in and listed tickets (ticket-counts.ts).
    index('ticket_event_state_idx')
      .on(table.eventId, table.status)
      .where(sql`${table.status} in ('checked_in', 'listed')`),
    check('ticket_status_check', sql.raw(`status in (${TICKET_STATES.map((state) => `'${state}'`).join(', ')})`)),
    check(
      'ticket_checked_in_at_check',
      sql`(${table.status} <> 'checked_in' or ${table.checkedInAt} is not null) and (${table.status} not in ('valid', 'listed') or ${table.checkedInAt} is null)`,
    ),
    check('ticket_refunded_minor_check', sql`${table.refundedMinor} >= 0`),
  ],
);

/** Every change of an order (and of its tickets): what, who (fan, organiser, provider, system) and when. */
export const orderChange = pgTable(
  'order_change',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => order.id, { onDelete: 'cascade' }),
    ticketId: uuid('ticket_id').references(() => ticket.id, { onDelete: 'cascade' }),
    /** held, paid, paid_late, expired, cancelled, refunded, payment_failed, link_sent, ... */
    action: text('action').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    actorType: text('actor_type', { enum: ['fan', 'organiser', 'provider', 'system'] }).notNull(),
    actorUserId: text('actor_user_id').references(() => user.id, { onDelete: 'set null' }),
    detail: jsonb('detail'),
    /** The device the change was made from: a check-in device's label, or the browser's user agent (trimmed). */
    device: text('device'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('order_change_order_id_idx').on(table.orderId, table.at),
    // The periodic refund retry looks for payments held for review (decision 050): few rows, read every minute.
    index('order_change_payment_review_idx')
      .on(table.orderId)
      .where(sql`${table.action} = 'payment_review'`),
  ],
);

/**
 * Paid sales per organisation, event, UTC day and currency, updated in the transaction that pays (or refunds)
 * an order, so the figures read a few hundred rows instead of every order.
 */
export const salesDaily = pgTable(
  'sales_daily',
  {
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => event.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    orders: integer('orders').notNull().default(0),
    tickets: integer('tickets').notNull().default(0),
    revenueMinor: bigint('revenue_minor', { mode: 'number' }).notNull().default(0),
    feeMinor: bigint('fee_minor', { mode: 'number' }).notNull().default(0),
    /** Booking fees organisers absorbed (decision 135): out of their payout, not paid by fans. */
    absorbedFeeMinor: bigint('absorbed_fee_minor', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.eventId, table.day, table.currency] }),
    index('sales_daily_organization_day_idx').on(table.organizationId, table.day),
  ],
);

/** One buyer of an organisation, per e-mail, built from paid orders (kept in step by fulfilment). */
export const customer = pgTable(
  'customer',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone'),
    country: text('country'),
    marketingConsent: boolean('marketing_consent').notNull().default(false),
    orders: integer('orders').notNull().default(0),
    tickets: integer('tickets').notNull().default(0),
    firstPurchaseAt: timestamp('first_purchase_at', { withTimezone: true }).notNull(),
    lastPurchaseAt: timestamp('last_purchase_at', { withTimezone: true }).notNull(),
    /** Distinct events with a paid order (one `customer_event` row each). */
    events: integer('events').notNull().default(0),
    /**
     * The currency of the buyer's first paid order and what they spent in it (ticket prices, minor units): the
     * key the list sorts "Total Spent" by and ranks the top 5% by. Spend in other currencies is only in
     * `customer_spend`, never added to this.
     */
    spendCurrency: text('spend_currency').notNull().default('GBP'),
    spendMinor: bigint('spend_minor', { mode: 'number' }).notNull().default(0),
    /** When the row last changed, kept by a trigger (Customer Sync reads changes since its cursor, decision 155). */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The name as the list sorts it, kept by the database. */
    sortName: text('sort_name').generatedAlwaysAs(sql`lower("first_name" || ' ' || "last_name")`),
    /**
     * What the search matches, kept by the database: the lower-cased name, e-mail and phone, separated by a
     * control character that a search can never contain (so no match spans two fields).
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower("first_name" || ' ' || "last_name") || chr(1) || "email" || chr(1) || lower(coalesce("phone", ''))`,
    ),
  },
  (table) => [
    uniqueIndex('customer_organization_email_idx').on(table.organizationId, table.email),
    index('customer_organization_updated_idx').on(table.organizationId, table.updatedAt, table.id),
    index('customer_organization_first_purchase_idx').on(table.organizationId, table.firstPurchaseAt, table.id),
    // The status sort reads each status's customers in id order (customers.status-page.ts), split by the part of
    // the VIP rule that does not move (3 or more events, VIP_MIN_EVENTS). The columns after the (unique) id only
    // let the rest of the rules be checked in the index, so a deep page skips index entries, not rows.
    index('customer_status_frequent_idx')
      .on(table.organizationId, table.id, table.firstPurchaseAt)
      .where(sql`${table.events} >= 3`),
    index('customer_status_other_idx')
      .on(table.organizationId, table.id, table.firstPurchaseAt, table.spendCurrency, table.spendMinor)
      .where(sql`${table.events} < 3`),
    // One index per sortable column of the Customers page, with the id as the tie-break, so a page of 50 is
    // read from an index in either direction whatever the number of customers.
    index('customer_sort_name_idx').on(table.organizationId, table.sortName, table.id),
    index('customer_sort_email_idx').on(table.organizationId, table.email, table.id),
    index('customer_sort_phone_idx').on(table.organizationId, table.phone, table.id),
    index('customer_sort_country_idx').on(table.organizationId, table.country, table.id),
    index('customer_sort_events_idx').on(table.organizationId, table.events, table.id),
    index('customer_sort_spend_idx').on(table.organizationId, table.spendCurrency, table.spendMinor, table.id),
    index('customer_sort_last_purchase_idx').on(table.organizationId, table.lastPurchaseAt, table.id),
    // Analytics: returning customers of a period ending today are those bought since its start
    // (with the first purchase, so that count reads the index only).
    index('customer_organization_last_purchase_idx').on(
      table.organizationId,
      table.lastPurchaseAt,
      table.firstPurchaseAt,
    ),
  ],
);

/** What a customer spent per currency (ticket prices, minor units): shown side by side, never added. */
export const customerSpend = pgTable(
  'customer_spend',
  {
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customer.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.customerId, table.currency] })],
);

/** Each event a customer bought tickets for: the detail dialog's EVENTS list and the customer's event count. */
export const customerEvent = pgTable(
  'customer_event',
  {
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customer.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => event.id, { onDelete: 'cascade' }),
    tickets: integer('tickets').notNull().default(0),
    firstPurchaseAt: timestamp('first_purchase_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.customerId, table.eventId] })],
);

/**
 * Buyers (customers with a paid order) per organisation and UTC month of their first purchase, kept by a
 * trigger on `customer` (migration 0011), so the dashboard's customer figure reads one row per month instead
 * of every buyer.
 */
export const customerMonthly = pgTable(
  'customer_monthly',
  {
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    /** First day of the UTC month. */
    month: date('month', { mode: 'string' }).notNull(),
    customers: integer('customers').notNull().default(0),
    /** Of those, the ones with tickets for 3 or more events (VIP_MIN_EVENTS): VIP once no longer New. */
    frequent: integer('frequent').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.month] })],
);

/** Per-IP and per-e-mail counters for checkout starts, shared by every server process. */
export const requestLimit = pgTable('request_limit', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
});

/**
 * Each order e-mail, once per order, kind and recipient (decision 051): the mail worker claims the row as
 * 'sending' with a short lease just before handing the message to the mail server, and marks it 'sent' once the
 * server accepted it. A job that runs again (a retry after a crash) skips a 'sent' row and waits out a live
 * lease; only a lease that ran out (the sender died inside the SMTP conversation) lets it send again.
 */
export const orderMail = pgTable(
  'order_mail',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => order.id, { onDelete: 'cascade' }),
    /**
     * 'order-confirmation', 'organiser-sale', 'late-refund', 'event-cancelled', an after-sale kind with its id, or
     * 'sale-digest' (the organiser's digest, under its window's first gathered order, decision 147).
     */
    kind: text('kind').notNull(),
    /** Lower-cased address the message goes to. */
    recipient: text('recipient').notNull(),
    /** 'sending': handed (or about to be handed) to the mail server; 'sent': the server accepted it. */
    state: text('state').notNull().default('sent'),
    /** While 'sending': until when the attempt that claimed the row owns it. */
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
    /** How many attempts claimed the row (more than one: an earlier attempt's outcome was unknown or refused). */
    attempts: integer('attempts').notNull().default(1),
    /** When it was claimed; once 'sent', when the mail server accepted it. */
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.orderId, table.kind, table.recipient] }),
    check('order_mail_state_check', sql`${table.state} in ('sending', 'sent')`),
  ],
);
