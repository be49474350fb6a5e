// Opens the database: PostgreSQL when DATABASE_URL is set, otherwise embedded PGlite (file-backed in DATA_DIR,
// or in memory for tests). Both run the same migrations and the same Drizzle queries; migrating also installs
// the job queue's schema (pgboss) and queues.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema/index.js';
import { queryCounter } from './query-count.js';
import { installJobQueue, pgliteExecuteSql, poolExecuteSql, type ExecuteSql } from './job-schema.js';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Raw SQL on the underlying client (the job queue's connection to the database). */
  executeSql: ExecuteSql;
  ping(): Promise<void>;
  /** PGlite only: a consistent gzip tarball of the data directory, taken between queries (backups). */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

// apps/server/drizzle, seen from src/db/client.ts (run from source) or from dist/server.js (the production build).
const here = path.dirname(fileURLToPath(import.meta.url));
export const migrationsFolder =
  [path.resolve(here, '../../drizzle'), path.resolve(here, '../drizzle')].find((folder) =>
    fs.existsSync(path.join(folder, 'meta', '_journal.json')),
  ) ?? path.resolve(here, '../../drizzle');

/**
 * A PGlite instance with the extensions Marquee's schema uses (pg_trgm, for the customer search's trigram index).
 * Every PGlite in the project is made here: one opened without them could not use that index.
 */
export function createPglite(dataDir?: string, options: Omit<PGliteOptions, 'extensions' | 'dataDir'> = {}): PGlite {
  return new PGlite({ ...options, ...(dataDir ? { dataDir } : {}), extensions: { pg_trgm } });
}

export type DatabaseTarget =
  { kind: 'postgres'; url: string; poolSize?: number } | { kind: 'pglite'; dataDir?: string; client?: PGlite };

export async function openDatabase(
  target: DatabaseTarget,
  options: { migrate?: boolean } = {},
): Promise<DatabaseHandle> {
  const shouldMigrate = options.migrate ?? true;
  if (target.kind === 'postgres') {
    // A request waits at most 30 s for a connection (a free one in a rush, or a new one), so a database that
    // cannot be reached fails it (503) instead of hanging it; a refused connection fails at once.
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.poolSize ?? 10,
      connectionTimeoutMillis: 30_000,
    });
    // An idle connection the server ends (a restart, a failover) is dropped by the pool and replaced on the next
    // query; unheard, its 'error' event would end the process. The outage itself reaches callers as failed
    // queries (503) and readiness.
    pool.on('error', () => {});
    const db = drizzlePg({ client: pool, schema, logger: queryCounter });
    try {
      if (shouldMigrate) {
        await migratePg(db, { migrationsFolder });
        await installJobQueue(poolExecuteSql(pool));
      }
    } catch (error) {
      await pool.end();
      throw error;
    }
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      executeSql: poolExecuteSql(pool),
      async ping() {
        await db.execute(sql`select 1`);
      },
      async close() {
        if (pool.ended) return;
        await pool.end();
      },
    };
  }
  const client = target.client ?? createPglite(target.dataDir);
  await client.waitReady;
  const db = drizzlePglite({ client, schema, logger: queryCounter });
  if (shouldMigrate) {
    await migratePglite(db, { migrationsFolder });
    await installJobQueue(pgliteExecuteSql(client));
  }
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    executeSql: pgliteExecuteSql(client),
    async ping() {
      await db.execute(sql`select 1`);
    },
    dumpDataDir: () => client.dumpDataDir('gzip'),
    async close() {
      if (!client.closed) await client.close();
    },
  };
}
