// `npm run restore -- FILE`: replaces the embedded database in DATA_DIR (default ./data) with a backup made by
// `npm run backup`. The server must be stopped; the replaced database is kept beside the restored one.
import fs from 'node:fs';
import path from 'node:path';
import { restoreDataDir } from '../db/backup.js';
import { DataDirLockedError } from '../db/data-dir-lock.js';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

if (process.env.DATABASE_URL) {
  fail('DATABASE_URL is set: restore PostgreSQL with pg_restore (see docs/deploy.md, "Backups").');
}
const source = process.argv[2];
if (!source) fail('Usage: npm run restore -- FILE (a .tar.gz made by npm run backup)');
if (!fs.existsSync(source)) fail(`There is no file ${source}.`);
const dataDir = path.resolve(process.env.DATA_DIR || './data');
try {
  const kept = await restoreDataDir(dataDir, fs.readFileSync(source));
  process.stdout.write(
    `Restored ${source} into ${dataDir}.${kept ? ` The previous database is kept in ${kept}.` : ''}\n`,
  );
} catch (error) {
  if (error instanceof DataDirLockedError) fail(`Restore refused: ${error.message}`);
  fail(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
}
