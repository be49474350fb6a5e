// Roles on every route (decision 030): the whole route table is read through buildApp's onRoute option, and each
// product API route is called by a door-staff member, who must be refused (403) everywhere but the routes meant
// for them, and by an admin, who must be refused exactly the owner's routes (team, payouts, billing). A new
// route is checked without editing this file. Also: better-auth's own organisation endpoints stay closed, so
// no library route can hand out or change roles; and the guard itself, as the check-in routes will use it.
import fc from 'fast-check';
import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member } from '../src/db/schema/index.js';
import { requireOrganization, ROLE_FORBIDDEN_MESSAGE } from '../src/modules/auth/auth.guard.js';
import { createTestApp, type TestApp } from './test-app.js';
import { APP_ORIGIN, asBrowser, signUpAndVerify, type SignedInUser } from './auth-helpers.js';
import { startFakeDns, type FakeDns } from './fake-dns.js';
import { fromSchema } from './fuzz-arbitraries.js';
import { routeCollector, routeKey, type RouteEntry } from './route-table.js';
import { joinAs, ownerWithOrganization } from './team-helpers.js';

/** Routes door staff may call, with why. The check-in app's routes (/api/checkin...) are theirs as well. */
const DOOR_ALLOWED: Record<string, string> = {
  'GET /api/org/info':
    'every member reads their organisation and role: the dashboard shows door staff the check-in link',
  'GET /api/invitations/:token': 'an invitation preview; the e-mailed token is the capability',
  'POST /api/invitations/:token/accept': 'accepting an invitation to their own address',
};
// ...except the organiser's check-in log, which is for owners and admins (decision 031).
const isCheckInRoute = (url: string) =>
  (url === '/api/checkin' || url.startsWith('/api/checkin/')) && url !== '/api/checkin/events/:eventId/log';

/** The owner's alone: the team, payouts and billing. */
const OWNER_ONLY = new Set([
  'GET /api/team',
  'POST /api/team/invitations',
  'DELETE /api/team/invitations/:invitationId',
  'PATCH /api/team/members/:memberId',
  'DELETE /api/team/members/:memberId',
  'POST /api/stripe/create-connect-account',
  'POST /api/stripe/create-login-link',
  'GET /api/billing/stats',
  // The PRO plan's subscription and invoices (decision 149); reading the plan is for admins too.
  'POST /api/billing/plan/subscribe',
  'POST /api/billing/plan/cancel',
  'POST /api/billing/plan/resume',
  'GET /api/billing/plan/invoices',
  'GET /api/billing/plan/invoices/:id/pdf',
]);

/** Public by design: nobody's data, no member needed. */
const PUBLIC_ROUTES = new Set(['/api/health', '/api/health/live', '/api/health/ready', '/api/public-config']);

/**
 * Not product API routes of a member: identity (checked below), the development outbox, Stripe's webhook, and the
 * public API, which takes no session at all: its roles are the key's creator's, tested in api-v1/v1-auth.test.ts.
 */
function isMemberApiRoute(route: RouteEntry): boolean {
  if (route.source !== 'fastify' || route.storefront || route.method === 'HEAD') return false;
  if (!route.url.startsWith('/api/') || PUBLIC_ROUTES.has(route.url)) return false;
  return !['/api/auth/', '/api/dev/', '/api/webhooks/', '/api/v1/'].some((prefix) => route.url.startsWith(prefix));
}

/** Bodies the schema sampler cannot make (refined fields); a new route usually needs none. */
const KNOWN_BODIES: Record<string, object> = {
  // A whole valid settings body, so the answer is about the role and not about the fields.
  'PUT /api/org/settings': { company_name: 'Door Test Events' },
  'POST /api/team/invitations': { email: 'someone@example.com', role: 'admin' },
  // A valid comp: the answer is about the role (the type id is checked only after the role).
  'POST /api/events/:id/comps': { name: 'Guest', email: 'guest@example.com', ticket_type_id: 'none', quantity: 1 },
  'POST /api/stripe/create-connect-account': {
    refresh_url: `${APP_ORIGIN}/dashboard/billing`,
    return_url: `${APP_ORIGIN}/dashboard/billing`,
  },
};

let dns: FakeDns;
let t: TestApp;
let routes: RouteEntry[];
let owner: SignedInUser;
let admin: SignedInUser;
let door: SignedInUser;

beforeAll(async () => {
  dns = await startFakeDns({ records: {} });
  const collector = routeCollector();
  t = await createTestApp({ env: { DNS_SERVERS: `127.0.0.1:${dns.port}` }, onRoute: collector.onRoute });
  routes = collector.entries(t.app.auth);
  ({ owner } = await ownerWithOrganization(t.app, `roles-${Date.now()}`));
  admin = await joinAs(t.app, owner, 'admin');
  door = await joinAs(t.app, owner, 'door');
}, 120_000);
afterAll(async () => {
  await t?.close();
  await dns?.close();
});

const SOME_ID = '00000000-0000-4000-8000-000000000000';
/** Path parameters that are names from a fixed list rather than ids (Customer Sync's services). */
const PARAM_VALUES: Record<string, string> = { provider: 'mailchimp' };

/** A value the route's schema accepts (so the answer is the route's own, not the validator's), else {}. */
function validSample(schema: RouteEntry['body'], validate: ((value: unknown) => boolean) | undefined, key: string) {
  if (!validate || validate({})) return {};
  const samples = fc.sample(fromSchema(schema, false), { numRuns: 200, seed: key.length * 7919 });
  return samples.find((value) => validate(value)) ?? {};
}

