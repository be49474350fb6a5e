// The fan's checkout: validate the picked tickets and the buyer's details, hold the tickets for HOLD_MINUTES in
// one transaction (an order in 'pending'), then hand over to the payments provider's hosted checkout. Prices
// and fees always come from the database; nothing the browser sends about money is read.
import { and, eq, sql } from 'drizzle-orm';
import {
  MAX_ORDER_TOTAL_MINOR,
  orderTooLargeMessage,
  SALES_MESSAGES,
  validateBuyerDetails,
  type BuyerDetails,
  type CurrencyCode,
} from '@marquee/shared';
import type { PaymentsProvider } from '../../adapters/payments/payments.js';
import type { Database } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import { order, orderLine, organizationSettings } from '../../db/schema/index.js';
import { choosesOnlyPresales, codesFor, eventSalesProblem, pricedLines } from './drop-rules.js';
import {
  BuyerLimitReached,
  CodeUsedUp,
  holdOrder,
  QueuePlaceTaken,
  RateLimited,
  SubmissionExists,
  type HoldRequest,
} from './hold.js';
import { orderTotalMinor } from './hold-decide.js';
import { NotEnoughTickets, releaseExpiredHolds } from '../stock/stock.js';
import { findBySubmission, freeSubmissionKey } from './submission.js';
import { loadStorefrontEvent, type StorefrontEvent } from './storefront-event.js';
import { CHECKOUT_TEXT, CheckoutRefusal, dropRefusal, parseQuantities, soldOutRefusal } from './checkout-refusals.js';

export type { OrderRow } from './hold.js';
export { CHECKOUT_TEXT, CheckoutRefusal } from './checkout-refusals.js';
import type { OrderRow } from './hold.js';

export interface CheckoutDeps {
  db: Database;
  payments: PaymentsProvider;
  assertCanSell(db: Database, organizationId: string): Promise<void>;
  /** Scales the per-IP and per-e-mail limits (RATE_LIMIT_MULTIPLIER). */
  rateLimitMultiplier: number;
  /** How long a hold lasts. */
  holdSeconds: number;
}

export interface StartCheckoutInput {
  organizationId: string;
  eventId: string;
  /** ticket type id -> quantity as the form sent it (text). */
  quantities: Record<string, string>;
  buyer: BuyerDetails;
  /** The form's one-time key: a resubmitted form finds the order it made. */
  submissionKey: string;
  ip: string;
  /** The access and promo codes the page carried (as typed; checked here, never trusted). */
  codes?: Array<string | undefined>;
  /**
   * The waiting room guards the event and this browser has no admission: only presale types (soldOutsideQueue)
   * may be held, else QueueRequired.
   */
  queued?: { opensAt: Date } | null;
  /** The event as the route read it a moment ago (expired holds not released), to save reading it again. */
  preloaded?: StorefrontEvent | null;
  /** Whether the organisation can take payments, as the route's host lookup just read it (else canSellNow). */
  canSell?: boolean;
  /** The waiting-room place of this browser's admission: the order records it (one live order per admission). */
  queuePlace?: number | null;
  now?: Date;
}

/** This browser's admission already made an order that is held or paid (one order per admission). */
export class AdmissionUsed extends Error {
  constructor() {
    super('This admission already made an order.');
    this.name = 'AdmissionUsed';
  }
}

/** The hold asked for tickets the waiting room guards, without an admission (decision 034). */
export class QueueRequired extends Error {
  constructor() {
    super('An admission from the waiting room is required.');
    this.name = 'QueueRequired';
  }
}

const PER_IP = { max: 30, windowSeconds: 60 };
const PER_EMAIL = { max: 6, windowSeconds: 600 };

/** Whether the organisation can take payments now (payouts enabled): the checkout's check, as a boolean. */
export const canSellNow = (deps: CheckoutDeps, organizationId: string): Promise<boolean> =>
  deps.assertCanSell(deps.db, organizationId).then(
    () => true,
    () => false,
  );

