// The SQL pieces the customers list, detail and export share: the search filter, the sort orders (each one
// read from an index), the organisation's top-5%-by-spend thresholds and the status expression that sorting
// by status uses. The status rules themselves live in packages/shared (customerStatus); the SQL here is built
// from the same constants and is checked against that function by the API tests.
import { and, eq, gt, ilike, or, sql, type SQL } from 'drizzle-orm';
import {
  VIP_MIN_EVENTS,
  newCustomerSince,
  topSpendCount,
  type CurrencyCode,
  type CustomerColumnKey,
} from '@marquee/shared';
import type { Database } from '../../db/client.js';
import { customer, customerMonthly, organizationSettings, salesDaily } from '../../db/schema/index.js';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The name as the list shows and sorts it (the index customer_sort_name_idx is on this expression). */
export const nameSql = sql`lower(${customer.firstName} || ' ' || ${customer.lastName})`;

/** The search text as a literal ILIKE pattern: %, _ and \ match only themselves. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/** The organisation's buyers, narrowed by the search (name and e-mail case-insensitive, phone substring). */
export function customerFilter(organizationId: string, search: string): SQL {
  const scope = and(eq(customer.organizationId, organizationId), gt(customer.orders, 0))!;
  if (!search) return scope;
  const pattern = containsPattern(search);
  return and(
    scope,
    or(
      ilike(sql`${customer.firstName} || ' ' || ${customer.lastName}`, pattern),
      ilike(customer.email, pattern),
      sql`${customer.phone} like ${pattern}`,
    ),
  )!;
}

/**
 * Customers in the organisation: the same per-month counts the dashboard's Total Customers reads, so the two
 * figures cannot disagree (and neither costs a scan of every buyer).
 */
export async function countAllCustomers(db: Database, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql`coalesce(sum(${customerMonthly.customers}), 0)` })
    .from(customerMonthly)
    .where(eq(customerMonthly.organizationId, organizationId));
  return Number(row?.total ?? 0);
}

export async function defaultCurrencyOf(db: Database, organizationId: string): Promise<string> {
  const [row] = await db
    .select({ currency: organizationSettings.defaultCurrency })
    .from(organizationSettings)
    .where(eq(organizationSettings.organizationId, organizationId));
  return row?.currency ?? 'GBP';
}

/**
 * The lowest spend that is still in the organisation's top 5%, per currency: customers are ranked by what they
 * spent in their first currency (the list's sort key), and the top floor(5% of all customers) of each currency
 * make it; ties with the last one make it too. Each threshold is one short index walk.
 */
export async function topSpendThresholds(
  db: Database,
  organizationId: string,
  customerCount: number,
): Promise<Map<string, number>> {
  const top = topSpendCount(customerCount);
  if (top === 0) return new Map();
  const currencies = await db
    .selectDistinct({ currency: salesDaily.currency })
    .from(salesDaily)
    .where(eq(salesDaily.organizationId, organizationId));
  const thresholds = new Map<string, number>();
  await Promise.all(
    currencies.map(async ({ currency }) => {
      const [row] = await db
        .select({ spend: customer.spendMinor })
        .from(customer)
        .where(and(eq(customer.organizationId, organizationId), eq(customer.spendCurrency, currency)))
        .orderBy(sql`${customer.spendMinor} desc`)
        .limit(1)
        .offset(top - 1);
      if (row && row.spend > 0) thresholds.set(currency, row.spend);
    }),
  );
  return thresholds;
}

export function isInTopSpend(thresholds: Map<string, number>, currency: string, spendMinor: number): boolean {
  const threshold = thresholds.get(currency);
  return threshold !== undefined && spendMinor > 0 && spendMinor >= threshold;
}

/** customerStatus (packages/shared) as SQL, for sorting by status in the database. */
export function statusSql(thresholds: Map<string, number>, now: Date): SQL {
  const inTopSpend =
    thresholds.size === 0
      ? sql`false`
      : sql`(${customer.spendMinor} > 0 and ${customer.spendMinor} >= case ${customer.spendCurrency} ${sql.join(
          [...thresholds].map(([currency, threshold]) => sql`when ${currency} then ${threshold}::bigint`),
          sql` `,
        )} end)`;
  return sql`case when ${customer.firstPurchaseAt} >= ${newCustomerSince(now).toISOString()}::timestamptz then 'New' when ${customer.events} >= ${VIP_MIN_EVENTS} or coalesce(${inTopSpend}, false) then 'VIP' else 'Active' end`;
}

/** ORDER BY for a column and direction; the id breaks ties so pages never overlap. */
export function orderBySql(
  sort: CustomerColumnKey,
  direction: 'asc' | 'desc',
  thresholds: Map<string, number>,
  now: Date,
): SQL[] {
  const dir = direction === 'asc' ? sql`asc` : sql`desc`;
  const keys: Record<CustomerColumnKey, SQL[]> = {
    name: [nameSql],
    email: [sql`${customer.email}`],
    phone: [sql`${customer.phone}`],
    country: [sql`${customer.country}`],
    eventsAttended: [sql`${customer.events}`],
    // Grouped by the currency of the first purchase, then by the amount spent in it: amounts in different
    // currencies are never compared as if they were one.
    totalSpent: [sql`${customer.spendCurrency}`, sql`${customer.spendMinor}`],
    dateJoined: [sql`${customer.firstPurchaseAt}`],
    lastPurchase: [sql`${customer.lastPurchaseAt}`],
    status: [statusSql(thresholds, now)],
  };
  return [...keys[sort], sql`${customer.id}`].map((key) => sql`${key} ${dir}`);
}

/** Spends listed with the organisation's default currency first, then by currency code. */
export function orderSpends<T extends { currency: string }>(spends: T[], defaultCurrency: string): T[] {
  return [...spends].sort((a, b) =>
    a.currency === b.currency
      ? 0
      : a.currency === defaultCurrency
        ? -1
        : b.currency === defaultCurrency
          ? 1
          : a.currency.localeCompare(b.currency),
  );
}

export type SpendRow = { currency: CurrencyCode; amount_minor: number };
