// VAT (issue 32 point 3, decision 138) through HTTP as organisers and fans use it: the settings refuse a VAT number
// of the wrong form and a rate outside 0-100% (or with a fraction of a basis point) in the error envelope, and keep
// nothing; a registered organiser's prices carry VAT by the one rounding rule, shown in the breakdown, the total,
// the summary, the order page and the e-mail; prices entered without VAT are charged with it; a changed rate never
// rewrites past orders; a zero rate says zero-rated; the settlement report sums the VAT the orders were sold with.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VAT_MESSAGES, vatInGross, type EventDto } from '@marquee/shared';
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
import { order, orderDocument, orderLine, ticket } from '../../db/schema/index.js';
import { orderPage, refundRequest } from '../../../test/after-sale-helpers.js';
import { readPdf } from '../../../test/pdf-text.js';

const host = 'vatco.localhost:3000';
let t: TestApp;
let owner: SignedInUser;
let live: EventDto;

const db = () => t.database.db;
/** The registered name and address a VAT-registered organiser must give (decision 140). */
const registration = { legal_name: 'Vat Co Events Ltd', address: '1 High Street\nLondon\nN1 1AA' };
const putVat = (payload: Record<string, unknown>, user = owner) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/org/vat',
    headers: asBrowser(user),
    payload: payload.registered ? { ...registration, ...payload } : payload,
  });
const eventPage = (slug: string) => t.app.inject({ method: 'GET', url: `/events/${slug}`, headers: { host } });

async function buy(eventId: string, email: string, quantity = 1) {
  const started = await postCheckout(t.app, host, eventId, {
    ...buyer,
    email,
    [`qty_${live.ticket_types[0]!.id}`]: String(quantity),
  });
  expect(started.statusCode, started.body.slice(0, 300)).toBe(303);
  const token = tokenFrom(started.headers.location);
  const [held] = await db().select().from(order).where(eq(order.accessToken, token));
  return { token, held: held! };
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await sellingOrganiser(t.app, 'vatco');
  live = await createLiveEvent(t.app, owner, { name: 'Taxed Night' }); // £20.00 General Admission
});
afterAll(() => t?.close());

describe('VAT settings', () => {
  it('start unregistered, and refuse a wrong VAT number, a rate outside 0-100% or with 3 decimals (400)', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/api/org/vat', headers: asBrowser(owner) });
    expect(start.json()).toMatchObject({ registered: false, rate_bp: 2000 });
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ registered: true, vat_number: 'GB12345', country: 'GB', rate: '20' }, 'vat_number', VAT_MESSAGES.numberForm],
      [
        { registered: true, vat_number: 'DE123456789', country: 'GB', rate: '20' },
        'vat_number',
        VAT_MESSAGES.numberCountry,
      ],
      [{ registered: true, vat_number: '', country: 'GB', rate: '20' }, 'vat_number', VAT_MESSAGES.numberRequired],
      [{ registered: true, vat_number: 'GB123456789', country: 'GB', rate: '100.5' }, 'rate', VAT_MESSAGES.rateRange],
      [{ registered: true, vat_number: 'GB123456789', country: 'GB', rate: '-1' }, 'rate', VAT_MESSAGES.rateRange],
      [{ registered: true, vat_number: 'GB123456789', country: 'GB', rate: '20.125' }, 'rate', VAT_MESSAGES.rateForm],
    ];
    for (const [payload, path, message] of cases) {
      const refused = await putVat(payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(refused.json())).toContain(message.replace(/’/g, '\\u2019').slice(0, 20));
      expect(JSON.stringify(refused.json())).toContain(path);
    }
    const control = await putVat({ registered: true, vat_number: 'GB123\u0007456789', country: 'GB', rate: '20' });
    expect(control.statusCode).toBe(400);
    const after = await t.app.inject({ method: 'GET', url: '/api/org/vat', headers: asBrowser(owner) });
    expect(after.json()).toMatchObject({ registered: false });
  });
});

