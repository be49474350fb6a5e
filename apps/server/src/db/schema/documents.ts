// An order's documents (decision 137): the receipt issued once when it is paid, and one credit note per refund.
// Each is numbered in its own unbroken series per organisation (R-000001…, C-000001…), the number taken from
// `organization_document_sequence` in the transaction that writes the document, so a rolled-back transaction
// leaves no gap and two issuers never share a number. A document never changes once issued: `content` is what it
// says (seller, buyer with their business details, lines, amounts) as at issue (decision 140). When the buyer's
// business details change after a receipt was issued, that receipt is cancelled by a credit note (`cancels_id`,
// not a refund) and a new receipt (`replaces_id`) with the next number carries the new details.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organization } from './auth.js';
import { order } from './orders.js';
import { orderRefund } from './refunds.js';

export const DOCUMENT_KINDS = ['receipt', 'credit_note'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** The next number of each of an organisation's series ('receipt', 'credit_note'): one row per series. */
export const organizationDocumentSequence = pgTable(
  'organization_document_sequence',
  {
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    series: text('series', { enum: DOCUMENT_KINDS }).notNull(),
    nextNumber: bigint('next_number', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.series] }),
    check('organization_document_sequence_next_check', sql`${table.nextNumber} >= 1`),
  ],
);

export const orderDocument = pgTable(
  'order_document',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => order.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: DOCUMENT_KINDS }).notNull(),
    /** Its place in the series (1, 2, …) and as printed, e.g. 'R-000001'. */
    sequence: bigint('sequence', { mode: 'number' }).notNull(),
    number: text('number').notNull(),
    currency: text('currency').notNull(),
    /** A receipt: what the fan paid (tickets and add-ons after discount, plus the booking fee they paid). A credit note: what was refunded. */
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    /** A credit note: the refund it answers (null for an event cancellation's refund, one per order). */
    refundId: uuid('refund_id').references(() => orderRefund.id, { onDelete: 'no action' }),
    /** What the document says, as at issue (documents/document-model.ts: DocumentContent). */
    content: jsonb('content').notNull(),
    /** A receipt re-issued with the buyer's new details: the receipt it replaces (decision 140). */
    replacesId: uuid('replaces_id').references((): AnyPgColumn => orderDocument.id, { onDelete: 'no action' }),
    /** A re-issue's credit note: the receipt it cancels in full (not a refund; no money moved). */
    cancelsId: uuid('cancels_id').references((): AnyPgColumn => orderDocument.id, { onDelete: 'no action' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('order_document_number_idx').on(table.organizationId, table.number),
    uniqueIndex('order_document_sequence_idx').on(table.organizationId, table.kind, table.sequence),
    // One first receipt per order, each receipt replaced and cancelled at most once (so an order's receipts are
    // one chain), one credit note per refund, one cancellation credit note per order.
    uniqueIndex('order_document_receipt_idx')
      .on(table.orderId)
      .where(sql`${table.kind} = 'receipt' and ${table.replacesId} is null`),
    uniqueIndex('order_document_replaces_idx')
      .on(table.replacesId)
      .where(sql`${table.replacesId} is not null`),
    uniqueIndex('order_document_cancels_idx')
      .on(table.cancelsId)
      .where(sql`${table.cancelsId} is not null`),
    uniqueIndex('order_document_refund_idx')
      .on(table.refundId)
      .where(sql`${table.refundId} is not null`),
    uniqueIndex('order_document_cancellation_idx')
      .on(table.orderId)
      .where(sql`${table.kind} = 'credit_note' and ${table.refundId} is null and ${table.cancelsId} is null`),
    index('order_document_order_idx').on(table.orderId, table.issuedAt),
    check('order_document_kind_check', sql`${table.kind} in ('receipt', 'credit_note')`),
    check('order_document_total_check', sql`${table.totalMinor} >= 0`),
    check('order_document_refund_check', sql`${table.kind} = 'credit_note' or ${table.refundId} is null`),
    check('order_document_replaces_check', sql`${table.kind} = 'receipt' or ${table.replacesId} is null`),
    check(
      'order_document_cancels_check',
      sql`(${table.kind} = 'credit_note' or ${table.cancelsId} is null) and (${table.cancelsId} is null or ${table.refundId} is null)`,
    ),
  ],
);

/** The buyer's business details for their documents: added or changed by the fan before or after paying. */
export const orderBilling = pgTable('order_billing', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => order.id, { onDelete: 'cascade' }),
  organizationId: text('organization_id')
    .notNull()
    .references(() => organization.id, { onDelete: 'cascade' }),
  companyName: text('company_name').notNull(),
  /** Lines of the postal address, newline-separated. */
  address: text('address').notNull(),
  /** Upper-cased, spaces removed; null when not given. */
  vatId: text('vat_id'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
