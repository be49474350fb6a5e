// Drop: FANS simulated fans arrive over ARRIVAL_SECONDS around the on-sale (ON_SALE_AT of the way through) of an
// event of CAPACITY tickets with the waiting room on, on PostgreSQL with two app processes (decision 034). Each fan
// opens the event page (sent to the queue), opens the queue page, solves the proof-of-work, joins, polls as the
// page's script does until let through, then holds one ticket (every other fan with a promo code limited to
// PROMO_USES uses; without it once it is used up) and pays in the sandbox. Prints queue requests/s and p99,
// database queries per queue poll (a poll-only window afterwards, read from each process's marquee_db_queries),
// the admission rate held, tickets sold, oversold, promo over-use and the checkout p99 of admitted fans, then that
// checkout per 10 s after the on-sale beside the admission rate in force then (the adaptive rate under the ceiling,
// decision 148, read from event_queue every second), the fans let through and the servers' slowest checkout report,
// each process's resident memory at the end, and the bench's own event-loop delay.
// Run with `npm run bench -- drop` (FANS, CAPACITY, ARRIVAL_SECONDS, ON_SALE_AT, RATE, POW_BITS, PROMO_USES,
// WAIT_SECONDS, BENCH_DATABASE_URL). A quick run on a busy machine: FANS=2000 CAPACITY=200 ARRIVAL_SECONDS=20.
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';
import { CODE_MESSAGES, QUEUE_DEFAULT_RATE_PER_MINUTE, QUEUE_FLOOR_RATE_PER_MINUTE } from '@marquee/shared';
import { cookieOf, HttpClient, percentile, type Reply } from './lib/http.js';
import { createLiveEvent, fanCheckoutForm, sellingOrganiser } from './lib/organiser.js';
import { createFreshDatabase } from './lib/postgres.js';
import { freePort, startServer, type ServerProcess } from './lib/server-process.js';
import { solveProofOfWork } from '../apps/server/src/modules/queue/tokens.js';

const FANS = Number(process.env.FANS ?? 20000);
const CAPACITY = Number(process.env.CAPACITY ?? 2000);
const ARRIVAL_SECONDS = Number(process.env.ARRIVAL_SECONDS ?? 60);
const ON_SALE_AT = Number(process.env.ON_SALE_AT ?? 0.5);
/** The organiser's ceiling (decision 148); the rate admitted adapts under it. */
const RATE = Number(process.env.RATE ?? QUEUE_DEFAULT_RATE_PER_MINUTE);
/** Lower than production's 16 so 20,000 answers can be found on the bench's own cores; printed. */
const POW_BITS = Number(process.env.POW_BITS ?? 8);
const PROMO_USES = Number(process.env.PROMO_USES ?? Math.round(CAPACITY / 10));
const PAY_CONCURRENCY = Number(process.env.PAY_CONCURRENCY ?? 20);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const AUTH_SECRET = 'bench-secret-bench-secret-bench-secret-0123';

/** Sorted latencies per window of `size` ms (by the first element), windows in order. */
function byWindow(timeline: Array<[number, number]>, size: number): Map<number, number[]> {
  const windows = new Map<number, number[]>();
  for (const [at, latency] of [...timeline].sort((a, b) => a[0] - b[0])) {
    const key = Math.floor(at / size) * size;
    const window = windows.get(key) ?? [];
    window.push(latency);
    windows.set(key, window);
  }
  for (const latencies of windows.values()) latencies.sort((a, b) => a - b);
  return windows;
}

const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A limit on how many of something run at once. */
function semaphore(size: number) {
  let free = size;
  const waiting: Array<() => void> = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (free === 0) await new Promise<void>((resolve) => waiting.push(resolve));
    else free -= 1;
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else free += 1;
    }
  };
}

class Fan {
  readonly jar = new Map<string, string>();
  /** Once admitted, the fan's requests go through `buying`: a browser has its own connection, and in the bench's
   * shared connection pool the checkout would otherwise wait behind thousands of other fans' polls. */
  private admitted = false;
  constructor(
    readonly client: HttpClient,
    readonly buying: HttpClient,
    readonly host: string,
  ) {}
  admit() {
    this.admitted = true;
  }
  keep(reply: Reply) {
    for (const line of reply.setCookie) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      this.jar.set(pair!.slice(0, index), pair!.slice(index + 1));
    }
  }
  cookie() {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }
  async send(path: string, options: { json?: unknown; body?: Record<string, string> } = {}) {
    const post = options.json !== undefined || options.body !== undefined;
    const reply = await (this.admitted ? this.buying : this.client).trySend({
      path,
      host: this.host,
      headers: { cookie: this.cookie(), ...(post ? { origin: `http://${this.host}` } : {}) },
      ...options,
    });
    this.keep(reply);
    return reply;
  }
}

