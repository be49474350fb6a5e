// Reads that many requests make at the same moment (the host's organisation, the event a rush is buying), made
// once for all of them (decision 042). While a read of a key is in flight, the callers of that key wait for the
// NEXT read, which starts as soon as the current one ends and answers all of them together. So every caller gets
// what the database held after it called, never an answer older than its call, and a rush of N requests costs
// about one read per round trip instead of N. Nothing is kept once the reads end: this is not a cache.
import type { Database } from './client.js';
import { inBatches } from './batches.js';

/** Deep-freezes a shared answer under the test runner, so that a caller changing what others also got fails loudly. */
function freezeForTests(value: unknown, seen = new Set<unknown>()): void {
  if (value === null || typeof value !== 'object' || seen.has(value) || value instanceof Date) return;
  seen.add(value);
  for (const inner of Object.values(value)) freezeForTests(inner, seen);
  Object.freeze(value);
}
const FREEZE = Boolean(process.env.VITEST);

export type SharedRead<A, V> = (db: Database, key: string, args: A) => Promise<V>;

/**
 * A shared read: `read(db, args)` gets the arguments of every caller it answers (all with the same key, so they
 * differ at most in what the read may merge, such as the clock). Its answer is shared, so callers must treat it as
 * read-only (it is frozen under the test runner). A failed read fails every caller it would have answered.
 */
export function sharedRead<A, V>(read: (db: Database, args: readonly A[]) => Promise<V>): SharedRead<A, V> {
  // A batch whose callers all get the one answer (db/batches.ts runs the batches).
  return inBatches(async (db, args: A[]) => {
    const value = await read(db, args);
    if (FREEZE) freezeForTests(value);
    return args.map(() => value);
  });
}
