// The v1 lists (decision 151): events, orders, attendees (tickets) and customers of the key's organisation, a
// keyset page at a time. Every query is scoped by the organisation; an event_id of another organisation simply
// matches nothing.
import { and, eq } from 'drizzle-orm';
import type { ApiAttendee, ApiCustomer, ApiEvent, ApiOrder } from '@marquee/shared';
import type { Database } from '../../db/client.js';
import { customer, event, order, ticket } from '../../db/schema/index.js';
import { changedSince, cursorText, keyset, pageOf } from './v1-cursor.js';

interface PageQuery {
  cursor?: string;
  limit: number;
}
type Page<T> = { data: T[]; next_cursor: string | null };

const iso = (value: Date | null) => value?.toISOString() ?? null;

export async function listEventsPage(
  db: Database,
  organizationId: string,
  query: PageQuery & { updated_since?: string },
): Promise<Page<ApiEvent>> {
  const { after, order: sort } = keyset({ at: event.createdAt, id: event.id }, query.cursor);
  const rows = await db
    .select({ row: event, cursorAt: cursorText(event.createdAt), id: event.id })
    .from(event)
    .where(and(eq(event.organizationId, organizationId), changedSince(event.updatedAt, query.updated_since), after))
    .orderBy(...sort)
    .limit(query.limit + 1);
  return pageOf(rows, query.limit, ({ row }) => ({
    id: row.id,
    status: row.status,
    name: row.name,
    slug: row.slug,
    location: row.location,
    time_zone: row.timeZone,
    starts_at: iso(row.startsAt),
    ends_at: iso(row.endsAt),
    capacity: row.capacity,
    published_at: iso(row.publishedAt),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }));
}

export async function listOrdersPage(
  db: Database,
  organizationId: string,
  query: PageQuery & { updated_since?: string; event_id?: string },
): Promise<Page<ApiOrder>> {
  const { after, order: sort } = keyset({ at: order.createdAt, id: order.id }, query.cursor);
  const rows = await db
    .select({ row: order, cursorAt: cursorText(order.createdAt), id: order.id })
    .from(order)
    .where(
      and(
        eq(order.organizationId, organizationId),
        query.event_id ? eq(order.eventId, query.event_id) : undefined,
        changedSince(order.updatedAt, query.updated_since),
        after,
      ),
    )
    .orderBy(...sort)
    .limit(query.limit + 1);
  return pageOf(rows, query.limit, ({ row }) => ({
    id: row.id,
    code: row.code,
    event_id: row.eventId,
    status: row.status,
    channel: row.channel,
    buyer_name: `${row.firstName} ${row.lastName}`.trim(),
    email: row.customerEmail,
    quantity: row.quantity,
    amount_minor: row.amountMinor,
    fee_minor: row.feeMinor,
    refunded_minor: row.refundedMinor,
    currency: row.currency,
    created_at: row.createdAt.toISOString(),
    paid_at: iso(row.paidAt),
    updated_at: row.updatedAt.toISOString(),
  }));
}

export async function listAttendeesPage(
  db: Database,
  organizationId: string,
  query: PageQuery & { event_id?: string },
): Promise<Page<ApiAttendee>> {
  const { after, order: sort } = keyset({ at: ticket.createdAt, id: ticket.id }, query.cursor);
  const rows = await db
    .select({ row: ticket, cursorAt: cursorText(ticket.createdAt), id: ticket.id })
    .from(ticket)
    .where(
      and(
        eq(ticket.organizationId, organizationId),
        query.event_id ? eq(ticket.eventId, query.event_id) : undefined,
        after,
      ),
    )
    .orderBy(...sort)
    .limit(query.limit + 1);
  return pageOf(rows, query.limit, ({ row }) => ({
    id: row.id,
    code: row.code,
    event_id: row.eventId,
    order_id: row.orderId,
    ticket_type_id: row.ticketTypeId,
    status: row.status,
    holder_name: row.holderName,
    holder_email: row.holderEmail,
    checked_in_at: iso(row.checkedInAt),
    created_at: row.createdAt.toISOString(),
  }));
}

export async function listCustomersPage(
  db: Database,
  organizationId: string,
  query: PageQuery,
): Promise<Page<ApiCustomer>> {
  const { after, order: sort } = keyset({ at: customer.firstPurchaseAt, id: customer.id }, query.cursor);
  const rows = await db
    .select({ row: customer, cursorAt: cursorText(customer.firstPurchaseAt), id: customer.id })
    .from(customer)
    .where(and(eq(customer.organizationId, organizationId), after))
    .orderBy(...sort)
    .limit(query.limit + 1);
  return pageOf(rows, query.limit, ({ row }) => ({
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    phone: row.phone,
    country: row.country,
    orders: row.orders,
    tickets: row.tickets,
    marketing_consent: row.marketingConsent,
    first_purchase_at: row.firstPurchaseAt.toISOString(),
    last_purchase_at: row.lastPurchaseAt.toISOString(),
  }));
}
