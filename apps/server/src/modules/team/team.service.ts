// Team rules (decision 030): the members and open invitations of an organisation, inviting by e-mail, changing a
// member's role and removing them (never the last owner), and accepting an invitation. Every query is scoped by
// the caller's organisation; invitation tokens are stored only as SHA-256 hashes and used once.
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { INVITATION_TTL_DAYS, TEAM_MESSAGES, type TeamResponse, type TeamRole } from '@marquee/shared';
import type { Mailer } from '../../adapters/mail/mailer.js';
import type { Database } from '../../db/client.js';
import { member, organizationSettings, session, teamInvitation, user } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { toOrgRole } from '../auth/auth.guard.js';
import { invitationEmail } from './team.emails.js';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function listTeam(db: Database, organizationId: string, callerUserId: string): Promise<TeamResponse> {
  const members = await db
    .select({
      id: member.id,
      userId: member.userId,
      role: member.role,
      createdAt: member.createdAt,
      name: user.name,
      email: user.email,
    })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(eq(member.organizationId, organizationId))
    .orderBy(asc(member.createdAt), asc(member.id));
  const invitations = await db
    .select()
    .from(teamInvitation)
    .where(
      and(
        eq(teamInvitation.organizationId, organizationId),
        isNull(teamInvitation.acceptedAt),
        isNull(teamInvitation.revokedAt),
        gt(teamInvitation.expiresAt, sql`now()`),
      ),
    )
    .orderBy(asc(teamInvitation.createdAt));
  return {
    members: members.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      role: toOrgRole(row.role),
      joined_at: row.createdAt.toISOString(),
      is_you: row.userId === callerUserId,
    })),
    invitations: invitations.map((row) => ({
      id: row.id,
      email: row.email,
      role: toOrgRole(row.role),
      invited_at: row.createdAt.toISOString(),
      expires_at: row.expiresAt.toISOString(),
    })),
  };
}

async function organizationName(db: Database | Transaction, organizationId: string): Promise<string> {
  const [row] = await db
    .select({ name: organizationSettings.companyName })
    .from(organizationSettings)
    .where(eq(organizationSettings.organizationId, organizationId))
    .limit(1);
  return row?.name ?? 'your organisation';
}

export interface InviteDeps {
  db: Database;
  mailer: Mailer;
  appUrl: string;
}

/** Invites `email` with `role`; an open invitation of the same address is replaced (a resend gets a new link). */
export async function inviteMember(
  deps: InviteDeps,
  caller: { organizationId: string; userId: string; name: string },
  input: { email: string; role: TeamRole },
) {
  const { db } = deps;
  const email = input.email.trim().toLowerCase();
  const [existing] = await db
    .select({ id: member.id })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(member.organizationId, caller.organizationId), eq(sql`lower(${user.email})`, email)))
    .limit(1);
  if (existing)
    throw new AppError('CONFLICT', TEAM_MESSAGES.alreadyMember, [
      { path: 'email', message: TEAM_MESSAGES.alreadyMember },
    ]);

  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000);
  const created = await db.transaction(async (tx) => {
    await tx
      .update(teamInvitation)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(teamInvitation.organizationId, caller.organizationId),
          eq(teamInvitation.email, email),
          isNull(teamInvitation.acceptedAt),
          isNull(teamInvitation.revokedAt),
        ),
      );
    const [row] = await tx
      .insert(teamInvitation)
      .values({
        organizationId: caller.organizationId,
        email,
        role: input.role,
        tokenHash: hashToken(token),
        invitedBy: caller.userId,
        expiresAt,
      })
      .returning();
    return row!;
  });

  const mail = invitationEmail({
    organizationName: await organizationName(db, caller.organizationId),
    inviterName: caller.name || 'The organiser',
    role: input.role,
    url: `${deps.appUrl}/invite/${token}`,
  });
  try {
    await deps.mailer.send({ to: email, ...mail });
  } catch (error) {
    // Without the e-mail the invitation cannot be used: take it back and say so.
    await db.delete(teamInvitation).where(eq(teamInvitation.id, created.id));
    throw new AppError('SERVICE_UNAVAILABLE', 'The invitation e-mail could not be sent. Please try again.', undefined, {
      cause: error,
    });
  }
  return {
    id: created.id,
    email: created.email,
    role: input.role,
    invited_at: created.createdAt.toISOString(),
    expires_at: created.expiresAt.toISOString(),
  };
}

export async function revokeInvitation(db: Database, organizationId: string, invitationId: string) {
  const revoked = await db
    .update(teamInvitation)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(teamInvitation.id, invitationId),
        eq(teamInvitation.organizationId, organizationId),
        isNull(teamInvitation.acceptedAt),
        isNull(teamInvitation.revokedAt),
      ),
    )
    .returning({ id: teamInvitation.id });
  if (revoked.length === 0) throw new AppError('NOT_FOUND', 'That invitation was not found');
}

