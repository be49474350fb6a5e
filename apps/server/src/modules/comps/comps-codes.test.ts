// A comp's order code is random, unique by index: one that clashes with an order already made (rare, but a few per
// cent of 5,000-row files once an organisation has many orders) must not fail the import; it is written again with
// new codes (decision 126).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import * as codes from '../../lib/codes.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { asBrowser, type SignedInUser } from '../../../test/auth-helpers.js';
import { createLiveEvent, sellingOrganiser } from '../../../test/checkout-helpers.js';
import { order } from '../../db/schema/index.js';

vi.mock('../../lib/codes.js', async (original) => {
  const actual = await original<typeof codes>();
  return { ...actual, newOrderCode: vi.fn(actual.newOrderCode) };
});

let t: TestApp;
let owner: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await sellingOrganiser(t.app, 'clashco');
});
afterAll(() => t.close());

describe('POST /api/events/:id/comps/import', () => {
  it('issues every guest when a random order code clashes with an existing order', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Clash Night', capacity: 50 });
    const first = await t.app.inject({
      method: 'POST',
      url: `/api/events/${live.id}/comps`,
      headers: asBrowser(owner),
      payload: { name: 'First', email: 'first@example.com', ticket_type_id: live.ticket_types[0]!.id, quantity: 1 },
    });
    expect(first.statusCode).toBe(201);
    const [taken] = await t.database.db.select({ code: order.code }).from(order).where(eq(order.eventId, live.id));
    vi.mocked(codes.newOrderCode).mockReturnValueOnce(taken!.code);
    const csv = 'name,email,type,quantity\nA,a@example.com,General Admission,1\nB,b@example.com,General Admission,1\n';
    const imported = await t.app.inject({
      method: 'POST',
      url: `/api/events/${live.id}/comps/import`,
      headers: asBrowser(owner),
      payload: { csv },
    });
    expect(imported.statusCode).toBe(201);
    expect(imported.json()).toEqual({ issued: 2, tickets: 2 });
    const orders = await t.database.db.select({ code: order.code }).from(order).where(eq(order.eventId, live.id));
    expect(new Set(orders.map((row) => row.code)).size).toBe(3);
  });
});
