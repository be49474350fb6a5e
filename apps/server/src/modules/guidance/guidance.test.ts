// The getting-started checklist and 'publish waiting drafts': each item from real rows, tenant-scoped,
// Origin-checked and schema-validated.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { EventInput } from '@marquee/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createOrganizationFor, signUpAndVerify, type SignedInUser } from '../../../test/auth-helpers.js';
import { enablePayouts, liveEventInput } from '../../../test/checkout-helpers.js';
import { event, organizationSettings, pageViewDaily } from '../../db/schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ORIGIN = 'http://localhost:3000';
function call(
  user: SignedInUser,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
  origin: string | null = ORIGIN,
) {
  return t.app.inject({
    method,
    url,
    headers: { cookie: user.cookie, ...(origin ? { origin } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
const checklist = async (user: SignedInUser) => {
  const response = await call(user, 'GET', '/api/dashboard/checklist');
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
async function createDraft(user: SignedInUser, input: EventInput = liveEventInput): Promise<string> {
  const response = await call(user, 'POST', '/api/events', input);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

async function organiser(subdomain: string) {
  const user = await signUpAndVerify(t.app);
  const organizationId = (await createOrganizationFor(t.app, user, subdomain, `${subdomain} Events`)).id;
  return { user, organizationId };
}

describe('GET /api/dashboard/checklist', () => {
  it('follows the organiser from nothing to on sale and shared', async () => {
    const { user, organizationId } = await organiser('steps');
    expect(await checklist(user)).toEqual({
      items: { payouts: false, first_event: false, publish: false, share: false },
      all_done: false,
      waiting_drafts: 0,
      incomplete_drafts: [],
      storefront_url: 'http://steps.localhost:3000',
    });

    const draftId = await createDraft(user);
    expect((await checklist(user)).items).toEqual({ payouts: false, first_event: true, publish: false, share: false });
    expect((await checklist(user)).waiting_drafts).toBe(1);

    await enablePayouts(t.app, user);
    expect((await checklist(user)).items.payouts).toBe(true);

    expect((await call(user, 'POST', `/api/events/${draftId}/publish`)).statusCode).toBe(200);
    const published = await checklist(user);
    expect(published.items.publish).toBe(true);
    expect(published.waiting_drafts).toBe(0);
    expect(published.all_done).toBe(false);

    const shared = await call(user, 'POST', '/api/dashboard/checklist/link-shared', { via: 'copied' });
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json()).toMatchObject({
      items: { payouts: true, first_event: true, publish: true, share: true },
      all_done: true,
    });
    const [row] = await t.database.db
      .select({ at: organizationSettings.storefrontLinkSharedAt })
      .from(organizationSettings)
      .where(eq(organizationSettings.organizationId, organizationId));
    expect(row?.at).toBeInstanceOf(Date);
  });

  it("a storefront page view also counts as 'share the link'", async () => {
    const { user, organizationId } = await organiser('viewed');
    expect((await checklist(user)).items.share).toBe(false);
    await t.database.db
      .insert(pageViewDaily)
      .values({ organizationId, day: '2026-01-05', page: 'home', views: 1, visitors: 1 });
    expect((await checklist(user)).items.share).toBe(true);
  });

  it('an event published once stays done after it is unpublished; an ended draft is not waiting', async () => {
    const { user } = await organiser('history');
    await enablePayouts(t.app, user);
    const id = await createDraft(user);
    expect((await call(user, 'POST', `/api/events/${id}/publish`)).statusCode).toBe(200);
    expect((await call(user, 'POST', `/api/events/${id}/unpublish`)).statusCode).toBe(200);
    const after = await checklist(user);
    expect(after.items.publish).toBe(true);
    expect(after.waiting_drafts).toBe(1);
    await t.database.db
      .update(event)
      .set({ endsAt: new Date('2020-01-01T00:00:00Z') })
      .where(eq(event.id, id));
    expect((await checklist(user)).waiting_drafts).toBe(0);
  });

  it("shows only the caller's organisation", async () => {
    const a = await organiser('tenant-a');
    const b = await organiser('tenant-b');
    await createDraft(a.user);
    await call(a.user, 'POST', '/api/dashboard/checklist/link-shared', { via: 'opened' });
    expect(await checklist(b.user)).toMatchObject({
      items: { first_event: false, share: false },
      waiting_drafts: 0,
      incomplete_drafts: [],
      storefront_url: 'http://tenant-b.localhost:3000',
    });
  });
});

describe('POST /api/dashboard/checklist/link-shared', () => {
  it('refuses a missing Origin (403), a bad body (400) and a user without an organisation (403)', async () => {
    const { user } = await organiser('guarded');
    expect((await call(user, 'POST', '/api/dashboard/checklist/link-shared', { via: 'copied' }, null)).statusCode).toBe(
      403,
    );
    const bad = await call(user, 'POST', '/api/dashboard/checklist/link-shared', { via: 'emailed' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_ERROR');
    expect((await call(user, 'POST', '/api/dashboard/checklist/link-shared', { via: 'copied', x: 1 })).statusCode).toBe(
      400,
    );
    expect((await checklist(user)).items.share).toBe(false);
    const loner = await signUpAndVerify(t.app);
    expect((await call(loner, 'POST', '/api/dashboard/checklist/link-shared', { via: 'copied' })).statusCode).toBe(403);
  });
});

describe('POST /api/events/publish-drafts', () => {
  it('409 while payouts are not enabled, and nothing is published', async () => {
    const { user } = await organiser('nopay');
    const id = await createDraft(user);
    const response = await call(user, 'POST', '/api/events/publish-drafts');
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('PAYOUTS_NOT_ENABLED');
    expect((await call(user, 'GET', `/api/events/${id}`)).json().status).toBe('draft');
  });

  it('publishes each ready waiting draft and leaves the incomplete ones drafts, never offered', async () => {
    const { user } = await organiser('waiting');
    const first = await createDraft(user, { ...liveEventInput, name: 'First Night' });
    const second = await createDraft(user, { ...liveEventInput, name: 'Second Night' });
    const incomplete = await createDraft(user, { name: 'No Date Yet' });
    await enablePayouts(t.app, user);
    expect((await checklist(user)).waiting_drafts).toBe(2);

    expect((await call(user, 'POST', '/api/events/publish-drafts', undefined, null)).statusCode).toBe(403);
    const response = await call(user, 'POST', '/api/events/publish-drafts');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      published: [
        { id: first, name: 'First Night' },
        { id: second, name: 'Second Night' },
      ],
      not_published: [],
    });
    expect((await call(user, 'GET', `/api/events/${first}`)).json().status).toBe('live');
    expect((await call(user, 'GET', `/api/events/${incomplete}`)).json().status).toBe('draft');
    const after = await checklist(user);
    expect(after.waiting_drafts).toBe(0);
    expect(after.incomplete_drafts).toEqual([
      { id: incomplete, name: 'No Date Yet', missing: expect.arrayContaining(['Start date/time is required']) },
    ]);
  });

  it('never offers an empty draft, and names what publishing it needs, as publishing itself does', async () => {
    const { user } = await organiser('empty-draft');
    await enablePayouts(t.app, user);
    const empty = await createDraft(user, {});
    const listed = await checklist(user);
    expect(listed.waiting_drafts).toBe(0);
    const missing = [
      'Event artwork is required',
      'Event name is required',
      'Event description is required',
      'Event location is required',
      'Start date/time is required',
      'End date/time is required',
      'Ticket price is required',
    ];
    expect(listed.incomplete_drafts).toEqual([{ id: empty, name: '', missing }]);
    // The same words as the publish refusal: one source for what is missing.
    const refused = await call(user, 'POST', `/api/events/${empty}/publish`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.map((field: { message: string }) => field.message)).toEqual(missing);
    expect((await call(user, 'POST', '/api/events/publish-drafts')).json()).toEqual({
      published: [],
      not_published: [],
    });
    expect((await call(user, 'GET', `/api/events/${empty}`)).json().status).toBe('draft');
  });

  it("never touches another organisation's drafts", async () => {
    const a = await organiser('pub-a');
    const b = await organiser('pub-b');
    const theirs = await createDraft(b.user);
    await enablePayouts(t.app, a.user);
    const result = (await call(a.user, 'POST', '/api/events/publish-drafts')).json();
    expect(result).toEqual({ published: [], not_published: [] });
    expect((await call(b.user, 'GET', `/api/events/${theirs}`)).json().status).toBe('draft');
  });
});
