// The waiting room on two app processes (two app instances with their own pools and snapshots) sharing one
// PostgreSQL database: fans join through both while each process draws the lobby at on-sale; every browser ends
// with exactly one place, the places are 1..n with no gap or duplicate, and admission counts once for both; the
// adaptive admission (decision 148) is shared: the slower process's checkouts decide the rate for both.
// PGlite runs one transaction at a time and cannot show a race, so this file runs on PostgreSQL only.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { QUEUE_START_RATE_PER_MINUTE } from '@marquee/shared';
import { twoAppsOnPostgres } from '../../../test/two-apps.js';
import { createLiveEvent, sellingOrganiser } from '../../../test/checkout-helpers.js';
import { londonLocal, putSales } from '../../../test/drop-helpers.js';
import { FanBrowser } from '../../../test/queue-helpers.js';
import { event, eventQueue, queueEntry } from '../../db/schema/index.js';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.runIf(onPostgres)('waiting room on two processes (PostgreSQL)', () => {
  const { t, second } = twoAppsOnPostgres({ env: { QUEUE_POW_BITS: '4', RATE_LIMIT_MULTIPLIER: '1000' } });
  const host = 'queuerush.localhost:3000';

  it('joins racing the draw on both processes: one place each, 1..n exactly', { timeout: 120_000 }, async () => {
    const owner = await sellingOrganiser(t.app, 'queuerush');
    const live = await createLiveEvent(t.app, owner, { capacity: 1500, name: 'Race Night' });
    expect((await putSales(t.app, owner, live.id, { sales_start_local: londonLocal(10) })).statusCode).toBe(200);
    const apps = [t.app, second.app];
    const fans = Array.from({ length: 60 }, (_, index) => new FanBrowser(apps[index % 2]!, host, `10.0.0.${index}`));
    // The first 30 are in the lobby; then on-sale while 30 more join and both processes draw at once.
    await Promise.all(fans.slice(0, 30).map((fan) => fan.join(live.id)));
    await t.database.db
      .update(event)
      .set({ salesStartAt: new Date(Date.now() - 1000) })
      .where(eq(event.id, live.id));
    await Promise.all([
      ...fans.slice(30).map((fan) => fan.join(live.id)),
      t.app.queueGate.states.refresh(live.id),
      second.app.queueGate.states.refresh(live.id),
    ]);
    await t.app.queueGate.states.refresh(live.id);
    await new FanBrowser(t.app, host, '10.0.1.1').join(live.id);

    const entries = await t.database.db.select().from(queueEntry).where(eq(queueEntry.eventId, live.id));
    expect(entries).toHaveLength(61);
    const places = entries.map((entry) => entry.place).sort((a, b) => Number(a) - Number(b));
    expect(places).toEqual(Array.from({ length: 61 }, (_, index) => index + 1));
    const [queue] = await t.database.db.select().from(eventQueue).where(eq(eventQueue.eventId, live.id));
    expect(queue!.lastPlace).toBe(61);
    // Every fan's poll, on either process, shows its own place.
    const seen = await Promise.all(fans.map(async (fan) => Number((await fan.poll(live.id)).body.place)));
    expect(new Set(seen).size).toBe(60);
  });

  it(
    'the slower process decides the shared rate: it steps down and stays down while the other is fast',
    { timeout: 60_000 },
    async () => {
      const owner = await sellingOrganiser(t.app, 'queuepace');
      const live = await createLiveEvent(t.app, owner, { capacity: 1500, name: 'Pace Night' });
      await t.database.db
        .update(event)
        .set({ queueMode: 'on', queueRatePerMinute: 6000, salesStartAt: new Date(Date.now() - 1000) })
        .where(eq(event.id, live.id));
      await t.app.queueGate.states.refresh(live.id);
      await t.database.db.update(eventQueue).set({ lastPlace: 100_000 }).where(eq(eventQueue.eventId, live.id));
      const [slow, fast] = [t.app.queueGate, second.app.queueGate];
      /** `seconds` pass for the shared row: every time in it moves back. */
      const pass = (seconds: number) =>
        t.database.db.execute(sql`update event_queue set
          drawn_at = drawn_at - make_interval(secs => ${seconds}),
          admitted_at = admitted_at - make_interval(secs => ${seconds}),
          rate_stepped_at = rate_stepped_at - make_interval(secs => ${seconds}),
          slowed_at = slowed_at - make_interval(secs => ${seconds}),
          checkout_at = checkout_at - make_interval(secs => ${seconds})
        where event_id = ${live.id}`);
      const queueRow = async () =>
        (await t.database.db.select().from(eventQueue).where(eq(eventQueue.eventId, live.id)))[0]!;
      const serve = () => {
        for (let index = 0; index < 10; index += 1) {
          slow.pace.record(live.id, 500);
          fast.pace.record(live.id, 30);
        }
      };
      // The slow process moves the counter first: down from the start.
      await pass(1.1);
      serve();
      await slow.states.refresh(live.id);
      const rates = [(await queueRow()).admitRatePerMinute];
      expect(rates[0]).toBeCloseTo(QUEUE_START_RATE_PER_MINUTE * 0.7);
      let admitted = 0;
      for (let round = 0; round < 12; round += 1) {
        await pass(1.1);
        serve();
        // Both processes refresh at once, as two servers do.
        await Promise.all([slow.states.refresh(live.id), fast.states.refresh(live.id)]);
        const row = await queueRow();
        expect(row.admitted).toBeGreaterThanOrEqual(admitted);
        admitted = row.admitted;
        rates.push(row.admitRatePerMinute);
      }
      // Never up while the slow process reports, though the fast one moves the counter too; down by 30% at most once
      // a window (5 s): two more steps in 13.2 s.
      for (let index = 1; index < rates.length; index += 1) expect(rates[index]).toBeLessThanOrEqual(rates[index - 1]!);
      expect(rates.at(-1)).toBeCloseTo(QUEUE_START_RATE_PER_MINUTE * 0.7 ** 3);
      // Both processes' snapshots (the fans' estimates) have the shared rate.
      await slow.states.refresh(live.id);
      await fast.states.refresh(live.id);
      const row = await queueRow();
      expect((await fast.states.get(live.id))?.admitRatePerMinute).toBeCloseTo(row.admitRatePerMinute, 9);
      expect((await slow.states.get(live.id))?.admitRatePerMinute).toBeCloseTo(row.admitRatePerMinute, 9);
    },
  );

  it('ten tabs of one browser joining on both processes at once get one place', { timeout: 60_000 }, async () => {
    const owner = await sellingOrganiser(t.app, 'queuetabs');
    const live = await createLiveEvent(t.app, owner, { capacity: 1500, name: 'Tabs Night' });
    await t.app.queueGate.states.refresh(live.id);
    const first = new FanBrowser(t.app, 'queuetabs.localhost:3000', '10.0.2.1');
    await first.get(`/queue/${live.id}`);
    const tabs = Array.from({ length: 10 }, (_, index) => {
      const tab = new FanBrowser(index % 2 ? second.app : t.app, 'queuetabs.localhost:3000', '10.0.2.1');
      for (const [name, value] of first.jar) tab.jar.set(name, value);
      return tab;
    });
    const results = await Promise.all(tabs.map((tab) => tab.join(live.id)));
    expect(new Set(results.map((result) => result.body.place)).size).toBe(1);
    const entries = await t.database.db.select().from(queueEntry).where(eq(queueEntry.eventId, live.id));
    expect(entries).toHaveLength(1);
  });
});
