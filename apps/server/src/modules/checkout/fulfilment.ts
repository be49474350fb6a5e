// Turning a confirmed payment into tickets, exactly once. Runs inside the webhook's transaction (which also
// records the provider's event id), with the order row locked: a paid order is never paid again, a hold
// becomes sold tickets, and a payment whose hold had already been released is honoured while tickets remain for
// the public (`late-payment.ts`) and otherwise marked for an automatic refund. The per-day sales and the buyer's
// totals (`sale-rollups.ts`) move in the same transaction. A payment whose amount, currency or connected account
// does not match its order sells nothing: the order is held for review and the payment refunded (decision 050), and
// so is a second payment for an order already paid by another one.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { isFreeOrder } from '@marquee/shared';
import { event, order, orderChange, orderLine, organizationSettings, ticket } from '../../db/schema/index.js';
import { giveBackCodesAndBuyer } from './cancel.js';
import { newTicketCode } from '../../lib/codes.js';
import { dailySaleUpsert, forgetPastDay, recordBuyer } from './sale-rollups.js';
import { claimListings } from './listing-claims.js';
import { NotEnoughTickets, releaseHeldTickets, sellHeldTickets } from '../stock/stock.js';
import type { Tx } from '../../db/tx.js';
import { retakeLatePlaces } from './late-payment.js';
import { holdersForTickets } from '../questions/ticket-holders.js';
import type { OrderRow } from './hold-types.js';
import { issueReceipt } from '../receipts/issue.js';
import { issueResaleCreditNotes } from '../receipts/issue-resale.js';

/** What the fulfilment still needs (e-mails, a refund): queued as jobs in the same transaction. */
export type FulfilmentFollowUp =
  | {
      kind: 'paid';
      orderId: string;
      organizationId: string;
      /** The provider's payment (null: a free order): its fee is read after the sale (decision 141). */
      paymentIntentId?: string | null;
    }
  | { kind: 'refund_unfulfilled'; orderId: string; organizationId: string }
  | {
      kind: 'payment_review';
      orderId: string;
      organizationId: string;
      sessionId: string;
      paymentIntentId: string | null;
    };

export interface PaidSession {
  sessionId: string;
  orderId: string | null;
  paymentIntentId: string | null;
  /** Epoch seconds of the provider's event. */
  paidAt: Date;
  /** What the provider says was charged: amount_total in minor units and the currency as sent (any case). */
  amountTotal: number | null;
  currency: string | null;
  /** The connected account the payment was made out to (the event's account, or the charge's destination). */
  accountId: string | null;
}

/**
 * Why a payment does not belong to its order: one entry per fact that differs, or 'duplicate' for a payment that
 * matches but came after the order had already been paid by another one (so it was not needed).
 */
export type PaymentMismatch = Array<'amount' | 'currency' | 'account' | 'duplicate'>;

/** Reads what fulfilment needs from a Stripe-shaped checkout.session object. */
export function readPaidSession(
  object: Record<string, unknown>,
  created: number,
  accountId: string | null,
): PaidSession | null {
  if (typeof object.id !== 'string') return null;
  if (object.payment_status !== 'paid' && object.payment_status !== 'no_payment_required') return null;
  const metadata = (object.metadata ?? {}) as Record<string, unknown>;
  const intent = object.payment_intent;
  return {
    sessionId: object.id,
    orderId: typeof metadata.order_id === 'string' ? metadata.order_id : null,
    paymentIntentId:
      typeof intent === 'string'
        ? intent
        : intent && typeof intent === 'object'
          ? String((intent as { id: unknown }).id)
          : null,
    paidAt: new Date(created * 1000),
    amountTotal: Number.isSafeInteger(object.amount_total) ? (object.amount_total as number) : null,
    currency: typeof object.currency === 'string' ? object.currency : null,
    accountId,
  };
}

/**
 * Compares a payment with its order: the amount charged with the order's total (tickets plus booking fee, what the
 * checkout session was created for), the currency (any case), and the account paid with the organisation's own.
 */
async function paymentMismatch(tx: Tx, current: OrderRow, paid: PaidSession): Promise<PaymentMismatch> {
  const differs: PaymentMismatch = [];
  if (paid.amountTotal !== current.amountMinor + current.feeMinor) differs.push('amount');
  if (paid.currency === null || paid.currency.toUpperCase() !== current.currency.toUpperCase())
    differs.push('currency');
  const [settings] = await tx
    .select({ accountId: organizationSettings.stripeAccountId })
    .from(organizationSettings)
    .where(eq(organizationSettings.organizationId, current.organizationId))
    .limit(1);
  if (!paid.accountId || paid.accountId !== settings?.accountId) differs.push('account');
  return differs;
}

