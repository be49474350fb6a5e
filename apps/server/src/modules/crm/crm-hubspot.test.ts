// Customer Sync to HubSpot through HTTP, against a fake HubSpot at its HTTP boundary (decision 155).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventDto } from '@marquee/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createLiveEvent, sellingOrganiser } from '../../../test/checkout-helpers.js';
import { grantPro } from '../../../test/plan-helpers.js';
import { asBrowser, type SignedInUser } from '../../../test/auth-helpers.js';
import { FAKE_HUBSPOT_TOKEN, startFakeHubSpot, type FakeHubSpot } from '../../../test/fake-hubspot.js';
import { crmCall, fanBuys, organizationIdOf, runSyncJobs, syncNow } from '../../../test/crm-helpers.js';

let t: TestApp;
let hubspot: FakeHubSpot;
let owner: SignedInUser;
let orgId: string;
let gig: EventDto;
const host = 'hssync.localhost:3000';

const contact = (email: string) => [...hubspot.contacts.values()].find((entry) => entry.properties.email === email);
const upserts = () => hubspot.requests.filter((r) => r.path.endsWith('/batch/upsert')).length;

beforeAll(async () => {
  hubspot = await startFakeHubSpot();
  t = await createTestApp({
    env: {
      RATE_LIMIT_MULTIPLIER: '100',
      HUBSPOT_API_URL: hubspot.url,
      HUBSPOT_OAUTH_URL: hubspot.url,
      HUBSPOT_CLIENT_ID: hubspot.clientId,
      HUBSPOT_CLIENT_SECRET: hubspot.clientSecret,
    },
    jobRetry: { retryLimit: 5, retryDelaySeconds: 1 },
  });
  owner = await sellingOrganiser(t.app, 'hssync');
  orgId = await organizationIdOf(t.database.db, 'hssync');
  gig = await createLiveEvent(t.app, owner, { name: 'Warehouse Night', price: '20.00' });
});

afterAll(async () => {
  await t?.close();
  await hubspot?.close();
});

describe('Customer Sync: HubSpot', () => {
  it('is refused without PRO', async () => {
    const refused = await crmCall(t.app, owner, 'POST', '/hubspot/key', { key: FAKE_HUBSPOT_TOKEN });
    expect(refused.statusCode).toBe(402);
  });

  it('creates the purchase properties once and sends a consenting buyer as a contact with them', async () => {
    await grantPro(t.database.db, orgId);
    const connected = await crmCall(t.app, owner, 'POST', '/hubspot/key', { key: FAKE_HUBSPOT_TOKEN });
    expect(connected.statusCode, connected.body).toBe(200);
    await fanBuys(t.app, host, gig, { email: 'hub@example.com', first_name: 'Hana', consent: true, quantity: 2 });
    await fanBuys(t.app, host, gig, { email: 'quiet@example.com', consent: false });
    await syncNow(t.app, owner, 'hubspot');
    expect(hubspot.properties).toEqual(
      new Set([
        'marquee_orders',
        'marquee_tickets',
        'marquee_total_spend',
        'marquee_spend_currency',
        'marquee_last_purchase',
        'marquee_events',
        'marquee_marketing_consent',
      ]),
    );
    expect(contact('hub@example.com')!.properties).toMatchObject({
      firstname: 'Hana',
      lastname: 'Fan',
      marquee_orders: '1',
      marquee_tickets: '2',
      marquee_total_spend: '40.00',
      marquee_spend_currency: 'GBP',
      marquee_events: 'Warehouse Night',
      marquee_marketing_consent: 'true',
    });
    expect(contact('quiet@example.com')).toBeUndefined();
    const view = (await crmCall(t.app, owner, 'GET', '')).json();
    expect(view.connections[0]).toMatchObject({ provider: 'hubspot', account_label: 'HubSpot portal 4242' });
  });

  it('updates the same contact after a second purchase and sends nothing for unchanged data', async () => {
    const before = upserts();
    await syncNow(t.app, owner, 'hubspot');
    expect(upserts()).toBe(before);
    await fanBuys(t.app, host, gig, { email: 'hub@example.com', first_name: 'Hana', consent: true });
    await syncNow(t.app, owner, 'hubspot');
    expect(upserts()).toBe(before + 1);
    expect(hubspot.contacts.size).toBe(1);
    expect(contact('hub@example.com')!.properties).toMatchObject({ marquee_orders: '2', marquee_tickets: '3' });
  });

  it('retries a 500 and delivers once', async () => {
    hubspot.faults.push({ status: 500, pathIncludes: '/batch/upsert' });
    await fanBuys(t.app, host, gig, { email: 'later@example.com', consent: true });
    await syncNow(t.app, owner, 'hubspot');
    expect(contact('later@example.com')).toBeUndefined();
    for (let waited = 0; !contact('later@example.com') && waited < 15_000; waited += 500) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await runSyncJobs(t.app);
    }
    expect(contact('later@example.com')).toBeDefined();
    const sent = upserts();
    await syncNow(t.app, owner, 'hubspot');
    expect(upserts()).toBe(sent);
  });

  it('propagates an erasure with HubSpot GDPR delete', async () => {
    const id = contact('hub@example.com')!.id;
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/customers?search=hub%40example.com',
      headers: { cookie: owner.cookie },
    });
    const customerId = list.json().customers[0].id as string;
    const erased = await t.app.inject({
      method: 'DELETE',
      url: `/api/customers/${customerId}`,
      headers: asBrowser(owner),
      payload: { confirm: 'DELETE' },
    });
    expect(erased.statusCode).toBe(200);
    await syncNow(t.app, owner, 'hubspot');
    expect(hubspot.gdprDeleted).toEqual([id]);
    expect(contact('hub@example.com')).toBeUndefined();
  });

  it('connects through OAuth and refreshes an expired access token', async () => {
    hubspot.settings.tokenLifetime = 30; // inside the refresh margin: the next call refreshes it
    const started = await crmCall(t.app, owner, 'POST', '/hubspot/oauth');
    const approved = await fetch(started.json().url, { redirect: 'manual' });
    const back = new URL(approved.headers.get('location')!);
    const done = await t.app.inject({
      method: 'GET',
      url: back.pathname + back.search,
      headers: { cookie: owner.cookie },
    });
    expect(done.headers.location).toBe('/dashboard/profile?tab=integrations&crm=connected&provider=hubspot');
    await syncNow(t.app, owner, 'hubspot');
    const refreshes = hubspot.requests.filter(
      (r) => r.path === '/oauth/v1/token' && (r.body as Record<string, string>).grant_type === 'refresh_token',
    );
    expect(refreshes.length).toBeGreaterThan(0);
    expect(contact('later@example.com')).toBeDefined();
    expect(hubspot.requests.at(-1)!.authorization).not.toBe(`Bearer ${FAKE_HUBSPOT_TOKEN}`);
  });
});
