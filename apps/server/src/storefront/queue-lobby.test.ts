// The waiting room's lobby as a fan sees it before the on-sale (issue 30): when tickets go on sale, in the event's
// zone as the event page says it, and no cards of dashes (a place, people ahead, a wait) before there is any.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateTimeFormatIn } from '@marquee/shared';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createLiveEvent, sellingOrganiser } from '../../test/checkout-helpers.js';
import { putSales } from '../../test/drop-helpers.js';
import { FanBrowser, goOnSale } from '../../test/queue-helpers.js';
import type { SignedInUser } from '../../test/auth-helpers.js';

const origin = 'http://localhost:3000';
const host = 'lobbytime.localhost:3000';

let t: TestApp;
let owner: SignedInUser;

beforeAll(async () => {
  t = await createTestApp({ env: { QUEUE_POW_BITS: '6' } });
  owner = await sellingOrganiser(t.app, 'lobbytime');
});
afterAll(async () => t?.close());

/** An event in New York with the waiting room on and its on-sale at `local` (New York time). */
async function lobbyEvent(name: string, local: string) {
  const live = await createLiveEvent(t.app, owner, { capacity: 100, name, time_zone: 'America/New_York' });
  const sales = await putSales(t.app, owner, live.id, { sales_start_local: local });
  expect(sales.statusCode, sales.body).toBe(200);
  const set = await t.app.inject({
    method: 'PUT',
    url: `/api/events/${live.id}/queue`,
    headers: { cookie: owner.cookie, origin },
    payload: { mode: 'on', rate_per_minute: 60 },
  });
  expect(set.statusCode, set.body).toBe(200);
  await t.app.queueGate.states.refresh(live.id);
  return live;
}

/** 'YYYY-MM-DDTHH:mm' in New York, `minutes` from now. */
function newYorkLocal(minutes: number): string {
  const at = new Date(Date.now() + minutes * 60_000);
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/New_York',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => parts.find((part) => part.type === type)!.value;
  return `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}`;
}

describe('the lobby', () => {
  it("says when tickets go on sale in the event's zone, with no empty figures", async () => {
    const local = newYorkLocal(90);
    const live = await lobbyEvent('Lobby Clock', local);
    // The page a browser first gets (before its script joins) says it already.
    const arriving = await new FanBrowser(t.app, host, '198.51.100.89').get(`/queue/${live.id}`);
    expect(arriving.body).toContain('<p id="q-opens">On sale <strong><time dateTime=');
    expect(/<main[\s\S]*<\/main>/.exec(arriving.body)![0]).not.toContain('\u2013');
    const fan = new FanBrowser(t.app, host, '198.51.100.90');
    expect((await fan.join(live.id)).body.status).toBe('lobby');
    const page = await fan.get(`/queue/${live.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('You are in the lobby.');

    const opensAt = /<time dateTime="([^"]+)">([^<]+)<\/time>/.exec(page.body);
    expect(opensAt).not.toBeNull();
    // The on-sale as set, in New York's time (en-GB names it GMT-5 or GMT-4), as the event page says it.
    const shown = dateTimeFormatIn('America/New_York').format(new Date(opensAt![1]!));
    expect(opensAt![2]).toBe(shown);
    expect(shown).toMatch(/^\w{3}, \d{1,2} \w{3} \d{4}, \d\d:\d\d GMT-[45]$/);
    expect(shown).toContain(local.slice(11));
    expect(page.body).toContain(`${shown}</time></strong> (America/New York time).`);

    // No card of dashes: the figures are hidden until there is a place.
    const main = /<main[\s\S]*<\/main>/.exec(page.body)![0];
    expect(main).not.toContain('\u2013');
    expect(main).toMatch(/<dl id="q-figures" hidden="">/);
  });

  it('after the on-sale: the figures show the place; the on-sale line is gone', async () => {
    const live = await lobbyEvent('Lobby Drawn', newYorkLocal(90));
    const fan = new FanBrowser(t.app, host, '198.51.100.91');
    await fan.join(live.id);
    await goOnSale(t, live.id);
    const page = await fan.get(`/queue/${live.id}`);
    expect(page.body).not.toContain('id="q-opens"');
    expect(page.body).toMatch(/<dl id="q-figures">/);
    expect(page.body).toMatch(/<dd id="q-place">1<\/dd>/);
  });
});
