// VAT rates per ticket type and add-on (issue 32 point 3, decision 139) through HTTP as organisers and fans use them:
// the registration takes up to two reduced rates (bad ones refused on their field, nothing kept); a category naming a
// reduced rate the registration lacks is refused; an order mixing 20%, 5%, zero-rated and exempt lines shows each
// line's VAT and the VAT per rate on the event page, the summary, the order page, the e-mail, the receipt and the
// credit note; lines keep category and rate as sold, so later changes never rewrite them; removing a reduced rate
// still in use is refused; a registration at 0% still gets a VAT invoice; the settlement report sums mixed rates.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addOnField,
  bookingFee,
  VAT_CATEGORY_MESSAGES,
  VAT_MESSAGES,
  vatInGross,
  type AddOnDto,
  type EventDto,
  type TicketTypeDto,
} from '@marquee/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { asBrowser, type SignedInUser } from '../../../test/auth-helpers.js';
import {
  buyer,
  createLiveEvent,
  payWithCard,
  postCheckout,
  sellingOrganiser,
  tokenFrom,
} from '../../../test/checkout-helpers.js';
import { deliverCheckoutMail, mailTo } from '../../../test/cancellation-helpers.js';
import { orderPage, refundRequest } from '../../../test/after-sale-helpers.js';
import { readPdf } from '../../../test/pdf-text.js';
import { doorSale } from '../../../test/checkin-helpers.js';
import { order, orderAddOn, orderDocument, orderLine, ticket } from '../../db/schema/index.js';

const host = 'ratesco.localhost:3000';
let t: TestApp;
let owner: SignedInUser;
let live: EventDto;
let children: TicketTypeDto;
let book: TicketTypeDto;
let donation: AddOnDto;

const db = () => t.database.db;
const registration = {
  registered: true,
  vat_number: 'GB123456789',
  country: 'GB',
  rate: '20',
  legal_name: 'Rates Co Events Ltd',
  address: '1 High Street\nLondon\nN1 1AA',
};
const putVat = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/org/vat', headers: asBrowser(owner), payload });
const getVat = () => t.app.inject({ method: 'GET', url: '/api/org/vat', headers: asBrowser(owner) });
const api = (method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: asBrowser(owner), payload });
const typeBody = (name: string, price: string, vat_category?: string) => ({
  name,
  price,
  capacity: 100,
  ...(vat_category ? { vat_category } : {}),
});
const fieldsOf = (response: { json(): unknown }) =>
  (response.json() as { error: { fields?: Array<{ path: string; message: string }> } }).error.fields ?? [];
const pdfText = async (url: string) => {
  const response = await t.app.inject({ method: 'GET', url, headers: { host } });
  expect(response.statusCode, url).toBe(200);
  return (await readPdf(response.rawPayload)).pages.join('\n');
};

/** One General Admission (20%), two Children (5%), one Book (zero-rated) and one Donation (exempt). */
async function buyMixed(email: string) {
  const started = await postCheckout(t.app, host, live.id, {
    ...buyer,
    email,
    [`qty_${live.ticket_types[0]!.id}`]: '1',
    [`qty_${children.id}`]: '2',
    [`qty_${book.id}`]: '1',
    [addOnField(donation.id)]: '1',
  });
  expect(started.statusCode, started.body.slice(0, 400)).toBe(303);
  const token = tokenFrom(started.headers.location);
  const [held] = await db().select().from(order).where(eq(order.accessToken, token));
  return { token, held: held! };
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await sellingOrganiser(t.app, 'ratesco');
  live = await createLiveEvent(t.app, owner, { name: 'Rates Night' }); // £20.00 General Admission
});
afterAll(() => t?.close());

