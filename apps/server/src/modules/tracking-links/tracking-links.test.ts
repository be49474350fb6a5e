// Tracking links (decision 156) through HTTP: the organiser's CRUD (validation, tenancy, roles), a view of the
// storefront with ?tl= counted, a purchase through the storefront's forms attributed to the link and shown in
// /api/analytics/tracking-links with the order's revenue, and a refund taking it back as elsewhere in Analytics.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { EventDto } from '@marquee/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import {
  buyer,
  createLiveEvent,
  payWithCard,
  postCheckout,
  sellingOrganiser,
  tokenFrom,
} from '../../../test/checkout-helpers.js';
import { asBrowser, type SignedInUser } from '../../../test/auth-helpers.js';
import { joinAs, ownerWithOrganization } from '../../../test/team-helpers.js';
import { refundRequest } from '../../../test/after-sale-helpers.js';
import { order, ticket } from '../../db/schema/index.js';

let t: TestApp;
let owner: SignedInUser;
let stranger: SignedInUser;
let gig: EventDto;
let other: EventDto;
const HOST = 'links-owner.localhost:3000';
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const api = (user: SignedInUser, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: asBrowser(user), ...(payload ? { payload } : {}) });

const createLink = (user: SignedInUser, payload: object) => api(user, 'POST', '/api/tracking-links', payload);

async function figures(query = 'period=7d') {
  await t.app.pageViews.flush();
  const response = await api(owner, 'GET', `/api/analytics/tracking-links?${query}`);
  expect(response.statusCode).toBe(200);
  return response.json() as {
    links: Array<{
      id: string;
      views: number;
      orders: number;
      tickets: number;
      revenue: unknown[];
      conversion_rate: number | null;
    }>;
  };
}

const view = (url: string, userAgent = CHROME) =>
  t.app.inject({ method: 'GET', url, headers: { host: HOST, 'user-agent': userAgent }, remoteAddress: '198.51.100.7' });

async function buyThrough(target: EventDto, fields: Record<string, string>, quantity = 1) {
  const held = await postCheckout(t.app, HOST, target.id, {
    ...buyer,
    age_confirmed: 'yes',
    terms_accepted: 'yes',
    [`qty_${target.ticket_types[0]!.id}`]: String(quantity),
    ...fields,
  });
  expect(held.statusCode).toBe(303);
  const token = tokenFrom(held.headers.location);
  expect((await payWithCard(t.app, HOST, token)).statusCode).toBe(303);
  const [row] = await t.database.db.select().from(order).where(eq(order.accessToken, token));
  expect(row!.status).toBe('paid');
  return row!;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await sellingOrganiser(t.app, 'links-owner');
  gig = await createLiveEvent(t.app, owner, { name: 'Warehouse Night', capacity: 50 });
  other = await createLiveEvent(t.app, owner, { name: 'Rooftop Session', capacity: 50 });
  stranger = (await ownerWithOrganization(t.app, 'links-stranger')).owner;
});

afterAll(async () => {
  await t.close();
});

