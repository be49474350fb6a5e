// Check-in at the door: one event of TICKETS paid tickets (seeded by SQL as fulfilment leaves them: orders of 2,
// codes in the real format) on a real server process over PostgreSQL; DEVICES phones scan at once over HTTP,
// each its own share of the tickets by their signed QR payloads, with one scan in RESCAN_EVERY a re-scan of a
// ticket already in (answered "already checked in"). Two phases on separate tickets: a) each device scans again
// about PAUSE_MS after its answer (drawn between 0.5x and 1.5x, default 250 ms: faster than any door, where a fan
// shows a ticket every few seconds),
// b) flat out, every device scanning again the moment it has its answer (the server's capacity; its latencies
// are mostly queueing behind the other devices). Prints p50/p95/p99 of the check-in answer (loopback HTTP
// round trip, so the server's time plus a few hundred microseconds), throughput, a hard check that every ticket
// was admitted exactly once, and the size of the offline ticket list (raw JSON, gzip and brotli as
// @fastify/compress sends it). Figures, not pass/fail. Targets (issue 14): p95 < 50 ms, list < 1 MB compressed.
// Run with `npm run bench -- checkin` (TICKETS=20000 DEVICES=20 SCANS=2000 PAUSE_MS=250 BENCH_DATABASE_URL=...).
import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import pg from 'pg';
import { CODE_ALPHABET } from '@marquee/shared';
import { createTicketSigner } from '../apps/server/src/modules/checkout/ticket-qr.js';
import { forEachLimited, HttpClient, percentile } from './lib/http.js';
import { createLiveEvent, sellingOrganiser } from './lib/organiser.js';
import { createFreshDatabase } from './lib/postgres.js';
import { freePort, startServer } from './lib/server-process.js';

const TICKETS = Number(process.env.TICKETS ?? 20_000);
const DEVICES = Number(process.env.DEVICES ?? 20);
const SCANS = Math.min(Number(process.env.SCANS ?? 2000), Math.floor(TICKETS / 2));
/** A door device's pause between an answer and the next scan (the next fan steps up); a real scan takes seconds. */
const PAUSE_MS = Number(process.env.PAUSE_MS ?? 250);
const RESCAN_EVERY = 10;
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const AUTH_SECRET = 'bench-secret-bench-secret-bench-secret-0123';
const appHost = 'localhost';

const code = () => `T-${Array.from({ length: 10 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('')}`;

/** TICKETS paid tickets of the event in orders of 2, with names and e-mails like real buyers'. */
async function seed(url: string, eventId: string, ticketTypeId: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ organization_id: string }>(
      'select organization_id from event where id = $1',
      [eventId],
    );
    const org = rows[0]!.organization_id;
    const orders = Math.ceil(TICKETS / 2);
    await client.query(
      `insert into "order" (organization_id, event_id, code, access_token, status, first_name, last_name,
         customer_email, quantity, amount_minor, fee_minor, currency, created_at, updated_at, paid_at)
       select $1, $2, 'MQ-' || upper(substr(md5('o' || i), 1, 8)), md5('a' || i) || substr(md5('b' || i), 1, 11), 'paid',
         (array['Ada','Grace','Alan','Edsger','Barbara','Donald','Frances','Ken'])[1 + i % 8], 'Number ' || i,
         'fan' || i || '@example.com', 2, 4000, 320, 'GBP', now(), now(), now()
       from generate_series(1, $3::int) as i`,
      [org, eventId, orders],
    );
    await client.query(
      `insert into order_line (organization_id, order_id, ticket_type_id, name, quantity, unit_price_minor, unit_fee_minor)
       select organization_id, id, $2, 'General Admission', 2, 2000, 160 from "order" where event_id = $1`,
      [eventId, ticketTypeId],
    );
    const codes = new Set<string>();
    while (codes.size < TICKETS) codes.add(code());
    await client.query(
      `insert into ticket (organization_id, order_id, order_line_id, event_id, ticket_type_id, code, holder_name)
       select o.organization_id, o.id, l.id, o.event_id, l.ticket_type_id, c.code, o.first_name || ' ' || o.last_name
       from unnest($2::text[]) with ordinality as c(code, n)
       join (select id, organization_id, event_id, first_name, last_name,
               row_number() over (order by id) as k from "order" where event_id = $1) o on o.k = (c.n + 1) / 2
       join order_line l on l.order_id = o.id`,
      [eventId, [...codes]],
    );
    await client.query('update event set sold = $2 where id = $1', [eventId, TICKETS]);
    await client.query('update ticket_type set sold = $2 where id = $1', [ticketTypeId, TICKETS]);
    await client.query('analyze');
    return [...codes];
  } finally {
    await client.end();
  }
}

/** The server's count of statements sent through Drizzle so far (/metrics, `marquee_db_queries`). */
async function dbQueries(client: HttpClient): Promise<number> {
  const reply = await client.send({ path: '/metrics', host: appHost });
  const match = /^marquee_db_queries (\d+)/m.exec(reply.body);
  if (!match) throw new Error('marquee_db_queries missing from /metrics');
  return Number(match[1]);
}

