// The organiser's view of orders: one event's orders (newest first, searched and paged in the database) and
// one order's detail with its lines, add-ons, tickets and audit trail. Read-only; every query is scoped by the
// caller's organisation, so another organisation's event or order is simply not found.
import { and, asc, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import {
  formatMoney,
  toCurrencyCode,
  ORDERS_PAGE_SIZE,
  type CurrencyCode,
  type OrderDetail,
  type OrderSummary,
  type OrdersPage,
} from '@marquee/shared';
import type { Database } from '../../db/client.js';
import { event, order, orderChange, orderLine, orderRefund, ticket, user } from '../../db/schema/index.js';
import { deviceLabel } from '../audit/audit.js';
import { AppError } from '../../lib/errors.js';
import { EVENT_NOT_FOUND } from '../events/events.service.js';
import { answersOf, answersOfOrders } from '../questions/answers.read.js';
import { findBilling, listOrderDocuments } from '../receipts/documents.service.js';
import { orderAddOnLines } from '../add-ons/order-add-on-lines.js';

type OrderRow = typeof order.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const ORDER_NOT_FOUND = 'Order not found';

const ACTOR_LABELS = { fan: 'Fan', provider: 'Payment provider', system: 'System' } as const;

/** A short line of a change's facts for the trail: amount, tickets, reason, new ticket. */
function changeNote(detail: unknown, currency: string): string | null {
  if (!detail || typeof detail !== 'object') return null;
  const facts = detail as Record<string, unknown>;
  const parts: string[] = [];
  if (typeof facts.amount_minor === 'number')
    parts.push(formatMoney(facts.amount_minor, toCurrencyCode(String(facts.currency ?? currency))));
  if (Array.isArray(facts.tickets) && facts.tickets.length > 0) parts.push(facts.tickets.join(', '));
  if (typeof facts.new_ticket === 'string')
    parts.push(
      `${String(facts.ticket)} → ${facts.new_ticket}${typeof facts.to_name === 'string' ? ` (${facts.to_name})` : ''}`,
    );
  // Resale (decision 035): the listed ticket, its face value and the other side's order.
  if (typeof facts.price_minor === 'number')
    parts.push(`${formatMoney(facts.price_minor, toCurrencyCode(String(facts.currency ?? currency)))} face value`);
  if (typeof facts.ticket === 'string' && typeof facts.new_ticket !== 'string') parts.push(facts.ticket);
  if (typeof facts.buyer_order === 'string') parts.push(`bought by order ${facts.buyer_order}`);
  if (typeof facts.seller_order === 'string') parts.push(`from order ${facts.seller_order}`);
  if (typeof facts.reason === 'string' && facts.reason) parts.push(facts.reason);
  return parts.length > 0 ? parts.join(' · ') : null;
}

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
    door_payment: row.paymentProvider === 'door_cash' ? 'cash' : row.paymentProvider === 'door_card' ? 'card' : null,
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

  const [lines, tickets, changes, refunds, eventRow, answered, addOns, documents, billing] = await Promise.all([
    db
      .select()
      .from(orderLine)
      .where(and(eq(orderLine.organizationId, organizationId), eq(orderLine.orderId, row.id)))
      .orderBy(asc(orderLine.name), asc(orderLine.id)),
    db
      .select({ ticket, typeName: orderLine.name, unitPriceMinor: orderLine.unitPriceMinor })
      .from(ticket)
      .innerJoin(orderLine, eq(orderLine.id, ticket.orderLineId))
      .where(and(eq(ticket.organizationId, organizationId), eq(ticket.orderId, row.id)))
      .orderBy(asc(ticket.createdAt), asc(ticket.code)),
    db
      .select({ change: orderChange, userName: user.name, ticketCode: ticket.code })
      .from(orderChange)
      .leftJoin(user, eq(user.id, orderChange.actorUserId))
      .leftJoin(ticket, eq(ticket.id, orderChange.ticketId))
      .where(and(eq(orderChange.organizationId, organizationId), eq(orderChange.orderId, row.id)))
      .orderBy(asc(orderChange.at), asc(orderChange.id)),
    db
      .select()
      .from(orderRefund)
      .where(and(eq(orderRefund.organizationId, organizationId), eq(orderRefund.orderId, row.id)))
      .orderBy(asc(orderRefund.createdAt), asc(orderRefund.id)),
    db.select({ refundsAllowed: event.refundsAllowed }).from(event).where(eq(event.id, row.eventId)).limit(1),
    answersOfOrders(db, organizationId, [row.id]),
    orderAddOnLines(db, row),
    listOrderDocuments(db, organizationId, row.id),
    findBilling(db, organizationId, row.id),
  ]);
  const answers = answersOf(answered, row.id);
  const typeNames = new Map(lines.map((line) => [line.ticketTypeId, line.name]));
  const codeOf = new Map(tickets.map(({ ticket: item }) => [item.id, item.code]));

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
    absorbed_fee_minor: row.absorbedFeeMinor,
    refunded_minor: row.refundedMinor,
    refundable_minor:
      row.status === 'paid' || row.status === 'partially_refunded'
        ? Math.max(row.amountMinor - row.refundedMinor, 0)
        : 0,
    refunds_allowed: eventRow[0]?.refundsAllowed ?? false,
    refunds: refunds.map((refund) => ({
      id: refund.id,
      status: refund.status,
      requested_by: refund.requestedBy,
      ticket_codes: refund.ticketIds.map((id) => codeOf.get(id) ?? id),
      amount_minor: refund.amountMinor,
      reason: refund.reason,
      decline_reason: refund.declineReason,
      created_at: refund.createdAt.toISOString(),
    })),
    documents: documents.map((document) => ({
      kind: document.kind,
      number: document.number,
      total_minor: document.totalMinor,
      currency: document.currency,
      issued_at: document.issuedAt.toISOString(),
      cancelled_by: document.cancelledBy,
      cancels: document.cancels,
    })),
    billing: billing ? { company_name: billing.companyName, address: billing.address, vat_id: billing.vatId } : null,
    promo_code: row.promoCode,
    discount_minor: row.discountMinor,
    lines: lines.map((line) => ({
      id: line.id,
      ticket_type_id: line.ticketTypeId,
      name: line.name,
      quantity: line.quantity,
      unit_price_minor: line.unitPriceMinor,
      unit_fee_minor: line.unitFeeMinor,
    })),
    tickets: tickets.map(({ ticket: item, typeName, unitPriceMinor }) => ({
      id: item.id,
      code: item.code,
      type_name: typeName,
      status: item.status,
      checked_in_at: item.checkedInAt?.toISOString() ?? null,
      refunded_minor: item.refundedMinor,
      holder_name: item.holderName,
      holder_email: item.holderEmail,
      unit_price_minor: unitPriceMinor,
      answers: item.slot === null ? [] : (answers.slots.get(item.slot) ?? []),
    })),
    add_ons: addOns.map((line) => ({
      id: line.id,
      add_on_id: line.addOnId,
      name: line.name,
      quantity: line.quantity,
      unit_price_minor: line.unitPriceMinor,
      handed_over: line.handedOver,
    })),
    answers: answers.order,
    attendees: [...answers.holders].map(([slot, holder]) => ({
      slot,
      type_name: typeNames.get(holder.ticketTypeId) ?? '',
      name: holder.name,
      answers: answers.slots.get(slot) ?? [],
    })),
    history: changes.map(({ change, userName, ticketCode }) => ({
      id: change.id,
      action: change.action,
      from_status: change.fromStatus,
      to_status: change.toStatus,
      // An organiser whose account was since deleted is still shown as the organiser.
      actor: change.actorType === 'organiser' ? (userName ?? 'Organiser') : ACTOR_LABELS[change.actorType],
      device: deviceLabel(change.device),
      ticket_code: ticketCode,
      note: changeNote(change.detail, row.currency),
      at: change.at.toISOString(),
    })),
  };
}
