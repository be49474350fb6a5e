// Prepares one migrated database per test run: a PGlite data-dir dump that each test file loads, or, when
// TEST_DATABASE_URL is set, a PostgreSQL template database that each test file clones.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createPglite, openDatabase } from '../src/db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDumpPath: string;
    postgresTemplate: string;
  }
}

function adminUrl(url: string, database = 'postgres') {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export default async function setup(project: TestProject) {
  const testDatabaseUrl = process.env.TEST_DATABASE_URL;
  if (testDatabaseUrl) {
    const template = `marquee_tpl_${Date.now()}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl(testDatabaseUrl) });
    await admin.connect();
    await admin.query(`create database "${template}"`);
    const handle = await openDatabase({ kind: 'postgres', url: adminUrl(testDatabaseUrl, template), poolSize: 1 });
    await handle.close();
    project.provide('postgresTemplate', template);
    project.provide('pgliteDumpPath', '');
    return async () => {
      await admin.query(`drop database if exists "${template}" with (force)`);
      await admin.end();
    };
  }
  const client = createPglite();
  const handle = await openDatabase({ kind: 'pglite', client });
  const dump = await client.dumpDataDir('none');
  await handle.close();
  const dumpPath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-test-')), 'pglite.tar');
  fs.writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteDumpPath', dumpPath);
  project.provide('postgresTemplate', '');
  return () => fs.rmSync(path.dirname(dumpPath), { recursive: true, force: true });
}
