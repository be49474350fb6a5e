// Resolves who is calling a product API route, by session cookie or bearer token, which organisation they act
// for and with which role. Every tenant route starts with requireOrganization(request), which by default admits
// owners and admins only: a route door staff may use says so (roles), and team and payouts routes admit owners.
import type { FastifyRequest } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import { AppError } from '../../lib/errors.js';
import { member, session as sessionTable } from '../../db/schema/index.js';
import { toWebHeaders } from './auth.routes.js';

export interface RequestAuth {
  userId: string;
  email: string;
  name: string;
  sessionId: string;
  organizationId: string | null;
}

/** A member's role in an organisation (see docs/decisions/030-team-roles.md). */
export type OrgRole = 'owner' | 'admin' | 'door';
export const ORG_ROLES = ['owner', 'admin', 'door'] as const satisfies readonly OrgRole[];
/** The roles every route admits unless it names its own: door staff only reach the routes built for the door. */
export const DEFAULT_ROLES: readonly OrgRole[] = ['owner', 'admin'];
export const ROLE_FORBIDDEN_MESSAGE = 'Your role in this organisation does not allow this';

export interface OrganizationAuth extends RequestAuth {
  organizationId: string;
  role: OrgRole;
}

export interface RequireOrganizationOptions {
  /** The roles allowed on this route; defaults to owner and admin. */
  roles?: readonly OrgRole[];
}

/** A stored role as one of ours; anything unknown gets the least access (the migration maps old values). */
export function toOrgRole(value: string): OrgRole {
  return value === 'owner' || value === 'admin' ? value : 'door';
}

const resolved = new WeakMap<FastifyRequest, Promise<RequestAuth | null>>();

export function getRequestAuth(request: FastifyRequest): Promise<RequestAuth | null> {
  const cached = resolved.get(request);
  if (cached) return cached;
  const pending: Promise<RequestAuth | null> = request.server.auth.api
    .getSession({ headers: toWebHeaders(request) })
    .then((result) =>
      result
        ? {
            userId: result.user.id,
            email: result.user.email,
            name: result.user.name,
            sessionId: result.session.id,
            organizationId: (result.session as { activeOrganizationId?: string | null }).activeOrganizationId ?? null,
          }
        : null,
    );
  resolved.set(request, pending);
  return pending;
}

export async function requireUser(request: FastifyRequest): Promise<RequestAuth> {
  const auth = await getRequestAuth(request);
  if (!auth) throw new AppError('UNAUTHORIZED', 'You need to sign in first');
  return auth;
}

/**
 * The caller's active organisation, checked against their memberships. A session without an active one
 * (a fresh sign-in) falls back to the user's first organisation and remembers it on the session.
 */
export async function requireOrganization(
  request: FastifyRequest,
  options: RequireOrganizationOptions = {},
): Promise<OrganizationAuth> {
  const resolvedAuth = await resolveOrganization(request);
  const allowed = options.roles ?? DEFAULT_ROLES;
  if (!allowed.includes(resolvedAuth.role)) throw new AppError('FORBIDDEN', ROLE_FORBIDDEN_MESSAGE);
  return resolvedAuth;
}

async function resolveOrganization(request: FastifyRequest): Promise<OrganizationAuth> {
  const auth = await requireUser(request);
  const db = request.server.db;
  if (auth.organizationId) {
    const [membership] = await db
      .select({ role: member.role })
      .from(member)
      .where(and(eq(member.userId, auth.userId), eq(member.organizationId, auth.organizationId)))
      .limit(1);
    if (membership) return { ...auth, organizationId: auth.organizationId, role: toOrgRole(membership.role) };
  }
  const [first] = await db
    .select({ organizationId: member.organizationId, role: member.role })
    .from(member)
    .where(eq(member.userId, auth.userId))
    .orderBy(asc(member.createdAt))
    .limit(1);
  if (!first) throw new AppError('NO_ORGANIZATION', 'Create your organisation first');
  await db
    .update(sessionTable)
    .set({ activeOrganizationId: first.organizationId })
    .where(eq(sessionTable.id, auth.sessionId));
  return { ...auth, organizationId: first.organizationId, role: toOrgRole(first.role) };
}

/**
 * For the few routes open to signed-in users without an organisation (onboarding: subdomain check, creation,
 * image upload): door staff acting for their organisation are refused there too.
 */
export async function requireUserOutsideDoor(request: FastifyRequest): Promise<RequestAuth> {
  const auth = await requireUser(request);
  let role: OrgRole | null = null;
  try {
    role = (await resolveOrganization(request)).role;
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'NO_ORGANIZATION')) throw error;
  }
  if (role === 'door') throw new AppError('FORBIDDEN', ROLE_FORBIDDEN_MESSAGE);
  return auth;
}
