// Fixed-window counters in the database, so every server process shares them: one upsert per check, and one
// statement (one round trip, one commit) for several checks made together.
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { executeNamed } from '../../db/prepared.js';

export interface LimitRule {
  max: number;
  windowSeconds: number;
}

/** Counts one hit on `key`; true while the window's count stays within `max`. */
export async function takeToken(db: Database, key: string, rule: LimitRule, now = new Date()): Promise<boolean> {
  return takeTokens(db, [{ key, ...rule }], now);
}

/**
 * CTEs that count one hit on each key (distinct keys): `limit_input`, `limits` (the upsert, returning each key's
 * count in its window) and `allowed` (`ok`: every count within its max). The window length travels in a column that
 * is not stored, so each key keeps its own window.
 */
function limitCtes(checks: Array<LimitRule & { key: string }>, now: Date): SQL {
  const at = now.toISOString();
  const values = sql.join(
    checks.map((check) => sql`(${check.key}, 1, ${at}::timestamptz, ${check.windowSeconds}::int, ${check.max}::int)`),
    sql`, `,
  );
  return sql`limit_input (key, count, window_started_at, window_seconds, max_count) as (values ${values}),
    limits as (${hitsUpsert('limit_input')} returning key, count),
    allowed as (
      select count(*) filter (where l.count <= i.max_count) = ${checks.length}::int as ok
      from limits l join limit_input i on i.key = l.key
    )`;
}

/**
 * The upsert that adds each row of the CTE `input` (key, count, window_started_at, window_seconds) to its key's
 * fixed window: `count` hits, or a new window of `count` hits from `window_started_at` when the key's window has run
 * out. Rows are written in key order, so every writer takes their locks in one order and none deadlocks on another.
 * The checkout's holds write their hits with it (decision 043).
 */
export function hitsUpsert(input: string): SQL {
  const source = sql.raw(input);
  const expired = sql`request_limit.window_started_at <= excluded.window_started_at
            - make_interval(secs => (select window_seconds from ${source} where ${source}.key = excluded.key))`;
  return sql`insert into request_limit (key, count, window_started_at)
      select key, count, window_started_at from ${source} order by key
      on conflict (key) do update set
        count = case when ${expired} then excluded.count else request_limit.count + excluded.count end,
        window_started_at = case when ${expired} then excluded.window_started_at else request_limit.window_started_at end`;
}

/**
 * Counts one hit on each key (distinct keys) in one statement; true while every count stays within its max.
 * Counters are ephemeral, so this statement's commit does not wait for the WAL flush (`set_config(..., true)`
 * applies to its own transaction only): one busy key (a venue's shared IP) is not serialised on disk flushes.
 */
export async function takeTokens(
  db: Database,
  checks: Array<LimitRule & { key: string }>,
  now = new Date(),
): Promise<boolean> {
  const result = await executeNamed(
    db,
    'rate_limit_take',
    sql`
    with ${limitCtes(checks, now)},
    durability as (select set_config('synchronous_commit', 'off', true) as value)
    select ok from allowed where (select value from durability) is not null`,
  );
  const [row] = (result as unknown as { rows: Array<{ ok: boolean }> }).rows;
  return row?.ok === true;
}

/**
 * Adds `hits` to `key`'s fixed window (restarting it when over) and answers the window's count and start: the
 * batched form of takeTokens, for limiters that count locally and report only now and then (decision 034).
 */
export async function addHits(
  db: Database,
  key: string,
  hits: number,
  windowSeconds: number,
  now = new Date(),
): Promise<{ count: number; windowStartedAt: number }> {
  const result = await db.execute(sql`
    with durability as (select set_config('synchronous_commit', 'off', true) as value),
    limit_input as (
      select ${key}::text as key, ${hits}::int as count, ${now.toISOString()}::timestamptz as window_started_at,
        ${windowSeconds}::int as window_seconds
      where (select value from durability) is not null
    )
    ${hitsUpsert('limit_input')}
    returning count, window_started_at`);
  const [row] = (result as unknown as { rows: Array<{ count: number; window_started_at: string | Date }> }).rows;
  return { count: Number(row!.count), windowStartedAt: new Date(row!.window_started_at).getTime() };
}
