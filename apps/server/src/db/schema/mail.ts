// The embedded mail outbox: every message the mailer sends when no SMTP server is configured, with its
// attachments (ticket PDFs, calendar files, inline QR images) kept as bytes so /dev/mailbox can serve them.
import { customType, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** PostgreSQL bytea as a Node Buffer (PGlite hands back a Uint8Array, pg a Buffer; both become a Buffer). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType() {
    return 'bytea';
  },
  fromDriver(value) {
    return Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  },
});

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    from: text('from').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** Extra headers the message carried (List-Unsubscribe...), null when none. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('mail_outbox_created_at_idx').on(table.createdAt)],
);

export const mailOutboxAttachment = pgTable(
  'mail_outbox_attachment',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mailId: uuid('mail_id')
      .notNull()
      .references(() => mailOutbox.id, { onDelete: 'cascade' }),
    /** Position in the message, so attachments list in the order they were given. */
    position: integer('position').notNull(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    /** Content-ID of an inline part (referenced from the HTML as cid:...), null for a download. */
    cid: text('cid'),
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
  },
  (table) => [index('mail_outbox_attachment_mail_id_idx').on(table.mailId)],
);
