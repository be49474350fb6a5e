// The adaptive admission (decision 148) on the real database with a fake clock: the counter's statement steps the
// rate down when the admitted fans' checkout is slow and up when it is fast, at most so often, between the floor
// and the organiser's ceiling, the slowest process's report deciding; the counter moves at the rate in force; a
// process's snapshot refresh reports its own window. Then a property over random sequences of reports, and
// migration 0050's handling of the rates events had stored.
import fs from 'node:fs';
import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  effectiveAdmissionRate,
  QUEUE_ADMISSION,
  QUEUE_CHECKOUT_TARGET_MS,
  QUEUE_DEFAULT_RATE_PER_MINUTE,
  QUEUE_FLOOR_RATE_PER_MINUTE,
  QUEUE_START_RATE_PER_MINUTE,
} from '@marquee/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createLiveEvent, sellingOrganiser } from '../../../test/checkout-helpers.js';
import type { SignedInUser } from '../../../test/auth-helpers.js';
import { event, eventQueue } from '../../db/schema/index.js';
import { advanceAdmission, drawLobby, ensureQueueRow, readQueueRow } from './queue.store.js';
import { QueueStates } from './queue-state.js';

let t: TestApp;
let owner: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await sellingOrganiser(t.app, 'adaptive');
});
afterAll(async () => t?.close());

// A fake clock: every time the statement is given is T0 + seconds.
const T0 = Date.parse('2026-12-03T10:00:00Z');
const at = (seconds: number) => new Date(T0 + seconds * 1000);

/** A live event with the queue on at `ceiling` a minute, drawn at T0, with `lastPlace` places given. */
async function drawnQueue(ceiling: number, lastPlace = 1_000_000) {
  const live = await createLiveEvent(t.app, owner, { capacity: 1_000_000, name: `Adaptive ${ceiling}` });
  const organizationId = (await t.database.db.select().from(event).where(eq(event.id, live.id)))[0]!.organizationId;
  await t.database.db.update(event).set({ queueMode: 'on', queueRatePerMinute: ceiling }).where(eq(event.id, live.id));
  await ensureQueueRow(t.database.db, { eventId: live.id, organizationId });
  await drawLobby(t.database.db, live.id, at(0));
  await t.database.db.update(eventQueue).set({ lastPlace }).where(eq(eventQueue.eventId, live.id));
  return live.id;
}

async function queueOf(eventId: string) {
  return (await t.database.db.select().from(eventQueue).where(eq(eventQueue.eventId, eventId)))[0]!;
}

/** The statement at T0 + `seconds` with this process's report (ms, or null), returning the row after it. */
async function step(eventId: string, seconds: number, report: number | null, paused = false) {
  await advanceAdmission(t.database.db, eventId, paused, at(seconds), report);
  return queueOf(eventId);
}

const SLOW = QUEUE_CHECKOUT_TARGET_MS + 110;
const FAST = 80;
const { downFactor: DOWN, upFactor: UP, downEverySeconds: D, upEverySeconds: U } = QUEUE_ADMISSION;

