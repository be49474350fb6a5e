// A guest-list import (issue 31, point 2; decision 126): a CSV file of ROWS comps (default 5,000; one in four asks
// for 2 tickets, every row a distinct guest, two ticket types) posted over HTTP to a real server process, as the
// dashboard posts it, on PGlite and on PostgreSQL (when BENCH_DATABASE_URL, default the local server, answers).
// Each run imports into a fresh event, so every run parses, checks, takes the places, writes the orders, tickets,
// trail and e-mail jobs and commits the whole file. Prints each run's time against the issue's floor (5,000 rows in
// under 10 s) and checks that every guest was issued. Figures, not pass/fail.
// Run with `npm run bench -- comps-import` (ROWS=5000 RUNS=3 BENCH_DATABASE_URL=...).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HttpClient } from './lib/http.js';
import { createLiveEvent, sellingOrganiser } from './lib/organiser.js';
import { createFreshDatabase, type FreshDatabase } from './lib/postgres.js';
import { freePort, startServer } from './lib/server-process.js';

const ROWS = Number(process.env.ROWS ?? 5000);
const RUNS = Number(process.env.RUNS ?? 3);
const FLOOR_SECONDS = 10;
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const AUTH_SECRET = 'bench-secret-bench-secret-bench-secret-0123';
const appHost = 'localhost';

function guestFile(run: number, typeNames: string[]): { csv: string; tickets: number } {
  let tickets = 0;
  const lines = ['name,email,type,quantity,note'];
  for (let index = 0; index < ROWS; index += 1) {
    const quantity = index % 4 === 0 ? 2 : 1;
    tickets += quantity;
    const type = typeNames[index % typeNames.length]!;
    const note = index % 10 === 0 ? '"Press, +1"' : '';
    lines.push(`Guest ${run}-${index},guest-${run}-${index}@example.com,${type},${quantity},${note}`);
  }
  return { csv: lines.join('\r\n'), tickets };
}

async function measure(label: string, env: Record<string, string>): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-bench-comps-'));
  const port = await freePort();
  const server = await startServer(port, {
    DATA_DIR: dataDir,
    PUBLIC_HOST: appHost,
    APP_URL: `http://${appHost}`,
    AUTH_SECRET,
    ...env,
  });
  const client = new HttpClient(port, 2, { timeoutMs: 120_000 });
  try {
    const organiser = await sellingOrganiser(client, appHost, `comps${Date.now().toString(36)}`);
    const headers = { origin: `http://${appHost}`, cookie: organiser.cookie };
    for (let run = 1; run <= RUNS; run += 1) {
      const live = await createLiveEvent(client, appHost, organiser, ROWS * 3);
      const guestType = await client.send({
        path: `/api/events/${live.id}/ticket-types`,
        host: appHost,
        headers,
        json: { name: 'Guest List', price: '10.00', capacity: null, hidden: true },
      });
      if (guestType.status !== 201) throw new Error(`ticket type: ${guestType.status} ${guestType.body}`);
      const file = guestFile(run, ['General Admission', 'Guest List']);
      const started = performance.now();
      const answer = await client.send({
        path: `/api/events/${live.id}/comps/import`,
        host: appHost,
        headers,
        json: { csv: file.csv },
      });
      const seconds = (performance.now() - started) / 1000;
      if (answer.status !== 201) throw new Error(`import: ${answer.status} ${answer.body.slice(0, 300)}`);
      const issued = JSON.parse(answer.body) as { issued: number; tickets: number };
      const listed = await client.send({ path: `/api/events/${live.id}/comps`, host: appHost, headers });
      const total = (JSON.parse(listed.body) as { total: number; tickets: number }).total;
      const complete = issued.issued === ROWS && issued.tickets === file.tickets && total === ROWS;
      console.log(
        `| ${label.padEnd(10)} | ${String(run).padStart(3)} | ${String(ROWS).padStart(5)} | ${String(file.tickets).padStart(7)} | ${(file.csv.length / 1024).toFixed(0).padStart(6)} | ${seconds.toFixed(2).padStart(7)} | ${FLOOR_SECONDS.toFixed(0).padStart(5)} | ${(seconds < FLOOR_SECONDS ? 'yes' : 'NO').padEnd(6)} | ${complete ? 'all issued' : `MISSING (${total} listed)`} |`,
      );
    }
  } finally {
    await client.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(
  `Guest-list import: ${ROWS} rows a file, ${RUNS} runs per database, floor: under ${FLOOR_SECONDS} s a file`,
);
console.log('| database   | run |  rows | tickets | CSV KB | seconds | floor | within | check      |');
console.log('| ---------- | --- | ----- | ------- | ------ | ------- | ----- | ------ | ---------- |');
await measure('PGlite', {});
let database: FreshDatabase | null = null;
try {
  database = await createFreshDatabase(PG_URL, 'bench_comps');
} catch {
  console.log(`PostgreSQL at ${PG_URL} did not answer: its runs are skipped`);
}
if (database) {
  try {
    await measure('PostgreSQL', { DATABASE_URL: database.url });
  } finally {
    await database.drop();
  }
}
