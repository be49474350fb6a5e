// The storefront Lighthouse bench's measuring: the floor page, the time to a page's headers, one Lighthouse audit
// of a page and the median of several, and a server of the code under a root with a fresh DATA_DIR.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { median, reactProductionArgs, serverTsconfig } from './baseline.js';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url: string, server: ChildProcess, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** The floor: the least a page can be (a heading and a paragraph), served by a bare Node server. */
export function startFloor(port: number): Promise<http.Server> {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>Floor</title><meta name="description" content="A minimal static page."></head><body><main><h1>Night Owls Live</h1><p>The least a page can be: one heading and this paragraph, no images, no styles.</p></main></body></html>`;
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(html) });
    response.end(html);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

/** Milliseconds until the response headers arrive; *.localhost is sent to loopback as Chromium does. */
export function timeToHeaders(url: string): Promise<number> {
  const lookup: net.LookupFunction = (_host, options, callback) => {
    const all = (options as { all?: boolean }).all;
    if (all)
      (callback as (error: null, addresses: Array<{ address: string; family: number }>) => void)(null, [
        { address: '127.0.0.1', family: 4 },
      ]);
    else callback(null, '127.0.0.1', 4);
  };
  return new Promise((resolve, reject) => {
    const started = performance.now();
    http
      .get(url, { lookup }, (response) => {
        const elapsed = performance.now() - started;
        response.resume().on('end', () => resolve(elapsed));
      })
      .on('error', reject);
  });
}

export interface Row {
  page: string;
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
  score: number;
  bytes: number;
  lcpElement: string;
}

export function medianRow(runs: Row[]): Row {
  const of = (key: 'lcp' | 'fcp' | 'tbt' | 'cls' | 'score' | 'bytes') => median(runs.map((run) => run[key]));
  return {
    page: runs[0]!.page,
    lcp: of('lcp'),
    fcp: of('fcp'),
    tbt: of('tbt'),
    cls: of('cls'),
    score: Math.round(of('score')),
    bytes: of('bytes'),
    lcpElement: runs[0]!.lcpElement,
  };
}

export async function audit(port: number, page: string, url: string): Promise<Row> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { audits, categories, runtimeError } = result.lhr;
  // For finding out why a page is slow: the full report of each page, readable in the Lighthouse viewer.
  if (process.env.LIGHTHOUSE_REPORT_DIR) {
    fs.mkdirSync(process.env.LIGHTHOUSE_REPORT_DIR, { recursive: true });
    const file = path.join(process.env.LIGHTHOUSE_REPORT_DIR, `${page.replace(/\W+/g, '-')}.json`);
    fs.writeFileSync(file, JSON.stringify(result.lhr, null, 1));
  }
  if (runtimeError) throw new Error(`Lighthouse on ${url}: ${runtimeError.code} ${runtimeError.message}`);
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  const lcpItems = (audits['largest-contentful-paint-element']?.details as { items?: Array<{ items?: unknown[] }> })
    ?.items?.[0]?.items?.[0] as { node?: { snippet?: string } } | undefined;
  return {
    page,
    lcp: value('largest-contentful-paint') / 1000,
    fcp: value('first-contentful-paint') / 1000,
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    score: Math.round((categories.performance?.score ?? 0) * 100),
    bytes: value('total-byte-weight'),
    lcpElement: lcpItems?.node?.snippet ?? '',
  };
}

export interface StorefrontServer {
  port: number;
  base: string;
  stop(): Promise<void>;
}

/**
 * The server of the code under `root` (the working tree, or a BASELINE checkout) on a fresh port and DATA_DIR,
 * in the bench's test configuration with React's production build (bench/lib/react-production.ts).
 */
export async function startStorefront(root: string): Promise<StorefrontServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-lighthouse-'));
  const server = spawn(
    process.execPath,
    ['--import', 'tsx', ...reactProductionArgs(root), 'apps/server/src/server.ts'],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        ...serverTsconfig(root),
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: 'localhost',
        DATA_DIR: dataDir,
        PUBLIC_HOST: `localhost:${port}`,
        LOG_LEVEL: 'warn',
      },
    },
  );
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const base = `http://localhost:${port}`;
  try {
    await waitFor(`${base}/api/health`, server);
  } catch (error) {
    await stop();
    throw error;
  }
  return { port, base, stop };
}
