// The embeddable checkout on the organisation's host (decision 153): /embed pages framable by exactly the listed
// sites (every other page still refuses framing, the rest of the CSP unchanged), only with PRO, a clear refusal
// for a site known not to be listed, embed.js for other sites' pages, and a whole purchase through the frame's
// addresses with no cookie at all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventDto } from '@marquee/shared';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { buyer, createLiveEvent, fanIp, form, payWithCard, sellingOrganiser } from '../../test/checkout-helpers.js';
import { organizationOf } from '../../test/checkin-helpers.js';
import { grantPro } from '../../test/plan-helpers.js';
import type { SignedInUser } from '../../test/auth-helpers.js';
import { putSales } from '../../test/drop-helpers.js';
import { withFrameAncestors } from './embed.routes.js';

let t: TestApp;
let owner: SignedInUser;
let live: EventDto;
const host = 'embedshop.localhost:3000';
const listed = ['https://www.venue.example', 'http://127.0.0.1:4100'];

beforeAll(async () => {
  t = await createTestApp();
  owner = await sellingOrganiser(t.app, 'embedshop');
  live = await createLiveEvent(t.app, owner, { capacity: 50 });
});
afterAll(() => t.close());

const page = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { host, ...headers } });
const csp = (response: LightMyRequestResponse) => String(response.headers['content-security-policy']);
const ancestors = (response: LightMyRequestResponse) => /frame-ancestors ([^;]*)/.exec(csp(response))?.[1];

async function listSites(origins: string[]) {
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/integrations/embed',
    headers: { cookie: owner.cookie, origin: 'http://localhost:3000' },
    payload: { origins },
  });
  expect(saved.statusCode).toBe(200);
}

describe('the embed without PRO', () => {
  it('answers a clear page saying the embed is not available, and no checkout form', async () => {
    const response = await page('/embed');
    expect(response.statusCode).toBe(403);
    expect(response.body).toContain('Tickets are not available here');
    expect((await page(`/embed/events/${live.slug}`)).body).not.toContain('name="qty_');
  });
});

