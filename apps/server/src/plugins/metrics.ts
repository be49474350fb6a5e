// Prometheus metrics (prom-client, decision 020): request durations by route pattern, checkout holds by outcome,
// job runs, mail hand-overs, and the process's own figures. GET /metrics answers only the machine itself (a
// loopback client that came through no proxy) or a request bearing METRICS_TOKEN; everyone else gets a 404.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CheckoutOutcome } from '@marquee/shared';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { isLoopbackAddress } from '../lib/loopback.js';
import type { Mailer } from '../adapters/mail/mailer.js';
import { queriesSoFar } from '../db/query-count.js';

export interface AppMetrics {
  /** The app's own registry; another part of the server may add its metrics here (e.g. a queue depth gauge). */
  readonly registry: Registry;
  requestFinished(method: string, route: string, statusCode: number, seconds: number): void;
  /** A checkout submission's outcome (held, or why it was refused). */
  checkoutHold(outcome: CheckoutOutcome): void;
  jobFinished(job: string, outcome: 'succeeded' | 'failed', seconds: number): void;
  mailSent(adapter: string, outcome: 'sent' | 'failed'): void;
  /** Every metric in the Prometheus text format: the process's figures, then the app's. */
  render(): Promise<string>;
}

// The process's figures (CPU, memory, event loop, GC) belong to the process, not to one app: collected once, in
// their own registry, because collecting them starts monitors that are never stopped.
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export function createMetrics(): AppMetrics {
  const registry = new Registry();
  const requestDuration = new Histogram({
    name: 'marquee_http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern (never the raw URL), method and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const holds = new Counter({
    name: 'marquee_checkout_holds_total',
    help: 'Checkout submissions by outcome: held, or the reason it was refused',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const jobRuns = new Counter({
    name: 'marquee_job_runs_total',
    help: 'Periodic job runs by job and outcome',
    labelNames: ['job', 'outcome'] as const,
    registers: [registry],
  });
  const jobDuration = new Histogram({
    name: 'marquee_job_duration_seconds',
    help: 'Time a periodic job run took',
    labelNames: ['job'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 30, 120],
    registers: [registry],
  });
  const mail = new Counter({
    name: 'marquee_mail_sends_total',
    help: 'E-mails handed to the mail adapter, by adapter and outcome (failed: the adapter refused or threw)',
    labelNames: ['adapter', 'outcome'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'marquee_db_queries',
    help: 'Statements this process has sent to the database through Drizzle since it started',
    registers: [registry],
    collect() {
      this.set(queriesSoFar());
    },
  });
  return {
    registry,
    requestFinished: (method, route, statusCode, seconds) =>
      requestDuration.observe({ method, route, status_code: String(statusCode) }, seconds),
    checkoutHold: (outcome) => holds.inc({ outcome }),
    jobFinished: (job, outcome, seconds) => {
      jobRuns.inc({ job, outcome });
      jobDuration.observe({ job }, seconds);
    },
    mailSent: (adapter, outcome) => mail.inc({ adapter, outcome }),
    render: async () => `${await processMetrics().metrics()}\n${await registry.metrics()}`,
  };
}

/** Job queue depth and failures per queue and state, read from the queue each time /metrics is scraped. */
export function queueDepthMetrics(metrics: AppMetrics, queue: { queueStats(): Promise<object> }) {
  new Gauge({
    name: 'marquee_job_queue_jobs',
    help: 'Jobs in the durable queue by queue and state (waiting includes retrying; failed = gave up)',
    labelNames: ['queue', 'state'] as const,
    registers: [metrics.registry],
    async collect() {
      this.reset();
      try {
        const stats = await queue.queueStats();
        for (const [state, perQueue] of Object.entries(stats as Record<string, Record<string, number>>)) {
          for (const [name, count] of Object.entries(perQueue)) this.set({ queue: name, state }, count);
        }
      } catch {
        // The database is down: the gauge is left empty and readiness says why.
      }
    },
  });
}

/** The mailer with every hand-over counted by outcome; failures still reject as before. */
export function countMailSends(mailer: Mailer, metrics: AppMetrics): Mailer {
  return {
    kind: mailer.kind,
    async send(mail, handOver) {
      try {
        await mailer.send(mail, handOver);
      } catch (error) {
        metrics.mailSent(mailer.kind, 'failed');
        throw error;
      }
      metrics.mailSent(mailer.kind, 'sent');
    },
    ...(mailer.close ? { close: () => mailer.close!() } : {}),
  };
}

const forwardingHeaders = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/** The machine itself: a loopback peer that is not a proxy passing on someone else's request. */
function isLocalRequest(request: FastifyRequest): boolean {
  if (forwardingHeaders.some((name) => request.headers[name] !== undefined)) return false;
  return isLoopbackAddress(request.socket.remoteAddress);
}

function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function hasMetricsToken(request: FastifyRequest, token: string | undefined): boolean {
  if (!token) return false;
  const match = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '');
  return Boolean(match && sameSecret(match[1]!, token));
}

export function metricsRoutes(app: FastifyInstance, options: { metrics: AppMetrics; token: string | undefined }) {
  const { metrics, token } = options;
  app.addHook('onResponse', (request, reply, done) => {
    // The route pattern ('/orders/:token'), so no id or token becomes a label; unmatched paths share one label.
    metrics.requestFinished(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });

  app.get('/metrics', async (request, reply) => {
    // Refused exactly as a path that does not exist would be (the same not-found handler answers).
    if (!isLocalRequest(request) && !hasMetricsToken(request, token)) return reply.callNotFound();
    return reply
      .header('cache-control', 'no-store')
      .type('text/plain; version=0.0.4; charset=utf-8')
      .send(await metrics.render());
  });
}
