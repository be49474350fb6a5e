// Reads that many requests make at the same moment (the host's organisation, the event a rush is buying), made
// once for all of them (decision 042). While a read of a key is in flight, the callers of that key wait for the
// NEXT read, which starts as soon as the current one ends and answers all of them together. So every caller gets
// what the database held after it called, never an answer older than its call, and a rush of N requests costs
// about one read per round trip instead of N. Nothing is kept once the reads end: this is not a cache.
import type { Database } from './client.js';

interface Waiter<V> {
  resolve(value: V): void;
  reject(error: unknown): void;
}

interface Group<A, V> {
  /** Each waiting caller's arguments, in arrival order (the read may combine them, e.g. take the latest clock). */
  args: A[];
  waiters: Array<Waiter<V>>;
}

interface KeyState<A, V> {
  /** The callers that arrived while a read was in flight: the next read answers them. */
  next: Group<A, V> | null;
}

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
  const byDatabase = new WeakMap<Database, Map<string, KeyState<A, V>>>();

  async function run(db: Database, states: Map<string, KeyState<A, V>>, key: string, state: KeyState<A, V>) {
    let group: Group<A, V> | null = state.next;
    state.next = null;
    while (group) {
      try {
        const value = await read(db, group.args);
        if (FREEZE) freezeForTests(value);
        for (const waiter of group.waiters) waiter.resolve(value);
      } catch (error) {
        for (const waiter of group.waiters) waiter.reject(error);
      }
      group = state.next;
      state.next = null;
    }
    if (states.get(key) === state) states.delete(key);
  }

  return (db, key, args) =>
    new Promise<V>((resolve, reject) => {
      let states = byDatabase.get(db);
      if (!states) {
        states = new Map();
        byDatabase.set(db, states);
      }
      const running = states.get(key);
      if (running) {
        running.next ??= { args: [], waiters: [] };
        running.next.args.push(args);
        running.next.waiters.push({ resolve, reject });
        return;
      }
      const state: KeyState<A, V> = { next: { args: [args], waiters: [{ resolve, reject }] } };
      states.set(key, state);
      void run(db, states, key, state);
    });
}
