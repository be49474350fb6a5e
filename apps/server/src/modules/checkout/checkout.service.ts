// The fan's checkout: validate the picked tickets and the buyer's details, hold the tickets for HOLD_MINUTES in
// one transaction (an order in 'pending'), then hand over to the payments provider's hosted checkout. Prices
// and fees always come from the database; nothing the browser sends about money is read.
import { and, eq, sql } from 'drizzle-orm';
import {
  isFreePrice,
  MAX_ORDER_TOTAL_MINOR,
  orderTooLargeMessage,
  QUESTION_MESSAGES,
  SALES_MESSAGES,
  validateBuyerDetails,
  type BuyerDetails,
  type CurrencyCode,
} from '@marquee/shared';
import type { PaymentsProvider } from '../../adapters/payments/payments.js';
import type { Database } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import { order, orderLine, organizationSettings } from '../../db/schema/index.js';
import { orderAddOnLines } from '../add-ons/order-add-on-lines.js';
import { choosesOnlyPresales, codesFor, eventSalesProblem, pricedLines } from './drop-rules.js';
import { holdOrder } from './hold.js';
import { applyChosenAmounts } from './chosen-amounts.js';
import { confirmFreeOrder } from './fulfilment.js';
import type { CheckoutNotifier } from './notifier.js';
import { orderTotalMinor } from './hold-decide.js';
import type { HoldOutcome, HoldRequest, OrderRow } from './hold-types.js';
import { releaseExpiredHolds } from '../stock/stock.js';
import { findBySubmission, freeSubmissionKey } from './submission.js';
import { loadStorefrontEvent, type StorefrontEvent } from './storefront-event.js';
import { checkAttendeeFields, type CheckoutQuestions } from '../questions/checkout-answers.js';
import { addOnRefusal, parseAddOns } from './add-on-choice.js';
import {
  CHECKOUT_TEXT,
  dropRefusal,
  parseQuantities,
  quotaRefusal,
  soldOutRefusal,
  type CheckoutFields,
  type CheckoutResult,
} from './checkout-refusals.js';

export type { OrderRow } from './hold-types.js';
export { CHECKOUT_TEXT } from './checkout-refusals.js';
export type { CheckoutFields, CheckoutRefused, CheckoutResult } from './checkout-refusals.js';

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
  /** Pay what you want (decision 133): ticket type id -> the amount the fan chose (text, as typed). */
  amounts?: Record<string, string>;
  /** Add-ons (decision 134): add-on id -> quantity as the form sent it (text). */
  addOns?: Record<string, string>;
  buyer: BuyerDetails;
  /** The form's one-time key: a resubmitted form finds the order it made. */
  submissionKey: string;
  ip: string;
  /** The access and promo codes the page carried (as typed; checked here, never trusted). */
  codes?: Array<string | undefined>;
  /**
   * The waiting room guards the event and this browser has no admission: only presale types (soldOutsideQueue)
   * may be held, else `not_admitted`.
   */
  queued?: { opensAt: Date } | null;
  /** The event as the route read it a moment ago (expired holds not released), to save reading it again. */
  preloaded?: StorefrontEvent | null;
  /** Whether the organisation can take payments, as the route's host lookup just read it (else canSellNow). */
  canSell?: boolean;
  /** The waiting-room place of this browser's admission: the order records it (one live order per admission). */
  queuePlace?: number | null;
  /** The event's checkout questions and name setting, and the form's posted answers and names (decision 130). */
  attendee?: { asked: CheckoutQuestions; posted: Record<string, string> } | undefined;
  now?: Date;
}

const PER_IP = { max: 30, windowSeconds: 60 };
const PER_EMAIL = { max: 6, windowSeconds: 600 };

/** Whether the organisation can take payments now (payouts enabled): the checkout's check, as a boolean. */
export const canSellNow = (deps: CheckoutDeps, organizationId: string): Promise<boolean> =>
  deps.assertCanSell(deps.db, organizationId).then(
    () => true,
    () => false,
  );

/**
 * Holds the chosen tickets: the pending order (or the one the same form already made), or why nothing was held, as
 * a value. Only unexpected errors throw.
 */
