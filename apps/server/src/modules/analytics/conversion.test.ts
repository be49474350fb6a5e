// The conversion rate counts one visitor one way (issue 30): visitors of the period (and filter) who placed a paid
// order, over the unique visitors the Page Views card shows, never above 100%. Real page views and real orders
// through the storefront's forms and the sandbox's card payment.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
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
import type { SignedInUser } from '../../../test/auth-helpers.js';
import { order, organizationSettings } from '../../db/schema/index.js';
import { addDays } from './analytics.period.js';
import { createPageViewRecorder, utcDay } from './page-views.js';

let t: TestApp;
let owner: SignedInUser;
let gig: EventDto;
let other: EventDto;
const HOST = 'convert-owner.localhost:3000';
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const today = utcDay(new Date());
const yesterday = addDays(today, -1);

const view = (url: string, ip: string) =>
  t.app.inject({ method: 'GET', url, headers: { host: HOST, 'user-agent': CHROME }, remoteAddress: ip });

/** A checkout from `ip` through the event page's form, paid with the sandbox's test card unless told not to. */
async function buy(target: EventDto, ip: string, email: string, options: { pay?: boolean; quantity?: number } = {}) {
  const fields = {
    ...buyer,
    email,
    age_confirmed: 'yes',
    terms_accepted: 'yes',
    [`qty_${target.ticket_types[0]!.id}`]: String(options.quantity ?? 1),
  };
  const held = await postCheckout(t.app, HOST, target.id, fields, { ip, userAgent: CHROME });
  expect(held.statusCode).toBe(303);
  const token = tokenFrom(held.headers.location);
  if (options.pay !== false) expect((await payWithCard(t.app, HOST, token)).statusCode).toBe(303);
  const [row] = await t.database.db.select().from(order).where(eq(order.accessToken, token));
  expect(row!.status).toBe(options.pay === false ? 'pending' : 'paid');
  return row!;
}