describe('tracking links API', () => {
  it('creates a link with its UTM fields and the full address on the storefront', async () => {
    const response = await createLink(owner, {
      name: 'Promoter Sam',
      kind: 'promoter',
      event_id: gig.id,
      code: 'Sam-01',
      utm_source: 'instagram',
      utm_campaign: 'summer',
    });
    expect(response.statusCode).toBe(201);
    const link = response.json();
    expect(link).toMatchObject({
      name: 'Promoter Sam',
      kind: 'promoter',
      code: 'sam-01',
      event_name: 'Warehouse Night',
    });
    expect(link.url).toBe(
      `http://links-owner.localhost:3000/events/${gig.slug}?tl=sam-01&utm_source=instagram&utm_campaign=summer`,
    );
    const made = await createLink(owner, { name: 'Newsletter', kind: 'campaign', event_id: null });
    expect(made.statusCode).toBe(201);
    expect(made.json().code).toMatch(/^[a-z0-9]{8}$/);
    expect(made.json().url).toMatch(/^http:\/\/links-owner\.localhost:3000\/\?tl=[a-z0-9]{8}$/);
  });

  it('refuses bad input with the field and its message, and a code already used', async () => {
    const bad = await createLink(owner, { name: '  ', kind: 'promoter', code: 'no spaces!' });
    expect(bad.statusCode).toBe(400);
    const fields = bad.json().error.fields.map((field: { path: string }) => field.path);
    expect(fields).toEqual(expect.arrayContaining(['name', 'code']));
    expect((await createLink(owner, { name: 'X', kind: 'affiliate' })).statusCode).toBe(400);
    expect((await createLink(owner, { name: 'X', kind: 'campaign', utm_source: 'a\u0007b' })).statusCode).toBe(400);
    const taken = await createLink(owner, { name: 'Again', kind: 'promoter', code: 'sam-01' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe('Another tracking link already uses that code');
  });

  it("keeps each organisation's links to itself: another's event or link is not found, its list is apart", async () => {
    expect((await createLink(stranger, { name: 'Steal', kind: 'promoter', event_id: gig.id })).statusCode).toBe(404);
    const mine = (await api(owner, 'GET', '/api/tracking-links')).json().links as Array<{ id: string }>;
    expect(mine.length).toBeGreaterThanOrEqual(2);
    expect((await api(stranger, 'GET', '/api/tracking-links')).json().links).toEqual([]);
    const patched = await api(stranger, 'PATCH', `/api/tracking-links/${mine[0]!.id}`, { archived: true });
    expect(patched.statusCode).toBe(404);
    // The same code in another organisation is its own.
    expect((await createLink(stranger, { name: 'Sam too', kind: 'promoter', code: 'sam-01' })).statusCode).toBe(201);
  });

  it('is for owners and admins: door staff are refused', async () => {
    const door = await joinAs(t.app, owner, 'door');
    expect((await api(door, 'GET', '/api/tracking-links')).statusCode).toBe(403);
    expect((await createLink(door, { name: 'Door', kind: 'promoter' })).statusCode).toBe(403);
  });

  it('renames and archives a link; an archived one leaves the list', async () => {
    const link = (await createLink(owner, { name: 'Old flyer', kind: 'campaign' })).json();
    const renamed = await api(owner, 'PATCH', `/api/tracking-links/${link.id}`, { name: 'Flyer' });
    expect(renamed.json().name).toBe('Flyer');
    const archived = await api(owner, 'PATCH', `/api/tracking-links/${link.id}`, { archived: true });
    expect(archived.json().archived_at).not.toBeNull();
    const list = (await api(owner, 'GET', '/api/tracking-links')).json().links as Array<{ id: string }>;
    expect(list.map((entry) => entry.id)).not.toContain(link.id);
    const all = (await api(owner, 'GET', '/api/tracking-links?archived=true')).json().links as Array<{ id: string }>;
    expect(all.map((entry) => entry.id)).toContain(link.id);
  });
});

describe('a tracking link in Analytics', () => {
  it("counts a fan's view of the page opened with ?tl=, not a bot's nor one without the code", async () => {
    const link = (await createLink(owner, { name: 'Views', kind: 'campaign', event_id: gig.id, code: 'views' })).json();
    expect((await view(`/events/${gig.slug}?tl=views`)).statusCode).toBe(200);
    expect((await view(`/events/${gig.slug}?tl=VIEWS`)).statusCode).toBe(200);
    await view(`/events/${gig.slug}?tl=views`, 'Googlebot/2.1 (+http://www.google.com/bot.html)');
    await view(`/events/${gig.slug}`);
    await view(`/events/${gig.slug}?tl=nobody`);
    const row = (await figures()).links.find((entry) => entry.id === link.id)!;
    expect(row.views).toBe(2);
    expect(row.orders).toBe(0);
    expect(row.conversion_rate).toBe(0);
  });

  it('keeps the code through the event page into its order, whose revenue the link shows; a refund takes it back', async () => {
    const link = (await createLink(owner, { name: 'Sales', kind: 'promoter', event_id: gig.id, code: 'sales' })).json();
    const page = await view(`/events/${gig.slug}?tl=sales`);
    expect(page.body).toContain('<input type="hidden" name="tl" value="sales"/>');
    const paid = await buyThrough(gig, { tl: 'sales' }, 2);
    expect(paid.trackingLinkId).toBe(link.id);
    // Without the code, or with a link meant for another event, an order is nobody's.
    const plain = await buyThrough(gig, {});
    expect(plain.trackingLinkId).toBeNull();
    const elsewhere = (
      await createLink(owner, { name: 'Roof', kind: 'promoter', event_id: other.id, code: 'roof' })
    ).json();
    expect((await buyThrough(gig, { tl: 'roof' })).trackingLinkId).toBeNull();

    let row = (await figures()).links.find((entry) => entry.id === link.id)!;
    expect(row).toMatchObject({
      views: 1,
      orders: 1,
      tickets: 2,
      revenue: [{ currency: paid.currency, amount_minor: paid.amountMinor }],
      conversion_rate: 100,
    });
    expect((await figures()).links.find((entry) => entry.id === elsewhere.id)!.orders).toBe(0);

    // One ticket of two refunded: the link loses its ticket and its price, as the summary's revenue does.
    const summaryRevenue = async () =>
      (await api(owner, 'GET', '/api/analytics/summary?period=7d')).json().cards.total_revenue[0].value as number;
    const before = await summaryRevenue();
    const [first] = await t.database.db.select().from(ticket).where(eq(ticket.orderId, paid.id));
    const refund = await refundRequest(t.app, owner, paid.id, { ticket_ids: [first!.id], reason: 'Cannot come' });
    expect(refund.statusCode).toBe(200);
    const refunded = refund.json().refunded_minor as number;
    row = (await figures()).links.find((entry) => entry.id === link.id)!;
    expect(row).toMatchObject({ orders: 1, tickets: 1, revenue: [{ amount_minor: paid.amountMinor - refunded }] });
    expect(before - (await summaryRevenue())).toBe(refunded);

    // The rest refunded: the order leaves the link's figures as it leaves the others.
    const rest = await t.database.db.select().from(ticket).where(eq(ticket.orderId, paid.id));
    const second = rest.find((entry) => entry.status === 'valid');
    expect((await refundRequest(t.app, owner, paid.id, { ticket_ids: [second!.id], reason: 'Ill' })).statusCode).toBe(
      200,
    );
    row = (await figures()).links.find((entry) => entry.id === link.id)!;
    expect(row).toMatchObject({ orders: 0, tickets: 0, revenue: [] });
  }, 120_000);

  it('keeps a home page link in its links to the events', async () => {
    await createLink(owner, { name: 'Home', kind: 'campaign', code: 'home-link' });
    const home = await view('/?tl=home-link');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain(`href="/events/${gig.slug}?tl=home-link"`);
  });

  it("refuses another organisation's event as the filter", async () => {
    const response = await api(stranger, 'GET', `/api/analytics/tracking-links?period=7d&event_id=${gig.id}`);
    expect(response.statusCode).toBe(404);
  });
});
