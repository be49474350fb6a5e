// The embeddable checkout (decision 153): the sites (origins) an organisation allows to frame its embed pages.
// Their CSP frame-ancestors is exactly this list; every other storefront page still refuses to be framed.
import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { organization } from './auth.js';

export const embedOrigin = pgTable(
  'embed_origin',
  {
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    /** scheme://host[:port], lower-case, as checkEmbedOrigin (packages/shared/src/embed.ts) returns it. */
    origin: text('origin').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The key leads with the organisation: it is also the index of an organisation's list.
  (table) => [primaryKey({ columns: [table.organizationId, table.origin] })],
);
