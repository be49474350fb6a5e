// An order's add-ons (decision 134) where the organiser reads orders: the order detail lists each line (name when
// bought, quantity, unit price, handed over), and the orders CSV has an 'Add-ons' column ('2 × T-shirt; 1 × Parking').
import { eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddOnDto, EventDto, OrderDetail } from '@marquee/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { asBrowser, createOrganizationFor, signUpAndVerify, type SignedInUser } from '../../../test/auth-helpers.js';
import { insertOrder } from '../../../test/order-fixtures.js';
import { addOn, orderAddOn } from '../../db/schema/index.js';

let t: TestApp;
let owner: SignedInUser;
let rival: SignedInUser;
let organizationId: string;
let live: EventDto;
let shirt: AddOnDto;
let parking: AddOnDto;

const get = (who: SignedInUser, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });

async function addOnOf(payload: object): Promise<AddOnDto> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/events/${live.id}/add-ons`,
    headers: asBrowser(owner),
    payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** A paid order with the given add-on lines, written as the hold and payment leave them. */
async function paidOrder(email: string, lines: Array<[AddOnDto, number, number]>) {
  const row = await insertOrder(t.database.db, {
    organizationId,
    eventId: live.id,
    ticketTypeId: live.ticket_types[0]!.id,
    email,
    amountMinor: 2000,
    status: 'paid',
    paidAt: new Date(),
  });
  for (const [item, quantity, handedOver] of lines) {
    await t.database.db.insert(orderAddOn).values({
      organizationId,
      orderId: row.id,
      addOnId: item.id,
      name: item.name,
      quantity,
      unitPriceMinor: item.price_minor,
      unitFeeMinor: 0,
      handedOver,
    });
  }
  return row;
}

beforeAll(async () => {
  t = await createTestApp({ assertCanSell: async () => {} });
  owner = await signUpAndVerify(t.app);
  rival = await signUpAndVerify(t.app);
  organizationId = (await createOrganizationFor(t.app, owner, 'merch', 'Merch Events')).id;
  await createOrganizationFor(t.app, rival, 'merch-rival', 'Rival Events');
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/events',
    headers: asBrowser(owner),
    payload: { name: 'Merch Night', currency: 'GBP', price: '20.00', capacity: 100 },
  });
  expect(created.statusCode, created.body).toBe(201);
  live = created.json();
  shirt = await addOnOf({ name: 'T-shirt', price: '15.00', capacity: 50 });
  parking = await addOnOf({ name: 'Parking', price: '8.50' });
});
afterAll(() => t?.close());

describe('GET /api/orders/:orderId with add-ons', () => {
  it("lists the lines in the add-ons' order with quantity, unit price when bought and how many were handed over", async () => {
    const paid = await paidOrder('ada@example.com', [
      [shirt, 2, 1],
      [parking, 1, 0],
    ]);
    // A later change of the add-on does not change what the order bought.
    await t.database.db.update(addOn).set({ name: 'Hoodie', priceMinor: 3000 }).where(eq(addOn.id, shirt.id));
    const response = await get(owner, `/api/orders/${paid.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as OrderDetail).add_ons).toEqual([
      {
        id: expect.any(String),
        add_on_id: shirt.id,
        name: 'T-shirt',
        quantity: 2,
        unit_price_minor: 1500,
        handed_over: 1,
      },
      {
        id: expect.any(String),
        add_on_id: parking.id,
        name: 'Parking',
        quantity: 1,
        unit_price_minor: 850,
        handed_over: 0,
      },
    ]);
    expect((await get(rival, `/api/orders/${paid.id}`)).statusCode).toBe(404);
  });

  it('an order without add-ons has none', async () => {
    const plain = await paidOrder('plain@example.com', []);
    expect(((await get(owner, `/api/orders/${plain.id}`)).json() as OrderDetail).add_ons).toEqual([]);
  });
});

describe('GET /api/analytics/orders.csv with add-ons', () => {
  it("has an 'Add-ons' column with each order's add-ons in the add-ons' order, empty for an order without", async () => {
    await paidOrder('grace@example.com', [
      [shirt, 2, 0],
      [parking, 1, 0],
    ]);
    await paidOrder('alan@example.com', []);
    const response = await get(owner, `/api/analytics/orders.csv?period=7d&event_id=${live.id}`);
    expect(response.statusCode).toBe(200);
    const records = parse(response.body, { columns: true, bom: true }) as Array<Record<string, string>>;
    expect(Object.keys(records[0]!)).toContain('Add-ons');
    const byEmail = new Map(records.map((record) => [record.Email, record['Add-ons']]));
    expect(byEmail.get('grace@example.com')).toBe('2 × T-shirt; 1 × Parking');
    expect(byEmail.get('alan@example.com')).toBe('');
  });
});
