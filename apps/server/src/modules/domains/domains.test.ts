import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createOrganizationFor, signUpAndVerify, type SignedInUser } from '../../../test/auth-helpers.js';
import { startFakeDns, type FakeDns } from '../../../test/fake-dns.js';
import { customHostname, organizationSettings } from '../../db/schema/index.js';

const CNAME_TARGET = 'edge.marquee.com';
let dns: FakeDns;
let t: TestApp;
let owner: SignedInUser;
let other: SignedInUser;
let orgId: string;

beforeAll(async () => {
  dns = await startFakeDns();
  t = await createTestApp({
    env: { PUBLIC_HOST: 'marquee.com', CNAME_TARGET, DNS_SERVERS: `127.0.0.1:${dns.port}` },
  });
  owner = await signUpAndVerify(t.app);
  other = await signUpAndVerify(t.app);
  orgId = (await createOrganizationFor(t.app, owner, 'band', 'The Band')).id;
  await createOrganizationFor(t.app, other, 'other-band', 'Other Band');
});
afterAll(async () => {
  await t.close();
  await dns.close();
});
beforeEach(() => {
  dns.failWith = null;
});

const as = (user: SignedInUser) => ({ cookie: user.cookie, origin: 'http://localhost:3000' });
const putDomain = (customDomain: string | null, user = owner) =>
  t.app.inject({ method: 'PUT', url: '/api/org/custom-domain', headers: as(user), payload: { customDomain } });
const verify = (user = owner) => t.app.inject({ method: 'POST', url: '/api/org/verify-domain', headers: as(user) });
const status = (user = owner) => t.app.inject({ method: 'GET', url: '/api/org/domain-status', headers: as(user) });
const info = async (user = owner) =>
  (await t.app.inject({ method: 'GET', url: '/api/org/info', headers: as(user) })).json().organization;
const storefront = (host: string) => t.app.inject({ method: 'GET', url: '/', headers: { host } });
/** Lets the next verification through without waiting a minute. */
const rewindVerifyClock = (organizationId = orgId) =>
  t.database.db
    .update(customHostname)
    .set({ lastVerifyAt: sql`now() - interval '61 seconds'` })
    .where(eq(customHostname.organizationId, organizationId));
const tokenOf = async (hostname: string) => {
  const [row] = await t.database.db.select().from(customHostname).where(eq(customHostname.hostname, hostname));
  return row?.verificationToken ?? '';
};

describe('PUT /api/org/custom-domain', () => {
  it('401 when not signed in', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/org/custom-domain',
      payload: { customDomain: 'band.com' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('400 with the spec message for a domain without a real TLD, a scheme, a path or a port', async () => {
    for (const bad of ['band', 'band.xyz', 'https://band.com', 'band.com/tickets', 'band.com:8443', '-band.com']) {
      const response = await putDomain(bad);
      expect(response.statusCode, bad).toBe(400);
      // The example is a real-looking domain, never the platform's own host.
      expect(response.json().error.message).toBe(
        'Please enter a valid domain with a real TLD (e.g., tickets.example.com)',
      );
    }
  });

  it("400 for the platform's own host and its subdomains", async () => {
    for (const own of ['marquee.com', 'shop.marquee.com', 'band.marquee.com']) {
      expect((await putDomain(own)).statusCode, own).toBe(400);
    }
  });

  it('saves the normalised domain with verified and wizard-completed reset', async () => {
    const response = await putDomain('  Tickets.Band.COM. ');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      custom_domain: 'tickets.band.com',
      custom_domain_verified: 0,
      custom_domain_wizard_completed: 0,
    });
    expect(await info()).toMatchObject({ custom_domain: 'tickets.band.com', custom_domain_verified: 0 });
  });

  it('409 when another organisation has claimed the domain, naming the TXT record that would prove control', async () => {
    const response = await putDomain('TICKETS.band.com', other);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({
      code: 'CONFLICT',
      message: expect.stringMatching(
        /^This domain is claimed by another organisation that has not verified it yet\. If it is yours, add a TXT record named _marquee-verification on it \(like the CNAME\) with the value marquee-verify=[\w-]{24}, then save the domain again\.$/,
      ),
    });
  });
});

