// The per-order limits a fan reads on the storefront (issue 30): the event's limit only where it binds (below what
// the types on sale allow together), a promo code's cap only where an order could reach it, the steppers never
// above what one order can take, and the waiting list never asking for more than one order of its type.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import type { SignedInUser } from '../../test/auth-helpers.js';
import { buyer, createLiveEvent, fanIp, form, postCheckout, sellingOrganiser } from '../../test/checkout-helpers.js';
import { addType, makeCode, putSales } from '../../test/drop-helpers.js';
import { buyPaidOrder } from '../../test/cancellation-helpers.js';

let t: TestApp;
let owner: SignedInUser;
const host = 'limits.localhost:3000';

beforeAll(async () => {
  t = await createTestApp();
  owner = await sellingOrganiser(t.app, 'limits');
});
afterAll(() => t.close());

const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { host } });
const maxOf = (html: string, typeId: string) => {
  const input = new RegExp(`<input [^>]*name="qty_${typeId}"[^>]*>`).exec(html)?.[0] ?? '';
  return Number(/ max="(\d+)"/.exec(input)?.[1]);
};

/** An event whose General Admission allows 10 an order, with a VIP type allowing 4, at the event limit `perOrder`. */
async function twoTypes(name: string, perOrder: number) {
  const live = await createLiveEvent(t.app, owner, { name, capacity: 100 });
  const vip = await addType(t.app, owner, live.id, { name: 'VIP', price: '50.00', max_per_order: 4 });
  expect((await putSales(t.app, owner, live.id, { max_tickets_per_order: perOrder })).statusCode).toBe(200);
  return { live, general: live.ticket_types[0]!.id, vip };
}

describe('the event page', () => {
  it("leaves the event's limit out while the types' own limits bind first (20 against 10 + 4)", async () => {
    const { live, general, vip } = await twoTypes('Loose Limit', 20);
    const html = (await page(`/events/${live.slug}`)).body;
    expect(html).not.toContain('tickets in one order');
    expect(html).not.toMatch(/\b20 tickets/);
    expect(maxOf(html, general)).toBe(10);
    expect(maxOf(html, vip)).toBe(4);
  });

  it("says the event's limit when it binds, and no stepper goes above it", async () => {
    const { live, general, vip } = await twoTypes('Tight Limit', 3);
    const html = (await page(`/events/${live.slug}`)).body;
    expect(html).toContain('At most 3 tickets in one order.');
    expect(maxOf(html, general)).toBe(3);
    expect(maxOf(html, vip)).toBe(3);
    const mixed = await twoTypes('Mixed Limit', 12);
    expect((await page(`/events/${mixed.live.slug}`)).body).toContain('At most 12 tickets in one order.');
  });

  it("shows a promo code's per-order cap only when an order could go past it", async () => {
    const { live } = await twoTypes('Promo Limits', 20);
    await makeCode(t.app, owner, live.id, {
      kind: 'promo',
      code: 'WIDE',
      discount_kind: 'percent',
      discount_value: '10',
      max_tickets_per_order: 20,
    });
    await makeCode(t.app, owner, live.id, {
      kind: 'promo',
      code: 'PAIR',
      discount_kind: 'percent',
      discount_value: '10',
      max_tickets_per_order: 2,
    });
    const wide = (await page(`/events/${live.slug}?code=WIDE`)).body;
    expect(wide).toContain('Promo code WIDE applied: 10% off.');
    expect(wide).not.toContain('tickets per order');
    const pair = (await page(`/events/${live.slug}?code=PAIR`)).body;
    expect(pair).toContain('Promo code PAIR applied: 10% off (up to 2 tickets per order).');
  });
});

describe('the waiting list', () => {
  it("asks for no more than one order of the type allows, and refuses more with the type's number", async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Four At Most', capacity: 1 });
    const typeId = live.ticket_types[0]!.id;
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/events/${live.id}/ticket-types/${typeId}`,
      headers: { cookie: owner.cookie, origin: 'http://localhost:3000' },
      payload: {
        name: 'General Admission',
        description: '',
        price: '20.00',
        capacity: null,
        max_per_order: 4,
        hidden: false,
      },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    await buyPaidOrder(t.app, host, live.id, typeId, 1, 'four-buyer@example.com');
    const html = (await page(`/events/${live.slug}/waitlist`)).body;
    expect(html).toMatch(/id="waitlist-quantity"[^>]*max="4"/);
    const join = (quantity: string) =>
      t.app.inject({
        method: 'POST',
        url: `/events/${live.slug}/waitlist`,
        headers: { host, origin: `http://${host}`, 'content-type': 'application/x-www-form-urlencoded' },
        remoteAddress: fanIp(),
        payload: form({ email: `wants-${quantity}@example.com`, quantity, type: '' }),
      });
    const five = await join('5');
    expect(five.statusCode).toBe(400);
    expect(five.body).toContain('Choose between 1 and 4 tickets');
    expect((await join('4')).statusCode).toBe(303);
  });
});

describe('the order total', () => {
  it('refuses an order above what one payment can carry (£999,999.99 with the fee), and takes one just under it', async () => {
    // At the price ceiling, £100,000.00 + £8,000.00 fee a ticket: nine come to £972,000.00, ten to £1,080,000.00.
    const live = await createLiveEvent(t.app, owner, { name: 'Gold Standard', price: '100000.00', capacity: 100 });
    const typeId = live.ticket_types[0]!.id;
    const ten = await postCheckout(t.app, host, live.id, {
      ...buyer,
      email: 'ten@example.com',
      [`qty_${typeId}`]: '10',
    });
    expect(ten.statusCode).toBe(400);
    expect(ten.body).toContain(
      'One order can come to at most £999,999.99 with the booking fee. Please choose fewer tickets.',
    );
    const nine = await postCheckout(t.app, host, live.id, {
      ...buyer,
      email: 'nine@example.com',
      [`qty_${typeId}`]: '9',
    });
    expect(nine.statusCode, nine.body).toBe(303);
  });
});
