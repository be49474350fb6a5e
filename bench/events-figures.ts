// Events figures at scale: one organisation with 200 events and 10,000 then 100,000 orders (with their order
// lines and the sales_daily and customer roll-ups that fulfilment keeps), on PGlite in memory and on
// PostgreSQL, then the timings of GET /api/events and GET /api/dashboard/overview through app.inject.
// Figures, not pass/fail, with the machine's load average while each column was measured (other work on the
// machine moves them). Run with `npm run bench -- events-figures` (SIZES=10000,100000; BENCH_DATABASE_URL).
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { resolveAuthSecret } from '../apps/server/src/config-secret.js';
import type { DatabaseHandle } from '../apps/server/src/db/client.js';
import { event, ticketType } from '../apps/server/src/db/schema/index.js';
import { createOrganizationFor, signUpAndVerify } from '../apps/server/test/auth-helpers.js';
import { loadAverage, onEachDatabase, percentiles } from './lib/databases.js';

const SIZES = (process.env.SIZES ?? '10000,100000').split(',').map(Number);
const EVENTS = 200;
const ITERATIONS = Number(process.env.ITERATIONS ?? 60);
const ENDPOINTS = ['/api/events', '/api/dashboard/overview'] as const;

type Timings = Record<(typeof ENDPOINTS)[number], number[]> & { load: string; bytes: Record<string, number> };

/** Orders first..last-1 for the organisation's events, written in bulk by SQL with their lines and roll-ups. */
async function addOrders(database: DatabaseHandle, organizationId: string, first: number, last: number) {
  const { db } = database;
  // 7 in 10 paid, then one each of expired, refunded and cancelled; 1-4 tickets at 20.00 + 1.60 fee each;
  // spread over the last 400 days. Codes and access tokens are unique per order index.
  await db.execute(sql`
    with ev as (
      select e.id as event_id, (row_number() over (order by e.created_at, e.id) - 1)::int as n
      from event e where e.organization_id = ${organizationId}
    ), made as (
      select i, ev.event_id, 1 + i % 4 as quantity,
        now() - make_interval(days => i % 400, mins => i % 1440) as at,
        (array['paid','paid','paid','paid','paid','paid','paid','expired','refunded','cancelled'])[1 + i % 10] as status
      from generate_series(${first}::int, ${last - 1}::int) as i join ev on ev.n = i % ${EVENTS}
    )
    insert into "order" (organization_id, event_id, code, access_token, status, first_name, last_name, customer_email,
      country, quantity, amount_minor, fee_minor, refunded_minor, currency, created_at, updated_at, paid_at)
    select ${organizationId}, event_id, 'MQ-B' || lpad(i::text, 7, '0'), md5('a' || i) || substr(md5('b' || i), 1, 11),
      status, 'Fan', 'Number ' || i, 'fan' || (i % 25000) || '@example.com', 'GB', quantity, 2000 * quantity,
      160 * quantity, case when status = 'refunded' then 2000 * quantity else 0 end, 'GBP', at, at,
      case when status in ('paid', 'refunded') then at end
    from made`);
  await db.execute(sql`
    insert into order_line (organization_id, order_id, ticket_type_id, name, quantity, unit_price_minor, unit_fee_minor)
    select o.organization_id, o.id, t.id, t.name, o.quantity, 2000, 160
    from "order" o join ticket_type t on t.event_id = o.event_id
    where o.organization_id = ${organizationId} and not exists (select 1 from order_line l where l.order_id = o.id)`);
  // The roll-ups as fulfilment's recordSale would have left them after every paid order (rebuilt whole here).
  await db.execute(sql`delete from sales_daily where organization_id = ${organizationId}`);
  await db.execute(sql`
    insert into sales_daily (organization_id, event_id, day, currency, orders, tickets, revenue_minor, fee_minor)
    select organization_id, event_id, (paid_at at time zone 'UTC')::date, currency, count(*), sum(quantity),
      sum(amount_minor), sum(fee_minor)
    from "order" where organization_id = ${organizationId} and status = 'paid'
    group by organization_id, event_id, (paid_at at time zone 'UTC')::date, currency`);
  await db.execute(sql`delete from customer where organization_id = ${organizationId}`);
  await db.execute(sql`
    insert into customer (organization_id, email, first_name, last_name, country, orders, tickets, first_purchase_at,
      last_purchase_at)
    select organization_id, customer_email, 'Fan', max(last_name), 'GB', count(*), sum(quantity), min(paid_at), max(paid_at)
    from "order" where organization_id = ${organizationId} and status = 'paid'
    group by organization_id, customer_email`);
  const sold = sql`(select coalesce(sum(quantity), 0) from "order" o where o.event_id = x.id and o.status = 'paid')`;
  await db.execute(sql`update event x set sold = ${sold} where organization_id = ${organizationId}`);
  await db.execute(sql`update ticket_type t set sold = (select sold from event e where e.id = t.event_id)
    where organization_id = ${organizationId}`);
  // Steady state: PostgreSQL's autovacuum would have set the visibility map and statistics by now (PGlite has
  // no autovacuum), so both are measured after VACUUM ANALYZE.
  await db.execute(sql`vacuum analyze`);
}

