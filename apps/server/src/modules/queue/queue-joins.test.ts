// Joins are batched per event and process (decision 041): browsers joining at once share one statement, in the
// order they came, so places after the draw stay first come first served and contiguous, a browser keeps one
// entry however many times it joins, and the queue row's lock is taken once per batch instead of once per fan.
// The lobby's place lookups after the draw are batched the same way (decision 042).
// On PGlite and (with TEST_DATABASE_URL) on PostgreSQL.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchQueries } from '../../db/query-count.js';
import { event } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createLiveEvent, sellingOrganiser } from '../../../test/checkout-helpers.js';
import { londonLocal, putSales } from '../../../test/drop-helpers.js';
import type { SignedInUser } from '../../../test/auth-helpers.js';
import { goOnSale } from '../../../test/queue-helpers.js';
import { ensureQueueRow, joinQueue, placeOf } from './queue.store.js';

const origin = 'http://localhost:3000';

describe('queue joins, batched', () => {
  let t: TestApp;
  let owner: SignedInUser;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await sellingOrganiser(t.app, 'queuejoins');
  });
  afterAll(async () => t?.close());

  /** A live event with the queue on, its on-sale 10 minutes ahead, and its queue row. */
  async function queuedEvent(name: string) {
    const live = await createLiveEvent(t.app, owner, { capacity: 100, name });
    expect((await putSales(t.app, owner, live.id, { sales_start_local: londonLocal(10) })).statusCode).toBe(200);
    const queue = await t.app.inject({
      method: 'PUT',
      url: `/api/events/${live.id}/queue`,
      headers: { cookie: owner.cookie, origin },
      payload: { mode: 'on', rate_per_minute: 60 },
    });
    expect(queue.statusCode).toBe(200);
    const [row] = await t.database.db
      .select({ organizationId: event.organizationId })
      .from(event)
      .where(eq(event.id, live.id));
    await ensureQueueRow(t.database.db, { eventId: live.id, organizationId: row!.organizationId });
    return { eventId: live.id, organizationId: row!.organizationId };
  }

  /** Joins `browsers` all at once; returns their places and how many join statements were sent. */
  async function joinAtOnce(queued: { eventId: string; organizationId: string }, browsers: string[]) {
    let statements = 0;
    const stop = watchQueries((query) => {
      if (query.includes('insert into queue_entry')) statements += 1;
    });
    try {
      const joined = await Promise.all(
        browsers.map((browserId) => joinQueue(t.database.db, { ...queued, browserId, again: false })),
      );
      return { places: joined.map((entry) => entry?.place), statements };
    } finally {
      stop();
    }
  }

  it('after the draw, browsers joining at once get the next places in the order they came, in a few statements', async () => {
    const queued = await queuedEvent('Batched After');
    await goOnSale(t, queued.eventId);
    const first = await joinAtOnce(queued, ['early']);
    expect(first.places).toEqual([1]);

    const crowd = Array.from({ length: 40 }, (_, index) => `fan-${index}`);
    const { places, statements } = await joinAtOnce(queued, crowd);
    expect(places).toEqual(crowd.map((_, index) => index + 2));
    expect(statements).toBeLessThan(crowd.length / 4);

    // The same browsers again (another tab), and a new one among them: the old places, the next one for the new.
    const again = await joinAtOnce(queued, ['fan-3', 'newcomer', 'fan-3', 'early']);
    expect(again.places).toEqual([5, 42, 5, 1]);
  });

  it('before the draw, browsers joining at once wait in the lobby, and the draw gives each one place', async () => {
    const queued = await queuedEvent('Batched Lobby');
    const lobby = Array.from({ length: 20 }, (_, index) => `lobby-${index}`);
    const { places, statements } = await joinAtOnce(queued, lobby);
    expect(places).toEqual(lobby.map(() => null));
    expect(statements).toBeLessThan(lobby.length / 4);

    await goOnSale(t, queued.eventId);
    const drawn = await joinAtOnce(queued, lobby);
    expect([...drawn.places].sort((a, b) => a! - b!)).toEqual(lobby.map((_, index) => index + 1));
    // After the draw, a newcomer is behind everyone from the lobby.
    expect((await joinAtOnce(queued, ['after'])).places).toEqual([21]);
  });

  it("the lobby's first polls after the draw look their places up together, each its own", async () => {
    const queued = await queuedEvent('Batched Places');
    const lobby = Array.from({ length: 30 }, (_, index) => `polling-${index}`);
    await joinAtOnce(queued, lobby);
    await goOnSale(t, queued.eventId);
    const drawn = await joinAtOnce(queued, lobby);
    let statements = 0;
    const stop = watchQueries((query) => {
      if (query.includes('select browser_id, place from queue_entry')) statements += 1;
    });
    const looked = await Promise.all(
      [...lobby, 'never-joined'].map((browserId) => placeOf(t.database.db, queued.eventId, browserId)),
    ).finally(stop);
    expect(looked).toEqual([...drawn.places, null]);
    expect(statements).toBeGreaterThan(0);
    expect(statements).toBeLessThan(lobby.length / 4);
  });

  it('joins of two events do not share a statement, and an event without a queue row gets no entry', async () => {
    const one = await queuedEvent('Batched One');
    const two = await queuedEvent('Batched Two');
    await goOnSale(t, one.eventId);
    await goOnSale(t, two.eventId);
    const [a, b] = await Promise.all([joinAtOnce(one, ['x', 'y']), joinAtOnce(two, ['x', 'z'])]);
    expect(a.places).toEqual([1, 2]);
    expect(b.places).toEqual([1, 2]);

    const live = await createLiveEvent(t.app, owner, { capacity: 100, name: 'No Queue Row' });
    const [row] = await t.database.db
      .select({ organizationId: event.organizationId })
      .from(event)
      .where(eq(event.id, live.id));
    expect(
      await joinQueue(t.database.db, {
        eventId: live.id,
        organizationId: row!.organizationId,
        browserId: 'nobody',
        again: false,
      }),
    ).toBeNull();
  });
});
