// GET /api/public-config says which payments provider the app really runs on, and a production server on the
// sandbox (PAYMENTS_SANDBOX_IN_PRODUCTION, decision 049) still says "sandbox" there and on the pages fans pay on.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { Config } from '../../config.js';
import { STAGING_BANNER_TEXT } from '../../plugins/staging-banner.js';
import { createTestApp, testConfig, type TestApp } from '../../../test/test-app.js';
import {
  buyer,
  createLiveEvent,
  form,
  postCheckout,
  sellingOrganiser,
  tokenFrom,
} from '../../../test/checkout-helpers.js';

/** A web build directory holding only this index.html. */
function webDist(index: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-web-'));
  fs.writeFileSync(path.join(dir, 'index.html'), index);
  return dir;
}

const publicConfig = (app: FastifyInstance) => app.inject({ method: 'GET', url: '/api/public-config' });

describe('a production server on the sandbox, by the opt-in', () => {
  // The organiser signs up on a development app (its outbox gives the code); the production app on the same
  // database is the one under test.
  let setup: TestApp;
  let production: FastifyInstance;
  let config: Config;
  beforeAll(async () => {
    setup = await createTestApp();
    config = testConfig({
      NODE_ENV: 'production',
      AUTH_SECRET: 'x'.repeat(40),
      APP_URL: 'http://localhost:3000',
      PUBLIC_HOST: 'localhost:3000',
      PAYMENTS_SANDBOX_IN_PRODUCTION: 'yes',
    });
    expect(config.isProduction).toBe(true);
    production = await buildApp({ config, database: setup.database, webDistDir: '/nonexistent' });
    await production.ready();
  });
  afterAll(async () => {
    await production.close();
    await setup.close();
  });

  it('GET /api/public-config - 200, payments: sandbox (the dashboard shows its sandbox notice from it)', async () => {
    const response = await publicConfig(production);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ payments: 'sandbox' });
  });

  it('the page a fan pays on carries the SANDBOX banner', async () => {
    const owner = await sellingOrganiser(setup.app, 'dress-rehearsal');
    const live = await createLiveEvent(setup.app, owner, { capacity: 10 });
    const host = 'dress-rehearsal.localhost:3000';
    const held = await postCheckout(production, host, live.id, { ...buyer, [`qty_${live.ticket_types[0]!.id}`]: '1' });
    expect(held.statusCode, held.body).toBe(303);
    const token = tokenFrom(held.headers.location);
    const pay = await production.inject({
      method: 'POST',
      url: `/checkout/${token}/pay`,
      headers: { host, origin: `http://${host}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: form({}),
    });
    expect(pay.statusCode, pay.body).toBe(303);
    const provider = new URL(String(pay.headers.location));
    const page = await production.inject({ method: 'GET', url: provider.pathname });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<p class="sandbox" role="note">SANDBOX — no real money moves</p>');
    expect(page.body).toContain(STAGING_BANNER_TEXT);
  });

  it('every page says it is a staging server: the storefront, the event page, the dashboard', async () => {
    const owner = await sellingOrganiser(setup.app, 'staging-pages');
    const live = await createLiveEvent(setup.app, owner, { capacity: 10 });
    const host = 'staging-pages.localhost:3000';
    const moved = await production.inject({ method: 'GET', url: `/events/${live.id}`, headers: { host } });
    const eventPage = new URL(String(moved.headers.location), `http://${host}`).pathname;
    for (const url of ['/', eventPage]) {
      const page = await production.inject({ method: 'GET', url, headers: { host } });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toMatch(new RegExp(`<body[^>]*><div id="marquee-staging-banner" role="note"[^>]*>`));
      expect(page.body, url).toContain(STAGING_BANNER_TEXT);
    }
    const index = `<!doctype html><html><head><title>Marquee</title></head><body><div id="root"></div></body></html>`;
    const dashboard = await buildApp({ config, database: setup.database, webDistDir: webDist(index) });
    try {
      const shell = await dashboard.inject({ method: 'GET', url: '/dashboard', headers: { accept: 'text/html' } });
      expect(shell.statusCode).toBe(200);
      expect(shell.body).toContain(`<body><div id="marquee-staging-banner"`);
    } finally {
      await dashboard.close();
    }
  });
});

describe('a development server on the sandbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('has no staging banner', async () => {
    const owner = await sellingOrganiser(t.app, 'dev-pages');
    await createLiveEvent(t.app, owner, { capacity: 10 });
    const page = await t.app.inject({ method: 'GET', url: '/', headers: { host: 'dev-pages.localhost:3000' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain(STAGING_BANNER_TEXT);
  });
});

describe('with Stripe configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' } });
  });
  afterAll(() => t.close());

  it('GET /api/public-config - 200, payments: stripe', async () => {
    expect((await publicConfig(t.app)).json()).toMatchObject({ payments: 'stripe' });
  });
});
