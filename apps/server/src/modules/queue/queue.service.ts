// The organiser's side of the waiting room (decision 034): the 'Queue fans at on-sale' setting with its admission
// rate, and the live figures (in the lobby, waiting, admitted, tickets in checkouts, sold). Every query is scoped
// by the caller's organisation.
import { and, eq } from 'drizzle-orm';
import { QUEUE_AUTO_CAPACITY, queueOn, type QueueSettingsInput, type QueueStatus } from '@marquee/shared';
import type { Database } from '../../db/client.js';
import { event, eventQueue } from '../../db/schema/index.js';
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
    .set({ queueMode: input.mode, queueRatePerMinute: input.rate_per_minute, updatedAt: new Date() })
    .where(and(eq(event.id, row.id), eq(event.organizationId, organizationId)));
  return getQueueStatus(db, organizationId, eventId);
}
