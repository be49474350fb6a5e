// What a batch of holds of one event does, decided in arrival order from the rows the batch has locked and read
// (decision 043): each request is taken whole or refused whole, exactly as if the requests had run one after
// another. Pure: it reads the state it is given, changes it as each hold takes its tickets, and answers each
// request's outcome with the rows the batch's one write statement then stores.
import {
  orderPrice,
  unitPrice as priceOf,
  type CurrencyCode,
  type FeeMode,
  type LineVat,
  type VatCategory,
} from '@marquee/shared';
import type { HoldAddOnLine, HoldLine, HoldOutcome, HoldRequest, OrderRow } from './hold-types.js';
import type { OwedEntry } from './storefront-event.js';

export interface Counters {
  capacity: number | null;
  sold: number;
  held: number;
}

/** A ticket type's counters and the shared quotas its tickets also count toward. */
export interface TypeCounters extends Counters {
  quotaIds: string[];
}

/** The rows a batch decides on: the event's, its types', quotas' and codes' counters locked, the rest read after. */
export interface HoldState {
  /** Null: the event is gone (or not the organisation's). */
  venue: Counters | null;
  types: Map<string, TypeCounters>;
  /** The event's shared quotas (decision 128), by id. */
  quotas: Map<string, Counters>;
  /** The event's add-ons (decision 134), by id. */
  addOns: Map<string, Counters>;
  codes: Map<string, { uses: number; maxUses: number | null }>;
  /** Rate-limit windows by key, as stored (absent: never counted). */
  limits: Map<string, { count: number; windowStartedAt: Date }>;
  /** Tickets each e-mail holds or has bought for the event. */
  buyers: Map<string, number>;
  /** Submission keys that already made an order. */
  submitted: Set<string>;
  /** Waiting-room places with a live order. */
  places: Set<number>;
  /** The waiting list's wants and the open resale listings (the public gate of decision 035). */
  owed: OwedEntry[];
}

export interface HeldOrder {
  order: OrderRow;
  /** Names on the tickets and checkout answers to store with the order (decision 130). */
  attendee?: HoldRequest['attendee'];
  lines: Array<{
    ticketTypeId: string;
    name: string;
    quantity: number;
    unitPriceMinor: number;
    unitFeeMinor: number;
    unitVatMinor: number;
    vatRateBp: number;
    vatCategory: VatCategory | null;
  }>;
  addOns: Array<{
    addOnId: string;
    name: string;
    quantity: number;
    unitPriceMinor: number;
    unitFeeMinor: number;
    unitVatMinor: number;
    vatRateBp: number;
    vatCategory: VatCategory | null;
  }>;
}

/** What the batch's write statement stores: every change summed per row, so each row is written once. */
export interface HoldWrites {
  held: HeldOrder[];
  /** Hits per rate-limit key, with the key's window (a window that ran out starts again with these hits). */
  limitHits: Array<{ key: string; hits: number; windowSeconds: number }>;
  codeUses: Array<{ id: string; uses: number }>;
  /** Tickets added per e-mail, with the limit to store (the largest the granted holds carried). */
  buyerTickets: Array<{ email: string; tickets: number; maxTickets: number }>;
  typeHeld: Array<{ id: string; held: number }>;
  venueHeld: number;
  /** Add-ons held per add-on (decision 134). */
  addOnHeld: Array<{ id: string; held: number }>;
  /** The latest clock of the batch: rate-limit windows are counted against it. */
  now: Date;
}

/** New orders' random parts (made by the caller, so a clash of codes can be tried again with new ones). */
export interface OrderIdentity {
  id: string;
  code: string;
  accessToken: string;
}

const unitPrice = (line: HoldLine) => line.unitPriceMinor ?? line.type.priceMinor;
const left = (counters: Counters) =>
  counters.capacity === null ? Infinity : counters.capacity - counters.sold - counters.held;

/** Who pays the booking fee of the order's event: as the event page read it with the types (decision 135). */
const feeModeOfLines = (lines: readonly HoldLine[]): FeeMode => lines[0]?.type.feeMode ?? 'fan';

