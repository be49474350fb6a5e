// The virtual waiting room (decision 034): the organiser's setting ('Queue fans at on-sale': automatic, on or off,
// and the admission rate's ceiling), the adaptive admission under it (decision 148) and the live figures the event
// view shows.
import { z } from 'zod';

/** 'auto' queues fans when the event's capacity is above QUEUE_AUTO_CAPACITY (not when unlimited). */
export const QUEUE_MODES = ['auto', 'on', 'off'] as const;
export type QueueMode = (typeof QUEUE_MODES)[number];

/** Capacity above which 'auto' switches the waiting room on (decision 034). */
export const QUEUE_AUTO_CAPACITY = 1000;
/**
 * The organiser's default ceiling on fans admitted per minute (140/s; decision 148). Decision 045's rule put the
 * default at about 30% of the sales a second checkout-rush completes end to end on two processes; the mail lane
 * (decision 146) made a sale about 9.5 times cheaper, so the same rule gives about 9.5 times 900. It is only a
 * ceiling: the rate actually admitted starts at QUEUE_START_RATE_PER_MINUTE and follows the admitted fans'
 * checkout (queueAdmission below), so a slower machine admits fewer.
 */
export const QUEUE_DEFAULT_RATE_PER_MINUTE = 8400;
/**
 * Where the adaptive rate starts when a queue opens (at most the ceiling): decision 045's default, which kept the
 * admitted fans' checkout under its target on the machine of 2026-11-26 before sales got cheaper.
 */
export const QUEUE_START_RATE_PER_MINUTE = 900;
/** The least the adaptive rate steps down to (or the ceiling, if lower): a slow machine never stalls a queue. */
export const QUEUE_FLOOR_RATE_PER_MINUTE = 60;
/** Admitted fans' checkout target: each process's 95th percentile over its window, in ms. */
export const QUEUE_CHECKOUT_TARGET_MS = 200;
/**
 * How the adaptive admission steps (decision 148). Each app process times the checkout requests of admitted fans
 * it serves (the hold and the return page) over the last `windowSeconds`, and reports their
 * `percentile` with the admission counter's statement. The slowest report that is at most `reportFreshSeconds`
 * old decides: above the target, the rate is multiplied by `downFactor` (at most every `downEverySeconds`); at or
 * under `healthyShare` of the target (or no checkouts to time, from two windows after the draw on), it grows by
 * `upFactor`, at least by `upAtLeast` a minute (at most every `upEverySeconds` after any step); in between it
 * holds. Never below the floor, never above the organiser's ceiling, and only while the queue admits (not paused,
 * not sold out). Steps are a window apart:
 * a fan let through reaches the checkout a few seconds later, so a step's effect is only in the window after it
 * (steps 2 s apart went from 1,035 to the floor within 20 s of a drop's on-sale, in bench/drop).
 */
export const QUEUE_ADMISSION = {
  percentile: 95,
  windowSeconds: 5,
  reportFreshSeconds: 3,
  healthyShare: 0.75,
  downFactor: 0.7,
  downEverySeconds: 5,
  upFactor: 1.2,
  upAtLeast: 60,
  upEverySeconds: 5,
} as const;

/**
 * The rate admitted now: the adaptive rate held between the floor and the organiser's ceiling (a ceiling below the
 * floor is the rate).
 */
export function effectiveAdmissionRate(ceilingPerMinute: number, adaptivePerMinute: number): number {
  const floor = Math.min(QUEUE_FLOOR_RATE_PER_MINUTE, ceilingPerMinute);
  return Math.min(ceilingPerMinute, Math.max(floor, adaptivePerMinute));
}

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
  /** The organiser's setting: the most fans admitted a minute. */
  rate_per_minute: z.number().int(),
  /** Fans admitted a minute now (the adaptive rate under the ceiling; where it starts, before the on-sale). */
  admitting_per_minute: z.number().int(),
  /**
   * Why that rate: `ceiling` (admitting at the setting), `starting` (climbing from the start towards it),
   * `slowed` (the last step was down: checkouts took `checkout_ms`), `climbing` (stepping back up after a slow-down).
   */
  admission_reason: z.enum(['ceiling', 'starting', 'slowed', 'climbing']),
  /**
   * The admitted fans' checkout in ms (the slowest process's percentile): for `slowed`, what it was when the rate
   * stepped down; otherwise the latest report of the last few seconds, or null when no checkout was timed.
   */
  checkout_ms: z.number().int().nullable(),
  checkout_target_ms: z.number().int(),
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
