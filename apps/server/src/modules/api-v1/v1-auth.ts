// Who calls /api/v1 (decision 150): an API key in `Authorization: Bearer mq_live_…`, never a session cookie. Each
// call is checked in one order: a live key (401), the organisation's PRO (402), the key's rate limit (429), the
// route's scope within what the key's creator's role allows now (403). Tenancy comes from the key alone.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { ApiScope } from '@marquee/shared';
import type { Database } from '../../db/client.js';
import { apiKey, member, user } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { toOrgRole, type OrgRole } from '../auth/auth.guard.js';
import { requirePro } from '../plan/plan-access.js';
import { takeToken } from '../checkout/rate-limit.js';
import { API_KEY_PREFIX, hashSecret, sameHash } from '../api-keys/api-keys.service.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The scope a /api/v1 route needs; a v1 route without one (the document, the reference) is public. */
    apiScope?: ApiScope;
  }
  interface FastifyRequest {
    apiKey?: ApiCaller;
  }
}

export interface ApiCaller {
  keyId: string;
  organizationId: string;
  /** The key's creator: the services' actor, so the trail names who made the key that changed something. */
  userId: string;
  userName: string;
  scopes: ApiScope[];
}

export const MISSING_KEY_MESSAGE = 'Send an API key: Authorization: Bearer mq_live_…';
export const INVALID_KEY_MESSAGE = 'This API key is not valid or was revoked';
export const SCOPE_MESSAGE = (scope: ApiScope) => `This API key does not have the ${scope} scope`;
export const RATE_LIMIT_WINDOW_SECONDS = 60;
const LAST_USED_EVERY_MS = 60_000;

/** What a role may do through a key, as in the dashboard: owners and admins everything, door staff the door. */
export function roleAllows(role: OrgRole | null, scope: ApiScope): boolean {
  if (role === 'owner' || role === 'admin') return true;
  if (role === 'door') return scope.startsWith('checkins:');
  return false;
}

function bearerSecret(request: FastifyRequest): string {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer ([A-Za-z0-9_-]{1,200})$/.exec(header) : null;
  if (!match?.[1] || !match[1].startsWith(API_KEY_PREFIX)) throw new AppError('UNAUTHORIZED', MISSING_KEY_MESSAGE);
  return match[1];
}

export async function authenticateApiCall(db: Database, request: FastifyRequest, reply: FastifyReply) {
  const scope = request.routeOptions.config.apiScope;
  if (!scope) return;
  const hash = hashSecret(bearerSecret(request));
  const [found] = await db
    .select({ key: apiKey, role: member.role, creatorName: user.name })
    .from(apiKey)
    .leftJoin(member, and(eq(member.userId, apiKey.createdByUserId), eq(member.organizationId, apiKey.organizationId)))
    .leftJoin(user, eq(user.id, apiKey.createdByUserId))
    .where(eq(apiKey.secretHash, hash))
    .limit(1);
  if (!found || !sameHash(found.key.secretHash, hash) || found.key.revokedAt)
    throw new AppError('UNAUTHORIZED', INVALID_KEY_MESSAGE);
  const { key } = found;
  await requirePro(db, key.organizationId);
  const now = new Date();
  const within = await takeToken(
    db,
    `api:key:${key.id}`,
    { max: key.rateLimitPerMinute, windowSeconds: RATE_LIMIT_WINDOW_SECONDS },
    now,
  );
  if (!within) {
    reply.header('retry-after', String(RATE_LIMIT_WINDOW_SECONDS));
    throw new AppError('RATE_LIMITED', `This API key made more than ${key.rateLimitPerMinute} requests a minute`);
  }
  const role = found.role === null ? null : toOrgRole(found.role);
  if (!key.scopes.includes(scope) || !roleAllows(role, scope) || !key.createdByUserId)
    throw new AppError('FORBIDDEN', SCOPE_MESSAGE(scope));
  if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() >= LAST_USED_EVERY_MS) {
    await db.update(apiKey).set({ lastUsedAt: now }).where(eq(apiKey.id, key.id));
  }
  request.apiKey = {
    keyId: key.id,
    organizationId: key.organizationId,
    userId: key.createdByUserId,
    userName: found.creatorName ?? '',
    scopes: key.scopes as ApiScope[],
  };
}

/** The caller of a scoped v1 route (set by authenticateApiCall before the handler runs). */
export function callerOf(request: FastifyRequest): ApiCaller {
  if (!request.apiKey) throw new AppError('UNAUTHORIZED', MISSING_KEY_MESSAGE);
  return request.apiKey;
}