/**
 * What the fan pays for an order of `lines` (and `addOns`), booking fees included unless absorbed, in minor units,
 * as newOrder below prices it.
 */
export function orderTotalMinor(lines: HoldLine[], addOns: readonly HoldAddOnLine[] = []): number {
  const currency = (lines[0]?.type.currency ?? 'GBP') as CurrencyCode;
  const units = [
    ...lines.map((line) => ({ faceMinor: unitPrice(line), quantity: line.quantity })),
    ...addOns.map((line) => ({ faceMinor: line.unitPriceMinor, quantity: line.quantity })),
  ];
  return orderPrice(units, currency, feeModeOfLines(lines)).totalMinor;
  // (VAT is inside the prices: it changes nothing of what the fan pays.)
}

function perType(lines: HoldLine[]): Map<string, number> {
  const sums = new Map<string, number>();
  for (const line of lines) sums.set(line.ticketTypeId, (sums.get(line.ticketTypeId) ?? 0) + line.quantity);
  return sums;
}

/** Tickets a hold of `wanted` takes from each shared quota: the sum over the quota's types that it holds. */
function perQuota(state: HoldState, wanted: Map<string, number>): Map<string, number> {
  const sums = new Map<string, number>();
  for (const [typeId, n] of wanted)
    for (const quotaId of state.types.get(typeId)!.quotaIds)
      if (state.quotas.has(quotaId)) sums.set(quotaId, (sums.get(quotaId) ?? 0) + n);
  return sums;
}

/**
 * The public gate (decision 035) for a hold of `wanted`: closed while a fan waits for one of the types (or for any
 * ticket); otherwise the venue must keep the places owed to other types' listings and waiting-list wants (as far as
 * those types have places of their own).
 */
function owedGateRefuses(state: HoldState, wanted: Map<string, number>, quantity: number): boolean {
  if (state.owed.length === 0 || !state.venue) return false;
  const waiting = state.owed.filter((entry) => entry.kind === 'waiting');
  if (waiting.some((entry) => entry.ticket_type_id === null || wanted.has(entry.ticket_type_id))) return true;
  if (state.venue.capacity === null) return false;
  let places = 0;
  for (const entry of state.owed) {
    if (entry.ticket_type_id === null || wanted.has(entry.ticket_type_id)) continue;
    if (entry.kind === 'listed') places += Number(entry.quantity);
    else {
      const type = state.types.get(entry.ticket_type_id);
      if (type) places += Math.min(Number(entry.quantity), Math.max(0, left(type)));
    }
  }
  return left(state.venue) - quantity < places;
}

