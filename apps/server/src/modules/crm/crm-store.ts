// Customer Sync's reads and writes (decision 155), each scoped by organisation: connections, what was sent per
// customer, the customers changed since a cursor with their events, and the organiser's log.
import { and, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  crmConnection,
  crmSyncItem,
  crmSyncLog,
  customer,
  customerEvent,
  event,
  type CrmLogAction,
} from '../../db/schema/index.js';

export type CrmConnectionRow = typeof crmConnection.$inferSelect;
export type CrmSyncItemRow = typeof crmSyncItem.$inferSelect;

export async function findConnection(db: Database, organizationId: string, connectionId: string) {
  const [row] = await db
    .select()
    .from(crmConnection)
    .where(and(eq(crmConnection.id, connectionId), eq(crmConnection.organizationId, organizationId)))
    .limit(1);
  return row;
}

/** Holds the connection for one sync (until `until`); false when another sync holds it or it is backing off. */
export async function claimConnection(db: Database, connection: CrmConnectionRow, until: Date): Promise<boolean> {
  const claimed = await db
    .update(crmConnection)
    .set({ leaseUntil: until })
    .where(
      and(
        eq(crmConnection.id, connection.id),
        eq(crmConnection.organizationId, connection.organizationId),
        or(isNull(crmConnection.leaseUntil), sql`${crmConnection.leaseUntil} < now()`),
      ),
    )
    .returning({ id: crmConnection.id });
  return claimed.length > 0;
}

export async function updateConnection(
  db: Database,
  connection: { id: string; organizationId: string },
  set: Partial<typeof crmConnection.$inferInsert>,
) {
  await db
    .update(crmConnection)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(crmConnection.id, connection.id), eq(crmConnection.organizationId, connection.organizationId)));
}

export async function writeLog(
  db: Database,
  connection: { id: string; organizationId: string },
  entry: {
    action: CrmLogAction;
    status: 'ok' | 'retry' | 'failed';
    customerId?: string;
    count?: number;
    message?: string;
  },
) {
  await db.insert(crmSyncLog).values({
    connectionId: connection.id,
    organizationId: connection.organizationId,
    action: entry.action,
    status: entry.status,
    customerId: entry.customerId ?? null,
    count: entry.count ?? 1,
    message: (entry.message ?? '').slice(0, 500),
  });
}

/**
 * Items whose customer is gone, with whether an order of the organisation still names the address (the buyer
 * was refunded out of being a customer) or none does (the customer was erased).
 */
export async function departedItems(db: Database, connection: CrmConnectionRow, limit: number) {
  const result = await db.execute(sql`
    select i.customer_id, i.remote_id,
      exists (
        select 1 from "order" o
        where o.organization_id = ${connection.organizationId} and md5(o.customer_email) = i.email_hash
      ) as still_ordered
    from crm_sync_item i
    where i.connection_id = ${connection.id} and i.organization_id = ${connection.organizationId}
      and not exists (select 1 from customer c where c.id = i.customer_id and c.organization_id = i.organization_id)
    limit ${limit}`);
  return (result as unknown as { rows: Array<{ customer_id: string; remote_id: string; still_ordered: boolean }> })
    .rows;
}

export async function deleteItem(db: Database, connection: CrmConnectionRow, customerId: string) {
  await db
    .delete(crmSyncItem)
    .where(
      and(
        eq(crmSyncItem.connectionId, connection.id),
        eq(crmSyncItem.organizationId, connection.organizationId),
        eq(crmSyncItem.customerId, customerId),
      ),
    );
}

export async function saveItem(
  db: Database,
  connection: CrmConnectionRow,
  item: Omit<typeof crmSyncItem.$inferInsert, 'connectionId' | 'organizationId' | 'syncedAt'>,
) {
  const values = {
    ...item,
    connectionId: connection.id,
    organizationId: connection.organizationId,
    syncedAt: new Date(),
  };
  await db
    .insert(crmSyncItem)
    .values(values)
    .onConflictDoUpdate({
      target: [crmSyncItem.connectionId, crmSyncItem.customerId],
      set: {
        remoteId: values.remoteId,
        emailHash: values.emailHash,
        dataHash: values.dataHash,
        tags: values.tags,
        state: values.state,
        syncedAt: values.syncedAt,
      },
    });
}

export type CustomerRow = Awaited<ReturnType<typeof changedCustomers>>[number];

/** A page of the organisation's customers changed after `since` (all when null), after the keyset `after`. */
export async function changedCustomers(
  db: Database,
  organizationId: string,
  since: Date | null,
  after: { updatedAt: string; id: string } | null,
  limit: number,
) {
  return db
    .select({
      id: customer.id,
      email: customer.email,
      firstName: customer.firstName,
      lastName: customer.lastName,
      phone: customer.phone,
      country: customer.country,
      marketingConsent: customer.marketingConsent,
      orders: customer.orders,
      tickets: customer.tickets,
      spendMinor: customer.spendMinor,
      spendCurrency: customer.spendCurrency,
      lastPurchaseAt: customer.lastPurchaseAt,
      updatedAt: customer.updatedAt,
      /** The keyset's position as PostgreSQL's own text: a JavaScript Date cuts the microseconds and the row would
       * come back on the next page for ever (PostgreSQL keeps them; PGlite's clock happens not to have them). */
      updatedAtText: sql<string>`${customer.updatedAt}::text`,
    })
    .from(customer)
    .where(
      and(
        eq(customer.organizationId, organizationId),
        since ? gt(customer.updatedAt, since) : undefined,
        after
          ? sql`(${customer.updatedAt}, ${customer.id}) > (${after.updatedAt}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(customer.updatedAt), asc(customer.id))
    .limit(limit);
}

/** The event names each customer bought for, sorted. */
export async function eventsOf(db: Database, organizationId: string, customerIds: string[]) {
  const byCustomer = new Map<string, string[]>();
  if (customerIds.length === 0) return byCustomer;
  const rows = await db
    .select({ customerId: customerEvent.customerId, name: event.name })
    .from(customerEvent)
    .innerJoin(event, and(eq(event.id, customerEvent.eventId), eq(event.organizationId, organizationId)))
    .where(and(eq(customerEvent.organizationId, organizationId), inArray(customerEvent.customerId, customerIds)));
  for (const row of rows) {
    const names = byCustomer.get(row.customerId) ?? [];
    names.push(row.name.trim().slice(0, 100) || 'Event');
    byCustomer.set(row.customerId, names);
  }
  for (const names of byCustomer.values()) names.sort();
  return byCustomer;
}

export async function itemsOf(db: Database, connection: CrmConnectionRow, customerIds: string[]) {
  if (customerIds.length === 0) return new Map<string, CrmSyncItemRow>();
  const rows = await db
    .select()
    .from(crmSyncItem)
    .where(
      and(
        eq(crmSyncItem.connectionId, connection.id),
        eq(crmSyncItem.organizationId, connection.organizationId),
        inArray(crmSyncItem.customerId, customerIds),
      ),
    );
  return new Map(rows.map((row) => [row.customerId, row]));
}