describe('a VAT-registered organiser', () => {
  let early: { token: string; held: typeof order.$inferSelect };

  it('prices VAT-inclusive tickets with their VAT shown everywhere the fan looks', async () => {
    const saved = await putVat({ registered: true, vat_number: 'gb 123 4567 89', country: 'GB', rate: '20' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      registered: true,
      vat_number: 'GB123456789',
      rate_bp: 2000,
      message: VAT_MESSAGES.saved,
    });

    // £20.00 includes £3.33 VAT (20/120 of it, rounded half up).
    const vat = vatInGross(2000, 2000);
    expect(vat).toBe(333);
    const page = await eventPage(live.slug);
    expect(page.body).toContain('<span class="price">£21.60</span>');
    expect(page.body).toContain('£20.00 ticket (incl. £3.33 VAT at 20%) + £1.60 booking fee');

    early = await buy(live.id, 'vat-fan@example.com', 2);
    expect(early.held).toMatchObject({
      amountMinor: 4000,
      feeMinor: 320,
      vatMinor: 2 * vat,
      feeVatMinor: 2 * vatInGross(160, 2000),
    });
    const lines = await db().select().from(orderLine).where(eq(orderLine.orderId, early.held.id));
    expect(lines).toEqual([expect.objectContaining({ unitPriceMinor: 2000, unitVatMinor: vat, vatRateBp: 2000 })]);

    const summary = await t.app.inject({ method: 'GET', url: `/checkout/${early.token}`, headers: { host } });
    expect(summary.body).toContain('Includes VAT at 20%</td><td class="num">£6.66</td>');
    expect(summary.body).toContain('Booking fee includes VAT at 20%</td><td class="num">£0.54</td>');
    expect((await payWithCard(t.app, host, early.token)).statusCode).toBe(303);
    const fanPage = await orderPage(t.app, host, early.token);
    expect(fanPage.body).toContain('Includes VAT at 20%');
    await deliverCheckoutMail(t.app);
    const [mail] = await mailTo(t.app, 'vat-fan@example.com');
    expect(mail!.text).toContain('Includes VAT');
    expect(mail!.text).toContain('£6.66');

    // The receipt is a VAT receipt: the seller's VAT number and the VAT per rate (decision 138).
    const receipt = await t.app.inject({ method: 'GET', url: `/orders/${early.token}/receipt.pdf`, headers: { host } });
    expect(receipt.statusCode).toBe(200);
    const text = (await readPdf(receipt.rawPayload)).pages.join('\n');
    expect(text).toContain('VAT invoice R-000001');
    expect(text).toContain('VAT number: GB123456789');
    expect(text).toContain('VAT at 20%: £6.66 (net £33.34, with VAT £40.00)');
    expect(text).toContain('includes £0.54 VAT at 20%');
    expect(text).not.toContain('not a VAT invoice');

    // A refund of one ticket: its credit note gives back £20.00 with its £3.33 VAT.
    const [one] = await db().select().from(ticket).where(eq(ticket.orderId, early.held.id)).orderBy(ticket.code);
    expect(
      (await refundRequest(t.app, owner, early.held.id, { ticket_ids: [one!.id], reason: 'Cannot come' })).statusCode,
    ).toBe(200);
    const [credit] = await db()
      .select()
      .from(orderDocument)
      .where(and(eq(orderDocument.orderId, early.held.id), eq(orderDocument.kind, 'credit_note')));
    const creditPdf = await t.app.inject({
      method: 'GET',
      url: `/orders/${early.token}/credit-notes/${credit!.number}.pdf`,
      headers: { host },
    });
    const creditText = (await readPdf(creditPdf.rawPayload)).pages.join('\n');
    expect(creditText).toContain('VAT number: GB123456789');
    expect(creditText).toContain('VAT at 20%: £3.33 (net £16.67, with VAT £20.00)');
  });

  it('charges prices entered without VAT with it, and a new rate never rewrites past orders', async () => {
    const saved = await putVat({
      registered: true,
      vat_number: 'GB123456789',
      country: 'GB',
      rate: '5',
      prices_include_vat: false,
    });
    expect(saved.statusCode).toBe(200);
    // £20.00 + 5% = £21.00, + £1.68 booking fee = £22.68.
    const page = await eventPage(live.slug);
    expect(page.body).toContain('<span class="price">£22.68</span>');
    expect(page.body).toContain('£21.00 ticket (incl. £1.00 VAT at 5%) + £1.68 booking fee');
    const later = await buy(live.id, 'vat-later@example.com');
    expect(later.held).toMatchObject({ amountMinor: 2100, vatMinor: 100, feeMinor: 168 });
    expect(later.held.amountMinor - later.held.vatMinor).toBe(2000);

    const [kept] = await db().select().from(order).where(eq(order.id, early.held.id));
    expect(kept).toMatchObject({ amountMinor: 4000, vatMinor: 666 });
    const keptLines = await db().select().from(orderLine).where(eq(orderLine.orderId, early.held.id));
    expect(keptLines[0]).toMatchObject({ vatRateBp: 2000, unitVatMinor: 333 });

    // The settlement report sums the VAT the paid orders were sold with.
    const report = await t.app.inject({
      method: 'GET',
      url: `/api/events/${live.id}/settlement`,
      headers: asBrowser(owner),
    });
    expect(report.statusCode, report.body).toBe(200);
    expect(JSON.stringify(report.json())).toContain('"vat_minor":666');
  });

  it('says zero-rated at a zero rate (decision 139), and nothing about VAT once unregistered', async () => {
    await putVat({ registered: true, vat_number: 'GB123456789', country: 'GB', rate: '0', prices_include_vat: true });
    const zero = await eventPage(live.slug);
    expect(zero.body).toContain('£20.00 ticket (zero-rated) + £1.60 booking fee');
    expect((await buy(live.id, 'vat-zero@example.com')).held.vatMinor).toBe(0);
    await putVat({ registered: false });
    const off = await eventPage(live.slug);
    expect(off.body).toContain('£20.00 ticket + £1.60 booking fee');
    expect(off.body).not.toContain('zero-rated');
    expect((await buy(live.id, 'vat-off@example.com')).held.vatMinor).toBe(0);
  });
});
