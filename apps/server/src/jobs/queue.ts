// The durable job queue: pg-boss 10 on the app's own database (PostgreSQL, or PGlite through a small executeSql
// adapter), in its own `pgboss` schema. Jobs are rows, so they survive restarts; workers claim them with
// FOR UPDATE SKIP LOCKED, so several processes can work the same queues and each job runs once at a time.
// A job can be sent inside a Drizzle transaction, so it exists exactly when the change that needs it commits.
import PgBoss from 'pg-boss';
import { JOB_SCHEMA, QUEUES, type ExecuteSql, type QueueName, type SqlResult } from '../db/job-schema.js';

// The queues and the schema are the database's (installed when it is migrated); the features name them from here.
export { JOB_SCHEMA, QUEUES, type ExecuteSql, type QueueName } from '../db/job-schema.js';

/** The periodic queues, with their cron schedule (pg-boss schedules to the minute, once across all processes). */
export const SCHEDULES: Array<{ queue: QueueName; cron: string }> = [
  { queue: QUEUES.releaseExpiredHolds, cron: '* * * * *' },
  { queue: QUEUES.archiveEndedEvents, cron: '* * * * *' },
  { queue: QUEUES.retryPendingRefunds, cron: '* * * * *' },
  { queue: QUEUES.waitlistSweep, cron: '* * * * *' },
  { queue: QUEUES.sandboxRenewals, cron: '* * * * *' },
  { queue: QUEUES.planPeriodEnd, cron: '* * * * *' },
  { queue: QUEUES.crmSyncSweep, cron: '* * * * *' },
];

/** How a failed job is retried: exponential back-off from retryDelaySeconds (doubling, with jitter). */
export interface RetryPolicy {
  retryLimit: number;
  retryDelaySeconds: number;
}

/** About 1.5 days of attempts: 10-20 s, 20-40 s, ... capped by the limit. */
export const DEFAULT_RETRY: RetryPolicy = { retryLimit: 14, retryDelaySeconds: 10 };

/**
 * How long a job may stay 'active' before pg-boss takes it back and retries it (pg-boss 10 has no heartbeat: a
 * job claimed by a process that was killed stays 'active' until then).
 */
export const DEFAULT_EXPIRE_SECONDS = 5 * 60;

/**
 * The order e-mail queues (decision 051): a send takes seconds (rendering, then an SMTP hand-over whose waits
 * smtp.ts bounds), so a dead worker's mail job comes back after 25 s and its first retry follows 2-4 s later:
 * with the maintenance below, within about 40 s of the kill. The attempts still span about two days when the
 * mail server is down. A live job that outlasts the expiry is retried while it still runs; the order e-mail's
 * claim (adapters/mail/once.ts) keeps that retry from sending it a second time. The organiser's sale digest
 * (decision 147) takes the same claim. The waiting-list e-mails take no such claim yet, so they keep the default
 * expiry.
 */
export const MAIL_QUEUES: ReadonlySet<QueueName> = new Set([
  QUEUES.checkoutMail,
  QUEUES.afterSaleMail,
  QUEUES.saleDigest,
]);
export const MAIL_EXPIRE_SECONDS = 25;
/**
 * Workers per order e-mail queue in each process (one per SMTP connection, adapters/mail/smtp.ts): a pg-boss
 * worker takes one job per polling interval, so one worker would need a minute for the 60 e-mails a crash can
 * hand back at once.
 */
export const MAIL_WORKERS = 5;
export const MAIL_RETRY: RetryPolicy = { retryLimit: 16, retryDelaySeconds: 2 };

/**
 * How often pg-boss looks for expired jobs (once across all processes). Its default, 2 minutes, would add up to
 * that much to a dead worker's mail; each run is three statements (expire, archive, drop) on the job tables.
 */
export const MAINTENANCE_INTERVAL_SECONDS = 10;

interface Queryable {
  query(text: string, values?: unknown[]): Promise<SqlResult>;
}

/**
 * The connection of an open Drizzle transaction (a pg PoolClient or a PGlite Transaction), so pg-boss writes
 * its job row inside it. On PGlite this is also what avoids a deadlock: a query on the client itself would
 * wait for the open transaction to end.
 */
export function transactionExecuteSql(tx: object): ExecuteSql {
  const client = (tx as unknown as { session?: { client?: Partial<Queryable> } }).session?.client;
  if (!client || typeof client.query !== 'function')
    throw new Error('jobs: cannot reach the connection of this transaction (drizzle-orm internals changed?)');
  const query = client.query.bind(client) as Queryable['query'];
  return async (text, values) => query(text, values ?? []);
}

/**
 * What a failed job records and logs: the error's code or class, never its message (an SMTP refusal can quote
 * the recipient's address).
 */
export function failureReason(error: unknown): string {
  const code = (error as { code?: unknown; responseCode?: unknown } | null)?.code;
  const responseCode = (error as { responseCode?: unknown } | null)?.responseCode;
  const name = error instanceof Error ? error.name : typeof error;
  return [name, typeof code === 'string' ? code : null, typeof responseCode === 'number' ? responseCode : null]
    .filter((part) => part !== null)
    .join(' ');
}

export interface QueueStats {
  /** Jobs waiting to run (created or waiting for a retry), by queue. */
  waiting: Record<QueueName, number>;
  /** Jobs waiting for a retry after a failure, by queue (also counted in waiting). */
  retrying: Record<QueueName, number>;
  active: Record<QueueName, number>;
  /** Jobs that failed every attempt and are kept for inspection, by queue. */
  failed: Record<QueueName, number>;
}

