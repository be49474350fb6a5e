// Add-ons for the organiser (decision 134): list, add, edit and delete an event's add-ons; every refusal is a 400 in
// the error envelope under its field, another organisation's event or add-on is 404, an archived or cancelled event's
// add-ons are read-only, stock never drops below what is sold or held, and a bought add-on cannot be deleted. Runs on
// PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADD_ON_MESSAGES, type AddOnDto, type EventDto, type EventInput } from '@marquee/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { asBrowser, createOrganizationFor, signUpAndVerify, type SignedInUser } from '../../../test/auth-helpers.js';
import { insertOrder } from '../../../test/order-fixtures.js';
import { addOn, event, order, orderAddOn } from '../../db/schema/index.js';
import { CONTROL_CHARACTER_MESSAGE } from '../../lib/control-characters.js';

let t: TestApp;
let owner: SignedInUser;
let stranger: SignedInUser;
let ownerOrganizationId: string;

beforeAll(async () => {
  t = await createTestApp({ assertCanSell: async () => {} });
  owner = await signUpAndVerify(t.app);
  stranger = await signUpAndVerify(t.app);
  ownerOrganizationId = (await createOrganizationFor(t.app, owner, 'addons', 'Add-on Events')).id;
  await createOrganizationFor(t.app, stranger, 'addons-rival', 'Rival Events');
});
afterAll(() => t?.close());

const eventInput: EventInput = {
  name: 'Merch Night',
  description: 'With T-shirts.',
  start_local: '2031-06-14T19:00',
  end_local: '2031-06-15T01:00',
  time_zone: 'Europe/London',
  currency: 'GBP',
  price: '20.00',
  capacity: 200,
};

async function newEvent(input: EventInput = {}, who = owner): Promise<EventDto> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/events',
    headers: asBrowser(who),
    payload: { ...eventInput, ...input },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const url = (eventId: string, addOnId?: string) => `/api/events/${eventId}/add-ons${addOnId ? `/${addOnId}` : ''}`;
const tShirt = { name: 'T-shirt', description: 'Black, cotton', price: '15.00', capacity: 50, max_per_order: 4 };

const list = (eventId: string, who = owner) =>
  t.app.inject({ method: 'GET', url: url(eventId), headers: asBrowser(who) });
const post = (eventId: string, payload: object, who = owner) =>
  t.app.inject({ method: 'POST', url: url(eventId), headers: asBrowser(who), payload });
const put = (eventId: string, addOnId: string, payload: object, who = owner) =>
  t.app.inject({ method: 'PUT', url: url(eventId, addOnId), headers: asBrowser(who), payload });
const remove = (eventId: string, addOnId: string, who = owner) =>
  t.app.inject({ method: 'DELETE', url: url(eventId, addOnId), headers: asBrowser(who) });

