// Current IANA zone names (issue 30): an old spelling is accepted on input and stored as the new one, and a row
// stored under the old name before the rename is read, shown and edited under the new one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createLiveEvent, liveEventInput, sellingOrganiser } from '../../../test/checkout-helpers.js';
import type { SignedInUser } from '../../../test/auth-helpers.js';

let t: TestApp;
let owner: SignedInUser;
const HOST = 'zones-owner.localhost:3000';

beforeAll(async () => {
  t = await createTestApp();
  owner = await sellingOrganiser(t.app, 'zones-owner');
});
afterAll(() => t.close());

const headers = () => ({ cookie: owner.cookie, origin: 'http://localhost:3000' });
const stored = async (query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: Array<{ time_zone: string }> }).rows[0]!.time_zone;

describe('renamed time zones', () => {
  it('accepts an old name for an event and stores, returns and shows the current one', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: headers(),
      payload: { ...liveEventInput, name: 'Kyiv Night', time_zone: 'Europe/Kiev' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().time_zone).toBe('Europe/Kyiv');
    const id = created.json().id as string;
    expect(await stored(sql`select time_zone from event where id = ${id}::uuid`)).toBe('Europe/Kyiv');
  });

  it('reads an event stored under an old name as the current one, publishes and edits it', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Mumbai Lights', time_zone: 'Asia/Kolkata' });
    // As a row written before the rename would be.
    await t.database.db.execute(sql`update event set time_zone = 'Asia/Calcutta' where id = ${live.id}::uuid`);
    const read = await t.app.inject({ method: 'GET', url: `/api/events/${live.id}`, headers: headers() });
    expect(read.json()).toMatchObject({ time_zone: 'Asia/Kolkata', start_local: '2031-06-14T19:00' });
    const page = await t.app.inject({
      method: 'GET',
      url: `/events/${live.slug}`,
      headers: { host: HOST, 'user-agent': 'Mozilla/5.0 Chrome/131.0.0.0' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Asia/Kolkata');
    expect(page.body).not.toContain('Calcutta');
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/events/${live.id}`,
      headers: headers(),
      payload: { name: 'Mumbai Lights II' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ time_zone: 'Asia/Kolkata', start_local: '2031-06-14T19:00' });
    expect(await stored(sql`select time_zone from event where id = ${live.id}::uuid`)).toBe('Asia/Kolkata');
  });

  it("keeps the organisation's zone under its current name, old names accepted", async () => {
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/org/settings',
      headers: headers(),
      payload: { company_name: 'Zones Events', time_zone: 'Asia/Saigon' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().time_zone).toBe('Asia/Ho_Chi_Minh');
    await t.database.db.execute(sql`update organization_settings set time_zone = 'America/Godthab'
      where subdomain = 'zones-owner'`);
    const read = await t.app.inject({ method: 'GET', url: '/api/org/settings', headers: headers() });
    expect(read.json().time_zone).toBe('America/Nuuk');
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/api/org/settings',
      headers: headers(),
      payload: { company_name: 'Zones Events', time_zone: 'Europe/Atlantis' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields[0]).toMatchObject({
      path: 'time_zone',
      message: 'Choose a time zone from the list',
    });
  });
});
