// The webhook dispatcher (decision 152): claims due deliveries from webhook_delivery (the durable queue: rows in
// the database, claimed with FOR UPDATE SKIP LOCKED under a lease, so several processes share the work and a
// killed process's claims come back when their lease ends), sends each signed, and records every attempt. Each
// endpoint has its own in-flight limit, so a slow or failing endpoint cannot hold back the healthy ones. An
// organisation without PRO keeps its deliveries queued until PRO returns (planAccess, cached a few seconds).
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { Mailer } from '../../adapters/mail/mailer.js';
import { planAccess } from '../plan/plan-access.js';
import { DISABLE_AFTER_FAILURES, DISABLE_AFTER_MS, retryDelayMs } from './backoff.js';
import { sendWebhook, type AttemptOutcome, type SendOptions } from './send.js';
import { endpointDisabledEmail } from './webhook-mail.js';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Failed attempts in a row after which an endpoint is probed one delivery at a time. */
export const PROBE_AFTER_FAILURES = 10;
/** The longest wait between two probes of a failing endpoint. */
export const PROBE_MAX_WAIT_MS = 60_000;

export interface DispatcherOptions {
  db: Database;
  mailer: Mailer;
  log: FastifyBaseLogger;
  appUrl: string;
  send: SendOptions;
  /** Deliveries in flight to one endpoint from this process (8). */
  perEndpoint?: number;
  /** Deliveries in flight from this process. */
  maxInFlight?: number;
  pollMs?: number;
  leaseMs?: number;
  /** How long an organisation's PRO answer is kept. */
  planCacheMs?: number;
  now?: () => Date;
  random?: () => number;
}

