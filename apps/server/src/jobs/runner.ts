// Starts the job worker on the durable queue (jobs/queue.ts): a worker for each queue's handler (the features'
// handlers are put together in jobs-wiring.ts) and the periodic jobs, scheduled by cron once across all
// processes. Started by server.ts, never by buildApp: tests run a job function directly, drain a queue with
// runDue(), or start the worker themselves.
import type { FastifyBaseLogger } from 'fastify';
import type { MailLane } from './mail-lane.js';
import {
  failureReason,
  MAIL_EXPIRE_SECONDS,
  MAIL_QUEUES,
  MAIL_WORKERS,
  QUEUES,
  SCHEDULES,
  type JobQueue,
  type QueueName,
} from './queue.js';

/**
 * The queues whose jobs run in the mail lane (decision 146): made when the process is quiet, so a worker's poll
 * during a drop does not render e-mails between its sales. A claimed job waits at most LANE_WAIT_MS for its turn,
 * well inside its expiry (MAIL_EXPIRE_SECONDS), after which pg-boss would hand it to another worker.
 */
export const LANE_QUEUES: ReadonlySet<QueueName> = new Set([...MAIL_QUEUES, QUEUES.providerFee]);
export const LANE_WAIT_MS = (MAIL_EXPIRE_SECONDS * 1000) / 2.5;

export type JobHandlers = Record<QueueName, (data: unknown) => Promise<unknown>>;

export interface JobRunner {
  stop(): Promise<void>;
}

/** Where each run's outcome is counted (app.metrics: /metrics). */
export interface JobMetrics {
  jobFinished(job: string, outcome: 'succeeded' | 'failed', seconds: number): void;
}

/** Starts pg-boss, one worker per queue, and the periodic schedules. */
export async function startJobs(
  queue: JobQueue,
  handlers: JobHandlers,
  log: FastifyBaseLogger,
  metrics?: JobMetrics,
  lane?: MailLane,
): Promise<JobRunner> {
  await queue.start();
  const periodic = new Set<QueueName>(SCHEDULES.map((entry) => entry.queue));
  for (const [name, handler] of Object.entries(handlers) as Array<[QueueName, JobHandlers[QueueName]]>) {
    // The order e-mail queues get several workers (MAIL_WORKERS), so e-mails handed back by a crash go out together;
    // the sale digest has one job per organisation and window (decision 147), so one worker is plenty.
    const workers = MAIL_QUEUES.has(name) && name !== QUEUES.saleDigest ? MAIL_WORKERS : 1;
    for (let copy = 0; copy < workers; copy += 1)
      await queue.boss.work(
        name,
        // The checkout queues poll every second (mail soon after a payment); the periodic ones need not.
        { batchSize: 1, pollingIntervalSeconds: periodic.has(name) ? 10 : 1 },
        async ([job]) => {
          const started = performance.now();
          const finished = (outcome: 'succeeded' | 'failed') =>
            metrics?.jobFinished(name, outcome, (performance.now() - started) / 1000);
          try {
            const run = () => handler(job!.data);
            const result = lane && LANE_QUEUES.has(name) ? await lane.run(run, LANE_WAIT_MS) : await run();
            finished('succeeded');
            return result;
          } catch (error) {
            finished('failed');
            const reason = failureReason(error);
            log.warn({ queue: name, jobId: job!.id, reason }, 'job failed; it is retried with back-off');
            // pg-boss stores the thrown error with the job; the original (and so a cause) can quote an address.
            // eslint-disable-next-line preserve-caught-error
            throw new Error(reason);
          }
        },
      );
  }
  for (const { queue: name, cron } of SCHEDULES) await queue.boss.schedule(name, cron, {}, { tz: 'UTC' });
  return { stop: () => queue.stop() };
}
