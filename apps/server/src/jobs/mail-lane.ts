// The mail lane (decision 146): a sale's e-mails (the fan's tickets with their PDFs, QR images and calendar file,
// the organiser's notice) are made after the sale, not inside it. The sale queues them as durable jobs in its own
// transaction and asks the lane to deliver them soon; the lane runs that work one task at a time, and only while
// the process is quiet: before each task it watches the event loop for a moment with nothing of its own running,
// and waits while other work (the sales of a drop) keeps it busier than QUIET_UTILISATION. A task never waits
// longer than its maximum delay, so a drop that lasts minutes still gets its e-mails out. The jobs are durable,
// so nothing the lane has not done yet is lost: a restart leaves them to the job worker.
import { performance } from 'node:perf_hooks';

/** Below this share of the event loop's time busy, the process is quiet enough for mail. */
export const QUIET_UTILISATION = 0.5;
/** How long the lane watches the loop before a task (ms). */
export const SAMPLE_MS = 40;
/** The longest an e-mail waits for a quiet moment (ms): well within the 2 minutes a drop's e-mails may take. */
export const MAX_DELAY_MS = 20_000;
/** A drain keeps the lane this long (ms) before it looks at the loop again. */
export const TURN_MS = 150;

export interface MailLaneOptions {
  quietUtilisation?: number;
  sampleMs?: number;
  maxDelayMs?: number;
  turnMs?: number;
  /** A drain or task that threw: its jobs stay queued for the worker's retries. */
  onError?: (error: unknown) => void;
}

export interface MailLane {
  /**
   * Asks for `drain` (runs some due jobs, returns how many) to be run until it finds none. Calls while the same
   * drain is waiting coalesce; a call while it runs makes it run again after.
   */
  soon(drain: () => Promise<number>): void;
  /** Runs `task` in the lane: after the queued work before it, once the process is quiet (or after maxWaitMs). */
  run<T>(task: () => Promise<T>, maxWaitMs?: number): Promise<T>;
  /** Resolves once nothing is queued or running in the lane (tests, the development mailbox). */
  idle(): Promise<void>;
  /** How many tasks and drains are queued or running. */
  readonly depth: number;
  /**
   * Takes nothing new, drops what waits (its jobs stay queued for the worker; a waiting task is refused) and
   * waits up to `waitMs` for the one running.
   */
  close(waitMs?: number): Promise<void>;
}

/** What a task still waiting in the lane when it closes is refused with. */
export class MailLaneClosed extends Error {
  constructor() {
    super('The mail lane closed before this task ran');
    this.name = 'MailLaneClosed';
  }
}

interface Entry {
  queuedAt: number;
  maxWaitMs: number;
  work: () => Promise<void>;
  /** Called instead of work when the lane closes first. */
  dropped?: () => void;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createMailLane(options: MailLaneOptions = {}): MailLane {
  const quiet = options.quietUtilisation ?? QUIET_UTILISATION;
  const sampleMs = options.sampleMs ?? SAMPLE_MS;
  const maxDelayMs = options.maxDelayMs ?? MAX_DELAY_MS;
  const turnMs = options.turnMs ?? TURN_MS;
  const queue: Entry[] = [];
  /** Drains waiting in the queue (a call for one of them adds nothing: its pass will find the new jobs). */
  const waiting = new Set<() => Promise<number>>();
  let running = false;
  let closed = false;
  let idleWaiters: Array<() => void> = [];

  async function untilQuiet(entry: Entry) {
    for (;;) {
      if (closed || performance.now() - entry.queuedAt >= entry.maxWaitMs) return;
      const before = performance.eventLoopUtilization();
      await sleep(sampleMs);
      if (performance.eventLoopUtilization(before).utilization < quiet) return;
    }
  }

  async function pump() {
    if (running) return;
    running = true;
    try {
      for (let entry = queue.shift(); entry; entry = queue.shift()) {
        await untilQuiet(entry);
        await entry.work().catch((error: unknown) => options.onError?.(error));
      }
    } finally {
      running = false;
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const resolve of waiters) resolve();
    }
  }

  function enqueue(entry: Entry) {
    if (closed) return entry.dropped?.();
    queue.push(entry);
    void pump();
  }

  function queueDrain(drain: () => Promise<number>, queuedAt: number) {
    waiting.add(drain);
    enqueue({
      queuedAt,
      maxWaitMs: maxDelayMs,
      work: async () => {
        waiting.delete(drain);
        const started = performance.now();
        const overdue = started - queuedAt >= maxDelayMs;
        let ran = 0;
        try {
          // Several passes in one turn while the jobs keep coming, then back to the queue (and a fresh look at
          // the loop) so a burst of sales is not held up by its own e-mails.
          do ran = await drain();
          while (ran > 0 && performance.now() - started < turnMs);
        } finally {
          // Work left over waits its turn again. Mail that waited its longest gets a share of a busy process
          // (a turn in every four) until it is done, so a long drop still hands its e-mails over.
          if (ran > 0 && !waiting.has(drain))
            queueDrain(drain, overdue ? performance.now() - maxDelayMs + 3 * turnMs : queuedAt);
        }
      },
    });
  }

  return {
    soon(drain) {
      if (!waiting.has(drain)) queueDrain(drain, performance.now());
    },
    run(task, maxWaitMs = maxDelayMs) {
      return new Promise((resolve, reject) =>
        enqueue({
          queuedAt: performance.now(),
          maxWaitMs,
          work: () => task().then(resolve, reject),
          dropped: () => reject(new MailLaneClosed()),
        }),
      );
    },
    idle() {
      if (!running && queue.length === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    get depth() {
      return queue.length + (running ? 1 : 0);
    },
    async close(waitMs = 5_000) {
      closed = true;
      for (const entry of queue.splice(0)) entry.dropped?.();
      waiting.clear();
      if (!running) return;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        new Promise<void>((resolve) => idleWaiters.push(resolve)),
        new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs))),
      ]);
      clearTimeout(timer);
    },
  };
}
