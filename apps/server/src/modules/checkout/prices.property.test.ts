// Property tests (issue 32, decision 135) over random prices, quantities, add-ons, promo codes and fee modes: the
// event page's quote (quoteOrder) and the hold (decideHolds) price an order alike, and what the fan pays is the face
// value plus bookingFee() of each unit unless the organiser absorbs it, in which case the absorbed fee is exactly
// that fee; every amount is an integer number of minor units and the order's lines add up to its totals. VAT
// (decisions 138, 139): each type and add-on draws a VAT category and the registration up to two reduced rates; each
// unit's VAT is the rounding rule's at its category's rate, zero-rated and exempt units carry none, and each line
// keeps its category as sold.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bookingFee,
  chargedPrice,
  PLATFORM_FEE_VAT_BP,
  lineVatOf,
  VAT_CATEGORIES,
  vatInGross,
  type FeeMode,
  type VatCategory,
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

interface Drawn1 {
  price: number;
  category: VatCategory;
}

const sellableType = (index: number, entry: Drawn1, mode: FeeMode, vat: VatSetting | null): SellableTicketType => ({
  id: typeId(index),
  name: `Type ${index}`,
  description: '',
  priceMinor: chargedPrice(entry.price, vat, entry.category),
  ...sellablePrice(chargedPrice(entry.price, vat, entry.category), 'GBP', mode, lineVatOf(vat, entry.category)),
  minimumMinor: null,
  currency: 'GBP',
  remaining: null,
  maxPerOrder: 10,
  sale: 'open',
  salesStartAt: null,
  unlocked: false,
});

const sellableAddOn = (index: number, entry: Drawn1, mode: FeeMode, vat: VatSetting | null): SellableAddOn => ({
  id: addOnId(index),
  name: `Add-on ${index}`,
  description: '',
  priceMinor: chargedPrice(entry.price, vat, entry.category),
  ...sellablePrice(chargedPrice(entry.price, vat, entry.category), 'GBP', mode, lineVatOf(vat, entry.category)),
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
    fc.record({
      price: fc.integer({ min: 0, max: 1_000_000 }),
      quantity: fc.integer({ min: 0, max: 5 }),
      category: fc.constantFrom(...VAT_CATEGORIES),
    }),
    {
      minLength: 1,
      maxLength: 3,
    },
  ),
  addOns: fc.array(
    fc.record({
      price: fc.integer({ min: 0, max: 100_000 }),
      quantity: fc.integer({ min: 0, max: 4 }),
      category: fc.constantFrom(...VAT_CATEGORIES),
    }),
    {
      maxLength: 2,
    },
  ),
  promo: promoArb,
  // The organiser's VAT registration (decisions 138, 139): none, or a standard rate up to 27% and up to two reduced
  // rates, prices entered with or without VAT.
  vat: fc.option(
    fc.record({
      rateBp: fc.integer({ min: 0, max: 2700 }),
      reducedBp: fc.array(fc.integer({ min: 0, max: 1500 }), { maxLength: 2 }),
      inclusive: fc.boolean(),
    }),
    { nil: null },
  ),
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

/** A unit's expected VAT, from the registration and category, written out apart from lineVatOf(). */
function expectedVat(vat: VatSetting | null, category: VatCategory): { category: VatCategory | null; rateBp: number } {
  if (!vat) return { category: null, rateBp: 0 };
  if (category === 'zero' || category === 'exempt') return { category, rateBp: 0 };
  if (category === 'reduced' && vat.reducedBp.length >= 1) return { category, rateBp: vat.reducedBp[0]! };
  if (category === 'reduced_2' && vat.reducedBp.length >= 2) return { category, rateBp: vat.reducedBp[1]! };
  return { category: 'standard', rateBp: vat.rateBp };
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
        const types = drawn.types.map((entry, index) => sellableType(index, entry, drawn.mode, drawn.vat));
        const addOns = drawn.addOns.map((entry, index) => sellableAddOn(index, entry, drawn.mode, drawn.vat));
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
              vat: addOn.vat,
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
        // VAT: each unit's is the one rounding rule's on its VAT-inclusive price at its category's rate (worked out
        // here, not by lineVatOf); zero-rated and exempt units carry none; the order's is their sum, as the quote's;
        // a price entered without VAT is charged as that price plus its VAT, to the penny.
        const drawnOf = (line: (typeof units)[number]) =>
          'ticketTypeId' in line
            ? drawn.types[Number(line.ticketTypeId.slice(-1))]!
            : drawn.addOns[Number(line.addOnId.slice(-1))]!;
        for (const line of units) {
          const { category } = drawnOf(line);
          const expected = expectedVat(drawn.vat, category);
          expect(line.vatRateBp).toBe(expected.rateBp);
          expect(line.vatCategory).toBe(expected.category);
          expect(line.unitVatMinor).toBe(vatInGross(line.unitPriceMinor, expected.rateBp));
          if (category === 'zero' || category === 'exempt') expect(line.unitVatMinor).toBe(0);
          expect(Number.isSafeInteger(line.unitVatMinor) && line.unitVatMinor <= line.unitPriceMinor).toBe(true);
        }
        expect(order.vatMinor).toBe(units.reduce((sum, line) => sum + line.unitVatMinor * line.quantity, 0));
        expect(quote.vatMinor).toBe(order.vatMinor);
        if (drawn.vat && !drawn.vat.inclusive && !drawn.promo)
          held.lines.forEach((line, index) => {
            const entered = drawn.types.filter((entry) => entry.quantity > 0)[index]!.price;
            expect(Number.isSafeInteger(line.unitPriceMinor)).toBe(true);
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
