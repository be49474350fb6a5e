// The buyer's business details (decision 137): on the checkout's summary before paying and on the order page
// after, plain forms; bad input is a 400 with each error under its field and every value kept; the details show
// on the receipt PDF (after paying, through a re-issued receipt, decision 140); an order whose hold ended unpaid,
// or that was refunded in full, is refused with why.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES, parseBillingDetails, type OrderDetail } from '@marquee/shared';
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
import { buyPaidOrder } from '../../../test/cancellation-helpers.js';
import { fanPost, orderDetail, refundRequest } from '../../../test/after-sale-helpers.js';
import { readPdf } from '../../../test/pdf-text.js';
import { order, orderBilling, ticket } from '../../db/schema/index.js';

let t: TestApp;
let owner: SignedInUser;
const host = 'billingco.localhost:3000';

beforeAll(async () => {
  t = await createTestApp();
  owner = await sellingOrganiser(t.app, 'billingco');
});
afterAll(() => t.close());

const details = {
  company_name: 'Widgets Ltd',
  address: '1 High Street\r\nLondon\r\n\r\nSW1A 1AA',
  vat_id: 'gb 123 4567 89',
};
const receiptText = async (token: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/orders/${token}/receipt.pdf`, headers: { host } });
  expect(response.statusCode).toBe(200);
  return (await readPdf(response.rawPayload)).pages.join('\n');
};
const billingOf = async (orderId: string) =>
  (await t.database.db.select().from(orderBilling).where(eq(orderBilling.orderId, orderId)))[0];

describe('business details: the rules', () => {
  it.each([
    ['GB123456789', true],
    ['GB123456789012', true],
    ['XI123456789', true],
    ['DE 123.456-789', true],
    ['FR12345678901', true],
    ['GB12345', false],
    ['US123456789', false],
    ['DE1', false],
    ['DE1234567890123', false],
  ])('VAT ID %s: %s', (vat, ok) => {
    expect(parseBillingDetails({ company_name: 'A', address: 'B', vat_id: vat }).ok).toBe(ok);
  });

  it('says what is wrong with each field', () => {
    const parsed = parseBillingDetails({ company_name: ' ', address: 'x'.repeat(501), vat_id: 'nope' });
    expect(parsed).toEqual({
      ok: false,
      errors: {
        company_name: BILLING_MESSAGES.companyRequired,
        address: BILLING_MESSAGES.addressTooLong,
        vat_id: BILLING_MESSAGES.vatId,
      },
    });
    const control = parseBillingDetails({ company_name: 'Bad\u0007Co', address: 'Somewhere', vat_id: '' });
    expect(control).toEqual({ ok: false, errors: { company_name: BILLING_MESSAGES.badCharacters } });
  });
});

describe('business details on the order page', () => {
  it('a refused form is a 400 with each error under its field and the values kept; saved details print on the receipt, normalised', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Company Night', capacity: 20 });
    const paid = await buyPaidOrder(t.app, host, live.id, live.ticket_types[0]!.id, 1, 'company@example.com');
    const path = `/orders/${paid.accessToken}/billing`;

    const bad = await fanPost(t.app, host, path, { company_name: 'Widgets Ltd', address: '', vat_id: 'XX12' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('<p class="error" id="billing-address-error">Enter the company address</p>');
    expect(bad.body).toContain('aria-describedby="billing-vat_id-error"');
    expect(bad.body).toContain('value="Widgets Ltd"');
    expect(bad.body).toContain('value="XX12"');
    expect(await billingOf(paid.id)).toBeUndefined();

    const saved = await fanPost(t.app, host, path, details);
    expect(saved.statusCode).toBe(303);
    // Added after the receipt was issued: re-issued (decision 140), the page says so.
    expect(saved.headers.location).toBe(`/orders/${paid.accessToken}?done=reissued#documents-title`);
    expect(await billingOf(paid.id)).toMatchObject({
      companyName: 'Widgets Ltd',
      address: '1 High Street\nLondon\nSW1A 1AA',
      vatId: 'GB123456789',
    });
    const text = await receiptText(paid.accessToken);
    for (const words of ['Widgets Ltd', '1 High Street', 'SW1A 1AA', 'VAT ID: GB123456789'])
      expect(text).toContain(words);
    // Changed later: another receipt with the new details; the one before still says what it said.
    expect((await fanPost(t.app, host, path, { ...details, company_name: 'Gadgets plc', vat_id: '' })).statusCode).toBe(
      303,
    );
    const changed = await receiptText(paid.accessToken);
    expect(changed).toContain('Gadgets plc');
    expect(changed).not.toContain('VAT ID');
    const numbers = ((await orderDetail(t.app, owner, paid.id)) as OrderDetail).documents!.map((entry) => entry.number);
    const before = await t.app.inject({
      method: 'GET',
      url: `/orders/${paid.accessToken}/receipts/${numbers.filter((n) => n.startsWith('R-')).at(-2)}.pdf`,
      headers: { host },
    });
    expect((await readPdf(before.rawPayload)).pages.join('\n')).toContain('Widgets Ltd');
    const detail = await orderDetail(t.app, owner, paid.id);
    expect(detail.billing).toEqual({
      company_name: 'Gadgets plc',
      address: '1 High Street\nLondon\nSW1A 1AA',
      vat_id: null,
    });
  });

  it("are refused with why once the order is refunded in full; another organiser's host does not find the order", async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'All Back', capacity: 20 });
    const paid = await buyPaidOrder(t.app, host, live.id, live.ticket_types[0]!.id, 1, 'allback@example.com');
    const [only] = await t.database.db.select().from(ticket).where(eq(ticket.orderId, paid.id));
    expect((await refundRequest(t.app, owner, paid.id, { ticket_ids: [only!.id], reason: 'Sorry' })).statusCode).toBe(
      200,
    );
    const [row] = await t.database.db.select().from(order).where(eq(order.id, paid.id));
    expect(row!.status).toBe('refunded');
    const refused = await fanPost(t.app, host, `/orders/${paid.accessToken}/billing`, details);
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain(BILLING_MESSAGES.orderRefunded);
    expect(await billingOf(paid.id)).toBeUndefined();

    await sellingOrganiser(t.app, 'billingrival');
    const elsewhere = await fanPost(
      t.app,
      'billingrival.localhost:3000',
      `/orders/${paid.accessToken}/billing`,
      details,
    );
    expect(elsewhere.statusCode).toBe(404);
  });
});