describe('adaptive admission', () => {
  it('steps down by 30% when checkouts are slow, at most once a window, down to the floor and no lower', async () => {
    const id = await drawnQueue(6000);
    let row = await step(id, 1, SLOW);
    expect(row.admitRatePerMinute).toBeCloseTo(900 * DOWN);
    expect(row).toMatchObject({ slowedAt: at(1), rateSteppedAt: at(1), slowedCheckoutMs: SLOW, checkoutMs: SLOW });
    // The counter moved at the rate in force before the step: 900 a minute for 1 s.
    expect(row.admitted).toBeCloseTo(15);
    row = await step(id, 2, SLOW);
    expect(row.admitRatePerMinute).toBeCloseTo(900 * DOWN);
    // From now on at the stepped-down rate (630 a minute) for 1 s.
    expect(row.admitted).toBeCloseTo(15 + (900 * DOWN) / 60);
    // Still slow just before the next step is allowed: no step.
    row = await step(id, 1 + D - 0.5, SLOW + 100);
    expect(row.admitRatePerMinute).toBeCloseTo(900 * DOWN);
    row = await step(id, 1 + D, SLOW + 100);
    expect(row.admitRatePerMinute).toBeCloseTo(900 * DOWN * DOWN);
    expect(row.slowedCheckoutMs).toBe(SLOW + 100);
    for (let seconds = 1 + 2 * D; seconds <= 1 + 12 * D; seconds += D) {
      row = await step(id, seconds, 5000);
      expect(row.admitRatePerMinute).toBeGreaterThanOrEqual(QUEUE_FLOOR_RATE_PER_MINUTE);
    }
    expect(row.admitRatePerMinute).toBe(QUEUE_FLOOR_RATE_PER_MINUTE);
    // At the floor a slow report is no step (the last step's time stays).
    const steppedAt = row.rateSteppedAt;
    row = await step(id, 1 + 14 * D, 5000);
    expect(row.rateSteppedAt).toEqual(steppedAt);
  });

  it('steps up by 20% (at least 60 a minute) when checkouts are fast, at most once a window, up to the ceiling', async () => {
    const id = await drawnQueue(1500);
    let row = await step(id, 1, FAST);
    expect(row.admitRatePerMinute).toBeCloseTo(900 * UP);
    row = await step(id, 1 + U - 0.5, FAST);
    expect(row.admitRatePerMinute).toBeCloseTo(900 * UP);
    row = await step(id, 1 + U, FAST);
    expect(row.admitRatePerMinute).toBeCloseTo(900 * UP * UP);
    row = await step(id, 1 + 2 * U, FAST);
    expect(row.admitRatePerMinute).toBe(1500);
    row = await step(id, 1 + 3 * U, FAST);
    expect(row).toMatchObject({ admitRatePerMinute: 1500, rateSteppedAt: at(1 + 2 * U), slowedAt: null });

    // From the floor, the first steps are the floor's worth rather than 20%.
    const low = await drawnQueue(6000);
    await t.database.db.update(eventQueue).set({ admitRatePerMinute: 60 }).where(eq(eventQueue.eventId, low));
    expect((await step(low, 1, FAST)).admitRatePerMinute).toBe(120);
    expect((await step(low, 1 + U, FAST)).admitRatePerMinute).toBe(180);
  });

  it('holds between the healthy share and the target; climbs when no checkout was timed at all', async () => {
    const id = await drawnQueue(6000);
    let row = await step(id, 1, QUEUE_CHECKOUT_TARGET_MS - 20);
    expect(row).toMatchObject({ admitRatePerMinute: 900, rateSteppedAt: null });
    row = await step(id, 2, QUEUE_CHECKOUT_TARGET_MS);
    expect(row).toMatchObject({ admitRatePerMinute: 900, rateSteppedAt: null });
    // Nobody checking out (no report from this process, none fresh from another): in the first two windows after
    // the on-sale that is the fans let through not there yet, so it holds; later nothing slows, so it climbs.
    row = await step(id, 6, null);
    expect(row).toMatchObject({ admitRatePerMinute: 900, rateSteppedAt: null });
    row = await step(id, 2 * QUEUE_ADMISSION.windowSeconds, null);
    expect(row.admitRatePerMinute).toBeCloseTo(900 * UP);
  });

  it('the slowest process decides: a fast report neither replaces a fresh slow one nor steps up past it', async () => {
    const id = await drawnQueue(6000);
    // Process A, slow, moves the counter first.
    let row = await step(id, 1, 400);
    const first = 900 * DOWN;
    expect(row.admitRatePerMinute).toBeCloseTo(first);
    // Process B, fast, moves it next: A's report is fresh and slower, so it stands and the rate holds...
    row = await step(id, 2.2, 50);
    expect(row).toMatchObject({ checkoutMs: 400, checkoutAt: at(1) });
    expect(row.admitRatePerMinute).toBeCloseTo(first);
    // ...A reports again (its turn to move the counter)...
    row = await step(id, 3.5, 400);
    expect(row).toMatchObject({ checkoutMs: 400, checkoutAt: at(3.5) });
    // ...and B's turn a window after the step steps down again, on A's report.
    row = await step(id, 1 + D + 0.2, 50);
    expect(row.admitRatePerMinute).toBeCloseTo(first * DOWN);
    expect(row.slowedCheckoutMs).toBe(400);
    // A's report is no longer fresh (3 s): B's replaces it, and B's fast checkouts step the rate up a window later.
    row = await step(id, 3.5 + 3.1, 50);
    expect(row).toMatchObject({ checkoutMs: 50, checkoutAt: at(6.6) });
    expect(row.admitRatePerMinute).toBeCloseTo(first * DOWN);
    row = await step(id, 1 + D + 0.2 + U, 50);
    const up = first * DOWN * UP;
    expect(row.admitRatePerMinute).toBeCloseTo(up);
    // A reports again, slower, while the counter is not due: the statement is only its report (too soon after the
    // last step to step again), and A's next report steps down.
    const then = 1 + D + 0.2 + U;
    row = await step(id, then + 0.5, 350);
    expect(row).toMatchObject({ checkoutMs: 350, checkoutAt: at(then + 0.5), admittedAt: at(then) });
    expect(row.admitRatePerMinute).toBeCloseTo(up);
    row = await step(id, then + 2, 350);
    expect(row).toMatchObject({ checkoutAt: at(then + 2), admittedAt: at(then + 2) });
    row = await step(id, then + D, 350);
    expect(row.admitRatePerMinute).toBeCloseTo(up * DOWN);
    // A report that is neither due nor slower than a fresh one changes nothing.
    const before = await queueOf(id);
    expect(await step(id, then + D + 0.2, 100)).toEqual(before);
  });

  it('while paused neither the counter nor the rate moves; the ceiling bounds both at once', async () => {
    const id = await drawnQueue(6000);
    let row = await step(id, 1, SLOW, true);
    expect(row).toMatchObject({ admitted: 0, admittedAt: at(1), admitRatePerMinute: 900, rateSteppedAt: null });
    // The organiser lowers the ceiling under the adaptive rate: the counter moves at the ceiling from now on.
    await t.database.db.update(event).set({ queueRatePerMinute: 300 }).where(eq(event.id, id));
    row = await step(id, 11, 170);
    expect(row.admitted).toBeCloseTo(50);
    expect(row.admitRatePerMinute).toBe(300);
    // A ceiling under the floor is the rate, whatever the checkout.
    await t.database.db.update(event).set({ queueRatePerMinute: 30 }).where(eq(event.id, id));
    row = await step(id, 21, 5000);
    expect(row.admitRatePerMinute).toBe(30);
    row = await step(id, 31, FAST);
    expect(row.admitRatePerMinute).toBe(30);
    expect(row.admitted).toBeCloseTo(50 + 5 + 5);
    // Never past the last place given.
    await t.database.db.update(eventQueue).set({ lastPlace: 62 }).where(eq(eventQueue.eventId, id));
    row = await step(id, 100, FAST);
    expect(row.admitted).toBe(62);
  });

  it("a process's snapshot refresh reports its own window; a slow one reports even when the counter is not due", async () => {
    let now = Date.now();
    const clock = () => now;
    const live = await createLiveEvent(t.app, owner, { capacity: 5000, name: 'Refreshed Night' });
    await t.database.db
      .update(event)
      .set({ queueMode: 'on', queueRatePerMinute: 6000, salesStartAt: new Date(now - 1000) })
      .where(eq(event.id, live.id));
    const a = new QueueStates(t.database.db, clock);
    const b = new QueueStates(t.database.db, clock);
    await a.refresh(live.id);
    expect((await queueOf(live.id)).drawnAt).toEqual(new Date(now));
    expect((await a.get(live.id))?.admitRatePerMinute).toBe(QUEUE_START_RATE_PER_MINUTE);
    // A serves slow checkouts, B fast ones.
    for (let index = 0; index < 20; index += 1) a.pace.record(live.id, 450);
    for (let index = 0; index < 20; index += 1) b.pace.record(live.id, 40);
    now += 1100;
    await b.refresh(live.id);
    let row = await queueOf(live.id);
    expect(row).toMatchObject({ checkoutMs: 40, admittedAt: new Date(now) });
    expect(row.admitRatePerMinute).toBeCloseTo(900 * UP);
    // A's counter is not due (B just moved it), but its slow report goes in on its own (too soon to step again)...
    now += 300;
    await a.refresh(live.id);
    row = await queueOf(live.id);
    expect(row).toMatchObject({ checkoutMs: 450, checkoutAt: new Date(now), admittedAt: new Date(now - 300) });
    expect(row.admitRatePerMinute).toBeCloseTo(900 * UP);
    // ...and when A next moves the counter, a window after the step, its checkouts (still slow) step it down.
    now += D * 1000;
    for (let index = 0; index < 20; index += 1) a.pace.record(live.id, 450);
    await a.refresh(live.id);
    row = await queueOf(live.id);
    expect(row).toMatchObject({ admittedAt: new Date(now), slowedCheckoutMs: 450 });
    expect(row.admitRatePerMinute).toBeCloseTo(900 * UP * DOWN);
    // The snapshot the fans' estimates come from has the rate admitted now.
    expect((await a.get(live.id))?.admitRatePerMinute).toBeCloseTo(900 * UP * DOWN);
    // B's fast report, not due and not slower, sends nothing.
    for (let index = 0; index < 20; index += 1) b.pace.record(live.id, 40);
    const before = await queueOf(live.id);
    now += 200;
    await b.refresh(live.id);
    expect(await queueOf(live.id)).toEqual(before);
  });
});