function newOrder(request: HoldRequest, identity: OrderIdentity, quantity: number): HeldOrder {
  const { lines, buyer, now } = request;
  const currency = lines[0]!.type.currency as CurrencyCode;
  const mode = feeModeOfLines(lines);
  // Each line's VAT category and rate as the event page read them with the types and add-ons (lineVatOf(),
  // decisions 138 and 139): the line keeps both as sold.
  const vatOf = (unit: number, vat: LineVat) => ({
    unitVatMinor: priceOf(unit, currency, mode, vat).vatMinor,
    vatRateBp: vat.rateBp,
    vatCategory: vat.category,
  });
  // The booking fee is the one fee function's, on each unit's price after any discount; the fan pays it on top, or
  // the organiser absorbs it (decision 135): the line keeps what the fan pays, the order what was absorbed.
  const priced = lines.map((line) => ({
    ticketTypeId: line.ticketTypeId,
    name: line.type.name,
    quantity: line.quantity,
    unitPriceMinor: unitPrice(line),
    unitFeeMinor: priceOf(unitPrice(line), currency, mode).fanFeeMinor,
    ...vatOf(unitPrice(line), line.type.vat),
  }));
  // An add-on's booking fee is the same function's, on its price (decision 134).
  const addOns = (request.addOns ?? []).map(({ vat, ...line }) => ({
    ...line,
    unitFeeMinor: priceOf(line.unitPriceMinor, currency, mode).fanFeeMinor,
    ...vatOf(line.unitPriceMinor, vat),
  }));
  const all = [...priced, ...addOns];
  const price = orderPrice(
    all.map((line) => ({
      faceMinor: line.unitPriceMinor,
      quantity: line.quantity,
      vat: { category: line.vatCategory, rateBp: line.vatRateBp },
    })),
    currency,
    mode,
  );
  const order = {
    id: identity.id,
    organizationId: request.organizationId,
    eventId: request.eventId,
    code: identity.code,
    accessToken: identity.accessToken,
    status: 'pending' as const,
    channel: 'online' as const,
    firstName: buyer.firstName.trim(),
    lastName: buyer.lastName.trim(),
    customerEmail: buyer.email,
    phone: buyer.phone.trim() || null,
    country: buyer.country,
    marketingConsent: buyer.marketingConsent,
    quantity,
    amountMinor: price.faceMinor,
    feeMinor: price.fanFeeMinor,
    absorbedFeeMinor: price.absorbedFeeMinor,
    vatMinor: price.vatMinor,
    feeVatMinor: price.fanFeeVatMinor,
    refundedMinor: 0,
    vatRefundedMinor: 0,
    providerFeeMinor: null,
    providerFeePayer: null,
    refundedTickets: 0,
    currency,
    submissionKey: request.submissionKey,
    holdExpiresAt: new Date(now.getTime() + request.holdSeconds * 1000),
    paymentProvider: null,
    checkoutSessionId: null,
    checkoutUrl: null,
    paymentIntentId: null,
    promoCodeId: request.promo?.id ?? null,
    promoCode: request.promo?.code ?? null,
    discountMinor: request.promo?.discountMinor ?? 0,
    accessCodeId: request.accessCodeId ?? null,
    queuePlace: request.queuePlace ?? null,
    createdAt: now,
    updatedAt: now,
    paidAt: null,
    // Set afterwards when the checkout came from a counted visitor (analytics/page-views.ts).
    visitDay: null,
    visitor: null,
    // Set afterwards from the form's tracking link code (storefront/tracking.ts, decision 156).
    trackingLinkId: null,
  } satisfies OrderRow;
  return { order, lines: priced, addOns };
}

/**
 * Decides `requests` (one event's, in arrival order) against `state`, which it updates. Per request, in this order:
 * the event and types must exist; a form that already made an order and a waiting-room place already used take
 * nothing; without room in the types and the venue (or past the public gate), or then in a shared quota, nothing is
 * counted; then one hit on each rate-limit key (kept when
 * over the limit, which refuses the hold); then the codes' uses and the buyer's tickets, whose refusal takes the hits
 * back, as a hold that fails writes nothing.
 */
