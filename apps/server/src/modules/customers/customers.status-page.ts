// One page of the customers list sorted by status, without sorting every customer. Sorted by status, the list is
// three runs of customers, each in id order: VIP, New, Active (descending) or Active, New, VIP (ascending). Each
// run is read in id order from customer_organization_id_idx, skipping entries, not sorting rows, and a run is
// counted only when a page starts beyond its end; so page 1 reads about 50 customers of its run, not all of them.
// The runs' conditions are statusConditions (customers.query.ts): the rules the shown statuses follow.
import { and, asc, count, desc, type SQL } from 'drizzle-orm';
import { CUSTOMERS_PAGE_SIZE, type CustomerStatus } from '@marquee/shared';
import type { Database } from '../../db/client.js';
import { customer } from '../../db/schema/index.js';

/** The ids of the customers at [offset, offset + page size) of the list sorted by status, in that order. */
export async function statusPageIds(
  db: Database,
  where: SQL,
  direction: 'asc' | 'desc',
  offset: number,
  conditions: Record<CustomerStatus, SQL>,
): Promise<string[]> {
  const runs: CustomerStatus[] = direction === 'desc' ? ['VIP', 'New', 'Active'] : ['Active', 'New', 'VIP'];
  const byId = direction === 'desc' ? desc(customer.id) : asc(customer.id);
  const ids: string[] = [];
  let skip = offset;
  for (const status of runs) {
    const wanted = CUSTOMERS_PAGE_SIZE - ids.length;
    if (wanted === 0) break;
    const inRun = and(where, conditions[status])!;
    const rows = await db
      .select({ id: customer.id })
      .from(customer)
      .where(inRun)
      .orderBy(byId)
      .limit(wanted)
      .offset(skip);
    ids.push(...rows.map((row) => row.id));
    if (rows.length > 0 || skip === 0) {
      // The page reached into this run: the next run's customers follow from its start.
      skip = 0;
    } else {
      // The page starts beyond this run's end: skip the whole run.
      const [size] = await db.select({ value: count() }).from(customer).where(inRun);
      skip -= Number(size?.value ?? 0);
    }
  }
  return ids;
}
