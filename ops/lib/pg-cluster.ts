// A PostgreSQL server of the ops tests' own (Debian's binaries, initdb in a temporary directory, trust auth on
// 127.0.0.1 and a free port), so a test can stop and start it under load without touching the machine's server.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface PgCluster {
  url: string;
  port: number;
  /** Stops the server: 'fast' ends sessions and aborts their transactions, as a restart by an operator does. */
  stop(mode?: 'fast' | 'immediate'): void;
  start(): void;
  /** Stops the server and removes its files. */
  destroy(): void;
}

/** The newest Debian PostgreSQL binaries directory (/usr/lib/postgresql/<version>/bin), or null. */
export function postgresBinaries(): string | null {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = path.join(root, version, 'bin');
    if (fs.existsSync(path.join(bin, 'initdb')) && fs.existsSync(path.join(bin, 'pg_ctl'))) return bin;
  }
  return null;
}

export function createPgCluster(port: number): PgCluster {
  const bin = postgresBinaries();
  if (!bin) throw new Error('PostgreSQL server binaries not found under /usr/lib/postgresql');
  // PostgreSQL refuses to run as root: as root, the cluster belongs to the postgres user.
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-pg-'));
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  if (asRoot) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  const run = (command: string, args: string[]) => {
    const file = path.join(bin, command);
    try {
      if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', file, ...args], { stdio: 'pipe', cwd: dir });
      else execFileSync(file, args, { stdio: 'pipe', cwd: dir });
    } catch (error) {
      const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').slice(-2000) : '';
      throw new Error(`${command} failed: ${String((error as { stderr?: Buffer }).stderr ?? error)}\n${log}`, {
        cause: error,
      });
    }
  };
  run('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
  const start = () => run('pg_ctl', ['-D', dataDir, '-l', logFile, '-o', options, '-w', '-t', '30', 'start']);
  const stop = (mode: 'fast' | 'immediate' = 'fast') =>
    run('pg_ctl', ['-D', dataDir, '-m', mode, '-w', '-t', '30', 'stop']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    destroy() {
      try {
        stop('immediate');
      } catch {
        // Already stopped.
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
