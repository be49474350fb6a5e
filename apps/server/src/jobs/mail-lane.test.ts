// The mail lane on its own: work waits while the process is busy, runs once it is quiet (or after its longest
// delay), one task at a time, and calls for the same drain coalesce.
import { describe, expect, it } from 'vitest';
import { createMailLane, MailLaneClosed } from './mail-lane.js';

/** Keeps the event loop busy (a drop's sales) for `ms`, in slices that leave timers a chance to run. */
function busyFor(ms: number) {
  const until = performance.now() + ms;
  return new Promise<void>((resolve) => {
    const slice = () => {
      const sliceEnd = Math.min(until, performance.now() + 20);
      while (performance.now() < sliceEnd) {
        // spin
      }
      if (performance.now() >= until) resolve();
      else setImmediate(slice);
    };
    slice();
  });
}

describe('mail lane', () => {
  it('runs a drain until it finds no more jobs, and calls made meanwhile add no extra run', async () => {
    const lane = createMailLane({ sampleMs: 5 });
    let jobs = 7;
    let passes = 0;
    const drain = async () => {
      passes += 1;
      const ran = Math.min(3, jobs);
      jobs -= ran;
      return ran;
    };
    for (let call = 0; call < 10; call += 1) lane.soon(drain);
    await lane.idle();
    expect(jobs).toBe(0);
    // 3 + 3 + 1, then the pass that finds none.
    expect(passes).toBe(4);
    expect(lane.depth).toBe(0);
  });

  it('a call while the drain runs makes it look again afterwards', async () => {
    const lane = createMailLane({ sampleMs: 5 });
    let jobs = 0;
    let passes = 0;
    const drain = async () => {
      passes += 1;
      if (passes === 1) {
        // A sale commits (a new job) while this pass runs and finds nothing.
        setTimeout(() => {
          jobs = 1;
          lane.soon(drain);
        }, 0);
        await new Promise((resolve) => setTimeout(resolve, 10));
        return 0;
      }
      const ran = jobs;
      jobs = 0;
      return ran;
    };
    lane.soon(drain);
    await lane.idle();
    expect(jobs).toBe(0);
    expect(passes).toBe(3);
  });

  it('waits while the process is busy and runs once it is quiet', async () => {
    const lane = createMailLane({ sampleMs: 20, maxDelayMs: 10_000 });
    let ranAt = 0;
    const busy = busyFor(400);
    const started = performance.now();
    lane.soon(async () => {
      if (!ranAt) ranAt = performance.now();
      return 0;
    });
    await busy;
    const busyEnded = performance.now();
    await lane.idle();
    expect(ranAt).toBeGreaterThanOrEqual(busyEnded - 25);
    expect(ranAt - started).toBeGreaterThanOrEqual(350);
  });

  it('runs waiting work after its longest delay even while the process stays busy', async () => {
    const lane = createMailLane({ sampleMs: 20, maxDelayMs: 200 });
    let ranAt = 0;
    const started = performance.now();
    const busy = busyFor(1_500);
    lane.soon(async () => {
      if (!ranAt) ranAt = performance.now();
      return 0;
    });
    await lane.idle();
    const doneAt = performance.now();
    await busy;
    expect(ranAt - started).toBeGreaterThanOrEqual(180);
    // It did not wait for the busy spell to end.
    expect(doneAt - started).toBeLessThan(1_200);
  });

  it('runs tasks one at a time in order, and a failing task does not stop the next', async () => {
    const errors: unknown[] = [];
    const lane = createMailLane({ sampleMs: 5, onError: (error) => errors.push(error) });
    const order: string[] = [];
    let inside = 0;
    let most = 0;
    const task = (name: string, fail = false) =>
      lane.run(async () => {
        inside += 1;
        most = Math.max(most, inside);
        await new Promise((resolve) => setTimeout(resolve, 5));
        order.push(name);
        inside -= 1;
        if (fail) throw new Error(`${name} failed`);
        return name;
      });
    const results = await Promise.allSettled([task('a'), task('b', true), task('c')]);
    expect(order).toEqual(['a', 'b', 'c']);
    expect(most).toBe(1);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    // A task's failure is its caller's to handle (a job's worker retries it), not the lane's.
    expect(errors).toEqual([]);
  });

  it('a drain that throws is reported and leaves the lane working', async () => {
    const errors: unknown[] = [];
    const lane = createMailLane({ sampleMs: 5, onError: (error) => errors.push(error) });
    lane.soon(async () => {
      throw new Error('SMTP down');
    });
    await lane.idle();
    expect(errors).toHaveLength(1);
    expect(await lane.run(async () => 'next')).toBe('next');
  });

  it('closing refuses what waits, takes nothing new and lets the running task finish', async () => {
    const lane = createMailLane({ sampleMs: 5 });
    let finished = false;
    const first = lane.run(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      finished = true;
    });
    const second = lane
      .run(async () => 'never')
      .then(
        () => null,
        (error: unknown) => error,
      );
    await new Promise((resolve) => setTimeout(resolve, 15));
    await lane.close();
    expect(finished).toBe(true);
    await expect(first).resolves.toBeUndefined();
    expect(await second).toBeInstanceOf(MailLaneClosed);
    await expect(lane.run(async () => 'late')).rejects.toBeInstanceOf(MailLaneClosed);
    let drained = false;
    lane.soon(async () => {
      drained = true;
      return 0;
    });
    await lane.idle();
    expect(drained).toBe(false);
  });
});
