// The right to erasure: deleting a customer anonymises the personal fields of their orders and tickets (name,
// e-mail, phone, consent; ticket holder names; the sent-mail records' recipient) and removes the customer row,
// in one transaction. Amounts, quantities, currencies, countries and the sales roll-up stay, so revenue,
// tickets sold and the organiser's accounts add up as before; each order gets an 'customer_erased' entry in its
// audit trail naming the organiser who did it. The buyer no longer counts in Total Customers (the per-month
// counts follow the deleted row by trigger), so the dashboard and the Customers page keep agreeing.
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  buyerTickets,
  customer,
  order,
  orderAnswer,
  orderChange,
  orderHolder,
  orderMail,
  ticket,
} from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { forgetPastPeriods } from '../analytics/analytics.past.js';
import { CUSTOMER_NOT_FOUND, findCustomer } from './customers.service.js';

export async function eraseCustomer(
  db: Database,
  organizationId: string,
  customerId: string,
  actorUserId: string,
): Promise<{ orders: number }> {
  const { row: found } = await findCustomer(db, organizationId, customerId);
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: customer.id, email: customer.email })
      .from(customer)
      .where(and(eq(customer.id, found.id), eq(customer.organizationId, organizationId)))
      .for('update');
    // Deleted by a concurrent request between the lookup and the lock.
    if (!locked) throw new AppError('NOT_FOUND', CUSTOMER_NOT_FOUND);

    // Every order of this buyer except one still being paid for right now: that fan is mid-checkout, and if
    // they pay they become a customer again (a new one, by the same rule as any buyer).
    const orders = await tx
      .select({ id: order.id })
      .from(order)
      .where(
        and(
          eq(order.organizationId, organizationId),
          eq(order.customerEmail, locked.email),
          ne(order.status, 'pending'),
        ),
      )
      .for('update');
    const orderIds = orders.map((row) => row.id);
    const now = new Date();
    if (orderIds.length > 0) {
      await tx
        .update(order)
        .set({
          firstName: '',
          lastName: '',
          // Unique per order, so erased orders cannot be linked to each other.
          customerEmail: sql`'erased-' || ${order.id}::text || '@erased.invalid'`,
          phone: null,
          marketingConsent: false,
          submissionKey: null,
          updatedAt: now,
        })
        .where(and(eq(order.organizationId, organizationId), inArray(order.id, orderIds)));
      await tx
        .update(ticket)
        .set({ holderName: '' })
        .where(and(eq(ticket.organizationId, organizationId), inArray(ticket.orderId, orderIds)));
      // Names given for each ticket and the checkout answers are personal data too (decision 130).
      await tx
        .update(orderHolder)
        .set({ name: '' })
        .where(and(eq(orderHolder.organizationId, organizationId), inArray(orderHolder.orderId, orderIds)));
      await tx
        .delete(orderAnswer)
        .where(and(eq(orderAnswer.organizationId, organizationId), inArray(orderAnswer.orderId, orderIds)));
      await tx
        .update(orderMail)
        .set({ recipient: sql`'erased-' || ${orderMail.orderId}::text || '@erased.invalid'` })
        .where(and(inArray(orderMail.orderId, orderIds), eq(orderMail.recipient, locked.email)));
      await tx.insert(orderChange).values(
        orderIds.map((orderId) => ({
          organizationId,
          orderId,
          action: 'customer_erased',
          actorType: 'organiser' as const,
          actorUserId,
          detail: { reason: 'Customer deleted: personal data erased' },
          at: now,
        })),
      );
    }
    // Each erased order now counts as a buyer of its own: the kept counts of finished periods are recounted.
    await forgetPastPeriods(tx, organizationId);
    // The per-buyer ticket counts (limits against scalpers) name the address too.
    await tx
      .delete(buyerTickets)
      .where(and(eq(buyerTickets.organizationId, organizationId), eq(buyerTickets.email, locked.email)));
    await tx.delete(customer).where(and(eq(customer.id, locked.id), eq(customer.organizationId, organizationId)));
    return { orders: orderIds.length };
  });
}
