// A process's timing of admitted fans' checkouts (decision 148), on a fake clock: the window's 95th percentile,
// samples leaving the window, checkouts still running counted by their age, and only marked requests timed.
import { describe, expect, it } from 'vitest';
import { QUEUE_ADMISSION } from '@marquee/shared';
import { CheckoutPace, nearestRank } from './checkout-pace.js';

const EVENT = 'e1';

function fakeClock() {
  let now = 1_000_000;
  return { clock: () => now, tick: (ms: number) => (now += ms) };
}

describe('CheckoutPace', () => {
  it('reports the nearest-rank 95th percentile of the checkouts of the last window', () => {
    const { clock, tick } = fakeClock();
    const pace = new CheckoutPace(clock);
    expect(pace.report(EVENT)).toBeNull();
    // 40 checkouts: 1..40 ms; the 95th percentile of 40 is the 38th.
    for (let ms = 1; ms <= 40; ms += 1) pace.record(EVENT, ms);
    expect(pace.report(EVENT)).toBe(38);
    expect(pace.report('another event')).toBeNull();
    // Two slow ones among them are the top 5%: still under the 38th.
    pace.record(EVENT, 900);
    pace.record(EVENT, 900);
    expect(pace.report(EVENT)).toBe(40);
    // A third makes the 95th percentile slow.
    pace.record(EVENT, 900);
    expect(pace.report(EVENT)).toBe(900);
    // Once the window has passed they no longer count, and the event is forgotten.
    tick(QUEUE_ADMISSION.windowSeconds * 1000 - 1);
    expect(pace.report(EVENT)).toBe(900);
    tick(1);
    expect(pace.report(EVENT)).toBeNull();
  });

  it('counts a checkout still running by its age, so a process too slow to finish any reports it', () => {
    const { clock, tick } = fakeClock();
    const pace = new CheckoutPace(clock);
    const request = {};
    pace.mark(request, EVENT);
    tick(150);
    expect(pace.report(EVENT)).toBe(150);
    tick(2000);
    expect(pace.report(EVENT)).toBe(2150);
    // Finished: its own time (Fastify's, from the request's receipt) replaces its age.
    pace.finish(request, 2200);
    expect(pace.report(EVENT)).toBe(2200);
    // A request never answered is dropped after a minute.
    const stuck = {};
    pace.mark(stuck, 'stuck');
    tick(60_001);
    expect(pace.report('stuck')).toBeNull();
  });

  it('times only marked requests, each once', () => {
    const { clock } = fakeClock();
    const pace = new CheckoutPace(clock);
    pace.finish({}, 5000);
    expect(pace.report(EVENT)).toBeNull();
    const request = {};
    pace.mark(request, EVENT);
    pace.mark(request, EVENT);
    pace.finish(request, 30);
    pace.finish(request, 5000);
    expect(pace.report(EVENT)).toBe(30);
  });

  it('keeps a bounded ring of samples per event', () => {
    const { clock } = fakeClock();
    const pace = new CheckoutPace(clock);
    for (let index = 0; index < 5000; index += 1) pace.record(EVENT, index < 4000 ? 1000 : 10);
    // Only the latest 2,048 are kept: 1,000 fast ones and 1,048 slow.
    expect(pace.report(EVENT)).toBe(1000);
    for (let index = 0; index < 2048; index += 1) pace.record(EVENT, 10);
    expect(pace.report(EVENT)).toBe(10);
  });

  it('nearestRank', () => {
    expect(nearestRank([], 95)).toBeNull();
    expect(nearestRank([5], 95)).toBe(5);
    expect(nearestRank([3, 1, 2], 50)).toBe(2);
    expect(
      nearestRank(
        Array.from({ length: 100 }, (_, index) => index + 1),
        95,
      ),
    ).toBe(95);
  });
});
