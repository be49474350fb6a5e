// Custom-domain squatting: an unverified claim does not block for ever. It lapses after 7 days, and an
// organisation that proves control of the domain wins over another's unverified claim (which is released
// and recorded). A verified domain stays its organisation's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { asBrowser, createOrganizationFor, signUpAndVerify, type SignedInUser } from '../../../test/auth-helpers.js';
import { startFakeDns, type FakeDns } from '../../../test/fake-dns.js';
import { customHostname, organizationSettings } from '../../db/schema/index.js';

const CNAME_TARGET = 'edge.marquee.com';
let dns: FakeDns;
let t: TestApp;
const users: Record<string, SignedInUser> = {};
const orgs: Record<string, string> = {};

beforeAll(async () => {
  dns = await startFakeDns();
  t = await createTestApp({ env: { PUBLIC_HOST: 'marquee.com', CNAME_TARGET, DNS_SERVERS: `127.0.0.1:${dns.port}` } });
  for (const name of ['squatter', 'owner', 'late', 'rival']) {
    users[name] = await signUpAndVerify(t.app);
    orgs[name] = (await createOrganizationFor(t.app, users[name]!, `claims-${name}`)).id;
  }
});
afterAll(async () => {
  await t.close();
  await dns.close();
});

const putDomain = (user: SignedInUser, customDomain: string | null) =>
  t.app.inject({ method: 'PUT', url: '/api/org/custom-domain', headers: asBrowser(user), payload: { customDomain } });
const verify = (user: SignedInUser) =>
  t.app.inject({ method: 'POST', url: '/api/org/verify-domain', headers: asBrowser(user) });
const info = async (user: SignedInUser) =>
  (await t.app.inject({ method: 'GET', url: '/api/org/info', headers: asBrowser(user) })).json().organization;
const rowOf = async (organizationId: string, hostname: string) => {
  const [row] = await t.database.db
    .select()
    .from(customHostname)
    .where(and(eq(customHostname.organizationId, organizationId), eq(customHostname.hostname, hostname)));
  return row;
};
/** Puts the CNAME and the TXT record a 409 named into the fake DNS, as the domain's real owner would. */
const proveControl = (hostname: string, refusal: string) => {
  const value = /with the value (marquee-verify=[\w-]+)/.exec(refusal)?.[1];
  expect(value).toBeTruthy();
  dns.records.set(hostname, { CNAME: CNAME_TARGET });
  dns.records.set(`_marquee-verification.${hostname}`, { TXT: [value!] });
};
const ageClaim = (organizationId: string, days: number) =>
  t.database.db
    .update(organizationSettings)
    .set({ customDomainClaimedAt: sql`now() - make_interval(days => ${days})` })
    .where(eq(organizationSettings.organizationId, organizationId));

describe('PUT /api/org/custom-domain - unverified claims', () => {
  it('another organisation may claim a domain whose unverified claim is older than 7 days; the lapse is recorded', async () => {
    expect((await putDomain(users.squatter!, 'lapsed.example.com')).statusCode).toBe(200);
    expect((await putDomain(users.late!, 'lapsed.example.com')).statusCode).toBe(409);
    await ageClaim(orgs.squatter!, 8);
    const response = await putDomain(users.late!, 'lapsed.example.com');
    expect(response.statusCode).toBe(200);
    expect(response.json().custom_domain).toBe('lapsed.example.com');
    expect((await info(users.squatter!)).custom_domain).toBeNull();
    expect((await rowOf(orgs.squatter!, 'lapsed.example.com'))?.lastError).toBe(
      'Released: not verified within 7 days, and another organisation claimed the domain',
    );
  });

  it('an organisation that proves control wins over an unverified claim, which is released and recorded', async () => {
    expect((await putDomain(users.squatter!, 'tickets.real-band.com')).statusCode).toBe(200);
    // The real owner cannot save it while the claim is fresh...
    const blocked = await putDomain(users.owner!, 'tickets.real-band.com');
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().error.message).toContain('marquee-verify=');
    // ...but it is told its own TXT record; once that is in DNS, saving again takes the domain over.
    proveControl('tickets.real-band.com', blocked.json().error.message);
    const taken = await putDomain(users.owner!, 'tickets.real-band.com');
    expect(taken.statusCode).toBe(200);
    const verified = await verify(users.owner!);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().verified).toBe(true);
    expect(await info(users.owner!)).toMatchObject({
      custom_domain: 'tickets.real-band.com',
      custom_domain_verified: 1,
    });
    expect((await info(users.squatter!)).custom_domain).toBeNull();
    expect((await rowOf(orgs.squatter!, 'tickets.real-band.com'))?.lastError).toBe(
      'Released: another organisation proved control of the domain',
    );
  });

  it('a verified domain is never taken over: 409 even with the TXT record in place', async () => {
    const rivalToken = `marquee-verify=${'x'.repeat(24)}`;
    dns.records.set('_marquee-verification.tickets.real-band.com', { TXT: [rivalToken] });
    const response = await putDomain(users.rival!, 'tickets.real-band.com');
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('This domain is already used by another organisation');
    expect((await info(users.owner!)).custom_domain_verified).toBe(1);
  });
});
