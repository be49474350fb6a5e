// The settlement routes (decision 136): an event's report as JSON, CSV and PDF, a period's likewise; bad dates
// are 400s in the error envelope with their messages; another organisation's event is a 404 on every form; the
// CSV defuses formula cells; the PDF reads as the figures, the VAT net of refunds and the provider's fees (decision
// 141), and says how many payments' fees were not reported.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventSettlementSchema, periodSettlementSchema, SETTLEMENT_MESSAGES } from '@marquee/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { asBrowser, type SignedInUser } from '../../../test/auth-helpers.js';
import { createLiveEvent, sellingOrganiser } from '../../../test/checkout-helpers.js';
import { organizationOf } from '../../../test/checkin-helpers.js';
import { readPdf } from '../../../test/pdf-text.js';
import { insertSettlementOrder, type SettlementOrderSpec } from '../../../test/settlement-fixtures.js';

let t: TestApp;
let owner: SignedInUser;
let rival: SignedInUser;
let eventId: string;
let rivalEvent: string;
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '1000' } });
  owner = await sellingOrganiser(t.app, 'reportco');
  rival = await sellingOrganiser(t.app, 'reportrival');
  eventId = (await createLiveEvent(t.app, owner, { name: '=HYPERLINK("x") Night' })).id;
  rivalEvent = (await createLiveEvent(t.app, rival, { name: 'Rival Secret Night' })).id;
  const base: SettlementOrderSpec = {
    organizationId: await organizationOf(t.app, owner),
    eventId,
    channel: 'online',
    currency: 'GBP',
    quantity: 2,
    listMinor: 4000,
    discountMinor: 500,
    absorbed: false,
    status: 'paid',
    paidAt: new Date(),
    refunds: [1000],
    cancelled: false,
  };
  // Sold with VAT at 20% and the provider's fee reported, the platform's as the sandbox reports it (decision 141);
  // the second's fee is not reported.
  await insertSettlementOrder(t.database.db, {
    ...base,
    vatRateBp: 2000,
    providerFee: { minor: 85, payer: 'platform' },
  });
  await insertSettlementOrder(t.database.db, { ...base, absorbed: true, discountMinor: 0, refunds: [4000] });
  await insertSettlementOrder(t.database.db, { ...base, channel: 'door', discountMinor: 0, refunds: [] });
  await insertSettlementOrder(t.database.db, {
    ...base,
    organizationId: await organizationOf(t.app, rival),
    eventId: rivalEvent,
  });
}, 120_000);
afterAll(() => t.close());

const get = (url: string, user = owner) => t.app.inject({ method: 'GET', url, headers: asBrowser(user) });

