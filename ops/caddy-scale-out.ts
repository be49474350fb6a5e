// The production set-up, started for real on this machine and sold out through it: Caddy (Debian's package) with
// on-demand TLS asking the app's /internal/tls/ask endpoint, in front of two app processes in production mode on
// one PostgreSQL database. Fans buy through Caddy, both processes answer; at the end no ticket is oversold, every
// paid order has its tickets, and every order was e-mailed exactly once. Caddy refuses a certificate for a host
// the app does not know. Prints its counts; exits 1 on any failure.
// Run with `node --import tsx ops/caddy-scale-out.ts` (.ci/run runs it; SCALE_OUT_DATABASE_URL, FANS, CAPACITY).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import pg from 'pg';
import { forEachLimited, HttpClient } from '../bench/lib/http.js';
import { createLiveEvent, eventCounters, fanCheckoutForm, sellingOrganiser } from '../bench/lib/organiser.js';
import { createFreshDatabase, type FreshDatabase } from '../bench/lib/postgres.js';
import { freePort, startServer, type ServerProcess } from '../bench/lib/server-process.js';

const PG_URL = process.env.SCALE_OUT_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const FANS = Number(process.env.FANS ?? 240);
const CAPACITY = Number(process.env.CAPACITY ?? 80);
const PUBLIC_NAME = 'marquee.test';

