// "Remove on event end": archives live events whose end has passed, recording each change with no actor (the
// system). One statement, so several server processes can run it at once: a row another process archived
// first no longer matches status = 'live' and is skipped.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { event, eventStatusChange } from '../../db/schema/index.js';

export async function archiveEndedEvents(db: Database, now = new Date()): Promise<string[]> {
  const at = now.toISOString();
  const result = await db.execute<{ event_id: string }>(sql`
    with archived as (
      update ${event}
      set status = 'archived', archived_at = ${at}::timestamptz, updated_at = ${at}::timestamptz
      where status = 'live' and remove_on_event_end and ends_at < ${at}::timestamptz
      returning id, organization_id
    )
    insert into ${eventStatusChange} (event_id, organization_id, from_status, to_status, actor_user_id, at)
    select id, organization_id, 'live', 'archived', null, ${at}::timestamptz from archived
    returning event_id`);
  // node-postgres and PGlite both answer { rows }.
  return (result as unknown as { rows: Array<{ event_id: string }> }).rows.map((row) => row.event_id);
}
