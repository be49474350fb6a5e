// Key management in Integrations (decision 150): the secret is shown once and stored only as its hash, lists show
// the prefix, revoking ends the key at once, every create and revoke is in the key's trail; owners and admins with
// PRO only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { asBrowser } from '../../../test/auth-helpers.js';
import { joinAs, ownerWithOrganization } from '../../../test/team-helpers.js';
import { grantPro } from '../../../test/plan-helpers.js';
import { createKey, proOrganisationWithKey, v1 } from '../../../test/api-key-helpers.js';
import { apiKey, apiKeyAudit } from '../../db/schema/index.js';
import { hashSecret } from './api-keys.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const list = (user: { cookie: string }) =>
  t.app.inject({ method: 'GET', url: '/api/integrations/api-keys', headers: asBrowser(user) });

describe('API keys in Integrations', () => {
  it('shows the secret once, lists the key by its prefix, and stores only the hash', async () => {
    const { owner, organization } = await ownerWithOrganization(t.app, 'keysonce');
    await grantPro(t.database.db, organization.id);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/integrations/api-keys',
      headers: asBrowser(owner),
      payload: { name: 'Zapier', scopes: ['orders:read', 'events:read'] },
    });
    expect(created.statusCode).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
    const { key, secret } = created.json();
    expect(secret).toMatch(/^mq_live_[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({ name: 'Zapier', scopes: ['events:read', 'orders:read'], last_used_at: null });
    expect(secret.startsWith(key.prefix)).toBe(true);
    expect(key.prefix.length).toBeLessThan(20);

    const listed = await list(owner);
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(secret);
    expect(listed.json().keys).toEqual([expect.objectContaining({ id: key.id, prefix: key.prefix })]);

    const [row] = await t.database.db.select().from(apiKey).where(eq(apiKey.id, key.id));
    expect(row?.secretHash).toBe(hashSecret(secret));
    expect(JSON.stringify(row)).not.toContain(secret.slice(8));
  });

  it('revokes a key: it stops working at once, and the trail has its creation and revocation', async () => {
    const { owner, key } = await proOrganisationWithKey(t.app, t.database.db, 'keysrevoke');
    expect((await v1(t.app, key.secret, 'GET', '/api/v1/events')).statusCode).toBe(200);
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/integrations/api-keys/${key.id}`,
      headers: asBrowser(owner),
    });
    expect(revoked.statusCode).toBe(204);
    const after = await v1(t.app, key.secret, 'GET', '/api/v1/events');
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('UNAUTHORIZED');
    expect((await list(owner)).json().keys[0].revoked_at).not.toBeNull();
    const trail = await t.database.db.select().from(apiKeyAudit).where(eq(apiKeyAudit.apiKeyId, key.id));
    expect(trail.map((entry) => entry.action).sort()).toEqual(['created', 'revoked']);
  });

  it("does not find another organisation's key", async () => {
    const first = await proOrganisationWithKey(t.app, t.database.db, 'keysmine');
    const other = await proOrganisationWithKey(t.app, t.database.db, 'keystheirs');
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/integrations/api-keys/${first.key.id}`,
      headers: asBrowser(other.owner),
    });
    expect(revoke.statusCode).toBe(404);
    expect((await v1(t.app, first.key.secret, 'GET', '/api/v1/events')).statusCode).toBe(200);
    expect((await list(other.owner)).json().keys.map((k: { id: string }) => k.id)).toEqual([other.key.id]);
  });

  it('needs PRO: without it listing, creating and revoking are 402', async () => {
    const { owner } = await ownerWithOrganization(t.app, 'keysnopro');
    const listed = await list(owner);
    expect(listed.statusCode).toBe(402);
    expect(listed.json().error.code).toBe('PRO_REQUIRED');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/integrations/api-keys',
      headers: asBrowser(owner),
      payload: { name: 'x', scopes: ['events:read'] },
    });
    expect(created.statusCode).toBe(402);
  });

  it('is for owners and admins: door staff are refused', async () => {
    const { owner, organization } = await ownerWithOrganization(t.app, 'keysroles');
    await grantPro(t.database.db, organization.id);
    const admin = await joinAs(t.app, owner, 'admin');
    const door = await joinAs(t.app, owner, 'door');
    await createKey(t.app, admin, ['events:read']);
    expect((await list(door)).statusCode).toBe(403);
    const byDoor = await t.app.inject({
      method: 'POST',
      url: '/api/integrations/api-keys',
      headers: asBrowser(door),
      payload: { name: 'door', scopes: ['checkins:write'] },
    });
    expect(byDoor.statusCode).toBe(403);
  });

  it('refuses bad input in the envelope: unknown scopes, no scopes, control characters, a long name', async () => {
    const { owner, organization } = await ownerWithOrganization(t.app, 'keysinput');
    await grantPro(t.database.db, organization.id);
    for (const payload of [
      { name: 'x', scopes: ['events:admin'] },
      { name: 'x', scopes: [] },
      { name: 'bad\u0007name', scopes: ['events:read'] },
      { name: 'n'.repeat(81), scopes: ['events:read'] },
      { name: 'x', scopes: ['events:read'], rate_limit_per_minute: 0 },
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/integrations/api-keys',
        headers: asBrowser(owner),
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_ERROR');
    }
    expect((await list(owner)).json().keys).toEqual([]);
  });

  it('POST /api/dev/pro (outside production, loopback, owner) gives PRO; from elsewhere it does not exist', async () => {
    const { owner } = await ownerWithOrganization(t.app, 'keysdevpro');
    const door = await joinAs(t.app, owner, 'door');
    const remote = await t.app.inject({
      method: 'POST',
      url: '/api/dev/pro',
      headers: asBrowser(owner),
      remoteAddress: '203.0.113.9',
    });
    expect(remote.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/dev/pro', headers: asBrowser(door) })).statusCode).toBe(
      403,
    );
    expect((await list(owner)).statusCode).toBe(402);
    expect((await t.app.inject({ method: 'POST', url: '/api/dev/pro', headers: asBrowser(owner) })).statusCode).toBe(
      200,
    );
    expect((await list(owner)).statusCode).toBe(200);
  });
});