/**
 * A payment that does not match its order, or a second one for an order already paid: no tickets. An order still waiting for its payment goes to
 * 'payment_review' and gives its hold back (codes, buyer's limit, counters); any other order keeps its status. Either
 * way the payment is refunded and the organiser told, by the follow-up. Once per checkout session: the same
 * payment reported again (a new event id) finds its audit entry and does nothing.
 */
async function holdForReview(
  tx: Tx,
  current: OrderRow,
  paid: PaidSession,
  differs: PaymentMismatch,
  quantities: Array<{ ticketTypeId: string; quantity: number }>,
): Promise<FulfilmentFollowUp | null> {
  const [seen] = await tx
    .select({ id: orderChange.id })
    .from(orderChange)
    .where(
      and(
        eq(orderChange.orderId, current.id),
        eq(orderChange.action, 'payment_review'),
        sql`${orderChange.detail}->>'session_id' = ${paid.sessionId}`,
      ),
    )
    .limit(1);
  if (seen) return null;
  const awaiting =
    current.status === 'pending' ||
    current.status === 'expired' ||
    (current.status === 'cancelled' && !current.paymentIntentId);
  const now = new Date();
  if (awaiting) {
    if (current.status === 'pending') {
      // Codes and the buyer's row before the counters, the order in which holds lock them (decision 043).
      await giveBackCodesAndBuyer(tx, current);
      await releaseHeldTickets(tx, current.eventId, quantities);
    }
    await tx
      .update(order)
      .set({ status: 'payment_review', holdExpiresAt: null, paymentIntentId: paid.paymentIntentId, updatedAt: now })
      .where(eq(order.id, current.id));
  }
  await tx.insert(orderChange).values({
    organizationId: current.organizationId,
    orderId: current.id,
    action: 'payment_review',
    fromStatus: current.status,
    toStatus: awaiting ? 'payment_review' : current.status,
    actorType: 'provider',
    at: now,
    // Facts only: what differed, what was charged and what was due. Never the other account's id or a person.
    detail: {
      reasons: differs,
      session_id: paid.sessionId,
      payment_intent_id: paid.paymentIntentId,
      paid_amount_minor: paid.amountTotal,
      paid_currency: paid.currency?.toUpperCase() ?? null,
      expected_amount_minor: current.amountMinor + current.feeMinor,
      expected_currency: current.currency,
    },
  });
  return {
    kind: 'payment_review',
    orderId: current.id,
    organizationId: current.organizationId,
    sessionId: paid.sessionId,
    paymentIntentId: paid.paymentIntentId,
  };
}

/**
 * The order has already taken a payment: paid (or refunded since, in part or in full), or cancelled with its payment
 * kept for a refund. A cancelled order without one was a hold the fan gave up, still open to a late payment.
 */
function alreadyPaid(current: OrderRow): boolean {
  if (['paid', 'partially_refunded', 'refunded'].includes(current.status)) return true;
  return current.status === 'cancelled' && current.paymentIntentId !== null;
}

async function lockOrder(tx: Tx, paid: PaidSession): Promise<OrderRow | undefined> {
  const bySession = await tx
    .select()
    .from(order)
    .where(eq(order.checkoutSessionId, paid.sessionId))
    .for('update')
    .limit(1);
  if (bySession[0]) return bySession[0];
  if (!paid.orderId || !/^[0-9a-f-]{36}$/.test(paid.orderId)) return undefined;
  const byId = await tx.select().from(order).where(eq(order.id, paid.orderId)).for('update').limit(1);
  return byId[0];
}

/** Queues a fulfilment's follow-up jobs (e-mails, a refund) inside its transaction: the checkout notifier. */
export interface FollowUpQueue {
  queueFollowUp(tx: Tx, followUp: FulfilmentFollowUp): Promise<void>;
}

/**
 * Applies a paid checkout session and queues its follow-up with `followUps`; returns the follow-up (nothing for a
 * repeat).
 */
