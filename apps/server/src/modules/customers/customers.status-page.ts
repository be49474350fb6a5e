// One page of the customers list sorted by status, without sorting or counting every customer. Sorted by status,
// the list is four runs of customers, each in id order: VIPs by 3 or more events, VIPs by spend alone (the top
// 5% by spend with fewer events), New, Active (descending), or the reverse ascending. Beyond page 1 the runs'
// sizes are found first, so the page knows which run it starts in and how far into it; then it takes its 50 from
// that run and the next ones. Each run is read in id order from an index, skipping index entries, not rows:
// - VIP by events (no longer new, 3 or more events): customer_status_frequent_idx, partial.
// - VIP by spend alone: customer_sort_spend_idx, one range per currency (at most 5% of the customers).
// - New (first purchase in the last 30 days): customer_organization_first_purchase_idx.
// - Active (no longer new, fewer events, not in the top 5%): customer_status_other_idx, partial.
// Without a search the sizes take a few rows: the month roll-up counts each month's customers and frequent
// buyers (migration 0029), so only the month the New window starts in, and the top 5%, are counted. With a
// search, the matching customers are counted (as the search's total is). The runs follow statusConditions
// (customers.query.ts): the rules the shown statuses follow; orderBySql orders the page's rows the same way.
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { CUSTOMERS_PAGE_SIZE, newCustomerSince } from '@marquee/shared';
import type { Database } from '../../db/client.js';
import { customer, customerMonthly } from '../../db/schema/index.js';
import { frequentSql, infrequentSql, statusConditions, topSpendSql, vipByEventsSql } from './customers.query.js';

export interface StatusPageInput {
  organizationId: string;
  /** The search's condition (customerFilter), or null for every customer. */
  search: SQL | null;
  direction: 'asc' | 'desc';
  offset: number;
  thresholds: Map<string, number>;
  now: Date;
  /** The organisation's customers (customer_monthly), for the sizes without a search. */
  all: number;
}

type Run = 'VIP by events' | 'VIP by spend' | 'New' | 'Active';
type Sizes = Record<Run, number>;
const DESCENDING: Run[] = ['VIP by events', 'VIP by spend', 'New', 'Active'];

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The ids of the customers at [offset, offset + page size) of the list sorted by status, in that order. */
export async function statusPageIds(db: Database, input: StatusPageInput): Promise<string[]> {
  // Page 1 needs no sizes: it reads the runs in turn from their starts until it has its customers.
  const sizes =
    input.offset === 0
      ? null
      : input.search
        ? await searchSizes(db, input, input.search)
        : await organisationSizes(db, input);
  const runs = input.direction === 'desc' ? DESCENDING : [...DESCENDING].reverse();
  const ids: string[] = [];
  let skip = input.offset;
  for (const run of runs) {
    const wanted = CUSTOMERS_PAGE_SIZE - ids.length;
    if (wanted === 0) break;
    if (sizes && skip >= sizes[run]) {
      // The page starts beyond this run's end.
      skip -= sizes[run];
      continue;
    }
    ids.push(...(await runIds(db, input, run, skip, wanted)));
    // The page reached into this run: the next run's customers follow from its start.
    skip = 0;
  }
  return ids;
}

/** Each run's size for the whole organisation: its month roll-up, one partial month and the top 5% by spend. */
async function organisationSizes(db: Database, input: StatusPageInput): Promise<Sizes> {
  const since = newCustomerSince(input.now);
  const monthStart = new Date(Date.UTC(since.getUTCFullYear(), since.getUTCMonth(), 1));
  const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;
  const scope = sql`${customer.organizationId} = ${input.organizationId}`;
  const [row] = rowsOf<{ new: unknown; frequent: unknown; top_only: unknown }>(
    await db.execute(sql`select
      (select count(*) from ${customer} where ${scope} and ${customer.firstPurchaseAt} >= ${at(since)}) as new,
      (select coalesce(sum(${customerMonthly.frequent}), 0) from ${customerMonthly}
        where ${customerMonthly.organizationId} = ${input.organizationId}
          and ${customerMonthly.month} < ${monthStart.toISOString().slice(0, 10)}::date)
      + (select count(*) from ${customer} where ${scope} and ${customer.firstPurchaseAt} >= ${at(monthStart)}
          and ${customer.firstPurchaseAt} < ${at(since)} and ${frequentSql}) as frequent,
      (select count(*) from ${customer} where ${scope} and ${topSpendSql(input.thresholds)} and ${infrequentSql}
          and ${customer.firstPurchaseAt} < ${at(since)}) as top_only`),
  );
  const sizes = {
    'VIP by events': Number(row?.frequent ?? 0),
    'VIP by spend': Number(row?.top_only ?? 0),
    New: Number(row?.new ?? 0),
  };
  return { ...sizes, Active: Math.max(input.all - sizes['VIP by events'] - sizes['VIP by spend'] - sizes.New, 0) };
}

/** Each run's size among a search's matches: one pass over the matches. */
async function searchSizes(db: Database, input: StatusPageInput, search: SQL): Promise<Sizes> {
  const conditions = statusConditions(input.thresholds, input.now);
  const byEvents = vipByEventsSql(input.now);
  const [row] = await db
    .select({
      byEvents: sql<number>`count(*) filter (where ${byEvents})`,
      vip: sql<number>`count(*) filter (where ${conditions.VIP})`,
      fresh: sql<number>`count(*) filter (where ${conditions.New})`,
      all: count(),
    })
    .from(customer)
    .where(search);
  const [byEventsCount, vip, fresh, all] = [row?.byEvents, row?.vip, row?.fresh, row?.all].map(Number) as number[];
  return {
    'VIP by events': byEventsCount!,
    'VIP by spend': vip! - byEventsCount!,
    New: fresh!,
    Active: all! - vip! - fresh!,
  };
}

/** `limit` ids of one run, in id order, after skipping `skip` of them. */
async function runIds(db: Database, input: StatusPageInput, run: Run, skip: number, limit: number) {
  const since = sql`${newCustomerSince(input.now).toISOString()}::timestamptz`;
  const old = sql`${customer.firstPurchaseAt} < ${since}`;
  const top = topSpendSql(input.thresholds);
  const inRun: Record<Run, SQL> = {
    'VIP by events': sql`${frequentSql} and ${old}`,
    'VIP by spend': sql`${infrequentSql} and ${old} and ${top}`,
    New: sql`${customer.firstPurchaseAt} >= ${since}`,
    Active: sql`${infrequentSql} and ${old} and not ${top}`,
  };
  const rows = await db
    .select({ id: customer.id })
    .from(customer)
    .where(and(eq(customer.organizationId, input.organizationId), input.search ?? undefined, inRun[run]))
    .orderBy(input.direction === 'desc' ? desc(customer.id) : asc(customer.id))
    .limit(limit)
    .offset(skip);
  return rows.map((row) => row.id);
}
