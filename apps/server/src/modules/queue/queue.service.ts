// The organiser's side of the waiting room (decision 034): the 'Queue fans at on-sale' setting with its admission
// rate's ceiling, and the live figures (in the lobby, waiting, admitted, tickets in checkouts, sold, the rate
// admitted now and why, decision 148). Every query is scoped by the caller's organisation.
import { and, eq } from 'drizzle-orm';
import {
  effectiveAdmissionRate,
  QUEUE_ADMISSION,
  QUEUE_AUTO_CAPACITY,
  QUEUE_CHECKOUT_TARGET_MS,
  QUEUE_START_RATE_PER_MINUTE,
  queueOn,
  type QueueSettingsInput,
  type QueueStatus,
} from '@marquee/shared';
import type { Database } from '../../db/client.js';
import { event, eventQueue } from '../../db/schema/index.js';

type QueueCounters = typeof eventQueue.$inferSelect;

/** How long the organiser's view shows a checkout report after it came (it polls every 2 s). */
const SHOWN_REPORT_MS = QUEUE_ADMISSION.windowSeconds * 2 * 1000;

/**
 * The rate admitted now under the organiser's `ceiling`, and why (decision 148): at the ceiling; starting below it
 * and climbing; slowed (the last step was down, with the checkout time that made it); climbing back after that.
 */
export function admissionNow(
  ceiling: number,
  queue: QueueCounters | undefined,
  now: Date,
): Pick<QueueStatus, 'admitting_per_minute' | 'admission_reason' | 'checkout_ms' | 'checkout_target_ms'> {
  const admitting = effectiveAdmissionRate(ceiling, queue?.admitRatePerMinute ?? QUEUE_START_RATE_PER_MINUTE);
  const slowedLast = Boolean(queue?.slowedAt && queue.slowedAt.getTime() === queue.rateSteppedAt?.getTime());
  const reason: QueueStatus['admission_reason'] =
    admitting >= ceiling ? 'ceiling' : slowedLast ? 'slowed' : queue?.slowedAt ? 'climbing' : 'starting';
  const latest =
    queue?.checkoutAt && queue.checkoutAt.getTime() > now.getTime() - SHOWN_REPORT_MS ? queue.checkoutMs : null;
  const checkout = reason === 'slowed' ? (queue?.slowedCheckoutMs ?? null) : latest;
  return {
    admitting_per_minute: Math.round(admitting),
    admission_reason: reason,
    checkout_ms: checkout === null ? null : Math.round(checkout),
    checkout_target_ms: QUEUE_CHECKOUT_TARGET_MS,
  };
}
import { AppError } from '../../lib/errors.js';
import { ownedEvent } from '../codes/codes.service.js';
import { lobbyCount, queueOpensAt } from './queue.store.js';
import { ticketCountsOf } from '../tickets/ticket-counts.js';

export async function getQueueStatus(
  db: Database,
  organizationId: string,
  eventId: string,
  now = new Date(),
): Promise<QueueStatus> {
  const row = await ownedEvent(db, organizationId, eventId);
  const [queue] = await db
    .select()
    .from(eventQueue)
    .where(and(eq(eventQueue.eventId, row.id), eq(eventQueue.organizationId, organizationId)))
    .limit(1);
  const enabled = queueOn(row.queueMode, row.capacity);
  const opensAt = await queueOpensAt(db, organizationId, row.id);
  const inLobby = queue ? await lobbyCount(db, organizationId, row.id) : 0;
  const counts = await ticketCountsOf(db, organizationId, row.id);
  const admitted = Math.floor(queue?.admitted ?? 0);
  const lastPlace = queue?.lastPlace ?? 0;
  const left = row.capacity === null ? null : row.capacity - row.sold - row.held;
  let state: QueueStatus['state'] = 'off';
  if (enabled && row.status === 'live') {
    if (row.capacity !== null && row.sold >= row.capacity) state = 'sold_out';
    else if (!queue?.drawnAt) state = opensAt && opensAt.getTime() > now.getTime() ? 'lobby' : 'not_started';
    else state = left === 0 ? 'paused' : 'open';
  }
  return {
    mode: row.queueMode,
    enabled,
    auto_capacity: QUEUE_AUTO_CAPACITY,
    rate_per_minute: row.queueRatePerMinute,
    ...admissionNow(row.queueRatePerMinute, queue, now),
    opens_at: opensAt?.toISOString() ?? null,
    state,
    in_lobby: inLobby,
    waiting: Math.max(0, lastPlace - admitted),
    admitted: Math.min(admitted, lastPlace),
    in_checkout: row.held,
    // The tickets fans hold, as every screen counts them (decision 046); the state above reads the places taken.
    sold: counts.sold,
    capacity: row.capacity,
  };
}

export async function updateQueueSettings(
  db: Database,
  organizationId: string,
  eventId: string,
  input: QueueSettingsInput,
): Promise<QueueStatus> {
  const row = await ownedEvent(db, organizationId, eventId);
  if (row.status === 'archived' || row.status === 'cancelled')
    throw new AppError('CONFLICT', `This event is ${row.status}, so its waiting room cannot change`);
  await db
    .update(event)
    .set({
      queueMode: input.mode,
      queueRatePerMinute: input.rate_per_minute,
      // The form always sends the rate: saving the one shown is not a choice, so an untouched default keeps
      // following the product's (migration 0050). Once chosen, it stays the organiser's.
      queueRateChosen: row.queueRateChosen || input.rate_per_minute !== row.queueRatePerMinute,
      updatedAt: new Date(),
    })
    .where(and(eq(event.id, row.id), eq(event.organizationId, organizationId)));
  return getQueueStatus(db, organizationId, eventId);
}
