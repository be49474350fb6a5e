import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createLiveEvent, sellingOrganiser } from '../../../test/checkout-helpers.js';
import type { SignedInUser } from '../../../test/auth-helpers.js';
import { organizationSettings, pageViewDaily, pageViewSalt, pageVisitor } from '../../db/schema/index.js';
import { createPageViewRecorder, utcDay } from './page-views.js';

let t: TestApp;
let owner: SignedInUser;
let rival: SignedInUser;
let eventId: string;
let rivalEventId: string;
let eventSlug: string;
let rivalEventSlug: string;
const HOST = 'views-owner.localhost:3000';
const RIVAL_HOST = 'views-rival.localhost:3000';
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

beforeAll(async () => {
  t = await createTestApp();
  owner = await sellingOrganiser(t.app, 'views-owner');
  rival = await sellingOrganiser(t.app, 'views-rival');
  ({ id: eventId, slug: eventSlug } = await createLiveEvent(t.app, owner));
  ({ id: rivalEventId, slug: rivalEventSlug } = await createLiveEvent(t.app, rival));
});
afterAll(() => t.close());

function visit(
  url: string,
  options: {
    host?: string;
    ip?: string;
    userAgent?: string;
    headers?: Record<string, string>;
    method?: 'GET' | 'HEAD';
  } = {},
) {
  return t.app.inject({
    method: options.method ?? 'GET',
    url,
    headers: { host: options.host ?? HOST, 'user-agent': options.userAgent ?? CHROME, ...options.headers },
    remoteAddress: options.ip ?? '198.51.100.7',
  });
}

