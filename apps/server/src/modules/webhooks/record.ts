// recordWebhookEvent: the TypeScript door to webhook_record (migration 0054), for events a trigger does not see
// (the test event). Inside the caller's transaction, so the message exists exactly when its change commits.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Tx } from '../../db/tx.js';

/** Records one event for the organisation's endpoints that want `type` (or for `endpointId` only); its id or null. */
export async function recordWebhookEvent(
  tx: Tx | Database,
  organizationId: string,
  type: string,
  data: object,
  endpointId?: string,
): Promise<string | null> {
  const result = await tx.execute(
    sql`select webhook_record(${organizationId}, ${type}, ${JSON.stringify(data)}::jsonb, ${endpointId ?? null}::uuid) as id`,
  );
  return (result as unknown as { rows: Array<{ id: string | null }> }).rows[0]?.id ?? null;
}
