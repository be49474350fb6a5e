// Analytics at scale (issue 12): one organisation with 100,000 customers, 300,000 orders over the last year and
// 1,000,000 storefront page views (plus two other organisations beside it), seeded by bulk SQL, on PGlite in
// memory and on PostgreSQL. Prints the p50/p95/p99 of the analytics endpoints through app.inject, then the
// storefront event page's throughput over HTTP with view counting on and off (alternating rounds).
// Figures, not pass/fail. Run with `npm run bench -- analytics` (BENCH_DATABASE_URL, ITERATIONS, ROUNDS,
// ROUND_SECONDS, CONCURRENCY).
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { resolveAuthSecret } from '../apps/server/src/config-secret.js';
import type { DatabaseHandle } from '../apps/server/src/db/client.js';
import { createOrganizationFor, signUpAndVerify } from '../apps/server/test/auth-helpers.js';
import { HttpClient } from './lib/http.js';
import { loadAverage, onEachDatabase, percentiles } from './lib/databases.js';

const ITERATIONS = Number(process.env.ITERATIONS ?? 60);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const ROUND_SECONDS = Number(process.env.ROUND_SECONDS ?? 5);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 16);
const SUBDOMAIN = 'bench-analytics';
const PUBLIC_HOST = 'bench.test';

interface Scale {
  tag: string;
  events: number;
  orders: number;
  customers: number;
  /** Page views per event page per day (varied by up to +7). */
  viewsPerEventDay: number;
}
const MAIN: Scale = { tag: 'A', events: 200, orders: 300_000, customers: 100_000, viewsPerEventDay: 10 };
const OTHER: Scale = { tag: 'B', events: 20, orders: 30_000, customers: 10_000, viewsPerEventDay: 10 };

const ENDPOINTS = [
  '/api/analytics/summary?period=30d',
  '/api/analytics/summary?period=90d',
  '/api/analytics/summary?period=month',
  '/api/analytics/summary?period=custom&from={yearAgo}&to={today}',
  '/api/analytics/summary?period=30d&event_id={event}',
  '/api/analytics/chart?period=30d',
  '/api/analytics/chart?period=90d',
  '/api/analytics/chart?period=custom&from={yearAgo}&to={today}',
  '/api/analytics/events?period=30d',
  '/api/analytics/recent-sales?period=30d',
  '/api/analytics/regions?period=30d',
];
// Finished periods' New and Returning Customers are counted once and kept (analytics.past.ts): these summaries
// are also timed with nothing kept, as the first view of a day (or after a late payment) finds them.
const UNKEPT = [
  '/api/analytics/summary?period=30d',
  '/api/analytics/summary?period=90d',
  '/api/analytics/summary?period=custom&from={yearAgo}&to={today}',
];
const UNKEPT_LABEL = ' (nothing kept)';

const num = (value: unknown) => Number(value ?? 0);
const rows = (result: unknown) => (result as { rows: Array<Record<string, unknown>> }).rows;

