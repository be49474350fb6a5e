// Work that many requests ask for at the same moment, done for them together (decision 043). Per database and
// key, one run at a time: callers that arrive while a run is in flight wait for the NEXT run, which starts as soon
// as the current one ends and takes all of them (up to `maxBatch`, in arrival order), each getting its own answer.
// A rush of N requests thus costs about one run per round of the database instead of N runs queueing one behind
// another. Nothing is kept once the runs end.
import type { Database } from './client.js';

interface Waiting<A, R> {
  args: A;
  resolve(value: R): void;
  reject(error: unknown): void;
}

interface KeyState<A, R> {
  waiting: Array<Waiting<A, R>>;
}

export type Batched<A, R> = (db: Database, key: string, args: A) => Promise<R>;

/**
 * `run(db, batch)` answers each of `batch`'s arguments, in order (one answer per argument). A run that fails
 * fails every caller it would have answered.
 */
export function inBatches<A, R>(
  run: (db: Database, batch: A[]) => Promise<R[]>,
  options: { maxBatch?: number } = {},
): Batched<A, R> {
  const maxBatch = options.maxBatch ?? Infinity;
  const byDatabase = new WeakMap<Database, Map<string, KeyState<A, R>>>();

  async function drain(db: Database, states: Map<string, KeyState<A, R>>, key: string, state: KeyState<A, R>) {
    while (state.waiting.length > 0) {
      const batch = state.waiting.splice(0, maxBatch);
      try {
        const answers = await run(
          db,
          batch.map((waiting) => waiting.args),
        );
        if (answers.length !== batch.length)
          throw new Error(`A batch of ${batch.length} got ${answers.length} answers`);
        batch.forEach((waiting, index) => waiting.resolve(answers[index]!));
      } catch (error) {
        for (const waiting of batch) waiting.reject(error);
      }
    }
    if (states.get(key) === state) states.delete(key);
  }

  return (db, key, args) =>
    new Promise<R>((resolve, reject) => {
      let states = byDatabase.get(db);
      if (!states) {
        states = new Map();
        byDatabase.set(db, states);
      }
      const running = states.get(key);
      if (running) {
        running.waiting.push({ args, resolve, reject });
        return;
      }
      const state: KeyState<A, R> = { waiting: [{ args, resolve, reject }] };
      states.set(key, state);
      void drain(db, states, key, state);
    });
}
