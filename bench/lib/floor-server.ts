// The floor of the checkout rush: what this machine allows a hold to cost with no product at all. A bare node:http
// server on the same PostgreSQL makes the product's three round trips per checkout in their smallest form (the
// host's organisation, the event's counters, then one statement that holds within capacity and writes the order)
// and answers 303 to a random order token, or a small page once sold out. No framework, validation, rate limits,
// security headers, metrics or rendering. The sale's floor likewise: POST /checkout/:token/pay makes the payment's
// and the fulfilment's statements in their smallest form, one statement and so one transaction (the payment
// event's id recorded once, the order paid, its ticket made valid, the event's counters moved from held to sold),
// and answers 303 to /orders/:token, or 409 when the order was not pending. No payment provider, receipt, e-mail,
// order page or job. Run as a child process by bench/checkout-rush.ts (set-up f): PORT, DATABASE_URL, CAPACITY and
// WARM_CAPACITY in the environment; GET /api/health answers once it listens.
import crypto from 'node:crypto';
import http from 'node:http';
import pg from 'pg';

const port = Number(process.env.PORT);
const capacity = Number(process.env.CAPACITY);
const warmCapacity = Number(process.env.WARM_CAPACITY ?? 0);
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_SIZE ?? 10) });

await pool.query(`
  create table if not exists floor_org (subdomain text primary key, payouts_enabled boolean not null);
  create table if not exists floor_event (
    slug text primary key, capacity int not null, held int not null default 0, price_minor int not null,
    sold int not null default 0);
  create table if not exists floor_order (
    id bigserial primary key, event_slug text not null, email text not null, token text not null unique,
    quantity int not null, total_minor int not null, expires_at timestamptz not null,
    status text not null default 'pending', paid_at timestamptz);
  create table if not exists floor_payment_event (id text primary key, received_at timestamptz not null);
  create table if not exists floor_ticket (
    id bigserial primary key, order_id bigint not null references floor_order (id), code text not null unique,
    status text not null);
  insert into floor_org values ('floor', true) on conflict do nothing;
  insert into floor_event values ('rush', ${capacity}, 0, 2000), ('warm', ${warmCapacity}, 0, 2000)
    on conflict do nothing;
`);

const soldOutPage = `<!doctype html><title>Sold out</title><main><h1>The Rush</h1>${'<p>This event is sold out.</p>'.repeat(40)}</main>`;

async function checkout(host: string, slug: string, email: string, reply: http.ServerResponse) {
  const org = await pool.query({
    name: 'floor_org',
    text: 'select payouts_enabled from floor_org where subdomain = $1',
    values: [host.split('.')[0]],
  });
  const event = await pool.query({
    name: 'floor_event',
    text: 'select capacity, held, price_minor from floor_event where slug = $1',
    values: [slug],
  });
  const row = event.rows[0] as { capacity: number; held: number; price_minor: number } | undefined;
  if (!org.rows[0] || !row) return void reply.writeHead(404).end();
  const token = crypto.randomBytes(32).toString('base64url');
  const held =
    row.held < row.capacity
      ? await pool.query({
          name: 'floor_hold',
          text: `with counted as (
                   update floor_event set held = held + 1 where slug = $1 and held + 1 <= capacity returning slug)
                 insert into floor_order (event_slug, email, token, quantity, total_minor, expires_at)
                 select slug, $2, $3, 1, $4, now() + interval '15 minutes' from counted returning id`,
          values: [slug, email, token, Math.round(row.price_minor * 1.08)],
        })
      : { rowCount: 0 };
  if (held.rowCount === 1) reply.writeHead(303, { location: `/checkout/${token}` }).end();
  else reply.writeHead(409, { 'content-type': 'text/html; charset=utf-8' }).end(soldOutPage);
}

/**
 * One sale: the payment event's id (a fresh one per request, as the provider's event would be) recorded with ON
 * CONFLICT DO NOTHING, and only if it is new the order paid, its tickets made valid and the event's counters
 * moved, all in one statement (one transaction, one round trip).
 */
async function pay(token: string, reply: http.ServerResponse) {
  const sold = await pool.query({
    name: 'floor_sale',
    text: `with recorded as (
             insert into floor_payment_event (id, received_at) values ($1, now()) on conflict do nothing returning id),
           paid as (
             update floor_order set status = 'paid', paid_at = now()
             where token = $2 and status = 'pending' and exists (select from recorded)
             returning id, event_slug, quantity),
           tickets as (
             insert into floor_ticket (order_id, code, status)
             select paid.id, $3::text || '-' || n, 'valid' from paid, generate_series(1, paid.quantity) as n returning id),
           counted as (
             update floor_event set held = held - paid.quantity, sold = sold + paid.quantity
             from paid where floor_event.slug = paid.event_slug returning slug)
           select count(*)::int as n from paid`,
    values: [`evt_floor_${crypto.randomBytes(12).toString('hex')}`, token, crypto.randomBytes(6).toString('hex')],
  });
  if ((sold.rows[0] as { n: number }).n === 1) reply.writeHead(303, { location: `/orders/${token}` }).end();
  else reply.writeHead(409).end();
}

http
  .createServer({ keepAlive: true }, (request, reply) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.url === '/api/health') return void reply.writeHead(200).end('ok');
      const paying = /^\/checkout\/([A-Za-z0-9_-]{43})\/pay$/.exec(request.url ?? '')?.[1];
      if (request.method === 'POST' && paying) {
        return void pay(paying, reply).catch((error: unknown) => {
          console.error(error);
          reply.writeHead(500).end();
        });
      }
      const slug = /^\/events\/([a-z0-9-]+)\/checkout$/.exec(request.url ?? '')?.[1];
      if (request.method !== 'POST' || !slug) return void reply.writeHead(404).end();
      const email = new URLSearchParams(Buffer.concat(chunks).toString()).get('email') ?? '';
      checkout(request.headers.host ?? '', slug, email, reply).catch((error: unknown) => {
        console.error(error);
        reply.writeHead(500).end();
      });
    });
  })
  .listen(port, '127.0.0.1');

const stop = () => void pool.end().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
