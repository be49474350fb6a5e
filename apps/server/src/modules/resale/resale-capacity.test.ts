// Capacity edits while tickets are listed for resale (decision 035): a listed ticket is still sold, so neither the
// venue nor its ticket type can be lowered below it; and a fan holding a listed place is buying that same place,
// so the hold and the listing count once (an edit that keeps the capacity is never refused for them).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { asBrowser, type SignedInUser } from '../../../test/auth-helpers.js';
import { buyer, createLiveEvent, postCheckout, sellingOrganiser } from '../../../test/checkout-helpers.js';
import { buyPaidOrder } from '../../../test/cancellation-helpers.js';
import { fanPost } from '../../../test/after-sale-helpers.js';
import { ticket } from '../../db/schema/index.js';

let t: TestApp;
let owner: SignedInUser;
const host = 'relist.localhost:3000';

beforeAll(async () => {
  t = await createTestApp();
  owner = await sellingOrganiser(t.app, 'relist');
});
afterAll(() => t.close());

const typeBody = (capacity: number | null) => ({ name: 'General admission', price: '20.00', capacity });
const putType = (eventId: string, typeId: string, capacity: number | null) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/events/${eventId}/ticket-types/${typeId}`,
    headers: asBrowser(owner),
    payload: typeBody(capacity),
  });
const putEvent = (eventId: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: `/api/events/${eventId}`, headers: asBrowser(owner), payload });

/** A live event (venue `venue`, its type limited to `typeCapacity`) with `bought` tickets sold and one listed. */
async function withOneListed(name: string, venue: number, typeCapacity: number | null, bought: number) {
  const live = await createLiveEvent(t.app, owner, { name, capacity: venue, resale_allowed: true });
  const typeId = live.ticket_types[0]!.id;
  expect((await putType(live.id, typeId, typeCapacity)).statusCode).toBe(200);
  const seller = await buyPaidOrder(t.app, host, live.id, typeId, bought, `${live.slug}-seller@example.com`);
  const [own] = await t.database.db.select().from(ticket).where(eq(ticket.orderId, seller.id));
  const listed = await fanPost(t.app, host, `/orders/${seller.accessToken}/resale`, { ticket: own!.code });
  expect(listed.statusCode).toBe(303);
  return { live, typeId };
}

describe('PUT /api/events/:id/ticket-types/:typeId - capacity with listed tickets', () => {
  it('400 when the type would go below its tickets sold, listed ones included', async () => {
    const { live, typeId } = await withOneListed('Type Floor', 10, 3, 3);
    const lowered = await putType(live.id, typeId, 2);
    expect(lowered.statusCode).toBe(400);
    expect(lowered.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Capacity cannot be below the 3 tickets already sold',
    });
    const detail = (
      await t.app.inject({ method: 'GET', url: `/api/events/${live.id}`, headers: asBrowser(owner) })
    ).json().ticket_types[0];
    expect(detail).toMatchObject({ capacity: 3, sold: 3 });
    expect((await putType(live.id, typeId, 3)).statusCode).toBe(200);
  });

  it('200 for an unchanged capacity while a fan holds the listed place (the hold and the listing are one place)', async () => {
    const { live, typeId } = await withOneListed('Type Held Listing', 10, 2, 2);
    const held = await postCheckout(t.app, host, live.id, {
      ...buyer,
      email: 'type-holder@example.com',
      [`qty_${typeId}`]: '1',
    });
    expect(held.statusCode).toBe(303);
    const kept = await putType(live.id, typeId, 2);
    expect(kept.statusCode, kept.body).toBe(200);
    const lowered = await putType(live.id, typeId, 1);
    expect(lowered.statusCode).toBe(400);
    expect(lowered.json().error.message).toBe('Capacity cannot be below the 2 tickets already sold or being bought');
  });
});

describe('PUT /api/events/:id - venue capacity with listed tickets', () => {
  it('200 for an edit that keeps the capacity while a fan holds the listed place; 400 below it', async () => {
    const { live, typeId } = await withOneListed('Venue Held Listing', 2, null, 2);
    const held = await postCheckout(t.app, host, live.id, {
      ...buyer,
      email: 'venue-holder@example.com',
      [`qty_${typeId}`]: '1',
    });
    expect(held.statusCode).toBe(303);
    const edited = await putEvent(live.id, { description: 'Doors at seven.' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ capacity: 2, sold: 2, held: 1, description: 'Doors at seven.' });
    const lowered = await putEvent(live.id, { capacity: 1 });
    expect(lowered.statusCode).toBe(400);
    expect(lowered.json().error.message).toBe(
      'Invalid event: Venue capacity cannot be below the 2 tickets already sold or being bought',
    );
  });
});
