import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createLiveEvent, sellingOrganiser } from '../../../test/checkout-helpers.js';
import type { SignedInUser } from '../../../test/auth-helpers.js';
import { insertOrder } from '../../../test/order-fixtures.js';
import type { EventDto } from '@marquee/shared';
import { eq } from 'drizzle-orm';
import { event } from '../../db/schema/index.js';
import { addDays } from './analytics.period.js';
import { utcDay } from './page-views.js';

let t: TestApp;
let owner: SignedInUser;
let rival: SignedInUser;
let gig: EventDto;
let usGig: EventDto;
let rivalGig: EventDto;
const HOST = 'stats-owner.localhost:3000';
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);
const today = () => utcDay(new Date());

beforeAll(async () => {
  t = await createTestApp();
  owner = await sellingOrganiser(t.app, 'stats-owner');
  rival = await sellingOrganiser(t.app, 'stats-rival');
  gig = await createLiveEvent(t.app, owner, { name: 'Warehouse Night' });
  usGig = await createLiveEvent(t.app, owner, { name: 'Brooklyn Loft', currency: 'USD' });
  rivalGig = await createLiveEvent(t.app, rival, { name: 'Rival Rave' });
  const db = t.database.db;
  const organizationOf = async (eventId: string) =>
    (await db.select({ id: event.organizationId }).from(event).where(eq(event.id, eventId)))[0]!.id;
  const ownerId = await organizationOf(gig.id);
  const rivalId = await organizationOf(rivalGig.id);
  const sale = (target: EventDto, fields: Partial<Parameters<typeof insertOrder>[1]>) =>
    insertOrder(db, {
      organizationId: target.id === rivalGig.id ? rivalId : ownerId,
      eventId: target.id,
      ticketTypeId: target.ticket_types[0]!.id,
      email: 'x@example.com',
      amountMinor: 2000,
      status: 'paid',
      ...fields,
    });
  // Fan one: first bought 2 days ago (new), again yesterday in dollars.
  await sale(gig, { email: 'ana@example.com', quantity: 2, amountMinor: 4000, paidAt: ago(2), country: 'GB' });
  await sale(usGig, { email: 'ana@example.com', amountMinor: 3000, currency: 'USD', paidAt: ago(1), country: 'US' });
  // Fan two: first bought 10 days ago (the previous 7 days), again 3 days ago (returning).
  await sale(gig, { email: 'ben@example.com', paidAt: ago(10), country: 'FR' });
  await sale(gig, {
    email: 'ben@example.com',
    paidAt: ago(3),
    country: 'FR',
    firstName: '=HYPERLINK("http://evil.example","click")',
  });
  // Not sales: a pending hold and an expired one.
  await sale(gig, { email: 'cat@example.com', status: 'pending', country: 'DE' });
  await sale(gig, { email: 'dan@example.com', status: 'expired', country: 'DE' });
  // Another organisation's sale yesterday.
  await sale(rivalGig, {
    email: 'rival-fan@example.com',
    amountMinor: 99_900,
    quantity: 9,
    paidAt: ago(1),
    country: 'JP',
  });
  // Three visitors of the event page today, one of the home page.
  for (const ip of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) await view(`/events/${gig.slug}`, ip);
  await view('/', '198.51.100.1');
  await t.app.pageViews.flush();
});
afterAll(() => t.close());

function view(url: string, ip: string) {
  return t.app.inject({ method: 'GET', url, headers: { host: HOST, 'user-agent': CHROME }, remoteAddress: ip });
}

function get(path: string, user: SignedInUser | null = owner) {
  return t.app.inject({ method: 'GET', url: path, headers: user ? { cookie: user.cookie } : {} });
}

