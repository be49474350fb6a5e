// API keys (decision 150): created and revoked by owners and admins in Integrations, shown once, stored as a
// SHA-256 of the secret, scoped `<resource>:<read|write>`, with a trail of who created and revoked each key.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { ApiKeyCreated, ApiKeyDto, ApiScope } from '@marquee/shared';
import type { Database } from '../../db/client.js';
import { apiKey, apiKeyAudit, user } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';

export const API_KEY_PREFIX = 'mq_live_';
/** Characters of the secret after mq_live_ kept as the key's visible prefix. */
const VISIBLE_CHARACTERS = 6;
export const API_KEY_NOT_FOUND = 'API key not found';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const hashSecret = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');

/** Constant-time comparison of two hex digests of equal length. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

type KeyRow = typeof apiKey.$inferSelect;

function toDto(row: KeyRow, createdBy: string | null): ApiKeyDto {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as ApiScope[],
    rate_limit_per_minute: row.rateLimitPerMinute,
    created_at: row.createdAt.toISOString(),
    created_by: createdBy,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

export async function listApiKeys(db: Database, organizationId: string): Promise<ApiKeyDto[]> {
  const rows = await db
    .select({ key: apiKey, creator: user.name })
    .from(apiKey)
    .leftJoin(user, eq(user.id, apiKey.createdByUserId))
    .where(eq(apiKey.organizationId, organizationId))
    .orderBy(desc(apiKey.createdAt), desc(apiKey.id));
  return rows.map(({ key, creator }) => toDto(key, creator));
}

export async function createApiKey(
  db: Database,
  actor: { organizationId: string; userId: string; name: string },
  input: { name: string; scopes: ApiScope[]; rate_limit_per_minute: number },
): Promise<ApiKeyCreated> {
  const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const scopes = [...new Set(input.scopes)].sort();
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(apiKey)
      .values({
        organizationId: actor.organizationId,
        name: input.name,
        prefix: secret.slice(0, API_KEY_PREFIX.length + VISIBLE_CHARACTERS),
        secretHash: hashSecret(secret),
        scopes,
        rateLimitPerMinute: input.rate_limit_per_minute,
        createdByUserId: actor.userId,
      })
      .returning();
    if (!created) throw new Error('The API key was not stored');
    await tx.insert(apiKeyAudit).values({
      organizationId: actor.organizationId,
      apiKeyId: created.id,
      action: 'created',
      actorUserId: actor.userId,
    });
    return created;
  });
  return { key: toDto(row, actor.name), secret };
}

export async function revokeApiKey(
  db: Database,
  actor: { organizationId: string; userId: string },
  id: string,
): Promise<void> {
  if (!UUID.test(id)) throw new AppError('NOT_FOUND', API_KEY_NOT_FOUND);
  await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: apiKey.id, revokedAt: apiKey.revokedAt })
      .from(apiKey)
      .where(and(eq(apiKey.id, id), eq(apiKey.organizationId, actor.organizationId)))
      .for('update')
      .limit(1);
    if (!found) throw new AppError('NOT_FOUND', API_KEY_NOT_FOUND);
    if (found.revokedAt) return;
    await tx
      .update(apiKey)
      .set({ revokedAt: new Date() })
      .where(and(eq(apiKey.id, id), isNull(apiKey.revokedAt)));
    await tx
      .insert(apiKeyAudit)
      .values({ organizationId: actor.organizationId, apiKeyId: id, action: 'revoked', actorUserId: actor.userId });
  });
}