interface Move {
  /** Seconds since the previous statement. */
  dt: number;
  /** Which of two processes sends it, and its report. */
  report: number | null;
  paused: boolean;
  /** Places given meanwhile. */
  joins: number;
  /** The organiser changes the ceiling first. */
  ceiling: number | null;
}

const move: fc.Arbitrary<Move> = fc.record({
  dt: fc.double({ min: 0, max: 6, noNaN: true }),
  report: fc.option(fc.oneof(fc.integer({ min: 1, max: 150 }), fc.integer({ min: 151, max: 3000 })), {
    freq: 4,
  }),
  paused: fc.nat({ max: 4 }).map((draw) => draw === 0),
  joins: fc.oneof(fc.nat({ max: 40 }), fc.nat({ max: 5000 })),
  ceiling: fc.oneof(
    { weight: 6, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.integer({ min: 10, max: 60_000 }) },
  ),
});

describe('adaptive admission, as a property', () => {
  it('stays within [floor, ceiling]; the counter moves at the rate in force, never back, never past the last place', async () => {
    const id = await drawnQueue(6000, 0);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 10, max: 60_000 }),
        fc.array(move, { maxLength: 40 }),
        async (first, moves) => {
          await t.database.db.update(event).set({ queueRatePerMinute: first }).where(eq(event.id, id));
          await t.database.db
            .update(eventQueue)
            .set({
              admitted: 0,
              admittedAt: at(0),
              lastPlace: 0,
              admitRatePerMinute: QUEUE_START_RATE_PER_MINUTE,
              rateSteppedAt: null,
              slowedAt: null,
              slowedCheckoutMs: null,
              checkoutMs: null,
              checkoutAt: null,
            })
            .where(eq(eventQueue.eventId, id));
          let seconds = 0;
          let ceiling = first;
          for (const next of moves) {
            seconds += next.dt;
            if (next.ceiling !== null) {
              ceiling = next.ceiling;
              await t.database.db.update(event).set({ queueRatePerMinute: ceiling }).where(eq(event.id, id));
            }
            const before = await queueOf(id);
            await t.database.db
              .update(eventQueue)
              .set({ lastPlace: before.lastPlace + next.joins })
              .where(eq(eventQueue.eventId, id));
            const after = await step(id, seconds, next.report, next.paused);
            const now = at(seconds).getTime();
            // Whether the statement applied: the counter was due, or the report replaced the stored one.
            const due = before.admittedAt!.getTime() <= now - 1000;
            const fresh = before.checkoutAt !== null && before.checkoutAt.getTime() > now - 3000;
            const replaced =
              next.report !== null && (!fresh || before.checkoutMs === null || next.report >= before.checkoutMs);
            const floor = Math.min(QUEUE_FLOOR_RATE_PER_MINUTE, ceiling);
            const inForce = effectiveAdmissionRate(ceiling, before.admitRatePerMinute);
            if (due || replaced) {
              // The stored rate is within [floor, ceiling], and is the rate in force or one step from it.
              expect(after.admitRatePerMinute).toBeGreaterThanOrEqual(floor);
              expect(after.admitRatePerMinute).toBeLessThanOrEqual(ceiling);
              const steps = [
                inForce,
                Math.max(floor, inForce * DOWN),
                Math.min(ceiling, Math.max(inForce * UP, inForce + 60)),
              ];
              expect(steps.some((value) => Math.abs(value - after.admitRatePerMinute) < 1e-6)).toBe(true);
              // A step comes at most once a window (D s down, U s up) after the last one, and never while paused.
              if (after.rateSteppedAt?.getTime() !== before.rateSteppedAt?.getTime()) {
                expect(next.paused).toBe(false);
                const gap = before.rateSteppedAt ? now - before.rateSteppedAt.getTime() : Infinity;
                expect(gap).toBeGreaterThanOrEqual((after.admitRatePerMinute < inForce ? D : U) * 1000);
              }
            } else {
              expect(after).toEqual({ ...before, lastPlace: before.lastPlace + next.joins });
            }
            expect(effectiveAdmissionRate(ceiling, after.admitRatePerMinute)).toBeLessThanOrEqual(ceiling);
            expect(after.admitted).toBeGreaterThanOrEqual(before.admitted);
            expect(after.admitted).toBeLessThanOrEqual(after.lastPlace);
            // The counter moved at the rate in force (never above the ceiling) for the time since it last moved.
            const elapsed = (after.admittedAt!.getTime() - before.admittedAt!.getTime()) / 1000;
            const expected = next.paused
              ? before.admitted
              : Math.min(after.lastPlace, before.admitted + (inForce / 60) * elapsed);
            expect(after.admitted).toBeCloseTo(expected, 6);
            expect(after.admitted - before.admitted).toBeLessThanOrEqual((ceiling / 60) * elapsed + 1e-9);
            // What a process's snapshot reads, the rate the fans' estimates use, is the rate now in force.
            expect((await readQueueRow(t.database.db, id))?.admitRatePerMinute).toBeCloseTo(
              effectiveAdmissionRate(ceiling, after.admitRatePerMinute),
              9,
            );
          }
        },
      ),
      { numRuns: Number(process.env.ADMISSION_RUNS ?? 40), seed: Number(process.env.ADMISSION_SEED ?? 148) },
    );
  });
});

