// Property tests (issue 32, decision 135) over random prices, quantities, add-ons, promo codes and fee modes: the
// event page's quote (quoteOrder) and the hold (decideHolds) price an order alike, and what the fan pays is the face
// value plus bookingFee() of each unit unless the organiser absorbs it, in which case the absorbed fee is exactly
// that fee; every amount is an integer number of minor units and the order's lines add up to its totals.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bookingFee,
  chargedPrice,
  PLATFORM_FEE_VAT_BP,
  vatInGross,
  type FeeMode,
  type VatSetting,
} from '@marquee/shared';
import type { CodeRow, ResolvedCodes } from '../codes/code-check.js';
import { decideHolds, type HoldState } from './hold-decide.js';
import { pricedLines } from './drop-rules.js';
import { quoteOrder } from './order-quote.js';
import {
  sellablePrice,
  type SellableAddOn,
  type SellableTicketType,
  type StorefrontEvent,
} from './storefront-event.js';
import type { HoldRequest } from './hold-types.js';

const typeId = (index: number) => `a0000000-0000-4000-8000-00000000000${index}`;
const addOnId = (index: number) => `b0000000-0000-4000-8000-00000000000${index}`;

const sellableType = (index: number, entered: number, mode: FeeMode, vat: VatSetting | null): SellableTicketType => ({
  id: typeId(index),
  name: `Type ${index}`,
  description: '',
  priceMinor: chargedPrice(entered, vat),
  ...sellablePrice(chargedPrice(entered, vat), 'GBP', mode, vat?.rateBp ?? 0),
  minimumMinor: null,
  currency: 'GBP',
  remaining: null,
  maxPerOrder: 10,
  sale: 'open',
  salesStartAt: null,
  unlocked: false,
});

const sellableAddOn = (index: number, entered: number, mode: FeeMode, vat: VatSetting | null): SellableAddOn => ({
  id: addOnId(index),
  name: `Add-on ${index}`,
  description: '',
  priceMinor: chargedPrice(entered, vat),
  ...sellablePrice(chargedPrice(entered, vat), 'GBP', mode, vat?.rateBp ?? 0),
  currency: 'GBP',
  remaining: null,
  maxPerOrder: 10,
});

const promoArb = fc.option(
  fc.record({
    discountKind: fc.constantFrom('percent' as const, 'fixed' as const),
    discountValue: fc.integer({ min: 1, max: 100 }),
    fixedValue: fc.integer({ min: 1, max: 50_000 }),
    maxTicketsPerOrder: fc.option(fc.integer({ min: 1, max: 6 }), { nil: null }),
    onFirstTypeOnly: fc.boolean(),
  }),
  { nil: null },
);

const orderArb = fc.record({
  mode: fc.constantFrom<FeeMode>('fan', 'absorbed'),
  types: fc.array(
    fc.record({ price: fc.integer({ min: 0, max: 1_000_000 }), quantity: fc.integer({ min: 0, max: 5 }) }),
    {
      minLength: 1,
      maxLength: 3,
    },
  ),
  addOns: fc.array(
    fc.record({ price: fc.integer({ min: 0, max: 100_000 }), quantity: fc.integer({ min: 0, max: 4 }) }),
    {
      maxLength: 2,
    },
  ),
  promo: promoArb,
  // The organiser's VAT registration (decision 138): none, or a rate up to 27% entered with or without VAT.
  vat: fc.option(fc.record({ rateBp: fc.integer({ min: 0, max: 2700 }), inclusive: fc.boolean() }), { nil: null }),
});

type Drawn = typeof orderArb extends fc.Arbitrary<infer T> ? T : never;

function codesOf(drawn: Drawn): ResolvedCodes {
  if (!drawn.promo) return { access: null, promo: null, problems: [] };
  const { discountKind, discountValue, fixedValue, maxTicketsPerOrder, onFirstTypeOnly } = drawn.promo;
  const promo = {
    kind: 'promo',
    code: 'PROP',
    discountKind,
    discountValue: discountKind === 'percent' ? discountValue : fixedValue,
    ticketTypeIds: onFirstTypeOnly ? [typeId(0)] : [],
    maxTicketsPerOrder,
  } as unknown as CodeRow;
  return { access: null, promo, problems: [] };
}

function emptyState(): HoldState {
  return {
    venue: { capacity: null, sold: 0, held: 0 },
    types: new Map(
      [0, 1, 2].map((index) => [typeId(index), { capacity: null, sold: 0, held: 0, quotaIds: [] as string[] }]),
    ),
    quotas: new Map(),
    addOns: new Map([0, 1].map((index) => [addOnId(index), { capacity: null, sold: 0, held: 0 }])),
    codes: new Map([['promo', { uses: 0, maxUses: null }]]),
    limits: new Map(),
    buyers: new Map(),
    submitted: new Set(),
    places: new Set(),
    owed: [],
  };
}

