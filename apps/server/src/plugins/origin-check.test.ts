// The Origin rule against cross-site requests: evil origins and cookie-without-Origin are refused on every
// state-changing route; the app's origin, a storefront's own origin and cookie-less API clients pass.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createOrganizationFor, signUpAndVerify, type SignedInUser } from '../../test/auth-helpers.js';

let t: TestApp;
let owner: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signUpAndVerify(t.app);
  await createOrganizationFor(t.app, owner, 'origin-shop');
});
afterAll(() => t.close());

const refused = { error: { code: 'FORBIDDEN', message: 'Cross-site request refused' } };
const evil = 'http://evil.example';

const stateChanging = [
  { method: 'POST', url: '/api/events', payload: { name: 'Cross-site' } },
  { method: 'PUT', url: '/api/org/settings', payload: { company_name: 'Hijacked' } },
  { method: 'POST', url: '/api/org/create', payload: { company_name: 'Evil Co', subdomain: 'evil-co' } },
  { method: 'DELETE', url: '/api/events/00000000-0000-0000-0000-000000000000' },
  { method: 'POST', url: '/api/auth/sign-out', payload: {} },
] as const;

describe('Origin check on state-changing requests', () => {
  for (const route of stateChanging) {
    it(`${route.method} ${route.url} - 403 with an evil Origin and the session cookie`, async () => {
      const response = await t.app.inject({
        method: route.method,
        url: route.url,
        headers: { cookie: owner.cookie, origin: evil },
        ...('payload' in route ? { payload: route.payload } : {}),
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(refused);
    });

    it(`${route.method} ${route.url} - 403 with the session cookie and no Origin`, async () => {
      const response = await t.app.inject({
        method: route.method,
        url: route.url,
        headers: { cookie: owner.cookie },
        ...('payload' in route ? { payload: route.payload } : {}),
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(refused);
    });
  }

  it('PUT /api/org/settings - nothing changed by the refused request', async () => {
    const settings = await t.app.inject({ method: 'GET', url: '/api/org/settings', headers: { cookie: owner.cookie } });
    expect(settings.json().company_name).toBe('Acme Events');
  });

  it('POST /api/events - 201 from the app origin', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { cookie: owner.cookie, origin: 'http://localhost:3000' },
      payload: { name: 'Same-site' },
    });
    expect(response.statusCode).toBe(201);
  });

  it('POST /api/events - 201 from the Vite dev server outside production', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { cookie: owner.cookie, origin: 'http://localhost:5173' },
      payload: { name: 'From Vite' },
    });
    expect(response.statusCode).toBe(201);
  });

  it('POST /api/events - 201 with a bearer token and neither cookie nor Origin (API clients)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { name: 'From a script' },
    });
    expect(response.statusCode).toBe(201);
  });

  it('POST on a storefront host with its own origin is not refused; another origin is', async () => {
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/org/check-subdomain',
      headers: {
        host: 'origin-shop.localhost:3000',
        origin: 'http://origin-shop.localhost:3000',
        cookie: owner.cookie,
      },
      payload: { subdomain: 'free-name' },
    });
    expect(own.statusCode).toBe(200);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/org/check-subdomain',
      headers: { host: 'origin-shop.localhost:3000', origin: 'http://other-shop.localhost:3000', cookie: owner.cookie },
      payload: { subdomain: 'free-name' },
    });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual(refused);
  });

  it('GET requests are not affected by Origin', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/org/info',
      headers: { cookie: owner.cookie, origin: evil },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('Origin check in production', () => {
  it('POST /api/events - 403 from the Vite dev origin', async () => {
    const production = await createTestApp({
      env: {
        NODE_ENV: 'production',
        AUTH_SECRET: 'x'.repeat(40),
        APP_URL: 'https://app.example.com',
        PUBLIC_HOST: 'example.com',
        PAYMENTS_SANDBOX_IN_PRODUCTION: 'yes',
      },
    });
    try {
      const response = await production.app.inject({
        method: 'POST',
        url: '/api/events',
        headers: { host: 'app.example.com', origin: 'http://localhost:5173', cookie: 'marquee.session_token=x' },
        payload: { name: 'x' },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(refused);
    } finally {
      await production.close();
    }
  });
});