async function main() {
  const database = await createFreshDatabase(PG_URL, 'bench_checkin');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-checkin-'));
  const port = await freePort();
  const server = await startServer(port, {
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    PUBLIC_HOST: appHost,
    APP_URL: `http://${appHost}`,
    AUTH_SECRET,
  });
  const client = new HttpClient(port, DEVICES + 2);
  try {
    const organiser = await sellingOrganiser(client, appHost, 'doorbench');
    const live = await createLiveEvent(client, appHost, organiser, TICKETS);
    const t0 = performance.now();
    const codes = await seed(database.url, live.id, live.ticketTypeId);
    console.log(`seeded ${TICKETS} tickets in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const headers = { origin: `http://${appHost}`, cookie: organiser.cookie };

    const list = await client.send({ path: `/api/checkin/events/${live.id}/offline`, host: appHost, headers });
    if (list.status !== 200) throw new Error(`offline list: ${list.status} ${list.body.slice(0, 200)}`);
    const raw = Buffer.from(list.body);
    const gzip = zlib.gzipSync(raw);
    const brotli = zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } });
    const rows = (JSON.parse(list.body) as { tickets: unknown[] }).tickets.length;

    const signer = createTicketSigner(AUTH_SECRET);
    const load = () =>
      os
        .loadavg()
        .map((v) => v.toFixed(2))
        .join(' ');
    /** SCANS scans of tickets [first, first + SCANS), one in RESCAN_EVERY a re-scan; each device waits pauseMs. */
    const phase = async (label: string, first: number, pauseMs: number) => {
      const scans: Array<{ device: string; payload: string }> = [];
      for (let index = 0; index < SCANS; index += 1) {
        const again = index % RESCAN_EVERY === RESCAN_EVERY - 1;
        const ticket = codes[first + (again ? index - 1 : index)]!;
        scans.push({
          device: `bench-device-${index % DEVICES}`,
          payload: signer.payloadFor({ code: ticket, eventId: live.id }),
        });
      }
      const timings: number[] = [];
      const results = new Map<string, number>();
      const queriesBefore = await dbQueries(client);
      const started = performance.now();
      await forEachLimited(scans, DEVICES, async (scan) => {
        // The next fan steps up to this device: a pause drawn between half and one and a half PAUSE_MS, so the
        // devices do not move in lockstep (with identical pauses all of them scanned within the same few tens of
        // milliseconds every round, a burst no door makes); the first scan waits too, spreading the start.
        if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs * (0.5 + Math.random())));
        const at = performance.now();
        const reply = await client.send({
          path: `/api/checkin/events/${live.id}/scan`,
          host: appHost,
          headers,
          json: { payload: scan.payload, device_id: scan.device },
        });
        timings.push(performance.now() - at);
        const result =
          reply.status === 200 ? (JSON.parse(reply.body) as { result: string }).result : `HTTP ${reply.status}`;
        results.set(result, (results.get(result) ?? 0) + 1);
      });
      const seconds = (performance.now() - started) / 1000;
      const queriesPerScan = ((await dbQueries(client)) - queriesBefore) / SCANS;
      timings.sort((a, b) => a - b);
      console.log(`\n${label} (${SCANS} scans, load ${load()})`);
      console.log(
        `answer ms  p50 ${percentile(timings, 50).toFixed(1)}  p95 ${percentile(timings, 95).toFixed(1)}  p99 ${percentile(timings, 99).toFixed(1)}  max ${timings.at(-1)!.toFixed(1)}   (target p95 < 50)`,
      );
      console.log(
        `throughput ${(SCANS / seconds).toFixed(0)} scans/s; results ${JSON.stringify(Object.fromEntries(results))}`,
      );
      console.log(`database statements per scan: ${queriesPerScan.toFixed(1)} (sign-in and all, through Drizzle)`);
    };

    console.log(`\nCheck-in: ${TICKETS} tickets, ${DEVICES} devices scanning at once`);
    await phase(
      `a) each device scans again 0.5-1.5 x ${PAUSE_MS} ms after each answer (the door's pace, fast)`,
      0,
      PAUSE_MS,
    );
    await phase('b) flat out: each device scans again the moment it has its answer (capacity)', SCANS, 0);

    const check = new pg.Client({ connectionString: database.url });
    await check.connect();
    const admitted = await check.query<{ tickets: number; rows: number }>(
      `select count(distinct ticket_id)::int as tickets, count(*)::int as rows from check_in where event_id = $1 and status = 'admitted'`,
      [live.id],
    );
    await check.end();
    const expected = 2 * (SCANS - Math.floor(SCANS / RESCAN_EVERY));
    console.log(
      `\nadmitted once: ${admitted.rows[0]!.tickets} tickets, ${admitted.rows[0]!.rows} admissions (expected ${expected} each) ${admitted.rows[0]!.rows === expected && admitted.rows[0]!.tickets === expected ? 'OK' : 'MISMATCH'}`,
    );
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
    console.log(
      `offline list: ${rows} tickets, raw ${kb(raw.length)}, gzip ${kb(gzip.length)}, brotli ${kb(brotli.length)}   (target < 1 MB compressed)`,
    );
  } finally {
    await client.close();
    await server.stop();
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