describe('GET /api/analytics/summary', () => {
  it('401 without a session', async () => {
    expect((await get('/api/analytics/summary', null)).statusCode).toBe(401);
  });

  it('gives the eight cards for the last 7 days with their change against the 7 days before', async () => {
    const response = await get('/api/analytics/summary?period=7d');
    expect(response.statusCode).toBe(200);
    const { period, cards } = response.json();
    expect(period).toMatchObject({
      period: '7d',
      to: today(),
      from: addDays(today(), -6),
      change_label: 'vs previous 7 days',
    });
    expect(period.previous_to).toBe(addDays(today(), -7));
    // Revenue per currency, never added together.
    expect(cards.total_revenue).toEqual([
      { currency: 'GBP', value: 6000, previous: 2000, change: 200 },
      { currency: 'USD', value: 3000, previous: 0, change: 100 },
    ]);
    expect(cards.tickets_sold).toEqual({ value: 4, previous: 1, change: 300 });
    expect(cards.upcoming_events.value).toBe(2);
    expect(cards.new_customers).toEqual({ value: 1, previous: 1, change: 0 });
    expect(cards.returning_customers).toEqual({ value: 1, previous: 0, change: 100 });
    expect(cards.average_spend).toEqual([
      { currency: 'GBP', value: 3000, previous: 2000, change: 50 },
      { currency: 'USD', value: 3000, previous: 0, change: 100 },
    ]);
    // Four views by three visitors (198.51.100.1 opened the home and the event page: one visitor). These orders
    // were not started by a counted visitor (conversion.test.ts buys through the storefront), so none converted.
    expect(cards.page_views).toMatchObject({ value: 4, visitors: 3 });
    expect(cards.conversion_rate).toMatchObject({ value: 0, ordering_visitors: 0, visitors: 3 });
  });

  it('filters by event: only that event, its page and its buyers', async () => {
    const { cards, period } = (await get(`/api/analytics/summary?period=7d&event_id=${usGig.id}`)).json();
    expect(period.event_id).toBe(usGig.id);
    expect(cards.total_revenue).toEqual([{ currency: 'USD', value: 3000, previous: 0, change: 100 }]);
    expect(cards.tickets_sold.value).toBe(1);
    expect(cards.upcoming_events.value).toBe(1);
    // Ana first bought (another event) inside the period: new, not returning.
    expect(cards.new_customers.value).toBe(1);
    expect(cards.returning_customers.value).toBe(0);
    const forGig = (await get(`/api/analytics/summary?period=7d&event_id=${gig.id}`)).json().cards;
    expect(forGig.new_customers.value).toBe(1); // ana
    expect(forGig.returning_customers.value).toBe(1); // ben, who first bought 10 days ago
    expect(cards.page_views.value).toBe(0);
    expect(cards.conversion_rate).toMatchObject({ value: 0, ordering_visitors: 0, visitors: 0 });
  });

  it("says 'vs last month' for this month and compares with the whole of last month", async () => {
    const { period } = (await get('/api/analytics/summary?period=month')).json();
    const now = new Date();
    expect(period.change_label).toBe('vs last month');
    expect(period.from).toBe(utcDay(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))));
    expect(period.previous_from).toBe(utcDay(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))));
    expect(period.previous_to).toBe(addDays(period.from, -1));
  });

  it('changes the figures with the period: a custom range with only the oldest sale', async () => {
    const day = utcDay(ago(10));
    const { cards } = (await get(`/api/analytics/summary?period=custom&from=${day}&to=${day}`)).json();
    expect(cards.total_revenue).toEqual([{ currency: 'GBP', value: 2000, previous: 0, change: 100 }]);
    expect(cards.tickets_sold.value).toBe(1);
    expect(cards.new_customers.value).toBe(1);
  });

  it('counts returning customers the same whether the period ends today or earlier', async () => {
    const summary = async (from: string, to: string) =>
      (await get(`/api/analytics/summary?period=custom&from=${from}&to=${to}`)).json().cards;
    // Ben (first bought 10 days ago) bought again 3 days ago; Ana first bought 2 days ago.
    const endingEarlier = await summary(utcDay(ago(4)), utcDay(ago(2)));
    expect(endingEarlier.returning_customers.value).toBe(1);
    expect(endingEarlier.new_customers.value).toBe(1);
    const endingToday = await summary(utcDay(ago(4)), today());
    expect(endingToday.returning_customers.value).toBe(1);
    expect(endingToday.new_customers.value).toBe(1);
    // Before Ben's first purchase nobody had bought: nobody returning, Ben new.
    const early = await summary(utcDay(ago(12)), utcDay(ago(9)));
    expect(early.returning_customers.value).toBe(0);
    expect(early.new_customers.value).toBe(1);
  });

  it("never shows another organisation's sales", async () => {
    const { cards } = (await get('/api/analytics/summary?period=7d', rival)).json();
    expect(cards.total_revenue).toEqual([{ currency: 'GBP', value: 99_900, previous: 0, change: 100 }]);
    expect(cards.tickets_sold.value).toBe(9);
    expect(cards.page_views.value).toBe(0);
  });

  const bad: Array<[string, string]> = [
    ['an unknown period', 'period=year'],
    ['a custom period without dates', 'period=custom'],
    ['a custom period with one date', `period=custom&from=${'2026-01-01'}`],
    ['dates with a preset period', 'period=7d&from=2026-01-01&to=2026-01-02'],
    ['an impossible date', 'period=custom&from=2026-02-30&to=2026-03-01'],
    ['a badly written date', 'period=custom&from=01/02/2026&to=2026-03-01'],
    ['a year out of range', 'period=custom&from=1999-12-31&to=2000-01-02'],
    ['from after to', 'period=custom&from=2026-03-02&to=2026-03-01'],
    ['more than 366 days', 'period=custom&from=2024-01-01&to=2025-12-31'],
    ['an oversized event id', `event_id=${'a'.repeat(65)}`],
  ];
  it.each(bad)('400 in the envelope for %s', async (_name, query) => {
    const response = await get(`/api/analytics/summary?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toEqual(expect.any(String));
  });

  it("404 for another organisation's event id or one that does not exist", async () => {
    for (const id of [rivalGig.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const response = await get(`/api/analytics/summary?event_id=${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toEqual({ code: 'NOT_FOUND', message: 'Event not found' });
    }
  });
});