export async function startCheckout(deps: CheckoutDeps, input: StartCheckoutInput): Promise<CheckoutResult> {
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
  if (!stored) return { outcome: 'not_on_sale', event: null };
  if (stored.closedReason === 'ended') return { outcome: 'ended', event: stored };
  if (stored.closedReason === 'cancelled') return { outcome: 'cancelled', event: stored };
  // Without payouts only free tickets are sold (decision 124): an event offering none is paused whatever the form
  // sent; one offering some is checked against the basket below.
  const offersFree = stored.types.some((type) => isFreePrice(type.priceMinor) || type.minimumMinor === 0);
  if (!canSell && !offersFree) return { outcome: 'sales_paused', event: stored };
  // Before the on-sale or after sales end, whatever the form sent.
  const closed = eventSalesProblem(stored);
  if (closed) return { outcome: 'closed', message: closed, fields: {}, event: stored };
  const codeProblem = codes.problems[0]?.message;
  if (codeProblem) return { outcome: 'invalid', message: codeProblem, fields: { code: codeProblem }, event: stored };
  if (input.queued && !choosesOnlyPresales(input.quantities, stored.types, input.queued.opensAt))
    return { outcome: 'not_admitted', event: stored };

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
  const chosen = applyChosenAmounts(parsed.lines, input.amounts ?? {});
  const lines = chosen.lines;
  const fields: CheckoutFields & { form?: string } = { ...parsed.fields, ...chosen.fields };
  if (parsed.outsideWindow) return { outcome: 'closed', message: parsed.outsideWindow, fields, event: stored };
  const totalTickets = lines.reduce((sum, line) => sum + line.quantity, 0);
  if (totalTickets > stored.row.maxTicketsPerOrder)
    fields.form = SALES_MESSAGES.tooManyPerOrder(stored.row.maxTicketsPerOrder);
  const priced = pricedLines(lines, codes);
  if (priced.problem && lines.length > 0) fields.code = priced.problem;
  const addOns = parseAddOns(input.addOns ?? {}, stored.addOns, totalTickets);
  Object.assign(fields, addOns.fields);
  if (addOns.form && !fields.form) fields.form = addOns.form;
  // One payment can carry only so much (the card provider's limit): an order above it is refused here, on the form.
  if (lines.length > 0 && !fields.form && orderTotalMinor(priced.lines, addOns.lines) > MAX_ORDER_TOTAL_MINOR)
    fields.form = orderTooLargeMessage(priced.lines[0]!.type.currency as CurrencyCode);
  const buyerErrors = validateBuyerDetails(buyer, {
    minimumAge: stored.row.minimumAge,
    hasTerms: stored.row.termsOfService.trim() !== '',
  });
  const allFields: CheckoutFields & { form?: string } = { ...fields, ...buyerErrors };
  // Names on tickets and the organiser's questions: checked with everything else, stored by the hold (decision 130).
  const attendee = input.attendee
    ? checkAttendeeFields(input.attendee.asked, stored.types, input.quantities, input.attendee.posted)
    : null;
  if (attendee) {
    Object.assign(allFields, attendee.fields);
    // The blocks for these quantities were not on the page yet: the form comes back with them, nothing held.
    if (attendee.detailsStep && lines.length > 0 && !allFields.form) allFields.form = QUESTION_MESSAGES.detailsStep;
  }
  if (lines.length === 0 && Object.keys(fields).length === 0) allFields.form = 'Choose at least one ticket.';
  // The order this same form already made, if any, as the answer.
  const existing = async (): Promise<CheckoutResult | null> => {
    const already = await findBySubmission(db, input.organizationId, input.submissionKey, now);
    return already ? { outcome: 'held', order: already } : null;
  };
  if (Object.keys(allFields).length > 0) {
    // The same form sent again after its order took the last tickets finds that order, not 'Only 0 left'.
    const { form, ...rest } = allFields;
    return (
      (await existing()) ?? {
        outcome: 'invalid',
        message: form ?? CHECKOUT_TEXT.fixErrors,
        fields: rest,
        event: stored,
      }
    );
  }

  // A basket that costs something needs payouts; a free one is held (and confirmed) without them.
  if (!canSell && orderTotalMinor(priced.lines, addOns.lines) > 0) return { outcome: 'sales_paused', event: stored };

  const scale = (rule: { max: number; windowSeconds: number }) => ({
    ...rule,
    max: Math.max(1, Math.round(rule.max * deps.rateLimitMultiplier)),
  });
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
    attendee: attendee?.rows,
    addOns: addOns.lines,
    // Both limits are counted by the hold itself, in its own transaction (decisions 039, 043).
    limits: [
      { key: `checkout:ip:${input.ip}`, ...scale(PER_IP) },
      { key: `checkout:email:${buyer.email}`, ...scale(PER_EMAIL) },
    ],
  };
  const releasedSome = async () => (await releaseExpiredHolds(db, { eventId: stored.row.id, now })).length > 0;
  // What the hold answered, as the checkout's result. Some refusals are tried once more (`retried`: this is that
  // second try, which counts the rate limits again; the refused first try counted none).
  const settle = async (outcome: HoldOutcome, retried: boolean): Promise<CheckoutResult> => {
    switch (outcome.kind) {
      case 'held':
        return { outcome: 'held', order: outcome.order };
      case 'not_on_sale':
        return { outcome: 'not_on_sale', event: null };
      case 'rate_limited':
        return (await existing()) ?? { outcome: 'rate_limited', event: stored };
      case 'submitted':
        // The key is taken by an order: a live hold is joined; one paid, expired or cancelled gives the key up and
        // the hold is tried once more. Two copies sent at once after a payment: one frees the key, both try again,
        // and the second joins the first's new hold.
        if (!retried) {
          const freed = await freeSubmissionKey(db, input.organizationId, input.submissionKey, now);
          const joined = freed ? null : await existing();
          return joined ?? settle(await holdOrder(db, request), true);
        }
        // Its order stopped being a live hold between two tries (a moment's race): the fan sends the form again.
        return (await existing()) ?? { outcome: 'try_again', event: stored };
      case 'place_taken':
        return (await existing()) ?? { outcome: 'admission_used', event: stored };
      case 'code_used_up':
      case 'buyer_limit': {
        const already = await existing();
        if (already) return already;
        // Holds that ran out give their code uses and tickets back: release them and try once more.
        if (!retried && (await releasedSome())) return settle(await holdOrder(db, request), true);
        return dropRefusal(db, outcome.kind, stored, codes, buyer.email);
      }
      case 'sold_out': {
        // Out of tickets: first the same form's own order, then holds that ran out (released, and tried once more).
        // Without expired holds (as the event's read found), the refusal's fresh read runs beside the form's lookup.
        const [already, refusal] = await Promise.all([
          existing(),
          stored.expiredHolds && !retried ? null : soldOutRefusal(db, input, lines),
        ]);
        if (already) return already;
        if (refusal) return refusal;
        if (await releasedSome()) return settle(await holdOrder(db, request), true);
        return soldOutRefusal(db, input, lines);
      }
      case 'quota_sold_out': {
        // A shared quota of the chosen types is full: the same form's own order, else holds that ran out (released,
        // and tried once more), else the quota's refusal.
        const already = await existing();
        if (already) return already;
        if (!retried && (await releasedSome())) return settle(await holdOrder(db, request), true);
        return quotaRefusal(db, input, lines, outcome.quotaId);
      }
      case 'add_on_sold_out': {
        // An add-on ran out: the same form's own order, else holds that ran out (released, and tried once more),
        // else what is left of it.
        const already = await existing();
        if (already) return already;
        if (!retried && (await releasedSome())) return settle(await holdOrder(db, request), true);
        const name = addOns.lines.find((line) => line.addOnId === outcome.addOnId)?.name ?? '';
        return addOnRefusal(db, input, outcome.addOnId, name);
      }
      default:
        return outcome satisfies never;
    }
  };
  return settle(await holdOrder(db, request), false);
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

