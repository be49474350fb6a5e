// The checkout form's double-submit guard (decision 017): the order a form's submission key made is joined only
// while it is a hold still pending; a paid, expired or cancelled order gives the key up, so the same tickets bought
// again make a new checkout.
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import { sharedRead } from '../../db/shared-read.js';
import { order } from '../../db/schema/index.js';
import type { OrderRow } from './hold-types.js';

// Run on every refused form (the same form sent again finds its order): prepared (decision 038), and shared by the
// refusals of one organisation that arrive together, one statement for all their keys (decision 043).
const bySubmissions = preparedQuery('checkout_orders_by_submission', (db, name) =>
  db
    .select()
    .from(order)
    .where(
      and(
        eq(order.organizationId, sql.placeholder('organizationId')),
        sql`${order.submissionKey} = any(array(select json_array_elements_text(${sql.placeholder('keys')}::json)))`,
      ),
    )
    .prepare(name),
);

const sharedSubmissionRead = sharedRead((db, waiting: readonly { organizationId: string; submissionKey: string }[]) =>
  bySubmissions(db, {
    organizationId: waiting[0]!.organizationId,
    keys: JSON.stringify([...new Set(waiting.map((args) => args.submissionKey))]),
  }),
);

/**
 * The order the same form made, when it is a hold still pending: that is the one a double submit joins. A paid,
 * expired or cancelled order is never joined (the fan buying the same tickets again gets a new checkout).
 */
export async function findBySubmission(db: Database, organizationId: string, submissionKey: string, now: Date) {
  const rows = await sharedSubmissionRead(db, organizationId, { organizationId, submissionKey });
  const found = rows.find((row) => row.submissionKey === submissionKey);
  return found && isLiveHold(found, now) ? found : undefined;
}

const isLiveHold = (row: OrderRow, now: Date) =>
  row.status === 'pending' && (row.holdExpiresAt === null || row.holdExpiresAt > now);

/**
 * The form's key is unique per organisation; an order that is no longer a live hold gives it up, so the same form
 * can make a new order. Returns whether it did.
 */
export async function freeSubmissionKey(db: Database, organizationId: string, submissionKey: string, now: Date) {
  const freed = await db
    .update(order)
    .set({ submissionKey: null })
    .where(
      and(
        eq(order.organizationId, organizationId),
        eq(order.submissionKey, submissionKey),
        sql`(${order.status} <> 'pending' or ${order.holdExpiresAt} <= ${now})`,
      ),
    )
    .returning({ id: order.id });
  return freed.length > 0;
}