describe('custom-domain verification over DNS', () => {
  it('GET /api/org/domain-status - pending_verification before any records, with the CNAME target', async () => {
    const response = await status();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      verified: false,
      status: 'pending_verification',
      error: null,
      details: { cname_target: CNAME_TARGET },
    });
  });

  it('POST /api/org/verify-domain - pending_verification while the CNAME is missing, and the storefront is not served', async () => {
    const response = await verify();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      verified: false,
      status: 'pending_verification',
      details: { missing_record: 'cname', found: [] },
    });
    expect((await storefront('tickets.band.com')).statusCode).toBe(404);
  });

  it('POST /api/org/verify-domain - 429 within 60 s with the spec message', async () => {
    const response = await verify();
    expect(response.statusCode).toBe(429);
    expect(response.json().error.message).toMatch(/^Please wait (59|60) seconds before verifying again$/);
    await t.database.db
      .update(customHostname)
      .set({ lastVerifyAt: sql`now() - interval '45 seconds'` })
      .where(eq(customHostname.organizationId, orgId));
    expect((await verify()).json().error.message).toMatch(/^Please wait 1[45] seconds before verifying again$/);
  });

  it('POST /api/org/verify-domain - a CNAME elsewhere is still pending_verification', async () => {
    dns.records.set('tickets.band.com', { CNAME: 'somewhere-else.net' });
    await rewindVerifyClock();
    expect((await verify()).json()).toMatchObject({
      verified: false,
      status: 'pending_verification',
      details: { missing_record: 'cname', found: ['somewhere-else.net'] },
    });
  });

  it('POST /api/org/verify-domain - pending_ssl with the TXT record to add once the CNAME is right', async () => {
    dns.records.set('tickets.band.com', { CNAME: `${CNAME_TARGET}.` });
    await rewindVerifyClock();
    const response = await verify();
    const token = await tokenOf('tickets.band.com');
    expect(token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(response.json()).toEqual({
      verified: true,
      status: 'pending_ssl',
      error: null,
      details: {
        txt_name: '_marquee-verification.tickets.band.com',
        txt_value: `marquee-verify=${token}`,
        cname_target: CNAME_TARGET,
        missing_record: 'txt',
        found: [],
      },
    });
    expect((await info()).custom_domain_verified).toBe(0);
    // A TXT record with another value is reported as found, with what it holds.
    dns.records.set('_marquee-verification.tickets.band.com', { TXT: ['marquee-verify=old-token'] });
    expect((await status()).json().details).toMatchObject({
      missing_record: 'txt',
      found: ['marquee-verify=old-token'],
    });
    expect((await storefront('tickets.band.com')).statusCode).toBe(404);
  });

  it('error with a short message when DNS fails (not NXDOMAIN/NODATA)', async () => {
    dns.failWith = 2; // SERVFAIL
    await rewindVerifyClock();
    const response = await verify();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      verified: false,
      status: 'error',
      error: expect.stringMatching(/^DNS lookup failed/),
    });
  });

  it('active once both records are in place; the custom domain then serves the storefront', async () => {
    const token = await tokenOf('tickets.band.com');
    dns.records.set('_marquee-verification.tickets.band.com', { TXT: ['some-other=1', `marquee-verify=${token}`] });
    await rewindVerifyClock();
    const response = await verify();
    expect(response.json()).toMatchObject({ verified: true, status: 'active', error: null });
    expect(await info()).toMatchObject({ custom_domain_verified: 1, active_domain: 'tickets.band.com' });
    const page = await storefront('tickets.band.com');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('The Band');
    // GET re-checks without the throttle.
    expect((await status()).json()).toMatchObject({ verified: true, status: 'active' });
    expect((await status()).statusCode).toBe(200);
  });

  it('GET /internal/tls/ask - 200 for verified custom domains, known subdomains and our hosts; 404 otherwise', async () => {
    const ask = async (domain: string) =>
      (await t.app.inject({ method: 'GET', url: `/internal/tls/ask?domain=${encodeURIComponent(domain)}` })).statusCode;
    expect(await ask('tickets.band.com')).toBe(200);
    expect(await ask('TICKETS.BAND.COM.')).toBe(200);
    expect(await ask('band.marquee.com')).toBe(200);
    expect(await ask('other-band.marquee.com')).toBe(200);
    expect(await ask('marquee.com')).toBe(200);
    expect(await ask('nobody.marquee.com')).toBe(404);
    expect(await ask('a.b.marquee.com')).toBe(404);
    expect(await ask('unknown.com')).toBe(404);
    expect(await ask('')).toBe(404);
    const response = await t.app.inject({ method: 'GET', url: '/internal/tls/ask?domain=unknown.com' });
    expect(response.body).toBe('');
  });
});