export interface WebhookDispatcher {
  /** Claims what is due and starts sending it; returns how many deliveries it started. */
  runOnce(): Promise<number>;
  /** Waits for every delivery in flight to be recorded. */
  idle(): Promise<void>;
  /** runOnce and idle until nothing is due (tests). */
  drain(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

interface Claimed {
  id: string;
  endpoint_id: string;
  organization_id: string;
  message_id: string;
  type: string;
  payload: unknown;
  created_at: string | Date;
  step: number;
  url: string;
  secret: string;
}

export function createWebhookDispatcher(options: DispatcherOptions): WebhookDispatcher {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  const perEndpoint = options.perEndpoint ?? 8;
  const maxInFlight = options.maxInFlight ?? 64;
  const leaseMs = options.leaseMs ?? Math.max(60_000, options.send.timeoutMs * 3);
  const planCacheMs = options.planCacheMs ?? 5_000;
  const inFlight = new Map<string, number>();
  const running = new Set<Promise<void>>();
  const plans = new Map<string, { pro: boolean; at: number }>();
  /** Endpoints failing every attempt: when this process may try their next delivery (one at a time). */
  const probing = new Map<string, { until: number; probes: number }>();
  /** The deliveries in flight as such a probe. */
  const probes = new Set<string>();
  let total = 0;
  let timer: NodeJS.Timeout | null = null;
  let timerAt = 0;
  let reclaimedAt = 0;
  let stopped = true;
  let ticking: Promise<number> | null = null;

  async function hasPro(organizationId: string, at: Date) {
    const cached = plans.get(organizationId);
    if (cached && at.getTime() - cached.at < planCacheMs) return cached.pro;
    const pro = (await planAccess(db, organizationId, at)).pro;
    plans.set(organizationId, { pro, at: at.getTime() });
    return pro;
  }

  async function record(delivery: Claimed, outcome: AttemptOutcome, attemptedAt: Date) {
    const step = delivery.step + 1;
    const delay = outcome.ok ? null : retryDelayMs(step, options.random);
    const status = outcome.ok ? 'succeeded' : delay === null ? 'failed' : 'pending';
    const next = new Date(attemptedAt.getTime() + (delay ?? 0)).toISOString();
    const at = attemptedAt.toISOString();
    const [endpoint] = rowsOf<{ consecutive_failures: number }>(
      await db.execute(sql`
      with attempt as (
        insert into webhook_attempt (organization_id, delivery_id, attempted_at, status_code, response_body,
          duration_ms, error)
        values (${delivery.organization_id}, ${delivery.id}, ${at}::timestamptz, ${outcome.statusCode},
          ${outcome.responseBody}, ${outcome.durationMs}, ${outcome.error})
      ),
      moved as (
        update webhook_delivery set status = ${status}, attempts = attempts + 1, step = ${step},
          next_attempt_at = ${next}::timestamptz, lease_until = null, last_status_code = ${outcome.statusCode},
          last_attempt_at = ${at}::timestamptz, delivered_at = ${outcome.ok ? at : null}::timestamptz
        where id = ${delivery.id}
      )
      update webhook_endpoint set
        consecutive_failures = ${outcome.ok ? sql`0` : sql`consecutive_failures + 1`},
        failing_since = ${outcome.ok ? sql`null` : sql`coalesce(failing_since, ${at}::timestamptz)`}
      where id = ${delivery.endpoint_id} ${outcome.ok ? sql`and (consecutive_failures > 0 or failing_since is not null)` : sql``}
      returning consecutive_failures`),
    );
    if (outcome.ok) {
      probing.delete(delivery.endpoint_id);
      probes.delete(delivery.id);
      return;
    }
    // Probing from PROBE_AFTER_FAILURES failures in a row: a second, then twice as long after each failed probe.
    const probe = probing.get(delivery.endpoint_id);
    if (probe && probes.delete(delivery.id)) {
      probe.probes += 1;
      probe.until = attemptedAt.getTime() + Math.min(PROBE_MAX_WAIT_MS, 1000 * 2 ** probe.probes);
    } else if (!probe && (endpoint?.consecutive_failures ?? 0) >= PROBE_AFTER_FAILURES) {
      probing.set(delivery.endpoint_id, { until: attemptedAt.getTime() + 1000, probes: 0 });
    }
    const cutoff = new Date(attemptedAt.getTime() - DISABLE_AFTER_MS).toISOString();
    const [disabled] = rowsOf<{ url: string }>(
      await db.execute(sql`
        update webhook_endpoint set enabled = false, disabled_reason = 'failing', updated_at = ${at}::timestamptz
        where id = ${delivery.endpoint_id} and enabled and consecutive_failures >= ${DISABLE_AFTER_FAILURES}
          and failing_since <= ${cutoff}::timestamptz
        returning url`),
    );
    if (disabled) await tellOwners(delivery.organization_id, disabled.url);
  }

  async function tellOwners(organizationId: string, url: string) {
    const owners = rowsOf<{ email: string }>(
      await db.execute(sql`
        select u.email from member m join "user" u on u.id = m.user_id
        where m.organization_id = ${organizationId} and m.role = 'owner'`),
    );
    const mail = endpointDisabledEmail({ url, integrationsUrl: `${options.appUrl}/profile?tab=integrations` });
    for (const owner of owners) {
      try {
        await options.mailer.send({ to: owner.email, ...mail });
      } catch {
        options.log.warn({ organizationId }, 'webhook endpoint turned off; the owner e-mail could not be sent');
      }
    }
    options.log.warn({ organizationId }, 'webhook endpoint turned off after failing continuously');
  }

  async function deliver(delivery: Claimed) {
    const attemptedAt = now();
    const created = new Date(delivery.created_at);
    const body = JSON.stringify({ type: delivery.type, timestamp: created.toISOString(), data: delivery.payload });
    const outcome = await sendWebhook(
      delivery.url,
      delivery.secret,
      // Signed at the wall clock's time, whatever clock schedules the attempts: receivers check it against theirs.
      { id: delivery.message_id, timestamp: new Date(), body },
      options.send,
    );
    await record(delivery, outcome, attemptedAt);
  }

  function launch(delivery: Claimed) {
    inFlight.set(delivery.endpoint_id, (inFlight.get(delivery.endpoint_id) ?? 0) + 1);
    total += 1;
    const task = deliver(delivery)
      .catch((error: unknown) => {
        // Not recorded (the database failed): the lease runs out and the delivery is claimed again.
        options.log.error({ err: error, deliveryId: delivery.id }, 'webhook attempt could not be recorded');
      })
      .finally(() => {
        inFlight.set(delivery.endpoint_id, (inFlight.get(delivery.endpoint_id) ?? 1) - 1);
        total -= 1;
        running.delete(task);
        if (!stopped) schedule(0);
      });
    running.add(task);
  }

  async function tick(): Promise<number> {
    const at = now();
    const iso = at.toISOString();
    // Claims of a process that died come back when their lease ends (looked for every few seconds).
    if (at.getTime() - reclaimedAt >= 5_000 || at.getTime() < reclaimedAt) {
      reclaimedAt = at.getTime();
      await db.execute(sql`
        update webhook_delivery set status = 'pending', lease_until = null
        where status = 'delivering' and lease_until < ${iso}::timestamptz`);
    }
    const endpoints = rowsOf<{ id: string; organization_id: string }>(
      await db.execute(sql`
        select e.id, e.organization_id from webhook_endpoint e
        where e.enabled and exists (
          select 1 from webhook_delivery d
          where d.endpoint_id = e.id and d.status = 'pending' and d.next_attempt_at <= ${iso}::timestamptz)`),
    );
    let started = 0;
    for (const endpoint of endpoints) {
      // A receiver that fails every attempt gets one delivery at a time, further apart each time (up to a minute),
      // instead of every new event at once: it is not flooded while down, and the others keep the process.
      const probe = probing.get(endpoint.id);
      if (probe && (probe.until > at.getTime() || (inFlight.get(endpoint.id) ?? 0) > 0)) continue;
      const limit = probe ? 1 : perEndpoint;
      const room = Math.min(limit - (inFlight.get(endpoint.id) ?? 0), maxInFlight - total);
      if (room <= 0) continue;
      if (!(await hasPro(endpoint.organization_id, at))) continue;
      const lease = new Date(at.getTime() + leaseMs).toISOString();
      const claimed = rowsOf<Claimed>(
        await db.execute(sql`
          update webhook_delivery d set status = 'delivering', lease_until = ${lease}::timestamptz
          from (
            select w.id, m.type, m.payload, m.created_at, e.url, e.secret
            from webhook_delivery w
            join webhook_message m on m.id = w.message_id
            join webhook_endpoint e on e.id = w.endpoint_id
            where w.endpoint_id = ${endpoint.id} and w.status = 'pending' and e.enabled
              and w.next_attempt_at <= ${iso}::timestamptz
            order by w.next_attempt_at, w.id
            limit ${room}
            for update of w skip locked
          ) c
          where d.id = c.id
          returning d.id, d.endpoint_id, d.organization_id, d.message_id, d.step, c.type, c.payload, c.created_at,
            c.url, c.secret`),
      );
      for (const delivery of claimed) {
        if (probe) probes.add(delivery.id);
        launch(delivery);
      }
      started += claimed.length;
    }
    return started;
  }

  function runOnce() {
    ticking ??= tick().finally(() => (ticking = null));
    return ticking;
  }

  // A finished delivery frees a slot: the next tick runs at once (after the one running, if any); otherwise the
  // dispatcher polls every pollMs. A sooner tick is never pushed back by a later one.
  let soon = false;
  function schedule(ms: number) {
    if (stopped) return;
    if (ticking) {
      if (ms === 0) soon = true;
      return;
    }
    if (timer && (ms > 0 || timerAt <= Date.now())) return;
    if (timer) clearTimeout(timer);
    timerAt = Date.now() + ms;
    timer = setTimeout(() => {
      timer = null;
      soon = false;
      runOnce()
        .catch((error: unknown) => options.log.error({ err: error }, 'webhook dispatcher tick failed'))
        .finally(() => schedule(soon ? 0 : (options.pollMs ?? 250)));
    }, ms);
  }

  async function idle() {
    while (running.size > 0) await Promise.all([...running]);
  }

  return {
    runOnce,
    idle,
    async drain() {
      let sent = 0;
      for (;;) {
        const started = await runOnce();
        await idle();
        sent += started;
        if (started === 0) return sent;
      }
    },
    start() {
      stopped = false;
      schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await ticking?.catch(() => {});
      await idle();
    },
  };
}