describe('prices over random orders', () => {
  it('quote and hold agree; the fan pays face + fee unless absorbed; all integers; lines add up', () => {
    fc.assert(
      fc.property(orderArb, (drawn) => {
        const types = drawn.types.map((entry, index) => sellableType(index, entry.price, drawn.mode, drawn.vat));
        const addOns = drawn.addOns.map((entry, index) => sellableAddOn(index, entry.price, drawn.mode, drawn.vat));
        const stored = {
          types,
          addOns,
          row: { timeZone: 'Europe/London', absorbFee: drawn.mode === 'absorbed' },
        } as unknown as StorefrontEvent;
        const quantities = Object.fromEntries(
          drawn.types.map((entry, index) => [typeId(index), String(entry.quantity)]),
        );
        const addOnQuantities = Object.fromEntries(
          drawn.addOns.map((entry, index) => [addOnId(index), String(entry.quantity)]),
        );
        const codes = codesOf(drawn);
        const quote = quoteOrder(stored, { quantities, addOns: addOnQuantities }, codes);
        const tickets = drawn.types.reduce((sum, entry) => sum + entry.quantity, 0);
        if (tickets === 0) {
          expect(quote.lines).toEqual([]);
          expect(quote.totalMinor).toBe(0);
          return;
        }
        // The hold, from the lines priced as startCheckout prices them.
        const chosen = types
          .map((type, index) => ({ ticketTypeId: type.id, quantity: drawn.types[index]!.quantity, type }))
          .filter((line) => line.quantity > 0);
        const priced = pricedLines(chosen, codes);
        // A code that takes nothing off this basket: the checkout refuses it, and the page says so first.
        if (priced.problem) {
          expect(quote.fields.code).toBe(priced.problem);
          return;
        }
        const request: HoldRequest = {
          organizationId: 'org',
          eventId: 'event',
          buyer: {
            firstName: 'Ada',
            lastName: 'Fan',
            email: 'ada@example.com',
            phone: '',
            country: 'GB',
            ageConfirmed: true,
            termsAccepted: true,
            marketingConsent: false,
          },
          submissionKey: 'form',
          lines: priced.lines,
          promo: codes.promo ? { id: 'promo', code: 'PROP', discountMinor: priced.discountMinor } : null,
          addOns: addOns
            .map((addOn, index) => ({
              addOnId: addOn.id,
              name: addOn.name,
              quantity: drawn.addOns[index]!.quantity,
              unitPriceMinor: addOn.priceMinor,
            }))
            .filter((line) => line.quantity > 0),
          now: new Date('2031-06-01T10:00:00Z'),
          holdSeconds: 900,
          maxTicketsPerEmail: 100,
        };
        const { outcomes, writes } = decideHolds([request], emptyState(), [
          { id: 'id', code: 'MQ-1', accessToken: 'token' },
        ]);
        expect(outcomes[0]!.kind).toBe('held');
        const held = writes.held[0]!;
        const order = held.order;

        // The event page said what the hold charges.
        expect(quote.totalMinor).toBe(order.amountMinor + order.feeMinor);
        expect(quote.faceMinor).toBe(order.amountMinor);
        expect(quote.fanFeeMinor).toBe(order.feeMinor);
        expect(quote.absorbedFeeMinor).toBe(order.absorbedFeeMinor);
        expect(quote.discountMinor).toBe(order.discountMinor);

        // Independently: each unit's face value and its fee from bookingFee().
        const units = [...held.lines, ...held.addOns];
        const face = units.reduce((sum, line) => sum + line.unitPriceMinor * line.quantity, 0);
        const fee = units.reduce((sum, line) => sum + bookingFee(line.unitPriceMinor, 'GBP') * line.quantity, 0);
        expect(order.amountMinor).toBe(face);
        if (drawn.mode === 'fan') {
          expect(order.feeMinor).toBe(fee);
          expect(order.absorbedFeeMinor).toBe(0);
          expect(quote.totalMinor).toBe(face + fee);
        } else {
          expect(order.feeMinor).toBe(0);
          expect(order.absorbedFeeMinor).toBe(fee);
          expect(quote.totalMinor).toBe(face);
        }
        // VAT: each unit's is the one rounding rule's on its VAT-inclusive price; the order's is their sum, as the
        // quote's; a price entered without VAT is charged as that price plus its VAT, to the penny.
        const rate = drawn.vat?.rateBp ?? 0;
        for (const line of units) {
          expect(line.unitVatMinor).toBe(vatInGross(line.unitPriceMinor, rate));
          expect(line.vatRateBp).toBe(rate);
        }
        expect(order.vatMinor).toBe(units.reduce((sum, line) => sum + line.unitVatMinor * line.quantity, 0));
        expect(quote.vatMinor).toBe(order.vatMinor);
        if (drawn.vat && !drawn.vat.inclusive && !drawn.promo)
          held.lines.forEach((line, index) => {
            const entered = drawn.types.filter((entry) => entry.quantity > 0)[index]!.price;
            expect(line.unitPriceMinor - line.unitVatMinor).toBe(entered);
          });
        // The fee's VAT is the platform's, inside the fan's fee.
        expect(order.feeVatMinor).toBe(
          units.reduce((sum, line) => sum + vatInGross(line.unitFeeMinor, PLATFORM_FEE_VAT_BP) * line.quantity, 0),
        );
        // The lines carry the fan's fee per unit and add up to the order.
        expect(units.reduce((sum, line) => sum + line.unitFeeMinor * line.quantity, 0)).toBe(order.feeMinor);
        // Quote lines: all-in unit prices that add up to the total.
        expect(quote.lines.reduce((sum, line) => sum + line.unitAllInMinor * line.quantity, 0)).toBe(quote.totalMinor);
        for (const value of [
          order.amountMinor,
          order.feeMinor,
          order.absorbedFeeMinor,
          order.vatMinor,
          order.feeVatMinor,
          order.discountMinor,
          quote.totalMinor,
        ])
          expect(Number.isSafeInteger(value) && value >= 0).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
