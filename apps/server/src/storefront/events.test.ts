import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventDto, EventInput } from '@marquee/shared';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createOrganizationFor, signUpAndVerify, type SignedInUser } from '../../test/auth-helpers.js';
import { ageLimit, priceLine } from './events.render.js';

let t: TestApp;
let owner: SignedInUser;
let rival: SignedInUser;
let live: EventDto;
let newYork: EventDto;
let draft: EventDto;
let archived: EventDto;
let rivalsLive: EventDto;

const complete: EventInput = {
  artwork_url: '/uploads/images/poster.webp',
  name: 'Night Owls <Live>',
  description: 'An all-night party.',
  location: 'Brixton Academy, London',
  start_local: '2030-06-14T19:00',
  end_local: '2030-06-15T03:00',
  time_zone: 'Europe/London',
  lineup: ['DJ One', 'MC Two'],
  currency: 'GBP',
  price: '20.00',
  capacity: 100,
  minimum_age: 0,
  terms_of_service: 'No re-entry.',
};

async function make(user: SignedInUser, body: EventInput, publish: boolean): Promise<EventDto> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/events',
    headers: { cookie: user.cookie, origin: 'http://localhost:3000' },
    payload: body,
  });
  expect(created.statusCode, created.body).toBe(201);
  if (!publish) return created.json();
  const published = await t.app.inject({
    method: 'POST',
    url: `/api/events/${created.json().id}/publish`,
    headers: { cookie: user.cookie, origin: 'http://localhost:3000' },
  });
  expect(published.statusCode, published.body).toBe(200);
  return published.json();
}

beforeAll(async () => {
  t = await createTestApp({ assertCanSell: async () => {} });
  owner = await signUpAndVerify(t.app);
  rival = await signUpAndVerify(t.app);
  await createOrganizationFor(t.app, owner, 'acme', 'Acme Events');
  await createOrganizationFor(t.app, rival, 'rival', 'Rival Events');
  live = await make(owner, complete, true);
  newYork = await make(
    owner,
    {
      ...complete,
      name: 'Brooklyn Block Party',
      start_local: '2030-07-04T18:30',
      end_local: '2030-07-04T23:00',
      time_zone: 'America/New_York',
      minimum_age: 21,
      currency: 'USD',
      price: '12.50',
    },
    true,
  );
  draft = await make(owner, { ...complete, name: 'Secret Draft' }, false);
  archived = await make(owner, { ...complete, name: 'Old News' }, true);
  await t.app.inject({
    method: 'POST',
    url: `/api/events/${archived.id}/archive`,
    headers: { cookie: owner.cookie, origin: 'http://localhost:3000' },
  });
  rivalsLive = await make(rival, { ...complete, name: 'Rival Rave' }, true);
});
afterAll(() => t.close());

const storefront = (host: string, url: string) => t.app.inject({ method: 'GET', url, headers: { host } });

describe('GET / on an organisation host', () => {
  it('lists its live upcoming events, soonest first, and nothing else', async () => {
    const response = await storefront('acme.localhost:3000', '/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, no-cache');
    const html = response.body;
    expect(html).toContain('Night Owls &lt;Live&gt;');
    expect(html).toContain(`href="/events/${live.slug}"`);
    expect(html.indexOf('Night Owls')).toBeLessThan(html.indexOf('Brooklyn Block Party'));
    expect(html).toContain('FRI 14 JUN, 2030 · 19:00');
    expect(html).not.toContain('Secret Draft');
    expect(html).not.toContain('Old News');
    expect(html).not.toContain('Rival Rave');
    // Its one script is the loader (the brand font and the storefront script once loaded); nothing needs it.
    expect(html.match(/<script[^>]*>/g)).toEqual(['<script>']);
  });

  it('says events will appear soon when there are none', async () => {
    const loner = await signUpAndVerify(t.app);
    await createOrganizationFor(t.app, loner, 'quiet', 'Quiet Co');
    const response = await storefront('quiet.localhost:3000', '/');
    expect(response.body).toContain('No upcoming events yet.');
  });
});

