// Each app process's view of the queues it serves (decision 034): one snapshot per event, read from the database
// at most about once a second whatever the number of polls, and served stale while a single refresh runs. The
// refresh is also what draws the lobby at on-sale and moves the admission counter on, with this process's report
// of its admitted fans' checkout (decision 148), so the queue moves as long as anyone is polling, on any process.
// Nothing here decides correctness on its own: places and admissions are in the database and in signed tokens;
// this cache only saves reads.
import { QUEUE_ADMISSION_MINUTES, QUEUE_LOBBY_MINUTES } from '@marquee/shared';
import type { Database } from '../../db/client.js';
import type { HostKind } from '../../lib/hosts.js';
import { CheckoutPace } from './checkout-pace.js';
import {
  advanceAdmission,
  drawLobby,
  ensureQueueRow,
  readQueueRow,
  reportMatters,
  type QueueRow,
} from './queue.store.js';

export interface QueueSnapshot extends QueueRow {
  readAt: number;
}

const FRESH_MS = 1000;
const MAX_EVENTS = 2000;

/** Whether a storefront host is the snapshot's organiser's: its subdomain or its verified custom domain. */
export function snapshotServes(snapshot: QueueSnapshot, host: HostKind): boolean {
  if (host.kind === 'subdomain') return host.subdomain === snapshot.subdomain;
  if (host.kind === 'custom') return host.domain === snapshot.customDomain;
  return false;
}

/** The key of a storefront address (host and event slug) in the address index. */
function addressKey(host: HostKind, slug: string): string | null {
  if (host.kind === 'subdomain') return `s:${host.subdomain}/${slug}`;
  if (host.kind === 'custom') return `d:${host.domain}/${slug}`;
  return null;
}

/** The addresses a snapshot's event page answers at: its organiser's subdomain and custom domain, current slug. */
function addressKeysOf(snapshot: QueueSnapshot): string[] {
  const hosts: HostKind[] = [{ kind: 'subdomain', subdomain: snapshot.subdomain }];
  if (snapshot.customDomain) hosts.push({ kind: 'custom', domain: snapshot.customDomain });
  return hosts.map((host) => addressKey(host, snapshot.slug)!);
}

export class QueueStates {
  private readonly entries = new Map<string, { snapshot: QueueSnapshot | null; refreshing: Promise<void> | null }>();
  /** Storefront address (host, current slug) -> event, for the snapshots this process holds. */
  private readonly addresses = new Map<string, string>();

  /** This process's timing of admitted fans' checkouts, per event (reported by each refresh). */
  readonly pace: CheckoutPace;

  constructor(
    private readonly db: Database,
    private readonly clock: () => number = Date.now,
    pace?: CheckoutPace,
  ) {
    this.pace = pace ?? new CheckoutPace(clock);
  }

  /** The event's snapshot (null: no such event); waits for the database only the first time in this process. */
  async get(eventId: string): Promise<QueueSnapshot | null> {
    const entry = this.entries.get(eventId);
    if (!entry) {
      await this.refresh(eventId);
      return this.entries.get(eventId)?.snapshot ?? null;
    }
    if (this.clock() - (entry.snapshot?.readAt ?? 0) >= FRESH_MS && !entry.refreshing) {
      entry.refreshing = this.refresh(eventId).catch(() => {
        // The database is unreachable: the last snapshot keeps serving; the next poll tries again.
      });
    }
    return entry.snapshot;
  }

  /** Reads again now (after a join, or when a test moves time). */
  async refresh(eventId: string): Promise<void> {
    try {
      const now = this.clock();
      let row = await readQueueRow(this.db, eventId);
      if (row && row.enabled && row.status === 'live') {
        let changed = false;
        if (!row.hasRow) {
          await ensureQueueRow(this.db, row);
          changed = true;
        }
        if (now >= row.opensAt && row.drawnAt === null) {
          await drawLobby(this.db, eventId, new Date(now));
          changed = true;
        } else if (row.drawnAt !== null) {
          const report = this.pace.report(eventId);
          const due = row.admittedAt === null || now - row.admittedAt >= FRESH_MS;
          if (due || reportMatters(row, report, now)) {
            await advanceAdmission(this.db, eventId, ticketsLeft(row) === 0, new Date(now), report);
            changed = true;
          }
        }
        if (changed) row = await readQueueRow(this.db, eventId);
      }
      this.remember(eventId, row ? { ...row, readAt: now } : null);
    } finally {
      const entry = this.entries.get(eventId);
      if (entry) entry.refreshing = null;
    }
  }

  /**
   * The event whose queue snapshot this process holds at this storefront address (its host and current slug), if
   * any: lets the event page send an arriving fan to the waiting room without reading the database. The caller
   * still takes the snapshot through `get` (which keeps it fresh) and checks it.
   */
  eventAt(host: HostKind, slug: string): string | null {
    const key = addressKey(host, slug);
    return key === null ? null : (this.addresses.get(key) ?? null);
  }

