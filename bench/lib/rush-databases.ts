// The databases the checkout rush runs on (a PGlite directory, a fresh PostgreSQL database) and how it counts an
// event's tickets and orders in them once the servers have stopped.
import path from 'node:path';
import pg from 'pg';
import { createPglite } from '../../apps/server/src/db/client.js';

export interface Counts {
  tickets: number;
  paidOrders: number;
  pendingOrders: number;
}
export interface RushDatabase {
  label: string;
  env: Record<string, string>;
  /** Tickets and orders of the event, read straight from the database after the servers stopped. */
  count(eventId: string): Promise<Counts>;
  /**
   * E-mails in the outbox (handed to the mail server) to addresses like `pattern`, read while the servers run;
   * null where the servers hold the database (PGlite), so it cannot be read from here.
   */
  mailsTo(pattern: string): Promise<number> | null;
}

const COUNT_SQL = {
  tickets: `select count(*)::int as n from ticket where event_id = $1`,
  orders: `select count(*) filter (where status = 'paid')::int as paid, count(*) filter (where status = 'pending')::int as pending from "order" where event_id = $1`,
};

/** Runs one statement: PGlite's and pg's `query` both answer `{ rows }`. */
type Query = (text: string, values: unknown[]) => Promise<{ rows: unknown[] }>;

async function countEvent(query: Query, eventId: string): Promise<Counts> {
  const tickets = (await query(COUNT_SQL.tickets, [eventId])).rows[0] as { n: number };
  const orders = (await query(COUNT_SQL.orders, [eventId])).rows[0] as { paid: number; pending: number };
  return { tickets: tickets.n, paidOrders: orders.paid, pendingOrders: orders.pending };
}

export function pgliteDatabase(dataDir: string): RushDatabase {
  return {
    label: 'PGlite',
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    async count(eventId) {
      const db = createPglite(path.join(dataDir, 'pglite'));
      try {
        return await countEvent((text, values) => db.query(text, values), eventId);
      } finally {
        await db.close();
      }
    },
    mailsTo: () => null,
  };
}

export function postgresDatabase(url: string, dataDir: string): RushDatabase {
  return {
    label: 'PostgreSQL',
    env: { DATABASE_URL: url, DATA_DIR: dataDir },
    async count(eventId) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return await countEvent((text, values) => client.query(text, values), eventId);
      } finally {
        await client.end();
      }
    },
    async mailsTo(pattern) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const { rows } = await client.query(`select count(*)::int as n from mail_outbox where "to" like $1`, [pattern]);
        return (rows[0] as { n: number }).n;
      } finally {
        await client.end();
      }
    },
  };
}