async function dbQueries(clients: HttpClient[], appHost: string): Promise<number> {
  let total = 0;
  for (const client of clients) {
    const reply = await client.send({ path: '/metrics', host: appHost });
    const match = /^marquee_db_queries (\d+)/m.exec(reply.body);
    if (!match) throw new Error('marquee_db_queries missing from /metrics');
    total += Number(match[1]);
  }
  return total;
}

/**
 * The servers' own time for the checkout's hold (`POST /events/:ref/checkout`), from each process's request
 * histogram: cumulative counts per bucket bound (seconds), summed over the processes.
 */
async function checkoutBuckets(clients: HttpClient[], appHost: string): Promise<Map<number, number>> {
  const buckets = new Map<number, number>();
  for (const client of clients) {
    const reply = await client.send({ path: '/metrics', host: appHost });
    for (const match of reply.body.matchAll(/^marquee_http_request_duration_seconds_bucket\{([^}]*)\} (\d+)/gm)) {
      const labels = match[1]!;
      if (!labels.includes('method="POST"') || !labels.includes('route="/events/:ref/checkout"')) continue;
      const le = /le="([^"]+)"/.exec(labels)?.[1];
      if (!le) continue;
      const bound = le === '+Inf' ? Infinity : Number(le);
      buckets.set(bound, (buckets.get(bound) ?? 0) + Number(match[2]));
    }
  }
  return buckets;
}

/** The smallest bucket bound (ms) under which `share` of the observations fall, as text ("<= 250 ms"). */
function bucketPercentile(buckets: Map<number, number>, share: number): string {
  const total = buckets.get(Infinity) ?? 0;
  if (total === 0) return '-';
  for (const [bound, count] of [...buckets].sort((a, b) => a[0] - b[0]))
    if (count >= total * share) return bound === Infinity ? '> 30 s' : `<= ${bound * 1000} ms`;
  return '-';
}

