// What a fan sees of their add-ons after buying (decision 134): the order page's Add-ons part and a summary whose
// lines add up to the total, the tickets PDF's 'With this order' and the confirmation e-mail's rows. The orders are
// written as a sale leaves them (the test fixture's paid order, with add-on lines and the order's amount and fee
// counting them), and the confirmation is sent by the checkout's notifier, as the job after a payment does.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingFee, type EventDto } from '@marquee/shared';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createLiveEvent, sellingOrganiser } from '../../test/checkout-helpers.js';
import { insertOrder } from '../../test/order-fixtures.js';
import { asBrowser, type SignedInUser } from '../../test/auth-helpers.js';
import { readPdf } from '../../test/pdf-text.js';
import { addOn, event, order, orderAddOn } from '../db/schema/index.js';

let t: TestApp;
let owner: SignedInUser;
let live: EventDto;
let organizationId: string;
const host = 'acme.localhost:3000';
const addOnIds: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  owner = await sellingOrganiser(t.app, 'acme');
  live = await createLiveEvent(t.app, owner, { name: 'Harbour Nights', price: '20.00' });
  const [row] = await t.database.db.select().from(event).where(eq(event.id, live.id));
  organizationId = row!.organizationId;
  for (const [name, price] of [
    ['T-shirt', '15.00'],
    ['Parking', '8.00'],
  ] as const) {
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/events/${live.id}/add-ons`,
      headers: asBrowser(owner),
      payload: { name, price },
    });
    expect(created.statusCode).toBe(201);
    addOnIds[name] = created.json().id as string;
  }
});
afterAll(() => t.close());

const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { host } });
const mail = async (to: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/dev/mail?to=${encodeURIComponent(to)}` })).json() as Array<{
    subject: string;
    text: string;
  }>;
/** The page's text between two headings, tags dropped and spaces folded. */
const section = (html: string, from: string, to: string) => {
  const start = html.indexOf(`<h2>${from}</h2>`);
  if (start < 0) return null;
  const end = html.indexOf(`<h2>${to}</h2>`, start + 1);
  return html
    .slice(start, end < 0 ? undefined : end)
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
};

/**
 * A paid order of two £20 tickets (£1.60 fee each) as `email`, with `addOns` (name to quantity) bought with it: its
 * lines at the add-ons' prices and fees, the counters' `sold` and the order's amount and fee as a sale leaves them.
 * Then its confirmation e-mail is sent, as the job after a payment does.
 */
async function buy(email: string, addOns: Record<string, number>) {
  const db = t.database.db;
  const placed = await insertOrder(db, {
    organizationId,
    eventId: live.id,
    ticketTypeId: live.ticket_types[0]!.id,
    email,
    firstName: 'Fran',
    lastName: 'Fan',
    quantity: 2,
    amountMinor: 4000,
    feeMinor: 320,
    status: 'paid',
    paidAt: new Date(),
  });
  let amount = 0;
  let fee = 0;
  for (const [name, quantity] of Object.entries(addOns)) {
    const [row] = await db
      .update(addOn)
      .set({ sold: sql`${addOn.sold} + ${quantity}` })
      .where(eq(addOn.id, addOnIds[name]!))
      .returning();
    const unitFee = bookingFee(row!.priceMinor, 'GBP');
    await db.insert(orderAddOn).values({
      organizationId: placed.organizationId,
      orderId: placed.id,
      addOnId: row!.id,
      name,
      quantity,
      unitPriceMinor: row!.priceMinor,
      unitFeeMinor: unitFee,
    });
    amount += row!.priceMinor * quantity;
    fee += unitFee * quantity;
  }
  const [current] = await db
    .update(order)
    .set({ amountMinor: placed.amountMinor + amount, feeMinor: placed.feeMinor + fee })
    .where(eq(order.id, placed.id))
    .returning();
  await t.app.checkout.notifier.deliverMail({
    kind: 'order-confirmation',
    orderId: placed.id,
    organizationId: placed.organizationId,
  });
  return current!;
}