function caddyBinary(): string | null {
  const found = spawnSync('sh', ['-c', 'command -v caddy'], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : null;
}

function caddyfile(httpsPort: number, httpPort: number, appPorts: number[], storage: string): string {
  return `{
	admin off
	http_port ${httpPort}
	https_port ${httpsPort}
	local_certs
	skip_install_trust
	storage file_system ${storage}
	on_demand_tls {
		ask http://127.0.0.1:${appPorts[0]}/internal/tls/ask
	}
}

https:// {
	tls internal {
		on_demand
	}
	encode gzip
	reverse_proxy ${appPorts.map((port) => `127.0.0.1:${port}`).join(' ')} {
		lb_policy round_robin
		header_up X-Forwarded-Proto {scheme}
	}
}
`;
}

async function startCaddy(config: string, dir: string, httpsPort: number): Promise<ChildProcess> {
  const file = path.join(dir, 'Caddyfile');
  fs.writeFileSync(file, config);
  const child = spawn(caddyBinary()!, ['run', '--config', file, '--adapter', 'caddyfile'], {
    env: { PATH: process.env.PATH ?? '', HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  child.stderr!.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)));
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`caddy exited: ${log}`);
    const listening = await new Promise<boolean>((resolve) => {
      const socket = tls.connect({
        host: '127.0.0.1',
        port: httpsPort,
        servername: PUBLIC_NAME,
        rejectUnauthorized: false,
      });
      socket.once('secureConnect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (listening) return child;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`caddy did not start: ${log}`);
}

/** True when Caddy completes a TLS handshake for `servername` (it got a certificate the app allowed). */
function handshake(port: number, servername: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = tls.connect({ host: '127.0.0.1', port, servername, rejectUnauthorized: false });
    socket.setTimeout(15_000, () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('secureConnect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function main(): Promise<number> {
  if (!caddyBinary()) {
    console.log('caddy-scale-out: caddy is not installed (apt-get install caddy); skipped.');
    return process.env.CI === 'true' ? 1 : 0;
  }
  let database: FreshDatabase;
  try {
    database = await createFreshDatabase(PG_URL, 'marquee_scale');
  } catch (error) {
    console.log(`caddy-scale-out: PostgreSQL not reachable at ${PG_URL} (${String(error)}); skipped.`);
    return process.env.CI === 'true' ? 1 : 0;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-scale-'));
  const servers: ServerProcess[] = [];
  const clients: HttpClient[] = [];
  let caddy: ChildProcess | undefined;
  const failures: string[] = [];
  try {
    const [appA, appB, httpsPort, httpPort] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
    const publicHost = `${PUBLIC_NAME}:${httpsPort}`;
    const env = {
      NODE_ENV: 'production',
      DATABASE_URL: database.url,
      DATA_DIR: path.join(dir, 'data'),
      APP_URL: `https://${publicHost}`,
      PUBLIC_HOST: publicHost,
      TRUST_PROXY: 'true',
      AUTH_SECRET: 'scale-out-secret-scale-out-secret-0123456789',
      // Production mode on the payments sandbox (decision 049): the fans pay through the sandbox.
      PAYMENTS_SANDBOX_IN_PRODUCTION: 'yes',
      // Every fan reaches the app from Caddy's loopback address, so the per-IP checkout limit is raised.
      RATE_LIMIT_MULTIPLIER: '1000',
    };
    // The first process migrates the database; the second starts on the migrated database.
    servers.push(await startServer(appA!, env));
    servers.push(await startServer(appB!, env));
    caddy = await startCaddy(
      caddyfile(httpsPort!, httpPort!, [appA!, appB!], path.join(dir, 'caddy')),
      dir,
      httpsPort!,
    );

    const readMail = async (email: string) => {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const found = await client.query<{ text: string }>(
          'select text from mail_outbox where "to" = $1 order by created_at desc limit 1',
          [email],
        );
        return found.rows[0]?.text ?? '';
      } finally {
        await client.end();
      }
    };
    const app = new HttpClient(httpsPort!, 20, { tlsServername: PUBLIC_NAME });
    clients.push(app);
    const subdomain = `scale${Date.now().toString(36)}`;
    const organiser = await sellingOrganiser(app, publicHost, subdomain, readMail);
    const live = await createLiveEvent(app, publicHost, organiser, CAPACITY);
    const shopName = `${subdomain}.${PUBLIC_NAME}`;
    const shopHost = `${subdomain}.${publicHost}`;
    const shop = new HttpClient(httpsPort!, 40, { tlsServername: shopName });
    clients.push(shop);

    if (!(await handshake(httpsPort!, shopName))) failures.push(`no certificate for the organiser's host ${shopName}`);
    if (await handshake(httpsPort!, 'unknown.example.com'))
      failures.push('Caddy got a certificate for an unknown host');

    const served = new Set<string>();
    const tokens: string[] = [];
    const statuses = new Map<number, number>();
    await forEachLimited(
      Array.from({ length: FANS }, (_, index) => index),
      40,
      async (index) => {
        const reply = await shop.trySend({
          path: `/events/${live.id}/checkout`,
          host: shopHost,
          headers: { origin: `https://${shopHost}` },
          body: fanCheckoutForm(live, `fan${index}@example.com`, `Number ${index}`),
        });
        statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
        if (reply.status === 303) tokens.push(/^\/checkout\/([A-Za-z0-9_-]{43})$/.exec(reply.location)?.[1] ?? '');
      },
    );

    let paid = 0;
    await forEachLimited(tokens, 20, async (token) => {
      const pay = await shop.trySend({
        method: 'POST',
        path: `/checkout/${token}/pay`,
        host: shopHost,
        headers: { origin: `https://${shopHost}` },
        body: '',
      });
      if (pay.status !== 303) return;
      const provider = new URL(pay.location);
      const card = await app.trySend({
        path: provider.pathname,
        host: provider.host,
        headers: { origin: `https://${publicHost}` },
        body: { card_number: '4242424242424242', card_expiry: '12 / 34', card_cvc: '123', card_name: 'Fan' },
      });
      if (card.status === 303 && card.location.includes('/return')) paid += 1;
    });

    // Caddy spreads requests round robin; both processes must still be up and serving the storefront.
    for (const server of servers) {
      const direct = new HttpClient(server.port, 2);
      const page = await direct.send({ path: `/events/${live.slug}`, host: shopHost });
      if (page.status === 200) served.add(String(server.port));
      await direct.close();
    }

    const counters = await eventCounters(app, publicHost, organiser, live.id);
    const check = new pg.Client({ connectionString: database.url });
    await check.connect();
    const countNow = () =>
      check.query<{ tickets: number; paid_orders: number; mails: number; mailed_twice: number }>(
        `select
           (select count(*)::int from ticket where event_id = $1) as tickets,
           (select count(*)::int from "order" where event_id = $1 and status = 'paid') as paid_orders,
           (select count(*)::int from mail_outbox m join "order" o on o.customer_email = m."to"
              where o.event_id = $1 and o.status = 'paid' and m.subject like 'Your tickets%') as mails,
           (select count(*)::int from (select m."to" from mail_outbox m join "order" o on o.customer_email = m."to"
              where o.event_id = $1 and m.subject like 'Your tickets%' group by m."to" having count(*) > 1) twice) as mailed_twice`,
        [live.id],
      );
    // E-mails are delivered after payment (by a job); wait for them, up to a minute.
    let row = (await countNow()).rows[0]!;
    for (let waited = 0; row.mails < row.paid_orders && waited < 60_000; waited += 500) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      row = (await countNow()).rows[0]!;
    }
    await check.end();
    const refused = [...statuses.entries()].map(([status, n]) => `${n}x${status || 'timeout'}`).join(' ');
    console.log(
      `caddy-scale-out: Caddy + 2 app processes (production mode) + PostgreSQL; ${FANS} fans for ${CAPACITY} tickets`,
    );
    console.log(
      `  checkouts: ${refused}; holds ${tokens.length}; paid ${paid}; sold ${counters.sold}; held left ${counters.held}; ` +
        `tickets ${row.tickets}; paid orders ${row.paid_orders}; confirmation e-mails ${row.mails} ` +
        `(recipients e-mailed twice: ${row.mailed_twice}); processes serving ${served.size}/2`,
    );
    if (tokens.length !== CAPACITY) failures.push(`held ${tokens.length}, expected exactly ${CAPACITY}`);
    if (counters.sold > CAPACITY || row.tickets > CAPACITY) failures.push('OVERSOLD');
    if (paid !== tokens.length || row.paid_orders !== tokens.length) failures.push(`paid ${paid}/${tokens.length}`);
    if (row.tickets !== row.paid_orders) failures.push('tickets and paid orders disagree');
    if (row.mails !== row.paid_orders || row.mailed_twice > 0) failures.push('not every order e-mailed exactly once');
    if (served.size !== 2) failures.push('both app processes must serve the storefront');
    if ((statuses.get(0) ?? 0) > 0 || [...statuses.keys()].some((status) => status >= 500)) {
      failures.push('a checkout timed out or failed with 5xx');
    }
  } catch (error) {
    failures.push(error instanceof Error ? (error.stack ?? error.message) : String(error));
  } finally {
    await Promise.allSettled(clients.map((client) => client.close()));
    caddy?.kill('SIGTERM');
    await Promise.allSettled(servers.map((server) => server.stop()));
    await database.drop().catch(() => undefined);
    fs.rmSync(dir, { recursive: true, force: true });
  }
  for (const failure of failures) console.error(`caddy-scale-out FAILED: ${failure}`);
  if (failures.length === 0) console.log('caddy-scale-out: passed');
  return failures.length === 0 ? 0 : 1;
}

process.exitCode = await main();