describe('GET /events/:id on an organisation host', () => {
  it('renders a live event: artwork, name, date and time in its zone, location, line-up, price with fee, age, terms', async () => {
    const response = await storefront('acme.localhost:3000', `/events/${live.slug}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    // Availability is live: the browser revalidates every time.
    expect(response.headers['cache-control']).toBe('no-cache');
    const html = response.body;
    expect(html).toContain('<img src="/uploads/images/poster.webp" alt="Night Owls &lt;Live&gt; artwork" class="art"');
    expect(html).toContain('<h1>Night Owls &lt;Live&gt;</h1>');
    expect(html).toContain('FRI 14 JUN, 2030 · 19:00 <span class="muted">(Europe/London, GMT+1)</span>');
    expect(html).toContain('Brixton Academy, London');
    expect(html).toContain('<li>DJ One</li><li>MC Two</li>');
    // All-in (decision 135): the headline is what the fan pays for one; the breakdown is one tap away.
    expect(html).toContain('<span class="price">£21.60</span>');
    expect(html).toContain('<summary>Price breakdown</summary><span>£20.00 ticket + £1.60 booking fee</span>');
    expect(html).toContain('All ages');
    expect(html).toContain('No re-entry.');
    expect(html).not.toContain('Ticket sales open soon.');
    expect(html).toContain(`action="/events/${live.slug}/checkout" method="post">`);
  });

  it("shows times in the event's own zone and the age limit", async () => {
    const html = (await storefront('acme.localhost:3000', `/events/${newYork.slug}`)).body;
    expect(html).toContain('THU 4 JUL, 2030 · 18:30 <span class="muted">(America/New York, GMT-4)</span>');
    expect(html).toContain('<dt>Time zone</dt><dd>America/New York, GMT-4</dd>');
    expect(html).toContain('21+');
    expect(html).toContain('<span class="price">US$13.50</span>');
    expect(html).toContain('US$12.50 ticket + US$1.00 booking fee');
  });

  it("404 page for drafts, archived events, unknown ids and another organisation's events", async () => {
    for (const [host, id] of [
      ['acme.localhost:3000', draft.id],
      ['acme.localhost:3000', archived.id],
      ['acme.localhost:3000', '00000000-0000-4000-8000-000000000000'],
      ['acme.localhost:3000', 'nonsense'],
      ['acme.localhost:3000', rivalsLive.id],
      ['rival.localhost:3000', live.id],
      ['nobody.localhost:3000', live.id],
    ] as const) {
      const response = await storefront(host, `/events/${id}`);
      expect(response.statusCode, `${host} ${id}`).toBe(404);
      expect(response.body).toContain('Page not found');
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('a page stops being public when the event is unpublished', async () => {
    const temporary = await make(owner, { ...complete, name: 'Brief' }, true);
    expect((await storefront('acme.localhost:3000', `/events/${temporary.slug}`)).statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: `/api/events/${temporary.id}/unpublish`,
      headers: { cookie: owner.cookie, origin: 'http://localhost:3000' },
    });
    expect((await storefront('acme.localhost:3000', `/events/${temporary.slug}`)).statusCode).toBe(404);
  });

  it('is not a storefront page on the app host', async () => {
    const response = await storefront('localhost:3000', `/events/${live.slug}`);
    expect(response.body).not.toContain('Night Owls');
  });
});

describe('render helpers', () => {
  it('price line and age limit', () => {
    expect(priceLine(2000, 'GBP')).toBe('Price £21.60 (£20.00 ticket + £1.60 booking fee)');
    expect(priceLine(2000, 'JPY')).toBe('Price JP¥2,160 (JP¥2,000 ticket + JP¥160 booking fee)');
    // An organiser who absorbs the fee: the fan's price is the face value (decision 135).
    expect(priceLine(2000, 'GBP', 'absorbed')).toBe('Price £20.00');
    expect(priceLine(null, 'GBP')).toBe('Price to be announced');
    expect(ageLimit(0)).toBe('All ages');
    expect(ageLimit(18)).toBe('18+');
  });
});
