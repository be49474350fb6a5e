// The SQL pieces the customers list, detail and export share: the search filter, the sort orders (each one
// read from an index), the organisation's top-5%-by-spend thresholds and the status expression that sorting
// by status uses. The status rules themselves live in packages/shared (customerStatus); the SQL here is built
// from the same constants and is checked against that function by the API tests.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  VIP_MIN_EVENTS,
  VIP_TOP_SPEND_PERCENT,
  newCustomerSince,
  topSpendCount,
  type CurrencyCode,
  type CustomerColumnKey,
  type CustomerStatus,
} from '@marquee/shared';
import type { Database } from '../../db/client.js';
import { customer, customerMonthly, organizationSettings } from '../../db/schema/index.js';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The name as the list sorts it: a column the database keeps, indexed by customer_sort_name_idx. */
export const nameSql = sql`${customer.sortName}`;

/** The search text as a literal ILIKE pattern: %, _ and \ match only themselves. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/**
 * The organisation's buyers, narrowed by the search: a substring of the lower-cased name, e-mail or phone
 * (`search_text`, one column the database keeps, so a scan compares one short string per row). Every customer
 * row has a paid order (fulfilment creates it with one; a refund that leaves none deletes it), so the scope needs
 * no other condition and a sorted page can be read from its index alone.
 */
export function customerFilter(organizationId: string, search: string): SQL {
  const scope = eq(customer.organizationId, organizationId);
  if (!search) return scope;
  return and(scope, sql`${customer.searchText} like lower(${containsPattern(search)})`)!;
}

/**
 * In one round trip: the organisation's customers (the same per-month counts the dashboard's Total Customers
 * reads, so the two figures cannot disagree, and neither scans every buyer), its default currency, and the
 * lowest spend still in its top 5% per currency. Customers are ranked by what they spent in their first
 * currency (the list's sort key); the top floor(5% of all customers) of each currency make it, and ties with the
 * last one make it too. The currencies are found by skipping through customer_sort_spend_idx (one probe per
 * currency, not a read of every day of sales) and each threshold is one short walk down the same index.
 */
export async function organisationFigures(
  db: Database,
  organizationId: string,
): Promise<{ all: number; defaultCurrency: string; thresholds: Map<string, number> }> {
  const [row] = await db
    .select({
      all: sql<number>`n.all`,
      defaultCurrency: sql<
        string | null
      >`(select ${organizationSettings.defaultCurrency} from ${organizationSettings} where ${organizationSettings.organizationId} = ${organizationId})`,
      thresholds: sql<Array<[string, number | string]> | null>`(
        select json_agg(json_build_array(cur.currency, t.spend))
        from (
          with recursive seen(currency) as (
            (select ${customer.spendCurrency} from ${customer} where ${customer.organizationId} = ${organizationId}
              order by ${customer.spendCurrency} limit 1)
            union all
            select (select ${customer.spendCurrency} from ${customer}
              where ${customer.organizationId} = ${organizationId} and ${customer.spendCurrency} > seen.currency
              order by ${customer.spendCurrency} limit 1)
            from seen where seen.currency is not null
          ) select currency from seen where currency is not null) cur
        cross join lateral (
          select ${customer.spendMinor} as spend from ${customer}
          where ${customer.organizationId} = ${organizationId} and ${customer.spendCurrency} = cur.currency
          order by ${customer.spendMinor} desc offset n.top - 1 limit 1
        ) t
        where n.top > 0 and t.spend > 0)`,
    })
    .from(
      sql`(select sub.all, floor(sub.all * ${VIP_TOP_SPEND_PERCENT} / 100)::int as top from (
        select coalesce(sum(${customerMonthly.customers}), 0)::int as all from ${customerMonthly}
        where ${customerMonthly.organizationId} = ${organizationId}) sub) n`,
    );
  const all = Number(row?.all ?? 0);
  const thresholds = new Map<string, number>();
  // The same count as topSpendCount (packages/shared), which the unit tests pin down.
  if (topSpendCount(all) > 0) {
    for (const [currency, spend] of row?.thresholds ?? []) thresholds.set(currency, Number(spend));
  }
  return { all, defaultCurrency: row?.defaultCurrency ?? 'GBP', thresholds };
}

export function isInTopSpend(thresholds: Map<string, number>, currency: string, spendMinor: number): boolean {
  const threshold = thresholds.get(currency);
  return threshold !== undefined && spendMinor > 0 && spendMinor >= threshold;
}

/**
 * isInTopSpend as SQL: one range of customer_sort_spend_idx per currency, so the planner can read the top 5%
 * from that index. A threshold is always above 0, and the bound of at least 1 keeps a spend of 0 out anyway.
 */
export function topSpendSql(thresholds: Map<string, number>): SQL {
  if (thresholds.size === 0) return sql`false`;
  const ranges = [...thresholds].map(
    ([currency, threshold]) =>
      sql`(${customer.spendCurrency} = ${currency} and ${customer.spendMinor} >= ${Math.max(threshold, 1)}::bigint)`,
  );
  return sql`(${sql.join(ranges, sql` or `)})`;
}

/**
 * "3 or more events" as SQL with the number written out (not a parameter), so the planner can use the partial
 * indexes of migration 0029, whose predicates are written with that number.
 */
export const frequentSql = sql`${customer.events} >= ${sql.raw(String(VIP_MIN_EVENTS))}`;
export const infrequentSql = sql`${customer.events} < ${sql.raw(String(VIP_MIN_EVENTS))}`;

/** customerStatus (packages/shared) as SQL: each status's condition, for the organisation's top-5%-by-spend thresholds and this moment. */
export function statusConditions(thresholds: Map<string, number>, now: Date): Record<CustomerStatus, SQL> {
  const since = sql`${newCustomerSince(now).toISOString()}::timestamptz`;
  const vip = sql`(${frequentSql} or ${topSpendSql(thresholds)})`;
  return {
    New: sql`${customer.firstPurchaseAt} >= ${since}`,
    VIP: sql`${customer.firstPurchaseAt} < ${since} and ${vip}`,
    Active: sql`${customer.firstPurchaseAt} < ${since} and not ${vip}`,
  };
}

/** customerStatus as one SQL value, for ordering a page's rows by status. */
export function statusSql(thresholds: Map<string, number>, now: Date): SQL {
  const conditions = statusConditions(thresholds, now);
  return sql`case when ${conditions.New} then 'New' when ${conditions.VIP} then 'VIP' else 'Active' end`;
}

/**
 * Within the VIPs, those with 3 or more events come before those in the top 5% by spend alone (descending; the
 * reverse ascending): true only for a VIP by events, so New and Active customers stay in id order.
 */
export function vipByEventsSql(now: Date): SQL {
  return sql`(${customer.firstPurchaseAt} < ${newCustomerSince(now).toISOString()}::timestamptz and ${frequentSql})`;
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
    status: [statusSql(thresholds, now), vipByEventsSql(now)],
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