/**
 * Confirms a held order that comes to nothing (a free order, decision 124): its tickets are issued at once through
 * the fulfilment a payment takes (counters, roll-ups, the e-mails queued in the same transaction, then tried right
 * away), with no payment provider. A hold that ran out or an order no longer pending is refused with why.
 */
export async function confirmFreeCheckout(
  deps: {
    db: Database;
    notifier: Pick<CheckoutNotifier, 'queueFollowUp' | 'deliverSoon'>;
  },
  current: OrderRow,
  now = new Date(),
): Promise<{ confirmed: true } | { refused: string }> {
  const followUp = await deps.db.transaction((tx) => confirmFreeOrder(tx, current.id, now, deps.notifier));
  if (!followUp) return { refused: CHECKOUT_TEXT.holdExpired };
  // The e-mails follow in the mail lane; the sale stands whatever the mail server does.
  deps.notifier.deliverSoon();
  return { confirmed: true };
}

/**
 * The provider's hosted checkout for a pending order whose hold still runs (made once, reused after), or the
 * message saying why it cannot be paid now (the summary shows it, with a 409).
 */
export async function beginPayment(
  deps: CheckoutDeps,
  current: OrderRow,
  urls: { successUrl: string; cancelUrl: string; eventName: string },
  now = new Date(),
): Promise<{ url: string } | { refused: string }> {
  if (current.status !== 'pending' || !current.holdExpiresAt || current.holdExpiresAt.getTime() <= now.getTime()) {
    return { refused: CHECKOUT_TEXT.holdExpired };
  }
  if (current.checkoutUrl) return { url: current.checkoutUrl };
  if (!(await canSellNow(deps, current.organizationId))) return { refused: CHECKOUT_TEXT.salesPaused };
  const [settings] = await stripeAccountOf(deps.db, { organizationId: current.organizationId });
  if (!settings?.accountId) return { refused: CHECKOUT_TEXT.salesPaused };
  const [lines, addOns] = await Promise.all([orderLines(deps.db, current), orderAddOnLines(deps.db, current)]);
  const session = await deps.payments.createCheckoutSession({
    accountId: settings.accountId,
    currency: current.currency,
    lineItems: [
      ...lines.map((line) => ({
        name: `${urls.eventName}: ${line.name}`,
        unitAmount: line.unitPriceMinor,
        quantity: line.quantity,
      })),
      ...addOns.map((line) => ({ name: line.name, unitAmount: line.unitPriceMinor, quantity: line.quantity })),
      ...(current.feeMinor > 0 ? [{ name: 'Booking fee', unitAmount: current.feeMinor, quantity: 1 }] : []),
    ],
    // The platform's fee whoever pays it: the fan's on top, or the one the organiser absorbs (decision 135).
    applicationFeeAmount: current.feeMinor + current.absorbedFeeMinor,
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
  if (stored?.url) return { url: stored.url };
  const [winner] = await deps.db
    .select({ url: order.checkoutUrl })
    .from(order)
    .where(eq(order.id, current.id))
    .limit(1);
  return { url: winner?.url ?? session.url };
}
