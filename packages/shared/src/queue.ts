// The virtual waiting room (decision 034): the organiser's setting ('Queue fans at on-sale': automatic, on or off,
// and the admission rate) and the live figures the event view shows.
import { z } from 'zod';

/** 'auto' queues fans when the event's capacity is above QUEUE_AUTO_CAPACITY (not when unlimited). */
export const QUEUE_MODES = ['auto', 'on', 'off'] as const;
export type QueueMode = (typeof QUEUE_MODES)[number];

/** Capacity above which 'auto' switches the waiting room on (decision 034). */
export const QUEUE_AUTO_CAPACITY = 1000;
/**
 * Default fans admitted per minute (15/s): under a third of the sales a second the checkout-rush benchmark completes
 * end to end on two processes on PostgreSQL (each hold paid, fulfilled and e-mailed; it prints the figure and this
 * share), so the drop's crowd (arrivals, joins, polls, the lobby learning its places) keeps the rest and an admitted
 * fan's checkout stays fast. A sale, not a hold, is what an admitted fan costs: admitting faster than sales complete
 * only moves the queue into the checkout (decision 045; the default was 3,000/min, a sixth of the holds/s alone).
 */
export const QUEUE_DEFAULT_RATE_PER_MINUTE = 900;
export const QUEUE_RATE_LIMITS = { min: 10, max: 60000 } as const;
/** Minutes before on-sale the lobby opens. */
export const QUEUE_LOBBY_MINUTES = 15;
/** How long an admission lasts to start a checkout. */
export const QUEUE_ADMISSION_MINUTES = 10;

export function queueOn(mode: QueueMode, capacity: number | null): boolean {
  if (mode === 'on') return true;
  if (mode === 'off') return false;
  return capacity !== null && capacity > QUEUE_AUTO_CAPACITY;
}

export const queueSettingsInputSchema = z.object({
  mode: z.enum(QUEUE_MODES),
  rate_per_minute: z.number().int().min(QUEUE_RATE_LIMITS.min).max(QUEUE_RATE_LIMITS.max),
});
export type QueueSettingsInput = z.infer<typeof queueSettingsInputSchema>;

export const queueStatusSchema = z.object({
  mode: z.enum(QUEUE_MODES),
  /** Whether the waiting room is on for this event now (the mode, and for 'auto' the capacity). */
  enabled: z.boolean(),
  auto_capacity: z.number().int(),
  rate_per_minute: z.number().int(),
  /** The on-sale the queue opens at (ISO), or null when the event is on sale from publishing. */
  opens_at: z.string().nullable(),
  /** lobby (before on-sale), open (admitting), paused (no tickets left now), sold_out, off. */
  state: z.enum(['off', 'not_started', 'lobby', 'open', 'paused', 'sold_out']),
  in_lobby: z.number().int(),
  waiting: z.number().int(),
  admitted: z.number().int(),
  /** Tickets held in checkouts now. */
  in_checkout: z.number().int(),
  sold: z.number().int(),
  capacity: z.number().int().nullable(),
});
export type QueueStatus = z.infer<typeof queueStatusSchema>;
