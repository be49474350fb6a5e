// Turning a confirmed payment into tickets, exactly once. Runs inside the webhook's transaction (which also
// records the provider's event id), with the order row locked: a paid order is never paid again, a hold
// becomes sold tickets, and a payment whose hold had already been released is honoured while tickets remain for
// the public (`late-payment.ts`) and otherwise marked for an automatic refund. The per-day sales and the buyer's totals move in the same
// transaction.
import { and, eq, sql } from 'drizzle-orm';
import {
  customer,
  customerEvent,
  customerSpend,
  event,
  order,
  orderChange,
  orderLine,
  salesDaily,
  ticket,
} from '../../db/schema/index.js';
import { newTicketCode } from './codes.js';
import { forgetPastPeriods } from '../analytics/analytics.past.js';
import { claimListings } from '../resale/resale.service.js';
import { NotEnoughTickets, releaseHeldTickets, sellHeldTickets, type Tx } from './inventory.js';
import { retakeLatePlaces } from './late-payment.js';
import type { OrderRow } from './checkout.service.js';

/** What the fulfilment still needs (e-mails, a refund): queued as jobs in the same transaction. */
export type FulfilmentFollowUp =
  | { kind: 'paid'; orderId: string; organizationId: string }
  | { kind: 'refund_unfulfilled'; orderId: string; organizationId: string };

export interface PaidSession {
  sessionId: string;
  orderId: string | null;
  paymentIntentId: string | null;
  /** Epoch seconds of the provider's event. */
  paidAt: Date;
}

/** Reads what fulfilment needs from a Stripe-shaped checkout.session object. */
export function readPaidSession(object: Record<string, unknown>, created: number): PaidSession | null {
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
  };
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

/** Applies a paid checkout session; returns the follow-up to queue (nothing for a repeat). */
export async function fulfilPaidSession(tx: Tx, paid: PaidSession): Promise<FulfilmentFollowUp | null> {
  const current = await lockOrder(tx, paid);
  if (!current) return null;
  if (current.status !== 'pending' && current.status !== 'expired' && current.status !== 'cancelled') return null;
  // A cancelled order that already carries this payment is waiting for its refund: nothing new to do.
  if (current.status === 'cancelled' && current.paymentIntentId) return null;
  const lines = await tx.select().from(orderLine).where(eq(orderLine.orderId, current.id));
  const quantities = lines.map((line) => ({ ticketTypeId: line.ticketTypeId, quantity: line.quantity }));
  const now = new Date();
  const base = { organizationId: current.organizationId, orderId: current.id, actorType: 'provider' as const, at: now };

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
    return { kind: 'refund_unfulfilled', orderId: current.id, organizationId: current.organizationId };
  }

  // A hold's counters move as late as possible: every hold of the event updates the same event row, so the sale
  // locks it only for its last statements (the follow-up job and the commit), not for all of those below.
  // A sale that may take resale listings moves them first, as claimListings needs.
  let countersMoved = current.status !== 'pending';
  const countSale = async () => {
    if (countersMoved) return;
    countersMoved = true;
    await sellHeldTickets(tx, current.eventId, quantities);
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
      return { kind: 'refund_unfulfilled', orderId: current.id, organizationId: current.organizationId };
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
  await tx.insert(ticket).values(
    lines.flatMap((line) =>
      Array.from({ length: line.quantity }, () => ({
        organizationId: current.organizationId,
        orderId: current.id,
        orderLineId: line.id,
        eventId: current.eventId,
        ticketTypeId: line.ticketTypeId,
        code: newTicketCode(),
        holderName: holder,
      })),
    ),
  );
  await recordSale(tx, { ...current, paidAt: paid.paidAt });
  await countSale();
  return { kind: 'paid', orderId: current.id, organizationId: current.organizationId };
}

/** The per-day sales roll-up and the buyer's totals, moved by one paid order. */
export async function recordSale(tx: Tx, paidOrder: OrderRow & { paidAt: Date }) {
  await recordDailySale(tx, paidOrder);
  await recordBuyer(tx, paidOrder);
}

