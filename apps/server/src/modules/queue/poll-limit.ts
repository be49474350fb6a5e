// The waiting room's per-IP poll limit, shared by every app process without a database statement per poll
// (decision 034). Each process counts an address's polls itself and reports them to the shared counter
// (`request_limit`) in batches: the first batch at an eighth of the limit, then each time an eighth of what is
// left has gathered, so an address nearing its limit is reported on every poll and one far from it never. A fan
// polling every 2-15 s never reaches the first batch: the common path reads and writes nothing. With N processes
// an address can pass the limit by at most N x limit / 8 (each process's unreported batch), never by N x limit.
// The join budget per address uses the same counter (decision 039): a fan joins once, so joining writes nothing.
import type { Database } from '../../db/client.js';
import { addHits } from '../checkout/rate-limit.js';

interface Entry {
  /** When this process started counting the address's current window (ms). */
  start: number;
  unreported: number;
  /** The shared count as last reported back. */
  known: number;
  /** Refused until then (ms), once the shared count is over the limit. */
  blockedUntil: number;
}

const MAX_ADDRESSES = 100_000;

export class SharedPollLimit {
  private entries = new Map<string, Entry>();

  constructor(
    private readonly db: Database,
    private readonly prefix: string,
    private readonly max: number,
    private readonly windowMs = 60_000,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Counts one poll from `ip`: 0 while within the limit, else the seconds to wait. */
  async take(ip: string): Promise<number> {
    const now = this.clock();
    let entry = this.entries.get(ip);
    if (!entry || now - entry.start >= this.windowMs) {
      if (!entry && this.entries.size >= MAX_ADDRESSES) this.entries = new Map();
      entry = { start: now, unreported: 0, known: 0, blockedUntil: entry?.blockedUntil ?? 0 };
      this.entries.set(ip, entry);
    }
    if (entry.blockedUntil > now) return Math.max(1, Math.ceil((entry.blockedUntil - now) / 1000));
    entry.unreported += 1;
    if (entry.unreported < this.batch(entry.known)) return 0;
    const hits = entry.unreported;
    entry.unreported = 0;
    try {
      const shared = await addHits(this.db, `${this.prefix}${ip}`, hits, this.windowMs / 1000, new Date(now));
      entry.known = shared.count;
      if (shared.count > this.max) {
        entry.blockedUntil = shared.windowStartedAt + this.windowMs;
        return Math.max(1, Math.ceil((entry.blockedUntil - now) / 1000));
      }
    } catch {
      // The database is unreachable: count on locally (a limit, not a correctness rule).
      entry.known += hits;
      if (entry.known > this.max) entry.blockedUntil = entry.start + this.windowMs;
    }
    return 0;
  }

  /** Polls to gather before reporting: an eighth of what is left of the limit, at least one. */
  private batch(known: number): number {
    return Math.max(1, Math.floor((this.max - known) / 8));
  }
}
