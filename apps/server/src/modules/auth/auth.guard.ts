// Resolves who is calling a product API route, by session cookie or bearer token, and which organisation
// they act for. Every tenant route starts with requireOrganization(request).
import type { FastifyRequest } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import { AppError } from '../../lib/errors.js';
import { member, session as sessionTable } from '../../db/schema/index.js';
import { toWebHeaders } from './auth.routes.js';

/** The roles of an organisation's members (issue 14). Stored 'member' rows count as admins. */
export type OrgRole = 'owner' | 'admin' | 'door';

function asOrgRole(stored: string): OrgRole {
  if (stored === 'owner') return 'owner';
  if (stored === 'door') return 'door';
  return 'admin';
}

export interface RequestAuth {
  userId: string;
  email: string;
  name: string;
  sessionId: string;
  organizationId: string | null;
}

export interface OrganizationAuth extends RequestAuth {
  organizationId: string;
  role: string;
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
  options: { roles?: readonly OrgRole[] } = {},
): Promise<OrganizationAuth> {
  const found = await resolveOrganization(request);
  if (options.roles && !options.roles.includes(asOrgRole(found.role)))
    throw new AppError('FORBIDDEN', 'Your role in this organisation does not allow that');
  return found;
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
    if (membership) return { ...auth, organizationId: auth.organizationId, role: membership.role };
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
  return { ...auth, organizationId: first.organizationId, role: first.role };
}