export interface JobQueue {
  readonly boss: PgBoss;
  readonly retry: RetryPolicy;
  /**
   * Adds a job; with `tx`, inside that Drizzle transaction (it exists exactly when the transaction commits);
   * `startAfterSeconds` delays it (a job's own back-off), `startAt` until that instant (a digest's window end).
   */
  send(
    name: QueueName,
    data: object,
    tx?: object,
    options?: { startAfterSeconds?: number; startAt?: Date },
  ): Promise<string | null>;
  /** Adds many jobs of one queue in one statement (a comp import's e-mails), with `send`'s policy and `tx`. */
  sendMany(name: QueueName, data: object[], tx?: object): Promise<void>;
  /** Withdraws a job that is no longer needed (not yet finished); a worker already running it is not stopped. */
  cancel(name: QueueName, id: string): Promise<void>;
  /**
   * Claims up to `batchSize` due jobs of one queue and runs them here and now, completing each that succeeds
   * and failing (to be retried with back-off) each that throws. Works without start(): tests and the
   * after-commit fast path use it. Returns how many jobs it ran.
   */
  runDue(name: QueueName, handler: (data: unknown) => Promise<unknown>, batchSize?: number): Promise<number>;
  start(): Promise<void>;
  stop(): Promise<void>;
  readonly started: boolean;
  queueStats(): Promise<QueueStats>;
}

export interface JobQueueOptions {
  executeSql: ExecuteSql;
  retry?: RetryPolicy;
  /** For the e-mail queues: MAIL_RETRY unless `retry` is given (tests speed both up). */
  mailRetry?: RetryPolicy;
  /** How often expired jobs are taken back (MAINTENANCE_INTERVAL_SECONDS; tests shorten it). */
  maintenanceIntervalSeconds?: number;
  /** pg-boss's own errors (a failed poll, maintenance); defaults to silence. */
  onError?: (error: unknown) => void;
}

export function createJobQueue(options: JobQueueOptions): JobQueue {
  const retry = options.retry ?? DEFAULT_RETRY;
  const mailRetry = options.mailRetry ?? options.retry ?? MAIL_RETRY;
  const boss = new PgBoss({
    db: { executeSql: (text: string, values: unknown[]) => options.executeSql(text, values) },
    schema: JOB_SCHEMA,
    migrate: true,
    // Mail must reach the outbox soon after a payment even when the after-commit attempt did not run.
    pollingIntervalSeconds: 1,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? MAINTENANCE_INTERVAL_SECONDS,
    archiveCompletedAfterSeconds: 24 * 60 * 60,
    deleteAfterDays: 7,
  });
  boss.on('error', (error) => options.onError?.(error));
  let started = false;

  return {
    boss,
    retry,
    get started() {
      return started;
    },
    async send(name, data, tx, sendOptions) {
      const mail = MAIL_QUEUES.has(name);
      const policy = mail ? mailRetry : retry;
      return boss.send(name, data, {
        ...(tx ? { db: { executeSql: transactionExecuteSql(tx) } } : {}),
        ...(sendOptions?.startAfterSeconds ? { startAfter: sendOptions.startAfterSeconds } : {}),
        ...(sendOptions?.startAt ? { startAfter: sendOptions.startAt } : {}),
        retryLimit: policy.retryLimit,
        retryDelay: policy.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: mail ? MAIL_EXPIRE_SECONDS : DEFAULT_EXPIRE_SECONDS,
      } as PgBoss.SendOptions);
    },
    async sendMany(name, data, tx) {
      if (data.length === 0) return;
      const mail = MAIL_QUEUES.has(name);
      const policy = mail ? mailRetry : retry;
      await boss.insert(
        data.map((item) => ({
          name,
          data: item,
          retryLimit: policy.retryLimit,
          retryDelay: policy.retryDelaySeconds,
          retryBackoff: true,
          expireInSeconds: mail ? MAIL_EXPIRE_SECONDS : DEFAULT_EXPIRE_SECONDS,
        })),
        tx ? { db: { executeSql: transactionExecuteSql(tx) } } : {},
      );
    },
    async cancel(name, id) {
      await boss.cancel(name, id);
    },
    async runDue(name, handler, batchSize = 1) {
      const jobs = await boss.fetch<unknown>(name, { batchSize });
      for (const job of jobs) {
        try {
          await handler(job.data);
          await boss.complete(name, job.id);
        } catch (error) {
          await boss.fail(name, job.id, { reason: failureReason(error) });
        }
      }
      return jobs.length;
    },
    async start() {
      if (started) return;
      await boss.start();
      started = true;
    },
    async stop() {
      if (!started) return;
      started = false;
      // Waits up to 8 s for running jobs; what is still running then is failed and retried later.
      await boss.stop({ graceful: true, wait: true, timeout: 8_000, close: false });
    },
    async queueStats() {
      const names = Object.values(QUEUES);
      const empty = () => Object.fromEntries(names.map((name) => [name, 0])) as Record<QueueName, number>;
      const stats: QueueStats = { waiting: empty(), retrying: empty(), active: empty(), failed: empty() };
      const { rows } = await options.executeSql(
        `select name, state::text as state, count(*)::int as count from ${JOB_SCHEMA}.job
         where name = any($1::text[]) group by name, state`,
        [names],
      );
      for (const row of rows as Array<{ name: QueueName; state: string; count: number }>) {
        if (row.state === 'created' || row.state === 'retry') stats.waiting[row.name] += row.count;
        if (row.state === 'retry') stats.retrying[row.name] += row.count;
        if (row.state === 'active') stats.active[row.name] += row.count;
        if (row.state === 'failed') stats.failed[row.name] += row.count;
      }
      return stats;
    },
  };
}