  private remember(eventId: string, snapshot: QueueSnapshot | null) {
    if (!this.entries.has(eventId) && this.entries.size >= MAX_EVENTS) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.forget(oldest);
    }
    this.forgetAddresses(eventId);
    this.entries.set(eventId, { snapshot, refreshing: null });
    if (snapshot) for (const key of addressKeysOf(snapshot)) this.addresses.set(key, eventId);
  }

  private forget(eventId: string) {
    this.forgetAddresses(eventId);
    this.entries.delete(eventId);
  }

  private forgetAddresses(eventId: string) {
    const previous = this.entries.get(eventId)?.snapshot;
    if (!previous) return;
    for (const key of addressKeysOf(previous)) if (this.addresses.get(key) === eventId) this.addresses.delete(key);
  }
}

export const ticketsLeft = (row: Pick<QueueRow, 'capacity' | 'sold' | 'held'>) =>
  row.capacity === null ? null : Math.max(0, row.capacity - row.sold - row.held);

/** Whether the waiting room guards this event's checkout at `now` (from on-sale on, while it is on). */
export const queueGuards = (snapshot: QueueSnapshot | null, now: number) =>
  Boolean(snapshot && snapshot.enabled && snapshot.status === 'live' && now >= snapshot.opensAt);

/** Whether the event page should send fans to the waiting room now (the lobby opens before on-sale). */
export const queueShowsLobby = (snapshot: QueueSnapshot | null, now: number) =>
  Boolean(
    snapshot &&
    snapshot.enabled &&
    snapshot.status === 'live' &&
    now >= snapshot.opensAt - QUEUE_LOBBY_MINUTES * 60_000 &&
    (snapshot.endsAt === null || now < snapshot.endsAt),
  );

export const admissionMs = QUEUE_ADMISSION_MINUTES * 60_000;

export type FanStatus =
  | { status: 'lobby'; opensInSeconds: number }
  /** `ratePerMinute`: the rate admitted now (the adaptive rate, not the organiser's ceiling). */
  | { status: 'waiting'; place: number; ahead: number; waitSeconds: number; ratePerMinute: number }
  | { status: 'paused'; place: number; ahead: number }
  | { status: 'admitted'; place: number; until: number }
  | { status: 'expired' }
  | { status: 'sold_out'; waitingListUrl: string | null }
  | { status: 'through' }
  | { status: 'join' };

/**
 * The waiting list's address for a sold-out event (decision 035): every event on sale that sold out has one, at
 * its page's address + /waitlist; a cancelled or finished event has none.
 */
export function waitingListUrl(snapshot: QueueSnapshot): string | null {
  if (snapshot.status !== 'live') return null;
  if (snapshot.endsAt !== null && snapshot.endsAt <= snapshot.readAt) return null;
  return `/events/${snapshot.slug}/waitlist`;
}

/**
 * What a browser holding place `place` (null: lobby) sees now, from the snapshot alone. `admittedAt` is when the
 * browser was first admitted (from its place token).
 */
export function fanStatus(
  snapshot: QueueSnapshot,
  place: number | null,
  admittedAt: number | undefined,
  now: number,
): FanStatus {
  if (!snapshot.enabled || snapshot.status !== 'live') return { status: 'through' };
  const soldOut = snapshot.capacity !== null && snapshot.sold >= snapshot.capacity;
  if (admittedAt !== undefined) {
    return now < admittedAt + admissionMs && !soldOut
      ? { status: 'admitted', place: place ?? 0, until: admittedAt + admissionMs }
      : soldOut
        ? { status: 'sold_out', waitingListUrl: waitingListUrl(snapshot) }
        : { status: 'expired' };
  }
  if (soldOut) return { status: 'sold_out', waitingListUrl: waitingListUrl(snapshot) };
  if (snapshot.drawnAt === null || place === null)
    return { status: 'lobby', opensInSeconds: Math.max(0, Math.ceil((snapshot.opensAt - now) / 1000)) };
  const admittedUpTo = Math.floor(snapshot.admitted);
  if (place <= admittedUpTo) return { status: 'admitted', place, until: now + admissionMs };
  const ahead = Math.max(0, place - 1 - admittedUpTo);
  if (ticketsLeft(snapshot) === 0) return { status: 'paused', place, ahead };
  // Honest: the people ahead at the rate admitted now (which may be under the ceiling, decision 148), plus the
  // refresh's second.
  const rate = snapshot.admitRatePerMinute;
  const waitSeconds = Math.ceil(((ahead + 1) * 60) / rate) + 1;
  return { status: 'waiting', place, ahead, waitSeconds, ratePerMinute: Math.round(rate) };
}
