// Settlement reports against the database (issue 32 point 5, decision 136): a mix of orders (paid, partly and
// wholly refunded, comp, door, promo-discounted, absorbed fee, cancelled event, and holds that never sold) gives
// a report equal, to the penny, to sums computed apart from the rows read back; another organisation's orders
// never show; a real checkout, refund and event cancellation, and a real absorbed-fee sale then cancelled, come out
// as the report says they should, the sandbox's fee (1.5% + 20p of what it charged, decision 141) the platform's,
// as Stripe's is: shown apart, never off the payout, and kept when the money goes back.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingFee } from '@marquee/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { asBrowser, type SignedInUser } from '../../../test/auth-helpers.js';
import { createLiveEvent, sellingOrganiser } from '../../../test/checkout-helpers.js';
import { organizationOf } from '../../../test/checkin-helpers.js';
import { buyPaidOrder, cancelRequest, runRefundJobs } from '../../../test/cancellation-helpers.js';
import {
  expectedFigures,
  insertSettlementOrder,
  type OrderOutcome,
  type SettlementOrderSpec,
} from '../../../test/settlement-fixtures.js';
import { order } from '../../db/schema/index.js';
import { COUNTED_STATUSES, settlementForEvent, settlementForPeriod } from './settlement.service.js';

let t: TestApp;
let owner: SignedInUser;
let orgA: string;
let orgB: string;
let eventA: string;
let eventA2: string;
let eventB: string;
const outcomes: OrderOutcome[] = [];
const day = (text: string) => new Date(`${text}Z`);

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '1000' } });
  owner = await sellingOrganiser(t.app, 'settleco');
  const rival = await sellingOrganiser(t.app, 'settlerival');
  orgA = await organizationOf(t.app, owner);
  orgB = await organizationOf(t.app, rival);
  eventA = (await createLiveEvent(t.app, owner, { name: 'Settle Night' })).id;
  eventA2 = (await createLiveEvent(t.app, owner, { name: 'Second Night', currency: 'EUR' })).id;
  eventB = (await createLiveEvent(t.app, rival, { name: 'Rival Night' })).id;
  const base = {
    organizationId: orgA,
    eventId: eventA,
    channel: 'online',
    currency: 'GBP',
    quantity: 2,
    listMinor: 4000,
    discountMinor: 0,
    absorbed: false,
    status: 'paid',
    paidAt: day('2026-03-05T12:00:00'),
    refunds: [],
    cancelled: false,
  } satisfies SettlementOrderSpec;
  const specs: SettlementOrderSpec[] = [
    base,
    { ...base, quantity: 3, listMinor: 6000, refunds: [2000] },
    { ...base, refunds: [4000] },
    { ...base, discountMinor: 1000, paidAt: day('2026-03-01T00:00:00') },
    { ...base, absorbed: true, listMinor: 2550, quantity: 1, paidAt: day('2026-03-07T23:59:59') },
    { ...base, absorbed: true, refunds: [1500], discountMinor: 500 },
    { ...base, absorbed: true, refunds: [4000] },
    { ...base, channel: 'comp', quantity: 4, listMinor: 0 },
    { ...base, channel: 'door', quantity: 1, listMinor: 2000 },
    { ...base, channel: 'door', quantity: 2, listMinor: 3000, refunds: [1500] },
    { ...base, listMinor: 1999, quantity: 1, cancelled: true, paidAt: day('2026-02-28T23:59:59') },
    { ...base, status: 'pending' },
    { ...base, status: 'expired' },
    { ...base, status: 'cancelled' },
    { ...base, status: 'payment_review' },
    { ...base, eventId: eventA2, currency: 'EUR', listMinor: 3333, quantity: 1, paidAt: day('2026-03-08T00:00:00') },
    { ...base, eventId: eventA2, currency: 'EUR', absorbed: true, listMinor: 1234, quantity: 1 },
    { ...base, organizationId: orgB, eventId: eventB, listMinor: 99_000 },
    { ...base, organizationId: orgB, eventId: eventB, channel: 'door', listMinor: 7777 },
  ];
  for (const spec of specs) outcomes.push(await insertSettlementOrder(t.database.db, spec));
}, 120_000);
afterAll(() => t.close());

