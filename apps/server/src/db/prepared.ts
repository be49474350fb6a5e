// Hot statements built once and run as named prepared statements (decision 038). Drizzle builds a query's SQL
// text from its builder on every call, which costs a busy process more than the database's answer does; a
// prepared query keeps the text and only fills in its placeholders. On PostgreSQL the name also makes it a
// server-side prepared statement, parsed and planned once per connection; PGlite ignores the name.
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './client.js';

interface Executable<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
}

const names = new Set<string>();

/**
 * `build(db)` once per database (a test file's PGlite, the server's pool), then the same prepared query on every
 * call. The name must be unique in the process and stand for one SQL text: PostgreSQL keeps the first text a
 * connection prepared under a name.
 */
export function preparedQuery<R>(name: string, build: (db: Database, name: string) => Executable<R>) {
  if (names.has(name)) throw new Error(`Two prepared queries are named ${name}`);
  names.add(name);
  const built = new WeakMap<Database, Executable<R>>();
  return (db: Database, values: Record<string, unknown>): Promise<R> => {
    let query = built.get(db);
    if (!query) {
      query = build(db, name);
      built.set(db, query);
    }
    return query.execute(values);
  };
}

const dialect = new PgDialect();
/** The names given so far, by SQL text: one per shape of a statement (its VALUES rows, its optional parts). */
const textNames = new Map<string, string>();
const MAX_SHAPES = 200;

/**
 * Runs a hand-written statement whose text depends on its input's shape (one VALUES row per line, optional CTEs)
 * as a named prepared statement: each distinct text gets a name of its own (`prefix_1`, `prefix_2`, ...), so
 * PostgreSQL plans each shape once per connection. Past MAX_SHAPES texts the statement simply runs unnamed.
 * Answers what `db.execute` answers (`{ rows }`).
 */
export function executeNamed(db: Pick<Database, '_'>, prefix: string, statement: SQL): Promise<unknown> {
  const query = dialect.sqlToQuery(statement);
  let name = textNames.get(query.sql);
  if (!name && textNames.size < MAX_SHAPES) {
    name = `${prefix}_${textNames.size + 1}`;
    textNames.set(query.sql, name);
  }
  return db._.session.prepareQuery(query, undefined, name, false).execute();
}