describe('reduced rates on the registration', () => {
  it('refuses a reduced rate outside 0-100%, with 3 decimals, or a second without a first (400, on the field)', async () => {
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ reduced_rate: '101' }, 'reduced_rate', VAT_MESSAGES.reducedRange],
      [{ reduced_rate: '-5' }, 'reduced_rate', VAT_MESSAGES.reducedRange],
      [{ reduced_rate: '5.555' }, 'reduced_rate', VAT_MESSAGES.reducedForm],
      [{ reduced_rate: '5', second_reduced_rate: '100.01' }, 'second_reduced_rate', VAT_MESSAGES.reducedRange],
      [{ second_reduced_rate: '5' }, 'second_reduced_rate', VAT_MESSAGES.secondWithoutFirst],
    ];
    for (const [rates, path, message] of cases) {
      const refused = await putVat({ ...registration, ...rates });
      expect(refused.statusCode, JSON.stringify(rates)).toBe(400);
      expect(fieldsOf(refused)).toContainEqual({ path, message });
    }
    expect((await getVat()).json()).toMatchObject({ registered: false, reduced_rate_bp: null });
  });

  it('refuses a category naming a reduced rate the registration lacks (400 on vat_category)', async () => {
    expect((await putVat(registration)).statusCode).toBe(200);
    const refused = await api('POST', `/api/events/${live.id}/ticket-types`, typeBody('Children', '5.00', 'reduced'));
    expect(refused.statusCode).toBe(400);
    expect(fieldsOf(refused)).toEqual([{ path: 'vat_category', message: VAT_CATEGORY_MESSAGES.reducedMissing }]);
    const saved = await putVat({ ...registration, reduced_rate: '5' });
    expect(saved.json()).toMatchObject({ reduced_rate_bp: 500, reduced_rate: '5', second_reduced_rate_bp: null });
    const second = await api('POST', `/api/events/${live.id}/add-ons`, {
      name: 'Programme',
      price: '2.00',
      vat_category: 'reduced_2',
    });
    expect(second.statusCode).toBe(400);
    expect(fieldsOf(second)).toEqual([{ path: 'vat_category', message: VAT_CATEGORY_MESSAGES.secondReducedMissing }]);
    const unknown = await api('POST', `/api/events/${live.id}/ticket-types`, typeBody('Odd', '5.00', 'luxury'));
    expect(unknown.statusCode).toBe(400);
    expect(JSON.stringify(unknown.json())).toContain(VAT_CATEGORY_MESSAGES.invalid);
  });

  it('refuses a price that rounds to a fraction of a minor unit, under price', async () => {
    const refused = await api('POST', `/api/events/${live.id}/ticket-types`, typeBody('Fraction', '10.005'));
    expect(refused.statusCode).toBe(400);
    expect(fieldsOf(refused)).toContainEqual({
      path: 'price',
      message: 'Price must be a number with at most two decimals',
    });
  });
});

