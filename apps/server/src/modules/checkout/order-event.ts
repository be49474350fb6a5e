// The event an order belongs to, whatever its status now: a fan's order page keeps working after the event is
// archived or cancelled.
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { event } from '../../db/schema/index.js';

export async function findPublicEventAnyStatus(db: Database, organizationId: string, eventId: string) {
  const [row] = await db
    .select()
    .from(event)
    .where(and(eq(event.id, eventId), eq(event.organizationId, organizationId)))
    .limit(1);
  return row;
}
