// Storefront pages revalidate with ETags, and our uploaded images are offered as responsive candidates.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventDto, EventInput } from '@marquee/shared';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createOrganizationFor, signUpAndVerify, type SignedInUser } from '../../test/auth-helpers.js';
import { EVENT_ARTWORK_SIZES } from './images.js';

let t: TestApp;
let owner: SignedInUser;
const events: EventDto[] = [];
const host = 'cache.localhost:3000';

const artwork = (n: number) => `/uploads/images/0f8fad5b-d9cb-469f-a165-7086772895${String(n).padStart(2, '0')}.webp`;
const variant = (n: number, width: number) => artwork(n).replace('.webp', `-w${width}.webp`);

const eventInput = (n: number): EventInput => ({
  artwork_url: artwork(n),
  name: `Show ${n}`,
  description: 'A night out.',
  location: 'Brixton Academy, London',
  start_local: `2030-06-${String(10 + n).padStart(2, '0')}T19:00`,
  end_local: `2030-06-${String(10 + n).padStart(2, '0')}T23:00`,
  time_zone: 'Europe/London',
  lineup: ['DJ One'],
  currency: 'GBP',
  price: '20.00',
  capacity: 100,
  minimum_age: 0,
  terms_of_service: 'No re-entry.',
});

beforeAll(async () => {
  t = await createTestApp({ assertCanSell: async () => {} });
  owner = await signUpAndVerify(t.app);
  await createOrganizationFor(t.app, owner, 'cache', 'Cache Events');
  for (let n = 1; n <= 5; n += 1) {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { cookie: owner.cookie, origin: 'http://localhost:3000' },
      payload: eventInput(n),
    });
    expect(created.statusCode, created.body).toBe(201);
    const published = await t.app.inject({
      method: 'POST',
      url: `/api/events/${created.json().id}/publish`,
      headers: { cookie: owner.cookie, origin: 'http://localhost:3000' },
    });
    expect(published.statusCode, published.body).toBe(200);
    events.push(published.json());
  }
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { host, ...headers } });

describe('storefront ETags', () => {
  it.each(['/', '/events/:id'])('GET %s - 200 with an ETag and no-cache, then 304 with no body', async (path) => {
    const url = path.replace(':id', events[0]!.slug);
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe(path === '/' ? 'public, no-cache' : 'no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]{32}"$/);

    const again = await get(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe(first.headers['cache-control']);

    // A browser holding the compressed copy asks the same way; a list or the strong form also matches.
    const compressed = await get(url, { 'if-none-match': `"other", ${etag.slice(2)}`, 'accept-encoding': 'br' });
    expect(compressed.statusCode).toBe(304);
    expect(compressed.body).toBe('');

    const stale = await get(url, { 'if-none-match': 'W/"something-else"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(first.body);
  });

  it('GET /events/:id - a changed event is a new page: the old ETag gets 200 and the new HTML', async () => {
    const url = `/events/${events[4]!.slug}`;
    const before = await get(url);
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/events/${events[4]!.id}`,
      headers: { cookie: owner.cookie, origin: 'http://localhost:3000' },
      payload: { description: 'Show 5 (moved upstairs)' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const after = await get(url, { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('Show 5 (moved upstairs)');
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('GET /nothing-here - the 404 page is never stored and carries no ETag', async () => {
    const response = await get('/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers.etag).toBeUndefined();
  });
});

describe('responsive images on storefront pages', () => {
  it('GET /events/:id - the artwork has srcset, sizes and high priority, and the head preloads it', async () => {
    const html = (await get(`/events/${events[0]!.slug}`)).body;
    const srcset = `${variant(1, 160)} 160w, ${variant(1, 480)} 480w, ${variant(1, 720)} 720w, ${variant(1, 960)} 960w, ${artwork(1)} 1600w`;
    const sizes = EVENT_ARTWORK_SIZES;
    expect(html).toContain(
      `<img src="${variant(1, 960)}" srcSet="${srcset}" sizes="${sizes}" alt="Show 1 artwork" class="art" width="960" height="540" fetchPriority="high"/>`,
    );
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(
      `<link rel="preload" as="image" imageSrcSet="${srcset}" imageSizes="${sizes}" fetchPriority="high"/>`,
    );
  });

  it('GET / - thumbnails offer the small variants at 88 px, the first four eager and the rest lazy', async () => {
    const html = (await get('/')).body;
    const thumbnails = [...html.matchAll(/<li class="event"><a [^>]*><img ([^>]*)\/?>/g)].map((match) => match[1]!);
    expect(thumbnails).toHaveLength(5);
    thumbnails.forEach((attributes, index) => {
      const n = index + 1;
      expect(attributes).toContain(
        `src="${variant(n, 160)}" srcSet="${variant(n, 160)} 160w, ${variant(n, 480)} 480w" sizes="88px"`,
      );
      expect(attributes).toContain('width="88" height="88"');
      expect(attributes.includes('loading="lazy"'), `thumbnail ${n}`).toBe(n > 4);
    });
  });
});
