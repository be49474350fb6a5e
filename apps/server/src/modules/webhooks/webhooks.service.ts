// Webhook endpoints of an organisation (decision 152): add, change, remove, reveal and rotate the signing secret,
// send a test event, read the delivery log and resend a delivery. Every query is scoped by the organisation.
import crypto from 'node:crypto';
import type dns from 'node:dns';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { WEBHOOK_TEST_EVENT, type WebhookEventType } from '@marquee/shared';
import type { Database } from '../../db/client.js';
import { webhookAttempt, webhookDelivery, webhookEndpoint, webhookMessage } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { checkDestinationUrl, guardedLookup, RefusedDestination, type DestinationPolicy } from './destination.js';
import { recordWebhookEvent } from './record.js';

export const MAX_ENDPOINTS = 20;
export const DELIVERY_PAGE = 20;
const NOT_FOUND = 'That webhook endpoint was not found';

export interface WebhookSettings {
  policy: DestinationPolicy;
  timeoutMs: number;
  resolve?: typeof dns.lookup;
}

export interface EndpointInput {
  url: string;
  description: string;
  event_types: WebhookEventType[];
  enabled: boolean;
}

type EndpointRow = typeof webhookEndpoint.$inferSelect;

export function newSecret() {
  return `whsec_${crypto.randomBytes(24).toString('base64')}`;
}

