// Shared reads (decision 042): callers that arrive while a read of their key is in flight share the next read,
// which starts after they called, so nobody gets an answer older than their call; nothing is kept afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client.js';
import { sharedRead } from './shared-read.js';
import { watchQueries } from './query-count.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createLiveEvent, sellingOrganiser } from '../../test/checkout-helpers.js';

interface Pending {
  args: readonly number[];
  settle(value: { read: number } | Error): void;
}

/** A read whose answers the test gives by hand, one per started read, in order. */
function controlledRead() {
  const started: Pending[] = [];
  const read = sharedRead<number, { read: number }>(
    (_db, args) =>
      new Promise((resolve, reject) =>
        started.push({ args, settle: (value) => (value instanceof Error ? reject(value) : resolve(value)) }),
      ),
  );
  return { read, started };
}

const fakeDb = () => ({}) as unknown as Database;
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('sharedRead', () => {
  it('callers arriving during a read wait for the next one, which answers them all together', async () => {
    const { read, started } = controlledRead();
    const db = fakeDb();
    const first = read(db, 'k', 1);
    await tick();
    expect(started).toHaveLength(1);
    // These arrive while the first read is in flight: its answer may predate them, so they do not get it.
    const second = read(db, 'k', 2);
    const third = read(db, 'k', 3);
    await tick();
    expect(started).toHaveLength(1);
    started[0]!.settle({ read: 1 });
    expect(await first).toEqual({ read: 1 });
    await tick();
    expect(started).toHaveLength(2);
    expect(started[1]!.args).toEqual([2, 3]);
    started[1]!.settle({ read: 2 });
    const [b, c] = await Promise.all([second, third]);
    expect(b).toEqual({ read: 2 });
    expect(c).toBe(b);
    // Nothing is kept: a later caller starts a read of its own.
    const fourth = read(db, 'k', 4);
    await tick();
    expect(started).toHaveLength(3);
    started[2]!.settle({ read: 3 });
    expect(await fourth).toEqual({ read: 3 });
  });

  it('keys and databases are read apart', async () => {
    const { read, started } = controlledRead();
    const one = fakeDb();
    const other = fakeDb();
    const answers = [read(one, 'a', 1), read(one, 'b', 2), read(other, 'a', 3)];
    await tick();
    expect(started.map((pending) => pending.args)).toEqual([[1], [2], [3]]);
    started.forEach((pending, index) => pending.settle({ read: index }));
    expect(await Promise.all(answers)).toEqual([{ read: 0 }, { read: 1 }, { read: 2 }]);
  });

  it('a failed read fails the callers it answered, and the next group is still read', async () => {
    const { read, started } = controlledRead();
    const db = fakeDb();
    const failing = read(db, 'k', 1);
    await tick();
    const next = read(db, 'k', 2);
    started[0]!.settle(new Error('connection lost'));
    await expect(failing).rejects.toThrow('connection lost');
    await tick();
    started[1]!.settle({ read: 2 });
    expect(await next).toEqual({ read: 2 });
  });

  it('a shared answer is frozen under the test runner, so a caller cannot change what others got', async () => {
    const { read, started } = controlledRead();
    const answer = read(fakeDb(), 'k', 1);
    await tick();
    started[0]!.settle({ read: 1 });
    const value = await answer;
    expect(() => {
      (value as { read: number }).read = 2;
    }).toThrow(TypeError);
  });
});

describe('the storefront shares its hot reads', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a burst of event pages reads the host and the event fewer times than it has requests, and shows each page', async () => {
    const owner = await sellingOrganiser(t.app, 'shared-reads');
    const live = await createLiveEvent(t.app, owner, { capacity: 100, name: 'Shared Reads Night' });
    const reads = { organisation: 0, event: 0 };
    const stop = watchQueries((query) => {
      if (/from "organization_settings"/.test(query) && /lower\("organization_settings"\."subdomain"\)/.test(query))
        reads.organisation += 1;
      if (/from "event" left join "ticket_type"/.test(query)) reads.event += 1;
    });
    const pages = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({ method: 'GET', url: `/events/${live.slug}`, headers: { host: 'shared-reads.localhost:3000' } }),
      ),
    );
    stop();
    expect(pages.map((page) => page.statusCode)).toEqual(Array(20).fill(200));
    expect(pages.every((page) => page.body.includes('Shared Reads Night'))).toBe(true);
    expect(reads.organisation).toBeGreaterThan(0);
    expect(reads.organisation).toBeLessThan(10);
    expect(reads.event).toBeGreaterThan(0);
    expect(reads.event).toBeLessThan(10);
  });
});
