// Who may call /api/v1 (decision 150): a live key of an organisation with PRO, within its scopes and its creator's
// role, within its rate limit; never a session cookie or a session token. Tenancy comes from the key alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API_SCOPES, type ApiScope } from '@marquee/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { APP_ORIGIN, asBrowser } from '../../../test/auth-helpers.js';
import { joinAs, ownerWithOrganization } from '../../../test/team-helpers.js';
import { grantPro } from '../../../test/plan-helpers.js';
import { createKey, proOrganisationWithKey, v1 } from '../../../test/api-key-helpers.js';
import { apiKey, apiKeyAudit, member, organizationPlan } from '../../db/schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const CALLS: Array<{ scope: ApiScope; method: 'GET' | 'POST'; url: (eventId: string) => string; body?: object }> = [
  { scope: 'events:read', method: 'GET', url: () => '/api/v1/events' },
  { scope: 'events:read', method: 'GET', url: (id) => `/api/v1/events/${id}` },
  { scope: 'events:read', method: 'GET', url: (id) => `/api/v1/events/${id}/codes` },
  { scope: 'events:write', method: 'POST', url: () => '/api/v1/events', body: { name: 'Scoped' } },
  { scope: 'orders:read', method: 'GET', url: () => '/api/v1/orders' },
  { scope: 'attendees:read', method: 'GET', url: () => '/api/v1/attendees' },
  { scope: 'customers:read', method: 'GET', url: () => '/api/v1/customers' },
];

describe('API key scopes', () => {
  it('allows each call with its scope and refuses it (403) with every other scope', async () => {
    const { owner, key } = await proOrganisationWithKey(t.app, t.database.db, 'scopes');
    const event = (await v1(t.app, key.secret, 'POST', '/api/v1/events', { name: 'Scopes' })).json();
    for (const call of CALLS) {
      const only = await createKey(t.app, owner, [call.scope]);
      const allowed = await v1(t.app, only.secret, call.method, call.url(event.id), call.body);
      expect(allowed.statusCode, `${call.method} ${call.url(event.id)}`).toBeLessThan(300);
      const others = await createKey(
        t.app,
        owner,
        API_SCOPES.filter((scope) => scope !== call.scope),
      );
      const refused = await v1(t.app, others.secret, call.method, call.url(event.id), call.body);
      expect(refused.statusCode, `${call.method} ${call.url(event.id)}`).toBe(403);
      expect(refused.json().error).toEqual({
        code: 'FORBIDDEN',
        message: `This API key does not have the ${call.scope} scope`,
      });
    }
  });

  it("follows the creator's role now: a creator moved to door staff leaves the key only the door's scopes", async () => {
    const { owner, organization } = await ownerWithOrganization(t.app, 'scoperole');
    await grantPro(t.database.db, organization.id);
    const admin = await joinAs(t.app, owner, 'admin');
    const key = await createKey(t.app, admin, ['events:read']);
    expect((await v1(t.app, key.secret, 'GET', '/api/v1/events')).statusCode).toBe(200);
    await t.database.db.update(member).set({ role: 'door' }).where(eq(member.organizationId, organization.id));
    expect((await v1(t.app, key.secret, 'GET', '/api/v1/events')).statusCode).toBe(403);
    await t.database.db.delete(member).where(eq(member.organizationId, organization.id));
    expect((await v1(t.app, key.secret, 'GET', '/api/v1/events')).statusCode).toBe(403);
  });
});

