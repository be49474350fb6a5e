// The waiting room's page (decision 034) as fans see it: in the organiser's branding (logo, colours with readable
// contrast, font), a few KB with its script, polls that read nothing from the database, and the join for browsers
// without JavaScript: a time-locked ticket the page follows by itself (too early is refused), sharing the per-IP
// join budget with the proof-of-work join, then a page that refreshes itself up to the admission.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createLiveEvent, sellingOrganiser } from '../../../test/checkout-helpers.js';
import { FanBrowser } from '../../../test/queue-helpers.js';
import type { SignedInUser } from '../../../test/auth-helpers.js';
import { queriesSoFar } from '../../db/query-count.js';
import { eventQueue } from '../../db/schema/index.js';
import { admissionCookie, BROWSER_COOKIE } from './tokens.js';

const origin = 'http://localhost:3000';
const host = 'queuebrand.localhost:3000';

let t: TestApp;
let owner: SignedInUser;

beforeAll(async () => {
  t = await createTestApp({ env: { QUEUE_POW_BITS: '6' } });
  owner = await sellingOrganiser(t.app, 'queuebrand');
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/org/settings',
    headers: { cookie: owner.cookie, origin },
    payload: {
      company_name: 'Brand <Hall>',
      primary_color: '#FFD400',
      secondary_color: '#FFFFFF',
      font_family: 'DM Sans',
      logo_url: '/uploads/logos/brand-hall.png',
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => t?.close());

/** A live event on sale now with the queue on at `rate` a minute. */
async function queuedEvent(name: string, rate = 60) {
  const live = await createLiveEvent(t.app, owner, { capacity: 100, name });
  const set = await t.app.inject({
    method: 'PUT',
    url: `/api/events/${live.id}/queue`,
    headers: { cookie: owner.cookie, origin },
    payload: { mode: 'on', rate_per_minute: rate },
  });
  expect(set.statusCode, set.body).toBe(200);
  await t.app.queueGate.states.refresh(live.id);
  return live;
}

describe('the queue page', () => {
  it('wears the organiser branding: logo, name, colours with readable contrast, font; a few KB with its script', async () => {
    const live = await queuedEvent('Brand Night');
    const fan = new FanBrowser(t.app, host, '198.51.100.61');
    const page = await fan.get(`/queue/${live.id}`);
    expect(page.statusCode).toBe(200);
    const html = page.body;
    // White background: near-black text; the yellow is darkened where it is text, kept on buttons.
    expect(html).toContain('--primary:#ffd400;--on-primary:#0a0a0a;');
    expect(html).toContain('--bg:#ffffff;--text:#0a0a0a');
    expect(html).not.toContain('--accent:#ffd400');
    expect(html).toContain('html{color-scheme:light}');
    expect(html).toContain('font-family:"DM Sans",system-ui');
    expect(html).toMatch(/<link rel="preload" href="\/_storefront\/fonts\/dm-sans[^"]+" as="font"/);
    expect(html).toContain('src="/uploads/logos/brand-hall.png"');
    expect(html).toContain('<span class="display">Brand &lt;Hall&gt;</span>');
    expect(html).not.toContain('<Hall>');
    // The page's own CSS is drawn from the theme, not fixed colours.
    expect(html).not.toContain('#00ea6f;color:#0a0a0a');
    const script = await fan.get('/_storefront/queue.js');
    const bytes = Buffer.byteLength(html) + script.rawPayload.length;
    expect(bytes).toBeLessThan(12 * 1024);
    expect(Buffer.byteLength(html)).toBeLessThan(8 * 1024);
  });

  it('a dark brand gets light text; polls read nothing from the database once the snapshot is warm', async () => {
    await t.app.inject({
      method: 'PUT',
      url: '/api/org/settings',
      headers: { cookie: owner.cookie, origin },
      payload: { company_name: 'Brand Hall', primary_color: '#7C3AED', secondary_color: '#111827' },
    });
    const live = await queuedEvent('Dark Night');
    const fan = new FanBrowser(t.app, host, '198.51.100.62');
    const page = await fan.get(`/queue/${live.id}`);
    expect(page.body).toContain('--bg:#111827;--text:#ffffff');
    expect(page.body).toContain('html{color-scheme:dark}');
    await fan.join(live.id);
    await fan.poll(live.id);
    const before = queriesSoFar();
    for (let index = 0; index < 40; index += 1) expect((await fan.poll(live.id)).response.statusCode).toBe(200);
    // At most one snapshot refresh (read, move the counter, read) may fall inside the 40 polls.
    expect(queriesSoFar() - before).toBeLessThanOrEqual(3);
  });
});

describe('joining without JavaScript', () => {
  const ticketOf = (html: string) => {
    const match = /<noscript><meta http-equiv="refresh" content="(\d+);url=([^"]+)"\/><\/noscript>/.exec(html);
    expect(match, 'the no-script refresh to the join link').toBeTruthy();
    return { seconds: Number(match![1]), url: match![2]!.replace(/&amp;/g, '&') };
  };

  it('refuses the time-locked ticket too early with a clear message, accepts it after its seconds, then refreshes up to the admission', async () => {
    const live = await queuedEvent('Plain Night', 600);
    const fan = new FanBrowser(t.app, host, '198.51.100.71');
    const page = await fan.get(`/queue/${live.id}`);
    expect(page.body).toContain('Your browser has JavaScript off: you get your place in about 5 seconds');
    const ticket = ticketOf(page.body);
    expect(ticket.seconds).toBe(5);
    expect(ticket.url).toMatch(new RegExp(`^/queue/${live.id}/join\\?ticket=`));

    const early = await fan.get(ticket.url);
    expect(early.statusCode).toBe(400);
    expect(early.body).toContain('Too early: browsers without JavaScript get their place 5 seconds after');
    expect(Number(early.headers['retry-after'])).toBeGreaterThan(0);
    expect(early.body).toMatch(/<meta http-equiv="refresh" content="\d;url=\/queue\//);
    // Another browser cannot use it.
    const thief = new FanBrowser(t.app, host, '198.51.100.72');
    await thief.get(`/queue/${live.id}`);
    await new Promise((resolve) => setTimeout(resolve, 5100));
    const stolen = await thief.get(ticket.url);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.body).toContain('belongs to another browser');

    const joined = await fan.get(ticket.url);
    expect(joined.statusCode).toBe(303);
    expect(joined.headers.location).toBe(`/queue/${live.id}`);
    const waiting = await fan.get(`/queue/${live.id}`);
    expect(waiting.body).toMatch(/<dd id="q-place">1<\/dd>/);
    expect(waiting.body).toMatch(/<noscript><meta http-equiv="refresh" content="\d+;url=\/queue\//);
    // Its turn comes (600 a minute): the page carries the admission and moves on to the tickets by itself.
    await t.database.db
      .update(eventQueue)
      .set({ admittedAt: sql`admitted_at - interval '5 seconds'` })
      .where(eq(eventQueue.eventId, live.id));
    await t.app.queueGate.states.refresh(live.id);
    const admitted = await fan.get(`/queue/${live.id}`);
    expect(admitted.body).toContain('It\u2019s your turn.');
    expect(admitted.body).toContain(`<meta http-equiv="refresh" content="2;url=/events/${live.slug}"/>`);
    expect(fan.jar.get(admissionCookie(live.id))).toBeTruthy();
    expect((await fan.checkout(live.id, live.ticket_types[0]!.id)).statusCode).toBe(303);
  });

  it('shares the per-IP join budget with the proof-of-work join; an expired ticket is refused', async () => {
    const live = await queuedEvent('Budget Night');
    const ip = '198.51.100.80';
    for (let index = 0; index < 30; index += 1) {
      const joined = await new FanBrowser(t.app, host, ip).join(live.id);
      expect(joined.response.statusCode).toBe(200);
    }
    const plain = new FanBrowser(t.app, host, ip);
    await plain.get(`/queue/${live.id}`);
    const signer = t.app.queueGate.signer;
    const browser = plain.jar.get(BROWSER_COOKIE)!;
    const ready = signer.sign({ k: 't', e: live.id, b: browser, n: 'x', t: Date.now() - 1, x: Date.now() + 60_000 });
    const refused = await plain.get(`/queue/${live.id}/join?ticket=${ready}`);
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toContain('Too many people joined from your network');
    const old = signer.sign({ k: 't', e: live.id, b: browser, n: 'y', t: Date.now() - 600_000, x: Date.now() - 1 });
    const expired = await new FanBrowser(t.app, host, '198.51.100.81').get(`/queue/${live.id}/join?ticket=${old}`);
    expect(expired.statusCode).toBe(400);
  });
});
