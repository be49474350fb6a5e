// Backups of the embedded PGlite database. A running server answers backup requests on a Unix socket in its data
// directory (owner-only permissions, so only whoever owns the data can ask): it dumps its data directory from
// inside the one process that has it open, so the copy is consistent while fans keep buying. With no server
// running, the backup takes the data-directory lock itself and dumps. Restore needs the server stopped, keeps the
// replaced directory beside the new one, and checks the restored database opens before it reports success.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { createPglite } from './client.js';
import { lockDataDir } from './data-dir-lock.js';

const SOCKET = 'backup.sock';
const PGLITE = 'pglite';
/** gzip's magic number: a PGlite dump is a gzip-compressed tar. */
const GZIP = Buffer.from([0x1f, 0x8b]);

export interface BackupServer {
  close(): Promise<void>;
}

/** Listens for backup requests while this process holds the data directory (call after lockDataDir). */
export async function serveBackups(dataDir: string, dump: () => Promise<Blob>): Promise<BackupServer> {
  const address = path.join(fs.realpathSync(dataDir), SOCKET);
  // We hold the data-directory lock, so a socket file here is a dead server's.
  fs.rmSync(address, { force: true });
  const server = net.createServer((socket) => {
    socket.on('error', () => socket.destroy());
    dump()
      .then(async (blob) => socket.end(Buffer.from(await blob.arrayBuffer())))
      .catch(() => socket.destroy());
  });
  const previous = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(address, () => resolve());
    });
  } finally {
    process.umask(previous);
  }
  fs.chmodSync(address, 0o600);
  server.unref();
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        fs.rmSync(address, { force: true });
      }),
  };
}

/** The running server's dump, or null when no server answers in `dataDir`. */
export function requestBackup(dataDir: string): Promise<Buffer | null> {
  const address = path.join(dataDir, SOCKET);
  if (!fs.existsSync(address)) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(address);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.once('end', () => resolve(Buffer.concat(chunks)));
    socket.once('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNREFUSED' || error.code === 'ENOENT' ? resolve(null) : reject(error),
    );
  });
}

/** A consistent dump of `dataDir`'s database: from the running server, or directly when none runs. */
export async function backupDataDir(dataDir: string): Promise<Buffer> {
  const fromServer = await requestBackup(dataDir);
  if (fromServer) {
    if (!fromServer.subarray(0, 2).equals(GZIP)) throw new Error('The running server sent no backup.');
    return fromServer;
  }
  if (!fs.existsSync(path.join(dataDir, PGLITE))) throw new Error(`There is no database in ${dataDir}.`);
  const lock = await lockDataDir(dataDir);
  try {
    const client = createPglite(path.join(dataDir, PGLITE));
    try {
      // dumpDataDir on an instance that is still starting never settles.
      await client.waitReady;
      const blob = await client.dumpDataDir('gzip');
      return Buffer.from(await blob.arrayBuffer());
    } finally {
      await client.close();
    }
  } finally {
    lock.release();
  }
}

/**
 * Replaces `dataDir`'s database with a backup. Refuses while a server holds the directory (DataDirLockedError).
 * The replaced database is kept as `pglite.before-restore-<time>`; returns that path (null if there was none).
 */
export async function restoreDataDir(dataDir: string, backup: Buffer, now = new Date()): Promise<string | null> {
  if (!backup.subarray(0, 2).equals(GZIP)) throw new Error('This file is not a Marquee backup (a .tar.gz).');
  // A damaged file is refused before anything is touched: the gzip checksum, then the tar header.
  let tar: Buffer;
  try {
    tar = zlib.gunzipSync(backup);
  } catch (error) {
    throw new Error(
      'This backup is damaged (its compressed data does not check out); the database was left as it was.',
      {
        cause: error,
      },
    );
  }
  if (tar.subarray(257, 262).toString('latin1') !== 'ustar') {
    throw new Error('This backup is damaged (it holds no tar archive); the database was left as it was.');
  }
  const lock = await lockDataDir(dataDir);
  const target = path.join(dataDir, PGLITE);
  const kept = fs.existsSync(target)
    ? path.join(dataDir, `${PGLITE}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`)
    : null;
  try {
    if (kept) fs.renameSync(target, kept);
    try {
      const client = createPglite(target, { loadDataDir: new Blob([new Uint8Array(backup)]) });
      try {
        await client.waitReady;
        // The restored database must open and hold Marquee's schema.
        await client.query('select count(*) from drizzle.__drizzle_migrations');
      } finally {
        await client.close();
      }
    } catch (error) {
      fs.rmSync(target, { recursive: true, force: true });
      if (kept) fs.renameSync(kept, target);
      throw new Error(
        `The backup could not be restored, and the database was left as it was (${error instanceof Error ? error.message : String(error)}).`,
        { cause: error },
      );
    }
    return kept;
  } finally {
    lock.release();
  }
}
