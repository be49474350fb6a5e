// A checkout's hold: the ticket types' and the event's `held` counters go up, and the pending order, its lines and
// its audit row are written, together or not at all. The holds a process receives for one event at the same moment
// run as one batch (hold-batch.ts, decision 043): one read, the decisions in arrival order, one write for all of
// them, so a rush's holds no longer queue one by one on the event row. The counters' CHECK constraints (`sold +
// held <= capacity`) refuse a write that no longer fits: never oversold, in any number of server processes.
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { inBatches } from '../../db/batches.js';
import { holdBatch, isRefusedWrite } from './hold-batch.js';
import type { HoldOutcome, HoldRequest } from './hold-types.js';
import { retryOnDeadlock, type Tx } from '../../db/tx.js';

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
 * Holds the lines' tickets and writes the pending order, or answers why not (nothing is written then): `sold_out`
 * when a type or the venue has too few left (or the public gate keeps them), `submitted` when the same form already
 * made an order, `place_taken` when its admission did, `rate_limited`, `code_used_up`, `buyer_limit`, and
 * `not_on_sale` when the event, a ticket type or a code went away meanwhile. Only unexpected errors throw. Inside a
 * transaction (a waiting-list run) the hold runs there, alone; otherwise it joins the batch of its event.
 */
export async function holdOrder(db: Database | Tx, request: HoldRequest): Promise<HoldOutcome> {
  if (db instanceof PgTransaction) return ((await holdBatch(db as Tx, [request], 'locked')) as [HoldOutcome])[0];
  const settled = await batchedHolds(db, `${request.organizationId}|${request.eventId}`, request);
  if ('error' in settled) throw settled.error;
  return settled.outcome;
}
