// Batches (decision 043): callers of a key that arrive while a run is in flight are answered together by the next
// run, each with its own answer, in arrival order; runs of one key never overlap.
import { describe, expect, it } from 'vitest';
import type { Database } from './client.js';
import { inBatches } from './batches.js';

interface Started {
  batch: number[];
  settle(value: number[] | Error): void;
}

/** A run whose answers the test gives by hand, one per started run, in order. */
function controlledRuns(maxBatch?: number) {
  const started: Started[] = [];
  const call = inBatches<number, number>(
    (_db, batch) =>
      new Promise((resolve, reject) =>
        started.push({ batch, settle: (value) => (value instanceof Error ? reject(value) : resolve(value)) }),
      ),
    { maxBatch },
  );
  return { call, started };
}

const db = {} as unknown as Database;
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('inBatches', () => {
  it('callers during a run wait for the next, which answers each of them in arrival order', async () => {
    const { call, started } = controlledRuns();
    const first = call(db, 'k', 1);
    await tick();
    const later = [call(db, 'k', 2), call(db, 'k', 3), call(db, 'k', 4)];
    await tick();
    expect(started.map((run) => run.batch)).toEqual([[1]]);
    started[0]!.settle([10]);
    expect(await first).toBe(10);
    await tick();
    expect(started.map((run) => run.batch)).toEqual([[1], [2, 3, 4]]);
    started[1]!.settle([20, 30, 40]);
    expect(await Promise.all(later)).toEqual([20, 30, 40]);
  });

  it('splits a crowd into runs of at most maxBatch, keys apart', async () => {
    const { call, started } = controlledRuns(2);
    const first = call(db, 'k', 1);
    const other = call(db, 'other', 9);
    const later = [2, 3, 4].map((value) => call(db, 'k', value));
    await tick();
    expect(started.map((run) => run.batch)).toEqual([[1], [9]]);
    started[0]!.settle([1]);
    started[1]!.settle([9]);
    await Promise.all([first, other]);
    await tick();
    expect(started[2]!.batch).toEqual([2, 3]);
    started[2]!.settle([2, 3]);
    await tick();
    expect(started[3]!.batch).toEqual([4]);
    started[3]!.settle([4]);
    expect(await Promise.all(later)).toEqual([2, 3, 4]);
  });

  it('a failed run fails only its own callers; a run with too few answers fails too', async () => {
    const { call, started } = controlledRuns();
    const first = call(db, 'k', 1);
    await tick();
    const second = call(db, 'k', 2);
    started[0]!.settle(new Error('database down'));
    await expect(first).rejects.toThrow('database down');
    await tick();
    started[1]!.settle([]);
    await expect(second).rejects.toThrow('A batch of 1 got 0 answers');
    const third = call(db, 'k', 3);
    await tick();
    started[2]!.settle([3]);
    expect(await third).toBe(3);
  });
});
