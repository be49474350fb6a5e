// A batch's decisions (decision 043): requests taken in arrival order, each whole or not at all, as if they had run
// one after another; every row's change summed once for the write.
import { describe, expect, it } from 'vitest';
import { bookingFee, NO_VAT } from '@marquee/shared';
import { decideHolds, type HoldState } from './hold-decide.js';
import type { HoldRequest } from './hold-types.js';
import type { SellableTicketType } from './storefront-event.js';

const NOW = new Date('2031-06-01T10:00:00Z');
const GA = 'a0000000-0000-4000-8000-000000000001';
const VIP = 'a0000000-0000-4000-8000-000000000002';

const type = (id: string, priceMinor = 2000): SellableTicketType => ({
  id,
  name: id === GA ? 'General Admission' : 'VIP',
  description: '',
  priceMinor,
  feeMinor: bookingFee(priceMinor, 'GBP'),
  allInMinor: priceMinor + bookingFee(priceMinor, 'GBP'),
  feeMode: 'fan',
  vat: NO_VAT,
  minimumMinor: null,
  currency: 'GBP',
  remaining: null,
  maxPerOrder: 10,
  sale: 'open',
  salesStartAt: null,
  unlocked: false,
});

let serial = 0;
function request(overrides: Partial<HoldRequest> & { quantity?: number; typeId?: string } = {}): HoldRequest {
  serial += 1;
  const { quantity = 1, typeId = GA, ...rest } = overrides;
  return {
    organizationId: 'org',
    eventId: 'event',
    buyer: {
      firstName: ' Ada ',
      lastName: 'Fan',
      email: `fan${serial}@example.com`,
      phone: '',
      country: 'GB',
      ageConfirmed: true,
      termsAccepted: true,
      marketingConsent: false,
    },
    submissionKey: `form-${serial}`,
    lines: [{ ticketTypeId: typeId, quantity, type: type(typeId) }],
    now: NOW,
    holdSeconds: 900,
    maxTicketsPerEmail: 10,
    ...rest,
  };
}

function state(overrides: Partial<HoldState> = {}): HoldState {
  return {
    venue: { capacity: 10, sold: 0, held: 0 },
    types: new Map([
      [GA, { capacity: null, sold: 0, held: 0, quotaIds: [] }],
      [VIP, { capacity: 2, sold: 0, held: 0, quotaIds: [] }],
    ]),
    quotas: new Map(),
    addOns: new Map(),
    codes: new Map(),
    limits: new Map(),
    buyers: new Map(),
    submitted: new Set(),
    places: new Set(),
    owed: [],
    ...overrides,
  };
}

const ids = (n: number) =>
  Array.from({ length: n }, (_, index) => ({ id: `id-${index}`, code: `MQ-${index}`, accessToken: `t${index}` }));
const kinds = (requests: HoldRequest[], given: HoldState) =>
  decideHolds(requests, given, ids(requests.length)).outcomes.map((outcome) => outcome.kind);

