// The branded storefront of issue 13 (decision 026): readable slug addresses that survive renames, share cards,
// the calendar file, the footer, the self-hosted font and the page-weight budget.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventDto, EventInput } from '@marquee/shared';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { asBrowser, createOrganizationFor, signUpAndVerify, type SignedInUser } from '../../test/auth-helpers.js';
import { liveEventInput } from '../../test/checkout-helpers.js';

let t: TestApp;
let owner: SignedInUser;
let rival: SignedInUser;
const host = 'acme.localhost:3000';
const rivalHost = 'rival.localhost:3000';

const get = (url: string, onHost = host) => t.app.inject({ method: 'GET', url, headers: { host: onHost } });

async function create(user: SignedInUser, input: Partial<EventInput>, publish = true): Promise<EventDto> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/events',
    headers: asBrowser(user),
    payload: { ...liveEventInput, ...input },
  });
  expect(created.statusCode, created.body).toBe(201);
  if (!publish) return created.json();
  const published = await t.app.inject({
    method: 'POST',
    url: `/api/events/${created.json().id}/publish`,
    headers: asBrowser(user),
  });
  expect(published.statusCode, published.body).toBe(200);
  return published.json();
}

async function rename(user: SignedInUser, id: string, name: string): Promise<EventDto> {
  const response = await t.app.inject({
    method: 'PUT',
    url: `/api/events/${id}`,
    headers: asBrowser(user),
    payload: { name },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function saveSettings(user: SignedInUser, settings: Record<string, unknown>) {
  const response = await t.app.inject({
    method: 'PUT',
    url: '/api/org/settings',
    headers: asBrowser(user),
    payload: { company_name: 'Acme Events', ...settings },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

beforeAll(async () => {
  t = await createTestApp({ assertCanSell: async () => {} });
  owner = await signUpAndVerify(t.app);
  rival = await signUpAndVerify(t.app);
  await createOrganizationFor(t.app, owner, 'acme', 'Acme Events');
  await createOrganizationFor(t.app, rival, 'rival', 'Rival Events');
});
afterAll(() => t.close());

describe('event addresses', () => {
  it('GET /events/:slug - a readable slug from the name, unique per organisation, in the dashboard link', async () => {
    const first = await create(owner, { name: 'Warehouse Night 01' });
    const second = await create(owner, { name: 'Warehouse Night 01' });
    const rivals = await create(rival, { name: 'Warehouse Night 01' });
    expect(first.slug).toBe('warehouse-night-01');
    expect(second.slug).toBe('warehouse-night-01-2');
    expect(rivals.slug).toBe('warehouse-night-01'); // unique per organisation, not across them
    expect(first.public_url).toBe('http://acme.localhost:3000/events/warehouse-night-01');

    const page = await get('/events/warehouse-night-01');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Warehouse Night 01</h1>');
    expect(page.body).toContain(`action="/events/warehouse-night-01/checkout"`);
    expect((await get('/events/warehouse-night-01-2')).body).toContain('/events/warehouse-night-01-2/checkout');
    // Each host answers with its own organisation's event of that slug.
    expect((await get('/events/warehouse-night-01', rivalHost)).body).toContain('Rival Events');
  });

  it('GET /events/:id - the address before slugs answers 301 to the slug, keeping the query', async () => {
    const event = await create(owner, { name: 'Id Links Still Work' });
    const response = await get(`/events/${event.id}?utm_source=flyer`);
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/events/id-links-still-work?utm_source=flyer');
    // Another organisation's id on this host is not found, never redirected.
    const rivals = await create(rival, { name: 'Not Yours' });
    expect((await get(`/events/${rivals.id}`)).statusCode).toBe(404);
  });

  it('a renamed event moves to a new slug; every old slug 301s to it, and the .ics too', async () => {
    const event = await create(owner, { name: 'Summer Jam' });
    const renamed = await rename(owner, event.id, 'Summer Jam: Harbour Edition');
    expect(renamed.slug).toBe('summer-jam-harbour-edition');
    expect(renamed.public_url).toBe('http://acme.localhost:3000/events/summer-jam-harbour-edition');
    const again = await rename(owner, event.id, 'Summer Jam Finale');

    for (const old of ['summer-jam', 'summer-jam-harbour-edition', event.id]) {
      const moved = await get(`/events/${old}`);
      expect(moved.statusCode, old).toBe(301);
      expect(moved.headers.location).toBe(`/events/${again.slug}`);
    }
    const ics = await get('/events/summer-jam/calendar.ics');
    expect(ics.statusCode).toBe(301);
    expect(ics.headers.location).toBe('/events/summer-jam-finale/calendar.ics');
    expect((await get('/events/summer-jam-finale')).statusCode).toBe(200);

    // An old slug stays this event's: a new event of the same name gets the next one.
    const newcomer = await create(owner, { name: 'Summer Jam' });
    expect(newcomer.slug).toBe('summer-jam-2');
    // Renaming back reuses the event's own earlier slug.
    expect((await rename(owner, event.id, 'Summer Jam')).slug).toBe('summer-jam');
    expect((await get('/events/summer-jam-finale')).headers.location).toBe('/events/summer-jam');
  });

  it('a draft that was never published keeps no old slugs, and has no page', async () => {
    const draft = await create(owner, { name: 'Secret Rave' }, false);
    expect(draft.slug).toBe('secret-rave');
    expect((await get('/events/secret-rave')).statusCode).toBe(404);
    await rename(owner, draft.id, 'Open Air Rave');
    // The draft's first name is free again for another event.
    expect((await create(owner, { name: 'Secret Rave' })).slug).toBe('secret-rave');
  });

  it('unknown and malformed addresses are 404 pages', async () => {
    for (const path of [
      '/events/no-such-event',
      '/events/Bad%20Slug',
      '/events/UPPER-case',
      '/events/x/calendar.ics',
    ]) {
      const response = await get(path);
      expect(response.statusCode, path).toBe(404);
    }
  });
});

describe('event page: share card, share and calendar, address', () => {
  let event: EventDto;
  beforeAll(async () => {
    event = await create(owner, {
      name: 'Harbour Lights',
      description: 'Open-air night by the water.',
      location: 'Pier 4, Harbour Road, Bristol BS1 4RN',
      start_local: '2031-07-04T19:30',
      end_local: '2031-07-05T01:00',
    });
  });

  it('GET /events/:slug - Open Graph and Twitter tags show the artwork, title and date', async () => {
    const html = (await get(`/events/${event.slug}`)).body;
    expect(html).toContain('<meta property="og:title" content="Harbour Lights"/>');
    expect(html).toContain('<meta property="og:url" content="http://acme.localhost:3000/events/harbour-lights"/>');
    expect(html).toContain('<link rel="canonical" href="http://acme.localhost:3000/events/harbour-lights"/>');
    expect(html).toContain(
      '<meta property="og:image" content="http://acme.localhost:3000/uploads/images/poster.webp"/>',
    );
    expect(html).toMatch(/<meta property="og:description" content="FRI 4 JUL, 2031 · 19:30 · Pier 4, Harbour Road/);
    expect(html).toContain('<meta property="event:start_time" content="2031-07-04T18:30:00.000Z"/>');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    expect(html).toContain('<meta name="twitter:label1" content="Date"/>');
    expect(html).toContain('<meta name="twitter:data1" content="FRI 4 JUL, 2031 · 19:30"/>');
  });

  it('has a share button (shown by the script), an add-to-calendar link and a readable address', async () => {
    const html = (await get(`/events/${event.slug}`)).body;
    expect(html).toMatch(
      /<button type="button" class="secondary" data-share="" data-url="http:\/\/acme.localhost:3000\/events\/harbour-lights"[^>]*hidden="">Share<\/button>/,
    );
    expect(html).toContain('<p class="share-status" id="share-status" role="status"></p>');
    expect(html).toContain(
      'href="/events/harbour-lights/calendar.ics" download="harbour-lights.ics">Add to calendar</a>',
    );
    expect(html).toContain(
      '<address class="venue"><span class="venue-name">Pier 4</span><br/><span class="muted">Harbour Road, Bristol BS1 4RN</span>',
    );
    expect(html).toContain(
      'https://www.google.com/maps/search/?api=1&amp;query=Pier%204%2C%20Harbour%20Road%2C%20Bristol%20BS1%204RN',
    );
    const script = await get('/_storefront/checkout.js');
    expect(script.body).toContain('navigator.share');
    expect(script.body).toContain('navigator.clipboard');
    expect(script.body).toContain('Link copied');
  });

  it('GET /events/:slug/calendar.ics - the event as an iCalendar file to download', async () => {
    const response = await get(`/events/${event.slug}/calendar.ics`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="harbour-lights.ics"');
    const ics = response.body.replace(/\r\n /g, '');
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).toContain(`UID:${event.id}@acme.localhost`);
    expect(ics).toContain('DTSTART:20310704T183000Z');
    expect(ics).toContain('DTEND:20310705T000000Z');
    expect(ics).toContain('SUMMARY:Harbour Lights');
    expect(ics).toContain('LOCATION:Pier 4\\, Harbour Road\\, Bristol BS1 4RN');
    expect(ics).toContain('URL;VALUE=URI:http://acme.localhost:3000/events/harbour-lights');
  });
});

describe('footer, social links and the organiser on every page', () => {
  it('the home and event pages carry the contact, social links, both terms and privacy, cover and description', async () => {
    await saveSettings(owner, {
      description: 'Warehouse parties since 2009.',
      contact_email: 'hello@acme.example',
      contact_phone: '+44 20 7946 0000',
      instagram_url: 'https://instagram.com/acme',
      tiktok_url: 'https://tiktok.com/@acme',
      terms_url: 'https://acme.example/terms',
      privacy_url: 'https://acme.example/privacy',
      cover_image_url: '/uploads/images/cover.webp',
      logo_url: '/uploads/images/logo.webp',
    });
    const event = await create(owner, { name: 'Footer Check' });
    for (const path of ['/', `/events/${event.slug}`]) {
      const html = (await get(path)).body;
      const footer = html.slice(html.indexOf('<footer class="site">'));
      expect(footer, path).toContain('<p class="display foot-name">Acme Events</p>');
      expect(footer).toContain('<a href="mailto:hello@acme.example">hello@acme.example</a>');
      expect(footer).toContain('<a href="tel:+442079460000">+44 20 7946 0000</a>');
      expect(footer).toContain('<a href="https://instagram.com/acme" rel="noopener">Instagram</a>');
      expect(footer).toContain('<a href="https://tiktok.com/@acme" rel="noopener">TikTok</a>');
      expect(footer).not.toContain('>Facebook<');
      expect(footer).toContain('<a href="https://acme.example/terms" rel="noopener">Acme Events terms</a>');
      expect(footer).toContain('<a href="https://acme.example/privacy" rel="noopener">Acme Events privacy</a>');
      expect(footer).toContain('<a href="http://localhost:3000/terms">Marquee terms</a>');
      expect(footer).toContain('<a href="http://localhost:3000/privacy">Marquee privacy</a>');
      expect(html).toContain('Warehouse parties since 2009.');
      expect(html).toContain('/uploads/images/cover');
      expect(html).toContain('/uploads/images/logo');
    }
    const settings = (
      await t.app.inject({ method: 'GET', url: '/api/org/settings', headers: asBrowser(owner) })
    ).json();
    expect(settings).toMatchObject({
      terms_url: 'https://acme.example/terms',
      privacy_url: 'https://acme.example/privacy',
    });
  });

  it('PUT /api/org/settings - 400 for a terms or privacy link that is not http(s)', async () => {
    for (const field of ['terms_url', 'privacy_url']) {
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/org/settings',
        headers: asBrowser(owner),
        payload: { company_name: 'Acme Events', [field]: 'javascript:alert(1)' },
      });
      expect(response.statusCode, field).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_ERROR');
    }
  });
});

describe('the organiser font, served from our host', () => {
  it('the page names the font in @font-face (swap) and applies it once loaded, at once without script; no font competes with the artwork', async () => {
    await saveSettings(owner, { font_family: 'DM Sans', primary_color: '#ffd400', secondary_color: '#ffffff' });
    const event = await create(owner, { name: 'Font Check' });
    const html = (await get(`/events/${event.slug}`)).body;
    const face =
      /@font-face\{font-family:"DM Sans";font-style:normal;font-weight:400;font-display:swap;src:url\((\/_storefront\/fonts\/dm-sans-latin-400-normal\.[0-9a-f]{10}\.woff2)\)/.exec(
        html,
      );
    expect(face).not.toBeNull();
    // Until the page has loaded the text is in the local fallback; the script's class turns the font on.
    expect(html).toContain('body{font-family:system-ui');
    expect(html).toContain('.f body{font-family:"DM Sans",system-ui');
    expect(html).toContain('<noscript><style>body{font-family:"DM Sans",system-ui');
    expect(html).not.toContain('as="font"');
    // One inline loader (allowed by its hash, nothing else inline) turns the font on and loads the script once loaded.
    const response = await get(`/events/${event.slug}`);
    const inline = [...response.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
    expect(inline).toHaveLength(1);
    expect(inline[0]).toContain("h.classList.add('f')");
    expect(inline[0]).toContain("addEventListener('load',go)");
    expect(inline[0]).toContain("s.src='/_storefront/checkout.js'");
    const hash = createHash('sha256').update(inline[0]!).digest('base64');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toMatch(new RegExp(`script-src 'self' 'sha256-${hash.replace(/[+/]/g, '\\$&')}'(;|$)`));
    expect(csp).not.toContain("unsafe-inline' 'sha256");
    expect(response.body).not.toMatch(/<script[^>]*src=/);
    expect((await get('/_storefront/checkout.js')).body).toContain('data-share');
    // The home page has the same loader, so the font is applied there too.
    expect((await get('/')).body).toContain(`<script>${inline[0]}</script>`);

    const font = await get(face![1]!);
    expect(font.statusCode).toBe(200);
    expect(font.headers['content-type']).toBe('font/woff2');
    expect(font.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(font.rawPayload.subarray(0, 4).toString('latin1')).toBe('wOF2');
    expect((await get('/_storefront/fonts/../../package.json')).statusCode).toBe(404);
    expect((await get('/_storefront/fonts/dm-sans-latin-400-normal.0000000000.woff2')).statusCode).toBe(404);
  });

  it('yellow on white: text is near-black and the yellow used as text is darkened until it reads', async () => {
    const html = (await get('/')).body;
    expect(html).toContain('--primary:#ffd400;--on-primary:#0a0a0a;');
    expect(html).toContain('--bg:#ffffff;--text:#0a0a0a');
    expect(html).not.toContain('--accent:#ffd400');
  });
});

describe('speed budget', () => {
  /** Bytes of CSS and script a page makes the browser fetch or parse before it can paint. */
  async function cssAndScriptBytes(html: string): Promise<number> {
    const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].reduce(
      (sum, [, css]) => sum + Buffer.byteLength(css!),
      0,
    );
    let scripts = 0;
    for (const [, src] of html.matchAll(/<script[^>]*src="([^"]+)"/g)) scripts += (await get(src!)).rawPayload.length;
    const inline = [...html.matchAll(/<script(?![^>]*src=)[^>]*>([\s\S]*?)<\/script>/g)].reduce(
      (sum, [, body]) => sum + Buffer.byteLength(body!),
      0,
    );
    expect(html).not.toMatch(/<link[^>]+rel="stylesheet"/); // no render-blocking stylesheet to fetch
    return styles + scripts + inline;
  }

  it('home and event pages stay within 20 KB of CSS and script, counting every byte (not only before the artwork)', async () => {
    await saveSettings(owner, {
      font_family: 'Bebas Neue',
      description: 'A long description. '.repeat(40),
      instagram_url: 'https://instagram.com/acme',
      tiktok_url: 'https://tiktok.com/@acme',
      x_url: 'https://x.com/acme',
      facebook_url: 'https://facebook.com/acme',
      resident_advisor_url: 'https://ra.co/promoters/1',
      website_url: 'https://acme.example',
    });
    const event = await create(owner, {
      name: 'Budget Check',
      lineup: ['A', 'B', 'C'],
      terms_of_service: 'No re-entry.',
    });
    const figures: Record<string, number> = {};
    for (const path of ['/', `/events/${event.slug}`]) figures[path] = await cssAndScriptBytes((await get(path)).body);
    process.stdout.write(`storefront CSS + script bytes: ${JSON.stringify(figures)}\n`);
    for (const [path, bytes] of Object.entries(figures)) expect(bytes, path).toBeLessThanOrEqual(20 * 1024);
  });

  it('the waiting room page, branded, stays within 6 KB of CSS and script and 9 KB in all', async () => {
    const event = await create(owner, { name: 'Queue Budget', capacity: 2000 });
    await t.app.queueGate.states.refresh(event.id);
    const page = await get(`/queue/${event.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('font-family:"Bebas Neue"');
    const bytes = await cssAndScriptBytes(page.body);
    const all = Buffer.byteLength(page.body) + (await get('/_storefront/queue.js')).rawPayload.length;
    process.stdout.write(`queue page: CSS + script ${bytes} bytes, page + script ${all} bytes\n`);
    expect(bytes).toBeLessThanOrEqual(6 * 1024);
    expect(all).toBeLessThanOrEqual(9 * 1024);
  });
});
