// Checkout rush: BUYERS fans at once through the real HTTP checkout (plain forms on the organiser's host) for one
// event of CAPACITY tickets, on (a) one server on PGlite, (b) one server on PostgreSQL, (c) two servers on the
// same PostgreSQL database, (d) three servers on one (only when SETUPS names it: docs/scale-out.md's check), and
// (f) the floor: a bare server making the hold's round trips with no product around them
// (bench/lib/floor-server.ts), which shows what this machine allows. Prints hold latency and throughput, then
// pays every hold through the sandbox as a fan would, a sale counting once the fan's order page shows the ticket
// (bench/lib/rush-sale.ts; the floor makes the sale's statements alone), the seconds until every ticket e-mail is in
// the outbox, each server process's CPU per sale and memory, and checks nothing was oversold. Figures, plus one
// hard check (OVERSOLD must be 0).
// Run with `npm run bench -- checkout-rush` (BUYERS, CAPACITY, CONCURRENCY, PAY_CONCURRENCY, BENCH_DATABASE_URL;
// SETUPS=abcf picks set-ups; PAY=0 skips the payments; ROUNDS=N runs the set-ups N times, each on fresh servers
// and a fresh database, and ends with each set-up's median and range). BASELINE=<git ref> runs the set-ups (default
// c) on that ref's code and on the working tree alternately each round and prints both side by side. QUOTA=1 runs
// each set-up twice a round, alternating which goes first: the rush's fans split over two ticket types, once with
// only the venue's CAPACITY, once with a shared quota of CAPACITY over both types (the venue then twice as large, so
// the quota is what sells out; decision 128) and an add-on of CAPACITY that every fan also takes one of (decision
// 134); it ends with holds/s without and with them side by side, and checks neither quota nor add-on is oversold.
// SPLIT=1 adds one run of set-up b (per code version) on a server under --cpu-prof and prints the share of its CPU
// over the pay phase spent in the sandbox provider's own code, and each part per sale (bench/lib/cpu-profile.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { QUEUE_DEFAULT_RATE_PER_MINUTE } from '@marquee/shared';
import { forEachLimited, HttpClient, percentile } from './lib/http.js';
import { pgliteDatabase, postgresDatabase, type RushDatabase } from './lib/rush-databases.js';
import {
  header,
  printRounds,
  printRow,
  printSaleFloor,
  printSalesRate,
  type ProcessFigures,
  type Row,
} from './lib/rush-table.js';
import { attributeSamples, readMainThreadProfile, sandboxMark } from './lib/cpu-profile.js';
import { failureSummary, paySale, type SaleFailure } from './lib/rush-sale.js';
import { printBaseline } from './lib/rush-baseline.js';
import { BASELINE, codeVersions, inRoundOrder, type CodeVersion } from './lib/baseline.js';
import {
  createLiveEvent,
  eventCounters,
  fanCheckoutForm,
  sellingOrganiser,
  type LiveEvent,
  type Organiser,
} from './lib/organiser.js';
import { createFreshDatabase, type FreshDatabase } from './lib/postgres.js';
import {
  freePort,
  machineCpuTicks,
  postgresCpuBetween,
  postgresCpuByProcess,
  startServer,
  stealPercent,
  type ServerProcess,
} from './lib/server-process.js';

const BUYERS = Number(process.env.BUYERS ?? 2000);
const CAPACITY = Number(process.env.CAPACITY ?? 500);
/** Checkouts in flight at once (open connections, like that many browsers submitting together). */
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 100);
const PAY_CONCURRENCY = Number(process.env.PAY_CONCURRENCY ?? 50);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// With BASELINE the comparison is the two-process set-up unless SETUPS says otherwise.
const SETUPS = process.env.SETUPS ?? (BASELINE ? 'c' : 'abcf');
/** PAY=0 stops after the holds (for profiling the hold path alone); the sold/oversold checks then see holds. */
const PAY = process.env.PAY !== '0';
const AUTH_SECRET = 'bench-secret-bench-secret-bench-secret-0123';
/** Checkouts per process on the warm-up event before the rush (60% held, then sold-out refusals). */
const WARM_CHECKOUTS = Number(process.env.WARM_CHECKOUTS ?? 300);
/** Times the chosen set-ups run, one after another (the machine's speed varies between runs minutes apart). */
const ROUNDS = Math.max(1, Number(process.env.ROUNDS ?? 1));
/** Run each set-up without and with a shared quota over the rush's types (decision 128). */
const QUOTA = process.env.QUOTA === '1';
/** One more run of set-up b, profiled, to split the server's CPU between the sandbox and the product. */
const SPLIT = process.env.SPLIT === '1';
/** The issue's target for b) and c): holds per second and p99 of every checkout request (ms). */
const TARGET = { holdsPerSecond: 1000, p99: 200 };