describe('GET /api/analytics/chart', () => {
  it('gives revenue per currency and tickets for every day of the period', async () => {
    const { days, currencies } = (await get('/api/analytics/chart?period=7d')).json();
    expect(currencies).toEqual(['GBP', 'USD']);
    expect(days).toHaveLength(7);
    expect(days[6].day).toBe(today());
    const byDay = Object.fromEntries(days.map((d: { day: string }) => [d.day, d]));
    expect(byDay[utcDay(ago(2))]).toMatchObject({ tickets: 2, revenue: { GBP: 4000, USD: 0 } });
    expect(byDay[utcDay(ago(1))]).toMatchObject({ tickets: 1, revenue: { GBP: 0, USD: 3000 } });
  });

  it('404 for another organisation’s event', async () => {
    expect((await get(`/api/analytics/chart?event_id=${rivalGig.id}`)).statusCode).toBe(404);
  });
});

describe('GET /api/analytics/events (View Details)', () => {
  it('breaks the period down per event, with views and conversion', async () => {
    const { events } = (await get('/api/analytics/events?period=7d')).json();
    const byName = Object.fromEntries(events.map((e: { name: string }) => [e.name, e]));
    expect(Object.keys(byName).sort()).toEqual(['Brooklyn Loft', 'Warehouse Night']);
    expect(byName['Warehouse Night']).toMatchObject({
      orders: 2,
      tickets: 3,
      revenue: [{ currency: 'GBP', amount_minor: 6000 }],
      views: 3,
      visitors: 3,
      ordering_visitors: 0,
      conversion_rate: 0,
    });
    expect(byName['Brooklyn Loft']).toMatchObject({
      revenue: [{ currency: 'USD', amount_minor: 3000 }],
      conversion_rate: null,
    });
  });
});

describe('GET /api/analytics/recent-sales', () => {
  it('lists the latest paid orders with event, buyer e-mail, amount and time; not holds, not other organisations', async () => {
    const { sales } = (await get('/api/analytics/recent-sales?period=30d')).json();
    expect(sales.map((s: { email: string }) => s.email)).toEqual([
      'ana@example.com',
      'ana@example.com',
      'ben@example.com',
      'ben@example.com',
    ]);
    expect(sales[0]).toMatchObject({ event_name: 'Brooklyn Loft', amount_minor: 3000, currency: 'USD', tickets: 1 });
    expect(new Date(sales[0].paid_at).getTime()).toBeGreaterThan(Date.now() - 2 * DAY);
  });
});

describe('GET /api/analytics/regions', () => {
  it("groups the period's paid orders by the buyers' countries", async () => {
    const { regions } = (await get('/api/analytics/regions?period=30d')).json();
    expect(regions).toEqual([
      { country: 'FR', orders: 2, tickets: 2, revenue: [{ currency: 'GBP', amount_minor: 4000 }] },
      { country: 'GB', orders: 1, tickets: 2, revenue: [{ currency: 'GBP', amount_minor: 4000 }] },
      { country: 'US', orders: 1, tickets: 1, revenue: [{ currency: 'USD', amount_minor: 3000 }] },
    ]);
    const rivalRegions = (await get('/api/analytics/regions?period=30d', rival)).json().regions;
    expect(rivalRegions.map((r: { country: string }) => r.country)).toEqual(['JP']);
  });
});

describe('GET /api/analytics/orders.csv (Export Data)', () => {
  it("downloads the period's paid orders as CSV with formula cells defused", async () => {
    const response = await get('/api/analytics/orders.csv?period=7d');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="orders-${addDays(today(), -6)}-to-${today()}.csv"`,
    );
    const records = parse(response.body, { columns: true }) as Array<Record<string, string>>;
    expect(records.map((r) => r.Email).sort()).toEqual(['ana@example.com', 'ana@example.com', 'ben@example.com']);
    const ben = records.find((r) => r.Email === 'ben@example.com')!;
    expect(ben['First name']).toBe(`'=HYPERLINK("http://evil.example","click")`);
    expect(ben.Amount).toBe('20.00');
    expect(ben.Currency).toBe('GBP');
    expect(response.body).not.toContain('rival-fan@example.com');
  });

  it('400 for a bad period and 404 for another organisation’s event', async () => {
    expect((await get('/api/analytics/orders.csv?period=custom&from=2026-03-02&to=2026-03-01')).statusCode).toBe(400);
    expect((await get(`/api/analytics/orders.csv?event_id=${rivalGig.id}`)).statusCode).toBe(404);
  });
});
