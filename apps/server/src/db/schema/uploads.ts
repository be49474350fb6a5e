// Files uploaded through the storage adapter: who uploaded what, for which organisation, under which key.
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organization, user } from './auth.js';

export const upload = pgTable(
  'upload',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null while the uploader has no organisation yet (onboarding's brand image). */
    organizationId: text('organization_id').references(() => organization.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** Server-made storage key, e.g. images/2f1c....webp */
    key: text('key').notNull().unique(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    width: integer('width'),
    height: integer('height'),
    purpose: text('purpose').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('upload_organization_id_idx').on(table.organizationId),
    index('upload_user_id_idx').on(table.userId),
  ],
);