describe('API key authentication', () => {
  it('refuses no key, a made-up key, a session token and a session cookie (401 in the envelope)', async () => {
    const { owner } = await proOrganisationWithKey(t.app, t.database.db, 'authnone');
    const attempts = [
      {},
      { authorization: 'Bearer mq_live_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
      { authorization: `Bearer ${owner.token}` },
      { cookie: owner.cookie },
      { cookie: owner.cookie, origin: APP_ORIGIN },
    ];
    for (const headers of attempts) {
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/events', headers });
      expect(response.statusCode, JSON.stringify(Object.keys(headers))).toBe(401);
      expect(response.json().error.code).toBe('UNAUTHORIZED');
    }
  });

  it("gives another organisation's key a 404 for this organisation's ids, and only its own rows in lists", async () => {
    const mine = await proOrganisationWithKey(t.app, t.database.db, 'tenantmine');
    const theirs = await proOrganisationWithKey(t.app, t.database.db, 'tenanttheirs');
    const event = (await v1(t.app, mine.key.secret, 'POST', '/api/v1/events', { name: 'Mine' })).json();
    for (const url of [`/api/v1/events/${event.id}`, `/api/v1/events/${event.id}/codes`]) {
      const response = await v1(t.app, theirs.key.secret, 'GET', url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    }
    const publish = await v1(t.app, theirs.key.secret, 'POST', `/api/v1/events/${event.id}/publish`);
    expect(publish.statusCode).toBe(404);
    const patch = await v1(t.app, theirs.key.secret, 'PATCH', `/api/v1/events/${event.id}`, { name: 'Theirs now' });
    expect(patch.statusCode).toBe(404);
    expect((await v1(t.app, theirs.key.secret, 'GET', '/api/v1/events')).json().data).toEqual([]);
    expect((await v1(t.app, mine.key.secret, 'GET', `/api/v1/events/${event.id}`)).json().name).toBe('Mine');
  });

  it('suspends keys while the organisation has no PRO (402), and they work again with it', async () => {
    const { organization, key } = await proOrganisationWithKey(t.app, t.database.db, 'authpro');
    await t.database.db
      .update(organizationPlan)
      .set({ status: 'ended', currentPeriodEnd: new Date(Date.now() - 1000) })
      .where(eq(organizationPlan.organizationId, organization.id));
    const refused = await v1(t.app, key.secret, 'GET', '/api/v1/events');
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error.code).toBe('PRO_REQUIRED');
    await grantPro(t.database.db, organization.id);
    expect((await v1(t.app, key.secret, 'GET', '/api/v1/events')).statusCode).toBe(200);
  });

  it('answers 429 with Retry-After past the key’s own rate limit, without touching other keys', async () => {
    const { owner, key } = await proOrganisationWithKey(t.app, t.database.db, 'ratelimit');
    const slow = await createKey(t.app, owner, ['events:read'], { rate_limit_per_minute: 3 });
    for (let call = 0; call < 3; call += 1)
      expect((await v1(t.app, slow.secret, 'GET', '/api/v1/events')).statusCode).toBe(200);
    const limited = await v1(t.app, slow.secret, 'GET', '/api/v1/events');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await v1(t.app, key.secret, 'GET', '/api/v1/events')).statusCode).toBe(200);
  });

  it('records when a key was last used, and each write call in its trail', async () => {
    const { key } = await proOrganisationWithKey(t.app, t.database.db, 'lastused');
    await v1(t.app, key.secret, 'GET', '/api/v1/events');
    const [row] = await t.database.db.select().from(apiKey).where(eq(apiKey.id, key.id));
    expect(row?.lastUsedAt).toBeInstanceOf(Date);
    await v1(t.app, key.secret, 'POST', '/api/v1/events', { name: 'Trail' });
    await v1(t.app, key.secret, 'POST', '/api/v1/events', { name: 'x'.repeat(10_000) });
    const calls = await t.database.db.select().from(apiKeyAudit).where(eq(apiKeyAudit.apiKeyId, key.id));
    expect(
      calls.filter((entry) => entry.action === 'call').map(({ method, path, status }) => ({ method, path, status })),
    ).toEqual(
      expect.arrayContaining([
        { method: 'POST', path: '/api/v1/events', status: 201 },
        { method: 'POST', path: '/api/v1/events', status: 400 },
      ]),
    );
  });
});

describe('/api/v1 and the Origin check', () => {
  it('takes a POST with a key and no cookie from any Origin, and refuses one that carries a cookie', async () => {
    const { owner, key } = await proOrganisationWithKey(t.app, t.database.db, 'origins');
    const foreign = await v1(
      t.app,
      key.secret,
      'POST',
      '/api/v1/events',
      { name: 'From a server' },
      {
        origin: 'https://integrations.example',
      },
    );
    expect(foreign.statusCode).toBe(201);
    const withCookie = await v1(
      t.app,
      key.secret,
      'POST',
      '/api/v1/events',
      { name: 'From a page' },
      {
        origin: 'https://evil.example',
        cookie: owner.cookie,
      },
    );
    expect(withCookie.statusCode).toBe(403);
    const dashboard = await t.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { ...asBrowser(owner), origin: 'https://evil.example' },
      payload: { name: 'x' },
    });
    expect(dashboard.statusCode).toBe(403);
  });

  it('refuses control characters and oversized values with 400 in the envelope', async () => {
    const { key } = await proOrganisationWithKey(t.app, t.database.db, 'badinput');
    const control = await v1(t.app, key.secret, 'POST', '/api/v1/events', { name: 'Bad\u0000name' });
    expect(control.statusCode).toBe(400);
    expect(control.json().error.code).toBe('VALIDATION_ERROR');
    const query = await v1(t.app, key.secret, 'GET', '/api/v1/events?limit=101');
    expect(query.statusCode).toBe(400);
    expect(query.json().error.code).toBe('VALIDATION_ERROR');
    const cursor = await v1(t.app, key.secret, 'GET', '/api/v1/events?cursor=bm90LWEtY3Vyc29y');
    expect(cursor.statusCode).toBe(400);
    expect(cursor.json().error.code).toBe('BAD_REQUEST');
    expect((await v1(t.app, key.secret, 'GET', '/api/v1/events')).json().data).toEqual([]);
  });
});
