// The double-submit guard joins only a hold still pending: the same tickets bought again from the same browser
// within the guard's two-minute window make a new checkout once the first order is paid, cancelled or expired.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventDto } from '@marquee/shared';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import {
  buyer,
  createLiveEvent,
  fanIp,
  payWithCard,
  postCheckout,
  sellingOrganiser,
  tokenFrom,
} from '../../test/checkout-helpers.js';
import { order } from '../db/schema/index.js';

let t: TestApp;
let live: EventDto;
let typeId: string;
const host = 'again.localhost:3000';

beforeAll(async () => {
  t = await createTestApp();
  const owner = await sellingOrganiser(t.app, 'again');
  live = await createLiveEvent(t.app, owner, { capacity: 50 });
  typeId = live.ticket_types[0]!.id;
});
afterAll(() => t.close());

const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { host } });
const ordersOf = (email: string) => t.database.db.select().from(order).where(eq(order.customerEmail, email));

/** One browser (one address and user agent) sending the same form. */
function fan(email: string) {
  const ip = fanIp();
  const fields = { ...buyer, email, [`qty_${typeId}`]: '2' };
  return () => postCheckout(t.app, host, live.id, fields, { ip, userAgent: 'same-phone' });
}

async function pay(token: string) {
  const paid = await payWithCard(t.app, host, token);
  const back = new URL(String(paid.headers.location));
  expect((await page(back.pathname + back.search)).headers.location).toBe(`/orders/${token}`);
}

describe('the same tickets bought again from the same browser', () => {
  it('after the first order is paid: a new checkout with its own hold, not the paid order', async () => {
    const submit = fan('again-paid@example.com');
    const first = tokenFrom((await submit()).headers.location);
    await pay(first);

    const again = await submit();
    expect(again.statusCode).toBe(303);
    const second = tokenFrom(again.headers.location);
    expect(second).not.toBe(first);
    const summary = await page(`/checkout/${second}`);
    expect(summary.statusCode).toBe(200);
    expect(summary.body).toContain('General Admission × 2');
    expect(summary.body).toContain('Pay £43.20');
    const orders = await ordersOf('again-paid@example.com');
    expect(orders.map((row) => row.status).sort()).toEqual(['paid', 'pending']);
  });

  it('after the first hold was cancelled: a new hold', async () => {
    const submit = fan('again-cancelled@example.com');
    const first = tokenFrom((await submit()).headers.location);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/checkout/${first}/cancel`,
      headers: { host, origin: `http://${host}` },
    });
    expect(cancelled.statusCode).toBe(303);

    const second = tokenFrom((await submit()).headers.location);
    expect(second).not.toBe(first);
    expect((await page(`/checkout/${second}`)).body).toContain('Pay £43.20');
    const orders = await ordersOf('again-cancelled@example.com');
    expect(orders.map((row) => row.status).sort()).toEqual(['cancelled', 'pending']);
  });

  it('after the first hold ran out (not yet released): a new hold, and the old one still expires', async () => {
    const submit = fan('again-expired@example.com');
    const first = tokenFrom((await submit()).headers.location);
    await t.database.db
      .update(order)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(order.accessToken, first));

    const second = tokenFrom((await submit()).headers.location);
    expect(second).not.toBe(first);
    expect((await page(`/checkout/${second}`)).body).toContain('Pay £43.20');
  });

  it('while the first hold is pending: the same form joins it (a double click), also when sent at once', async () => {
    const submit = fan('again-pending@example.com');
    const first = tokenFrom((await submit()).headers.location);
    const [a, b] = await Promise.all([submit(), submit()]);
    expect(tokenFrom(a.headers.location)).toBe(first);
    expect(tokenFrom(b.headers.location)).toBe(first);
    expect(await ordersOf('again-pending@example.com')).toHaveLength(1);
  });

  it('after payment, two copies of the form sent at once make one new hold between them', async () => {
    const submit = fan('again-twice@example.com');
    const first = tokenFrom((await submit()).headers.location);
    await pay(first);
    const [a, b] = await Promise.all([submit(), submit()]);
    expect(a.statusCode).toBe(303);
    expect(b.statusCode).toBe(303);
    expect(tokenFrom(a.headers.location)).toBe(tokenFrom(b.headers.location));
    expect(tokenFrom(a.headers.location)).not.toBe(first);
    const orders = await ordersOf('again-twice@example.com');
    expect(orders.map((row) => row.status).sort()).toEqual(['paid', 'pending']);
  });
});
