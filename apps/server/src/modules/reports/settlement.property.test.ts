// Settlement reports over random orders (decision 136): whatever mix of channels, prices, promos, absorbed fees,
// currencies, payment times, refunds, cancellations and holds that never sold, in two organisations, the report of
// an event and of a period equals what the orders did, added up on their own (settlement-fixtures.ts), with the VAT
// their refunds gave back and the provider's fees reported or not, charged to the organiser or the platform (decision
// 141); every figure is an integer, and sales less refunds, absorbed fees and the organiser's provider fees is the
// payout plus the door's takings. Neither of our providers charges the organiser (Stripe's and the sandbox's fees
// are the platform's), but a provider making direct charges would: this test is what keeps that branch covered.
import fc from 'fast-check';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SettlementFigures } from '@marquee/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createLiveEvent, sellingOrganiser } from '../../../test/checkout-helpers.js';
import { organizationOf } from '../../../test/checkin-helpers.js';
import {
  expectedFigures,
  insertSettlementOrder,
  type OrderOutcome,
  type SettlementOrderSpec,
} from '../../../test/settlement-fixtures.js';
import { order } from '../../db/schema/index.js';
import { settlementForEvent, settlementForPeriod } from './settlement.service.js';

let t: TestApp;
let orgA: string;
let orgB: string;
let events: Array<{ organizationId: string; eventId: string }>;

beforeAll(async () => {
  t = await createTestApp();
  const owner = await sellingOrganiser(t.app, 'propco');
  const rival = await sellingOrganiser(t.app, 'proprival');
  orgA = await organizationOf(t.app, owner);
  orgB = await organizationOf(t.app, rival);
  events = [
    { organizationId: orgA, eventId: (await createLiveEvent(t.app, owner, { name: 'First' })).id },
    { organizationId: orgA, eventId: (await createLiveEvent(t.app, owner, { name: 'Second' })).id },
    { organizationId: orgB, eventId: (await createLiveEvent(t.app, rival, { name: 'Rival' })).id },
  ];
}, 120_000);
afterAll(() => t.close());

const PERIOD = { from: '2026-03-03', to: '2026-03-07' };
const DAY_MS = 86_400_000;
const firstDay = Date.parse('2026-03-01T00:00:00Z');

const orderSpec = fc.record({
  event: fc.nat({ max: 2 }),
  channel: fc.constantFrom('online', 'online', 'online', 'door', 'comp') as fc.Arbitrary<
    SettlementOrderSpec['channel']
  >,
  currency: fc.constantFrom('GBP', 'EUR'),
  quantity: fc.integer({ min: 1, max: 5 }),
  listMinor: fc.oneof(
    { weight: 1, arbitrary: fc.constant(0) },
    { weight: 6, arbitrary: fc.integer({ min: 1, max: 20_000 }) },
  ),
  discountMinor: fc.oneof(
    { weight: 2, arbitrary: fc.constant(0) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 20_000 }) },
  ),
  absorbed: fc.boolean(),
  vatRateBp: fc.constantFrom(0, 0, 500, 2000, 2100),
  status: fc.constantFrom('paid', 'paid', 'paid', 'pending', 'expired', 'cancelled', 'payment_review') as fc.Arbitrary<
    SettlementOrderSpec['status']
  >,
  // Ten days around the period, to the millisecond: both ends and the days outside are reached.
  paidAtMs: fc.integer({ min: 0, max: 10 * DAY_MS - 1 }),
  refunds: fc.array(fc.integer({ min: 1, max: 8000 }), { maxLength: 3 }),
  cancelled: fc.nat({ max: 2 }).map((draw) => draw === 0),
  // 'organizer': a provider making direct charges (neither of ours does) would charge the organiser's account.
  providerFee: fc.option(
    fc.record({
      minor: fc.integer({ min: 0, max: 400 }),
      payer: fc.constantFrom('organizer', 'organizer', 'platform') as fc.Arbitrary<'organizer' | 'platform'>,
    }),
  ),
});

const isInteger = (figures: SettlementFigures) =>
  Object.entries(figures).every(([key, value]) => key === 'currency' || Number.isSafeInteger(value));

/** The oracle's figures, sorted by currency, as the report gives them. */
const expectedList = (outcomes: OrderOutcome[]) =>
  [...expectedFigures(outcomes).values()]
    .sort((a, b) => a.currency.localeCompare(b.currency))
    .map((figures) => ({ ...figures }));

describe('settlement over random orders', () => {
  it('always equals the sum of the orders, in integers, for an event and for a period', async () => {
    const runs = Number(process.env.SETTLEMENT_RUNS ?? 25);
    await fc.assert(
      fc.asyncProperty(fc.array(orderSpec, { minLength: 1, maxLength: 14 }), async (drawn) => {
        const { db } = t.database;
        await db.delete(order).where(inArray(order.organizationId, [orgA, orgB]));
        const outcomes: OrderOutcome[] = [];
        for (const draw of drawn) {
          const { event, paidAtMs, ...rest } = draw;
          outcomes.push(
            await insertSettlementOrder(db, { ...events[event]!, ...rest, paidAt: new Date(firstDay + paidAtMs) }),
          );
        }
        for (const { organizationId, eventId } of events) {
          const report = await settlementForEvent(db, organizationId, eventId);
          expect(report.currencies).toEqual(expectedList(outcomes.filter((entry) => entry.spec.eventId === eventId)));
        }
        const start = Date.parse(`${PERIOD.from}T00:00:00Z`);
        const end = Date.parse(`${PERIOD.to}T00:00:00Z`) + DAY_MS;
        for (const organizationId of [orgA, orgB]) {
          const inPeriod = outcomes.filter(
            (entry) =>
              entry.spec.organizationId === organizationId &&
              entry.spec.paidAt.getTime() >= start &&
              entry.spec.paidAt.getTime() < end,
          );
          const report = await settlementForPeriod(db, organizationId, PERIOD);
          expect(report.totals).toEqual(expectedList(inPeriod));
          for (const row of report.events) {
            const mine = inPeriod.filter(
              (entry) => entry.spec.eventId === row.eventId && entry.spec.currency === row.figures.currency,
            );
            expect(row.figures).toEqual(expectedList(mine)[0]);
          }
          expect(
            report.events.every(
              (row) => events.find((known) => known.eventId === row.eventId)?.organizationId === organizationId,
            ),
          ).toBe(true);
          for (const figures of [...report.totals, ...report.events.map((row) => row.figures)]) {
            expect(isInteger(figures)).toBe(true);
            expect(
              figures.sales_minor - figures.refunded_minor - figures.absorbed_fee_minor - figures.provider_fee_minor,
            ).toBe(figures.payout_minor + figures.door_net_minor);
            expect(figures.vat_minor - figures.vat_refunded_minor).toBe(figures.vat_net_minor);
          }
        }
      }),
      { seed: Number(process.env.SETTLEMENT_SEED ?? 20261128), numRuns: runs },
    );
  }, 300_000);
});
