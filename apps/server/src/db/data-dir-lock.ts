// An exclusive lock on DATA_DIR: PGlite is single-process, and two processes on one directory silently lose
// writes, so a second server refuses to start while the first one holds the lock. The lock is a Unix socket
// the process listens on (abstract namespace on Linux), so the operating system releases it when the holder
// dies, however it dies; the marquee.lock file only names the holder's pid for the error message.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { createHash } from 'node:crypto';

export class DataDirLockedError extends Error {
  constructor(dataDir: string, pid: number | undefined) {
    super(
      `Another Marquee process${pid ? ` (pid ${pid})` : ''} is already using the data directory ${dataDir}. ` +
        'Stop it first, or start this one with a different DATA_DIR (or DATABASE_URL for PostgreSQL).',
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  release(): void;
}

function listen(server: net.Server, address: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(address, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** A socket file left by a process that died outside Linux refuses connections: it can be removed. */
function isDeadSocket(address: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(address);
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

function readPid(pidPath: string): number | undefined {
  try {
    const pid = Number.parseInt(fs.readFileSync(pidPath, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  fs.mkdirSync(dataDir, { recursive: true });
  const real = fs.realpathSync(dataDir);
  const pidPath = path.join(real, 'marquee.lock');
  const linux = process.platform === 'linux';
  // Linux: an abstract socket (no file; freed by the kernel on exit). Elsewhere: a socket file in DATA_DIR.
  const address = linux
    ? `\0marquee-${createHash('sha256').update(real).digest('hex')}`
    : path.join(real, 'marquee.sock');

  const server = net.createServer((socket) => socket.destroy());
  try {
    await listen(server, address);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    if (linux || !(await isDeadSocket(address))) throw new DataDirLockedError(dataDir, readPid(pidPath));
    fs.rmSync(address, { force: true });
    await listen(server, address);
  }
  // The lock must not keep the process alive on its own.
  server.unref();
  fs.writeFileSync(pidPath, String(process.pid));

  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      server.close();
      if (readPid(pidPath) === process.pid) fs.rmSync(pidPath, { force: true });
    },
  };
}
