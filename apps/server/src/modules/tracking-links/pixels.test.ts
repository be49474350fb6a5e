// Ad pixels (decision 156): set in Integrations with PRO only; on the storefront of an organisation with a pixel
// and PRO every page carries the consent notice and script and a CSP adding exactly the pixels' origins; other
// organisations' pages, and a pixel organisation's without PRO, are sent unchanged.
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
import { grantPro } from '../../../test/plan-helpers.js';
import { joinAs } from '../../../test/team-helpers.js';
import { order, organizationPixels, organizationSettings } from '../../db/schema/index.js';
import { CONSENT_SCRIPT_PATH } from './pixel-script.js';

let t: TestApp;
let pro: SignedInUser;
let plain: SignedInUser;
let gig: EventDto;
let plainGig: EventDto;
const PRO_HOST = 'pixel-pro.localhost:3000';

const put = (user: SignedInUser, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/integrations/pixels', headers: asBrowser(user), payload });
const page = (host: string, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { host, 'user-agent': 'Mozilla/5.0 Chrome/131.0' } });
const csp = (response: { headers: Record<string, unknown> }) => String(response.headers['content-security-policy']);
async function orgIdOf(subdomain: string) {
  const [row] = await t.database.db
    .select({ id: organizationSettings.organizationId })
    .from(organizationSettings)
    .where(eq(organizationSettings.subdomain, subdomain));
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  pro = await sellingOrganiser(t.app, 'pixel-pro');
  plain = await sellingOrganiser(t.app, 'pixel-plain');
  const lapsed = await sellingOrganiser(t.app, 'pixel-lapsed');
  gig = await createLiveEvent(t.app, pro, { name: 'Pixel Night' });
  plainGig = await createLiveEvent(t.app, plain, { name: 'Plain Night' });
  await createLiveEvent(t.app, lapsed, { name: 'Lapsed Night' });
  await grantPro(t.database.db, await orgIdOf('pixel-pro'));
});

afterAll(async () => {
  await t.close();
});

describe('pixel settings', () => {
  it('are refused without PRO (402), so nothing is saved', async () => {
    const response = await put(plain, { meta_pixel_id: '123456789012345', ga_measurement_id: null });
    expect(response.statusCode).toBe(402);
    expect(response.json().error.code).toBe('PRO_REQUIRED');
    const get = await t.app.inject({ method: 'GET', url: '/api/integrations/pixels', headers: asBrowser(plain) });
    expect(get.statusCode).toBe(402);
  });

  it('refuses ids of the wrong shape with the field and its message', async () => {
    const response = await put(pro, { meta_pixel_id: '12ab', ga_measurement_id: 'UA-1234-5' });
    expect(response.statusCode).toBe(400);
    const fields = response.json().error.fields.map((field: { path: string }) => field.path);
    expect(fields).toEqual(expect.arrayContaining(['meta_pixel_id', 'ga_measurement_id']));
  });

  it('are for owners and admins only', async () => {
    const door = await joinAs(t.app, pro, 'door');
    expect((await put(door, { meta_pixel_id: null, ga_measurement_id: null })).statusCode).toBe(403);
  });

  it('saves the ids with PRO (the measurement id upper-cased) and reads them back', async () => {
    const response = await put(pro, { meta_pixel_id: ' 123456789012345 ', ga_measurement_id: 'g-abc123xyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ meta_pixel_id: '123456789012345', ga_measurement_id: 'G-ABC123XYZ' });
    const get = await t.app.inject({ method: 'GET', url: '/api/integrations/pixels', headers: asBrowser(pro) });
    expect(get.json()).toEqual({ meta_pixel_id: '123456789012345', ga_measurement_id: 'G-ABC123XYZ' });
  });
});

describe('pixels on the storefront', () => {
  it("adds the notice, the consent script and exactly the pixels' origins to a PRO pixel organisation's pages", async () => {
    for (const url of ['/', `/events/${gig.slug}`]) {
      const response = await page(PRO_HOST, url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('id="mq-consent"');
      expect(response.body).toContain(
        `<script src="${CONSENT_SCRIPT_PATH}" data-meta="123456789012345" data-ga="G-ABC123XYZ"></script>`,
      );
      // The pixels' hosts are never named by the page itself: only the consent script loads them.
      expect(response.body).not.toContain('connect.facebook.net');
      const policy = csp(response);
      expect(policy).toMatch(
        /script-src 'self' [^;]*https:\/\/connect\.facebook\.net https:\/\/www\.googletagmanager\.com/,
      );
      expect(policy).toMatch(/connect-src 'self' [^;]*https:\/\/\*\.google-analytics\.com/);
      expect(policy).toMatch(/img-src [^;]*https:\/\/www\.facebook\.com/);
    }
    const script = await page(PRO_HOST, CONSENT_SCRIPT_PATH);
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
  });

  it("leaves another organisation's pages and CSP as they were", async () => {
    const response = await page('pixel-plain.localhost:3000', `/events/${plainGig.slug}`);
    expect(response.body).not.toContain('mq-consent');
    expect(csp(response)).not.toMatch(/facebook|google/);
    expect(response.headers.etag).toBeDefined();
  });

  it('loads nothing for an organisation whose pixels are set but which has no PRO', async () => {
    await t.database.db
      .insert(organizationPixels)
      .values({ organizationId: await orgIdOf('pixel-lapsed'), metaPixelId: '98765' });
    const response = await page('pixel-lapsed.localhost:3000', '/');
    expect(response.body).not.toContain('mq-consent');
    expect(csp(response)).not.toMatch(/facebook/);
  });

  it("gives a paid order's page its purchase (code, value, currency) for the Purchase event", async () => {
    const held = await postCheckout(t.app, PRO_HOST, gig.id, {
      ...buyer,
      age_confirmed: 'yes',
      terms_accepted: 'yes',
      [`qty_${gig.ticket_types[0]!.id}`]: '1',
    });
    const token = tokenFrom(held.headers.location);
    await payWithCard(t.app, PRO_HOST, token);
    const [row] = await t.database.db.select().from(order).where(eq(order.accessToken, token));
    const response = await page(PRO_HOST, `/orders/${token}`);
    expect(response.statusCode).toBe(200);
    const value = ((row!.amountMinor + row!.feeMinor) / 100).toFixed(2);
    expect(response.body).toContain(
      `<div id="mq-purchase" hidden data-order="${row!.code}" data-value="${value}" data-currency="${row!.currency}"></div>`,
    );
  });

  it('stops at once when the organisation removes its ids', async () => {
    expect((await put(pro, { meta_pixel_id: '', ga_measurement_id: null })).statusCode).toBe(200);
    const response = await page(PRO_HOST, '/');
    expect(response.body).not.toContain('mq-consent');
    expect(csp(response)).not.toMatch(/facebook|google/);
  });
});
