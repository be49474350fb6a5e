// Tracking links (decision 156): a promoter's or a campaign's link to the storefront, `?tl={code}` on an event
// page or the home page. An order made through it carries its id (set at the hold, order.tracking_link_id); its
// page views are counted per day here, through the page views' buffer (modules/analytics/page-views.ts).
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organization } from './auth.js';
import { event } from './events.js';

export const TRACKING_LINK_KIND_VALUES = ['promoter', 'campaign'] as const;

export const trackingLink = pgTable(
  'tracking_link',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    /** The event page it opens; null for the storefront's home page. */
    eventId: uuid('event_id').references(() => event.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind', { enum: TRACKING_LINK_KIND_VALUES }).notNull(),
    /** `?tl=` value: lower case, unique per organisation. */
    code: text('code').notNull(),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    utmContent: text('utm_content'),
    utmTerm: text('utm_term'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** An archived link still attributes (its shared URL keeps working) but leaves the list. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('tracking_link_code_idx').on(table.organizationId, table.code),
    check('tracking_link_kind_check', sql`${table.kind} in ('promoter', 'campaign')`),
    check('tracking_link_code_check', sql`${table.code} ~ '^[a-z0-9][a-z0-9_-]{1,31}$'`),
  ],
);

/** Countable views (page-views.ts's rules) of storefront pages opened with the link's `?tl=`, per UTC day. */
export const trackingLinkViewDaily = pgTable(
  'tracking_link_view_daily',
  {
    trackingLinkId: uuid('tracking_link_id')
      .notNull()
      .references(() => trackingLink.id, { onDelete: 'cascade' }),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.trackingLinkId, table.day] }),
    index('tracking_link_view_daily_org_day_idx').on(table.organizationId, table.day),
  ],
);

/**
 * The organisation's ad pixels (decision 156, PRO): a Meta Pixel id and a Google Analytics 4 measurement id, loaded
 * on its storefront only after the fan accepts the consent notice and only while the organisation has PRO.
 */
export const organizationPixels = pgTable('organization_pixels', {
  organizationId: text('organization_id')
    .primaryKey()
    .references(() => organization.id, { onDelete: 'cascade' }),
  metaPixelId: text('meta_pixel_id'),
  gaMeasurementId: text('ga_measurement_id'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
