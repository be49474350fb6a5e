// Webhook delivery (issue 34, decision 152): EVENTS events (default 10,000) recorded at RATE a second through
// webhook_record, as the writers' triggers record them, for one organisation with PRO and three endpoints: a
// healthy receiver, a slow one (answers after SLOW_MS, default 1,500 ms) and a failing one (answers 500). The
// dispatcher runs as server.ts runs it, in this process beside the local receivers. Prints deliveries per second,
// p50/p95/p99 of the delay from each event to its arrival at the healthy endpoint against the floor (p99 < 2 s
// while the others fail), and the lost and duplicated ids. On PGlite in memory, then on PostgreSQL when
// BENCH_DATABASE_URL (default the local server) answers. Figures, not pass/fail.
// Run with `npm run bench -- webhooks` (EVENTS=10000 RATE=500 SLOW_MS=1500 BENCH_DATABASE_URL=...).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../apps/server/src/db/client.js';
import { createWebhookDispatcher } from '../apps/server/src/modules/webhooks/dispatcher.js';
import { recordWebhookEvent } from '../apps/server/src/modules/webhooks/record.js';
import { newSecret } from '../apps/server/src/modules/webhooks/webhooks.service.js';
import { loadAverage, onEachDatabase, percentiles } from './lib/databases.js';

const EVENTS = Number(process.env.EVENTS ?? 10_000);
const RATE = Number(process.env.RATE ?? 500);
const SLOW_MS = Number(process.env.SLOW_MS ?? 1500);
const FLOOR_P99_MS = 2000;

interface Receiver {
  url: string;
  /** Arrival time by webhook-id, and how many times each arrived. */
  arrivals: Map<string, number>;
  counts: Map<string, number>;
  delays: number[];
  close(): Promise<void>;
}

