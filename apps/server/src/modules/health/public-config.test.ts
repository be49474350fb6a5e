// GET /api/public-config says which payments provider the app really runs on, and a production server on the
// sandbox (PAYMENTS_SANDBOX_IN_PRODUCTION, decision 049) still says "sandbox" there and on the pages fans pay on.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createTestApp, testConfig, type TestApp } from '../../../test/test-app.js';
import {
  buyer,
  createLiveEvent,
  form,
  postCheckout,
  sellingOrganiser,
  tokenFrom,
} from '../../../test/checkout-helpers.js';

const publicConfig = (app: FastifyInstance) => app.inject({ method: 'GET', url: '/api/public-config' });

describe('a production server on the sandbox, by the opt-in', () => {
  // The organiser signs up on a development app (its outbox gives the code); the production app on the same
  // database is the one under test.
  let setup: TestApp;
  let production: FastifyInstance;
  beforeAll(async () => {
    setup = await createTestApp();
    const config = testConfig({
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
