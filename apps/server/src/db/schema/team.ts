// Team invitations (decision 030): the owner invites an e-mail address with a role; the e-mailed link carries a
// random token of which only the SHA-256 hash is stored. A token is single-use and expires.
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organization, user } from './auth.js';

export const teamInvitation = pgTable(
  'team_invitation',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    email: text('email').notNull(),
    role: text('role').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: text('invited_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: text('accepted_by').references(() => user.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('team_invitation_token_hash_idx').on(table.tokenHash),
    index('team_invitation_organization_idx').on(table.organizationId),
    check('team_invitation_role_check', sql`${table.role} in ('owner', 'admin', 'door')`),
  ],
);