describe('migration 0050', () => {
  it('keeps a rate the organiser set and moves the untouched default 900 to the new default', async () => {
    const file = fs.readFileSync(new URL('../../../drizzle/0050_adaptive_admission.sql', import.meta.url), 'utf8');
    const updates = file
      .split('--> statement-breakpoint')
      .map((statement) => statement.trim())
      .filter((statement) => statement.startsWith('UPDATE'));
    expect(updates).toHaveLength(2);
    const rated = async (rate: number) => {
      const live = await createLiveEvent(t.app, owner, { capacity: 100, name: `Stored ${rate}` });
      // As before the migration: every rate stored, none marked as chosen.
      await t.database.db
        .update(event)
        .set({ queueRatePerMinute: rate, queueRateChosen: false })
        .where(eq(event.id, live.id));
      return live.id;
    };
    const [untouched, set, older] = [await rated(900), await rated(1200), await rated(3000)];
    for (const statement of updates) await t.database.db.execute(sql.raw(statement));
    const stored = async (id: string) => {
      const [row] = await t.database.db.select().from(event).where(eq(event.id, id));
      return { rate: row!.queueRatePerMinute, chosen: row!.queueRateChosen };
    };
    expect(await stored(untouched)).toEqual({ rate: QUEUE_DEFAULT_RATE_PER_MINUTE, chosen: false });
    expect(await stored(set)).toEqual({ rate: 1200, chosen: true });
    expect(await stored(older)).toEqual({ rate: 3000, chosen: true });
  });
});
