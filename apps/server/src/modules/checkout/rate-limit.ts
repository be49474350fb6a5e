// Fixed-window counters in the database, so every server process shares them: one upsert per check.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';

/** Counts one hit on `key`; true while the window's count stays within `max`. */
export async function takeToken(
  db: Database,
  key: string,
  rule: { max: number; windowSeconds: number },
  now = new Date(),
): Promise<boolean> {
  const at = now.toISOString();
  const result = await db.execute(sql`
    insert into request_limit (key, count, window_started_at) values (${key}, 1, ${at}::timestamptz)
    on conflict (key) do update set
      count = case when request_limit.window_started_at <= ${at}::timestamptz - make_interval(secs => ${rule.windowSeconds})
        then 1 else request_limit.count + 1 end,
      window_started_at = case when request_limit.window_started_at <= ${at}::timestamptz - make_interval(secs => ${rule.windowSeconds})
        then ${at}::timestamptz else request_limit.window_started_at end
    returning count`);
  const [row] = (result as unknown as { rows: Array<{ count: number }> }).rows;
  return Number(row?.count ?? 0) <= rule.max;
}
