// Two app processes on one PostgreSQL database, for the concurrency tests: the test file's own app (`t`, as
// createTestApp builds it) and a second app with its own connection pool on the same database (`second`), so
// requests can race through two pools as they would through two servers.
import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { openDatabase, type DatabaseHandle } from '../src/db/client.js';
import { createTestApp, type TestApp } from './test-app.js';

export interface SecondApp {
  app: FastifyInstance;
  database: DatabaseHandle;
}

/**
 * Registers beforeAll/afterAll hooks in the calling describe (which must run only when TEST_DATABASE_URL is
 * set): beforeAll builds the first app with `createTestApp(options)` and then a second app on the same
 * database with a pool of `poolSize` connections (default 10); afterAll closes the second app, its database
 * and the first app.
 *
 * The returned `t` and `second` are the same objects throughout and are filled in by beforeAll, so they can
 * be destructured when the describe is declared and used in its tests.
 */
export function twoAppsOnPostgres(
  options: Parameters<typeof createTestApp>[0] & {
    /** The second app's connection pool size. */
    poolSize?: number;
  } = {},
): { t: TestApp; second: SecondApp } {
  const { poolSize = 10, ...testAppOptions } = options;
  const t = {} as TestApp;
  const second = {} as SecondApp;
  const opened: { t?: TestApp; database?: DatabaseHandle; app?: FastifyInstance } = {};

  beforeAll(async () => {
    opened.t = await createTestApp(testAppOptions);
    Object.assign(t, opened.t);
    if (!t.databaseUrl) throw new Error('twoAppsOnPostgres needs TEST_DATABASE_URL (a PostgreSQL test database)');
    opened.database = await openDatabase({ kind: 'postgres', url: t.databaseUrl, poolSize }, { migrate: false });
    opened.app = await buildApp({ config: t.config, database: opened.database, webDistDir: '/nonexistent' });
    await opened.app.ready();
    Object.assign(second, { app: opened.app, database: opened.database });
  });
  afterAll(async () => {
    await opened.app?.close();
    await opened.database?.close();
    await opened.t?.close();
  });

  return { t, second };
}