/** The member row, locked, and how many owners the organisation has (also locked), for the last-owner rule. */
async function lockMember(tx: Transaction, organizationId: string, memberId: string) {
  const owners = await tx
    .select({ id: member.id })
    .from(member)
    .where(and(eq(member.organizationId, organizationId), eq(member.role, 'owner')))
    .for('update');
  const [target] = await tx
    .select()
    .from(member)
    .where(and(eq(member.id, memberId), eq(member.organizationId, organizationId)))
    .for('update');
  if (!target) throw new AppError('NOT_FOUND', TEAM_MESSAGES.memberNotFound);
  return { target, ownerCount: owners.length };
}

export async function changeMemberRole(db: Database, organizationId: string, memberId: string, role: TeamRole) {
  return db.transaction(async (tx) => {
    const { target, ownerCount } = await lockMember(tx, organizationId, memberId);
    if (target.role === 'owner' && role !== 'owner' && ownerCount <= 1) {
      throw new AppError('CONFLICT', TEAM_MESSAGES.lastOwner);
    }
    await tx.update(member).set({ role }).where(eq(member.id, target.id));
    return { id: target.id, role };
  });
}

export async function removeMember(db: Database, organizationId: string, memberId: string) {
  await db.transaction(async (tx) => {
    const { target, ownerCount } = await lockMember(tx, organizationId, memberId);
    if (target.role === 'owner' && ownerCount <= 1) throw new AppError('CONFLICT', TEAM_MESSAGES.lastOwner);
    await tx.delete(member).where(eq(member.id, target.id));
    // Their sessions stop acting for this organisation at once (the guard also re-checks membership).
    await tx
      .update(session)
      .set({ activeOrganizationId: null })
      .where(and(eq(session.userId, target.userId), eq(session.activeOrganizationId, organizationId)));
  });
}

type InvitationRow = typeof teamInvitation.$inferSelect;

function assertUsable(row: InvitationRow | undefined): asserts row is InvitationRow {
  if (!row) throw new AppError('NOT_FOUND', TEAM_MESSAGES.invitationNotFound);
  if (row.acceptedAt) throw new AppError('CONFLICT', TEAM_MESSAGES.invitationUsed);
  if (row.revokedAt) throw new AppError('CONFLICT', TEAM_MESSAGES.invitationRevoked);
  if (row.expiresAt.getTime() <= Date.now()) throw new AppError('CONFLICT', TEAM_MESSAGES.invitationExpired);
}

export async function previewInvitation(db: Database, token: string) {
  const [row] = await db
    .select()
    .from(teamInvitation)
    .where(eq(teamInvitation.tokenHash, hashToken(token)))
    .limit(1);
  assertUsable(row);
  return {
    organization_name: await organizationName(db, row.organizationId),
    email: row.email,
    role: toOrgRole(row.role),
    expires_at: row.expiresAt.toISOString(),
  };
}

/** Joins the signed-in caller to the invitation's organisation, once, if the invitation is for their address. */
export async function acceptInvitation(
  db: Database,
  token: string,
  caller: { userId: string; email: string; sessionId: string },
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(teamInvitation)
      .where(eq(teamInvitation.tokenHash, hashToken(token)))
      .for('update');
    assertUsable(row);
    if (row.email !== caller.email.trim().toLowerCase()) {
      throw new AppError('FORBIDDEN', TEAM_MESSAGES.wrongAccount(row.email));
    }
    const [already] = await tx
      .select({ id: member.id })
      .from(member)
      .where(and(eq(member.organizationId, row.organizationId), eq(member.userId, caller.userId)))
      .limit(1);
    if (already) throw new AppError('CONFLICT', TEAM_MESSAGES.alreadyJoined);
    const role = toOrgRole(row.role);
    await tx
      .insert(member)
      .values({ id: crypto.randomUUID(), organizationId: row.organizationId, userId: caller.userId, role });
    await tx
      .update(teamInvitation)
      .set({ acceptedAt: new Date(), acceptedBy: caller.userId })
      .where(and(eq(teamInvitation.id, row.id), isNull(teamInvitation.acceptedAt)));
    // Other open invitations to the same address for this organisation are spent too.
    await tx
      .update(teamInvitation)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(teamInvitation.organizationId, row.organizationId),
          eq(teamInvitation.email, row.email),
          ne(teamInvitation.id, row.id),
          isNull(teamInvitation.acceptedAt),
          isNull(teamInvitation.revokedAt),
        ),
      );
    await tx.update(session).set({ activeOrganizationId: row.organizationId }).where(eq(session.id, caller.sessionId));
    return { organization_name: await organizationName(tx, row.organizationId), role };
  });
}