/** Events, orders (70% paid), their roll-ups, customers and a year of page views for one organisation. */
async function seed(database: DatabaseHandle, organizationId: string, scale: Scale, tag: string) {
  const { db } = database;
  await db.execute(sql`
    insert into event (organization_id, status, name, slug, description, artwork_url, location, starts_at, ends_at,
      remove_on_event_end, published_at, created_at)
    select ${organizationId}, 'live', 'Event ' || i, 'event-' || i, 'Benchmark event', '/uploads/images/bench.webp', 'Somewhere',
      now() + make_interval(days => (i - ${scale.events / 2}) * 3), now() + make_interval(days => (i - ${scale.events / 2}) * 3, hours => 4),
      false, now() - interval '400 days', now() - make_interval(days => 400 - i)
    from generate_series(0, ${scale.events - 1}) as i`);
  // The storefront finds an event page by its slug (decision 026).
  await db.execute(sql`
    insert into event_slug (organization_id, slug, event_id)
    select organization_id, slug, id from event where organization_id = ${organizationId}`);
  await db.execute(sql`
    insert into ticket_type (organization_id, event_id, price_minor, currency)
    select organization_id, id, 2000, case when name like '%0' then 'EUR' else 'GBP' end
    from event where organization_id = ${organizationId}`);
  // Orders over the last 365 days; three orders in a row share a buyer (so every address has a paid order), 12 countries.
  await db.execute(sql`
    with ev as (
      select e.id as event_id, t.currency, (row_number() over (order by e.created_at, e.id) - 1)::int as n
      from event e join ticket_type t on t.event_id = e.id where e.organization_id = ${organizationId}
    ), made as (
      select i, ev.event_id, ev.currency, 1 + i % 4 as quantity,
        now() - make_interval(days => i % 365, mins => (i * 7) % 1440) as at,
        (array['paid','paid','paid','paid','paid','paid','paid','expired','refunded','cancelled'])[1 + i % 10] as status,
        (array['GB','GB','GB','US','FR','DE','IE','ES','NL','AU','CA','JP'])[1 + i % 12] as country
      from generate_series(0, ${scale.orders - 1}) as i join ev on ev.n = i % ${scale.events}
    )
    insert into "order" (organization_id, event_id, code, access_token, status, first_name, last_name, customer_email,
      country, quantity, amount_minor, fee_minor, refunded_minor, currency, created_at, updated_at, paid_at)
    select ${organizationId}, event_id, 'MQ-' || ${tag} || lpad(i::text, 7, '0'),
      md5(${tag} || 'a' || i) || substr(md5(${tag} || 'b' || i), 1, 11), status, 'Fan', 'Number ' || i,
      'fan' || ((i / 3) % ${scale.customers}) || '@example.com', country, quantity, 2000 * quantity, 160 * quantity,
      case when status = 'refunded' then 2000 * quantity else 0 end, currency, at, at,
      case when status in ('paid', 'refunded') then at end
    from made`);
  // The roll-ups as fulfilment's recordSale leaves them after every paid order.
  await db.execute(sql`
    insert into sales_daily (organization_id, event_id, day, currency, orders, tickets, revenue_minor, fee_minor)
    select organization_id, event_id, (paid_at at time zone 'UTC')::date, currency, count(*), sum(quantity),
      sum(amount_minor), sum(fee_minor)
    from "order" where organization_id = ${organizationId} and paid_at is not null
    group by organization_id, event_id, (paid_at at time zone 'UTC')::date, currency`);
  await db.execute(sql`
    insert into customer (organization_id, email, first_name, last_name, country, orders, tickets, first_purchase_at,
      last_purchase_at)
    select organization_id, customer_email, 'Fan', max(last_name), max(country), count(*), sum(quantity), min(paid_at),
      max(paid_at)
    from "order" where organization_id = ${organizationId} and paid_at is not null
    group by organization_id, customer_email`);
  // Page views per event page and day, the home page, and the per-day 'any storefront page' visitors.
  await db.execute(sql`
    insert into page_view_daily (organization_id, day, page, event_id, views, visitors)
    select ${organizationId}, current_date - d, 'event', e.id, ${scale.viewsPerEventDay} + (d + n) % 8,
      (${scale.viewsPerEventDay} + (d + n) % 8) * 7 / 10
    from generate_series(0, 364) as d
      cross join (select id, (row_number() over (order by id))::int as n from event
                  where organization_id = ${organizationId}) e`);
  await db.execute(sql`
    insert into page_view_daily (organization_id, day, page, event_id, views, visitors)
    select ${organizationId}, current_date - d, 'home', null, 40 + d % 20, 30 + d % 10 from generate_series(0, 364) as d`);
  await db.execute(sql`
    insert into page_view_daily (organization_id, day, page, event_id, views, visitors)
    select organization_id, day, 'site', null, sum(views), sum(visitors) * 9 / 10
    from page_view_daily where organization_id = ${organizationId} and page in ('home', 'event')
    group by organization_id, day`);
  // A third of the paid orders came from a counted visitor of the event's page (the conversion rate's numerator).
  await db.execute(sql`
    update "order" set visit_day = (paid_at at time zone 'UTC')::date, visitor = left(md5(customer_email), 22)
    where organization_id = ${organizationId} and paid_at is not null and abs(hashtext(id::text)) % 3 = 0`);
}

async function counts(database: DatabaseHandle, organizationId: string) {
  const [row] = rows(
    await database.db.execute(sql`select
      (select count(*) from "order" where organization_id = ${organizationId}) as orders,
      (select count(*) from customer where organization_id = ${organizationId}) as customers,
      (select sum(views) from page_view_daily where organization_id = ${organizationId} and page <> 'site') as views,
      (select count(*) from "order") as all_orders`),
  );
  return `${num(row?.orders)} orders, ${num(row?.customers)} customers, ${num(row?.views)} page views (all organisations: ${num(row?.all_orders)} orders)`;
}

async function measureEndpoints(
  app: FastifyInstance,
  database: DatabaseHandle,
  cookie: string,
  values: Record<string, string>,
) {
  const timings = new Map<string, number[]>();
  const cases = [
    ...ENDPOINTS.map((template) => ({ template, label: template, unkept: false })),
    ...UNKEPT.map((template) => ({ template, label: template + UNKEPT_LABEL, unkept: true })),
  ];
  for (const { template, label, unkept } of cases) {
    const url = template.replace(/\{(\w+)\}/g, (_match, key: string) => values[key]!);
    const run = async () => {
      // Not timed: forgetting the kept counts, as a late payment does.
      if (unkept) {
        await database.db.execute(
          sql`delete from analytics_past_period where organization_id = ${values.organizationId!}`,
        );
      }
      const t0 = performance.now();
      const response = await app.inject({ method: 'GET', url, headers: { cookie } });
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
      return performance.now() - t0;
    };
    for (let index = 0; index < 5; index += 1) await run();
    const list: number[] = [];
    for (let index = 0; index < ITERATIONS; index += 1) list.push(await run());
    timings.set(
      label,
      list.sort((a, b) => a - b),
    );
  }
  return timings;
}