/** The per-day sales roll-up alone (a door sale without a buyer's e-mail has no customer). */
export async function recordDailySale(tx: Tx, paidOrder: OrderRow & { paidAt: Date }) {
  const day = paidOrder.paidAt.toISOString().slice(0, 10);
  // A payment confirmed late and dated before today changes a finished period's buyers.
  if (day < new Date().toISOString().slice(0, 10)) await forgetPastPeriods(tx, paidOrder.organizationId, day);
  await tx
    .insert(salesDaily)
    .values({
      organizationId: paidOrder.organizationId,
      eventId: paidOrder.eventId,
      day,
      currency: paidOrder.currency,
      orders: 1,
      tickets: paidOrder.quantity,
      revenueMinor: paidOrder.amountMinor,
      feeMinor: paidOrder.feeMinor,
    })
    .onConflictDoUpdate({
      target: [salesDaily.organizationId, salesDaily.eventId, salesDaily.day, salesDaily.currency],
      set: {
        orders: sql`${salesDaily.orders} + 1`,
        tickets: sql`${salesDaily.tickets} + ${paidOrder.quantity}`,
        revenueMinor: sql`${salesDaily.revenueMinor} + ${paidOrder.amountMinor}`,
        feeMinor: sql`${salesDaily.feeMinor} + ${paidOrder.feeMinor}`,
      },
    });
}

async function recordBuyer(tx: Tx, paidOrder: OrderRow & { paidAt: Date }) {
  const paidAt = paidOrder.paidAt.toISOString();
  const [buyer] = await tx
    .insert(customer)
    .values({
      organizationId: paidOrder.organizationId,
      email: paidOrder.customerEmail,
      firstName: paidOrder.firstName,
      lastName: paidOrder.lastName,
      phone: paidOrder.phone,
      country: paidOrder.country,
      marketingConsent: paidOrder.marketingConsent,
      orders: 1,
      tickets: paidOrder.quantity,
      firstPurchaseAt: paidOrder.paidAt,
      lastPurchaseAt: paidOrder.paidAt,
      spendCurrency: paidOrder.currency,
      spendMinor: paidOrder.amountMinor,
    })
    .onConflictDoUpdate({
      target: [customer.organizationId, customer.email],
      set: {
        // Name, phone, country and consent follow the buyer's latest order.
        firstName: sql`case when ${customer.lastPurchaseAt} <= ${paidAt}::timestamptz then excluded.first_name else ${customer.firstName} end`,
        lastName: sql`case when ${customer.lastPurchaseAt} <= ${paidAt}::timestamptz then excluded.last_name else ${customer.lastName} end`,
        phone: sql`case when ${customer.lastPurchaseAt} <= ${paidAt}::timestamptz then excluded.phone else ${customer.phone} end`,
        country: sql`case when ${customer.lastPurchaseAt} <= ${paidAt}::timestamptz then excluded.country else ${customer.country} end`,
        marketingConsent: sql`case when ${customer.lastPurchaseAt} <= ${paidAt}::timestamptz then excluded.marketing_consent else ${customer.marketingConsent} end`,
        orders: sql`${customer.orders} + 1`,
        tickets: sql`${customer.tickets} + ${paidOrder.quantity}`,
        firstPurchaseAt: sql`least(${customer.firstPurchaseAt}, excluded.first_purchase_at)`,
        lastPurchaseAt: sql`greatest(${customer.lastPurchaseAt}, excluded.last_purchase_at)`,
        // The sort key is the spend in the buyer's first currency; other currencies only go to customer_spend.
        spendMinor: sql`case when ${customer.spendCurrency} = excluded.spend_currency then ${customer.spendMinor} + excluded.spend_minor else ${customer.spendMinor} end`,
      },
    })
    .returning({ id: customer.id });
  const customerId = buyer!.id;
  const scope = { organizationId: paidOrder.organizationId, customerId };
  await tx
    .insert(customerSpend)
    .values({ ...scope, currency: paidOrder.currency, amountMinor: paidOrder.amountMinor })
    .onConflictDoUpdate({
      target: [customerSpend.customerId, customerSpend.currency],
      set: { amountMinor: sql`${customerSpend.amountMinor} + excluded.amount_minor` },
    });
  const firstForEvent = await tx
    .insert(customerEvent)
    .values({ ...scope, eventId: paidOrder.eventId, tickets: paidOrder.quantity, firstPurchaseAt: paidOrder.paidAt })
    .onConflictDoNothing()
    .returning({ eventId: customerEvent.eventId });
  if (firstForEvent.length > 0) {
    await tx
      .update(customer)
      .set({ events: sql`${customer.events} + 1` })
      .where(eq(customer.id, customerId));
  } else {
    await tx
      .update(customerEvent)
      .set({
        tickets: sql`${customerEvent.tickets} + ${paidOrder.quantity}`,
        firstPurchaseAt: sql`least(${customerEvent.firstPurchaseAt}, ${paidAt}::timestamptz)`,
      })
      .where(and(eq(customerEvent.customerId, customerId), eq(customerEvent.eventId, paidOrder.eventId)));
  }
}

/** What a refund takes out of the roll-ups: tickets, ticket revenue, booking fee, and whether the order goes. */
export interface SalePart {
  tickets: number;
  amountMinor: number;
  feeMinor: number;
  /** The order is now refunded in full: it stops counting as an order (and as a buyer's order). */
  wholeOrder: boolean;
}

