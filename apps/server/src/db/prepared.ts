// Hot statements built once and run as named prepared statements (decision 038). Drizzle builds a query's SQL
// text from its builder on every call, which costs a busy process more than the database's answer does; a
// prepared query keeps the text and only fills in its placeholders. On PostgreSQL the name also makes it a
// server-side prepared statement, parsed and planned once per connection; PGlite ignores the name.
import type { Database } from './client.js';

interface Executable<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
}

/**
 * `build(db)` once per database (a test file's PGlite, the server's pool), then the same prepared query on every
 * call. The name must be unique in the process and stand for one SQL text: PostgreSQL keeps the first text a
 * connection prepared under a name.
 */
const names = new Set<string>();

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