async function run(url: string) {
  const servers: ServerProcess[] = [];
  const clients: HttpClient[] = [];
  const buyingClients: HttpClient[] = [];
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const ports = [await freePort(), await freePort()];
    const appHost = `localhost:${ports[0]}`;
    const env = {
      DATABASE_URL: url,
      DATA_DIR: os.tmpdir(),
      PUBLIC_HOST: appHost,
      APP_URL: `http://${appHost}`,
      AUTH_SECRET,
      QUEUE_POW_BITS: String(POW_BITS),
    };
    for (const port of ports) servers.push(await startServer(port, env));
    for (const port of ports) clients.push(new HttpClient(port, 128, { timeoutMs: 30_000 }));
    // Admitted fans' own connections (at most about RATE/60 x a few seconds of them are buying at once).
    for (const port of ports) buyingClients.push(new HttpClient(port, 64, { timeoutMs: 30_000 }));
    const subdomain = `drop${Date.now().toString(36)}`;
    const organiser = await sellingOrganiser(clients[0]!, appHost, subdomain);
    const live = await createLiveEvent(clients[0]!, appHost, organiser, CAPACITY, 'auto');
    const shopHost = `${subdomain}.${appHost}`;
    const apiHeaders = { origin: `http://${appHost}`, cookie: organiser.cookie };
    const code = await clients[0]!.send({
      path: `/api/events/${live.id}/codes`,
      host: appHost,
      headers: apiHeaders,
      json: { kind: 'promo', code: 'DROP', discount_kind: 'percent', discount_value: '10', max_uses: PROMO_USES },
    });
    if (code.status !== 201) throw new Error(`promo code: ${code.status} ${code.body}`);
    const t0 = Date.now() + 3000;
    const onSale = t0 + ARRIVAL_SECONDS * ON_SALE_AT * 1000;
    await db.query(
      `update event set sales_start_at = $2, queue_mode = 'on', queue_rate_per_minute = $3 where id = $1`,
      [live.id, new Date(onSale), RATE],
    );

    const deadline = t0 + (ARRIVAL_SECONDS + Number(process.env.WAIT_SECONDS ?? 180)) * 1000;
    const queueLatencies: number[] = [];
    const checkoutLatencies: number[] = [];
    /** [ms after the on-sale when the hold was sent, its latency] */
    const checkoutTimeline: Array<[number, number]> = [];
    const admittedAt: number[] = [];
    const statuses = new Map<string, number>();
    const count = (key: string) => statuses.set(key, (statuses.get(key) ?? 0) + 1);
    let firstQueue = Infinity;
    let lastQueue = 0;
    let held = 0;
    let paid = 0;
    const payLimit = semaphore(PAY_CONCURRENCY);
    const fans = Array.from(
      { length: FANS },
      (_, index) => new Fan(clients[index % clients.length]!, buyingClients[index % clients.length]!, shopHost),
    );

    const queueRequest = async (fan: Fan, path: string, json?: unknown) => {
      const started = performance.now();
      const reply = await fan.send(path, json === undefined ? {} : { json });
      const ended = performance.now();
      queueLatencies.push(ended - started);
      firstQueue = Math.min(firstQueue, started);
      lastQueue = Math.max(lastQueue, ended);
      count(`queue ${reply.status}`);
      return reply;
    };

    const journey = async (fan: Fan, index: number) => {
      await sleep(Math.max(0, t0 + Math.random() * ARRIVAL_SECONDS * 1000 - Date.now()));
      const page = await fan.send(`/events/${live.slug}`);
      if (page.status !== 303) return count(`event page ${page.status}`);
      const queuePage = await queueRequest(fan, `/queue/${live.id}`);
      const challenge = /data-challenge="([^"]+)"/.exec(queuePage.body)?.[1];
      if (!challenge) return count('no challenge');
      let reply = await queueRequest(fan, `/queue/${live.id}/join`, {
        challenge,
        answer: solveProofOfWork(challenge, POW_BITS),
      });
      for (;;) {
        // Fans give up after the deadline (held tickets that are never paid keep the queue paused until they expire).
        if (Date.now() > deadline) return count('gave up waiting');
        const body = reply.status === 0 ? null : (JSON.parse(reply.body) as { status: string; next?: number });
        if (body?.status === 'admitted') break;
        if (body?.status === 'sold_out') return count('told sold out');
        if (body?.status === 'error' || body?.status === 'expired') return count(`queue ${body.status}`);
        if (body?.status === 'paused') count('saw paused');
        await sleep((body?.next ?? 5) * 1000 * (0.8 + Math.random() * 0.4));
        reply = await queueRequest(fan, `/queue/${live.id}/status`);
      }
      admittedAt.push(Date.now());
      fan.admit();
      await fan.send(`/events/${live.slug}`);
      const form = fanCheckoutForm(live, `fan${index}@example.com`, `Number ${index}`);
      const started = performance.now();
      let hold = await fan.send(`/events/${live.slug}/checkout`, {
        body: index % 2 === 0 ? { ...form, promo_code: 'DROP' } : form,
      });
      // The promo code was used up meanwhile (the form comes back with the code's message): full price instead.
      if (hold.status === 400 && index % 2 === 0 && hold.body.includes(CODE_MESSAGES.exhausted))
        hold = await fan.send(`/events/${live.slug}/checkout`, { body: form });
      const took = performance.now() - started;
      checkoutLatencies.push(took);
      checkoutTimeline.push([Date.now() - onSale - took, took]);
      count(`checkout ${hold.status}`);
      const token = /^\/checkout\/([A-Za-z0-9_-]{43})$/.exec(hold.location)?.[1];
      if (!token) return;
      held += 1;
      await payLimit(async () => {
        const pay = await fan.send(`/checkout/${token}/pay`, { body: {} });
        if (pay.status !== 303) return count(`pay ${pay.status}`);
        const provider = new URL(pay.location);
        const card = await fan.buying.trySend({
          path: provider.pathname,
          host: provider.host,
          headers: { origin: `http://${appHost}`, cookie: cookieOf(pay) },
          body: { card_number: '4242424242424242', card_expiry: '12 / 34', card_cvc: '123', card_name: 'Fan' },
        });
        if (card.status === 303) paid += 1;
        else count(`card ${card.status}`);
      });
    };

    console.log(
      `Drop: ${FANS} fans over ${ARRIVAL_SECONDS} s, on-sale after ${(ARRIVAL_SECONDS * ON_SALE_AT).toFixed(0)} s, ` +
        `${CAPACITY} tickets, ceiling ${RATE}/min (adaptive under it), proof-of-work ${POW_BITS} bits, promo limited to ${PROMO_USES}; ` +
        `2 processes on PostgreSQL; ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}.`,
    );
    // The admission rate in force, read every second: [ms after the on-sale, rate /min, slowest report ms or null].
    const rateTimeline: Array<[number, number, number | null]> = [];
    const sampleRate = async () => {
      const { rows } = await db.query(
        `select least(e.queue_rate_per_minute, greatest(least($2::float8, e.queue_rate_per_minute), q.admit_rate_per_minute)) as rate,
           case when q.checkout_at > now() - interval '3 seconds' then q.checkout_ms end as checkout_ms
         from event_queue q join event e on e.id = q.event_id where q.event_id = $1 and q.drawn_at is not null`,
        [live.id, QUEUE_FLOOR_RATE_PER_MINUTE],
      );
      if (rows[0])
        rateTimeline.push([
          Date.now() - onSale,
          Number(rows[0].rate),
          rows[0].checkout_ms === null ? null : Number(rows[0].checkout_ms),
        ]);
    };
    const sampler = setInterval(() => void sampleRate().catch(() => {}), 1000);
    const started = Date.now();
    await Promise.all(fans.map((fan, index) => journey(fan, index))).finally(() => clearInterval(sampler));
    const dropSeconds = (Date.now() - started) / 1000;
    // Let the payment webhooks' jobs finish.
    let sold = 0;
    for (let tries = 0; tries < 60; tries += 1) {
      sold = Number((await db.query(`select sold from event where id = $1`, [live.id])).rows[0].sold);
      if (sold >= paid) break;
      await sleep(1000);
    }

    // Poll-only window: every fan polls once more (the common path), nothing else runs.
    const serverCheckout = await checkoutBuckets(clients, appHost);
    const before = await dbQueries(clients, appHost);
    const windowLatencies: number[] = [];
    const windowStart = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 100 }, async () => {
        while (next < fans.length) {
          const fan = fans[next++]!;
          const t = performance.now();
          await fan.send(`/queue/${live.id}/status`);
          windowLatencies.push(performance.now() - t);
        }
      }),
    );
    const windowSeconds = (performance.now() - windowStart) / 1000;
    const after = await dbQueries(clients, appHost);

    const counters = (await db.query(`select sold, held, capacity from event where id = $1`, [live.id])).rows[0];
    const tickets = Number(
      (await db.query(`select count(*)::int as n from ticket where event_id = $1`, [live.id])).rows[0].n,
    );
    const promo = (
      await db.query(`select uses, max_uses from event_code where event_id = $1 and code = 'DROP'`, [live.id])
    ).rows[0];
    const promoOrders = Number(
      (
        await db.query(
          `select count(*)::int as n from "order" where event_id = $1 and promo_code = 'DROP' and status in ('paid','pending')`,
          [live.id],
        )
      ).rows[0].n,
    );
    const lobby = Number(
      (
        await db.query(`select count(*)::int as n from queue_entry where event_id = $1 and joined_at < $2`, [
          live.id,
          new Date(onSale),
        ])
      ).rows[0].n,
    );
    queueLatencies.sort((a, b) => a - b);
    checkoutLatencies.sort((a, b) => a - b);
    windowLatencies.sort((a, b) => a - b);
    admittedAt.sort((a, b) => a - b);
    const admittedSpan = admittedAt.length > 1 ? (admittedAt.at(-1)! - admittedAt[0]!) / 60_000 : 0;
    const lines = [
      ['drop duration', `${dropSeconds.toFixed(0)} s`],
      ['queue requests (page, join, polls)', String(queueLatencies.length)],
      ['queue requests/s (over the drop)', (queueLatencies.length / ((lastQueue - firstQueue) / 1000)).toFixed(0)],
      [
        'queue p50 / p99 (ms)',
        `${percentile(queueLatencies, 50).toFixed(0)} / ${percentile(queueLatencies, 99).toFixed(0)}`,
      ],
      [
        'poll-only window: polls/s, p99 (ms)',
        `${(fans.length / windowSeconds).toFixed(0)}, ${percentile(windowLatencies, 99).toFixed(0)}`,
      ],
      [
        'DB queries per queue poll (window)',
        `${((after - before) / fans.length).toFixed(4)} (${after - before} queries for ${fans.length} polls: the snapshot refreshes)`,
      ],
      [
        'lobby fans at the draw',
        `${lobby} (each looks up its place once after the draw, in shared batches: decision 042)`,
      ],
      [
        'admission rate held',
        `${admittedSpan > 0 ? (admittedAt.length / admittedSpan).toFixed(0) : '-'}/min (ceiling ${RATE}/min; ${admittedAt.length} fans let through)`,
      ],
      [
        'checkout p50 / p99 in the servers (hold only)',
        `${bucketPercentile(serverCheckout, 0.5)} / ${bucketPercentile(serverCheckout, 0.99)} (their request histograms)`,
      ],
      ['held / paid', `${held} / ${paid}`],
      ['tickets sold (event.sold / tickets)', `${counters.sold} / ${tickets} of ${CAPACITY}`],
      ['OVERSOLD', String(Math.max(0, Math.max(Number(counters.sold), tickets) - CAPACITY))],
      [
        'promo uses / limit (over-use)',
        `${promo.uses} / ${promo.max_uses} (${Math.max(0, promoOrders - promo.max_uses)})`,
      ],
      [
        'checkout p50 / p99 for admitted fans (ms, client)',
        `${percentile(checkoutLatencies, 50).toFixed(0)} / ${percentile(checkoutLatencies, 99).toFixed(0)}`,
      ],
      ['outcomes', [...statuses].map(([key, n]) => `${key}: ${n}`).join(', ')],
    ];
    for (const [label, value] of lines) console.log(`${label!.padEnd(42)} ${value}`);
    console.log(
      `admitted fans' checkout by when it was sent (s after the on-sale): count, p50 / p99 (ms); the admission rate ` +
        `in force (/min, lowest-highest of the 1 s samples); fans let through (/min); servers' slowest report (ms)`,
    );
    const checkoutWindows = byWindow(checkoutTimeline, 10_000);
    const windowOf = (at: number) => Math.floor(at / 10_000) * 10_000;
    const rateWindows = new Map<number, Array<[number, number | null]>>();
    for (const [at, rate, report] of rateTimeline)
      rateWindows.set(windowOf(at), [...(rateWindows.get(windowOf(at)) ?? []), [rate, report]]);
    const letThrough = new Map<number, number>();
    for (const at of admittedAt)
      letThrough.set(windowOf(at - onSale), (letThrough.get(windowOf(at - onSale)) ?? 0) + 1);
    const windows = [...new Set([...checkoutWindows.keys(), ...rateWindows.keys()])].sort((a, b) => a - b);
    for (const key of windows) {
      const latencies = checkoutWindows.get(key) ?? [];
      const rates = (rateWindows.get(key) ?? []).map(([rate]) => rate);
      const reports = (rateWindows.get(key) ?? []).flatMap(([, report]) => (report === null ? [] : [report]));
      console.log(
        `  ${`${key / 1000}-${key / 1000 + 10} s`.padEnd(12)} ${String(latencies.length).padStart(5)}, ` +
          `${latencies.length ? `${percentile(latencies, 50).toFixed(0)} / ${percentile(latencies, 99).toFixed(0)}` : '- / -'}; ` +
          `${rates.length ? `${Math.min(...rates).toFixed(0)}-${Math.max(...rates).toFixed(0)}/min` : '-'}; ` +
          `${((letThrough.get(key) ?? 0) * 6).toFixed(0)}/min let through; ` +
          `${reports.length ? `${Math.max(...reports).toFixed(0)} ms` : '-'}`,
      );
    }
    for (const [index, server] of servers.entries()) {
      const rss = server.rssMegabytes();
      console.log(
        `process ${index + 1} resident memory at the end: ${rss ? `${rss.current.toFixed(0)} MB (peak ${rss.peak.toFixed(0)} MB)` : '-'}`,
      );
    }
    console.log(
      `bench client's event-loop delay p50 / p99 (ms): ${(loopDelay.percentile(50) / 1e6).toFixed(0)} / ${(loopDelay.percentile(99) / 1e6).toFixed(0)}`,
    );
    return Number(counters.sold) > CAPACITY || tickets > CAPACITY || promoOrders > promo.max_uses;
  } finally {
    await db.end();
    await Promise.allSettled([...clients, ...buyingClients].map((client) => client.close()));
    await Promise.allSettled(servers.map((server) => server.stop()));
  }
}

const fresh = await createFreshDatabase(PG_URL, 'marquee_drop').catch((error: Error) => {
  console.log(`Drop skipped: PostgreSQL not reachable at ${PG_URL} (${error.message})`);
  return null;
});
if (fresh) {
  try {
    const broken = await run(fresh.url);
    if (broken) console.log('OVERSOLD or promo over-used: see above.');
    process.exitCode = broken ? 1 : 0;
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  } finally {
    await fresh.drop();
  }
}
