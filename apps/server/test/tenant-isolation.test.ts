// A member of organisation A tries every organisation route against B's data. Each route acts only on the
// caller's own organisation: afterwards B's rows are unchanged and nothing of B shows in A's answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from './test-app.js';
import { createOrganizationFor, signUpAndVerify, type SignedInUser } from './auth-helpers.js';
import { startFakeDns, type FakeDns } from './fake-dns.js';
import { customHostname, member, organization, organizationSettings } from '../src/db/schema/index.js';

let dns: FakeDns;
let t: TestApp;
let alice: SignedInUser;
let bob: SignedInUser;
let orgA: string;
let orgB: string;

const B_DOMAIN = 'tickets.bravo.com';
const B_PREVIOUS = 'old.bravo.com';

async function snapshotB() {
  const { db } = t.database;
  return {
    organization: await db.select().from(organization).where(eq(organization.id, orgB)),
    settings: await db.select().from(organizationSettings).where(eq(organizationSettings.organizationId, orgB)),
    hostnames: await db
      .select()
      .from(customHostname)
      .where(eq(customHostname.organizationId, orgB))
      .orderBy(customHostname.hostname),
    members: await db.select().from(member).where(eq(member.organizationId, orgB)),
  };
}

beforeAll(async () => {
  dns = await startFakeDns({ records: { [B_DOMAIN]: { CNAME: 'edge.marquee.com' } } });
  t = await createTestApp({
    env: { PUBLIC_HOST: 'marquee.com', CNAME_TARGET: 'edge.marquee.com', DNS_SERVERS: `127.0.0.1:${dns.port}` },
  });
  alice = await signUpAndVerify(t.app);
  bob = await signUpAndVerify(t.app);
  orgA = (await createOrganizationFor(t.app, alice, 'alpha', 'Alpha Events')).id;
  orgB = (await createOrganizationFor(t.app, bob, 'bravo', 'Bravo Nights')).id;
  // B has settings, a previous domain, a current domain it has verified once, and the wizard done.
  const asBob = { cookie: bob.cookie, origin: 'http://localhost:3000' };
  await t.app.inject({
    method: 'PUT',
    url: '/api/org/settings',
    headers: asBob,
    payload: {
      company_name: 'Bravo Nights',
      description: 'Bravo secret description',
      primary_color: '#123456',
      instagram_url: 'https://instagram.com/bravo',
    },
  });
  await t.app.inject({
    method: 'PUT',
    url: '/api/org/custom-domain',
    headers: asBob,
    payload: { customDomain: B_PREVIOUS },
  });
  await t.app.inject({
    method: 'PUT',
    url: '/api/org/custom-domain',
    headers: asBob,
    payload: { customDomain: B_DOMAIN },
  });
  await t.app.inject({ method: 'POST', url: '/api/org/verify-domain', headers: asBob });
  await t.app.inject({
    method: 'PUT',
    url: '/api/org/wizard-completion',
    headers: asBob,
    payload: { completed: true },
  });
});
afterAll(async () => {
  await t.close();
  await dns.close();
});

describe('tenant isolation: organisation A against B', () => {
  it("no organisation route lets A reach B's data", async () => {
    const before = await snapshotB();
    expect(before.settings[0]?.customDomain).toBe(B_DOMAIN);
    expect(before.hostnames.map((row) => row.hostname)).toEqual([B_PREVIOUS, B_DOMAIN]);
    const asAlice = { cookie: alice.cookie, origin: 'http://localhost:3000' };
    const responses: string[] = [];
    const call = async (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown) => {
      const response = await t.app.inject({
        method,
        url,
        headers: asAlice,
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      responses.push(response.body);
      return response;
    };

    // B's domain, current or previous, cannot be taken; B's hostnames cannot be removed.
    expect((await call('PUT', '/api/org/custom-domain', { customDomain: B_DOMAIN })).statusCode).toBe(409);
    expect((await call('PUT', '/api/org/custom-domain', { customDomain: B_DOMAIN.toUpperCase() })).statusCode).toBe(
      409,
    );
    expect((await call('DELETE', '/api/org/remove-hostname', { hostname: B_DOMAIN })).statusCode).toBe(404);
    expect((await call('DELETE', '/api/org/remove-hostname', { hostname: B_PREVIOUS })).statusCode).toBe(404);

    // Reads and writes without an organisation in the request only ever touch A.
    const info = await call('GET', '/api/org/info');
    expect(info.json().organization).toMatchObject({ id: orgA, subdomain: 'alpha', custom_domain: null });
    const settings = await call('GET', '/api/org/settings');
    expect(settings.json().company_name).toBe('Alpha Events');
    expect(
      (await call('PUT', '/api/org/settings', { company_name: 'Alpha Renamed', description: 'mine' })).statusCode,
    ).toBe(200);
    expect((await call('GET', '/api/org/domain-status')).json()).toMatchObject({ status: 'none', verified: false });
    expect((await call('POST', '/api/org/verify-domain')).statusCode).toBe(400);
    expect((await call('PUT', '/api/org/wizard-completion', { completed: false })).json()).toEqual({
      custom_domain_wizard_completed: 0,
    });
    expect((await call('PUT', '/api/org/wizard-completion', { completed: true })).statusCode).toBe(200);

    // Naming B explicitly is refused.
    expect((await call('POST', '/api/dns/provision', { subdomain: 'bravo' })).statusCode).toBe(403);
    expect((await call('POST', '/api/dns/provision', { subdomain: 'alpha', organization_id: orgB })).statusCode).toBe(
      403,
    );

    // A gets its own custom domain and verifies it; B's stays as it was.
    expect((await call('PUT', '/api/org/custom-domain', { customDomain: 'tickets.alpha.com' })).statusCode).toBe(200);
    expect((await call('POST', '/api/org/verify-domain')).json()).toMatchObject({ status: 'pending_verification' });
    expect((await call('DELETE', '/api/org/remove-hostname', { hostname: 'tickets.alpha.com' })).statusCode).toBe(200);

    const after = await snapshotB();
    expect(after).toEqual(before);
    const leaked = responses.join('\n');
    for (const secret of [
      orgB,
      'Bravo Nights',
      'Bravo secret description',
      '#123456',
      'instagram.com/bravo',
      B_DOMAIN,
      B_PREVIOUS,
    ]) {
      expect(leaked).not.toContain(secret);
    }
    for (const row of before.hostnames) expect(leaked).not.toContain(row.verificationToken);
  });

  it("B's storefront and domain state are intact", async () => {
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/org/domain-status',
      headers: { cookie: bob.cookie, origin: 'http://localhost:3000' },
    });
    expect(status.json()).toMatchObject({ status: 'pending_ssl', verified: true });
    const page = await t.app.inject({ method: 'GET', url: '/', headers: { host: 'bravo.marquee.com' } });
    expect(page.body).toContain('Bravo Nights');
    expect(page.body).not.toContain('Alpha');
  });
});
