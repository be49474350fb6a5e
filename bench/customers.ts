// Customers at scale: one organisation with 100,000 customers from 300,000 paid orders over 50 events (2% of
// orders in EUR, so some customers spend in two currencies), beside two other organisations with 10,000
// customers each, seeded in bulk by SQL (generate_series) with the roll-ups fulfilment keeps. On PGlite in
// memory and on PostgreSQL: p50/p95/p99 of the customers list (sorts, deep pages, searches) and the detail
// through app.inject, then the CSV export of all 100,000 rows over real HTTP, read as a stream, with the
// process's peak RSS above where it started and its heap in use every 20,000 rows (client and server share the
// process, so both include the client's reading). Figures, not pass/fail.
// Run with `npm run bench -- customers` (NODE_OPTIONS=--expose-gc for the heap after collection; CUSTOMERS=100000 ORDERS=300000 ITERATIONS=40 BENCH_DATABASE_URL=...).
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { resolveAuthSecret } from '../apps/server/src/config-secret.js';
import type { DatabaseHandle } from '../apps/server/src/db/client.js';
import { customer } from '../apps/server/src/db/schema/index.js';
import { createOrganizationFor, signUpAndVerify } from '../apps/server/test/auth-helpers.js';
import { loadAverage, onEachDatabase, percentiles } from './lib/databases.js';

const CUSTOMERS = Number(process.env.CUSTOMERS ?? 100_000);
const ORDERS = Number(process.env.ORDERS ?? 300_000);
const EVENTS = 50;
const ITERATIONS = Number(process.env.ITERATIONS ?? 40);

const middlePage = Math.max(1, Math.floor(CUSTOMERS / 50 / 2));
const CASES: Array<[string, string]> = [
  ['list, name asc, page 1', '/api/customers'],
  ['list, name desc, page 1', '/api/customers?sort=name&direction=desc'],
  [`list, name asc, page ${middlePage}`, `/api/customers?page=${middlePage}`],
  ['list, total spent desc', '/api/customers?sort=totalSpent&direction=desc'],
  ['list, events desc', '/api/customers?sort=eventsAttended&direction=desc'],
  ['list, last purchase desc', '/api/customers?sort=lastPurchase&direction=desc'],
  ['list, country asc', '/api/customers?sort=country'],
  ['list, status desc', '/api/customers?sort=status&direction=desc'],
  [`list, status desc, page ${middlePage}`, `/api/customers?sort=status&direction=desc&page=${middlePage}`],
  [`list, status asc, page ${middlePage}`, `/api/customers?sort=status&page=${middlePage}`],
  ['search name "number 4242"', '/api/customers?search=number%204242'],
  ['search e-mail "fan77@"', '/api/customers?search=fan77%40'],
  ['search phone "900123"', '/api/customers?search=900123'],
  ['search everyone "example"', '/api/customers?search=example&sort=totalSpent&direction=desc'],
  ['search nobody "zzz"', '/api/customers?search=zzz'],
];

type Timings = Map<string, number[]> & { load?: string };