export async function fulfilPaidSession(
  tx: Tx,
  paid: PaidSession,
  followUps?: FollowUpQueue | null,
): Promise<FulfilmentFollowUp | null> {
  const queued = async (followUp: FulfilmentFollowUp) => {
    await followUps?.queueFollowUp(tx, followUp);
    return followUp;
  };
  const current = await lockOrder(tx, paid);
  if (!current) return null;
  // Checked before anything else: a payment that is not this order's is refunded whatever the order's state.
  const differs = await paymentMismatch(tx, current, paid);
  if (differs.length > 0) {
    const lines = await tx.select().from(orderLine).where(eq(orderLine.orderId, current.id));
    const quantities = lines.map((line) => ({ ticketTypeId: line.ticketTypeId, quantity: line.quantity }));
    const followUp = await holdForReview(tx, current, paid, differs, quantities);
    return followUp ? queued(followUp) : null;
  }
  // A matching payment for an order that already took another one (a second checkout of the same order): not
  // needed, so refunded in full through the review, the order and its tickets unchanged. The order's own payment
  // reported again (the same payment intent) is not a second payment: nothing to do.
  if (paid.paymentIntentId && paid.paymentIntentId !== current.paymentIntentId && alreadyPaid(current)) {
    const followUp = await holdForReview(tx, current, paid, ['duplicate'], []);
    return followUp ? queued(followUp) : null;
  }
  // An order held for review gave its hold back like an expired one: its own payment, arriving after a stray one,
  // is a late payment (honoured while tickets remain, else refunded).
  if (!['pending', 'expired', 'cancelled', 'payment_review'].includes(current.status)) return null;
  // A cancelled order that already carries this payment is waiting for its refund: nothing new to do.
  if (current.status === 'cancelled' && current.paymentIntentId) return null;
  return settleOrder(tx, current, { ...paid, actorType: 'provider' }, queued);
}

/**
 * How an order is settled: the provider's payment, or for an order that comes to nothing (a free order, decision
 * 124) the fan's confirmation, with no session and no payment.
 */
export interface Settlement {
  sessionId: string | null;
  paymentIntentId: string | null;
  paidAt: Date;
  actorType: 'provider' | 'fan';
}

/**
 * The one way an order becomes sold tickets, for a provider's payment and a free order alike: the hold (or, late,
 * the places again) becomes sold, the order paid, its tickets made, the buyer's and the day's roll-ups moved and the
 * e-mails queued. An event cancelled meanwhile sells nothing.
 */
async function settleOrder(
  tx: Tx,
  current: OrderRow,
  paid: Settlement,
  queued: (followUp: FulfilmentFollowUp) => Promise<FulfilmentFollowUp>,
): Promise<FulfilmentFollowUp> {
  const lines = await tx.select().from(orderLine).where(eq(orderLine.orderId, current.id));
  const quantities = lines.map((line) => ({ ticketTypeId: line.ticketTypeId, quantity: line.quantity }));
  const now = new Date();
  const base = { organizationId: current.organizationId, orderId: current.id, actorType: paid.actorType, at: now };

  // The event was cancelled meanwhile: nothing is sold, the hold (if any) goes back and the payment is refunded.
  const [eventRow] = await tx.select({ status: event.status }).from(event).where(eq(event.id, current.eventId));
  if (eventRow?.status === 'cancelled') {
    if (current.status === 'pending') await releaseHeldTickets(tx, current.eventId, quantities);
    await tx
      .update(order)
      .set({
        status: 'cancelled',
        holdExpiresAt: null,
        paymentIntentId: paid.paymentIntentId,
        checkoutSessionId: paid.sessionId,
        updatedAt: now,
      })
      .where(eq(order.id, current.id));
    await tx.insert(orderChange).values({
      ...base,
      action: 'payment_after_cancellation',
      fromStatus: current.status,
      toStatus: 'cancelled',
      detail: { reason: 'The event was cancelled before the payment arrived' },
    });
    return queued({ kind: 'refund_unfulfilled', orderId: current.id, organizationId: current.organizationId });
  }

  // A hold's counters move as late as possible: every hold of the event updates the same event row, so the sale
  // locks it only for its last statement and the commit, not for all of those below.
  // A sale that may take resale listings moves them first, as claimListings needs.
  let countersMoved = current.status !== 'pending';
  const countSale = async (then?: (gate: SQL) => SQL) => {
    if (countersMoved) return false;
    countersMoved = true;
    await sellHeldTickets(tx, current.eventId, quantities, then);
    return true;
  };
  const late = current.status !== 'pending';
  if (late) {
    let usedUp: string | null = null;
    try {
      // A savepoint, so a partial claim (one type fits, the venue does not) is undone on its own. Places owed to
      // the waiting list are not taken; the codes' uses and the buyer's tickets are taken again, within limits.
      await tx.transaction(async (savepoint) => {
        usedUp = await retakeLatePlaces(savepoint, current, quantities);
        if (usedUp) throw new NotEnoughTickets(null);
      });
    } catch (error) {
      if (!(error instanceof NotEnoughTickets)) throw error;
      await tx
        .update(order)
        .set({
          status: 'cancelled',
          paymentIntentId: paid.paymentIntentId,
          checkoutSessionId: paid.sessionId,
          updatedAt: now,
        })
        .where(eq(order.id, current.id));
      await tx.insert(orderChange).values({
        ...base,
        action: 'payment_after_sell_out',
        fromStatus: current.status,
        toStatus: 'cancelled',
        detail: {
          reason: usedUp ?? 'The hold had expired and the tickets sold out before the payment arrived',
        },
      });
      return queued({ kind: 'refund_unfulfilled', orderId: current.id, organizationId: current.organizationId });
    }
  }

  // Sold out apart from resale listings: this sale took listed places (decision 035).
  await claimListings(tx, current, quantities, countSale);
  await tx
    .update(order)
    .set({
      status: 'paid',
      paidAt: paid.paidAt,
      paymentIntentId: paid.paymentIntentId,
      checkoutSessionId: paid.sessionId,
      holdExpiresAt: null,
      updatedAt: now,
    })
    .where(eq(order.id, current.id));
  await tx.insert(orderChange).values({
    ...base,
    action: late ? 'paid_late' : 'paid',
    fromStatus: current.status,
    toStatus: 'paid',
  });
  const holder = `${current.firstName} ${current.lastName}`.trim();
  // Each ticket carries its checkout slot's name and answers when the event asked for them (decision 130).
  const holders = await holdersForTickets(tx, current, lines, holder);
  await tx.insert(ticket).values(
    lines.flatMap((line, lineIndex) =>
      holders[lineIndex]!.map((assigned) => ({
        organizationId: current.organizationId,
        orderId: current.id,
        orderLineId: line.id,
        eventId: current.eventId,
        ticketTypeId: line.ticketTypeId,
        code: newTicketCode(),
        holderName: assigned.holderName,
        slot: assigned.slot,
      })),
    ),
  );
  await recordBuyer(tx, { ...current, paidAt: paid.paidAt });
  const followUp = await queued({
    kind: 'paid',
    orderId: current.id,
    organizationId: current.organizationId,
    paymentIntentId: paid.paymentIntentId,
  });
  // The rows every sale of the organiser or the event updates come last, in one statement, so each sale locks them
  // for that statement and the commit only (decisions 040, 041): the type's and the event's counters, then the
  // organiser's day of sales.
  const sale = { ...current, paidAt: paid.paidAt };
  // Its receipt (decision 137), numbered just before the counters: the organisation's receipt series row is held
  // for the counters' statement and the commit. Every transaction takes it before the counters (no deadlock).
  await issueReceipt(tx, { ...sale, status: 'paid', paymentIntentId: paid.paymentIntentId }, now);
  await forgetPastDay(tx, sale);
  if (!(await countSale((gate) => dailySaleUpsert(sale, gate)))) await tx.execute(dailySaleUpsert(sale));
  // Credit notes for the resale listings this sale took, after the counters (as a refund takes them).
  await issueResaleCreditNotes(tx, current, now);
  return followUp;
}