/** Holds the chosen tickets; returns the pending order (or the one the same form already made). */
export async function startCheckout(deps: CheckoutDeps, input: StartCheckoutInput): Promise<OrderRow> {
  const now = input.now ?? new Date();
  const { db } = deps;
  // The storefront's hot path: the host's organisation with its payouts check and the event with its types (each a
  // read shared by the requests arriving together), then the hold with the rate limits (in its event's batch,
  // decision 043). Expired holds are released only when the tickets seem to have run out and the event's read found
  // one.
  // Codes are read only when the fan brought one; an access code's hidden types are then offered too.
  const codes = await codesFor(db, input.organizationId, input.eventId, input.codes ?? [], now);
  const loadOptions = { releaseExpired: false, unlockedTypeIds: codes.access?.ticketTypeIds ?? [] };
  // The event as the route just read it serves, unless an access code unlocks hidden types.
  const reuse = input.preloaded && loadOptions.unlockedTypeIds.length === 0 ? input.preloaded : null;
  const [loaded, canSell] = await Promise.all([
    reuse ?? loadStorefrontEvent(db, input.organizationId, input.eventId, now, loadOptions),
    input.canSell ?? canSellNow(deps, input.organizationId),
  ]);
  let stored = loaded;
  if (!stored) throw new CheckoutRefusal('This event is not on sale.', {}, 404);
  if (stored.closedReason === 'ended') throw new CheckoutRefusal(CHECKOUT_TEXT.ended, {}, 409, stored);
  if (stored.closedReason === 'cancelled') throw new CheckoutRefusal(CHECKOUT_TEXT.cancelled, {}, 409, stored);
  if (!canSell) throw new CheckoutRefusal(CHECKOUT_TEXT.salesPaused, {}, 409, stored);
  // Before the on-sale or after sales end, whatever the form sent.
  const closed = eventSalesProblem(stored);
  if (closed) throw new CheckoutRefusal(closed, {}, 409, stored);
  const codeProblem = codes.problems[0]?.message;
  if (codeProblem) throw new CheckoutRefusal(codeProblem, { code: codeProblem }, 400, stored);
  if (input.queued && !choosesOnlyPresales(input.quantities, stored.types, input.queued.opensAt))
    throw new QueueRequired();

  const buyer = { ...input.buyer, email: input.buyer.email.trim().toLowerCase() };
  let parsed = parseQuantities(input.quantities, stored.types, stored.row.timeZone);
  // Too few left as last counted: holds that ran out may free some, so release them and count again.
  if (
    parsed.short &&
    stored.expiredHolds &&
    (await releaseExpiredHolds(db, { eventId: stored.row.id, now })).length > 0
  ) {
    stored = (await loadStorefrontEvent(db, input.organizationId, input.eventId, now, loadOptions)) ?? stored;
    parsed = parseQuantities(input.quantities, stored.types, stored.row.timeZone);
  }
  const { lines, fields } = parsed;
  if (parsed.outsideWindow) throw new CheckoutRefusal(parsed.outsideWindow, fields, 409, stored);
  const totalTickets = lines.reduce((sum, line) => sum + line.quantity, 0);
  if (totalTickets > stored.row.maxTicketsPerOrder)
    fields.form = SALES_MESSAGES.tooManyPerOrder(stored.row.maxTicketsPerOrder);
  const priced = pricedLines(lines, codes);
  if (priced.problem && lines.length > 0) fields.code = priced.problem;
  // One payment can carry only so much (the card provider's limit): an order above it is refused here, on the form.
  if (lines.length > 0 && !fields.form && orderTotalMinor(priced.lines) > MAX_ORDER_TOTAL_MINOR)
    fields.form = orderTooLargeMessage(priced.lines[0]!.type.currency as CurrencyCode);
  const buyerErrors = validateBuyerDetails(buyer, {
    minimumAge: stored.row.minimumAge,
    hasTerms: stored.row.termsOfService.trim() !== '',
  });
  const allFields: Record<string, string> = { ...fields, ...buyerErrors };
  if (lines.length === 0 && Object.keys(fields).length === 0) allFields.form = 'Choose at least one ticket.';
  if (Object.keys(allFields).length > 0) {
    // The same form sent again after its order took the last tickets finds that order, not 'Only 0 left'.
    const already = await findBySubmission(db, input.organizationId, input.submissionKey, now);
    if (already) return already;
    const { form, ...rest } = allFields;
    throw new CheckoutRefusal(form ?? CHECKOUT_TEXT.fixErrors, rest, 400, stored);
  }

  const scale = (rule: { max: number; windowSeconds: number }) => ({
    ...rule,
    max: Math.max(1, Math.round(rule.max * deps.rateLimitMultiplier)),
  });
  const rateLimited = async () => {
    const already = await findBySubmission(db, input.organizationId, input.submissionKey, now);
    if (already) return already;
    throw new CheckoutRefusal(CHECKOUT_TEXT.rateLimited, {}, 429, stored);
  };

  const request: HoldRequest = {
    organizationId: input.organizationId,
    eventId: stored.row.id,
    buyer,
    submissionKey: input.submissionKey,
    lines: priced.lines,
    now,
    holdSeconds: deps.holdSeconds,
    maxTicketsPerEmail: stored.row.maxTicketsPerEmail,
    promo: codes.promo ? { id: codes.promo.id, code: codes.promo.code, discountMinor: priced.discountMinor } : null,
    // An access code's use is taken only when the order holds a type it unlocked.
    accessCodeId: codes.access && lines.some((line) => line.type.unlocked) ? codes.access.id : null,
    keepOwed: stored.keepOwed,
    queuePlace: input.queuePlace ?? null,
    // Both limits are counted by the hold itself, in its own transaction (decisions 039, 043).
    limits: [
      { key: `checkout:ip:${input.ip}`, ...scale(PER_IP) },
      { key: `checkout:email:${buyer.email}`, ...scale(PER_EMAIL) },
    ],
  };
  // A second try after releasing expired holds counts the limits again (the refused try counted none).
  const holdAgain = () =>
    holdOrder(db, request).catch((error: unknown) => {
      if (error instanceof RateLimited) return rateLimited();
      throw error;
    });
  // The key is taken by an order: a live hold is joined (below); one paid, expired or cancelled gives the key up and
  // the hold is tried once more. Two copies sent at once after a payment: one frees the key, both try again, and
  // the second joins the first's new hold.
  const holdOrJoin = async () => {
    try {
      return await holdOrder(db, request);
    } catch (error) {
      if (!(error instanceof SubmissionExists)) throw error;
      const freed = await freeSubmissionKey(db, input.organizationId, input.submissionKey, now);
      const joined = freed ? undefined : await findBySubmission(db, input.organizationId, input.submissionKey, now);
      return joined ?? holdOrder(db, request);
    }
  };
  try {
    const held = await holdOrJoin();
    if (!held) throw new CheckoutRefusal('This event is not on sale.', {}, 404);
    return held;
  } catch (error) {
    if (error instanceof RateLimited) return rateLimited();
    if (error instanceof SubmissionExists || error instanceof QueuePlaceTaken) {
      const winner = await findBySubmission(db, input.organizationId, input.submissionKey, now);
      if (winner) return winner;
      if (error instanceof QueuePlaceTaken) throw new AdmissionUsed();
      // Its order stopped being a live hold between two tries (a moment's race): the fan sends the form again.
      throw new CheckoutRefusal(CHECKOUT_TEXT.tryAgain, {}, 409, stored);
    }
    if (error instanceof CodeUsedUp || error instanceof BuyerLimitReached) {
      const already = await findBySubmission(db, input.organizationId, input.submissionKey, now);
      if (already) return already;
      // Holds that ran out give their code uses and tickets back: release them and try once more.
      if ((await releaseExpiredHolds(db, { eventId: stored.row.id, now })).length > 0) {
        try {
          const held = await holdAgain();
          if (held) return held;
        } catch (retryError) {
          if (!(retryError instanceof CodeUsedUp || retryError instanceof BuyerLimitReached)) throw retryError;
        }
      }
      throw await dropRefusal(db, error, stored, codes, buyer.email);
    }
    if (!(error instanceof NotEnoughTickets)) throw error;
    // Out of tickets: first the same form's own order, then holds that ran out (released, and tried once more).
    // Without expired holds (as the event's read found), the refusal's fresh read runs beside the form's lookup.
    const [already, refusal] = await Promise.all([
      findBySubmission(db, input.organizationId, input.submissionKey, now),
      stored.expiredHolds ? null : soldOutRefusal(db, input, lines),
    ]);
    if (already) return already;
    if (refusal) throw refusal;
    if ((await releaseExpiredHolds(db, { eventId: stored.row.id, now })).length > 0) {
      try {
        const held = await holdAgain();
        if (held) return held;
      } catch (retryError) {
        if (!(retryError instanceof NotEnoughTickets)) throw retryError;
      }
    }
    throw await soldOutRefusal(db, input, lines);
  }
}