/** Sums straight from the order rows as stored, without the report's SQL. */
async function rowSums(organizationId: string, eventId: string) {
  const rows = await t.database.db
    .select()
    .from(order)
    .where(
      and(
        eq(order.organizationId, organizationId),
        eq(order.eventId, eventId),
        inArray(order.status, [...COUNTED_STATUSES]),
      ),
    );
  const sum = (pick: (row: (typeof rows)[number]) => number) => rows.reduce((total, row) => total + pick(row), 0);
  const face = (row: (typeof rows)[number]) => Math.min(row.refundedMinor, row.amountMinor);
  const door = (row: (typeof rows)[number]) => row.channel === 'door';
  return {
    orders: rows.length,
    sales: sum((row) => row.amountMinor),
    gross: sum((row) => row.amountMinor + row.discountMinor),
    refunded: sum(face),
    fanFee: sum((row) => row.feeMinor),
    fanFeeRefunded: sum((row) => row.refundedMinor - face(row)),
    absorbed: sum((row) => row.absorbedFeeMinor),
    payout: sum((row) => (door(row) ? 0 : row.amountMinor - face(row) - row.absorbedFeeMinor)),
    doorNet: sum((row) => (door(row) ? row.amountMinor - face(row) : 0)),
  };
}

describe('settlement for an event', () => {
  it('equals the orders to the penny, from the rows and from what each order did', async () => {
    const report = await settlementForEvent(t.database.db, orgA, eventA);
    expect(report.eventName).toBe('Settle Night');
    expect(report.currencies).toHaveLength(1);
    const [gbp] = report.currencies;
    const rows = await rowSums(orgA, eventA);
    expect(gbp).toMatchObject({
      orders: rows.orders,
      gross_minor: rows.gross,
      sales_minor: rows.sales,
      refunded_minor: rows.refunded,
      fan_fee_minor: rows.fanFee,
      fan_fee_refunded_minor: rows.fanFeeRefunded,
      absorbed_fee_minor: rows.absorbed,
      payout_minor: rows.payout,
      door_net_minor: rows.doorNet,
      vat_minor: 0,
    });
    const expected = expectedFigures(outcomes.filter((entry) => entry.spec.eventId === eventA)).get('GBP')!;
    expect(gbp).toEqual(expected);
    // Worked by hand: 11 orders sold (4 never did), 4 comp and 3 door tickets.
    expect(gbp).toMatchObject({ orders: 11, comp_tickets: 4, door_orders: 2, discount_minor: 1500 });
    const absorbed = bookingFee(2550, 'GBP') + bookingFee(3500, 'GBP') + bookingFee(4000, 'GBP');
    expect(gbp!.absorbed_fee_minor).toBe(absorbed);
    expect(gbp!.fan_fee_refunded_minor).toBe(bookingFee(1999, 'GBP'));
    expect(gbp!.door_net_minor).toBe(2000 + 3000 - 1500);
    expect(gbp!.sales_minor - gbp!.refunded_minor - gbp!.absorbed_fee_minor).toBe(
      gbp!.payout_minor + gbp!.door_net_minor,
    );
  });

  it("another organisation's event is not found, and its orders never count", async () => {
    await expect(settlementForEvent(t.database.db, orgA, eventB)).rejects.toMatchObject({ statusCode: 404 });
    await expect(settlementForEvent(t.database.db, orgA, 'not-a-uuid')).rejects.toMatchObject({ statusCode: 404 });
    const rival = await settlementForEvent(t.database.db, orgB, eventB);
    expect(rival.currencies[0]!.sales_minor).toBe(99_000 + 7777);
  });
});

describe('settlement for a period', () => {
  it('counts the orders paid in the period (UTC days, both ends), per event and currency', async () => {
    const report = await settlementForPeriod(t.database.db, orgA, { from: '2026-03-01', to: '2026-03-07' });
    const inPeriod = outcomes.filter(
      (entry) =>
        entry.spec.organizationId === orgA &&
        entry.spec.paidAt >= day('2026-03-01T00:00:00') &&
        entry.spec.paidAt < day('2026-03-08T00:00:00'),
    );
    const expected = expectedFigures(inPeriod);
    expect(report.totals).toEqual([expected.get('EUR')!, expected.get('GBP')!]);
    // Same start: by name.
    expect(report.events.map((entry) => [entry.eventName, entry.figures.currency])).toEqual([
      ['Second Night', 'EUR'],
      ['Settle Night', 'GBP'],
    ]);
    // The order paid on 28 February and the one paid on 8 March fall outside.
    expect(report.totals.find((figures) => figures.currency === 'GBP')!.fan_fee_refunded_minor).toBe(0);
    expect(report.totals.find((figures) => figures.currency === 'EUR')!.orders).toBe(1);
    expect(JSON.stringify(report)).not.toContain(eventB);
  });

  it('an empty period has no rows and no totals', async () => {
    const report = await settlementForPeriod(t.database.db, orgA, { from: '2025-01-01', to: '2025-01-31' });
    expect(report).toEqual({ from: '2025-01-01', to: '2025-01-31', events: [], totals: [] });
  });
});