describe('the embed with PRO', () => {
  beforeAll(async () => {
    await grantPro(t.database.db, await organizationOf(t.app, owner));
    await listSites(listed);
  });

  it('lets exactly the listed sites frame the embed pages; every other page still refuses framing', async () => {
    const home = await page('/');
    for (const url of ['/embed', `/embed/events/${live.slug}`]) {
      const response = await page(url);
      expect(response.statusCode).toBe(200);
      expect(ancestors(response)).toBe(listed.join(' '));
      expect(response.headers['x-frame-options']).toBeUndefined();
      // The rest of the CSP is the storefront's own, directive for directive.
      expect(csp(response)).toBe(withFrameAncestors(csp(home), listed));
    }
    for (const url of ['/', `/events/${live.slug}`]) {
      const response = await page(url);
      expect(ancestors(response)).toBe("'none'");
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });

  it('lists the events with links that stay in the frame', async () => {
    const response = await page('/embed');
    expect(response.body).toContain(`href="/embed/events/${live.slug}"`);
    expect(response.body).toContain('/embed/frame.js');
    const frame = await page('/embed/frame.js');
    expect(frame.headers['content-type']).toContain('application/javascript');
    // The frame's height goes to the listed sites only.
    expect(frame.body).toContain(JSON.stringify(listed));
    expect(frame.body).not.toContain("'*'");
  });

  it('refuses with a clear page a site known not to be listed (its Referer or embed.js parent)', async () => {
    const byReferer = await page(`/embed/events/${live.slug}`, { referer: 'https://evil.example/page' });
    expect(byReferer.statusCode).toBe(403);
    expect(byReferer.body).toContain('has not allowed https://evil.example to show its ticket shop');
    expect(byReferer.body).not.toContain('name="qty_');
    // Only that site may frame the refusal, so its visitors can read it.
    expect(ancestors(byReferer)).toBe('https://evil.example');
    const byParent = await page(`/embed?parent=${encodeURIComponent('https://evil.example')}`);
    expect(byParent.statusCode).toBe(403);
    // Opened in a tab (the organiser's preview from the dashboard), the page is not embedded: no refusal.
    const preview = await page('/embed', { referer: 'http://localhost:3000/', 'sec-fetch-dest': 'document' });
    expect(preview.statusCode).toBe(200);
    const framedBy = await page('/embed', { referer: 'https://evil.example/', 'sec-fetch-dest': 'iframe' });
    expect(framedBy.statusCode).toBe(403);
    const listedParent = await page(`/embed?parent=${encodeURIComponent(listed[1]!)}`, { referer: `${listed[1]}/` });
    expect(listedParent.statusCode).toBe(200);
    expect(ancestors(listedParent)).toBe(listed.join(' '));
  });

  it('serves embed.js to other sites: JavaScript, cross-origin resource policy, cached with an ETag', async () => {
    const script = await page('/embed.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(script.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(script.headers['cache-control']).toBe('public, max-age=86400');
    expect(script.body).toContain("'/embed/events/'");
    expect(script.body).toContain('e.origin!==origin');
    const again = await page('/embed.js', { 'if-none-match': String(script.headers.etag) });
    expect(again.statusCode).toBe(304);
    // Every other storefront response keeps same-origin.
    expect((await page('/')).headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('sells a ticket through the frame with no cookie: hold and summary in the frame, Pay top-level', async () => {
    const responses: LightMyRequestResponse[] = [];
    const seen = (response: LightMyRequestResponse) => (responses.push(response), response);
    const eventPage = seen(await page(`/embed/events/${live.slug}`));
    const typeId = live.ticket_types[0]!.id;
    expect(eventPage.body).toContain(`action="/embed/events/${live.slug}/checkout"`);
    const held = seen(
      await t.app.inject({
        method: 'POST',
        url: `/embed/events/${live.slug}/checkout`,
        headers: { host, origin: `http://${host}`, 'content-type': 'application/x-www-form-urlencoded' },
        remoteAddress: fanIp(),
        payload: form({ ...buyer, email: 'framed@example.com', terms_accepted: 'yes', [`qty_${typeId}`]: '2' }),
      }),
    );
    expect(held.statusCode).toBe(303);
    const location = String(held.headers.location);
    expect(location).toMatch(/^\/embed\/checkout\/[A-Za-z0-9_-]{43}$/);
    const token = location.split('/').pop()!;
    const summary = seen(await page(location));
    expect(summary.statusCode).toBe(200);
    expect(ancestors(summary)).toBe(listed.join(' '));
    // The Pay form leaves the frame (card pages cannot be framed); form-action still allows the provider.
    expect(summary.body).toContain(`<form action="/checkout/${token}/pay" method="post" target="_top">`);
    expect(csp(summary)).toMatch(/form-action 'self' \S/);
    expect(summary.body).toContain(`action="/embed/checkout/${token}/cancel"`);
    const paid = seen(await payWithCard(t.app, host, token));
    const back = new URL(String(paid.headers.location));
    const returned = seen(await page(back.pathname + back.search));
    expect(returned.headers.location).toBe(`/orders/${token}`);
    const orderPage = seen(await page(`/orders/${token}`));
    expect(orderPage.statusCode).toBe(200);
    expect(orderPage.body).toContain('General Admission');
    for (const response of responses) expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('cancelling in the frame releases the hold and stays in the frame', async () => {
    const typeId = live.ticket_types[0]!.id;
    const held = await t.app.inject({
      method: 'POST',
      url: `/embed/events/${live.slug}/checkout`,
      headers: { host, origin: `http://${host}`, 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress: fanIp(),
      payload: form({ ...buyer, email: 'cancel@example.com', terms_accepted: 'yes', [`qty_${typeId}`]: '1' }),
    });
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `${String(held.headers.location)}/cancel`,
      headers: { host, origin: `http://${host}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe(`/embed/events/${live.id}`);
  });

  it('a bad form is shown again in the frame with its message', async () => {
    const typeId = live.ticket_types[0]!.id;
    const response = await t.app.inject({
      method: 'POST',
      url: `/embed/events/${live.slug}/checkout`,
      headers: { host, origin: `http://${host}`, 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress: fanIp(),
      payload: form({ ...buyer, email: 'not-an-email', terms_accepted: 'yes', [`qty_${typeId}`]: '1' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('/embed/frame.js');
    expect(response.body).toContain(`action="/embed/events/${live.slug}/checkout"`);
    expect(ancestors(response)).toBe(listed.join(' '));
  });

  it('a sale behind the waiting room: the frame opens the queue in a new tab, and no hold without it', async () => {
    const queued = await createLiveEvent(t.app, owner, { capacity: 50, name: 'Queued Night' });
    const later = new Date(Date.now() + 10 * 60_000).toISOString().slice(0, 16);
    expect((await putSales(t.app, owner, queued.id, { sales_start_local: later })).statusCode).toBe(200);
    const set = await t.app.inject({
      method: 'PUT',
      url: `/api/events/${queued.id}/queue`,
      headers: { cookie: owner.cookie, origin: 'http://localhost:3000' },
      payload: { mode: 'on', rate_per_minute: 60 },
    });
    expect(set.statusCode, set.body).toBe(200);
    await t.app.queueGate.states.refresh(queued.id);
    // The storefront's own page sends the fan to the queue; the frame shows the way there, in a new tab.
    expect((await page(`/events/${queued.slug}`)).statusCode).toBe(303);
    const framed = await page(`/embed/events/${queued.slug}`);
    expect(framed.statusCode).toBe(200);
    expect(framed.body).toContain('This sale has a waiting room');
    expect(framed.body).toMatch(new RegExp(`href="/queue/${queued.id}"[^>]*target="_blank"`));
    expect(ancestors(framed)).toBe(listed.join(' '));
    const held = await t.app.inject({
      method: 'POST',
      url: `/embed/events/${queued.slug}/checkout`,
      headers: { host, origin: `http://${host}`, 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress: fanIp(),
      payload: form({ ...buyer, terms_accepted: 'yes', [`qty_${queued.ticket_types[0]!.id}`]: '1' }),
    });
    expect(held.statusCode).not.toBe(303);
    expect(held.body).toContain('target="_blank"');
  });

  it('with no site listed, the embed pages refuse every frame', async () => {
    await listSites([]);
    expect(ancestors(await page('/embed'))).toBe("'none'");
    await listSites(listed);
  });
});
