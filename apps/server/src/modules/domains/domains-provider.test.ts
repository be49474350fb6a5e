// The domain routes against a recording provider (BuildAppOptions.domains): register once then check,
// removal of the previous hostname by its stored id, Cloudflare's duplicate text passed on, provider failures.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createOrganizationFor, signUpAndVerify, type SignedInUser } from '../../../test/auth-helpers.js';
import type { DomainCheck, DomainProvider } from '../../adapters/domains/domains.js';
import { customHostname } from '../../db/schema/index.js';

const calls: string[] = [];
const next: Array<DomainCheck | Error> = [];
let counter = 0;
function answer(domain: string): DomainCheck {
  const queued = next.shift();
  if (queued instanceof Error) throw queued;
  return (
    queued ?? { status: 'pending_ssl', txt_name: `_acme.${domain}`, txt_value: 'v', hostnameId: `ch_${++counter}` }
  );
}
const provider: DomainProvider = {
  kind: 'cloudflare',
  cnameTarget: 'edge.marquee.com',
  register: async (domain) => (calls.push(`register ${domain}`), answer(domain)),
  check: async (domain, state) => (calls.push(`check ${domain} ${state.hostnameId}`), answer(domain)),
  remove: async (domain, state) => void calls.push(`remove ${domain} ${state.hostnameId}`),
};

let t: TestApp;
let owner: SignedInUser;
beforeAll(async () => {
  t = await createTestApp({ domains: provider });
  owner = await signUpAndVerify(t.app);
  await createOrganizationFor(t.app, owner, 'provider-org');
});
afterAll(() => t.close());

const headers = () => ({ cookie: owner.cookie, origin: 'http://localhost:3000' });
const putDomain = (customDomain: string) =>
  t.app.inject({ method: 'PUT', url: '/api/org/custom-domain', headers: headers(), payload: { customDomain } });
const verify = () => t.app.inject({ method: 'POST', url: '/api/org/verify-domain', headers: headers() });
const allowVerify = () => t.database.db.update(customHostname).set({ lastVerifyAt: null });

describe('custom domains through the provider interface', () => {
  it('POST /api/org/verify-domain - registers the first time, then checks with the stored id', async () => {
    await putDomain('tickets.first.com');
    expect((await verify()).json()).toMatchObject({
      verified: true,
      status: 'pending_ssl',
      details: { txt_name: '_acme.tickets.first.com', txt_value: 'v' },
    });
    await allowVerify();
    next.push({ status: 'active', txt_name: null, txt_value: null, error: null });
    expect((await verify()).json()).toMatchObject({ verified: true, status: 'active' });
    expect(calls).toEqual(['register tickets.first.com', 'check tickets.first.com ch_1']);
  });

  it('PUT /api/org/custom-domain - a new domain removes the previous provider hostname by its id', async () => {
    calls.length = 0;
    await putDomain('tickets.second.com');
    expect(calls).toEqual(['remove tickets.first.com ch_1']);
    const [row] = await t.database.db
      .select()
      .from(customHostname)
      .where(eq(customHostname.hostname, 'tickets.first.com'));
    expect(row?.removedAt).toBeInstanceOf(Date);
    // The client's own removal call afterwards is still answered, without a second provider call.
    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/org/remove-hostname',
      headers: headers(),
      payload: { hostname: 'tickets.first.com' },
    });
    expect(removed.statusCode).toBe(200);
    expect(calls).toEqual(['remove tickets.first.com ch_1']);
  });

  it("passes Cloudflare's duplicate-hostname text on as the error", async () => {
    calls.length = 0;
    await allowVerify();
    next.push({
      status: 'pending_ssl',
      txt_name: '_acme.tickets.second.com',
      txt_value: 'w',
      hostnameId: 'ch_dup',
      error: 'Duplicate custom hostname found.',
    });
    const response = await verify();
    expect(response.json()).toMatchObject({
      status: 'pending_ssl',
      error: 'Duplicate custom hostname found.',
      details: { txt_value: 'w' },
    });
    expect(calls).toEqual(['register tickets.second.com']);
    await allowVerify();
    await verify();
    expect(calls).toEqual(['register tickets.second.com', 'check tickets.second.com ch_dup']);
  });

  it('POST /api/org/verify-domain - 502 with the spec message when the provider cannot be reached', async () => {
    await allowVerify();
    next.push(new Error('connect ECONNREFUSED'));
    const response = await verify();
    expect(response.statusCode).toBe(502);
    expect(response.json().error.message).toBe('Failed to verify domain');
  });

  it('GET /api/org/domain-status - reports the last known state with a message when the provider fails', async () => {
    next.push(new Error('timeout'));
    const response = await t.app.inject({ method: 'GET', url: '/api/org/domain-status', headers: headers() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'pending_ssl',
      error: expect.stringMatching(/domain provider/),
      details: { txt_value: 'v' },
    });
  });
});
