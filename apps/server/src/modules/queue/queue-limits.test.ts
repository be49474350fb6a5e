// The waiting room's per-IP poll limit on two app processes sharing one PostgreSQL database (decision 034): each
// process counts locally and reports in batches to the shared counter, so an address polling both processes is
// refused after about the limit in all (at most limit x (1 + processes / 8)), not the limit on each process. Joins
// share a per-address budget the same way (decision 039).
import { describe, expect, it } from 'vitest';
import { twoAppsOnPostgres } from '../../../test/two-apps.js';
import { createLiveEvent, sellingOrganiser } from '../../../test/checkout-helpers.js';
import { FanBrowser } from '../../../test/queue-helpers.js';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const LIMIT = 600;
const JOINS = 30;

describe.runIf(onPostgres)('waiting room poll limit on two processes (PostgreSQL)', () => {
  const { t, second } = twoAppsOnPostgres({ env: { QUEUE_POW_BITS: '4' }, poolSize: 5 });
  const host = 'queuelimit.localhost:3000';

  it(
    'one address polling both processes is refused after the limit in all, on both',
    { timeout: 120_000 },
    async () => {
      const owner = await sellingOrganiser(t.app, 'queuelimit');
      const live = await createLiveEvent(t.app, owner, { capacity: 1500, name: 'Limit Night' });
      const ip = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
      const first = new FanBrowser(t.app, host, ip);
      await first.join(live.id);
      const other = new FanBrowser(second.app, host, ip);
      for (const [name, value] of first.jar) other.jar.set(name, value);
      const tabs = [first, other];
      let accepted = 0;
      const lastStatus = [0, 0];
      for (let index = 0; index < 2 * LIMIT + 100; index += 1) {
        const { response } = await tabs[index % 2]!.poll(live.id);
        lastStatus[index % 2] = response.statusCode;
        if (response.statusCode === 200) accepted += 1;
        else expect(response.statusCode).toBe(429);
      }
      process.stdout.write(`polls accepted from one address across two processes: ${accepted} (limit ${LIMIT})\n`);
      // Per process it would be 2 x 600; shared, it is the limit plus at most one unreported batch per process.
      expect(accepted).toBeGreaterThanOrEqual(LIMIT - 1);
      expect(accepted).toBeLessThanOrEqual(LIMIT + (2 * LIMIT) / 8);
      expect(lastStatus).toEqual([429, 429]);
      // Another address on either process goes on.
      expect((await new FanBrowser(second.app, host, '10.8.0.1').get(`/queue/${live.id}`)).statusCode).toBe(200);
    },
  );

  it('one address joining through both processes is refused after the join budget in all', async () => {
    const owner = await sellingOrganiser(t.app, 'queuejoins');
    const live = await createLiveEvent(t.app, owner, { capacity: 1500, name: 'Joins Night' });
    const joinHost = 'queuejoins.localhost:3000';
    const ip = `10.7.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    let accepted = 0;
    for (let index = 0; index < 2 * JOINS + 10; index += 1) {
      // A new browser each time (one place per browser), alternating between the processes.
      const joined = await new FanBrowser(index % 2 ? second.app : t.app, joinHost, ip).join(live.id);
      if (joined.response.statusCode === 200) accepted += 1;
      else expect(joined.response.statusCode).toBe(429);
    }
    // Per process it would be 2 x 30; shared, the budget plus at most one unreported batch per process.
    expect(accepted).toBeGreaterThanOrEqual(JOINS);
    expect(accepted).toBeLessThanOrEqual(JOINS + (2 * JOINS) / 8);
  });
});
