// What the database benchmarks share: running the same measurements on PGlite in memory and then on a fresh
// database of the PostgreSQL server (skipped, with a line saying so, when the server cannot be reached), and
// printing figures.
import os from 'node:os';
import { createPglite, openDatabase, type DatabaseHandle } from '../../apps/server/src/db/client.js';
import { percentile } from './http.js';
import { createFreshDatabase } from './postgres.js';

export const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The 1, 5 and 15 minute load averages, for judging whether the machine was quiet. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/** 'p50 / p95 / p99' of a list of milliseconds, one decimal each. */
export const percentiles = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  return [50, 95, 99].map((p) => percentile(sorted, p).toFixed(1)).join(' / ');
};

/**
 * `run` on PGlite in memory (unless `pglite` is false), then on a fresh database named after `prefix` on the
 * PostgreSQL server; each database is closed (and the PostgreSQL one dropped) afterwards. Results by label.
 */
export async function onEachDatabase<R>(
  prefix: string,
  run: (label: string, database: DatabaseHandle) => Promise<R>,
  options: { pglite?: boolean } = {},
): Promise<Map<string, R>> {
  const results = new Map<string, R>();
  if (options.pglite ?? true) {
    const pglite = await openDatabase({ kind: 'pglite', client: createPglite() });
    try {
      results.set('PGlite', await run('PGlite', pglite));
    } finally {
      await pglite.close();
    }
  }
  const fresh = await createFreshDatabase(PG_URL, prefix).catch((error: Error) => {
    console.log(`PostgreSQL skipped: not reachable at ${PG_URL} (${error.message})`);
    return null;
  });
  if (!fresh) return results;
  try {
    const database = await openDatabase({ kind: 'postgres', url: fresh.url });
    try {
      results.set('PostgreSQL', await run('PostgreSQL', database));
    } finally {
      await database.close();
    }
  } finally {
    await fresh.drop();
  }
  return results;
}