describe('settlement after the real flows', () => {
  it('a checkout, an ordinary refund and the event cancellation: ticket prices back first, the fan fee last', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Real Flow Night', price: '12.50' });
    const typeId = live.ticket_types[0]!.id;
    const paid = await buyPaidOrder(t.app, 'settleco.localhost:3000', live.id, typeId, 2, 'real@example.com');
    expect(paid.amountMinor).toBe(2500);
    // The sandbox charged 25.00 + the fan's fee: its fee, by its schedule, is the platform's (as Stripe's is).
    const sandboxFee = Math.floor(((2500 + paid.feeMinor) * 150 + 5000) / 10_000) + 20;
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${paid.id}/refunds`,
      headers: asBrowser(owner),
      payload: { amount_minor: 700, reason: 'Goodwill' },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    let report = await settlementForEvent(t.database.db, orgA, live.id);
    expect(report.currencies[0]).toMatchObject({
      sales_minor: 2500,
      refunded_minor: 700,
      fan_fee_minor: paid.feeMinor,
      fan_fee_refunded_minor: 0,
      provider_fee_minor: 0,
      platform_provider_fee_minor: sandboxFee,
      provider_fee_unreported_orders: 0,
      payout_minor: 1800,
    });
    const cancel = await cancelRequest(t.app, owner, live.id, { reason: 'Storm', confirm: 'Real Flow Night' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await runRefundJobs(t.app);
    report = await settlementForEvent(t.database.db, orgA, live.id);
    expect(report.currencies[0]).toMatchObject({
      sales_minor: 2500,
      refunded_minor: 2500,
      fan_fee_minor: paid.feeMinor,
      fan_fee_refunded_minor: paid.feeMinor,
      provider_fee_minor: 0,
      platform_provider_fee_minor: sandboxFee,
      payout_minor: 0,
    });
  });
  it('an absorbed fee (decision 135): the fan pays face value, the fee comes off the payout and stays off after a cancellation', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Absorbed Night', price: '20.00' });
    const switched = await t.app.inject({
      method: 'PUT',
      url: `/api/events/${live.id}/booking-fee`,
      headers: asBrowser(owner),
      payload: { absorb_fee: true },
    });
    expect(switched.statusCode, switched.body).toBe(200);
    const paid = await buyPaidOrder(
      t.app,
      'settleco.localhost:3000',
      live.id,
      live.ticket_types[0]!.id,
      2,
      'abs@example.com',
    );
    expect(paid).toMatchObject({ amountMinor: 4000, feeMinor: 0, absorbedFeeMinor: bookingFee(2000, 'GBP') * 2 });
    let report = await settlementForEvent(t.database.db, orgA, live.id);
    expect(report.currencies[0]).toMatchObject({
      sales_minor: 4000,
      fan_fee_minor: 0,
      absorbed_fee_minor: 320,
      // The sandbox's fee on the £40.00 it charged, 60p + 20p, is the platform's: not off the payout.
      provider_fee_minor: 0,
      platform_provider_fee_minor: 80,
      payout_minor: 4000 - 320,
    });
    const cancel = await cancelRequest(t.app, owner, live.id, { reason: 'Flood', confirm: 'Absorbed Night' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await runRefundJobs(t.app);
    const [after] = await t.database.db.select().from(order).where(eq(order.id, paid.id));
    expect(after).toMatchObject({ status: 'refunded', refundedMinor: 4000, absorbedFeeMinor: 320 });
    report = await settlementForEvent(t.database.db, orgA, live.id);
    expect(report.currencies[0]).toMatchObject({
      refunded_minor: 4000,
      fan_fee_refunded_minor: 0,
      provider_fee_minor: 0,
      platform_provider_fee_minor: 80,
      payout_minor: -320,
    });
  });
});