describe("an event's settlement", () => {
  it('JSON: the figures per currency, VAT net of refunds, the provider fees reported and those not', async () => {
    const response = await get(`/api/events/${eventId}/settlement`);
    expect(response.statusCode).toBe(200);
    const body = eventSettlementSchema.parse(response.json());
    expect(body.currencies).toHaveLength(1);
    // 3500 + 4000 + 4000 sold; 1000 + 4000 refunded; the absorbed fee 8% of 4000; the door's 4000 not in the payout.
    expect(body.currencies[0]).toMatchObject({
      orders: 3,
      sales_minor: 11_500,
      discount_minor: 500,
      gross_minor: 12_000,
      refunded_minor: 5000,
      absorbed_fee_minor: 320,
      door_net_minor: 4000,
      // The sandbox's fee is the platform's: shown apart, not off the payout.
      provider_fee_minor: 0,
      platform_provider_fee_minor: 85,
      provider_payment_orders: 2,
      provider_fee_unreported_orders: 1,
      payout_minor: 11_500 - 4000 - 5000 - 320,
      // The VAT inside £35.00 at 20%, and inside the £10.00 refunded (the credit notes' rule).
      vat_minor: 583,
      vat_refunded_minor: 167,
      vat_net_minor: 583 - 167,
    });
    expect(body.provider_fees).toEqual({ note: SETTLEMENT_MESSAGES.providerFees.sandbox });
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('CSV: a download with the figures as plain decimals and the event name defused', async () => {
    const response = await get(`/api/events/${eventId}/settlement.csv`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="settlement-[a-z0-9-]+\.csv"$/);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain(
      'Door orders,Card payments,Provider fees not reported (payments),Gross sales,Discounts,Sales after discounts,' +
        'Refunds,Booking fees absorbed,Payment provider fees,Door takings (not in payout),Net payout,' +
        'VAT included in sales,VAT refunded,Net VAT,',
    );
    expect(lines[1]).toMatch(
      /^"'=HYPERLINK\(""x""\) Night",2031-06-14,GBP,3,6,0,1,2,1,120\.00,5\.00,115\.00,50\.00,3\.20,0\.00,40\.00,21\.80,5\.83,1\.67,4\.16,/,
    );
    // The last column: the provider fees paid by the platform.
    expect(lines[0]).toMatch(/,Payment provider fees paid by the platform \(not in payout\)$/);
    expect(lines[1]).toMatch(/,0\.85$/);
  });

  it('PDF: the figures, the payout and the notes, as a viewer reads them', async () => {
    const response = await get(`/api/events/${eventId}/settlement.pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const { pages, title } = await readPdf(response.rawPayload);
    expect(title).toBe('Settlement: =HYPERLINK("x") Night');
    const text = pages.join('\n');
    for (const expected of [
      'Gross sales',
      '£120.00',
      'Booking fees absorbed',
      '£3.20',
      'Payment provider fees',
      'Payment provider fees paid by the platform (not in payout)',
      '£0.85',
      'Net payout',
      '£21.80',
      'Door takings (not in payout)',
      '£40.00',
      'Provider fees not reported for 1 of 2 card payments',
      "the sandbox provider's fees (1.5% + 20p per payment",
      'are charged to the platform and paid out of its booking fee',
      'VAT included in sales',
      '£5.83',
      'VAT refunded',
      '£1.67',
      'Net VAT',
      '£4.16',
    ])
      expect(text).toContain(expected);
    // The £0.85 is on the platform's row: the organiser's provider fees are nil.
    expect(text).toMatch(/Payment provider fees\s*£0\.00/);
    expect(text).toMatch(/Payment provider fees paid by the platform \(not in payout\)\s*£0\.85/);
  });

  it("another organisation's event, or no event, is a 404 on every form", async () => {
    for (const suffix of ['', '.csv', '.pdf']) {
      for (const id of [rivalEvent, 'not-an-event', '00000000-0000-4000-8000-000000000000']) {
        const response = await get(`/api/events/${id}/settlement${suffix}`);
        expect(response.statusCode, `${id}${suffix}`).toBe(404);
        expect(response.body).not.toContain('Rival Secret Night');
        expect(response.json().error.code).toBe('NOT_FOUND');
      }
    }
    const signedOut = await t.app.inject({ method: 'GET', url: `/api/events/${eventId}/settlement` });
    expect(signedOut.statusCode).toBe(401);
  });
});

describe("a period's settlement", () => {
  it('JSON, CSV and PDF for the given days; neither date is this month so far', async () => {
    const json = await get(`/api/reports/settlement?from=${today}&to=${today}`);
    expect(json.statusCode).toBe(200);
    const body = periodSettlementSchema.parse(json.json());
    expect(body.events.map((entry) => entry.event_id)).toEqual([eventId]);
    expect(body.totals[0]!.payout_minor).toBe(2180);
    const fallback = periodSettlementSchema.parse((await get('/api/reports/settlement')).json());
    expect(fallback).toMatchObject({ from: `${today.slice(0, 8)}01`, to: today, totals: body.totals });
    const csv = await get(`/api/reports/settlement.csv?from=${today}&to=${today}`);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="settlement-${today}-to-${today}.csv"`);
    const rows = csv.body.trim().split('\r\n');
    expect(rows).toHaveLength(3);
    expect(rows[2]).toMatch(/^Total,,GBP,3,6,/);
    expect(csv.body).not.toContain('Rival');
    const pdf = await get(`/api/reports/settlement.pdf?from=${today}&to=${today}`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await readPdf(pdf.rawPayload)).pages.join('\n');
    expect(text).toContain(`Settlement: ${today} to ${today}`);
    expect(text).toContain('Total in GBP');
    expect(text).toContain('£21.80');
    expect(text).toContain('Provider fees');
    expect(text).not.toContain('Rival');
  });

  it('bad dates are 400s with their messages', async () => {
    const cases: Array<[string, string]> = [
      ['from=2026-01-01', SETTLEMENT_MESSAGES.bothDates],
      ['to=2026-01-01', SETTLEMENT_MESSAGES.bothDates],
      ['from=2026-02-30&to=2026-03-01', SETTLEMENT_MESSAGES.badDate],
      ['from=yesterday&to=2026-03-01', SETTLEMENT_MESSAGES.badDate],
      ['from=2026-03-01&to=1999-12-31', SETTLEMENT_MESSAGES.badDate],
      ['from=2026-03-02&to=2026-03-01', SETTLEMENT_MESSAGES.toBeforeFrom],
      ['from=2025-01-01&to=2026-01-02', SETTLEMENT_MESSAGES.tooLong],
    ];
    for (const [query, message] of cases) {
      for (const suffix of ['', '.csv', '.pdf']) {
        const response = await get(`/api/reports/settlement${suffix}?${query}`);
        expect(response.statusCode, `${suffix}?${query}`).toBe(400);
        expect(JSON.stringify(response.json().error), query).toContain(message);
      }
    }
    const control = await get('/api/reports/settlement?from=2026-01-01%00&to=2026-01-02');
    expect(control.statusCode).toBe(400);
    // 366 days is the longest period.
    expect((await get('/api/reports/settlement?from=2024-01-01&to=2024-12-31')).statusCode).toBe(200);
  });
});
