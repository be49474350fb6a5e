// Events figures at scale: one organisation with 200 events and 100,000 orders (PGlite in memory), then the
// timings of GET /api/events and GET /api/dashboard/overview through app.inject. Figures, not pass/fail.
// Run with `npm run bench -- events-figures` (ORDERS=... to change the count).
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { event, order, ticketType } from '../apps/server/src/db/schema/index.js';
import { createOrganizationFor, signUpAndVerify } from '../apps/server/test/auth-helpers.js';

const ORDERS = Number(process.env.ORDERS ?? 100_000);
const EVENTS = 200;
const BATCH = 2_000;

async function measure(name: string, iterations: number, run: () => Promise<{ statusCode: number }>) {
  for (let index = 0; index < 5; index += 1) await run();
  const timings: number[] = [];
  for (let index = 0; index < iterations; index += 1) {
    const t0 = performance.now();
    const response = await run();
    timings.push(performance.now() - t0);
    if (response.statusCode !== 200) throw new Error(`${name}: ${response.statusCode}`);
  }
  timings.sort((a, b) => a - b);
  const pct = (p: number) => timings[Math.min(timings.length - 1, Math.floor((p / 100) * timings.length))]!.toFixed(1);
  console.log(
    `${name.padEnd(40)} ${String(iterations).padStart(4)} req  p50 ${pct(50)} ms  p90 ${pct(90)} ms  max ${pct(100)} ms`,
  );
}

const database = await openDatabase({ kind: 'pglite', client: new PGlite() });
const app = await buildApp({
  config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', RATE_LIMIT_MULTIPLIER: '1000' }),
  database,
  webDistDir: '/nonexistent',
  assertCanSell: async () => {},
});
await app.ready();
const user = await signUpAndVerify(app);
const { id: organizationId } = await createOrganizationFor(app, user, 'bench-events', 'Bench Events');
const { db } = database;

const seedStarted = performance.now();
const now = Date.now();
const day = 86_400_000;
const eventRows = Array.from({ length: EVENTS }, (_, index) => {
  const startsAt = new Date(now + (index - EVENTS / 2) * 3 * day);
  return {
    organizationId,
    status: 'live' as const,
    name: `Event ${index}`,
    description: 'Benchmark event',
    artworkUrl: '/uploads/images/bench.webp',
    location: 'Somewhere',
    startsAt,
    endsAt: new Date(startsAt.getTime() + 4 * 3_600_000),
    removeOnEventEnd: false,
    publishedAt: new Date(now - 400 * day),
    createdAt: new Date(now - (400 - index) * day),
  };
});
const events = await db.insert(event).values(eventRows).returning({ id: event.id });
const types = await db
  .insert(ticketType)
  .values(
    events.map(({ id }) => ({
      organizationId,
      eventId: id,
      priceMinor: 2000,
      currency: 'GBP',
      capacity: 1_000,
      sold: 500,
    })),
  )
  .returning({ id: ticketType.id, eventId: ticketType.eventId });

const statuses = ['paid', 'paid', 'paid', 'paid', 'paid', 'paid', 'paid', 'pending', 'refunded', 'cancelled'] as const;
for (let offset = 0; offset < ORDERS; offset += BATCH) {
  const rows = [];
  for (let index = offset; index < Math.min(ORDERS, offset + BATCH); index += 1) {
    const type = types[index % types.length]!;
    const status = statuses[index % statuses.length]!;
    const createdAt = new Date(now - (index % 400) * day - (index % 1440) * 60_000);
    const quantity = 1 + (index % 4);
    rows.push({
      organizationId,
      eventId: type.eventId,
      ticketTypeId: type.id,
      customerEmail: `fan${index % 25_000}@example.com`,
      quantity,
      amountMinor: 2000 * quantity,
      feeMinor: 160 * quantity,
      currency: 'GBP',
      status,
      createdAt,
      paidAt: status === 'paid' ? createdAt : null,
    });
  }
  await db.insert(order).values(rows);
}
await database.db.execute('analyze');
const count = await db.$count(order, eq(order.organizationId, organizationId));
console.log(
  `Seeded ${EVENTS} events and ${count} orders for one organisation in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s (PGlite in memory, Node ${process.version})`,
);

const headers = { cookie: user.cookie };
const runAll = async (when: string) => {
  console.log(when);
  await measure('GET /api/events', 30, () => app.inject({ method: 'GET', url: '/api/events', headers }));
  await measure('GET /api/dashboard/overview', 30, () =>
    app.inject({ method: 'GET', url: '/api/dashboard/overview', headers }),
  );
  await measure('GET / (storefront home, 50 live events)', 30, () =>
    app.inject({ method: 'GET', url: '/', headers: { host: 'bench-events.localhost:3000' } }),
  );
};
// Right after a bulk load the visibility map is empty, so index-only scans still visit the table; PostgreSQL's
// autovacuum soon fixes that (PGlite has no autovacuum), so both states are shown.
await runAll('after bulk load (ANALYZE only):');
await database.db.execute('vacuum analyze');
await runAll('after VACUUM ANALYZE (steady state on PostgreSQL with autovacuum):');
const sample = (await app.inject({ method: 'GET', url: '/api/dashboard/overview', headers })).json();
console.log('overview metrics:', JSON.stringify(sample.metrics));

await app.close();
await database.close();