function toDto(row: EndpointRow) {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    event_types: row.eventTypes as WebhookEventType[],
    enabled: row.enabled,
    disabled_reason: row.disabledReason === 'failing' ? ('failing' as const) : null,
    failing_since: row.failingSince?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** The URL's form, then (in production) every address its name resolves to must be public. */
async function checkUrl(raw: string, settings: WebhookSettings) {
  const refused = (message: string) => new AppError('VALIDATION_ERROR', message, [{ path: 'url', message }]);
  let url: URL;
  try {
    url = checkDestinationUrl(raw, settings.policy);
  } catch (error) {
    throw refused((error as Error).message);
  }
  if (settings.policy.allowPrivate) return;
  const lookup = guardedLookup(settings.policy, settings.resolve);
  await new Promise<void>((resolve, reject) =>
    lookup(url.hostname.replace(/^\[|\]$/g, ''), { all: true }, (error) => {
      if (!error) return resolve();
      reject(refused(error instanceof RefusedDestination ? error.message : `${url.hostname} could not be found`));
    }),
  );
}

async function endpointRow(db: Database, organizationId: string, id: string) {
  const [row] = await db
    .select()
    .from(webhookEndpoint)
    .where(and(eq(webhookEndpoint.id, id), eq(webhookEndpoint.organizationId, organizationId)));
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  return row;
}

export async function listEndpoints(db: Database, organizationId: string) {
  const rows = await db
    .select()
    .from(webhookEndpoint)
    .where(eq(webhookEndpoint.organizationId, organizationId))
    .orderBy(asc(webhookEndpoint.createdAt));
  return { endpoints: rows.map(toDto) };
}

export async function createEndpoint(
  db: Database,
  organizationId: string,
  input: EndpointInput,
  settings: WebhookSettings,
) {
  await checkUrl(input.url, settings);
  const [{ value }] = (await db
    .select({ value: count() })
    .from(webhookEndpoint)
    .where(eq(webhookEndpoint.organizationId, organizationId))) as [{ value: number }];
  if (value >= MAX_ENDPOINTS)
    throw new AppError('CONFLICT', `An organisation can have up to ${MAX_ENDPOINTS} webhook endpoints`);
  const secret = newSecret();
  const [row] = await db
    .insert(webhookEndpoint)
    .values({
      organizationId,
      url: input.url,
      description: input.description,
      eventTypes: input.event_types,
      enabled: input.enabled,
      secret,
    })
    .returning();
  return { ...toDto(row!), secret };
}

export async function updateEndpoint(
  db: Database,
  organizationId: string,
  id: string,
  input: EndpointInput,
  settings: WebhookSettings,
) {
  await endpointRow(db, organizationId, id);
  await checkUrl(input.url, settings);
  const [row] = await db
    .update(webhookEndpoint)
    .set({
      url: input.url,
      description: input.description,
      eventTypes: input.event_types,
      enabled: input.enabled,
      // Turned back on by the organiser: it starts with a clean record.
      ...(input.enabled ? { disabledReason: null, consecutiveFailures: 0, failingSince: null } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(webhookEndpoint.id, id), eq(webhookEndpoint.organizationId, organizationId)))
    .returning();
  return toDto(row!);
}

export async function deleteEndpoint(db: Database, organizationId: string, id: string) {
  const removed = await db
    .delete(webhookEndpoint)
    .where(and(eq(webhookEndpoint.id, id), eq(webhookEndpoint.organizationId, organizationId)))
    .returning({ id: webhookEndpoint.id });
  if (removed.length === 0) throw new AppError('NOT_FOUND', NOT_FOUND);
}

export async function revealSecret(db: Database, organizationId: string, id: string) {
  return { secret: (await endpointRow(db, organizationId, id)).secret };
}

export async function rotateSecret(db: Database, organizationId: string, id: string) {
  const secret = newSecret();
  const rotated = await db
    .update(webhookEndpoint)
    .set({ secret, updatedAt: new Date() })
    .where(and(eq(webhookEndpoint.id, id), eq(webhookEndpoint.organizationId, organizationId)))
    .returning({ id: webhookEndpoint.id });
  if (rotated.length === 0) throw new AppError('NOT_FOUND', NOT_FOUND);
  return { secret };
}

export async function sendTestEvent(db: Database, organizationId: string, id: string) {
  const row = await endpointRow(db, organizationId, id);
  if (!row.enabled) throw new AppError('CONFLICT', 'Turn the endpoint on to send it a test event');
  const messageId = await recordWebhookEvent(
    db,
    organizationId,
    WEBHOOK_TEST_EVENT,
    { endpoint_id: row.id, message: 'A test event from Marquee: your endpoint receives and verifies webhooks.' },
    row.id,
  );
  return { message_id: messageId! };
}

export async function listDeliveries(db: Database, organizationId: string, id: string, page: number) {
  await endpointRow(db, organizationId, id);
  const scope = and(eq(webhookDelivery.endpointId, id), eq(webhookDelivery.organizationId, organizationId));
  const rows = await db
    .select({ delivery: webhookDelivery, type: webhookMessage.type })
    .from(webhookDelivery)
    .innerJoin(webhookMessage, eq(webhookMessage.id, webhookDelivery.messageId))
    .where(scope)
    .orderBy(desc(webhookDelivery.createdAt), desc(webhookDelivery.id))
    .limit(DELIVERY_PAGE + 1)
    .offset((page - 1) * DELIVERY_PAGE);
  const shown = rows.slice(0, DELIVERY_PAGE);
  const ids = shown.map((row) => row.delivery.id);
  const attempts =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(webhookAttempt)
          .where(and(inArray(webhookAttempt.deliveryId, ids), eq(webhookAttempt.organizationId, organizationId)))
          .orderBy(desc(webhookAttempt.attemptedAt));
  return {
    page,
    has_more: rows.length > DELIVERY_PAGE,
    deliveries: shown.map(({ delivery, type }) => ({
      id: delivery.id,
      message_id: delivery.messageId,
      type,
      status: delivery.status,
      attempts: delivery.attempts,
      last_status_code: delivery.lastStatusCode,
      last_attempt_at: delivery.lastAttemptAt?.toISOString() ?? null,
      next_attempt_at: delivery.status === 'pending' ? delivery.nextAttemptAt.toISOString() : null,
      created_at: delivery.createdAt.toISOString(),
      log: attempts
        .filter((attempt) => attempt.deliveryId === delivery.id)
        .slice(0, 10)
        .map((attempt) => ({
          attempted_at: attempt.attemptedAt.toISOString(),
          status_code: attempt.statusCode,
          response_body: attempt.responseBody,
          duration_ms: attempt.durationMs,
          error: attempt.error,
        })),
    })),
  };
}

export async function resendDelivery(db: Database, organizationId: string, id: string, deliveryId: string) {
  await endpointRow(db, organizationId, id);
  const resent = await db
    .update(webhookDelivery)
    .set({ status: 'pending', step: 0, nextAttemptAt: sql`clock_timestamp()` })
    .where(
      and(
        eq(webhookDelivery.id, deliveryId),
        eq(webhookDelivery.endpointId, id),
        eq(webhookDelivery.organizationId, organizationId),
        inArray(webhookDelivery.status, ['succeeded', 'failed']),
      ),
    )
    .returning({ id: webhookDelivery.id });
  if (resent.length > 0) return { id: deliveryId, status: 'pending' as const };
  const [exists] = await db
    .select({ id: webhookDelivery.id })
    .from(webhookDelivery)
    .where(and(eq(webhookDelivery.id, deliveryId), eq(webhookDelivery.organizationId, organizationId)));
  if (!exists) throw new AppError('NOT_FOUND', 'That delivery was not found');
  throw new AppError('CONFLICT', 'That delivery is already waiting to be sent');
}
