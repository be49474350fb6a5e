// Customer Sync to Mailchimp through HTTP, against a fake Mailchimp at its HTTP boundary (decision 155).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventDto } from '@marquee/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createLiveEvent, sellingOrganiser } from '../../../test/checkout-helpers.js';
import { grantPro } from '../../../test/plan-helpers.js';
import { asBrowser, type SignedInUser } from '../../../test/auth-helpers.js';
import { FAKE_MAILCHIMP_KEY, startFakeMailchimp, type FakeMailchimp } from '../../../test/fake-mailchimp.js';
import { crmCall, fanBuys, organizationIdOf, runSyncJobs, syncNow } from '../../../test/crm-helpers.js';
import { subscriberHash } from '../../adapters/crm/crm.js';
import { crmConnection } from '../../db/schema/index.js';

let t: TestApp;
let mailchimp: FakeMailchimp;
let owner: SignedInUser;
let orgId: string;
let gig: EventDto;
let second: EventDto;
const host = 'mcsync.localhost:3000';

const member = (email: string) => mailchimp.members.get('aud1')?.get(subscriberHash(email));
const memberWrites = (email: string) =>
  mailchimp.requests.filter((r) => r.method === 'PUT' && r.path.endsWith(subscriberHash(email))).length;

beforeAll(async () => {
  mailchimp = await startFakeMailchimp();
  t = await createTestApp({
    env: {
      RATE_LIMIT_MULTIPLIER: '100',
      MAILCHIMP_API_URL: mailchimp.url,
      MAILCHIMP_OAUTH_URL: mailchimp.url,
      MAILCHIMP_CLIENT_ID: mailchimp.clientId,
      MAILCHIMP_CLIENT_SECRET: mailchimp.clientSecret,
    },
    jobRetry: { retryLimit: 5, retryDelaySeconds: 1 },
  });
  owner = await sellingOrganiser(t.app, 'mcsync');
  orgId = await organizationIdOf(t.database.db, 'mcsync');
  gig = await createLiveEvent(t.app, owner, { name: 'Warehouse Night' });
  second = await createLiveEvent(t.app, owner, { name: 'Rooftop Sessions' });
});

afterAll(async () => {
  await t?.close();
  await mailchimp?.close();
});

