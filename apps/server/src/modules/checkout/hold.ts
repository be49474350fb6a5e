// A checkout's hold: the ticket types' and the event's `held` counters go up, and the pending order, its lines and
// its audit row are written, together or not at all. The holds a process receives for one event at the same moment
// run as one batch (hold-batch.ts, decision 043): one read, the decisions in arrival order, one write for all of
// them, so a rush's holds no longer queue one by one on the event row. The counters' CHECK constraints (`sold +
// held <= capacity`) refuse a write that no longer fits: never oversold, in any number of server processes.
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { BuyerDetails } from '@marquee/shared';
import type { Database } from '../../db/client.js';
import { inBatches } from '../../db/batches.js';
import type { order } from '../../db/schema/index.js';
import { holdBatch, isRefusedWrite } from './hold-batch.js';
import type { HoldOutcome } from './hold-decide.js';
import { NotEnoughTickets, type LineQuantity } from '../stock/stock.js';
import { retryOnDeadlock, type Tx } from '../../db/tx.js';
import type { LimitRule } from './rate-limit.js';
import type { SellableTicketType } from './storefront-event.js';

export type OrderRow = typeof order.$inferSelect;

export interface HoldLine extends LineQuantity {
  type: SellableTicketType;
  /** The unit price after a promo code's discount (the type's price without one). */
  unitPriceMinor?: number;
}

export interface HoldRequest {
  organizationId: string;
  eventId: string;
  buyer: BuyerDetails;
  submissionKey: string;
  lines: HoldLine[];
  now: Date;
  holdSeconds: number;
  /** The event's limit of tickets per buyer e-mail (held and bought). */
  maxTicketsPerEmail: number;
  /** A promo code the order uses (one use taken with the hold) and what it takes off in all. */
  promo?: { id: string; code: string; discountMinor: number } | null;
  /** An access code that unlocked a chosen hidden type (one use taken with the hold). */
  accessCodeId?: string | null;
  /**
   * The storefront read found places owed to the waiting list or to resale listings (decision 035): the hold
   * checks the public gate again against the event's counters as it has locked them.
   */
  keepOwed?: boolean;
  /** The waiting-room place of the admission that made this hold (one live order per admission). */
  queuePlace?: number | null;
  /**
   * Rate limits counted with the hold (decisions 039, 043): one hit on each key, and nothing held when a count
   * goes over its max (`holdOrder` throws RateLimited). A hold refused otherwise counts no hits.
   */
  limits?: Array<LimitRule & { key: string }>;
}

/** A rate limit of the hold (per IP, per e-mail) was over: nothing was held. */
export class RateLimited extends Error {
  constructor() {
    super('Too many checkouts started');
  }
}

/** A code ran out of uses between the page and the hold (another fan took the last one). */
export class CodeUsedUp extends Error {
  constructor() {
    super('A code has no uses left');
  }
}

/** The buyer's e-mail already holds or has bought the event's limit of tickets. */
export class BuyerLimitReached extends Error {
  constructor() {
    super('The buyer reached the per-person ticket limit');
  }
}

/** The same form already made an order (the caller answers with that order). */
export class SubmissionExists extends Error {
  constructor() {
    super('This form already made an order');
  }
}

/** The waiting-room admission of the hold already has a live order (one order per admission). */
export class QueuePlaceTaken extends Error {
  constructor() {
    super('The admission already made an order');
  }
}

/** At most this many holds in one batch (its orders travel as one JSON parameter). */
const HOLD_BATCH_MAX = 200;
/** Reads and writes before a batch whose writes keep being refused (a rush on several processes) locks the rows. */
const OPTIMISTIC_TRIES = 3;

type Settled = { outcome: HoldOutcome } | { error: unknown };

/**
 * A batch: decided from a read and written in one statement; when the write is refused because something changed
 * meanwhile (another process's holds, a sale), decided again from a new read; after OPTIMISTIC_TRIES, in a
 * transaction that locks the rows first, tried again on a deadlock or a clash of the random order codes.
 */
async function holdTogether(db: Database, requests: HoldRequest[]): Promise<HoldOutcome[]> {
  for (let attempt = 1; attempt <= OPTIMISTIC_TRIES; attempt += 1) {
    try {
      return await retryOnDeadlock(() => holdBatch(db, requests, 'optimistic'));
    } catch (error) {
      if (!isRefusedWrite(error)) throw error;
    }
  }
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await retryOnDeadlock(() => db.transaction((tx) => holdBatch(tx, requests, 'locked')));
    } catch (error) {
      if (!isRefusedWrite(error) || attempt >= 3) throw error;
    }
  }
}

const batchedHolds = inBatches(
  async (db: Database, requests: HoldRequest[]): Promise<Settled[]> => {
    try {
      return (await holdTogether(db, requests)).map((outcome) => ({ outcome }));
    } catch (error) {
      if (requests.length === 1) return [{ error }];
      // Something failed the whole batch (a database error): each hold on its own, so none fails for another.
      const settled: Settled[] = [];
      for (const request of requests) {
        settled.push(
          await holdTogether(db, [request]).then(
            ([outcome]) => ({ outcome: outcome! }),
            (failure: unknown) => ({ error: failure }),
          ),
        );
      }
      return settled;
    }
  },
  { maxBatch: HOLD_BATCH_MAX },
);

/**
 * Holds the lines' tickets and writes the pending order. Throws NotEnoughTickets when a type or the venue has too
 * few left (or the public gate keeps them), SubmissionExists when the same form already made an order,
 * QueuePlaceTaken when its admission did, RateLimited, CodeUsedUp or BuyerLimitReached, and returns null when the
 * event, a ticket type or a code went away meanwhile (nothing is written then). Inside a transaction (a waiting-list
 * run) the hold runs there, alone; otherwise it joins the batch of its event.
 */
export async function holdOrder(db: Database | Tx, request: HoldRequest): Promise<OrderRow | null> {
  let outcome: HoldOutcome;
  if (db instanceof PgTransaction) {
    [outcome] = (await holdBatch(db as Tx, [request], 'locked')) as [HoldOutcome];
  } else {
    const settled = await batchedHolds(db, `${request.organizationId}|${request.eventId}`, request);
    if ('error' in settled) throw settled.error;
    outcome = settled.outcome;
  }
  switch (outcome.kind) {
    case 'held':
      return outcome.order;
    case 'gone':
      return null;
    case 'sold-out':
      throw new NotEnoughTickets(null);
    case 'rate-limited':
      throw new RateLimited();
    case 'code-used-up':
      throw new CodeUsedUp();
    case 'buyer-limit':
      throw new BuyerLimitReached();
    case 'submitted':
      throw new SubmissionExists();
    case 'place-taken':
      throw new QueuePlaceTaken();
  }
}