describe('business details before paying', () => {
  it('the checkout summary takes them (errors kept on the field), and the receipt issued on payment prints them', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Pay Later', capacity: 20 });
    const typeId = live.ticket_types[0]!.id;
    const held = await postCheckout(t.app, host, live.id, {
      ...buyer,
      email: 'early@example.com',
      [`qty_${typeId}`]: '1',
    });
    const token = tokenFrom(held.headers.location);
    const summary = await t.app.inject({ method: 'GET', url: `/checkout/${token}`, headers: { host } });
    expect(summary.body).toContain(`action="/checkout/${token}/billing"`);
    expect(summary.body).toContain('<label for="billing-company_name">Company name</label>');

    const bad = await fanPost(t.app, host, `/checkout/${token}/billing`, { ...details, vat_id: 'GB1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(`id="billing-vat_id-error">${BILLING_MESSAGES.vatId.replace(/'/g, '&#x27;')}`);
    expect(bad.body).toContain('value="GB1"');

    const saved = await fanPost(t.app, host, `/checkout/${token}/billing`, details);
    expect(saved.statusCode).toBe(200);
    expect(saved.body).toContain(BILLING_MESSAGES.saved);
    expect((await payWithCard(t.app, host, token)).statusCode).toBe(303);
    expect(await receiptText(token)).toContain('VAT ID: GB123456789');
  });

  it('a hold that ended unpaid is refused with why', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Too Late', capacity: 20 });
    const typeId = live.ticket_types[0]!.id;
    const held = await postCheckout(t.app, host, live.id, {
      ...buyer,
      email: 'late@example.com',
      [`qty_${typeId}`]: '1',
    });
    const token = tokenFrom(held.headers.location);
    await t.database.db
      .update(order)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(order.accessToken, token));
    const refused = await fanPost(t.app, host, `/checkout/${token}/billing`, details);
    expect(refused.statusCode).toBe(410);
    const [row] = await t.database.db.select().from(order).where(eq(order.accessToken, token));
    expect(await billingOf(row!.id)).toBeUndefined();
  });
});