/** The organiser's Analytics card for today only (custom period of one day). */
async function pageViewsCard(user: SignedInUser, query = '') {
  await t.app.pageViews.flush();
  const today = utcDay(new Date());
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/analytics/summary?period=custom&from=${today}&to=${today}${query}`,
    headers: { cookie: user.cookie },
  });
  expect(response.statusCode).toBe(200);
  const cards = response.json().cards;
  // The conversion rate divides by the very count the Page Views card shows.
  expect(cards.conversion_rate.visitors).toBe(cards.page_views.visitors);
  return cards.page_views;
}

describe('storefront page views', () => {
  it('counts views and unique visitors of the home and event pages, without cookies', async () => {
    const before = await pageViewsCard(owner);
    const home = await visit('/');
    expect(home.statusCode).toBe(200);
    expect(home.headers['set-cookie']).toBeUndefined();
    expect((await visit(`/events/${eventSlug}`)).statusCode).toBe(200);
    await visit(`/events/${eventSlug}`); // the same visitor again: a view, not a visitor
    await visit(`/events/${eventSlug}`, { ip: '198.51.100.8' }); // another address: another visitor
    await visit(`/events/${eventSlug}`, { userAgent: FIREFOX }); // another browser on the same address
    const after = await pageViewsCard(owner);
    expect(after.value - before.value).toBe(5);
    // The home page's visitor also opened the event page: one visitor of the storefront, not two.
    expect(after.visitors - before.visitors).toBe(3);
    const event = await pageViewsCard(owner, `&event_id=${eventId}`);
    expect(event.value).toBe(4);
    expect(event.visitors).toBe(3);
  });

  it('does not count known bots, prefetches, prerenders, HEAD requests, missing pages or empty user agents', async () => {
    const before = await pageViewsCard(owner);
    const bots = [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'curl/8.5.0',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
    ];
    for (const userAgent of bots) expect((await visit(`/events/${eventSlug}`, { userAgent })).statusCode).toBe(200);
    await visit(`/events/${eventSlug}`, { headers: { 'sec-purpose': 'prefetch' } });
    await visit('/', { headers: { 'sec-purpose': 'prefetch;prerender' } });
    await visit(`/events/${eventSlug}`, { headers: { purpose: 'prefetch' } });
    await visit(`/events/${eventSlug}`, { headers: { 'x-moz': 'prefetch' } });
    await visit(`/events/${eventSlug}`, { method: 'HEAD' });
    await visit(`/events/${eventSlug}`, { userAgent: '' });
    expect((await visit('/events/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await visit(`/events/${rivalEventId}`)).statusCode).toBe(404); // the rival's event on our host
    const after = await pageViewsCard(owner);
    expect(after.value).toBe(before.value);
    expect(after.visitors).toBe(before.visitors);
  });

  it("counts a revalidated page (304) as a view, and keeps each organisation's views apart", async () => {
    const first = await visit(`/events/${rivalEventSlug}`, { host: RIVAL_HOST, ip: '203.0.113.9' });
    expect(first.statusCode).toBe(200);
    const again = await visit(`/events/${rivalEventSlug}`, {
      host: RIVAL_HOST,
      ip: '203.0.113.9',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const ownerBefore = await pageViewsCard(owner);
    const rivalViews = await pageViewsCard(rival);
    expect(rivalViews.value).toBe(2);
    expect(rivalViews.visitors).toBe(1);
    // The owner cannot filter by the rival's event, and the rival's views are not in the owner's figures.
    const probe = await t.app.inject({
      method: 'GET',
      url: `/api/analytics/summary?event_id=${rivalEventId}`,
      headers: { cookie: owner.cookie },
    });
    expect(probe.statusCode).toBe(404);
    expect(probe.json().error.code).toBe('NOT_FOUND');
    expect((await pageViewsCard(owner)).value).toBe(ownerBefore.value);
  });

  it('never stores an address or user agent: only a salted hash', async () => {
    await visit('/', { ip: '192.0.2.200', userAgent: FIREFOX });
    await t.app.pageViews.flush();
    const rows = await t.database.db.select().from(pageVisitor);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain('192.0.2.200');
    expect(stored).not.toContain('Firefox');
    expect(rows.every((row) => /^[A-Za-z0-9_-]{22}$/.test(row.visitor))).toBe(true);
  });
});

describe('the daily salt', () => {
  const request = (ip: string) =>
    ({ method: 'GET', ip, headers: { 'user-agent': CHROME } }) as unknown as FastifyRequest;
  const recorder = (now: Date) =>
    createPageViewRecorder({ db: t.database.db, log: t.app.log, flushIntervalMs: 60_000, now: () => now });

  it('is shared by every process: the same visitor seen by two processes on one day counts once', async () => {
    const now = new Date();
    const [first, second] = [recorder(now), recorder(now)];
    const target = { organizationId: (await orgOf(owner)).id, eventId: null };
    const visitorsBefore = await homeVisitors(target.organizationId, utcDay(now));
    first.record(request('198.51.100.77'), target);
    second.record(request('198.51.100.77'), target);
    await Promise.all([first.close(), second.close()]);
    expect((await homeVisitors(target.organizationId, utcDay(now))) - visitorsBefore).toBe(1);
  });

  it("is replaced when the day changes: the earlier day's salt and visitor hashes are deleted, its counts kept", async () => {
    const organizationId = (await orgOf(owner)).id;
    const yesterday = new Date(Date.now() - 86_400_000);
    const old = recorder(yesterday);
    old.record(request('198.51.100.90'), { organizationId, eventId: null });
    await old.close();
    expect(
      await t.database.db
        .select()
        .from(pageViewSalt)
        .where(eq(pageViewSalt.day, utcDay(yesterday))),
    ).toHaveLength(1);
    const fresh = recorder(new Date(Date.now() + 86_400_000));
    fresh.record(request('198.51.100.90'), { organizationId, eventId: null });
    await fresh.close();
    const salts = await t.database.db.select({ day: pageViewSalt.day }).from(pageViewSalt);
    expect(salts.map((row) => row.day)).toEqual([utcDay(new Date(Date.now() + 86_400_000))]);
    const visitorDays = await t.database.db.selectDistinct({ day: pageVisitor.day }).from(pageVisitor);
    expect(visitorDays.map((row) => row.day)).toEqual([utcDay(new Date(Date.now() + 86_400_000))]);
    expect(await homeVisitors(organizationId, utcDay(yesterday))).toBe(1);
  });
});

async function orgOf(_user: SignedInUser) {
  const [row] = await t.database.db
    .select({ id: organizationSettings.organizationId })
    .from(organizationSettings)
    .where(eq(organizationSettings.subdomain, 'views-owner'));
  return { id: row!.id };
}

async function homeVisitors(organizationId: string, day: string) {
  const [row] = await t.database.db
    .select({ visitors: pageViewDaily.visitors })
    .from(pageViewDaily)
    .where(
      and(
        eq(pageViewDaily.organizationId, organizationId),
        eq(pageViewDaily.day, day),
        eq(pageViewDaily.page, 'home'),
        isNull(pageViewDaily.eventId),
      ),
    );
  return row?.visitors ?? 0;
}
