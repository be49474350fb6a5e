// The organiser's view of orders: one event's orders (newest first, searched and paged in the database) and
// one order's detail with its lines, tickets and audit trail. Read-only; every query is scoped by the
// caller's organisation, so another organisation's event or order is simply not found.
import { and, asc, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import {
  ORDERS_PAGE_SIZE,
  type CurrencyCode,
  type OrderDetail,
  type OrderSummary,
  type OrdersPage,
} from '@marquee/shared';
import type { Database } from '../../db/client.js';
import { event, order, orderChange, orderLine, ticket, user } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { EVENT_NOT_FOUND } from '../events/events.service.js';

type OrderRow = typeof order.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const ORDER_NOT_FOUND = 'Order not found';

const ACTOR_LABELS = { fan: 'Fan', provider: 'Payment provider', system: 'System' } as const;

/** The search text as a literal ILIKE pattern: %, _ and \ match only themselves. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

function toSummary(row: OrderRow): OrderSummary {
  return {
    id: row.id,
    code: row.code,
    buyer_name: `${row.firstName} ${row.lastName}`.trim(),
    email: row.customerEmail,
    quantity: row.quantity,
    total_minor: row.amountMinor + row.feeMinor,
    currency: row.currency as CurrencyCode,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    paid_at: row.paidAt ? row.paidAt.toISOString() : null,
    channel: row.channel,
    door_payment:
      row.paymentProvider === 'door_cash' ? 'cash' : row.paymentProvider === 'door_card' ? 'card' : null,
  };
}

export async function listEventOrders(
  db: Database,
  organizationId: string,
  eventId: string,
  query: { search: string; page: number },
): Promise<OrdersPage> {
  const [found] = UUID.test(eventId)
    ? await db
        .select({ id: event.id })
        .from(event)
        .where(and(eq(event.id, eventId), eq(event.organizationId, organizationId)))
        .limit(1)
    : [];
  if (!found) throw new AppError('NOT_FOUND', EVENT_NOT_FOUND);

  const scope = and(eq(order.organizationId, organizationId), eq(order.eventId, found.id));
  let where = scope;
  if (query.search) {
    const pattern = containsPattern(query.search);
    where = and(
      scope,
      or(
        ilike(order.code, pattern),
        ilike(order.customerEmail, pattern),
        ilike(sql`${order.firstName} || ' ' || ${order.lastName}`, pattern),
      ),
    );
  }
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(order)
      .where(where)
      .orderBy(desc(order.createdAt), desc(order.id))
      .limit(ORDERS_PAGE_SIZE)
      .offset((query.page - 1) * ORDERS_PAGE_SIZE),
    db.select({ value: count() }).from(order).where(where),
  ]);
  return { orders: rows.map(toSummary), total: total?.value ?? 0, page: query.page, page_size: ORDERS_PAGE_SIZE };
}

export async function getOrder(db: Database, organizationId: string, orderId: string): Promise<OrderDetail> {
  const [found] = UUID.test(orderId)
    ? await db
        .select({ order, eventName: event.name })
        .from(order)
        .innerJoin(event, eq(event.id, order.eventId))
        .where(and(eq(order.id, orderId), eq(order.organizationId, organizationId)))
        .limit(1)
    : [];
  if (!found) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  const row = found.order;

  const [lines, tickets, changes] = await Promise.all([
    db
      .select()
      .from(orderLine)
      .where(and(eq(orderLine.organizationId, organizationId), eq(orderLine.orderId, row.id)))
      .orderBy(asc(orderLine.name), asc(orderLine.id)),
    db
      .select({ ticket, typeName: orderLine.name })
      .from(ticket)
      .innerJoin(orderLine, eq(orderLine.id, ticket.orderLineId))
      .where(and(eq(ticket.organizationId, organizationId), eq(ticket.orderId, row.id)))
      .orderBy(asc(ticket.createdAt), asc(ticket.code)),
    db
      .select({ change: orderChange, userName: user.name })
      .from(orderChange)
      .leftJoin(user, eq(user.id, orderChange.actorUserId))
      .where(and(eq(orderChange.organizationId, organizationId), eq(orderChange.orderId, row.id)))
      .orderBy(asc(orderChange.at), asc(orderChange.id)),
  ]);

  return {
    ...toSummary(row),
    event: { id: row.eventId, name: found.eventName },
    first_name: row.firstName,
    last_name: row.lastName,
    phone: row.phone,
    country: row.country,
    marketing_consent: row.marketingConsent,
    amount_minor: row.amountMinor,
    fee_minor: row.feeMinor,
    refunded_minor: row.refundedMinor,
    lines: lines.map((line) => ({
      id: line.id,
      ticket_type_id: line.ticketTypeId,
      name: line.name,
      quantity: line.quantity,
      unit_price_minor: line.unitPriceMinor,
      unit_fee_minor: line.unitFeeMinor,
    })),
    tickets: tickets.map(({ ticket: item, typeName }) => ({
      id: item.id,
      code: item.code,
      type_name: typeName,
      status: item.status,
      holder_name: item.holderName,
    })),
    history: changes.map(({ change, userName }) => ({
      id: change.id,
      action: change.action,
      from_status: change.fromStatus,
      to_status: change.toStatus,
      // An organiser whose account was since deleted is still shown as the organiser.
      actor: change.actorType === 'organiser' ? (userName ?? 'Organiser') : ACTOR_LABELS[change.actorType],
      at: change.at.toISOString(),
    })),
  };
}
