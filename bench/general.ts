// The general benchmark: builds the real app on an in-memory PGlite and prints request figures for hot paths.
// Run with `npm run bench` (or `npm run bench -- general`). Figures, not pass/fail: compare them between changes.
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { resolveAuthSecret } from '../apps/server/src/config-secret.js';
import { createPglite, openDatabase } from '../apps/server/src/db/client.js';
import { organization, organizationSettings } from '../apps/server/src/db/schema/index.js';

async function measure(name: string, iterations: number, run: () => Promise<unknown>) {
  for (let index = 0; index < 50; index += 1) await run();
  const timings: number[] = [];
  const started = performance.now();
  for (let index = 0; index < iterations; index += 1) {
    const t0 = performance.now();
    await run();
    timings.push(performance.now() - t0);
  }
  const total = performance.now() - started;
  timings.sort((a, b) => a - b);
  const pct = (p: number) => timings[Math.min(timings.length - 1, Math.floor((p / 100) * timings.length))]!.toFixed(3);
  console.log(
    `${name.padEnd(36)} ${String(iterations).padStart(6)} req  ${(iterations / (total / 1000)).toFixed(0).padStart(7)} req/s  p50 ${pct(50)} ms  p99 ${pct(99)} ms`,
  );
}

const database = await openDatabase({ kind: 'pglite', client: createPglite() });
await database.db.insert(organization).values({ id: 'org_bench', name: 'Bench Org', slug: 'bench' });
await database.db
  .insert(organizationSettings)
  .values({ organizationId: 'org_bench', subdomain: 'bench', companyName: 'Bench Org' });
const app = await buildApp({
  config: resolveAuthSecret(
    loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123' }),
  ),
  database,
  webDistDir: '/nonexistent',
});
await app.ready();

console.log(`Marquee benchmarks (in-process, app.inject, PGlite in memory) on Node ${process.version}`);
await measure('GET /api/health', 2000, () => app.inject({ method: 'GET', url: '/api/health' }));
await measure('GET / on a storefront subdomain', 2000, () =>
  app.inject({ method: 'GET', url: '/', headers: { host: 'bench.localhost:3000' } }),
);
await measure('GET / on an unknown subdomain (404)', 2000, () =>
  app.inject({ method: 'GET', url: '/', headers: { host: 'nobody.localhost:3000' } }),
);
console.log(`heap used after run: ${(process.memoryUsage().heapUsed / 1024 / 1024).toFixed(1)} MiB`);

await app.close();
await database.close();