/** `customers` buyers from `orders` paid orders for the organisation's events, with every roll-up. */
async function seed(database: DatabaseHandle, organizationId: string, customers: number, orders: number) {
  const { db } = database;
  await db.execute(sql`
    insert into event (organization_id, status, name, slug, description, artwork_url, location, starts_at, ends_at,
      remove_on_event_end, published_at, created_at)
    select ${organizationId}, 'live', 'Event ' || n, 'event-' || n, 'Benchmark event', '/uploads/images/bench.webp', 'Somewhere',
      now() + make_interval(days => n * 3 - 75), now() + make_interval(days => n * 3 - 75, hours => 4), false,
      now() - interval '800 days', now() - make_interval(days => 800 - n)
    from generate_series(0, ${EVENTS - 1}) as n`);
  await db.execute(sql`
    insert into ticket_type (organization_id, event_id, price_minor, currency)
    select organization_id, id, 2000, 'GBP' from event where organization_id = ${organizationId}`);
  // Customer c buys order i = c, c + customers, c + 2 * customers...: every customer has orders / customers
  // orders, at different events, over the last 700 days; 1 order in 50 is in EUR.
  await db.execute(sql`
    with ev as (
      select id as event_id, (row_number() over (order by created_at, id) - 1)::int as n
      from event where organization_id = ${organizationId}
    ), made as (
      select i, i % ${customers} as c, 1 + i % 3 as quantity,
        now() - make_interval(days => (i::bigint * 7919 % 700)::int, mins => i % 1440) as at,
        case when i % 50 = 0 then 'EUR' else 'GBP' end as currency
      from generate_series(0, ${orders - 1}) as i
    )
    insert into "order" (organization_id, event_id, code, access_token, status, first_name, last_name, customer_email,
      phone, country, marketing_consent, quantity, amount_minor, fee_minor, currency, created_at, updated_at, paid_at)
    select ${organizationId}, ev.event_id, 'MQ-' || substr(md5(${organizationId} || i), 1, 12),
      md5('a' || ${organizationId} || i) || substr(md5('b' || i), 1, 11), 'paid',
      (array['Ada','Grace','Alan','Edsger','Barbara','Donald','Frances','Ken'])[1 + c % 8], 'Number ' || c,
      'fan' || c || '@example.com', '07700 ' || lpad((c % 1000000)::text, 6, '0'),
      (array['GB','FR','DE','IE','US','ES','IT','NL'])[1 + c % 8], c % 3 = 0, quantity,
      2000 * quantity + (c % 97) * 100, 160 * quantity, currency, at, at, at
    from made join ev on ev.n = (made.c + made.i / ${customers}) % ${EVENTS}`);
  await db.execute(sql`
    insert into sales_daily (organization_id, event_id, day, currency, orders, tickets, revenue_minor, fee_minor)
    select organization_id, event_id, (paid_at at time zone 'UTC')::date, currency, count(*), sum(quantity),
      sum(amount_minor), sum(fee_minor)
    from "order" where organization_id = ${organizationId}
    group by organization_id, event_id, (paid_at at time zone 'UTC')::date, currency`);
  // The buyer rows as recordSale leaves them: details of the latest order, first currency as the sort key. The
  // per-month counts are rebuilt in one statement after, instead of by the row trigger 100,000 times on one row.
  await db.execute(sql`alter table customer disable trigger customer_monthly_insert_delete`);
  await db.execute(sql`
    insert into customer (organization_id, email, first_name, last_name, phone, country, marketing_consent, orders,
      tickets, first_purchase_at, last_purchase_at, events, spend_currency, spend_minor)
    select organization_id, customer_email, (array_agg(first_name order by paid_at desc))[1],
      (array_agg(last_name order by paid_at desc))[1], (array_agg(phone order by paid_at desc))[1],
      (array_agg(country order by paid_at desc))[1], (array_agg(marketing_consent order by paid_at desc))[1],
      count(*), sum(quantity), min(paid_at), max(paid_at), count(distinct event_id),
      (array_agg(currency order by paid_at))[1], 0
    from "order" where organization_id = ${organizationId} group by organization_id, customer_email`);
  await db.execute(sql`alter table customer enable trigger customer_monthly_insert_delete`);
  await db.execute(sql`
    insert into customer_monthly (organization_id, month, customers, frequent)
    select organization_id, date_trunc('month', first_purchase_at at time zone 'UTC')::date, count(*),
      count(*) filter (where events >= 3)
    from customer where organization_id = ${organizationId} group by 1, 2`);
  await db.execute(sql`
    insert into customer_spend (organization_id, customer_id, currency, amount_minor)
    select c.organization_id, c.id, o.currency, sum(o.amount_minor)
    from "order" o join customer c on c.organization_id = o.organization_id and c.email = o.customer_email
    where o.organization_id = ${organizationId} group by c.organization_id, c.id, o.currency`);
  await db.execute(sql`
    update customer c set spend_minor = s.amount_minor from customer_spend s
    where s.customer_id = c.id and s.currency = c.spend_currency and c.organization_id = ${organizationId}`);
  await db.execute(sql`
    insert into customer_event (organization_id, customer_id, event_id, tickets, first_purchase_at)
    select c.organization_id, c.id, o.event_id, sum(o.quantity), min(o.paid_at)
    from "order" o join customer c on c.organization_id = o.organization_id and c.email = o.customer_email
    where o.organization_id = ${organizationId} group by c.organization_id, c.id, o.event_id`);
}

async function timeCases(app: Awaited<ReturnType<typeof buildApp>>, cookie: string, ids: string[]) {
  const timings: Timings = new Map();
  const run = async (url: string) => {
    const response = await app.inject({ method: 'GET', url, headers: { cookie } });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  };
  const cases: Array<[string, (index: number) => string]> = [
    ...CASES.map(([label, url]): [string, () => string] => [label, () => url]),
    ['detail (random customer)', (index) => `/api/customers/${ids[(index * 7919) % ids.length]}`],
  ];
  for (const [label, url] of cases) {
    for (let index = 0; index < 3; index += 1) await run(url(index));
    const list: number[] = [];
    for (let index = 0; index < ITERATIONS; index += 1) {
      const t0 = performance.now();
      await run(url(index));
      list.push(performance.now() - t0);
    }
    timings.set(
      label,
      list.sort((a, b) => a - b),
    );
  }
  timings.load = loadAverage();
  return timings;
}