describe('decideHolds', () => {
  it('takes requests in arrival order while the venue has room; a later smaller one still fits', () => {
    const requests = [
      request({ quantity: 4 }),
      request({ quantity: 4 }),
      request({ quantity: 3 }),
      request({ quantity: 2 }),
    ];
    const given = state();
    const { outcomes, writes } = decideHolds(requests, given, ids(4));
    expect(outcomes.map((outcome) => outcome.kind)).toEqual(['held', 'held', 'sold_out', 'held']);
    expect(given.venue!.held).toBe(10);
    expect(writes.venueHeld).toBe(10);
    expect(writes.typeHeld).toEqual([{ id: GA, held: 10 }]);
    expect(writes.held).toHaveLength(3);
  });

  it('keeps to a shared quota over several types (decision 128), apart from sold out types and venue', () => {
    const QUOTA = 'q0000000-0000-4000-8000-000000000001';
    const given = state({
      venue: { capacity: null, sold: 0, held: 0 },
      types: new Map([
        [GA, { capacity: null, sold: 2, held: 0, quotaIds: [QUOTA] }],
        [VIP, { capacity: 10, sold: 0, held: 0, quotaIds: [QUOTA] }],
      ]),
      quotas: new Map([[QUOTA, { capacity: 5, sold: 2, held: 0 }]]),
    });
    const { outcomes, writes } = decideHolds(
      [
        request({ typeId: VIP, quantity: 2 }),
        request({ quantity: 2 }),
        request({ typeId: VIP }),
        request({
          lines: [
            { ticketTypeId: GA, quantity: 1, type: type(GA) },
            { ticketTypeId: VIP, quantity: 1, type: type(VIP) },
          ],
        }),
      ],
      given,
      ids(4),
    );
    expect(outcomes).toEqual([
      expect.objectContaining({ kind: 'held' }),
      { kind: 'quota_sold_out', quotaId: QUOTA },
      expect.objectContaining({ kind: 'held' }),
      { kind: 'quota_sold_out', quotaId: QUOTA },
    ]);
    expect(given.quotas.get(QUOTA)!.held).toBe(3);
    expect(writes.typeHeld).toEqual([{ id: VIP, held: 3 }]);
  });

  it("keeps to a type's own capacity and to the venue's at once", () => {
    const given = state({ venue: { capacity: 10, sold: 7, held: 0 } });
    const outcomes = kinds(
      [request({ typeId: VIP, quantity: 2 }), request({ typeId: VIP }), request({ quantity: 2 })],
      given,
    );
    expect(outcomes).toEqual(['held', 'sold_out', 'sold_out']);
    expect(kinds([request()], given)).toEqual(['held']);
  });

  it('prices each order with the one fee function, after any discount', () => {
    const discounted = request({ quantity: 2, promo: { id: 'p', code: 'HALF', discountMinor: 2000 } });
    discounted.lines = [{ ticketTypeId: GA, quantity: 2, type: type(GA), unitPriceMinor: 1000 }];
    const given = state({ codes: new Map([['p', { uses: 0, maxUses: null }]]) });
    const [outcome] = decideHolds([discounted], given, ids(1)).outcomes;
    expect(outcome).toMatchObject({
      kind: 'held',
      order: {
        amountMinor: 2000,
        feeMinor: 160,
        quantity: 2,
        firstName: 'Ada',
        promoCode: 'HALF',
        discountMinor: 2000,
      },
    });
  });

  it('the same form twice in one batch: one order, the second finds it', () => {
    const first = request();
    const again = { ...request(), submissionKey: first.submissionKey };
    expect(kinds([first, again], state())).toEqual(['held', 'submitted']);
    expect(kinds([request({ submissionKey: 'done' })], state({ submitted: new Set(['done']) }))).toEqual(['submitted']);
  });

  it('one live order per waiting-room place', () => {
    expect(kinds([request({ queuePlace: 7 }), request({ queuePlace: 7 })], state())).toEqual(['held', 'place_taken']);
    expect(kinds([request({ queuePlace: 3 })], state({ places: new Set([3]) }))).toEqual(['place_taken']);
  });

  it('a gone event, type or code: nothing taken', () => {
    expect(kinds([request()], state({ venue: null }))).toEqual(['not_on_sale']);
    expect(kinds([request({ typeId: 'a0000000-0000-4000-8000-00000000dead' })], state())).toEqual(['not_on_sale']);
    expect(kinds([request({ accessCodeId: 'missing' })], state())).toEqual(['not_on_sale']);
  });

  it("counts a code's uses over the batch and refuses past its limit", () => {
    const given = state({ codes: new Map([['c', { uses: 1, maxUses: 2 }]]) });
    const promo = { id: 'c', code: 'TWO', discountMinor: 0 };
    expect(kinds([request({ promo }), request({ promo }), request()], given)).toEqual(['held', 'code_used_up', 'held']);
    expect(
      decideHolds([request({ promo })], state({ codes: new Map([['c', { uses: 0, maxUses: 5 }]]) }), ids(1)).writes
        .codeUses,
    ).toEqual([{ id: 'c', uses: 1 }]);
  });

  it("counts a buyer's tickets over the batch against the event's limit per e-mail", () => {
    const given = state({ buyers: new Map([['same@example.com', 1]]) });
    const same = (quantity: number) => {
      const made = request({ quantity, maxTicketsPerEmail: 4 });
      made.buyer.email = 'same@example.com';
      return made;
    };
    const { outcomes, writes } = decideHolds([same(2), same(2), same(1)], given, ids(3));
    expect(outcomes.map((outcome) => outcome.kind)).toEqual(['held', 'buyer_limit', 'held']);
    expect(writes.buyerTickets).toEqual([{ email: 'same@example.com', tickets: 3, maxTickets: 4 }]);
  });

  it('rate limits: one hit per key and request, kept when over; none for a hold refused for want of room', () => {
    const limit = (key: string) => [{ key, max: 2, windowSeconds: 60 }];
    const given = state({
      venue: { capacity: 3, sold: 0, held: 0 },
      limits: new Map([['ip', { count: 1, windowStartedAt: new Date(NOW.getTime() - 10_000) }]]),
    });
    const requests = [
      request({ limits: limit('ip') }),
      request({ limits: limit('ip') }),
      request({ limits: limit('other'), quantity: 5 }),
    ];
    const { outcomes, writes } = decideHolds(requests, given, ids(3));
    expect(outcomes.map((outcome) => outcome.kind)).toEqual(['held', 'rate_limited', 'sold_out']);
    expect(writes.limitHits).toEqual([{ key: 'ip', hits: 2, windowSeconds: 60 }]);
  });

  it('a window that ran out starts again; a refusal for a code or the buyer limit takes its hits back', () => {
    const given = state({
      codes: new Map([['full', { uses: 1, maxUses: 1 }]]),
      limits: new Map([['ip', { count: 2, windowStartedAt: new Date(NOW.getTime() - 61_000) }]]),
    });
    const limits = [{ key: 'ip', max: 2, windowSeconds: 60 }];
    const refused = request({ limits, promo: { id: 'full', code: 'GONE', discountMinor: 0 } });
    const { outcomes, writes } = decideHolds([refused, request({ limits }), request({ limits })], given, ids(3));
    expect(outcomes.map((outcome) => outcome.kind)).toEqual(['code_used_up', 'held', 'held']);
    expect(writes.limitHits).toEqual([{ key: 'ip', hits: 2, windowSeconds: 60 }]);
  });

  it("the public gate: places owed to the waiting list and to another type's listings stay theirs", () => {
    const owed = [{ kind: 'listed', ticket_type_id: VIP, quantity: 2 }];
    const given = state({ venue: { capacity: 10, sold: 7, held: 0 }, owed });
    expect(kinds([request({ keepOwed: true, quantity: 2 }), request({ keepOwed: true })], given)).toEqual([
      'sold_out',
      'held',
    ]);
    const waiting = state({ owed: [{ kind: 'waiting', ticket_type_id: null, quantity: 1 }] });
    expect(kinds([request({ keepOwed: true }), request()], waiting)).toEqual(['sold_out', 'held']);
  });
});