async function measure(app: Awaited<ReturnType<typeof buildApp>>, cookie: string): Promise<Timings> {
  const timings = { bytes: {} } as Timings;
  for (const url of ENDPOINTS) {
    const run = async () => {
      const response = await app.inject({ method: 'GET', url, headers: { cookie } });
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
      timings.bytes[url] = response.rawPayload.length;
    };
    for (let index = 0; index < 5; index += 1) await run();
    const list: number[] = [];
    for (let index = 0; index < ITERATIONS; index += 1) {
      const t0 = performance.now();
      await run();
      list.push(performance.now() - t0);
    }
    timings[url] = list.sort((a, b) => a - b);
  }
  timings.load = loadAverage();
  return timings;
}

async function runOn(label: string, database: DatabaseHandle, results: Map<string, Timings>) {
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
    const user = await signUpAndVerify(app);
    const { id: organizationId } = await createOrganizationFor(app, user, 'bench-events', 'Bench Events');
    const now = Date.now();
    const day = 86_400_000;
    const events = await database.db
      .insert(event)
      .values(
        Array.from({ length: EVENTS }, (_, index) => {
          const startsAt = new Date(now + (index - EVENTS / 2) * 3 * day);
          return {
            organizationId,
            status: 'live' as const,
            name: `Event ${index}`,
            slug: `event-${index}`,
            description: 'Benchmark event',
            artworkUrl: '/uploads/images/bench.webp',
            location: 'Somewhere',
            startsAt,
            endsAt: new Date(startsAt.getTime() + 4 * 3_600_000),
            removeOnEventEnd: false,
            publishedAt: new Date(now - 400 * day),
            createdAt: new Date(now - (400 - index) * day),
          };
        }),
      )
      .returning({ id: event.id });
    await database.db
      .insert(ticketType)
      .values(events.map(({ id }) => ({ organizationId, eventId: id, priceMinor: 2000, currency: 'GBP' })));
    let seeded = 0;
    for (const size of SIZES) {
      const started = performance.now();
      await addOrders(database, organizationId, seeded, size);
      seeded = size;
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(`${label}: ${size} orders seeded (${seconds} s); measuring ${ITERATIONS} requests per endpoint`);
      results.set(`${label} ${size}`, await measure(app, user.cookie));
    }
  } finally {
    await app.close();
  }
}

const results = new Map<string, Timings>();
console.log(`Events figures: ${EVENTS} events, one organisation, in-process (app.inject), Node ${process.version}`);
console.log(`${os.cpus().length} CPUs; load average (1, 5, 15 min) at the start: ${loadAverage()}`);
await onEachDatabase('marquee_figures', (label, database) => runOn(label, database, results));

const columns = [...results.keys()];
console.log(`\n${'p50 / p95 / p99 ms'.padEnd(28)}${columns.map((column) => column.padStart(24)).join('')}`);
for (const url of ENDPOINTS) {
  const cells = columns.map((column) => {
    const list = results.get(column)![url];
    return percentiles(list).padStart(24);
  });
  console.log(`${`GET ${url}`.padEnd(28)}${cells.join('')}`);
}
const row = (title: string, cell: (timings: Timings) => string) =>
  console.log(`${title.padEnd(28)}${columns.map((column) => cell(results.get(column)!).padStart(24)).join('')}`);
for (const url of ENDPOINTS) row(`  bytes ${url}`, (timings) => String(timings.bytes[url]));
row('load average 1/5/15 min', (timings) => timings.load);
