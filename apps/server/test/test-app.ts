// Builds the real app for an API test file on its own fresh database: PGlite in memory, or a PostgreSQL
// database cloned from the run's template when TEST_DATABASE_URL is set.
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { resolveAuthSecret } from '../src/config-secret.js';
import { createPglite, openDatabase, type DatabaseHandle } from '../src/db/client.js';
import { createJobQueue, type RetryPolicy } from '../src/jobs/queue.js';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  /** The test file's own PostgreSQL database (only when TEST_DATABASE_URL is set). */
  databaseUrl?: string;
  close(): Promise<void>;
}

function withDatabase(url: string, database: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export async function openTestDatabase(): Promise<{
  database: DatabaseHandle;
  url?: string;
  dispose(): Promise<void>;
}> {
  const testDatabaseUrl = process.env.TEST_DATABASE_URL;
  const template = inject('postgresTemplate');
  if (testDatabaseUrl && template) {
    const name = `marquee_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: withDatabase(testDatabaseUrl, 'postgres') });
    await admin.connect();
    for (let attempt = 0; ; attempt += 1) {
      try {
        await admin.query(`create database "${name}" template "${template}"`);
        break;
      } catch (error) {
        // Two files cloning the template at the same instant collide; wait and retry.
        if (attempt > 20 || !String((error as Error).message).includes('being accessed by other users')) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
      }
    }
    const database = await openDatabase(
      { kind: 'postgres', url: withDatabase(testDatabaseUrl, name), poolSize: 5 },
      { migrate: false },
    );
    return {
      database,
      url: withDatabase(testDatabaseUrl, name),
      async dispose() {
        await database.close();
        await admin.query(`drop database if exists "${name}" with (force)`);
        await admin.end();
      },
    };
  }
  const dump = fs.readFileSync(inject('pgliteDumpPath'));
  const client = createPglite(undefined, { loadDataDir: new Blob([dump]) });
  const database = await openDatabase({ kind: 'pglite', client }, { migrate: false });
  return { database, dispose: () => database.close() };
}

/** The API tests' own secret, given explicitly: they have no data directory to keep one in. */
export const TEST_AUTH_SECRET = 'api-tests-secret-api-tests-secret-0123456789';

export function testConfig(overrides: Record<string, string> = {}): Config {
  return resolveAuthSecret(
    loadConfig({
      NODE_ENV: 'test',
      PORT: '3000',
      LOG_LEVEL: 'silent',
      DATA_DIR: '/nonexistent',
      AUTH_SECRET: TEST_AUTH_SECRET,
      ...overrides,
    }),
  );
}

export async function createTestApp(
  options: {
    env?: Record<string, string>;
    /** The job queue's retry policy (tests use a short delay to see a retry happen). */
    jobRetry?: RetryPolicy;
  } & Partial<Omit<BuildAppOptions, 'config' | 'database' | 'jobs'>> = {},
): Promise<TestApp> {
  const { env, jobRetry, ...rest } = options;
  const config = testConfig(env);
  const { database, url, dispose } = await openTestDatabase();
  const jobs = jobRetry ? createJobQueue({ executeSql: database.executeSql, retry: jobRetry }) : undefined;
  const app = await buildApp({ config, database, webDistDir: '/nonexistent', ...rest, ...(jobs ? { jobs } : {}) });
  await app.ready();
  return {
    app,
    database,
    config,
    databaseUrl: url,
    async close() {
      await jobs?.stop();
      await app.close();
      await dispose();
    },
  };
}