/** The export over real HTTP, read as a stream and thrown away, sampling this process's RSS meanwhile. */
async function timeExport(app: Awaited<ReturnType<typeof buildApp>>, cookie: string) {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  global.gc?.();
  const startRss = process.memoryUsage().rss;
  let peakRss = startRss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 20);
  const t0 = performance.now();
  const response = await fetch(`${address}/api/customers/export`, { headers: { cookie } });
  if (!response.ok || !response.body) throw new Error(`export: ${response.status}`);
  let bytes = 0;
  let lines = 0;
  // The heap in use at every 20,000 rows: flat when the export streams, rising with the rows when it buffers.
  const heapAt: number[] = [];
  for await (const chunk of response.body) {
    bytes += chunk.length;
    const buffer = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
    for (let at = buffer.indexOf(10); at !== -1; at = buffer.indexOf(10, at + 1)) {
      lines += 1;
      if (lines % 20_000 === 0) {
        // With NODE_OPTIONS=--expose-gc the heap is measured after a full collection, so garbage not yet
        // collected does not look like memory held.
        global.gc?.();
        heapAt.push(process.memoryUsage().heapUsed);
      }
    }
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }
  clearInterval(sampler);
  return {
    seconds: (performance.now() - t0) / 1000,
    rows: lines - 1,
    megabytes: bytes / 1024 / 1024,
    peakRssDeltaMb: (peakRss - startRss) / 1024 / 1024,
    heapMb: heapAt.map((value) => (value / 1024 / 1024).toFixed(0)).join(' '),
  };
}

interface Result {
  timings: Timings;
  exported: Awaited<ReturnType<typeof timeExport>>;
  seedSeconds: number;
}

async function runOn(label: string, database: DatabaseHandle): Promise<Result> {
  const app = await buildApp({
    config: resolveAuthSecret(
      loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        RATE_LIMIT_MULTIPLIER: '1000',
        AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      }),
    ),
    database,
    webDistDir: '/nonexistent',
    assertCanSell: async () => {},
  });
  try {
    await app.ready();
    const started = performance.now();
    const others = [];
    for (const name of ['other-a', 'other-b']) {
      const user = await signUpAndVerify(app);
      others.push((await createOrganizationFor(app, user, `bench-${name}`, 'Other Events')).id);
    }
    const user = await signUpAndVerify(app);
    const { id: organizationId } = await createOrganizationFor(app, user, 'bench-customers', 'Bench Customers');
    for (const other of others) await seed(database, other, CUSTOMERS / 10, ORDERS / 10);
    await seed(database, organizationId, CUSTOMERS, ORDERS);
    // Steady state: PostgreSQL's autovacuum would have set the visibility map and statistics by now (PGlite has
    // no autovacuum), so both are measured after VACUUM ANALYZE.
    await database.db.execute(sql`vacuum analyze`);
    const seedSeconds = (performance.now() - started) / 1000;
    console.log(`${label}: seeded in ${seedSeconds.toFixed(1)} s; measuring ${ITERATIONS} requests per case`);
    const ids = (
      await database.db
        .select({ id: customer.id })
        .from(customer)
        .where(sql`${customer.organizationId} = ${organizationId}`)
        .limit(2000)
    ).map((row) => row.id);
    const timings = await timeCases(app, user.cookie, ids);
    const exported = await timeExport(app, user.cookie);
    return { timings, exported, seedSeconds };
  } finally {
    await app.close();
  }
}

const results = new Map<string, Result>();
console.log(
  `Customers: ${CUSTOMERS} customers / ${ORDERS} orders / ${EVENTS} events in one organisation, two more with a tenth each; ` +
    `in-process (app.inject), Node ${process.version}`,
);
console.log(`${os.cpus().length} CPUs; load average (1, 5, 15 min) at the start: ${loadAverage()}`);
for (const [label, result] of await onEachDatabase('marquee_customers', runOn, {
  pglite: process.env.SKIP_PGLITE !== '1',
})) {
  results.set(label, result);
}

const columns = [...results.keys()];
const first = results.values().next().value;
if (first) {
  console.log(`\n${'p50 / p95 / p99 ms'.padEnd(34)}${columns.map((column) => column.padStart(24)).join('')}`);
  for (const label of first.timings.keys()) {
    const cells = columns.map((column) => {
      const list = results.get(column)!.timings.get(label)!;
      return percentiles(list).padStart(24);
    });
    console.log(`${label.padEnd(34)}${cells.join('')}`);
  }
  const row = (title: string, cell: (result: Result) => string) =>
    console.log(`${title.padEnd(34)}${columns.map((column) => cell(results.get(column)!).padStart(24)).join('')}`);
  row('CSV export: rows', (result) => String(result.exported.rows));
  row('CSV export: seconds', (result) => result.exported.seconds.toFixed(1));
  row('CSV export: MB', (result) => result.exported.megabytes.toFixed(1));
  row('CSV export: peak RSS delta MB', (result) => result.exported.peakRssDeltaMb.toFixed(1));
  row('CSV export: heap MB /20k rows', (result) => result.exported.heapMb);
  row('seed seconds', (result) => result.seedSeconds.toFixed(1));
  row('load average 1/5/15 min', (result) => result.timings.load ?? '');
}
