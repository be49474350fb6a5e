// The organiser's customers: one buyer per e-mail with a paid order, searched, sorted and paged in the
// database (pages of 50), and one customer's detail with the events they bought. Every query is scoped by the
// caller's organisation; another organisation's customer is not found.
import { and, count, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import {
  CUSTOMERS_PAGE_SIZE,
  CUSTOMER_SEARCH_COUNT_CAP,
  customerStatus,
  type Customer,
  type CustomerColumnKey,
  type CustomerDetail,
  type CustomersPage,
} from '@marquee/shared';
import type { Database } from '../../db/client.js';
import { customer, customerEvent, customerSpend, event, order } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import {
  UUID,
  customerFilter,
  isInTopSpend,
  orderBySql,
  orderSpends,
  organisationFigures,
  type SpendRow,
} from './customers.query.js';
import { statusPageIds } from './customers.status-page.js';

export const CUSTOMER_NOT_FOUND = 'Customer not found';

export type CustomerRow = typeof customer.$inferSelect;

/** What the list and the export need to turn a row into a customer. */
export interface CustomerContext {
  now: Date;
  thresholds: Map<string, number>;
  defaultCurrency: string;
}

export async function customerContext(db: Database, organizationId: string, now = new Date()) {
  const { all, defaultCurrency, thresholds } = await organisationFigures(db, organizationId);
  return { all, context: { now, thresholds, defaultCurrency } satisfies CustomerContext };
}

/** Each customer's spend per currency as one JSON value of the row: [[currency, amount], ...]. */
export const spendsSql = sql<Array<[string, number | string]> | null>`(
  select json_agg(json_build_array(${customerSpend.currency}, ${customerSpend.amountMinor}))
  from ${customerSpend} where ${customerSpend.customerId} = ${customer.id})`;

export function readSpends(value: Array<[string, number | string]> | null, defaultCurrency: string): SpendRow[] {
  return orderSpends(
    (value ?? []).map(([currency, amount]) => ({
      currency: currency as SpendRow['currency'],
      amount_minor: Number(amount),
    })),
    defaultCurrency,
  );
}

export function toCustomer(row: CustomerRow, spends: SpendRow[], context: CustomerContext): Customer {
  return {
    id: row.id,
    name: `${row.firstName} ${row.lastName}`.trim(),
    email: row.email,
    phone: row.phone,
    country: row.country,
    events_attended: row.events,
    total_spent: spends,
    date_joined: row.firstPurchaseAt.toISOString(),
    last_purchase: row.lastPurchaseAt.toISOString(),
    marketing_consent: row.marketingConsent,
    status: customerStatus(
      {
        firstPurchaseAt: row.firstPurchaseAt,
        events: row.events,
        inTopSpend: isInTopSpend(context.thresholds, row.spendCurrency, row.spendMinor),
      },
      context.now,
    ),
  };
}

export function pageOutOfRange(page: number, pageCount: number) {
  return new AppError(
    'BAD_REQUEST',
    `Page ${page} is out of range: there ${pageCount === 1 ? 'is 1 page' : `are ${pageCount} pages`}`,
  );
}

/**
 * A search's matches, counted up to `cap` (decision 037): a search matching most customers stops after `cap` + 1
 * rows instead of reading every customer on each page. `cap` is at least the end of the page asked for, so a page
 * is out of range only when the search has no customers on it.
 */
async function countMatches(db: Database, where: SQL, cap: number) {
  const [row] = await db.select({ value: count() }).from(
    db
      .select({ one: sql`1` })
      .from(customer)
      .where(where)
      .limit(cap + 1)
      .as('matches'),
  );
  const counted = Number(row?.value ?? 0);
  return counted > cap ? { total: cap, capped: true } : { total: counted, capped: false };
}

export async function listCustomers(
  db: Database,
  organizationId: string,
  query: { search: string; sort: CustomerColumnKey; direction: 'asc' | 'desc'; page: number },
  now = new Date(),
): Promise<CustomersPage> {
  const { all, context } = await customerContext(db, organizationId, now);
  const where = customerFilter(organizationId, query.search);
  const offset = (query.page - 1) * CUSTOMERS_PAGE_SIZE;
  const { total, capped } = query.search
    ? await countMatches(db, where, Math.max(CUSTOMER_SEARCH_COUNT_CAP, offset + CUSTOMERS_PAGE_SIZE))
    : { total: all, capped: false };
  const pageCount = Math.max(1, Math.ceil(total / CUSTOMERS_PAGE_SIZE));
  if (query.page > pageCount) throw pageOutOfRange(query.page, pageCount);
  const order = orderBySql(query.sort, query.direction, context.thresholds, now);
  // The page's ids first, from the sort column's index alone (a deep page skips index entries, not rows), then
  // those 50 rows.
  // Sorted by status, the page is read run by run (customers.status-page.ts) instead of sorting every customer.
  const pageIds =
    query.sort === 'status'
      ? await statusPageIds(db, {
          organizationId,
          search: query.search ? where : null,
          direction: query.direction,
          offset,
          thresholds: context.thresholds,
          now,
          all,
        })
      : db
          .select({ id: customer.id })
          .from(customer)
          .where(where)
          .orderBy(...order)
          .limit(CUSTOMERS_PAGE_SIZE)
          .offset(offset);
  const rows =
    Array.isArray(pageIds) && pageIds.length === 0
      ? []
      : await db
          .select({ row: customer, spends: spendsSql })
          .from(customer)
          .where(and(eq(customer.organizationId, organizationId), inArray(customer.id, pageIds)))
          .orderBy(...order);
  return {
    customers: rows.map(({ row, spends }) => toCustomer(row, readSpends(spends, context.defaultCurrency), context)),
    total,
    total_capped: capped,
    page: query.page,
    page_size: CUSTOMERS_PAGE_SIZE,
    page_count: pageCount,
  };
}

/** The caller's organisation's customer with this id, or 404 (another organisation's id included). */
export async function findCustomer(db: Database, organizationId: string, customerId: string) {
  const [found] = UUID.test(customerId)
    ? await db
        .select({ row: customer, spends: spendsSql })
        .from(customer)
        .where(and(eq(customer.id, customerId), eq(customer.organizationId, organizationId)))
        .limit(1)
    : [];
  if (!found || found.row.orders <= 0) throw new AppError('NOT_FOUND', CUSTOMER_NOT_FOUND);
  return found;
}

export async function getCustomer(
  db: Database,
  organizationId: string,
  customerId: string,
  now = new Date(),
): Promise<CustomerDetail> {
  const [{ row, spends }, { context }] = await Promise.all([
    findCustomer(db, organizationId, customerId),
    customerContext(db, organizationId, now),
  ]);
  const [events, codes, comps] = await Promise.all([
    db
      .select({
        id: event.id,
        name: event.name,
        startsAt: event.startsAt,
        artworkUrl: event.artworkUrl,
        tickets: customerEvent.tickets,
        purchasedAt: customerEvent.firstPurchaseAt,
      })
      .from(customerEvent)
      .innerJoin(event, eq(event.id, customerEvent.eventId))
      .where(and(eq(customerEvent.organizationId, organizationId), eq(customerEvent.customerId, row.id)))
      .orderBy(desc(customerEvent.firstPurchaseAt), desc(event.id)),
    db
      .selectDistinct({ eventId: order.eventId, code: order.promoCode })
      .from(order)
      .where(
        and(
          eq(order.organizationId, organizationId),
          eq(order.customerEmail, row.email),
          inArray(order.status, ['paid', 'partially_refunded']),
          isNotNull(order.promoCode),
        ),
      ),
    // Comps given to this address (not purchases, so not in the roll-ups above; decision 126).
    db
      .select({
        eventId: order.eventId,
        eventName: event.name,
        tickets: sql<number>`sum(${order.quantity} - ${order.refundedTickets})::int`,
        issuedAt: sql<string>`min(${order.paidAt})`,
      })
      .from(order)
      .innerJoin(event, eq(event.id, order.eventId))
      .where(
        and(
          eq(order.organizationId, organizationId),
          eq(order.customerEmail, row.email),
          eq(order.channel, 'comp'),
          inArray(order.status, ['paid', 'partially_refunded']),
        ),
      )
      .groupBy(order.eventId, event.name)
      .orderBy(sql`min(${order.paidAt}) desc`),
  ]);
  return {
    ...toCustomer(row, readSpends(spends, context.defaultCurrency), context),
    events: events.map((item) => ({
      id: item.id,
      name: item.name,
      starts_at: item.startsAt ? item.startsAt.toISOString() : null,
      purchased_at: item.purchasedAt.toISOString(),
      tickets: item.tickets,
      image_url: item.artworkUrl || null,
      promo_codes: codes.filter((used) => used.eventId === item.id && used.code).map((used) => used.code!),
    })),
    comps: comps.map((item) => ({
      event_id: item.eventId,
      event_name: item.eventName,
      tickets: item.tickets,
      issued_at: new Date(item.issuedAt).toISOString(),
    })),
  };
}