export function decideHolds(
  requests: HoldRequest[],
  state: HoldState,
  identities: OrderIdentity[],
): { outcomes: HoldOutcome[]; writes: HoldWrites } {
  const now = requests.reduce((latest, request) => (request.now > latest ? request.now : latest), requests[0]!.now);
  const held: HeldOrder[] = [];
  const hits = new Map<string, { hits: number; base: number; windowSeconds: number }>();
  const codeUses = new Map<string, number>();
  const buyerTickets = new Map<string, { tickets: number; maxTickets: number }>();
  const typeHeld = new Map<string, number>();
  const addOnHeld = new Map<string, number>();
  let venueHeld = 0;

  const limitEntry = (key: string, windowSeconds: number) => {
    let entry = hits.get(key);
    if (!entry) {
      const stored = state.limits.get(key);
      const running = stored && stored.windowStartedAt.getTime() > now.getTime() - windowSeconds * 1000;
      entry = { hits: 0, base: running ? stored.count : 0, windowSeconds };
      hits.set(key, entry);
    }
    return entry;
  };

  const outcomes = requests.map((request, index): HoldOutcome => {
    const wanted = perType(request.lines);
    const quantity = request.lines.reduce((sum, line) => sum + line.quantity, 0);
    const codeIds = [...new Set([request.accessCodeId, request.promo?.id].filter((id): id is string => Boolean(id)))];
    const venue = state.venue;
    if (!venue || [...wanted.keys()].some((id) => !state.types.has(id)) || codeIds.some((id) => !state.codes.has(id)))
      return { kind: 'not_on_sale' };
    if (state.submitted.has(request.submissionKey)) return { kind: 'submitted' };
    const place = request.queuePlace ?? null;
    if (place !== null && state.places.has(place)) return { kind: 'place_taken' };
    const fits = left(venue) >= quantity && [...wanted].every(([id, n]) => left(state.types.get(id)!) >= n);
    if (!fits || (request.keepOwed && owedGateRefuses(state, wanted, quantity))) return { kind: 'sold_out' };
    const quotas = perQuota(state, wanted);
    const fullQuota = [...quotas].find(([id, n]) => left(state.quotas.get(id)!) < n);
    if (fullQuota) return { kind: 'quota_sold_out', quotaId: fullQuota[0] };
    const addOns = request.addOns ?? [];
    if (addOns.some((line) => !state.addOns.has(line.addOnId))) return { kind: 'not_on_sale' };
    const fullAddOn = addOns.find((line) => left(state.addOns.get(line.addOnId)!) < line.quantity);
    if (fullAddOn) return { kind: 'add_on_sold_out', addOnId: fullAddOn.addOnId };

    const limits = (request.limits ?? []).map((rule) => ({ rule, entry: limitEntry(rule.key, rule.windowSeconds) }));
    for (const { entry } of limits) entry.hits += 1;
    if (limits.some(({ rule, entry }) => entry.base + entry.hits > rule.max)) return { kind: 'rate_limited' };
    const takeBack = () => {
      for (const { entry } of limits) entry.hits -= 1;
    };
    const codesFull = codeIds.some((id) => {
      const code = state.codes.get(id)!;
      return code.maxUses !== null && code.uses + 1 > code.maxUses;
    });
    if (codesFull) {
      takeBack();
      return { kind: 'code_used_up' };
    }
    const email = request.buyer.email;
    if ((state.buyers.get(email) ?? 0) + quantity > request.maxTicketsPerEmail) {
      takeBack();
      return { kind: 'buyer_limit' };
    }

    // Taken: the state moves on for the requests behind this one.
    venue.held += quantity;
    venueHeld += quantity;
    for (const [id, n] of wanted) {
      state.types.get(id)!.held += n;
      typeHeld.set(id, (typeHeld.get(id) ?? 0) + n);
    }
    // The write moves the quotas from the types' rows (quotaCounterSteps); the state follows for the next request.
    for (const [id, n] of quotas) state.quotas.get(id)!.held += n;
    for (const line of addOns) {
      state.addOns.get(line.addOnId)!.held += line.quantity;
      addOnHeld.set(line.addOnId, (addOnHeld.get(line.addOnId) ?? 0) + line.quantity);
    }
    for (const id of codeIds) {
      state.codes.get(id)!.uses += 1;
      codeUses.set(id, (codeUses.get(id) ?? 0) + 1);
    }
    state.buyers.set(email, (state.buyers.get(email) ?? 0) + quantity);
    const buyer = buyerTickets.get(email);
    buyerTickets.set(email, {
      tickets: (buyer?.tickets ?? 0) + quantity,
      maxTickets: Math.max(buyer?.maxTickets ?? 0, request.maxTicketsPerEmail),
    });
    state.submitted.add(request.submissionKey);
    if (place !== null) state.places.add(place);
    const order = newOrder(request, identities[index]!, quantity);
    held.push(request.attendee ? { ...order, attendee: request.attendee } : order);
    return { kind: 'held', order: order.order };
  });

  return {
    outcomes,
    writes: {
      held,
      limitHits: [...hits]
        .filter(([, entry]) => entry.hits > 0)
        .map(([key, entry]) => ({ key, hits: entry.hits, windowSeconds: entry.windowSeconds })),
      codeUses: [...codeUses].map(([id, uses]) => ({ id, uses })),
      buyerTickets: [...buyerTickets].map(([email, value]) => ({ email, ...value })),
      typeHeld: [...typeHeld].map(([id, n]) => ({ id, held: n })),
      venueHeld,
      addOnHeld: [...addOnHeld].map(([id, n]) => ({ id, held: n })).sort((a, b) => a.id.localeCompare(b.id)),
      now,
    },
  };
}
