// Keyset pagination for the v1 lists (decision 151): a page is the rows after the cursor's (sort key, id) in
// (sort key, id) order. The sort key travels as PostgreSQL's own text of the timestamp, so microseconds survive
// the round trip (a JavaScript Date would cut them and skip or repeat rows). The cursor is opaque base64url.
import { and, asc, gt, gte, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { AppError } from '../../lib/errors.js';

export const CURSOR_MESSAGE = 'The cursor is not valid: pass next_cursor from the previous page as it is';

export interface Cursor {
  at: string;
  id: string;
}

export const encodeCursor = (cursor: Cursor) =>
  Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString('base64url');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PG_TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;

export function decodeCursor(text: string): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw new AppError('BAD_REQUEST', CURSOR_MESSAGE);
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 2 ||
    typeof parsed[0] !== 'string' ||
    typeof parsed[1] !== 'string' ||
    !PG_TIMESTAMP.test(parsed[0]) ||
    !UUID.test(parsed[1])
  )
    throw new AppError('BAD_REQUEST', CURSOR_MESSAGE);
  return { at: parsed[0], id: parsed[1] };
}

export interface KeysetColumns {
  at: AnyColumn;
  id: AnyColumn;
}

/** The where-part after the cursor (none for the first page) and the order of a keyset page. */
export function keyset(columns: KeysetColumns, cursor: string | undefined): { after: SQL | undefined; order: SQL[] } {
  const order = [asc(columns.at), asc(columns.id)];
  if (!cursor) return { after: undefined, order };
  const { at, id } = decodeCursor(cursor);
  const after = or(
    gt(columns.at, sql`${at}::timestamptz`),
    and(sql`${columns.at} = ${at}::timestamptz`, gt(columns.id, sql`${id}::uuid`)),
  );
  return { after, order };
}

/** Rows changed at or after `since` (an ISO instant), when asked. */
export const changedSince = (column: AnyColumn, since: string | undefined) =>
  since ? gte(column, new Date(since)) : undefined;

/** The sort key as PostgreSQL's text (select it as `cursorAt`). */
export const cursorText = (column: AnyColumn) => sql<string>`${column}::text`;

/** One page out of `limit + 1` rows read: the rows shown and the cursor of the next page. */
export function pageOf<Row extends { cursorAt: string; id: string }, Out>(
  rows: Row[],
  limit: number,
  map: (row: Row) => Out,
): { data: Out[]; next_cursor: string | null } {
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return {
    data: shown.map(map),
    next_cursor: rows.length > limit && last ? encodeCursor({ at: last.cursorAt, id: last.id }) : null,
  };
}
