// Writers of an event's rows take their row locks in one order (decision 043): rate-limit keys, codes, buyers, the
// types in id order, their shared quotas in id order (decision 128), the event last. Two writers that took them in different orders could deadlock, which
// PostgreSQL breaks only after a second (a drop's holds and payments did, before). Each case holds one row in
// another connection, starts a writer, and once the writer waits on that row checks that the rows after it in the
// order are still free (a lock taken NOWAIT succeeds). PGlite runs one transaction at a time and has no such
// waits, so this file runs on PostgreSQL only (CI sets TEST_DATABASE_URL).
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createLiveEvent, sellingOrganiser, tokenFrom } from '../../../test/checkout-helpers.js';
import { checkout, makeCode } from '../../../test/drop-helpers.js';
import type { SignedInUser } from '../../../test/auth-helpers.js';
import { eventCode } from '../../db/schema/index.js';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.runIf(onPostgres)('lock order (PostgreSQL)', () => {
  let t: TestApp;
  let owner: SignedInUser;
  const host = 'locks.localhost:3000';

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '1000' } });
    owner = await sellingOrganiser(t.app, 'locks');
  });
  afterAll(() => t?.close());

  async function connection() {
    const client = new pg.Client({ connectionString: t.databaseUrl });
    await client.connect();
    return client;
  }

  /** Resolves once some other session of this database waits on a lock. */
  async function someoneWaits(observer: pg.Client) {
    for (let tries = 0; tries < 250; tries += 1) {
      const { rows } = await observer.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
         where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
      );
      if (rows[0]!.n > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('no session waited on the lock');
  }

  /** Whether the row can be locked at once (nobody holds it). */
  async function free(client: pg.Client, table: 'event' | 'ticket_type' | 'ticket_quota', id: string) {
    await client.query('begin');
    try {
      await client.query(`select 1 from ${table} where id = $1 for update nowait`, [id]);
      return true;
    } catch (error) {
      if ((error as { code?: string }).code === '55P03') return false;
      throw error;
    } finally {
      await client.query('rollback');
    }
  }

  /**
   * Holds `lock` (a statement locking one row) in one connection, runs `writer`, and once it waits there answers
   * which of the later rows were still free; then lets the writer finish.
   */
  async function whileBlocked(
    lock: [string, unknown[]],
    writer: () => Promise<unknown>,
    later: Array<['event' | 'ticket_type' | 'ticket_quota', string]>,
  ) {
    const holder = await connection();
    const prober = await connection();
    try {
      await holder.query('begin');
      await holder.query(lock[0], lock[1]);
      const done = writer();
      await someoneWaits(prober);
      const freeRows = [];
      for (const [table, id] of later) freeRows.push(await free(prober, table, id));
      await holder.query('commit');
      await done;
      return freeRows;
    } finally {
      await holder.end();
      await prober.end();
    }
  }

  it("a batch of holds takes the type's row before the event's", async () => {
    const live = await createLiveEvent(t.app, owner, { capacity: 50, name: 'Type First' });
    const typeId = live.ticket_types[0]!.id;
    const freeRows = await whileBlocked(
      ['select 1 from ticket_type where id = $1 for update', [typeId]],
      () => checkout(t.app, host, live.id, { [typeId]: 1 }, { email: 'first@example.com' }),
      [['event', live.id]],
    );
    expect(freeRows).toEqual([true]);
  });

  /** A live event whose type counts toward a shared quota: the event, its type and the quota's id. */
  async function eventWithQuota(name: string) {
    const live = await createLiveEvent(t.app, owner, { capacity: 50, name });
    const typeId = live.ticket_types[0]!.id;
    const made = await t.app.inject({
      method: 'POST',
      url: `/api/events/${live.id}/quotas`,
      headers: { cookie: owner.cookie, origin: 'http://localhost:3000' },
      payload: { name: 'Standing', capacity: 20, ticket_type_ids: [typeId] },
    });
    expect(made.statusCode, made.body).toBe(201);
    return { live, typeId, quotaId: made.json().id as string };
  }

  it("a hold takes the type's row, then its quota's, then the event's", async () => {
    const { live, typeId, quotaId } = await eventWithQuota('Quota Order');
    const afterType = await whileBlocked(
      ['select 1 from ticket_type where id = $1 for update', [typeId]],
      () => checkout(t.app, host, live.id, { [typeId]: 1 }, { email: 'quota1@example.com' }),
      [
        ['ticket_quota', quotaId],
        ['event', live.id],
      ],
    );
    expect(afterType).toEqual([true, true]);
    const afterQuota = await whileBlocked(
      ['select 1 from ticket_quota where id = $1 for update', [quotaId]],
      () => checkout(t.app, host, live.id, { [typeId]: 1 }, { email: 'quota2@example.com' }),
      [['event', live.id]],
    );
    expect(afterQuota).toEqual([true]);
    const counters = await t.database.db.execute(sql`select held from ticket_quota where id = ${quotaId}`);
    expect((counters as unknown as { rows: Array<{ held: number }> }).rows[0]!.held).toBe(2);
  });

  it("a cancelled hold gives back the type's place, then its quota's, then the event's", async () => {
    const { live, typeId, quotaId } = await eventWithQuota('Quota Cancel Order');
    const held = await checkout(t.app, host, live.id, { [typeId]: 1 }, { email: 'quota3@example.com' });
    const token = tokenFrom(held.headers.location);
    const freeRows = await whileBlocked(
      ['select 1 from ticket_quota where id = $1 for update', [quotaId]],
      () =>
        t.app.inject({
          method: 'POST',
          url: `/checkout/${token}/cancel`,
          headers: { host, origin: `http://${host}`, 'content-type': 'application/x-www-form-urlencoded' },
          payload: '',
        }),
      [['event', live.id]],
    );
    expect(freeRows).toEqual([true]);
  });

  /** A live event with a 10% promo code `code`: the event, its type and the code's id. */
  async function eventWithPromo(name: string, code: string) {
    const live = await createLiveEvent(t.app, owner, { capacity: 50, name });
    const made = await makeCode(t.app, owner, live.id, {
      kind: 'promo',
      code,
      discount_kind: 'percent',
      discount_value: '10',
    });
    return { live, typeId: live.ticket_types[0]!.id, code: made };
  }

  it("a hold with a promo code takes the code's row before the counters", async () => {
    const { live, typeId, code } = await eventWithPromo('Code First', 'ORDER');
    const freeRows = await whileBlocked(
      ['select 1 from event_code where id = $1 for update', [code.id]],
      () => checkout(t.app, host, live.id, { [typeId]: 1 }, { email: 'coded@example.com', promo_code: 'ORDER' }),
      [
        ['ticket_type', typeId],
        ['event', live.id],
      ],
    );
    expect(freeRows).toEqual([true, true]);
    const [after] = await t.database.db.select().from(eventCode).where(eq(eventCode.id, code.id));
    expect(after!.uses).toBe(1);
  });

  it("a cancelled hold gives its code's use back before the counters", async () => {
    const { live, typeId, code } = await eventWithPromo('Cancel Order', 'BACK');
    const held = await checkout(
      t.app,
      host,
      live.id,
      { [typeId]: 1 },
      { email: 'back@example.com', promo_code: 'BACK' },
    );
    const token = tokenFrom(held.headers.location);
    const freeRows = await whileBlocked(
      ['select 1 from event_code where id = $1 for update', [code.id]],
      () =>
        t.app.inject({
          method: 'POST',
          url: `/checkout/${token}/cancel`,
          headers: { host, origin: `http://${host}`, 'content-type': 'application/x-www-form-urlencoded' },
          payload: '',
        }),
      [
        ['ticket_type', typeId],
        ['event', live.id],
      ],
    );
    expect(freeRows).toEqual([true, true]);
    const counters = await t.database.db.execute(sql`select held from event where id = ${live.id}`);
    expect((counters as unknown as { rows: Array<{ held: number }> }).rows[0]!.held).toBe(0);
  });
});
