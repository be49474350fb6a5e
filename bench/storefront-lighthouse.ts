// Lighthouse (mobile, simulated slow 4G) on a live event page with its artwork, the storefront home and a
// minimal static page as the floor, against the real server with a fresh DATA_DIR. Fully offline.
// Run with `npm run bench -- storefront-lighthouse`. Target: event page LCP <= 1.0 s and score >= 95.
// BASELINE=<git ref> starts that ref's server beside the working tree's, audits both alternately with the same
// number of runs and prints the event page of each beside the floor (bench/lib/baseline.ts).
import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import { BASELINE, codeVersions, inRoundOrder, median, ratio, type CodeVersion } from './lib/baseline.js';
import {
  audit,
  freePort,
  medianRow,
  startFloor,
  startStorefront,
  timeToHeaders,
  type Row,
  type StorefrontServer,
} from './lib/lighthouse-audit.js';
import { seed } from './lib/lighthouse-seed.js';

const repoRoot = path.resolve(import.meta.dirname, '..');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

function lighthouseVersion(): string {
  const manifest = path.join(repoRoot, 'node_modules/lighthouse/package.json');
  return (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string }).version;
}

const RUNS = Math.max(1, Number(process.env.RUNS ?? 3));

/** Each code version's server and pages; without BASELINE one, the working tree, with the pages' plain names. */
interface Site {
  version: CodeVersion;
  server: StorefrontServer;
  pages: Array<[string, string]>;
}

const versions = codeVersions();
const named = (page: string, version: CodeVersion) => (BASELINE ? `${page}, ${version.label}` : page);
const sites: Site[] = [];
let floor: http.Server | undefined;
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  let artworkBytes = 0;
  for (const version of versions) {
    const server = await startStorefront(version.root);
    sites.push({ version, server, pages: [] });
    const subdomain = 'bench-nights';
    const seeded = await seed(server.base, subdomain);
    artworkBytes = seeded.artworkBytes;
    const storefront = `http://${subdomain}.localhost:${server.port}`;
    sites
      .at(-1)!
      .pages.push(
        [named('storefront home', version), `${storefront}/`],
        [named('event page', version), `${storefront}${seeded.eventUrl}`],
      );
  }
  const floorPort = await freePort();
  floor = await startFloor(floorPort);
  const floorPage: [string, string] = ['floor (static)', `http://127.0.0.1:${floorPort}/`];
  const allPages = [floorPage, ...sites.flatMap((site) => site.pages)];

  // Time to the response headers as the server sees it from here: Lighthouse adds the observed server time to
  // its simulated TTFB, so a slow page handler shows up in every metric.
  const serverMs = new Map<string, number>();
  for (const [page, url] of allPages) {
    const timings: number[] = [];
    for (let index = 0; index < 25; index += 1) {
      timings.push(await timeToHeaders(url));
    }
    serverMs.set(page, median(timings.slice(5)));
  }

  chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
  // One unreported pass warms Chromium and the servers; then each page is audited RUNS times and the median of
  // each figure is shown, because a busy machine adds noise to the simulated CPU times (TBT). Each run audits
  // the floor and then each version's pages, old and new taking turns to go first.
  // Lighthouse sometimes fails to record a trace (NO_NAVSTART) on a busy machine: such a run is made again, once.
  const auditOnce = async (page: string, url: string) => {
    try {
      return await audit(chrome!.port, page, url);
    } catch (error) {
      if (!String(error).includes('NO_NAVSTART')) throw error;
      console.log(`(${page}: Lighthouse recorded no navigation; running it again)`);
      return audit(chrome!.port, page, url);
    }
  };
  for (const [page, url] of allPages) await auditOnce(page, url);
  const runs = new Map<string, Row[]>(allPages.map(([page]) => [page, []]));
  for (let run = 1; run <= RUNS; run += 1) {
    const order = [floorPage, ...inRoundOrder(sites, run).flatMap((site) => site.pages)];
    for (const [page, url] of order) runs.get(page)!.push(await auditOnce(page, url));
  }
  const rows = allPages.map(([page]) => medianRow(runs.get(page)!));

  console.log(
    `Lighthouse ${lighthouseVersion()}, mobile, simulated slow 4G, ${chromePath}, median of ${RUNS} runs; artwork uploaded as a ${(artworkBytes / 1024).toFixed(0)} KB 1600x900 JPEG`,
  );
  const width = BASELINE ? 22 : 16;
  console.log(
    `${'page'.padEnd(width)} ${'LCP (s)'.padStart(8)} ${'FCP (s)'.padStart(8)} ${'TBT (ms)'.padStart(9)} ${'CLS'.padStart(6)} ${'score'.padStart(6)} ${'bytes'.padStart(8)} ${'server (ms)'.padStart(12)}`,
  );
  for (const row of rows) {
    console.log(
      `${row.page.padEnd(width)} ${row.lcp.toFixed(2).padStart(8)} ${row.fcp.toFixed(2).padStart(8)} ${row.tbt.toFixed(0).padStart(9)} ${row.cls.toFixed(3).padStart(6)} ${String(row.score).padStart(6)} ${row.bytes.toFixed(0).padStart(8)} ${(serverMs.get(row.page) ?? Number.NaN).toFixed(1).padStart(12)}`,
    );
  }
  for (const row of rows) if (row.lcpElement) console.log(`LCP element, ${row.page}: ${row.lcpElement}`);
  const rowOf = (page: string) => rows.find((row) => row.page === page)!;
  if (!BASELINE) {
    const event = rowOf('event page');
    const met = event.lcp <= 1.0 && event.score >= 95;
    console.log(`Target (event page LCP <= 1.0 s, score >= 95): ${met ? 'met' : 'MISSED'}`);
  } else {
    const [floorRow, oldEvent, newEvent] = [
      rowOf('floor (static)'),
      rowOf('event page, old'),
      rowOf('event page, new'),
    ];
    const cell = (value: string) => value.padStart(8);
    console.log(`\nold = ${BASELINE}, new = the working tree; medians of ${RUNS} runs each, audited alternately`);
    console.log(`${''.padEnd(26)} ${cell('old')} ${cell('new')} ${cell('new/old')}`);
    console.log(
      `${'event page LCP (s)'.padEnd(26)} ${cell(oldEvent.lcp.toFixed(2))} ${cell(newEvent.lcp.toFixed(2))} ${cell(ratio(oldEvent.lcp, newEvent.lcp))}`,
    );
    console.log(`${'event page score'.padEnd(26)} ${cell(String(oldEvent.score))} ${cell(String(newEvent.score))}`);
    console.log(`${'floor LCP (s)'.padEnd(26)} ${cell(floorRow.lcp.toFixed(2))} ${cell(floorRow.lcp.toFixed(2))}`);
    console.log(
      `${'event page LCP / floor LCP'.padEnd(26)} ${cell(ratio(floorRow.lcp, oldEvent.lcp))} ${cell(ratio(floorRow.lcp, newEvent.lcp))}`,
    );
    const met = newEvent.lcp <= 1.1 * floorRow.lcp && newEvent.score >= 99;
    console.log(`Target (new event page LCP <= 1.1x the floor's, score >= 99): ${met ? 'met' : 'MISSED'}`);
  }
} finally {
  await chrome?.kill();
  floor?.close();
  await Promise.allSettled(sites.map((site) => site.server.stop()));
}
