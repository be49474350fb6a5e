// The DATA_DIR lock is held by a live process and released by the operating system when that process dies,
// whatever PID a leftover file names.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.js';

const lockModule = path.join(path.dirname(fileURLToPath(import.meta.url)), 'data-dir-lock.ts');
const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-lock-'));
  dirs.push(dir);
  return dir;
}

/** Starts a separate Node process that takes the lock and stays alive; resolves once it holds it. */
async function holdInChild(dir: string): Promise<ChildProcess> {
  const script = `const m = await import(${JSON.stringify(lockModule)}); await m.lockDataDir(${JSON.stringify(dir)}); console.log('locked'); setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('locked')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`lock holder exited early (${code})`)));
  });
  return child;
}

describe('lockDataDir', () => {
  it('refuses while another live process holds the lock, naming its pid', async () => {
    const dir = tempDir();
    const child = await holdInChild(dir);
    const attempt = Promise.resolve().then(() => lockDataDir(dir));
    await expect(attempt).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(attempt).rejects.toThrow(
      `Another Marquee process (pid ${child.pid}) is already using the data directory`,
    );
  }, 30_000);

  it('can be taken once the holder was killed with SIGKILL (no clean-up ran)', async () => {
    const dir = tempDir();
    const child = await holdInChild(dir);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    const lock = await lockDataDir(dir);
    lock.release();
  }, 30_000);

  it('a leftover lock file naming a live, unrelated pid does not block', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'marquee.lock'), String(process.ppid));
    const lock = await lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'marquee.lock'), 'utf8').trim()).toBe(String(process.pid));
    lock.release();
    const again = await lockDataDir(dir);
    again.release();
  });

  it('the same process cannot take the lock twice', async () => {
    const dir = tempDir();
    const lock = await lockDataDir(dir);
    try {
      await expect(Promise.resolve().then(() => lockDataDir(dir))).rejects.toBeInstanceOf(DataDirLockedError);
    } finally {
      lock.release();
    }
  });
});