/** What of a paid order still counts in the roll-ups (earlier partial refunds are out already). */
export const remainingSale = (current: OrderRow): SalePart => ({
  tickets: Math.max(current.quantity - current.refundedTickets, 0),
  // Partial refunds give back ticket prices only (decision 032), so refundedMinor is all ticket revenue here.
  amountMinor: Math.max(current.amountMinor - current.refundedMinor, 0),
  feeMinor: current.feeMinor,
  wholeOrder: true,
});

/**
 * Takes a refund back out of the per-day sales (the day the order was paid) and the buyer's totals: by default
 * everything of the order that still counts; a partial refund passes its own part (decision 032).
 */
export async function unrecordSale(
  tx: Tx,
  refundedOrder: OrderRow & { paidAt: Date },
  part: SalePart = remainingSale(refundedOrder),
) {
  const day = refundedOrder.paidAt.toISOString().slice(0, 10);
  const orders = part.wholeOrder ? 1 : 0;
  await tx
    .update(salesDaily)
    .set({
      orders: sql`${salesDaily.orders} - ${orders}`,
      tickets: sql`${salesDaily.tickets} - ${part.tickets}`,
      revenueMinor: sql`${salesDaily.revenueMinor} - ${part.amountMinor}`,
      feeMinor: sql`${salesDaily.feeMinor} - ${part.feeMinor}`,
    })
    .where(
      and(
        eq(salesDaily.organizationId, refundedOrder.organizationId),
        eq(salesDaily.eventId, refundedOrder.eventId),
        eq(salesDaily.day, day),
        eq(salesDaily.currency, refundedOrder.currency),
      ),
    );
  // The buyer's totals lose the refund: spend in its currency, the tickets for its event (and the event itself
  // when none are left), and the order when it is refunded in full.
  const [buyer] = await tx
    .update(customer)
    .set({
      orders: sql`greatest(${customer.orders} - ${orders}, 0)`,
      tickets: sql`greatest(${customer.tickets} - ${part.tickets}, 0)`,
      spendMinor: sql`case when ${customer.spendCurrency} = ${refundedOrder.currency} then greatest(${customer.spendMinor} - ${part.amountMinor}, 0) else ${customer.spendMinor} end`,
    })
    .where(
      and(eq(customer.organizationId, refundedOrder.organizationId), eq(customer.email, refundedOrder.customerEmail)),
    )
    .returning({ id: customer.id, orders: customer.orders, firstPurchaseAt: customer.firstPurchaseAt });
  if (!buyer) return;
  if (buyer.orders === 0) {
    // A customer is a buyer with a paid order: with none left they leave the Customers page and the dashboard's
    // count together (customer_monthly's trigger follows orders > 0); their spend and events rows go with them.
    await tx.delete(customer).where(eq(customer.id, buyer.id));
    // No longer a New Customer of the period of their first purchase (nor counted apart from the returning
    // ones after it): the kept counts of finished periods from that day on are counted again.
    await forgetPastPeriods(tx, refundedOrder.organizationId, buyer.firstPurchaseAt.toISOString().slice(0, 10));
    return;
  }
  await tx
    .update(customerSpend)
    .set({ amountMinor: sql`greatest(${customerSpend.amountMinor} - ${part.amountMinor}, 0)` })
    .where(and(eq(customerSpend.customerId, buyer.id), eq(customerSpend.currency, refundedOrder.currency)));
  const [bought] = await tx
    .update(customerEvent)
    .set({ tickets: sql`greatest(${customerEvent.tickets} - ${part.tickets}, 0)` })
    .where(and(eq(customerEvent.customerId, buyer.id), eq(customerEvent.eventId, refundedOrder.eventId)))
    .returning({ tickets: customerEvent.tickets });
  if (bought && bought.tickets === 0 && part.wholeOrder) {
    await tx
      .delete(customerEvent)
      .where(and(eq(customerEvent.customerId, buyer.id), eq(customerEvent.eventId, refundedOrder.eventId)));
    await tx
      .update(customer)
      .set({ events: sql`greatest(${customer.events} - 1, 0)` })
      .where(eq(customer.id, buyer.id));
  }
}

/** A checkout session the provider reports as expired: a still-pending order gives its hold back. */
export async function expireSessionOrder(tx: Tx, sessionId: string): Promise<boolean> {
  const [current] = await tx
    .select()
    .from(order)
    .where(and(eq(order.checkoutSessionId, sessionId), eq(order.status, 'pending')))
    .for('update')
    .limit(1);
  if (!current) return false;
  const lines = await tx.select().from(orderLine).where(eq(orderLine.orderId, current.id));
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