describe('changing and removing the domain', () => {
  it('a different domain resets verified and wizard-completed and issues a new token', async () => {
    await t.app.inject({
      method: 'PUT',
      url: '/api/org/wizard-completion',
      headers: as(owner),
      payload: { completed: true },
    });
    const oldToken = await tokenOf('tickets.band.com');
    const unchanged = await putDomain('tickets.band.com');
    expect(unchanged.json()).toEqual({
      custom_domain: 'tickets.band.com',
      custom_domain_verified: 1,
      custom_domain_wizard_completed: 1,
    });

    const changed = await putDomain('shop.band.co.uk');
    expect(changed.json()).toEqual({
      custom_domain: 'shop.band.co.uk',
      custom_domain_verified: 0,
      custom_domain_wizard_completed: 0,
    });
    expect(await info()).toMatchObject({
      custom_domain: 'shop.band.co.uk',
      custom_domain_verified: 0,
      custom_domain_wizard_completed: 0,
    });
    expect(await tokenOf('shop.band.co.uk')).not.toBe(oldToken);
    expect((await storefront('tickets.band.com')).statusCode).toBe(404);
    expect((await storefront('shop.band.co.uk')).statusCode).toBe(404);
    const ask = await t.app.inject({ method: 'GET', url: '/internal/tls/ask?domain=tickets.band.com' });
    expect(ask.statusCode).toBe(404);
  });

  it('the verify throttle carries over to the new domain', async () => {
    await t.database.db
      .update(customHostname)
      .set({ lastVerifyAt: new Date() })
      .where(eq(customHostname.hostname, 'shop.band.co.uk'));
    await putDomain('shop2.band.co.uk');
    expect((await verify()).statusCode).toBe(429);
  });

  it('DELETE /api/org/remove-hostname - removes the previous hostname of the caller', async () => {
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/org/remove-hostname',
      headers: as(owner),
      payload: { hostname: 'tickets.band.com' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ removed: true, hostname: 'tickets.band.com' });
  });

  it('DELETE /api/org/remove-hostname - 404 for a hostname the organisation never had', async () => {
    for (const hostname of ['never.band.com', 'other.example.com']) {
      const response = await t.app.inject({
        method: 'DELETE',
        url: '/api/org/remove-hostname',
        headers: as(owner),
        payload: { hostname },
      });
      expect(response.statusCode).toBe(404);
    }
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: '/api/org/remove-hostname',
      headers: as(other),
      payload: { hostname: 'tickets.band.com' },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it("PUT /api/org/custom-domain - '' removes the domain and the status becomes none", async () => {
    const response = await putDomain('');
    expect(response.json()).toEqual({
      custom_domain: null,
      custom_domain_verified: 0,
      custom_domain_wizard_completed: 0,
    });
    expect((await status()).json()).toEqual({
      verified: false,
      status: 'none',
      error: null,
      details: { txt_name: null, txt_value: null, cname_target: CNAME_TARGET, missing_record: null, found: [] },
    });
    expect((await verify()).statusCode).toBe(400);
    // Free again for another organisation.
    expect((await putDomain('tickets.band.com', other)).statusCode).toBe(200);
    expect((await putDomain(null, other)).json().custom_domain).toBeNull();
  });
});

describe('PUT /api/org/wizard-completion', () => {
  it('sets and clears the flag', async () => {
    const set = (completed: boolean) =>
      t.app.inject({ method: 'PUT', url: '/api/org/wizard-completion', headers: as(owner), payload: { completed } });
    expect((await set(true)).json()).toEqual({ custom_domain_wizard_completed: 1 });
    expect((await info()).custom_domain_wizard_completed).toBe(1);
    expect((await set(false)).json()).toEqual({ custom_domain_wizard_completed: 0 });
    const [row] = await t.database.db
      .select({ completed: organizationSettings.customDomainWizardCompleted })
      .from(organizationSettings)
      .where(eq(organizationSettings.organizationId, orgId));
    expect(row?.completed).toBe(false);
  });

  it('400 without a boolean', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/org/wizard-completion',
      headers: as(owner),
      payload: { completed: 'yes' },
    });
    expect(response.statusCode).toBe(400);
  });
});
