// The hold: it takes the tickets and writes the order together, or, when a type or the venue has too few left,
// writes nothing at all. Holds of one event that arrive together are decided and written as one batch (decision
// 043): one read and one write for all of them, each hold still whole or nothing.
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createLiveEvent, sellingOrganiser } from '../../../test/checkout-helpers.js';
import type { SignedInUser } from '../../../test/auth-helpers.js';
import type { Database } from '../../db/client.js';
import { event, order, orderChange, orderLine, requestLimit, ticketType } from '../../db/schema/index.js';
import { watchQueries } from '../../db/query-count.js';
import { holdOrder } from './hold.js';
import type { HoldRequest } from './hold-types.js';
import { loadStorefrontEvent } from './storefront-event.js';

let t: TestApp;
let owner: SignedInUser;
let organizationId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await sellingOrganiser(t.app, 'holds');
  const [row] = await t.database.db.select({ organizationId: event.organizationId }).from(event).limit(1);
  organizationId = row?.organizationId ?? '';
});
afterAll(() => t.close());

async function requestFor(capacity: number, typeCapacity: number | null, quantity: number, key: string) {
  const live = await createLiveEvent(t.app, owner, { capacity, name: `Holds ${key}` });
  const typeId = live.ticket_types[0]!.id;
  const [type] = await t.database.db
    .update(ticketType)
    .set({ capacity: typeCapacity })
    .where(eq(ticketType.id, typeId))
    .returning({ organizationId: ticketType.organizationId });
  organizationId = type!.organizationId;
  const stored = await loadStorefrontEvent(t.database.db, organizationId, live.id);
  const request: HoldRequest = {
    organizationId,
    maxTicketsPerEmail: 40,
    eventId: live.id,
    buyer: {
      firstName: 'Hana',
      lastName: 'Holder',
      email: `${key}@example.com`,
      phone: '',
      country: 'GB',
      ageConfirmed: true,
      termsAccepted: true,
      marketingConsent: false,
    },
    submissionKey: `key-${key}`,
    lines: [{ ticketTypeId: typeId, quantity, type: stored!.types[0]! }],
    now: new Date(),
    holdSeconds: 900,
  };
  return { live, typeId, request };
}

async function state(eventId: string, typeId: string) {
  const [venue] = await t.database.db.select().from(event).where(eq(event.id, eventId));
  const [type] = await t.database.db.select().from(ticketType).where(eq(ticketType.id, typeId));
  const orders = await t.database.db.select().from(order).where(eq(order.eventId, eventId));
  return { venueHeld: venue!.held, typeHeld: type!.held, orders: orders.length };
}

