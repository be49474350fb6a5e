// Checkout rate limits: the per-address limit refuses a fan once one address has started too many checkouts in a
// minute, and limits taken together in one statement keep their own windows.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { buyer, createLiveEvent, postCheckout, sellingOrganiser } from '../../../test/checkout-helpers.js';
import { takeTokens } from './rate-limit.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('checkout rate limits', () => {
  it('POST /events/:id/checkout - the 31st checkout start from one address within a minute is refused (429)', async () => {
    const owner = await sellingOrganiser(t.app, 'limits');
    const live = await createLiveEvent(t.app, owner, { capacity: 1000 });
    const typeId = live.ticket_types[0]!.id;
    const statuses: number[] = [];
    for (let index = 0; index < 31; index += 1) {
      const response = await postCheckout(
        t.app,
        'limits.localhost:3000',
        live.id,
        { ...buyer, email: `fan${index}@example.com`, [`qty_${typeId}`]: '1' },
        { ip: '198.51.100.7' },
      );
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 303)).toBe(true);
    expect(statuses[30]).toBe(429);
    // The refused start held nothing: its limits are counted in the hold's own statement (decision 039).
    const counters = await t.database.db.execute(
      sql`select (select held from event where id = ${live.id}) as held,
        (select count(*)::int from "order" where event_id = ${live.id}) as orders,
        (select count(*)::int from buyer_tickets where event_id = ${live.id}) as buyers`,
    );
    expect((counters as unknown as { rows: unknown[] }).rows[0]).toMatchObject({ held: 30, orders: 30, buyers: 30 });
    const other = await postCheckout(
      t.app,
      'limits.localhost:3000',
      live.id,
      { ...buyer, email: 'someone-else@example.com', [`qty_${typeId}`]: '1' },
      { ip: '198.51.100.8' },
    );
    expect(other.statusCode).toBe(303);
  });

  it('limits taken in one statement each keep their own window', async () => {
    const start = new Date('2030-01-01T10:00:00Z');
    const checks = [
      { key: 'test:short', max: 1, windowSeconds: 60 },
      { key: 'test:long', max: 1, windowSeconds: 600 },
    ];
    expect(await takeTokens(t.database.db, checks, start)).toBe(true);
    expect(await takeTokens(t.database.db, checks, new Date(start.getTime() + 30_000))).toBe(false);
    // After 61 s the short window has restarted but the long one still counts: refused.
    expect(await takeTokens(t.database.db, [checks[0]!], new Date(start.getTime() + 61_000))).toBe(true);
    expect(await takeTokens(t.database.db, [checks[1]!], new Date(start.getTime() + 61_000))).toBe(false);
    // After 601 s both have restarted.
    expect(await takeTokens(t.database.db, checks, new Date(start.getTime() + 601_000))).toBe(true);
  });
});