interface Burst {
  latencies: number[];
  holdLatencies: number[];
  statuses: Map<number, number>;
  tokens: string[];
  burstSeconds: number;
  holdSeconds: number;
  /** CPU seconds the server processes used during the burst (null without /proc). */
  serverCpuSeconds: number | null;
  /** CPU seconds this process (the bench's client) used during the burst. */
  clientCpuSeconds: number;
  /** CPU seconds PostgreSQL's processes used during the burst (null without /proc; PGlite runs in the server). */
  postgresCpuSeconds: number | null;
  stealPercent: number | null;
}

/** BUYERS checkouts, CONCURRENCY in flight, spread over the clients (one per process); a hold answers 303. */
async function rushBurst(
  clients: HttpClient[],
  checkoutPath: string,
  host: string,
  headers: Record<string, string>,
  formFor: (index: number) => Record<string, string>,
  servers: ServerProcess[],
): Promise<Burst> {
  const serverCpu = () =>
    servers.reduce<number | null>((sum, server) => {
      const seconds = server.cpuSeconds();
      return sum === null || seconds === null ? null : sum + seconds;
    }, 0);
  const cpuBefore = serverCpu();
  const clientBefore = process.cpuUsage();
  const postgresBefore = postgresCpuByProcess();
  const machineBefore = machineCpuTicks();
  const latencies: number[] = [];
  const holdLatencies: number[] = [];
  const statuses = new Map<number, number>();
  const tokens: string[] = [];
  let lastHoldAt = 0;
  const started = performance.now();
  await forEachLimited(
    Array.from({ length: BUYERS }, (_, index) => index),
    CONCURRENCY,
    async (index) => {
      const client = clients[index % clients.length]!;
      const t0 = performance.now();
      const reply = await client.trySend({
        path: checkoutPath,
        host,
        headers,
        body: formFor(index),
        discardBody: true,
      });
      const elapsed = performance.now() - t0;
      latencies.push(elapsed);
      statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
      if (reply.status === 303) {
        const token = /^\/checkout\/([A-Za-z0-9_-]{43})$/.exec(reply.location)?.[1];
        if (!token) throw new Error(`unexpected checkout redirect: ${reply.location}`);
        tokens.push(token);
        holdLatencies.push(elapsed);
        lastHoldAt = performance.now();
      }
    },
  );
  const burstSeconds = (performance.now() - started) / 1000;
  const cpuAfter = serverCpu();
  const clientCpu = process.cpuUsage(clientBefore);
  const postgresAfter = postgresCpuByProcess();
  const machineAfter = machineCpuTicks();
  latencies.sort((a, b) => a - b);
  holdLatencies.sort((a, b) => a - b);
  return {
    latencies,
    holdLatencies,
    statuses,
    tokens,
    burstSeconds,
    holdSeconds: (lastHoldAt - started) / 1000,
    serverCpuSeconds: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore,
    clientCpuSeconds: (clientCpu.user + clientCpu.system) / 1e6,
    postgresCpuSeconds: postgresCpuBetween(postgresBefore, postgresAfter),
    stealPercent: stealPercent(machineBefore, machineAfter),
  };
}