async function call(route: RouteEntry, user: SignedInUser) {
  const key = routeKey(route);
  const url = route.url.replace(/:([A-Za-z]+)/g, (_, name: string) => PARAM_VALUES[name] ?? SOME_ID);
  const query = validSample(route.query, route.validate.query, key) as Record<string, string>;
  const search = new URLSearchParams(
    Object.entries(query).map(([name, value]): [string, string] => [name, String(value)]),
  ).toString();
  const hasBody = route.method !== 'GET' && (route.method !== 'DELETE' || Boolean(route.body));
  return t.app.inject({
    method: route.method as 'GET',
    url: search ? `${url}?${search}` : url,
    headers: asBrowser(user),
    ...(hasBody ? { payload: KNOWN_BODIES[key] ?? (validSample(route.body, route.validate.body, key) as object) } : {}),
  });
}

const refusedForRole = (answer: { statusCode: number; body: string }) =>
  answer.statusCode === 403 && answer.body.includes(ROLE_FORBIDDEN_MESSAGE);

describe('every API route checks the role', () => {
  it('door staff are refused everywhere but their own routes', async () => {
    const checked = routes.filter(isMemberApiRoute);
    expect(checked.length).toBeGreaterThan(30);
    const wrong: string[] = [];
    for (const route of checked) {
      const key = routeKey(route);
      const answer = await call(route, door);
      const allowed = key in DOOR_ALLOWED || isCheckInRoute(route.url);
      if (allowed === refusedForRole(answer)) wrong.push(`${key}: ${answer.statusCode} ${answer.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
    // Still a member: nothing above changed their role.
    const info = await t.app.inject({ method: 'GET', url: '/api/org/info', headers: asBrowser(door) });
    expect(info.json().organization.role).toBe('door');
  }, 120_000);

  it("admins are refused exactly the owner's routes: team, payouts and billing", async () => {
    const wrong: string[] = [];
    for (const route of routes.filter(isMemberApiRoute)) {
      const key = routeKey(route);
      // Creating an organisation would make them the owner of a new one; onboarding is not theirs to test here.
      if (key === 'POST /api/org/create') continue;
      const answer = await call(route, admin);
      if (OWNER_ONLY.has(key) !== refusedForRole(answer)) wrong.push(`${key}: ${answer.statusCode}`);
    }
    expect(wrong).toEqual([]);
    for (const key of OWNER_ONLY) expect(routes.some((route) => routeKey(route) === key)).toBe(true);
  }, 120_000);

  it('the owner reaches the owner-only routes', async () => {
    for (const route of routes.filter((entry) => OWNER_ONLY.has(routeKey(entry)))) {
      expect(refusedForRole(await call(route, owner)), routeKey(route)).toBe(false);
    }
  });
});

describe("better-auth's organisation endpoints cannot bypass the team rules", () => {
  it('every one of them is closed, for door staff and owners alike', async () => {
    const library = routes.filter((route) => route.source === 'better-auth' && route.url.includes('/organization'));
    expect(library.length).toBeGreaterThan(10);
    for (const route of library) {
      expect(route.closed, routeKey(route)).toBe(true);
      for (const user of [door, owner]) {
        const answer = await t.app.inject({
          method: route.method as 'GET',
          url: route.url,
          headers: { ...asBrowser(user), 'content-type': 'application/json' },
          ...(route.method === 'GET' ? {} : { payload: '{}' }),
        });
        expect(answer.statusCode, routeKey(route)).toBe(404);
      }
    }
  });

  it('door staff cannot make themselves owner or invite through them', async () => {
    const [row] = await t.database.db.select().from(member).where(eq(member.role, 'door')).limit(1);
    const attempts = [
      ['/api/auth/organization/update-member-role', { memberId: row!.id, role: 'owner' }],
      ['/api/auth/organization/invite-member', { email: 'friend@example.com', role: 'owner' }],
      ['/api/auth/organization/add-member', { userId: row!.userId, role: 'owner' }],
      ['/api/auth/organization/leave', { organizationId: row!.organizationId }],
    ] as const;
    for (const [url, body] of attempts) {
      const answer = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...asBrowser(door), 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      expect(answer.statusCode).toBe(404);
    }
    const [after] = await t.database.db.select().from(member).where(eq(member.id, row!.id));
    expect(after?.role).toBe('door');
  });
});

describe('requireOrganization, as a check-in or door-sale route uses it', () => {
  const requestOf = (user: SignedInUser | null) =>
    ({
      server: t.app,
      headers: user ? { cookie: user.cookie, origin: APP_ORIGIN } : {},
      ip: '127.0.0.1',
    }) as unknown as FastifyRequest;
  const doorRoute = (user: SignedInUser | null) =>
    requireOrganization(requestOf(user), { roles: ['owner', 'admin', 'door'] });

  it('admits door staff where the route allows them, and names their role', async () => {
    await expect(doorRoute(door)).resolves.toMatchObject({ role: 'door', email: door.email });
    await expect(doorRoute(admin)).resolves.toMatchObject({ role: 'admin' });
  });

  it('refuses a role the route does not allow with a clear message', async () => {
    await expect(requireOrganization(requestOf(door))).rejects.toMatchObject({
      code: 'FORBIDDEN',
      statusCode: 403,
      message: ROLE_FORBIDDEN_MESSAGE,
    });
    await expect(requireOrganization(requestOf(admin), { roles: ['owner'] })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });

  it('refuses someone who is not a member, and anyone signed out', async () => {
    const outsider = await signUpAndVerify(t.app);
    await expect(doorRoute(outsider)).rejects.toMatchObject({ statusCode: 403, code: 'NO_ORGANIZATION' });
    await expect(doorRoute(null)).rejects.toMatchObject({ statusCode: 401, message: 'You need to sign in first' });
  });
});