async function cards(query: string) {
  await t.app.pageViews.flush();
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/analytics/summary?${query}`,
    headers: { cookie: owner.cookie },
  });
  expect(response.statusCode).toBe(200);
  const { conversion_rate: conversion, page_views: views } = response.json().cards;
  // One count of visitors: the conversion divides by what the Page Views card shows, and never passes 100%.
  expect(conversion.visitors).toBe(views.visitors);
  expect(conversion.value).toBeLessThanOrEqual(100);
  expect(conversion.ordering_visitors).toBeLessThanOrEqual(conversion.visitors);
  return { conversion, views };
}

const day = (from: string, to = from) => `period=custom&from=${from}&to=${to}`;

beforeAll(async () => {
  t = await createTestApp();
  owner = await sellingOrganiser(t.app, 'convert-owner');
  gig = await createLiveEvent(t.app, owner, { name: 'Warehouse Night' });
  other = await createLiveEvent(t.app, owner, { name: 'Rooftop Session' });
  const organizationId = await orgId();

  // One, who opened the event's page, buys twice: one visitor who ordered, however many orders.
  await view(`/events/${gig.slug}`, '198.51.100.1');
  await t.app.pageViews.flush();
  await buy(gig, '198.51.100.1', 'one@example.com');
  await buy(gig, '198.51.100.1', 'one@example.com', { quantity: 2 });
  // Two looks at the home page only.
  await view('/', '198.51.100.2');
  // Three opens both events' pages and buys for the other one.
  await view(`/events/${gig.slug}`, '198.51.100.3');
  await view(`/events/${other.slug}`, '198.51.100.3');
  await buy(other, '198.51.100.3', 'three@example.com');
  // Four buys without ever being counted on a page (a link straight to the form): an order, not a visitor.
  await buy(gig, '198.51.100.4', 'four@example.com');
  // Five opens the event's page and holds tickets, but never pays.
  await view(`/events/${gig.slug}`, '198.51.100.5');
  await buy(gig, '198.51.100.5', 'five@example.com', { pay: false });

  // Six was counted on the event's page yesterday, by a process whose clock says yesterday, and ordered then.
  const yesterdayNoon = new Date(`${yesterday}T12:00:00Z`);
  const before = createPageViewRecorder({
    db: t.database.db,
    log: t.app.log,
    flushIntervalMs: 60_000,
    now: () => yesterdayNoon,
  });
  const six = { method: 'GET', ip: '198.51.100.6', headers: { 'user-agent': CHROME } } as unknown as FastifyRequest;
  before.record(six, { organizationId, eventId: gig.id });
  await before.flush();
  const sixOrder = await buy(gig, '198.51.100.6', 'six@example.com');
  before.recordOrder(six, { organizationId, eventId: gig.id, orderId: sixOrder.id });
  await before.close();
  await t.app.pageViews.flush();
});
afterAll(() => t.close());

async function orgId() {
  const [row] = await t.database.db
    .select({ id: organizationSettings.organizationId })
    .from(organizationSettings)
    .where(eq(organizationSettings.subdomain, 'convert-owner'));
  return row!.id;
}

describe('the conversion rate', () => {
  it("is today's visitors who placed a paid order over today's unique visitors, never above 100%", async () => {
    const { conversion, views } = await cards(day(today));
    // Visitors: one, two, three and five (six was yesterday's; four never opened a page).
    expect(views).toMatchObject({ value: 5, visitors: 4 });
    // Who ordered: one (twice: once) and three. Four's order is not a visitor's; five never paid.
    expect(conversion).toMatchObject({ value: 50, ordering_visitors: 2, visitors: 4 });
  });

  it("counts an order under the day its visitor was counted: yesterday's visitor is yesterday's conversion", async () => {
    expect((await cards(day(yesterday))).conversion).toMatchObject({
      value: 100,
      ordering_visitors: 1,
      visitors: 1,
    });
    // Both days: a visitor is per day, so the visitors add up, and so do those who ordered.
    const both = await cards(day(yesterday, today));
    expect(both.conversion).toMatchObject({ value: 60, ordering_visitors: 3, visitors: 5 });
    // The 7 days compare with the 7 before, which had no visitors.
    const week = await cards('period=7d');
    expect(week.conversion).toMatchObject({ value: 60, previous: 0, ordering_visitors: 3, visitors: 5 });
    // A period without either day.
    expect((await cards(day(addDays(today, -5), addDays(today, -3)))).conversion).toMatchObject({
      value: 0,
      ordering_visitors: 0,
      visitors: 0,
    });
  });

  it("with an event filter, is that event page's visitors who ordered for it", async () => {
    // Its page's visitors today: one, three and five; one ordered for it (three ordered for the other event).
    expect((await cards(`${day(today)}&event_id=${gig.id}`)).conversion).toMatchObject({
      value: 33.3,
      ordering_visitors: 1,
      visitors: 3,
    });
    expect((await cards(`${day(today)}&event_id=${other.id}`)).conversion).toMatchObject({
      value: 100,
      ordering_visitors: 1,
      visitors: 1,
    });
    expect((await cards(`${day(yesterday, today)}&event_id=${gig.id}`)).conversion).toMatchObject({
      value: 50,
      ordering_visitors: 2,
      visitors: 4,
    });
  });

  it('breaks the same figures down per event', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/analytics/events?${day(today)}`,
      headers: { cookie: owner.cookie },
    });
    const byName = Object.fromEntries(
      (response.json().events as Array<{ name: string }>).map((entry) => [entry.name, entry]),
    );
    expect(byName['Warehouse Night']).toMatchObject({
      orders: 4,
      visitors: 3,
      ordering_visitors: 1,
      conversion_rate: 33.3,
    });
    expect(byName['Rooftop Session']).toMatchObject({
      orders: 1,
      visitors: 1,
      ordering_visitors: 1,
      conversion_rate: 100,
    });
  });

  it('keeps only the day and that day’s hash on the order, never the address or user agent', async () => {
    const rows = await t.database.db.select({ visitDay: order.visitDay, visitor: order.visitor }).from(order);
    const marked = rows.filter((row) => row.visitor !== null);
    // One's two orders, three's, five's hold (a visitor's, though unpaid) and six's.
    expect(marked).toHaveLength(5);
    expect(JSON.stringify(rows)).not.toContain('198.51.100');
    for (const row of marked) expect(row.visitor).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(marked.map((row) => row.visitDay).sort()).toEqual([yesterday, today, today, today, today]);
  });
});