function burstFigures(burst: Burst) {
  const refused = [...burst.statuses.entries()]
    .filter(([status]) => status !== 303)
    .map(([status, n]) => `${n}x${status === 0 ? 'timeout' : status}`)
    .join(' ');
  return {
    buyers: BUYERS,
    held: burst.tokens.length,
    refused: refused || '-',
    reqPerSecond: BUYERS / burst.burstSeconds,
    holdsPerSecond: burst.holdSeconds > 0 ? burst.tokens.length / burst.holdSeconds : 0,
    p50: percentile(burst.latencies, 50),
    p99: percentile(burst.latencies, 99),
    holdP99: percentile(burst.holdLatencies, 99),
    cpuPerRequest: burst.serverCpuSeconds === null ? null : (burst.serverCpuSeconds * 1000) / BUYERS,
    clientCpuPerRequest: (burst.clientCpuSeconds * 1000) / BUYERS,
    postgresCpuPerRequest: burst.postgresCpuSeconds === null ? null : (burst.postgresCpuSeconds * 1000) / BUYERS,
    stealPercent: burst.stealPercent,
  };
}

const MAIL_WAIT_SECONDS = Number(process.env.MAIL_WAIT_SECONDS ?? 300);

/** Polls the outbox until it holds one e-mail per paid order to the fans (fan<n>@example.com), or gives up. */
async function mailsHandedOver(database: RushDatabase, paid: number, lastSale: number) {
  for (;;) {
    const counted = database.mailsTo('fan%@example.com');
    if (counted === null) return null;
    const count = await counted;
    const seconds = (performance.now() - lastSale) / 1000;
    if (count >= paid) return { seconds, count };
    if (seconds > MAIL_WAIT_SECONDS) return { seconds: Number.POSITIVE_INFINITY, count };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** process.hrtime in microseconds: the clock a CPU profile's timestamps are on (CLOCK_MONOTONIC on Linux). */
const microsecondsNow = () => Number(process.hrtime.bigint() / 1000n);

const between = (before: number | null | undefined, after: number | null | undefined) =>
  before === null || before === undefined || after === null || after === undefined ? null : after - before;

/** SPLIT=1: the profile the server wrote on exit, attributed to the sandbox and the product over `window`. */
function splitFigures(dir: string, pid: number | undefined, window: { from: number; to: number }) {
  const profile = readMainThreadProfile(dir, pid);
  if (!profile) return { attribution: null, sandboxFramesFound: false };
  return {
    attribution: attributeSamples(profile, sandboxMark, window),
    sandboxFramesFound: profile.nodes.some((node) => sandboxMark(node.callFrame) === 'sandbox'),
  };
}

async function runSetup(
  setup: string,
  database: RushDatabase,
  processes: number,
  version: CodeVersion | undefined,
  quota: 'none' | 'two types' | 'quota' = 'none',
  /** SPLIT=1: the directory the (one) server writes its CPU profile into. */
  profileDir?: string,
): Promise<Row> {
  const servers: ServerProcess[] = [];
  const clients: HttpClient[] = [];
  try {
    const ports = await Promise.all(Array.from({ length: processes }, () => freePort()));
    const appHost = `localhost:${ports[0]}`;
    // Every process has the same public configuration, as behind a load balancer: one app host, one storefront
    // domain; the bench picks the process by the port it connects to.
    const env = { ...database.env, PUBLIC_HOST: appHost, APP_URL: `http://${appHost}`, AUTH_SECRET };
    const profiling = profileDir
      ? // Writing a large profile at exit takes a while: more time before the stop turns into SIGKILL.
        { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`], stopTimeoutMs: 120_000 }
      : {};
    for (const port of ports) servers.push(await startServer(port, env, { root: version?.root, ...profiling }));
    const perClient = Math.max(1, Math.ceil(Math.max(CONCURRENCY, PAY_CONCURRENCY) / processes));
    for (const port of ports) clients.push(new HttpClient(port, perClient));
    const subdomain = `rush${Date.now().toString(36)}`;
    const organiser = await sellingOrganiser(clients[0]!, appHost, subdomain);
    const live = await createLiveEvent(clients[0]!, appHost, organiser, quota === 'quota' ? CAPACITY * 2 : CAPACITY);
    const { types: rushTypes, addOnId } =
      quota === 'none'
        ? { types: [live.ticketTypeId], addOnId: null }
        : await withQuota(clients[0]!, appHost, organiser, live, quota);
    const shopHost = `${subdomain}.${appHost}`;
    const shopHeaders = { origin: `http://${shopHost}` };
    // Warm each process (JIT, connection pool) on the event page, which changes nothing, and on the checkout of
    // another event (its own capacity, sold out by the warm-up), as a server that has been selling would be.
    const warmEvent = await createLiveEvent(
      clients[0]!,
      appHost,
      organiser,
      Math.floor(WARM_CHECKOUTS * processes * 0.6),
    );
    for (const client of clients) {
      await forEachLimited(Array.from({ length: 40 }), 10, async () => {
        const page = await client.send({ path: `/events/${live.slug}`, host: shopHost });
        if (page.status !== 200) throw new Error(`event page: ${page.status}`);
      });
    }
    await forEachLimited(
      Array.from({ length: WARM_CHECKOUTS * processes }, (_, index) => index),
      CONCURRENCY,
      async (index) => {
        const reply = await clients[index % clients.length]!.send({
          path: `/events/${warmEvent.slug}/checkout`,
          host: shopHost,
          headers: shopHeaders,
          body: fanCheckoutForm(warmEvent, `warm${index}@example.com`, `Warm ${index}`),
        });
        if (reply.status !== 303 && reply.status !== 400 && reply.status !== 409)
          throw new Error(`warm-up checkout: ${reply.status}`);
      },
    );

    const burst = await rushBurst(
      clients,
      `/events/${live.slug}/checkout`,
      shopHost,
      shopHeaders,
      (index) => ({
        ...fanCheckoutForm(
          { ...live, ticketTypeId: rushTypes[index % rushTypes.length]! },
          `fan${index}@example.com`,
          `Number ${index}`,
        ),
        ...(addOnId ? { [`addon_${addOnId}`]: '1' } : {}),
      }),
      servers,
    );
    const { tokens } = burst;

    // Each sale as the fan makes it, through the process the hold was sent to: pay, the sandbox's card form, the
    // return page, the order page; it counts once that page shows the ticket (bench/lib/rush-sale.ts).
    let paid = 0;
    const salesBy = servers.map(() => 0);
    const failures = new Map<SaleFailure, number>();
    const cpuAtStart = servers.map((server) => server.cpuSeconds());
    const pgAtStart = database.label === 'PGlite' ? null : postgresCpuByProcess();
    const payWindowFrom = microsecondsNow();
    const payStarted = performance.now();
    await forEachLimited(PAY ? tokens : [], PAY_CONCURRENCY, async (token, index) => {
      const at = index % clients.length;
      const failure = await paySale(clients[at]!, token, { host: shopHost, headers: shopHeaders }, appHost);
      if (failure) failures.set(failure, (failures.get(failure) ?? 0) + 1);
      else {
        paid += 1;
        salesBy[at]! += 1;
      }
    });
    const lastSale = performance.now();
    const payWindowTo = microsecondsNow();
    const cpuAtLastSale = servers.map((server) => server.cpuSeconds());
    const pgPayCpuSeconds = pgAtStart ? postgresCpuBetween(pgAtStart, postgresCpuByProcess()) : null;
    const paySeconds = (lastSale - payStarted) / 1000;
    // Every fan's ticket e-mail handed to the mail server (the outbox): seconds from the last sale until the
    // outbox holds one per paid order, and how many it holds then (more than `paid`: sent twice). Not in the
    // profiled run, which splits the pay phase only (and whose mail lane, under the profiler, can wait minutes).
    const fanMails = PAY && !profileDir ? await mailsHandedOver(database, paid, lastSale) : null;
    const cpuAtMails = fanMails ? servers.map((server) => server.cpuSeconds()) : null;
    const counters = await eventCounters(clients[0]!, appHost, organiser, live.id);
    const quotaSold = quota === 'quota' ? await quotaCounters(clients[0]!, appHost, organiser, live.id) : null;
    const addOnSold = addOnId ? await addOnCounters(clients[0]!, appHost, organiser, live.id) : null;

    await Promise.all(clients.map((client) => client.close()));
    clients.length = 0;
    const serverFigures: ProcessFigures[] = servers.map((server, index) => ({
      pid: server.pid,
      sales: salesBy[index]!,
      payCpuSeconds: between(cpuAtStart[index], cpuAtLastSale[index]),
      toMailCpuSeconds: cpuAtMails ? between(cpuAtStart[index], cpuAtMails[index]) : null,
      rss: server.rssMegabytes(),
    }));
    const pids = servers.map((server) => server.pid);
    await Promise.all(servers.map((server) => server.stop()));
    servers.length = 0;
    const split = profileDir ? splitFigures(profileDir, pids[0], { from: payWindowFrom, to: payWindowTo }) : undefined;
    const counts = await database.count(live.id);
    const figures = burstFigures(burst);
    return {
      setup,
      version: version?.label,
      ...figures,
      // PGlite runs inside the server process: its CPU is in cpu/req.
      postgresCpuPerRequest: database.label === 'PGlite' ? null : figures.postgresCpuPerRequest,
      paid: PAY ? paid : null,
      payFailures: [...failures.values()].reduce((sum, n) => sum + n, 0),
      payFailureReasons: failureSummary(failures),
      paySeconds,
      mailSeconds: fanMails?.seconds ?? null,
      fanMails: fanMails?.count ?? null,
      sold: counters.sold,
      tickets: counts.tickets,
      heldLeft: counters.held,
      oversold: Math.max(
        0,
        Math.max(counters.sold, counts.tickets, quotaSold?.taken ?? 0, addOnSold?.taken ?? 0) - CAPACITY,
      ),
      processes: serverFigures,
      postgresPayCpuSeconds: pgPayCpuSeconds,
      split,
    };
  } finally {
    await Promise.allSettled(clients.map((client) => client.close()));
    await Promise.allSettled(servers.map((server) => server.stop()));
  }
}

/**
 * The rush's second type ('Early Bird', same price) and, for 'quota', a shared quota of CAPACITY over both and an
 * add-on of CAPACITY, made through the organiser's API; answers the types the fans choose from, in turn, and the
 * add-on each takes one of (null without).
 */
async function withQuota(
  client: HttpClient,
  appHost: string,
  organiser: Organiser,
  live: LiveEvent,
  quota: 'two types' | 'quota',
): Promise<{ types: string[]; addOnId: string | null }> {
  const headers = { origin: `http://${appHost}`, cookie: organiser.cookie };
  const added = await client.send({
    path: `/api/events/${live.id}/ticket-types`,
    host: appHost,
    headers,
    json: { name: 'Early Bird', description: '', price: '20.00', capacity: null, max_per_order: 10, hidden: false },
  });
  if (added.status !== 201) throw new Error(`second type: ${added.status} ${added.body}`);
  const types = [live.ticketTypeId, (JSON.parse(added.body) as { id: string }).id];
  if (quota === 'quota') {
    const made = await client.send({
      path: `/api/events/${live.id}/quotas`,
      host: appHost,
      headers,
      json: { name: 'Standing', capacity: CAPACITY, ticket_type_ids: types },
    });
    if (made.status !== 201) throw new Error(`quota: ${made.status} ${made.body}`);
    const addOn = await client.send({
      path: `/api/events/${live.id}/add-ons`,
      host: appHost,
      headers,
      json: { name: 'T-shirt', price: '15.00', capacity: CAPACITY, max_per_order: 2 },
    });
    if (addOn.status !== 201) throw new Error(`add-on: ${addOn.status} ${addOn.body}`);
    return { types, addOnId: (JSON.parse(addOn.body) as { id: string }).id };
  }
  return { types, addOnId: null };
}

/** The rush's add-on as the organiser's API shows it: sold and held together. */
async function addOnCounters(client: HttpClient, appHost: string, organiser: Organiser, eventId: string) {
  const response = await client.send({
    path: `/api/events/${eventId}/add-ons`,
    host: appHost,
    headers: { cookie: organiser.cookie },
  });
  if (response.status !== 200) throw new Error(`add-ons read: ${response.status} ${response.body}`);
  const [addOn] = (JSON.parse(response.body) as { add_ons: Array<{ sold: number; held: number }> }).add_ons;
  return { taken: (addOn?.sold ?? 0) + (addOn?.held ?? 0) };
}

/** The rush's quota as the organiser's API shows it: its sold and held tickets together. */
async function quotaCounters(client: HttpClient, appHost: string, organiser: Organiser, eventId: string) {
  const response = await client.send({
    path: `/api/events/${eventId}/quotas`,
    host: appHost,
    headers: { cookie: organiser.cookie },
  });
  if (response.status !== 200) throw new Error(`quotas read: ${response.status} ${response.body}`);
  const [quota] = (JSON.parse(response.body) as { quotas: Array<{ sold: number; held: number }> }).quotas;
  return { taken: (quota?.sold ?? 0) + (quota?.held ?? 0) };
}

/** QUOTA=1: per set-up, holds/s and p99 without and with the shared quota (medians over the rounds) and oversold. */
function printQuotaComparison(all: Row[]) {
  console.log(
    '\nshared quota and add-on (decisions 128, 134): the same rush over two types, without and with a quota of CAPACITY and an add-on every fan takes',
  );
  const base = (setup: string) => setup.replace(/ \+ (two types|quota)$/, '');
  const med = (values: number[]) =>
    percentile(
      [...values].sort((a, b) => a - b),
      50,
    );
  for (const setup of [...new Set(all.map((row) => base(row.setup)))]) {
    const without = all.filter((row) => row.setup === `${setup} + two types`);
    const withQuota = all.filter((row) => row.setup === `${setup} + quota`);
    if (without.length === 0 || withQuota.length === 0) continue;
    const a = med(without.map((row) => row.holdsPerSecond));
    const b = med(withQuota.map((row) => row.holdsPerSecond));
    const p99 = (rows: Row[]) => med(rows.map((row) => row.p99)).toFixed(0);
    const oversold = Math.max(...withQuota.map((row) => row.oversold), ...without.map((row) => row.oversold));
    console.log(
      `${setup.padEnd(26)} holds/s without ${a.toFixed(0)} (p99 ${p99(without)} ms), with quota + add-on ${b.toFixed(0)} (p99 ${p99(withQuota)} ms): ${(b / a).toFixed(2)}x; oversold ${oversold}`,
    );
  }
}

/**
 * Set-up f: the floor. bench/lib/floor-server.ts on its own fresh database makes the hold's three round trips with
 * no product around them, warmed and rushed exactly as the product is; then it sells every hold, PAY_CONCURRENCY at
 * a time as the product's pay phase, each sale one request making the payment's and the fulfilment's statements
 * alone. What it reaches is what this machine allows.
 */
async function runFloor(url: string): Promise<Row> {
  const port = await freePort();
  const warmCapacity = Math.floor(WARM_CHECKOUTS * 0.6);
  const server = await startServer(
    port,
    { DATABASE_URL: url, CAPACITY: String(CAPACITY), WARM_CAPACITY: String(warmCapacity) },
    { script: 'bench/lib/floor-server.ts' },
  );
  const client = new HttpClient(port, CONCURRENCY);
  try {
    const host = 'floor.localhost';
    const form = (index: number) => ({ email: `fan${index}@example.com`, first_name: 'Fan', last_name: `${index}` });
    await forEachLimited(
      Array.from({ length: WARM_CHECKOUTS }, (_, index) => index),
      CONCURRENCY,
      async (index) => {
        const reply = await client.send({ path: '/events/warm/checkout', host, body: form(index) });
        if (reply.status !== 303 && reply.status !== 409) throw new Error(`floor warm-up: ${reply.status}`);
      },
    );
    const burst = await rushBurst([client], '/events/rush/checkout', host, {}, form, [server]);
    let paid = 0;
    let payFailures = 0;
    const cpuAtStart = server.cpuSeconds();
    const pgAtStart = postgresCpuByProcess();
    const payStarted = performance.now();
    await forEachLimited(PAY ? burst.tokens : [], PAY_CONCURRENCY, async (token) => {
      const reply = await client.trySend({ method: 'POST', path: `/checkout/${token}/pay`, host, body: '' });
      if (reply.status === 303 && reply.location === `/orders/${token}`) paid += 1;
      else payFailures += 1;
    });
    const paySeconds = (performance.now() - payStarted) / 1000;
    const payCpuSeconds = between(cpuAtStart, server.cpuSeconds());
    const postgresPayCpuSeconds = postgresCpuBetween(pgAtStart, postgresCpuByProcess());
    const counted = new pg.Client({ connectionString: url });
    await counted.connect();
    try {
      const orders = await counted.query<{ n: number }>(
        `select count(*)::int as n from floor_order where event_slug = 'rush'`,
      );
      const tickets = await counted.query<{ n: number }>(
        `select count(*)::int as n from floor_ticket join floor_order on floor_order.id = order_id where event_slug = 'rush'`,
      );
      const counters = await counted.query<{ held: number; sold: number }>(
        `select held, sold from floor_event where slug = 'rush'`,
      );
      // Without payments what the floor sold is its holds, as before the sale floor.
      const sold = PAY ? counters.rows[0]!.sold : orders.rows[0]!.n;
      const ticketCount = PAY ? tickets.rows[0]!.n : sold;
      return {
        setup: 'f) floor, PostgreSQL',
        ...burstFigures(burst),
        paid: PAY ? paid : null,
        mailSeconds: null,
        fanMails: null,
        payFailures,
        paySeconds,
        sold,
        tickets: ticketCount,
        heldLeft: counters.rows[0]!.held,
        oversold: Math.max(0, Math.max(sold, ticketCount, orders.rows[0]!.n) - CAPACITY),
        processes: [
          { pid: server.pid, sales: paid, payCpuSeconds, toMailCpuSeconds: null, rss: server.rssMegabytes() },
        ],
        postgresPayCpuSeconds,
      };
    } finally {
      await counted.end();
    }
  } finally {
    await client.close();
    await server.stop();
  }
}

console.log(
  `Checkout rush: ${BUYERS} fans (1 ticket each, distinct e-mails) for ${CAPACITY} tickets, ${CONCURRENCY} checkouts in flight, ` +
    `payments ${PAY_CONCURRENCY} at a time; ${os.cpus().length} CPU cores (load average ${os.loadavg()[0]!.toFixed(1)}), Node ${process.version}. Latencies in ms (server response time per request); cpu/req: ms of the server processes' CPU per checkout request over the burst; client and pg: the same for the bench's own client and for PostgreSQL; steal: % of the machine's CPU time the hypervisor gave to others during the burst. paid: sales whose order page shows the ticket (the floor: sales its one statement made), pay s: seconds to make them all, sales/s: paid / pay s; mail s: seconds from the last sale until every fan's ticket e-mail is in the outbox. Under each row, each server process's CPU per sale it served over the pay phase and its memory before it stopped, and PostgreSQL's CPU per sale over the pay phase.`,
);
// Without BASELINE one version, the working tree, and rows carry no version label.
const compared = BASELINE ? codeVersions() : undefined;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-rush-'));
const rows: Row[] = [];
let failed = false;
try {
  console.log(header);
  for (let round = 1; round <= ROUNDS; round += 1) {
    if (ROUNDS > 1) console.log(`round ${round} of ${ROUNDS}`);
    // Old and new alternate which goes first from round to round; the floor runs no product code, so once a round.
    const order: Array<CodeVersion | undefined> = compared ? inRoundOrder(compared, round) : [undefined];
    // With QUOTA, each set-up runs without and with the quota, which goes first alternating from round to round.
    const variants: Array<'none' | 'two types' | 'quota'> = QUOTA
      ? round % 2 === 1
        ? ['two types', 'quota']
        : ['quota', 'two types']
      : ['none'];
    const named = (setup: string, variant: 'none' | 'two types' | 'quota') =>
      variant === 'none' ? setup : `${setup} + ${variant}`;
    for (const version of order) {
      const tag = version ? ` [${version.label}]` : '';
      for (const variant of SETUPS.includes('a') ? variants : []) {
        try {
          rows.push(
            await runSetup(
              named('a) 1 process, PGlite', variant),
              pgliteDatabase(path.join(tmp, `pglite-${variant.replace(' ', '-')}`)),
              1,
              version,
              variant,
            ),
          );
          printRow(rows.at(-1)!);
        } catch (error) {
          failed = true;
          console.error(`a)${tag} failed:`, error);
        }
      }
      // The PostgreSQL set-ups, each on a fresh database: the product on one, two and three processes (d: the
      // scale-out model's check, docs/scale-out.md), then the floor.
      const products: Array<[string, string, number]> = [
        ['b', 'b) 1 process, PostgreSQL', 1],
        ['c', 'c) 2 processes, PostgreSQL', 2],
        ['d', 'd) 3 processes, PostgreSQL', 3],
      ];
      const onPostgres: Array<[string, string, (url: string) => Promise<Row>]> = [
        ...products.flatMap(([letter, label, processes]) =>
          variants.map((variant): [string, string, (url: string) => Promise<Row>] => [
            letter,
            named(label, variant),
            (url) =>
              runSetup(
                named(label, variant),
                postgresDatabase(url, path.join(tmp, `pg${processes}`)),
                processes,
                version,
                variant,
              ),
          ]),
        ),
        ['f', 'f) floor, PostgreSQL', runFloor],
      ];
      const isLast = version === order.at(-1);
      for (const [letter, setup, run] of onPostgres.filter(
        ([letter]) => SETUPS.includes(letter) && (letter !== 'f' || isLast),
      )) {
        let created: FreshDatabase;
        try {
          created = await createFreshDatabase(PG_URL, 'marquee_bench');
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          console.log(`${setup.padEnd(24)} skipped: PostgreSQL not reachable at ${PG_URL} (${reason})`);
          continue;
        }
        try {
          rows.push(await run(created.url));
          printRow(rows.at(-1)!);
        } catch (error) {
          failed = true;
          console.error(`${letter})${letter === 'f' ? '' : tag} failed:`, error);
        } finally {
          await created.drop();
        }
      }
    }
  }
  // SPLIT=1: one more run of set-up b per code version, its server profiled (its figures are not the others').
  for (const version of SPLIT ? (compared ?? [undefined]) : []) {
    const setup = 'b) profiled (SPLIT=1)';
    let created: FreshDatabase;
    try {
      created = await createFreshDatabase(PG_URL, 'marquee_bench');
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      console.log(`${setup.padEnd(24)} skipped: PostgreSQL not reachable at ${PG_URL} (${reason})`);
      break;
    }
    try {
      const profileDir = path.join(tmp, `cpu-profile-${version?.label ?? 'new'}`);
      rows.push(
        await runSetup(
          setup,
          postgresDatabase(created.url, path.join(tmp, 'pg-split')),
          1,
          version,
          'none',
          profileDir,
        ),
      );
      printRow(rows.at(-1)!);
    } catch (error) {
      failed = true;
      console.error(`${setup}${version ? ` [${version.label}]` : ''} failed:`, error);
    } finally {
      await created.drop();
    }
  }
  // The summaries leave the profiled runs out: a profiled server is slower.
  const measured = rows.filter((row) => !row.split);
  if (BASELINE) printBaseline(measured, BASELINE);
  else {
    if (ROUNDS > 1) printRounds(measured, ROUNDS, TARGET);
    printSalesRate(measured, QUEUE_DEFAULT_RATE_PER_MINUTE);
    if (QUOTA) printQuotaComparison(measured);
  }
  printSaleFloor(measured);
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
const oversold = rows.some((row) => row.oversold > 0 || row.held > CAPACITY);
if (oversold) console.log('OVERSOLD: capacity was exceeded in at least one set-up.');
process.exitCode = failed || oversold ? 1 : 0;
