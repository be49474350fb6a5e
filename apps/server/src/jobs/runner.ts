// A small in-process interval runner for periodic jobs, started by server.ts (never by buildApp, so tests call
// job functions directly). Each job is idempotent and safe to run in several processes at once, so no lock
// is needed; a run never overlaps the previous run of the same job in this process.
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { archiveEndedEvents } from './archive-ended-events.js';
import { releaseExpiredHolds } from '../modules/checkout/inventory.js';
import { retryPendingRefunds } from '../modules/checkout/notifications.js';
import type { CheckoutNotifier } from '../modules/checkout/notifier.js';

export interface PeriodicJob {
  name: string;
  everyMs: number;
  run(): Promise<unknown>;
}

export interface JobRunner {
  stop(): Promise<void>;
}

/** Where each run's outcome is counted (app.metrics: /metrics). */
export interface JobMetrics {
  jobFinished(job: string, outcome: 'succeeded' | 'failed', seconds: number): void;
}

export function startJobRunner(jobs: PeriodicJob[], log: FastifyBaseLogger, metrics?: JobMetrics): JobRunner {
  const running = new Set<Promise<unknown>>();
  const timers = jobs.map((job) => {
    let busy = false;
    const tick = () => {
      if (busy) return;
      busy = true;
      const started = performance.now();
      const finished = (outcome: 'succeeded' | 'failed') =>
        metrics?.jobFinished(job.name, outcome, (performance.now() - started) / 1000);
      const pending = job
        .run()
        .then(() => finished('succeeded'))
        .catch((error: unknown) => {
          finished('failed');
          log.error({ err: error, job: job.name }, 'job failed');
        })
        .finally(() => {
          busy = false;
          running.delete(pending);
        });
      running.add(pending);
    };
    const timer = setInterval(tick, job.everyMs);
    timer.unref();
    setImmediate(tick);
    return timer;
  });
  return {
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await Promise.allSettled([...running]);
    },
  };
}

export function startJobs(
  db: Database,
  log: FastifyBaseLogger,
  checkout?: { notifier: CheckoutNotifier },
  metrics?: JobMetrics,
): JobRunner {
  return startJobRunner(
    [
      {
        name: 'release-expired-holds',
        everyMs: 30_000,
        run: async () => {
          const released = await releaseExpiredHolds(db);
          if (released.length > 0) log.info({ orders: released.length }, 'released expired checkout holds');
        },
      },
      ...(checkout
        ? [
            {
              name: 'retry-unfulfilled-refunds',
              everyMs: 60_000,
              run: () => retryPendingRefunds(db, checkout.notifier),
            },
          ]
        : []),
      {
        name: 'archive-ended-events',
        everyMs: 60_000,
        run: async () => {
          const archived = await archiveEndedEvents(db);
          if (archived.length > 0) log.info({ events: archived }, 'archived ended events');
        },
      },
    ],
    log,
    metrics,
  );
}