// The order pages, the Pay form and the e-mails read these on every sale: prepared (decision 038).
const byToken = preparedQuery('checkout_order_by_token', (db, name) =>
  db
    .select()
    .from(order)
    .where(
      and(eq(order.accessToken, sql.placeholder('token')), eq(order.organizationId, sql.placeholder('organizationId'))),
    )
    .limit(1)
    .prepare(name),
);

const linesOf = preparedQuery('checkout_order_lines', (db, name) =>
  db
    .select()
    .from(orderLine)
    .where(
      and(
        eq(orderLine.orderId, sql.placeholder('orderId')),
        eq(orderLine.organizationId, sql.placeholder('organizationId')),
      ),
    )
    .prepare(name),
);

const stripeAccountOf = preparedQuery('checkout_stripe_account', (db, name) =>
  db
    .select({ accountId: organizationSettings.stripeAccountId })
    .from(organizationSettings)
    .where(eq(organizationSettings.organizationId, sql.placeholder('organizationId')))
    .limit(1)
    .prepare(name),
);

/** The order an access token opens, scoped to the storefront's organisation. */
export async function findOrderByToken(db: Database, organizationId: string, token: string) {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const [row] = await byToken(db, { token, organizationId });
  return row;
}

export async function orderLines(db: Database, orderRow: Pick<OrderRow, 'id' | 'organizationId'>) {
  return linesOf(db, { orderId: orderRow.id, organizationId: orderRow.organizationId });
}