describe('holdOrder', () => {
  it('takes the tickets and writes the pending order with its line and audit row in one go', async () => {
    const { live, typeId, request } = await requestFor(10, null, 3, 'fits');
    const outcome = await holdOrder(t.database.db, request);
    const held = outcome.kind === 'held' ? outcome.order : null;
    expect(held).toMatchObject({ status: 'pending', quantity: 3, amountMinor: 6000, feeMinor: 480, currency: 'GBP' });
    expect(held!.code).toMatch(/^MQ-[A-Z0-9]{6}$/);
    expect(held!.holdExpiresAt!.getTime()).toBe(request.now.getTime() + 900_000);
    expect(await state(live.id, typeId)).toEqual({ venueHeld: 3, typeHeld: 3, orders: 1 });
    const lines = await t.database.db.select().from(orderLine).where(eq(orderLine.orderId, held!.id));
    expect(lines.map((line) => [line.quantity, line.unitPriceMinor, line.unitFeeMinor])).toEqual([[3, 2000, 160]]);
    const changes = await t.database.db.select().from(orderChange).where(eq(orderChange.orderId, held!.id));
    expect(changes.map((change) => [change.action, change.toStatus, change.actorType])).toEqual([
      ['held', 'pending', 'fan'],
    ]);
  });

  it('more than the venue has left: sold out, and nothing written', async () => {
    const { live, typeId, request } = await requestFor(2, null, 3, 'venue');
    expect(await holdOrder(t.database.db, request)).toEqual({ kind: 'sold_out' });
    expect(await state(live.id, typeId)).toEqual({ venueHeld: 0, typeHeld: 0, orders: 0 });
  });

  it("more than the type's own capacity: sold out, and nothing written", async () => {
    const { live, typeId, request } = await requestFor(50, 2, 3, 'type');
    expect(await holdOrder(t.database.db, request)).toEqual({ kind: 'sold_out' });
    expect(await state(live.id, typeId)).toEqual({ venueHeld: 0, typeHeld: 0, orders: 0 });
  });

  it('tickets already gone: refused without a database error, and no rate-limit hit counted', async () => {
    const { live, typeId, request } = await requestFor(2, null, 2, 'gone-already');
    await holdOrder(t.database.db, request);
    const late = {
      ...request,
      buyer: { ...request.buyer, email: 'late@example.com' },
      submissionKey: 'key-late',
      limits: [{ key: 'checkout:email:late@example.com', max: 5, windowSeconds: 600 }],
    };
    // Inside a transaction, a statement that failed a CHECK would abort it: the next statement could not run.
    await t.database.db.transaction(async (tx) => {
      expect(await holdOrder(tx as unknown as Database, late)).toEqual({ kind: 'sold_out' });
      const counted = await tx
        .select()
        .from(requestLimit)
        .where(eq(requestLimit.key, 'checkout:email:late@example.com'));
      expect(counted).toEqual([]);
    });
    expect(await state(live.id, typeId)).toEqual({ venueHeld: 2, typeHeld: 2, orders: 1 });
  });

  it('a ticket type deleted meanwhile: no order and no counter moved', async () => {
    const { live, typeId, request } = await requestFor(10, null, 1, 'gone');
    const extra = await t.database.db
      .insert(ticketType)
      .values({ organizationId, eventId: live.id, name: 'Gone', priceMinor: 1000, currency: 'GBP', sort: 5 })
      .returning();
    const goneLine = {
      ...request.lines[0]!,
      ticketTypeId: extra[0]!.id,
      type: { ...request.lines[0]!.type, id: extra[0]!.id },
    };
    await t.database.db.delete(ticketType).where(eq(ticketType.id, extra[0]!.id));
    expect(await holdOrder(t.database.db, { ...request, lines: [...request.lines, goneLine] })).toEqual({
      kind: 'not_on_sale',
    });
    expect(await state(live.id, typeId)).toEqual({ venueHeld: 0, typeHeld: 0, orders: 0 });
  });

  it('holds arriving together: one read and one write for all, taken in arrival order until the tickets run out', async () => {
    const { live, typeId, request } = await requestFor(15, null, 1, 'together');
    const statements: string[] = [];
    const stop = watchQueries((query) => statements.push(query));
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        holdOrder(t.database.db, {
          ...request,
          buyer: { ...request.buyer, email: `together${index}@example.com` },
          submissionKey: `together-${index}`,
        }),
      ),
    );
    stop();
    const held = results.filter((result) => result.kind === 'held');
    const refused = results.filter((result) => result.kind !== 'held');
    expect(held).toHaveLength(15);
    expect(refused.every((result) => result.kind === 'sold_out')).toBe(true);
    // Arrival order: the first fifteen callers got the tickets.
    expect(results.slice(0, 15).every((result) => result.kind === 'held')).toBe(true);
    // One hold per statement would be at least 20 statements.
    expect(statements.length).toBeLessThan(10);
    expect(await state(live.id, typeId)).toEqual({ venueHeld: 15, typeHeld: 15, orders: 15 });
  });

  it('the same form sent twice at once: one order, and the second is told the form already made it', async () => {
    const { live, typeId, request } = await requestFor(10, null, 2, 'twice');
    const [first, second] = await Promise.all([holdOrder(t.database.db, request), holdOrder(t.database.db, request)]);
    expect(first).toMatchObject({ kind: 'held', order: { quantity: 2, submissionKey: 'key-twice' } });
    expect(second).toEqual({ kind: 'submitted' });
    expect(await state(live.id, typeId)).toEqual({ venueHeld: 2, typeHeld: 2, orders: 1 });
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'a write refused because another process took the last tickets meanwhile is decided again: sold out, nothing written',
    async () => {
      const { live, typeId, request } = await requestFor(5, null, 1, 'raced');
      const other = new pg.Client({ connectionString: t.databaseUrl });
      await other.connect();
      try {
        // Another process's sale holds the event row: the batch reads and decides while the last tickets still
        // look free, then its write waits on the row.
        await other.query('begin');
        await other.query('select 1 from event where id = $1 for update', [live.id]);
        const hold = holdOrder(t.database.db, request).then(
          (value) => ({ value }),
          (error: unknown) => ({ error }),
        );
        for (let waited = 0; waited < 100; waited += 1) {
          const waiting = await t.database.db.execute(
            sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
          );
          if ((waiting as unknown as { rows: Array<{ n: number }> }).rows[0]!.n > 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await other.query('update event set held = capacity where id = $1', [live.id]);
        await other.query('commit');
        const outcome = await hold;
        expect(outcome).toEqual({ value: { kind: 'sold_out' } });
      } finally {
        await other.end();
      }
      expect(await state(live.id, typeId)).toEqual({ venueHeld: 5, typeHeld: 0, orders: 0 });
    },
  );
});
