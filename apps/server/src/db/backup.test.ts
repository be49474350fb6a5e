// Backups: of the embedded database while the server holds it (through its backup socket) and with no server,
// restore refused while a server runs and done after, a broken file refused with the database left as it was;
// and PostgreSQL's documented pg_dump / pg_restore round trip.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { backupDataDir, restoreDataDir, serveBackups } from './backup.js';
import { openDatabase, type DatabaseHandle } from './client.js';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A 'server': the lock, the database and the backup socket, as server.ts sets them up. */
async function runningServer(dataDir: string) {
  const lock = await lockDataDir(dataDir);
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  const backups = await serveBackups(dataDir, () => database.dumpDataDir!());
  return {
    database,
    async stop() {
      await backups.close();
      await database.close();
      lock.release();
    },
  };
}

async function keys(database: DatabaseHandle): Promise<string[]> {
  const result = (await database.db.execute('select key from request_limit order by key')) as unknown as {
    rows: Array<{ key: string }>;
  };
  return result.rows.map((row) => row.key);
}

const remember = (database: DatabaseHandle, key: string) =>
  database.db.execute(`insert into request_limit (key, count, window_started_at) values ('${key}', 1, now())`);

describe('PGlite backup and restore', () => {
  it('backs up a running server consistently, refuses to restore under it, and restores once it stopped', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-backup-'));
    dirs.push(dataDir);
    const server = await runningServer(dataDir);
    await remember(server.database, 'before-backup');
    // Writes keep coming while the backup is taken: it holds each of them whole or not at all.
    const writes = Promise.all(Array.from({ length: 20 }, (_, index) => remember(server.database, `during-${index}`)));
    const backup = await backupDataDir(dataDir);
    await writes;
    await remember(server.database, 'after-backup');
    expect(backup.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));

    await expect(restoreDataDir(dataDir, backup)).rejects.toBeInstanceOf(DataDirLockedError);
    expect(await keys(server.database)).toContain('after-backup');
    await server.stop();

    const kept = await restoreDataDir(dataDir, backup);
    expect(kept && fs.existsSync(kept)).toBe(true);
    const restarted = await runningServer(dataDir);
    const restored = await keys(restarted.database);
    expect(restored).toContain('before-backup');
    expect(restored).not.toContain('after-backup');
    await restarted.stop();
  }, 180_000);

  it('backs up with no server running, and a file that is not a backup changes nothing', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-backup-'));
    dirs.push(dataDir);
    const server = await runningServer(dataDir);
    await remember(server.database, 'kept');
    await server.stop();

    const backup = await backupDataDir(dataDir);
    await expect(restoreDataDir(dataDir, Buffer.from('not a backup'))).rejects.toThrow(/not a Marquee backup/);
    const broken = Buffer.concat([backup.subarray(0, 64), Buffer.alloc(64)]);
    await expect(restoreDataDir(dataDir, broken)).rejects.toThrow(/left as it was/);
    const after = await runningServer(dataDir);
    expect(await keys(after.database)).toEqual(['kept']);
    await after.stop();
  }, 180_000);
});

const pgUrl = process.env.TEST_DATABASE_URL;
const hasPgDump = spawnSync('pg_dump', ['--version']).status === 0;

describe.runIf(Boolean(pgUrl) && hasPgDump)('PostgreSQL backup with pg_dump (docs/deploy.md)', () => {
  it('pg_dump -Fc then pg_restore into a new database brings the data back', async () => {
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    const suffix = `${process.pid}_${Date.now().toString(36)}`;
    const [source, target] = [`marquee_dump_src_${suffix}`, `marquee_dump_dst_${suffix}`];
    await admin.query(`create database ${source}`);
    await admin.query(`create database ${target}`);
    const urlOf = (name: string) => Object.assign(new URL(pgUrl!), { pathname: `/${name}` }).toString();
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-pgdump-')), 'marquee.dump');
    dirs.push(path.dirname(file));
    try {
      const database = await openDatabase({ kind: 'postgres', url: urlOf(source) });
      await remember(database, 'in-postgres');
      await database.close();
      const dump = spawnSync('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, urlOf(source)]);
      expect(dump.status, dump.stderr.toString()).toBe(0);
      const restore = spawnSync('pg_restore', ['--no-owner', `--dbname=${urlOf(target)}`, file]);
      expect(restore.status, restore.stderr.toString()).toBe(0);
      const restored = await openDatabase({ kind: 'postgres', url: urlOf(target) }, { migrate: false });
      expect(await keys(restored)).toEqual(['in-postgres']);
      await restored.close();
    } finally {
      await admin.query(`drop database if exists ${source} with (force)`);
      await admin.query(`drop database if exists ${target} with (force)`);
      await admin.end();
    }
  }, 120_000);
});
