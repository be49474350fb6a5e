// Custom hostnames an organisation has asked for: its current custom domain and earlier ones whose provider
// hostname may still need removing. The current domain itself stays in organization_settings.custom_domain.
import { pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organization } from './auth.js';

export const customHostname = pgTable(
  'custom_hostname',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    /** Always stored normalised (lower case, no trailing dot), so the plain unique index suffices. */
    hostname: text('hostname').notNull(),
    /** Random per organisation and domain; the DNS adapter asks for TXT `marquee-verify={token}`. */
    verificationToken: text('verification_token').notNull(),
    /** Which adapter registered it: 'dns' or 'cloudflare'. */
    provider: text('provider').notNull(),
    /** The provider's id for the hostname (Cloudflare custom hostname id); null until registered. */
    providerHostnameId: text('provider_hostname_id'),
    /** Last known status: none, pending_verification, pending_ssl, active or error. */
    status: text('status').notNull().default('none'),
    lastError: text('last_error'),
    txtName: text('txt_name'),
    txtValue: text('txt_value'),
    registeredAt: timestamp('registered_at', { withTimezone: true }),
    /** Start of the last POST /api/org/verify-domain, for the 60 s throttle. */
    lastVerifyAt: timestamp('last_verify_at', { withTimezone: true }),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    /** Set once the provider hostname is removed (the domain changed or was removed). */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('custom_hostname_org_hostname_idx').on(table.organizationId, table.hostname)],
);
