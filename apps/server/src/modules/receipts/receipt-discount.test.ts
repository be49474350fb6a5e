// A promo code's discount on the receipt (decision 137): the lines are as paid (the discount is in their unit
// prices), so the discount is shown as included, never subtracted a second time.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import type { SignedInUser } from '../../../test/auth-helpers.js';
import {
  buyer,
  createLiveEvent,
  payWithCard,
  postCheckout,
  sellingOrganiser,
  tokenFrom,
} from '../../../test/checkout-helpers.js';
import { createCode } from '../../../test/drop-helpers.js';
import { readPdf } from '../../../test/pdf-text.js';
import { order } from '../../db/schema/index.js';

let t: TestApp;
let owner: SignedInUser;
const host = 'receiptpromo.localhost:3000';

beforeAll(async () => {
  t = await createTestApp();
  owner = await sellingOrganiser(t.app, 'receiptpromo');
});
afterAll(() => t.close());

describe('a receipt with a promo code', () => {
  it('lists the discounted prices, says what the code took off, and adds up to what was paid', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Promo Night', capacity: 20 });
    const typeId = live.ticket_types[0]!.id;
    await createCode(t.app, owner, live.id, {
      kind: 'promo',
      code: 'SAVE10',
      discount_kind: 'percent',
      discount_value: '10',
    });
    const held = await postCheckout(t.app, host, live.id, {
      ...buyer,
      email: 'promo@example.com',
      promo_code: 'SAVE10',
      [`qty_${typeId}`]: '2',
    });
    const token = tokenFrom(held.headers.location);
    expect((await payWithCard(t.app, host, token)).statusCode).toBe(303);
    const [row] = await t.database.db.select().from(order).where(eq(order.accessToken, token));
    expect(row).toMatchObject({ amountMinor: 3600, discountMinor: 400 });
    const response = await t.app.inject({ method: 'GET', url: `/orders/${token}/receipt.pdf`, headers: { host } });
    const text = (await readPdf(response.rawPayload)).pages.join('\n');
    const pounds = (minor: number) => `£${(minor / 100).toFixed(2)}`;
    for (const words of [
      '£18.00',
      'Subtotal: £36.00',
      'Discount (code SAVE10): £4.00 off, included in the prices above',
      `Booking fee: ${pounds(row!.feeMinor)}`,
      `Total paid: ${pounds(3600 + row!.feeMinor)}`,
    ])
      expect(text).toContain(words);
  });
});
