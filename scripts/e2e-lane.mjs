// The browser tests as a queue of spec files served by runners. Each runner starts its own server (the production
// build, on its own port and data directory) and runs one spec file at a time with Playwright against it, taking
// the next file from the shared queue, longest first (e2e/durations.json). The first runner starts at once; the
// others start when `startMore` resolves (npm test: when the Vitest lane has ended and the two cores are free), so
// the browser tests use the second core once nothing else does, without competing with the Vitest lane.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { e2eServerEnv } from '../apps/web/e2e/server-env.mjs';

const root = path.resolve(import.meta.dirname, '..');
const e2eDir = path.join(root, 'apps/web/e2e');
const BASE_PORT = Number(process.env.E2E_PORT ?? 3100);

/** Spec files, longest first by the last recorded durations; files not recorded yet go first. */
export function specQueue(filter = []) {
  const durations = JSON.parse(fs.readFileSync(path.join(e2eDir, 'durations.json'), 'utf8'));
  const files = fs
    .readdirSync(e2eDir)
    .filter((name) => name.endsWith('.spec.ts'))
    .filter((name) => filter.length === 0 || filter.some((wanted) => name.includes(wanted)));
  return files.sort((a, b) => (durations[b] ?? Infinity) - (durations[a] ?? Infinity) || a.localeCompare(b));
}

async function healthy(port) {
  try {
    const response = await fetch(`http://localhost:${port}/api/health`, { signal: AbortSignal.timeout(2_000) });
    return response.ok;
  } catch {
    return false;
  }
}

async function startServer(port) {
  if (await healthy(port)) throw new Error(`Port ${port} already answers: stop the server left there first.`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-e2e-'));
  const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/server.js'], {
    cwd: root,
    env: { ...process.env, ...e2eServerEnv(port, dataDir) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The e2e server on port ${port} exited (${child.exitCode}).`);
    if (await healthy(port)) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (!(await healthy(port))) throw new Error(`The e2e server on port ${port} did not start in 120 s.`);
  return {
    dataDir,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    },
  };
}

function runSpec(port, dataDir, file, chromium) {
  return new Promise((resolve) => {
    const started = Date.now();
    // The CLI's filter is a regular expression over the file's path: this file exactly, nothing else.
    const exactly = `/e2e/${file.replace(/[.]/g, '\\.')}$`;
    const child = spawn('npx', ['playwright', 'test', '-c', 'apps/web/playwright.config.ts', exactly], {
      cwd: root,
      env: {
        ...process.env,
        CHROMIUM_PATH: chromium,
        E2E_PORT: String(port),
        E2E_EXTERNAL_SERVER: '1',
        MARQUEE_E2E_DATA: dataDir,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ code: code ?? 1, output, seconds: (Date.now() - started) / 1000 }));
  });
}

/**
 * Runs the queue: one runner at once, `runners - 1` more when `startMore` resolves. Each file's output is printed
 * whole when it ends. Resolves to { code } (0 when every file passed).
 */
export async function runBrowserLane({ chromium, runners = 2, startMore = Promise.resolve(), filter = [] }) {
  const queue = specQueue(filter);
  const failed = [];
  const timings = {};
  const lanStarted = Date.now();
  async function runner(index) {
    if (queue.length === 0) return;
    const port = BASE_PORT + index * 10;
    const server = await startServer(port);
    try {
      for (let file = queue.shift(); file; file = queue.shift()) {
        const result = await runSpec(port, server.dataDir, file, chromium);
        timings[file] = Math.round(result.seconds);
        process.stdout.write(`\n== ${file} (runner ${index + 1}, ${result.seconds.toFixed(0)} s)\n${result.output}`);
        if (result.code !== 0) failed.push(file);
      }
    } finally {
      await server.stop();
    }
  }
  const all = [runner(0)];
  for (let index = 1; index < runners; index += 1) all.push(startMore.then(() => runner(index)));
  const settled = await Promise.allSettled(all);
  for (const outcome of settled) {
    if (outcome.status === 'rejected') {
      process.stderr.write(`${outcome.reason instanceof Error ? outcome.reason.message : outcome.reason}\n`);
      failed.push('(runner)');
    }
  }
  const minutes = ((Date.now() - lanStarted) / 60_000).toFixed(1);
  process.stdout.write(
    `\nBrowser tests: ${Object.keys(timings).length} spec files in ${minutes} min; seconds per file:\n`,
  );
  process.stdout.write(`${JSON.stringify(timings)}\n`);
  if (failed.length > 0) process.stderr.write(`Failed spec files: ${failed.join(', ')}\n`);
  return { code: failed.length > 0 ? 1 : 0, output: '' };
}