/** The provider's hosted checkout for a pending order whose hold still runs (made once, reused after). */
export async function beginPayment(
  deps: CheckoutDeps,
  current: OrderRow,
  urls: { successUrl: string; cancelUrl: string; eventName: string },
  now = new Date(),
): Promise<string> {
  if (current.status !== 'pending' || !current.holdExpiresAt || current.holdExpiresAt.getTime() <= now.getTime()) {
    throw new CheckoutRefusal(CHECKOUT_TEXT.holdExpired, {}, 409);
  }
  if (current.checkoutUrl) return current.checkoutUrl;
  try {
    await deps.assertCanSell(deps.db, current.organizationId);
  } catch {
    throw new CheckoutRefusal(CHECKOUT_TEXT.salesPaused, {}, 409);
  }
  const [settings] = await stripeAccountOf(deps.db, { organizationId: current.organizationId });
  if (!settings?.accountId) throw new CheckoutRefusal(CHECKOUT_TEXT.salesPaused, {}, 409);
  const lines = await orderLines(deps.db, current);
  const session = await deps.payments.createCheckoutSession({
    accountId: settings.accountId,
    currency: current.currency,
    lineItems: [
      ...lines.map((line) => ({
        name: `${urls.eventName}: ${line.name}`,
        unitAmount: line.unitPriceMinor,
        quantity: line.quantity,
      })),
      ...(current.feeMinor > 0 ? [{ name: 'Booking fee', unitAmount: current.feeMinor, quantity: 1 }] : []),
    ],
    applicationFeeAmount: current.feeMinor,
    successUrl: urls.successUrl,
    cancelUrl: urls.cancelUrl,
    metadata: { order_id: current.id, organization_id: current.organizationId, order_code: current.code },
    customerEmail: current.customerEmail,
  });
  // Two quick clicks: the first session stored wins and the second click is sent there too.
  const [stored] = await deps.db
    .update(order)
    .set({
      checkoutSessionId: session.id,
      checkoutUrl: session.url,
      paymentProvider: deps.payments.name,
      updatedAt: now,
    })
    .where(and(eq(order.id, current.id), sql`${order.checkoutSessionId} is null`))
    .returning({ url: order.checkoutUrl });
  if (stored?.url) return stored.url;
  const [winner] = await deps.db
    .select({ url: order.checkoutUrl })
    .from(order)
    .where(eq(order.id, current.id))
    .limit(1);
  return winner?.url ?? session.url;
}
