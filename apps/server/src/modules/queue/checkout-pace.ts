// How fast this process serves the checkout of fans the waiting room let through (decision 148): the hold and the
// return page of an admitted fan (not the pay step, whose time is mostly the payment provider's), timed from
// Fastify's receipt of the request to the end of its answer, kept per event over the last few seconds. A checkout
// still running counts with its age so far, so a process too slow to finish any still reports it. The queue
// snapshot's refresh reports the window's percentile with the admission counter's statement (queue.store.ts),
// where the slowest process's report moves the rate.
// Memory is bounded: at most MAX_SAMPLES per event (grown as needed), MAX_EVENTS events, an event forgotten once
// its window is empty, in-flight entries dropped after a minute.
import { QUEUE_ADMISSION } from '@marquee/shared';

const MAX_SAMPLES = 2048;
const MAX_EVENTS = 500;
const IN_FLIGHT_MS = 60_000;

interface EventPace {
  /** Finished checkouts, a ring once MAX_SAMPLES long: when each ended (clock ms) and how long it took (ms). */
  endedAt: number[];
  took: number[];
  /** Where the next sample goes once the ring is full. */
  next: number;
  /** Checkouts still running: when each started. */
  running: Set<{ startedAt: number }>;
}

/** The nearest-rank percentile of `values` (sorted in place), or null when there are none. */
export function nearestRank(values: number[], percentile: number): number | null {
  if (values.length === 0) return null;
  values.sort((a, b) => a - b);
  return values[Math.max(0, Math.ceil((percentile / 100) * values.length) - 1)]!;
}

export class CheckoutPace {
  private readonly events = new Map<string, EventPace>();
  private readonly marked = new WeakMap<object, { eventId: string; entry: { startedAt: number } }>();

  constructor(private readonly clock: () => number = Date.now) {}

  private paceOf(eventId: string): EventPace {
    let pace = this.events.get(eventId);
    if (!pace) {
      if (this.events.size >= MAX_EVENTS) {
        const oldest = this.events.keys().next().value;
        if (oldest !== undefined) this.events.delete(oldest);
      }
      pace = { endedAt: [], took: [], next: 0, running: new Set() };
      this.events.set(eventId, pace);
    }
    return pace;
  }

  /** This request is an admitted fan's checkout step for the event: timed until `finish` (the onResponse hook). */
  mark(request: object, eventId: string): void {
    if (this.marked.has(request)) return;
    const entry = { startedAt: this.clock() };
    this.paceOf(eventId).running.add(entry);
    this.marked.set(request, { eventId, entry });
  }

  /** The request has been answered in `tookMs` (reply.elapsedTime); nothing for a request never marked. */
  finish(request: object, tookMs: number): void {
    const marked = this.marked.get(request);
    if (!marked) return;
    this.marked.delete(request);
    this.events.get(marked.eventId)?.running.delete(marked.entry);
    this.record(marked.eventId, tookMs);
  }

  /** One finished checkout step of `tookMs` for the event, ending now. */
  record(eventId: string, tookMs: number): void {
    const pace = this.paceOf(eventId);
    if (pace.endedAt.length < MAX_SAMPLES) {
      pace.endedAt.push(this.clock());
      pace.took.push(tookMs);
      return;
    }
    pace.endedAt[pace.next] = this.clock();
    pace.took[pace.next] = tookMs;
    pace.next = (pace.next + 1) % MAX_SAMPLES;
  }

  /**
   * The window's percentile (QUEUE_ADMISSION) of the event's admitted checkouts in ms: those that ended in the last
   * `windowSeconds`, and those still running by their age; null when there were none.
   */
  report(eventId: string): number | null {
    const pace = this.events.get(eventId);
    if (!pace) return null;
    const now = this.clock();
    const since = now - QUEUE_ADMISSION.windowSeconds * 1000;
    const values: number[] = [];
    for (let index = 0; index < pace.endedAt.length; index += 1)
      if (pace.endedAt[index]! > since) values.push(pace.took[index]!);
    for (const entry of pace.running) {
      if (now - entry.startedAt > IN_FLIGHT_MS) pace.running.delete(entry);
      else values.push(now - entry.startedAt);
    }
    // Nothing in the window: the event's drop is over here (or paused); a later checkout starts it again.
    if (values.length === 0) this.events.delete(eventId);
    return nearestRank(values, QUEUE_ADMISSION.percentile);
  }
}