/**
 * Confirms a free order (decision 124): one that comes to nothing is settled at once by the fan's own submission,
 * through the same settlement a payment takes, with no provider. Only a pending order whose hold still runs and
 * whose total is 0; anything else answers null (the caller says why from the order).
 */
export async function confirmFreeOrder(
  tx: Tx,
  orderId: string,
  now: Date,
  followUps?: FollowUpQueue | null,
): Promise<FulfilmentFollowUp | null> {
  const [current] = await tx.select().from(order).where(eq(order.id, orderId)).for('update').limit(1);
  if (!current || current.status !== 'pending' || !isFreeOrder(current)) return null;
  if (!current.holdExpiresAt || current.holdExpiresAt.getTime() <= now.getTime()) return null;
  return settleOrder(
    tx,
    current,
    { sessionId: null, paymentIntentId: null, paidAt: now, actorType: 'fan' },
    async (followUp) => {
      await followUps?.queueFollowUp(tx, followUp);
      return followUp;
    },
  );
}

/**
 * A checkout session the provider reports as expired: a still-pending order gives its hold back, with its codes'
 * uses and its tickets toward the buyer's limit (codes and buyer first, the order in which holds lock them).
 */
export async function expireSessionOrder(tx: Tx, sessionId: string): Promise<boolean> {
  const [current] = await tx
    .select()
    .from(order)
    .where(and(eq(order.checkoutSessionId, sessionId), eq(order.status, 'pending')))
    .for('update')
    .limit(1);
  if (!current) return false;
  const lines = await tx.select().from(orderLine).where(eq(orderLine.orderId, current.id));
  await giveBackCodesAndBuyer(tx, current);
  await releaseHeldTickets(
    tx,
    current.eventId,
    lines.map((line) => ({ ticketTypeId: line.ticketTypeId, quantity: line.quantity })),
  );
  const now = new Date();
  await tx.update(order).set({ status: 'expired', updatedAt: now }).where(eq(order.id, current.id));
  await tx.insert(orderChange).values({
    organizationId: current.organizationId,
    orderId: current.id,
    action: 'expired',
    fromStatus: 'pending',
    toStatus: 'expired',
    actorType: 'provider',
    at: now,
  });
  return true;
}