/** Requests per second of GET /events/:slug for ROUND_SECONDS, CONCURRENCY in flight, a new visitor each time. */
async function throughput(port: number, eventSlug: string, round: number) {
  const client = new HttpClient(port, CONCURRENCY);
  const host = `${SUBDOMAIN}.${PUBLIC_HOST}`;
  const deadline = performance.now() + ROUND_SECONDS * 1000;
  let done = 0;
  let failed = 0;
  const worker = async (worker: number) => {
    while (performance.now() < deadline) {
      const reply = await client.trySend({
        path: `/events/${eventSlug}`,
        host,
        headers: {
          'user-agent': `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.${round}.${worker}.${done} Safari/537.36`,
        },
      });
      if (reply.status === 200) done += 1;
      else failed += 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, (_, index) => worker(index)));
  await client.close();
  if (failed > 0) console.log(`  (${failed} requests failed)`);
  return done / ((performance.now() - started) / 1000);
}

async function runOn(label: string, database: DatabaseHandle) {
  const config = resolveAuthSecret(
    loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_MULTIPLIER: '1000',
      PUBLIC_HOST,
      AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    }),
  );
  const common = { config, database, webDistDir: '/nonexistent', assertCanSell: async () => {} };
  const app = await buildApp(common);
  const appOff = await buildApp({ ...common, pageViews: { enabled: false } });
  try {
    await app.ready();
    await appOff.ready();
    const user = await signUpAndVerify(app);
    const { id: organizationId } = await createOrganizationFor(app, user, SUBDOMAIN, 'Bench Analytics');
    const started = performance.now();
    await seed(database, organizationId, MAIN, 'A');
    for (const tag of ['B', 'C']) {
      const other = await signUpAndVerify(app);
      const { id } = await createOrganizationFor(app, other, `bench-other-${tag.toLowerCase()}`, `Other ${tag}`);
      await seed(database, id, OTHER, tag);
    }
    // Steady state: PostgreSQL's autovacuum would have analysed the tables by now (PGlite has none).
    await database.db.execute(sql`vacuum analyze`);
    console.log(
      `${label}: seeded in ${((performance.now() - started) / 1000).toFixed(1)} s: ${await counts(database, organizationId)}`,
    );
    const [event] = rows(
      await database.db.execute(
        sql`select id, slug from event where organization_id = ${organizationId} order by name limit 1`,
      ),
    );
    const today = new Date().toISOString().slice(0, 10);
    const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
    const timings = await measureEndpoints(app, database, user.cookie, {
      event: String(event!.id),
      today,
      yearAgo,
      organizationId,
    });
    const load = loadAverage();

    await app.listen({ port: 0, host: '127.0.0.1' });
    await appOff.listen({ port: 0, host: '127.0.0.1' });
    const portOn = (app.server.address() as AddressInfo).port;
    const portOff = (appOff.server.address() as AddressInfo).port;
    const on: number[] = [];
    const off: number[] = [];
    await throughput(portOff, String(event!.slug), 0); // warm-up
    for (let round = 1; round <= ROUNDS; round += 1) {
      off.push(await throughput(portOff, String(event!.slug), round));
      on.push(await throughput(portOn, String(event!.slug), round));
    }
    await app.pageViews.flush();
    return { timings, load, on, off };
  } finally {
    await app.close();
    await appOff.close();
  }
}

type Result = Awaited<ReturnType<typeof runOn>>;
const results = new Map<string, Result>();
console.log(
  `Analytics: one organisation of ${MAIN.orders} orders / ${MAIN.customers} customers / ~1,000,000 page views`,
);
console.log(
  `Node ${process.version}, ${os.cpus().length} CPUs; load average (1, 5, 15 min) at the start: ${loadAverage()}`,
);
for (const [label, result] of await onEachDatabase('marquee_analytics', runOn)) results.set(label, result);

const columns = [...results.keys()];
const width = 78;
console.log(`\n${'p50 / p95 / p99 ms'.padEnd(width)}${columns.map((column) => column.padStart(24)).join('')}`);
for (const endpoint of [...ENDPOINTS, ...UNKEPT.map((template) => template + UNKEPT_LABEL)]) {
  const cells = columns.map((column) => {
    const list = results.get(column)!.timings.get(endpoint)!;
    return percentiles(list).padStart(24);
  });
  console.log(`${`GET ${endpoint}`.padEnd(width)}${cells.join('')}`);
}
const mean = (list: number[]) => list.reduce((sum, value) => sum + value, 0) / list.length;
const row = (title: string, cell: (result: Result) => string) =>
  console.log(`${title.padEnd(width)}${columns.map((column) => cell(results.get(column)!).padStart(24)).join('')}`);
row('load average 1/5/15 min (endpoints)', (result) => result.load);
row(`event page req/s, counting off (${ROUNDS} x ${ROUND_SECONDS} s)`, (result) =>
  result.off.map((v) => v.toFixed(0)).join(' '),
);
row(`event page req/s, counting on (${ROUNDS} x ${ROUND_SECONDS} s)`, (result) =>
  result.on.map((v) => v.toFixed(0)).join(' '),
);
row(
  'counting on vs off (mean)',
  (result) => `${(((mean(result.on) - mean(result.off)) / mean(result.off)) * 100).toFixed(1)}%`,
);
