// The v1 lists (decision 151): walking next_cursor with any page size visits every row exactly once, in
// (created, id) order, ties in the creation instant included; updated_since keeps the rows changed since.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createLiveEvent, sellingOrganiser } from '../../../test/checkout-helpers.js';
import { insertOrder } from '../../../test/order-fixtures.js';
import { grantPro } from '../../../test/plan-helpers.js';
import { createKey, v1 } from '../../../test/api-key-helpers.js';
import { event, member } from '../../db/schema/index.js';

let t: TestApp;
let secret = '';
const expected: Record<string, string[]> = {};

async function walk(path: string, limit: number): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 200; page += 1) {
    const separator = path.includes('?') ? '&' : '?';
    const url = `${path}${separator}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
    const response = await v1(t.app, secret, 'GET', url);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { data: Array<{ id: string }>; next_cursor: string | null };
    expect(body.data.length).toBeLessThanOrEqual(limit);
    seen.push(...body.data.map((row) => row.id));
    cursor = body.next_cursor;
    if (!cursor) return seen;
  }
  throw new Error('the walk did not end');
}

beforeAll(async () => {
  t = await createTestApp();
  const owner = await sellingOrganiser(t.app, 'pages');
  const db = t.database.db;
  const [{ organizationId } = { organizationId: '' }] = await db.select().from(member).limit(1);
  await grantPro(db, organizationId);
  secret = (await createKey(t.app, owner)).secret;
  const live = await createLiveEvent(t.app, owner, { capacity: 1000 });
  const typeId = live.ticket_types[0]!.id;
  // Half the orders share one creation instant, so the id alone orders them.
  const tie = new Date('2030-01-01T10:00:00.123456Z');
  for (let index = 0; index < 14; index += 1) {
    await insertOrder(db, {
      organizationId,
      eventId: live.id,
      ticketTypeId: typeId,
      email: `fan${index}@example.com`,
      quantity: 1 + (index % 3),
      amountMinor: 2000,
      status: 'paid',
      paidAt: index % 2 === 0 ? tie : new Date(Date.UTC(2030, 0, 2, 0, index)),
      createdAt: index % 2 === 0 ? tie : new Date(Date.UTC(2030, 0, 2, 0, index)),
    });
  }
  for (let index = 0; index < 9; index += 1)
    await v1(t.app, secret, 'POST', '/api/v1/events', { name: `Draft ${index}` });
  await db.update(event).set({ createdAt: tie }).where(eq(event.organizationId, organizationId));
  for (const path of ['/api/v1/events', '/api/v1/orders', '/api/v1/attendees', '/api/v1/customers'])
    expected[path] = await walk(path, 100);
});
afterAll(() => t.close());

describe('cursor pagination', () => {
  it('has the rows it should in one page of 100', () => {
    expect(expected['/api/v1/events']).toHaveLength(10);
    expect(expected['/api/v1/orders']).toHaveLength(14);
    expect(expected['/api/v1/attendees']).toHaveLength(27);
    expect(expected['/api/v1/customers']!.length).toBeGreaterThanOrEqual(7);
    for (const ids of Object.values(expected)) expect(new Set(ids).size).toBe(ids.length);
  });

  it('visits every row exactly once, in the same order, whatever the page size', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/api/v1/events', '/api/v1/orders', '/api/v1/attendees', '/api/v1/customers'),
        fc.integer({ min: 1, max: 12 }),
        async (path, limit) => {
          expect(await walk(path, limit)).toEqual(expected[path]);
        },
      ),
      { numRuns: 25 },
    );
  });

  it("filters orders and attendees by event, and an unknown or another's event matches nothing", async () => {
    const orders = (await v1(t.app, secret, 'GET', '/api/v1/orders?limit=100')).json().data;
    const eventId = orders[0].event_id as string;
    expect(await walk(`/api/v1/orders?event_id=${eventId}`, 5)).toEqual(expected['/api/v1/orders']);
    expect(await walk(`/api/v1/attendees?event_id=${eventId}`, 7)).toEqual(expected['/api/v1/attendees']);
    const none = await v1(t.app, secret, 'GET', '/api/v1/orders?event_id=00000000-0000-4000-8000-000000000000');
    expect(none.json()).toEqual({ data: [], next_cursor: null });
  });

  it('keeps only the rows changed at or after updated_since', async () => {
    await t.database.db.update(event).set({ updatedAt: new Date('2020-01-01T00:00:00Z') });
    const since = new Date().toISOString();
    const first = expected['/api/v1/events']![3]!;
    const patched = await v1(t.app, secret, 'PATCH', `/api/v1/events/${first}`, { location: 'Somewhere new' });
    expect(patched.statusCode).toBe(200);
    const changed = await v1(t.app, secret, 'GET', `/api/v1/events?updated_since=${encodeURIComponent(since)}`);
    expect(changed.json().data.map((row: { id: string }) => row.id)).toEqual([first]);
    const bad = await v1(t.app, secret, 'GET', '/api/v1/events?updated_since=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_ERROR');
  });
});