describe('an order with add-ons, as the fan sees it', () => {
  let current: Awaited<ReturnType<typeof buy>>;
  beforeAll(async () => {
    current = await buy('merch@example.com', { 'T-shirt': 2, Parking: 1 });
  });

  it('the order page lists the add-ons with their prices, and the summary adds up to the total', async () => {
    // £40 of tickets with £3.20 in fees, £30 + £8 of add-ons with £2.40 + £0.64: £84.24.
    expect(current.amountMinor + current.feeMinor).toBe(8424);
    const response = await page(`/orders/${current.accessToken}`);
    expect(response.statusCode).toBe(200);
    expect(section(response.body, 'Add-ons', 'Summary')).toBe(
      'Add-ons Add-ons bought with this order 2 × T-shirt £30.00 1 × Parking £8.00 ' +
        'Collect them at the event: the door staff see them when they scan one of your tickets.',
    );
    expect(section(response.body, 'Summary', '')).toMatch(
      /^Summary Order summary General Admission × 2 £40\.00 T-shirt × 2 £30\.00 Parking × 1 £8\.00 Booking fee £6\.24 Total £84\.24 /,
    );
    expect(response.body).not.toContain('handed over');
  });

  it('says what the door has handed over, line by line', async () => {
    const mark = (name: string, handedOver: number) =>
      t.database.db
        .update(orderAddOn)
        .set({ handedOver, handedOverAt: new Date() })
        .where(and(eq(orderAddOn.orderId, current.id), eq(orderAddOn.addOnId, addOnIds[name]!)));
    await mark('T-shirt', 1);
    await mark('Parking', 1);
    const html = (await page(`/orders/${current.accessToken}`)).body;
    expect(section(html, 'Add-ons', 'Summary')).toContain('2 × T-shirt · 1 of 2 handed over £30.00');
    expect(section(html, 'Add-ons', 'Summary')).toContain('1 × Parking · handed over £8.00');
    await mark('T-shirt', 2);
    expect(section((await page(`/orders/${current.accessToken}`)).body, 'Add-ons', 'Summary')).toContain(
      '2 × T-shirt · handed over £30.00',
    );
  });

  it('the tickets PDF lists them on every ticket', async () => {
    const response = await page(`/orders/${current.accessToken}/tickets.pdf`);
    expect(response.statusCode).toBe(200);
    const { pages } = await readPdf(response.rawPayload);
    expect(pages).toHaveLength(2);
    for (const text of pages) expect(text).toContain('With this order: 2 × T-shirt, 1 × Parking');
  });

  it('the confirmation e-mail has a row per add-on with its price, and the same total', async () => {
    const [confirmation] = await mail('merch@example.com');
    expect(confirmation?.subject).toMatch(/^Your tickets for Harbour Nights/);
    expect(confirmation!.text).toContain(
      [
        '  2 × General Admission: £40.00',
        '  2 × T-shirt: £30.00',
        '  1 × Parking: £8.00',
        '  Booking fee: £6.24',
        'Total: £84.24',
      ].join('\n'),
    );
  });
});

describe('an order refunded in full', () => {
  it('still lists what it bought, and says its add-ons can no longer be collected', async () => {
    const current = await buy('gone@example.com', { Parking: 1 });
    await t.database.db.update(order).set({ status: 'refunded' }).where(eq(order.id, current.id));
    const html = (await page(`/orders/${current.accessToken}`)).body;
    expect(section(html, 'Add-ons', 'Summary')).toBe(
      'Add-ons Add-ons bought with this order 1 × Parking £8.00 ' +
        'This order no longer stands, so its add-ons cannot be collected.',
    );
  });
});

describe('an order without add-ons', () => {
  it('shows no Add-ons part on its page, PDF or e-mail', async () => {
    const current = await buy('plain@example.com', {});
    const html = (await page(`/orders/${current.accessToken}`)).body;
    expect(html).not.toContain('Add-ons');
    expect(section(html, 'Summary', '')).toMatch(
      /^Summary Order summary General Admission × 2 £40\.00 Booking fee £3\.20 Total £43\.20 /,
    );
    const { pages } = await readPdf((await page(`/orders/${current.accessToken}/tickets.pdf`)).rawPayload);
    for (const text of pages) expect(text).not.toContain('With this order');
    const [confirmation] = await mail('plain@example.com');
    expect(confirmation!.text).toContain('  2 × General Admission: £40.00\n  Booking fee: £3.20\nTotal: £43.20');
  });
});
