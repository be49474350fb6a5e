// `npm run backup [-- FILE]`: a consistent backup of the embedded database in DATA_DIR (default ./data), taken
// from the running server when there is one. PostgreSQL is backed up with pg_dump (docs/deploy.md).
import fs from 'node:fs';
import path from 'node:path';
import { backupDataDir } from '../db/backup.js';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

if (process.env.DATABASE_URL) {
  fail('DATABASE_URL is set: back up PostgreSQL with pg_dump (see docs/deploy.md, "Backups").');
}
const dataDir = path.resolve(process.env.DATA_DIR || './data');
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const file = path.resolve(process.argv[2] ?? path.join('backups', `marquee-${stamp}.tar.gz`));
try {
  const backup = await backupDataDir(dataDir);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, backup, { mode: 0o600 });
  process.stdout.write(`Backed up ${dataDir} to ${file} (${(backup.length / 1024 / 1024).toFixed(1)} MB).\n`);
} catch (error) {
  fail(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
}