async function make(eventId: string, payload: object = tShirt): Promise<AddOnDto> {
  const response = await post(eventId, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

type Envelope = { error: { code: string; message: string; fields?: Array<{ path: string; message: string }> } };
const fieldsOf = (response: { json(): unknown }) => (response.json() as Envelope).error.fields ?? [];

/** A paid order of the event's first type with `quantity` of the add-on on it, written as the hold would. */
async function paidOrderWith(live: EventDto, item: AddOnDto, quantity: number) {
  const row = await insertOrder(t.database.db, {
    organizationId: ownerOrganizationId,
    eventId: live.id,
    ticketTypeId: live.ticket_types[0]!.id,
    email: 'merch@example.com',
    amountMinor: 2000,
    status: 'paid',
    paidAt: new Date(),
  });
  await t.database.db.insert(orderAddOn).values({
    organizationId: ownerOrganizationId,
    orderId: row.id,
    addOnId: item.id,
    name: item.name,
    quantity,
    unitPriceMinor: item.price_minor,
    unitFeeMinor: 0,
  });
  return row;
}

describe('GET and POST /api/events/:id/add-ons', () => {
  it('201 with the add-on in minor units of the event currency; GET lists it in the order added', async () => {
    const live = await newEvent();
    expect((await list(live.id)).json()).toEqual({ add_ons: [] });
    const shirt = await make(live.id);
    expect(shirt).toEqual({
      id: expect.any(String),
      name: 'T-shirt',
      description: 'Black, cotton',
      price_minor: 1500,
      currency: 'GBP',
      capacity: 50,
      max_per_order: 4,
      vat_category: 'standard',
      sold: 0,
      held: 0,
      handed_over: 0,
    });
    const parking = await make(live.id, { name: '  Parking  ', price: '0' });
    expect(parking).toMatchObject({
      name: 'Parking',
      description: '',
      price_minor: 0,
      capacity: null,
      max_per_order: 10,
    });
    const listed = await list(live.id);
    expect(listed.statusCode).toBe(200);
    expect((listed.json().add_ons as AddOnDto[]).map((item) => item.name)).toEqual(['T-shirt', 'Parking']);
  });

  it('400 in the error envelope for every bad field, each under its path with the shared message', async () => {
    const live = await newEvent({ name: 'Bad Input Night' });
    const cases: Array<[object, string, string]> = [
      [{ ...tShirt, name: '   ' }, 'name', 'Enter a name for the add-on'],
      [{ ...tShirt, name: 'A'.repeat(61) }, 'name', 'Add-on names are at most 60 characters'],
      // The API's own check of every body refuses control characters before the schema does.
      [{ ...tShirt, name: 'T-\u0007shirt' }, 'name', CONTROL_CHARACTER_MESSAGE],
      [{ ...tShirt, description: 'Soft\u0000cotton' }, 'description', CONTROL_CHARACTER_MESSAGE],
      [{ ...tShirt, description: 'x'.repeat(201) }, 'description', 'Descriptions are at most 200 characters'],
      [{ ...tShirt, price: '12.345' }, 'price', 'Enter a price, like 15.00 (0 for a free add-on)'],
      [{ ...tShirt, price: '-1' }, 'price', 'Enter a price, like 15.00 (0 for a free add-on)'],
      [{ ...tShirt, price: '' }, 'price', 'Enter a price, like 15.00 (0 for a free add-on)'],
      [{ ...tShirt, capacity: -1 }, 'capacity', 'Stock must be a whole number from 0 to 1,000,000'],
      [{ ...tShirt, capacity: 2.5 }, 'capacity', 'Stock must be a whole number from 0 to 1,000,000'],
      [{ ...tShirt, capacity: 1_000_001 }, 'capacity', 'Stock must be a whole number from 0 to 1,000,000'],
      [{ ...tShirt, max_per_order: 0 }, 'max_per_order', 'Most per order must be a whole number from 1 to 50'],
      [{ ...tShirt, max_per_order: 51 }, 'max_per_order', 'Most per order must be a whole number from 1 to 50'],
    ];
    for (const [payload, path, message] of cases) {
      const response = await post(live.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(fieldsOf(response), JSON.stringify(payload)).toContainEqual({
        path,
        message: expect.stringContaining(message),
      });
    }
    const tooDear = await post(live.id, { ...tShirt, price: '100001' });
    expect(tooDear.statusCode).toBe(400);
    expect(fieldsOf(tooDear)).toEqual([{ path: 'price', message: 'Price must be at most £100,000.00' }]);
    expect((await list(live.id)).json()).toEqual({ add_ons: [] });
  });

  it("takes a JPY event's price in whole yen and refuses decimals under price", async () => {
    const yen = await newEvent({ name: 'Tokyo Night', currency: 'JPY', price: '3000', time_zone: 'Asia/Tokyo' });
    const towel = await make(yen.id, { name: 'Towel', price: '1500' });
    expect(towel).toMatchObject({ price_minor: 1500, currency: 'JPY' });
    const decimals = await post(yen.id, { name: 'Towel', price: '1500.50' });
    expect(decimals.statusCode).toBe(400);
    expect(fieldsOf(decimals)).toEqual([{ path: 'price', message: 'JPY prices have no decimals' }]);
  });

  it(`409 for the 21st add-on of an event`, async () => {
    const live = await newEvent({ name: 'Many Things Night' });
    for (let index = 1; index <= 20; index += 1) await make(live.id, { name: `Thing ${index}`, price: '1.00' });
    const one = await post(live.id, { name: 'Thing 21', price: '1.00' });
    expect(one.statusCode).toBe(409);
    expect(one.json().error.message).toBe('An event can have at most 20 add-ons');
    expect((await list(live.id)).json().add_ons).toHaveLength(20);
  });
});

describe("another organisation's event or add-on, and read-only events", () => {
  it("404 for another organisation's event, its add-ons and a made-up id; 403 without Origin", async () => {
    const live = await newEvent({ name: 'Scoped Night' });
    const shirt = await make(live.id);
    expect((await list(live.id, stranger)).statusCode).toBe(404);
    expect((await post(live.id, tShirt, stranger)).statusCode).toBe(404);
    expect((await put(live.id, shirt.id, tShirt, stranger)).statusCode).toBe(404);
    expect((await remove(live.id, shirt.id, stranger)).statusCode).toBe(404);
    // The stranger's own event does not reach the owner's add-on either.
    const theirs = await newEvent({ name: 'Their Night' }, stranger);
    expect((await put(theirs.id, shirt.id, tShirt, stranger)).statusCode).toBe(404);
    expect((await remove(theirs.id, shirt.id, stranger)).statusCode).toBe(404);
    // Nor does another of the owner's events, nor an id that is not one.
    const other = await newEvent({ name: 'Other Night' });
    expect((await put(other.id, shirt.id, tShirt)).json().error.message).toBe('Add-on not found');
    expect((await remove(live.id, 'not-a-uuid')).statusCode).toBe(404);
    const crossSite = await t.app.inject({
      method: 'POST',
      url: url(live.id),
      headers: { cookie: owner.cookie },
      payload: tShirt,
    });
    expect(crossSite.statusCode).toBe(403);
    expect((await list(live.id)).json().add_ons).toEqual([shirt]);
  });

  it.each(['archived', 'cancelled'] as const)(
    '409 for any change to a %s event, which still lists them',
    async (status) => {
      const live = await newEvent({ name: `Over Night ${status}` });
      const shirt = await make(live.id);
      await t.database.db.update(event).set({ status }).where(eq(event.id, live.id));
      const message = `${status === 'archived' ? 'An archived' : 'A cancelled'} event's add-ons cannot be changed`;
      for (const response of [
        await post(live.id, tShirt),
        await put(live.id, shirt.id, { ...tShirt, name: 'Hoodie' }),
        await remove(live.id, shirt.id),
      ]) {
        expect(response.statusCode).toBe(409);
        expect(response.json().error.message).toBe(message);
      }
      expect((await list(live.id)).json().add_ons).toEqual([shirt]);
    },
  );
});

describe('PUT and DELETE /api/events/:id/add-ons/:addOnId', () => {
  it('PUT replaces every field; DELETE removes an add-on no one bought', async () => {
    const live = await newEvent({ name: 'Edited Night' });
    const shirt = await make(live.id);
    const edited = await put(live.id, shirt.id, { name: 'Hoodie', price: '35.50', capacity: null, max_per_order: 2 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toEqual({
      ...shirt,
      name: 'Hoodie',
      description: '',
      price_minor: 3550,
      capacity: null,
      max_per_order: 2,
    });
    const refused = await put(live.id, shirt.id, { ...tShirt, price: '12.345' });
    expect(refused.statusCode).toBe(400);
    expect(fieldsOf(refused)[0]?.path).toBe('price');
    expect((await remove(live.id, shirt.id)).statusCode).toBe(204);
    expect((await list(live.id)).json()).toEqual({ add_ons: [] });
    expect((await remove(live.id, shirt.id)).statusCode).toBe(404);
  });

  it('400 under capacity for stock below what is sold and held; it may come down to exactly that', async () => {
    const live = await newEvent({ name: 'Stocked Night' });
    const shirt = await make(live.id);
    await t.database.db.update(addOn).set({ sold: 7, held: 3 }).where(eq(addOn.id, shirt.id));
    const below = await put(live.id, shirt.id, { ...tShirt, capacity: 9 });
    expect(below.statusCode).toBe(400);
    expect(below.json().error).toMatchObject({
      message: 'Stock cannot be below the 10 already sold or being bought',
      fields: [{ path: 'capacity', message: 'Stock cannot be below the 10 already sold or being bought' }],
    });
    const exact = await put(live.id, shirt.id, { ...tShirt, capacity: 10 });
    expect(exact.statusCode).toBe(200);
    expect(exact.json()).toMatchObject({ capacity: 10, sold: 7, held: 3 });
    const unlimited = await put(live.id, shirt.id, { ...tShirt, capacity: null });
    expect(unlimited.json()).toMatchObject({ capacity: null, sold: 7, held: 3 });
  });

  it('409 deleting an add-on an order bought; the list shows what the door handed over of standing orders', async () => {
    const live = await newEvent({ name: 'Sold Night' });
    const shirt = await make(live.id);
    const paid = await paidOrderWith(live, shirt, 3);
    await t.database.db.update(orderAddOn).set({ handedOver: 2 }).where(eq(orderAddOn.orderId, paid.id));
    // What the trigger does when an order with add-ons is paid: the test's direct insert stands in for the hold.
    await t.database.db.update(addOn).set({ sold: 3 }).where(eq(addOn.id, shirt.id));
    const refused = await remove(live.id, shirt.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'This add-on has been sold: set its stock to what is sold instead of deleting it',
    );
    expect((await list(live.id)).json().add_ons).toEqual([{ ...shirt, sold: 3, handed_over: 2 }]);
    // A refunded order's add-ons go back to stock (the trigger), and no longer count as handed over.
    await t.database.db.update(order).set({ status: 'refunded' }).where(eq(order.id, paid.id));
    expect((await list(live.id)).json().add_ons).toEqual([{ ...shirt, sold: 0, handed_over: 0 }]);
    expect((await remove(live.id, shirt.id)).statusCode).toBe(409);
  });

  it('409 while a checkout holds it; deleted with the lines of checkouts that ended unpaid', async () => {
    const live = await newEvent({ name: 'Held Night' });
    const shirt = await make(live.id);
    const held = await paidOrderWith(live, shirt, 1);
    // The counters as a paid order leaves them; back to pending, the trigger moves its one to held.
    await t.database.db.update(addOn).set({ sold: 1 }).where(eq(addOn.id, shirt.id));
    await t.database.db.update(order).set({ status: 'pending', paidAt: null }).where(eq(order.id, held.id));
    const refused = await remove(live.id, shirt.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(ADD_ON_MESSAGES.deleteHeld);
    await t.database.db.update(order).set({ status: 'expired' }).where(eq(order.id, held.id));
    expect((await remove(live.id, shirt.id)).statusCode).toBe(204);
    expect((await list(live.id)).json().add_ons).toEqual([]);
    expect(await t.database.db.select().from(orderAddOn).where(eq(orderAddOn.orderId, held.id))).toEqual([]);
  });
});
