// The roll-ups a sale moves in its own transaction: the organiser's sales per event and day (`sales_daily`) and
// the buyer's totals (`customer`, its spend per currency and its events), and what a refund takes back out. The
// dashboard's and the customers pages' figures read these instead of the orders (decisions 009 and 037).
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { customer, customerEvent, customerSpend, salesDaily } from '../../db/schema/index.js';
import { forgetPastPeriods } from '../analytics/analytics.past.js';
import type { Tx } from '../../db/tx.js';
import type { OrderRow } from './hold-types.js';

/** The buyer's totals and the per-day sales roll-up (a row every sale of the day updates, so last). */
export async function recordSale(tx: Tx, paidOrder: OrderRow & { paidAt: Date }) {
  await recordBuyer(tx, paidOrder);
  await recordDailySale(tx, paidOrder);
}

/** The per-day sales roll-up alone (a door sale without a buyer's e-mail has no customer). */
export async function recordDailySale(tx: Tx, paidOrder: OrderRow & { paidAt: Date }) {
  await forgetPastDay(tx, paidOrder);
  await tx.execute(dailySaleUpsert(paidOrder));
}

/** A payment confirmed late and dated before today changes a finished period's buyers: run before the roll-up. */
export async function forgetPastDay(tx: Tx, paidOrder: OrderRow & { paidAt: Date }) {
  const day = dayOf(paidOrder.paidAt);
  if (day < dayOf(new Date())) await forgetPastPeriods(tx, paidOrder.organizationId, day);
}

const dayOf = (instant: Date) => instant.toISOString().slice(0, 10);

/**
 * The sale's upsert into its day's row of `sales_daily`, written only where `gate` holds, so a larger statement can
 * run it after the counters it waits for (`sellHeldTickets`).
 */
export function dailySaleUpsert(paidOrder: OrderRow & { paidAt: Date }, gate: SQL = sql`true`): SQL {
  // An absorbed booking fee (decision 135) is the organiser's cost of the sale and is never refunded: a refund
  // (unrecordSale) leaves it in the roll-up.
  return sql`insert into sales_daily (organization_id, event_id, day, currency, orders, tickets, revenue_minor, fee_minor,
      absorbed_fee_minor)
    select ${paidOrder.organizationId}, ${paidOrder.eventId}::uuid, ${dayOf(paidOrder.paidAt)}::date,
      ${paidOrder.currency}, 1, ${paidOrder.quantity}::int, ${paidOrder.amountMinor}::bigint, ${paidOrder.feeMinor}::bigint,
      ${paidOrder.absorbedFeeMinor}::bigint
    where ${gate}
    on conflict (organization_id, event_id, day, currency) do update set
      orders = sales_daily.orders + excluded.orders, tickets = sales_daily.tickets + excluded.tickets,
      revenue_minor = sales_daily.revenue_minor + excluded.revenue_minor,
      fee_minor = sales_daily.fee_minor + excluded.fee_minor,
      absorbed_fee_minor = sales_daily.absorbed_fee_minor + excluded.absorbed_fee_minor`;
}

export async function recordBuyer(tx: Tx, paidOrder: OrderRow & { paidAt: Date }) {
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
