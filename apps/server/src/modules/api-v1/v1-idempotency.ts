// Idempotency keys on every v1 POST (decision 151). The first request with a key claims it (in flight) and its
// answer is stored for 24 hours; the same key again with the same request gets that answer again, with another
// request 422, and while the first is still running 409. A 5xx is not stored, so the client may retry it; a claim
// left in flight by a crashed process is taken over after a minute.
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, lt, or } from 'drizzle-orm';
import { idempotencyKeySchema } from '@marquee/shared';
import type { Database } from '../../db/client.js';
import { apiIdempotency } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The idempotency claim this request holds, to store its answer under. */
    idempotencyClaim?: { apiKeyId: string; key: string };
  }
}

export const IDEMPOTENCY_HEADER_MESSAGE =
  'Every POST needs an Idempotency-Key header: 1 to 255 visible ASCII characters, unique per operation';
export const IDEMPOTENCY_IN_FLIGHT_MESSAGE = 'A request with this Idempotency-Key is still being processed';
export const IDEMPOTENCY_MISMATCH_MESSAGE = 'This Idempotency-Key was used with a different request';
const ABANDONED_AFTER_MS = 60_000;

function requestHash(request: FastifyRequest): string {
  const path = request.url.split('?')[0] ?? '';
  return createHash('sha256')
    .update(`${request.method} ${path}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');
}

/** preHandler: claims the key, or answers from what is stored (then the handler does not run). */
export async function claimIdempotencyKey(db: Database, request: FastifyRequest, reply: FastifyReply) {
  if (request.method !== 'POST' || !request.apiKey) return;
  const parsed = idempotencyKeySchema.safeParse(request.headers['idempotency-key']);
  if (!parsed.success) throw new AppError('BAD_REQUEST', IDEMPOTENCY_HEADER_MESSAGE);
  const apiKeyId = request.apiKey.keyId;
  const key = parsed.data;
  const hash = requestHash(request);
  const now = new Date();
  // Expired answers and abandoned claims give the key back first.
  await db
    .delete(apiIdempotency)
    .where(
      and(
        eq(apiIdempotency.apiKeyId, apiKeyId),
        eq(apiIdempotency.idempotencyKey, key),
        or(
          lt(apiIdempotency.expiresAt, now),
          and(
            eq(apiIdempotency.state, 'in_flight'),
            lt(apiIdempotency.createdAt, new Date(now.getTime() - ABANDONED_AFTER_MS)),
          ),
        ),
      ),
    );
  const [claimed] = await db
    .insert(apiIdempotency)
    .values({ apiKeyId, idempotencyKey: key, requestHash: hash, state: 'in_flight' })
    .onConflictDoNothing()
    .returning({ key: apiIdempotency.idempotencyKey });
  if (claimed) {
    request.idempotencyClaim = { apiKeyId, key };
    return;
  }
  const [stored] = await db
    .select()
    .from(apiIdempotency)
    .where(and(eq(apiIdempotency.apiKeyId, apiKeyId), eq(apiIdempotency.idempotencyKey, key)))
    .limit(1);
  if (!stored || stored.state === 'in_flight') throw new AppError('CONFLICT', IDEMPOTENCY_IN_FLIGHT_MESSAGE);
  if (stored.requestHash !== hash) throw new AppError('UNPROCESSABLE', IDEMPOTENCY_MISMATCH_MESSAGE);
  reply.header('idempotent-replayed', 'true');
  return reply.status(stored.responseStatus ?? 200).send(stored.responseBody ?? undefined);
}

/** onSend: stores the answer of a claimed request (or gives the claim back on a 5xx). */
export async function storeIdempotentAnswer(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<void> {
  const claim = request.idempotencyClaim;
  if (!claim) return;
  request.idempotencyClaim = undefined;
  const where = and(eq(apiIdempotency.apiKeyId, claim.apiKeyId), eq(apiIdempotency.idempotencyKey, claim.key));
  if (reply.statusCode >= 500) {
    await db.delete(apiIdempotency).where(where);
    return;
  }
  let body: unknown = null;
  if (typeof payload === 'string' && payload !== '') body = JSON.parse(payload);
  await db
    .update(apiIdempotency)
    .set({ state: 'done', responseStatus: reply.statusCode, responseBody: body })
    .where(where);
}