describe('an order mixing rates', () => {
  let mixed: { token: string; held: typeof order.$inferSelect };

  it('prices and shows each line at its category’s rate, and the VAT per rate everywhere', async () => {
    const made = await api('POST', `/api/events/${live.id}/ticket-types`, typeBody('Children', '5.00', 'reduced'));
    expect(made.statusCode, made.body).toBe(201);
    children = made.json();
    expect(children.vat_category).toBe('reduced');
    book = (await api('POST', `/api/events/${live.id}/ticket-types`, typeBody('Book', '10.00', 'zero'))).json();
    donation = (
      await api('POST', `/api/events/${live.id}/add-ons`, { name: 'Donation', price: '3.00', vat_category: 'exempt' })
    ).json();
    expect([book.vat_category, donation.vat_category]).toEqual(['zero', 'exempt']);

    // £5.00 includes £0.24 VAT at 5% (5/105 of it, half up); the Book and the Donation carry none.
    expect(vatInGross(500, 500)).toBe(24);
    const page = await t.app.inject({ method: 'GET', url: `/events/${live.slug}`, headers: { host } });
    const fee = (minor: number) => `£${(bookingFee(minor, 'GBP') / 100).toFixed(2)}`;
    expect(page.body).toContain(`£20.00 ticket (incl. £3.33 VAT at 20%) + ${fee(2000)} booking fee`);
    expect(page.body).toContain(`£5.00 ticket (incl. £0.24 VAT at 5%) + ${fee(500)} booking fee`);
    expect(page.body).toContain(`£10.00 ticket (zero-rated) + ${fee(1000)} booking fee`);
    expect(page.body).toContain(`£3.00 add-on (exempt from VAT) + ${fee(300)} booking fee`);

    mixed = await buyMixed('mixed-fan@example.com');
    expect(mixed.held).toMatchObject({ amountMinor: 2000 + 1000 + 1000 + 300, vatMinor: 333 + 2 * 24 });
    const lines = await db().select().from(orderLine).where(eq(orderLine.orderId, mixed.held.id));
    expect(
      lines.map(({ name, vatCategory, vatRateBp, unitVatMinor }) => ({ name, vatCategory, vatRateBp, unitVatMinor })),
    ).toEqual(
      expect.arrayContaining([
        { name: 'General Admission', vatCategory: 'standard', vatRateBp: 2000, unitVatMinor: 333 },
        { name: 'Children', vatCategory: 'reduced', vatRateBp: 500, unitVatMinor: 24 },
        { name: 'Book', vatCategory: 'zero', vatRateBp: 0, unitVatMinor: 0 },
      ]),
    );
    const [addOnLine] = await db().select().from(orderAddOn).where(eq(orderAddOn.orderId, mixed.held.id));
    expect(addOnLine).toMatchObject({ vatCategory: 'exempt', vatRateBp: 0, unitVatMinor: 0 });

    const rows = [
      'Includes VAT at 20%</td><td class="num">£3.33</td>',
      'Includes VAT at 5%</td><td class="num">£0.48</td>',
      'VAT at 0% (zero-rated)</td><td class="num">£0.00</td>',
      'Exempt from VAT</td><td class="num">£0.00</td>',
    ];
    const summary = await t.app.inject({ method: 'GET', url: `/checkout/${mixed.token}`, headers: { host } });
    for (const row of rows) expect(summary.body).toContain(row);
    expect(summary.body).toContain('Booking fee includes VAT at 20%');
    expect((await payWithCard(t.app, host, mixed.token)).statusCode).toBe(303);
    const fanPage = await orderPage(t.app, host, mixed.token);
    for (const row of rows) expect(fanPage.body).toContain(row);
    await deliverCheckoutMail(t.app);
    const [mail] = await mailTo(t.app, 'mixed-fan@example.com');
    for (const label of ['Includes VAT at 20%', 'Includes VAT at 5%', 'VAT at 0% (zero-rated)', 'Exempt from VAT'])
      expect(mail!.text).toContain(label);
    expect(mail!.text).toContain('£0.48');

    const receipt = await pdfText(`/orders/${mixed.token}/receipt.pdf`);
    expect(receipt).toContain('VAT invoice');
    expect(receipt).toContain('VAT rate');
    expect(receipt).toContain('VAT at 20%: £3.33 (net £16.67, with VAT £20.00)');
    expect(receipt).toContain('VAT at 5%: £0.48 (net £9.52, with VAT £10.00)');
    expect(receipt).toContain('VAT at 0% (zero-rated): £0.00 (net £10.00, with VAT £10.00)');
    expect(receipt).toContain('Exempt from VAT: £3.00 (no VAT)');

    // The settlement report sums the VAT of the mixed lines as sold.
    const report = await t.app.inject({
      method: 'GET',
      url: `/api/events/${live.id}/settlement`,
      headers: asBrowser(owner),
    });
    expect(report.statusCode, report.body).toBe(200);
    expect(JSON.stringify(report.json())).toContain(`"vat_minor":${333 + 48}`);
  });

  it('gives back VAT per rate on a credit note: a Children ticket refunded is 5% only', async () => {
    const [child] = await db()
      .select({ id: ticket.id })
      .from(ticket)
      .innerJoin(orderLine, eq(orderLine.id, ticket.orderLineId))
      .where(and(eq(ticket.orderId, mixed.held.id), eq(orderLine.name, 'Children')));
    const refunded = await refundRequest(t.app, owner, mixed.held.id, { ticket_ids: [child!.id], reason: 'Ill' });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const [credit] = await db()
      .select()
      .from(orderDocument)
      .where(and(eq(orderDocument.orderId, mixed.held.id), eq(orderDocument.kind, 'credit_note')));
    const text = await pdfText(`/orders/${mixed.token}/credit-notes/${credit!.number}.pdf`);
    expect(text).toContain('VAT at 5%: £0.24 (net £4.76, with VAT £5.00)');
    expect(text).not.toContain('VAT at 20%:');
    expect(text).not.toContain('Exempt from VAT');
    // The settlement report's VAT refunded is the credit note's, per rate (decisions 139, 141).
    const [kept] = await db().select().from(order).where(eq(order.id, mixed.held.id));
    expect(kept!.vatRefundedMinor).toBe(24);
    const report = await t.app.inject({
      method: 'GET',
      url: `/api/events/${live.id}/settlement`,
      headers: asBrowser(owner),
    });
    expect(JSON.stringify(report.json())).toContain('"vat_refunded_minor":24');
  });

  it('refuses removing a reduced rate still chosen; a changed rate or category never rewrites past orders', async () => {
    const refused = await putVat({ ...registration, reduced_rate: '' });
    expect(refused.statusCode).toBe(400);
    expect(fieldsOf(refused)).toEqual([{ path: 'reduced_rate', message: VAT_MESSAGES.reducedInUse(false, 1) }]);
    expect((await getVat()).json()).toMatchObject({ reduced_rate_bp: 500 });

    // Unregistered for a while: a type still at the reduced rate can be edited (its VAT field hidden); the stored
    // rates stay.
    expect((await putVat({ ...registration, registered: false, reduced_rate: '5' })).statusCode).toBe(200);
    const paused = await api(
      'PUT',
      `/api/events/${live.id}/ticket-types/${children.id}`,
      typeBody('Children', '5.00', 'reduced'),
    );
    expect(paused.statusCode, paused.body).toBe(200);

    expect((await putVat({ ...registration, rate: '21', reduced_rate: '10' })).statusCode).toBe(200);
    const moved = await api(
      'PUT',
      `/api/events/${live.id}/ticket-types/${children.id}`,
      typeBody('Children', '5.00', 'standard'),
    );
    expect(moved.statusCode, moved.body).toBe(200);

    const kept = await db().select().from(orderLine).where(eq(orderLine.orderId, mixed.held.id));
    expect(kept.find((line) => line.name === 'Children')).toMatchObject({ vatCategory: 'reduced', vatRateBp: 500 });
    expect(kept.find((line) => line.name === 'General Admission')).toMatchObject({
      vatRateBp: 2000,
      unitVatMinor: 333,
    });
    const [order0] = await db().select().from(order).where(eq(order.id, mixed.held.id));
    expect(order0!.vatMinor).toBe(381);
    expect(await pdfText(`/orders/${mixed.token}/receipt.pdf`)).toContain('VAT at 5%: £0.48');

    const later = await buyMixed('later-fan@example.com');
    const laterLines = await db().select().from(orderLine).where(eq(orderLine.orderId, later.held.id));
    expect(laterLines.find((line) => line.name === 'Children')).toMatchObject({
      vatCategory: 'standard',
      vatRateBp: 2100,
      unitVatMinor: vatInGross(500, 2100),
    });
  });

  it('gives a registration at 0% a VAT invoice that says zero-rated', async () => {
    expect((await putVat({ ...registration, rate: '0', reduced_rate: '10' })).statusCode).toBe(200);
    const started = await postCheckout(t.app, host, live.id, {
      ...buyer,
      email: 'zero-fan@example.com',
      [`qty_${live.ticket_types[0]!.id}`]: '1',
    });
    const token = tokenFrom(started.headers.location);
    expect((await payWithCard(t.app, host, token)).statusCode).toBe(303);
    const text = await pdfText(`/orders/${token}/receipt.pdf`);
    expect(text).toContain('VAT invoice');
    expect(text).toContain('VAT number: GB123456789');
    expect(text).toContain('VAT at 0% (zero-rated): £0.00 (net £20.00, with VAT £20.00)');
    expect(text).not.toContain('not a VAT invoice');
  });

  it('records a door sale’s VAT per line at its category’s rate, so its receipt is a VAT invoice', async () => {
    expect((await putVat({ ...registration, reduced_rate: '5' })).statusCode).toBe(200);
    const sold = await doorSale(t.app, owner, live.id, {
      lines: [
        { ticket_type_id: live.ticket_types[0]!.id, quantity: 1 },
        { ticket_type_id: book.id, quantity: 1 },
      ],
      payment_method: 'cash',
    });
    expect(sold.statusCode, sold.body).toBe(201);
    const [door] = await db()
      .select()
      .from(order)
      .where(and(eq(order.eventId, live.id), eq(order.channel, 'door')));
    expect(door!.vatMinor).toBe(333);
    const lines = await db().select().from(orderLine).where(eq(orderLine.orderId, door!.id));
    expect(lines.map(({ name, vatCategory, unitVatMinor }) => ({ name, vatCategory, unitVatMinor }))).toEqual(
      expect.arrayContaining([
        { name: 'General Admission', vatCategory: 'standard', unitVatMinor: 333 },
        { name: 'Book', vatCategory: 'zero', unitVatMinor: 0 },
      ]),
    );
    const text = await pdfText(`/orders/${door!.accessToken}/receipt.pdf`);
    expect(text).toContain('VAT at 20%: £3.33 (net £16.67, with VAT £20.00)');
    expect(text).toContain('VAT at 0% (zero-rated): £0.00 (net £10.00, with VAT £10.00)');
  });
});