async function receiver(answer: (respond: () => void, response: http.ServerResponse) => void): Promise<Receiver> {
  const state = { arrivals: new Map<string, number>(), counts: new Map<string, number>(), delays: [] as number[] };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const id = String(request.headers['webhook-id']);
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data: { at: number } };
      answer(() => {
        state.counts.set(id, (state.counts.get(id) ?? 0) + 1);
        if (!state.arrivals.has(id)) {
          state.arrivals.set(id, Date.now());
          state.delays.push(Date.now() - body.data.at);
        }
        response.writeHead(200).end('ok');
      }, response);
    });
  });
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    ...state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function run(label: string, database: DatabaseHandle) {
  const { db } = database;
  const org = `bench-hooks-${Date.now()}`;
  await db.execute(sql`insert into organization (id, name, slug, created_at) values (${org}, 'Hooks', ${org}, now())`);
  await db.execute(sql`
    insert into organization_plan (organization_id, status, provider, current_period_start, current_period_end)
    values (${org}, 'active', 'sandbox', now(), now() + interval '30 days')`);
  const healthy = await receiver((respond) => respond());
  const slow = await receiver((respond) => setTimeout(respond, SLOW_MS));
  const failing = await receiver((_respond, response) => response.writeHead(500).end('down'));
  const endpoints: Record<string, string> = {};
  for (const [name, target] of Object.entries({ healthy, slow, failing })) {
    const rows = await db.execute(sql`
      insert into webhook_endpoint (organization_id, url, event_types, secret)
      values (${org}, ${target.url}, '{order.paid}'::text[], ${newSecret()}) returning id`);
    endpoints[name] = (rows as unknown as { rows: Array<{ id: string }> }).rows[0]!.id;
  }
  const dispatcher = createWebhookDispatcher({
    db,
    mailer: { kind: 'outbox', send: async () => {} },
    log: pino({ level: 'silent' }) as unknown as FastifyBaseLogger,
    appUrl: 'http://localhost',
    send: { policy: { allowPrivate: true, httpsOnly: false }, timeoutMs: 10_000 },
    ...(process.env.PER_ENDPOINT ? { perEndpoint: Number(process.env.PER_ENDPOINT) } : {}),
  });
  dispatcher.start();
  const started = performance.now();
  const ids: string[] = [];
  // Events arrive at RATE a second, in batches of 50 (a busy organisation's sales, check-ins and refunds).
  const batch = 50;
  for (let index = 0; index < EVENTS; index += batch) {
    const due = started + (index / RATE) * 1000;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    await db.transaction(async (tx) => {
      for (let n = index; n < Math.min(EVENTS, index + batch); n += 1)
        ids.push((await recordWebhookEvent(tx, org, 'order.paid', { n, at: Date.now() }))!);
    });
  }
  const recorded = performance.now();
  while (healthy.arrivals.size < EVENTS && performance.now() - recorded < 300_000)
    await new Promise((resolve) => setTimeout(resolve, 50));
  const elapsed = (performance.now() - started) / 1000;
  await dispatcher.stop();
  const counts = (await db.execute(sql`
    select e.url, count(*)::int as deliveries,
      count(*) filter (where d.status = 'succeeded')::int as succeeded,
      count(*) filter (where d.status in ('pending', 'delivering'))::int as waiting,
      coalesce(sum(d.attempts), 0)::int as attempts
    from webhook_delivery d join webhook_endpoint e on e.id = d.endpoint_id
    where d.organization_id = ${org} group by e.url`)) as unknown as {
    rows: Array<{ url: string; deliveries: number; succeeded: number; waiting: number; attempts: number }>;
  };
  const byUrl = new Map(counts.rows.map((row) => [row.url, row]));
  const lost = ids.filter((id) => !healthy.arrivals.has(id)).length;
  const duplicated = [...healthy.counts.values(), ...slow.counts.values()].filter((count) => count > 1).length;
  const attempts = counts.rows.reduce((sum, row) => sum + row.attempts, 0);
  const rows = [healthy, slow, failing].map((target, index) => {
    const row = byUrl.get(target.url)!;
    return [['healthy', 'slow', 'failing'][index]!, row.deliveries, row.succeeded, row.waiting, row.attempts];
  });
  await Promise.all([healthy.close(), slow.close(), failing.close()]);
  return {
    label,
    elapsed,
    perSecond: healthy.arrivals.size / elapsed,
    attemptsPerSecond: attempts / elapsed,
    delays: percentiles(healthy.delays),
    p99: [...healthy.delays].sort((a, b) => a - b)[Math.ceil(healthy.delays.length * 0.99) - 1] ?? Infinity,
    lost,
    duplicated,
    rows,
  };
}

console.log(`webhooks: ${EVENTS} events at ${RATE}/s to 3 endpoints (healthy, slow ${SLOW_MS} ms, failing 500)`);
console.log(`load average at the start: ${loadAverage()}`);
const results = await onEachDatabase('bench_webhooks', run, { pglite: process.env.PGLITE !== '0' });
console.log('');
console.log(
  '| database | healthy deliveries/s | attempts/s (all) | healthy delay p50 / p95 / p99 (ms) | floor p99 | within | lost | duplicated |',
);
console.log(
  '| -------- | -------------------- | ---------------- | ---------------------------------- | --------- | ------ | ---- | ---------- |',
);
for (const result of results.values())
  console.log(
    `| ${result.label} | ${result.perSecond.toFixed(0)} | ${result.attemptsPerSecond.toFixed(0)} | ${result.delays} | < ${FLOOR_P99_MS} | ${result.p99 < FLOOR_P99_MS ? 'yes' : 'no'} | ${result.lost} | ${result.duplicated} |`,
  );
for (const result of results.values()) {
  console.log(`\n${result.label}, ${result.elapsed.toFixed(1)} s: endpoint, deliveries, succeeded, waiting, attempts`);
  for (const row of result.rows) console.log(`  ${row.join(', ')}`);
}
console.log(`load average at the end: ${loadAverage()}`);