describe('Customer Sync: Mailchimp', () => {
  it('is refused without PRO, and a connection made before PRO ended sends nothing', async () => {
    const refused = await crmCall(t.app, owner, 'POST', '/mailchimp/key', { key: FAKE_MAILCHIMP_KEY });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error.code).toBe('PRO_REQUIRED');
    expect((await crmCall(t.app, owner, 'GET', '')).statusCode).toBe(402);
  });

  it('checks the key with Mailchimp: a wrong one is refused clearly and nothing is kept', async () => {
    await grantPro(t.database.db, orgId);
    const malformed = await crmCall(t.app, owner, 'POST', '/mailchimp/key', { key: 'not-a-key' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toContain('data centre');
    const wrong = await crmCall(t.app, owner, 'POST', '/mailchimp/key', {
      key: 'ffffffffffffffffffffffffffffffff-us21',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.message).toContain('refused');
    expect((await crmCall(t.app, owner, 'GET', '')).json().connections).toEqual([]);
  });

  it('connects with an API key, lists the audiences and takes the chosen one', async () => {
    const connected = await crmCall(t.app, owner, 'POST', '/mailchimp/key', { key: FAKE_MAILCHIMP_KEY });
    expect(connected.statusCode, connected.body).toBe(200);
    const audiences = await crmCall(t.app, owner, 'GET', '/mailchimp/audiences');
    expect(audiences.json().audiences).toEqual(mailchimp.lists);
    expect((await crmCall(t.app, owner, 'PUT', '/mailchimp/audience', { audience_id: 'nope' })).statusCode).toBe(400);
    const chosen = await crmCall(t.app, owner, 'PUT', '/mailchimp/audience', { audience_id: 'aud1' });
    expect(chosen.json()).toEqual({ id: 'aud1', name: 'Festival fans' });
    const view = (await crmCall(t.app, owner, 'GET', '')).json();
    expect(view.connections[0]).toMatchObject({
      provider: 'mailchimp',
      auth_kind: 'key',
      account_label: 'Fake Festival Co',
      audience_name: 'Festival fans',
      status: 'connected',
    });
    // The key is kept sealed, never as given.
    const [row] = await t.database.db.select().from(crmConnection);
    expect(row!.credentials).not.toContain(FAKE_MAILCHIMP_KEY.slice(0, 12));
    expect(JSON.stringify(view)).not.toContain(FAKE_MAILCHIMP_KEY.slice(0, 12));
  });

  it('sends a consenting buyer with a tag for the event, and nobody who did not consent', async () => {
    await fanBuys(t.app, host, gig, { email: 'yes@example.com', first_name: 'Yana', consent: true });
    await fanBuys(t.app, host, gig, { email: 'no@example.com', consent: false });
    await syncNow(t.app, owner, 'mailchimp');
    expect(member('yes@example.com')).toEqual({
      email_address: 'yes@example.com',
      status: 'subscribed',
      merge_fields: { FNAME: 'Yana', LNAME: 'Fan' },
      tags: ['Warehouse Night'],
    });
    expect(member('no@example.com')).toBeUndefined();
    expect(mailchimp.requests.some((r) => JSON.stringify(r.body ?? '').includes('no@example.com'))).toBe(false);
    const view = (await crmCall(t.app, owner, 'GET', '')).json();
    expect(view.connections[0].synced_customers).toBe(1);
    expect(view.log.map((entry: { action: string }) => entry.action)).toEqual(
      expect.arrayContaining(['upsert', 'tag', 'sync', 'connect']),
    );
    expect(JSON.stringify(view.log)).not.toContain('@example.com');
  });

  it('sends nothing again for the same data, and only the change after a second purchase', async () => {
    const before = memberWrites('yes@example.com');
    await syncNow(t.app, owner, 'mailchimp');
    expect(memberWrites('yes@example.com')).toBe(before);
    await fanBuys(t.app, host, second, { email: 'yes@example.com', first_name: 'Yana', consent: true });
    await syncNow(t.app, owner, 'mailchimp');
    expect(memberWrites('yes@example.com')).toBe(before + 1);
    expect(member('yes@example.com')!.tags).toEqual(['Warehouse Night', 'Rooftop Sessions']);
    const tagCalls = mailchimp.requests.filter((r) => r.path.endsWith('/tags'));
    expect(tagCalls.at(-1)!.body).toEqual({ tags: [{ name: 'Rooftop Sessions', status: 'active' }] });
  });

  it('retries a 429 (after its Retry-After) and a 503, delivering the member once', async () => {
    mailchimp.faults.push({ status: 429, retryAfter: 1, pathIncludes: '/members/' });
    await fanBuys(t.app, host, gig, { email: 'busy@example.com', consent: true });
    await syncNow(t.app, owner, 'mailchimp');
    expect(member('busy@example.com')).toBeUndefined();
    const failing = (await crmCall(t.app, owner, 'GET', '')).json();
    expect(failing.connections[0].last_error).toContain('429');
    expect(failing.log[0]).toMatchObject({ action: 'sync', status: 'retry' });
    // pg-boss retries the job; the Retry-After holds it back until then.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    mailchimp.faults.push({ status: 503, pathIncludes: '/members/' });
    await runSyncJobs(t.app);
    expect(member('busy@example.com')).toBeUndefined();
    // The next attempt waits for pg-boss's back-off (doubling from 1 s here).
    for (let waited = 0; !member('busy@example.com') && waited < 15_000; waited += 500) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await runSyncJobs(t.app);
    }
    expect(member('busy@example.com')).toMatchObject({ status: 'subscribed', tags: ['Warehouse Night'] });
    const successfulPuts = mailchimp.requests.filter(
      (r) => r.method === 'PUT' && r.path.endsWith(subscriberHash('busy@example.com')),
    );
    // Two refused (429, 503) and one delivered: never sent twice once delivered.
    expect(successfulPuts).toHaveLength(3);
    await syncNow(t.app, owner, 'mailchimp');
    expect(memberWrites('busy@example.com')).toBe(3);
    expect((await crmCall(t.app, owner, 'GET', '')).json().connections[0].last_error).toBeNull();
  });

  it('unsubscribes a buyer who withdrew consent at a later purchase, once', async () => {
    await fanBuys(t.app, host, second, { email: 'busy@example.com', consent: false });
    await syncNow(t.app, owner, 'mailchimp');
    expect(member('busy@example.com')!.status).toBe('unsubscribed');
    const patches = () => mailchimp.requests.filter((r) => r.method === 'PATCH').length;
    const after = patches();
    await syncNow(t.app, owner, 'mailchimp');
    expect(patches()).toBe(after);
  });

  it('propagates an erasure: the member is deleted permanently', async () => {
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/customers?search=yes%40example.com',
      headers: { cookie: owner.cookie },
    });
    const id = list.json().customers[0].id as string;
    const erased = await t.app.inject({
      method: 'DELETE',
      url: `/api/customers/${id}`,
      headers: asBrowser(owner),
      payload: { confirm: 'DELETE' },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    await syncNow(t.app, owner, 'mailchimp');
    expect(member('yes@example.com')).toBeUndefined();
    expect(mailchimp.deleted.has(subscriberHash('yes@example.com'))).toBe(true);
    const log = (await crmCall(t.app, owner, 'GET', '')).json().log;
    expect(
      log.some(
        (entry: { action: string; customer_id: string }) => entry.action === 'erase' && entry.customer_id === id,
      ),
    ).toBe(true);
  });

  it('marks the connection as needing the organiser when Mailchimp refuses the key (401)', async () => {
    await fanBuys(t.app, host, gig, { email: 'late@example.com', consent: true });
    mailchimp.keys.delete(FAKE_MAILCHIMP_KEY);
    await syncNow(t.app, owner, 'mailchimp');
    const view = (await crmCall(t.app, owner, 'GET', '')).json();
    expect(view.connections[0]).toMatchObject({ status: 'error' });
    expect(view.connections[0].last_error).toContain('401');
    expect((await crmCall(t.app, owner, 'POST', '/mailchimp/sync')).statusCode).toBe(409);
    mailchimp.keys.add(FAKE_MAILCHIMP_KEY);
  });

  it('connects through OAuth; a state from another user or a forged one is refused', async () => {
    const started = await crmCall(t.app, owner, 'POST', '/mailchimp/oauth');
    const authorize = new URL(started.json().url);
    expect(authorize.origin + authorize.pathname).toBe(`${mailchimp.url}/oauth2/authorize`);
    const approved = await fetch(authorize, { redirect: 'manual' });
    const back = new URL(approved.headers.get('location')!);
    const forged = await t.app.inject({
      method: 'GET',
      url: `${back.pathname}?code=${back.searchParams.get('code')}&state=${back.searchParams.get('state')}x`,
      headers: { cookie: owner.cookie },
    });
    expect(forged.statusCode).toBe(403);
    const intruder = await sellingOrganiser(t.app, 'mcother');
    await grantPro(t.database.db, await organizationIdOf(t.database.db, 'mcother'));
    const stolen = await t.app.inject({
      method: 'GET',
      url: back.pathname + back.search,
      headers: { cookie: intruder.cookie },
    });
    expect(stolen.statusCode).toBe(403);
    const done = await t.app.inject({
      method: 'GET',
      url: back.pathname + back.search,
      headers: { cookie: owner.cookie },
    });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/dashboard/profile?tab=integrations&crm=connected&provider=mailchimp');
    const view = (await crmCall(t.app, owner, 'GET', '')).json();
    expect(view.oauth.mailchimp).toBe(true);
    expect(view.connections[0]).toMatchObject({ auth_kind: 'oauth', status: 'connected', audience_id: null });
    await crmCall(t.app, owner, 'PUT', '/mailchimp/audience', { audience_id: 'aud2' });
    await runSyncJobs(t.app);
    // The OAuth token (Bearer) reaches the new audience with every consenting customer.
    expect(mailchimp.members.get('aud2')?.get(subscriberHash('late@example.com'))?.status).toBe('subscribed');
    expect(mailchimp.requests.at(-1)!.authorization).toMatch(/^Bearer mc-token-/);
  });

  it('pauses without PRO: the job sends nothing and nothing is lost', async () => {
    await t.database.db.execute(
      `update organization_plan set current_period_end = now() - interval '1 day' where organization_id = '${orgId}'`,
    );
    await fanBuys(t.app, host, gig, { email: 'paused@example.com', consent: true });
    const sent = mailchimp.requests.length;
    expect((await crmCall(t.app, owner, 'POST', '/mailchimp/sync')).statusCode).toBe(402);
    expect(await t.app.crmSync.sweep()).toBe(0);
    const [connection] = await t.database.db.select().from(crmConnection);
    expect(await t.app.crmSync.run({ organizationId: orgId, connectionId: connection!.id })).toEqual({
      ran: false,
      reason: 'not_pro',
    });
    expect(mailchimp.requests.length).toBe(sent);
    await grantPro(t.database.db, orgId);
    expect(await t.app.crmSync.sweep()).toBe(1);
    await runSyncJobs(t.app);
    expect(mailchimp.members.get('aud2')?.get(subscriberHash('paused@example.com'))?.status).toBe('subscribed');
  });

  it('disconnects: the credentials are forgotten', async () => {
    expect((await crmCall(t.app, owner, 'DELETE', '/mailchimp')).statusCode).toBe(200);
    expect((await crmCall(t.app, owner, 'GET', '')).json().connections).toEqual([]);
  });
});
