// better-auth's organisation routes stay closed however the path is spelled: dot segments (plain and encoded),
// backslashes, doubled slashes, encoded letters, other case, a trailing slash, and absolute-form request targets.
// Each dangerous operation is tried through app.inject and through a plain TCP socket (inject resolves dot segments
// and backslashes itself, so only the socket sends them as written), then the database is read: nothing changed.
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  event,
  invitation,
  member,
  order,
  organization,
  teamInvitation,
  ticketType,
  user,
} from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import {
  APP_ORIGIN,
  asBrowser,
  nextIp,
  STRONG_PASSWORD,
  uniqueEmail,
  type SignedInUser,
} from '../../../test/auth-helpers.js';
import { createLiveEvent, sellingOrganiser } from '../../../test/checkout-helpers.js';
import { insertOrder } from '../../../test/order-fixtures.js';
import { joinAs } from '../../../test/team-helpers.js';
import { rawRequest } from '../../../test/raw-http.js';
import { DISABLED_AUTH_PATHS, OPEN_AUTH_ENDPOINTS } from './auth-paths.js';

let t: TestApp;
let port: number;
let owner: SignedInUser;
let admin: SignedInUser;
let otherAdmin: SignedInUser;
let door: SignedInUser;
let organizationId: string;
let orderId: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  owner = await sellingOrganiser(t.app, `routes-${Date.now()}`);
  const [row] = await t.app.db.select({ id: organization.id }).from(organization);
  organizationId = row!.id;
  admin = await joinAs(t.app, owner, 'admin');
  otherAdmin = await joinAs(t.app, owner, 'admin');
  door = await joinAs(t.app, owner, 'door');
  const live = await createLiveEvent(t.app, owner);
  const [type] = await t.app.db.select({ id: ticketType.id }).from(ticketType).where(eq(ticketType.eventId, live.id));
  const paid = await insertOrder(t.app.db, {
    organizationId,
    eventId: live.id,
    ticketTypeId: type!.id,
    email: 'fan@example.com',
    amountMinor: 2000,
    status: 'paid',
    paidAt: new Date(),
  });
  orderId = paid.id;
}, 120_000);
afterAll(async () => t?.close());

/** Every way of writing /api/auth/<rest> that a path normaliser might turn back into it. */
function spellings(rest: string): string[] {
  const [first = '', ...others] = rest;
  return [
    `/api/auth/${rest}`,
    `/api/auth/./${rest}`,
    `/api/auth/%2e/${rest}`,
    `/api/auth/%2E/${rest}`,
    `/api/auth/x/../${rest}`,
    `/api/auth/x/%2e%2e/${rest}`,
    `/api/auth/x/.%2E/${rest}`,
    `/api/auth/x\\..\\${rest.replace(/\//g, '\\')}`,
    `/api/auth/.\\${rest}`,
    `/api/auth//${rest}`,
    `/api/auth/${rest.replace(/(\?|$)/, '/$1')}`,
    `/api/auth/%${first.charCodeAt(0).toString(16)}${others.join('')}`,
    `/api/auth/${rest.replace('/', '%2f')}`,
    `/api/auth/${first.toUpperCase()}${others.join('')}`,
    `/api/auth/../auth/${rest}`,
    `http://evil.example/api/auth/${rest}`,
    `http://localhost:3000/api/auth/${rest}`,
    `HTTP://LOCALHOST:3000/api/auth/${rest}`,
  ];
}

const isAbsoluteForm = (target: string) => !target.startsWith('/');

interface Attempt {
  method: 'GET' | 'POST';
  rest: string;
  as: () => SignedInUser;
  body?: Record<string, unknown>;
}

/** Sends the attempt in every spelling, over app.inject and over a raw socket; returns each answer. */
async function tryEverySpelling(attempt: Attempt) {
  const answers: Array<{ via: string; target: string; status: number; body: string }> = [];
  const caller = attempt.as();
  const body = attempt.body ? JSON.stringify(attempt.body) : undefined;
  for (const target of spellings(attempt.rest)) {
    const headers = { cookie: caller.cookie, origin: APP_ORIGIN };
    if (!isAbsoluteForm(target)) {
      const injected = await t.app.inject({
        method: attempt.method,
        url: target,
        headers: body ? { ...headers, 'content-type': 'application/json' } : headers,
        remoteAddress: nextIp(),
        ...(body ? { payload: body } : {}),
      });
      answers.push({ via: 'inject', target, status: injected.statusCode, body: injected.body });
    }
    const raw = await rawRequest(port, { method: attempt.method, target, headers, ...(body ? { body } : {}) });
    answers.push({ via: 'socket', target, status: raw.status, body: raw.body });
  }
  return answers;
}

/** Path spellings answer 404 in the envelope; an absolute-form target is refused as a bad request, anywhere. */
function expectAllRefused(answers: Awaited<ReturnType<typeof tryEverySpelling>>) {
  for (const answer of answers) {
    const label = `${answer.via} ${answer.target}`;
    if (isAbsoluteForm(answer.target)) {
      expect(answer.status, label).toBe(400);
      expect(JSON.parse(answer.body).error.code, label).toBe('BAD_REQUEST');
    } else {
      expect(answer.status, label).toBe(404);
      expect(JSON.parse(answer.body), label).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
    }
  }
}

async function roleOf(email: string) {
  const [row] = await t.app.db
    .select({ role: member.role })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(user.email, email), eq(member.organizationId, organizationId)));
  return row?.role ?? null;
}

async function memberIdOf(email: string) {
  const [row] = await t.app.db
    .select({ id: member.id })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(eq(user.email, email));
  return row!.id;
}

describe("better-auth's organisation routes, however the path is written", () => {
  it('update-member-role: an admin cannot promote door staff to admin', async () => {
    const answers = await tryEverySpelling({
      method: 'POST',
      rest: 'organization/update-member-role',
      as: () => admin,
      body: { memberId: await memberIdOf(door.email), role: 'admin', organizationId },
    });
    expectAllRefused(answers);
    expect(await roleOf(door.email)).toBe('door');
  });

  it('invite-member: an admin cannot invite an admin past the owner-only team rule', async () => {
    const invited = uniqueEmail('sneaky');
    const answers = await tryEverySpelling({
      method: 'POST',
      rest: 'organization/invite-member',
      as: () => admin,
      body: { email: invited, role: 'admin', organizationId },
    });
    expectAllRefused(answers);
    expect(await t.app.db.select().from(invitation).where(eq(invitation.organizationId, organizationId))).toEqual([]);
    expect(await t.app.db.select().from(teamInvitation).where(eq(teamInvitation.email, invited))).toEqual([]);
    const mail = await t.app.inject({ method: 'GET', url: `/api/dev/mail?to=${encodeURIComponent(invited)}` });
    expect(mail.json()).toEqual([]);
  });

  it('remove-member: an admin cannot remove another admin', async () => {
    const answers = await tryEverySpelling({
      method: 'POST',
      rest: 'organization/remove-member',
      as: () => admin,
      body: { memberIdOrEmail: otherAdmin.email, organizationId },
    });
    expectAllRefused(answers);
    expect(await roleOf(otherAdmin.email)).toBe('admin');
  });

  it("list-members: door staff cannot read the members' e-mail addresses", async () => {
    const answers = await tryEverySpelling({
      method: 'GET',
      rest: `organization/list-members?organizationId=${organizationId}`,
      as: () => door,
    });
    expectAllRefused(answers);
    for (const answer of answers) expect(answer.body, answer.target).not.toContain(owner.email);
  });

  it('delete: the owner cannot hard-delete the organisation with its paid orders', async () => {
    const answers = await tryEverySpelling({
      method: 'POST',
      rest: 'organization/delete',
      as: () => owner,
      body: { organizationId },
    });
    expectAllRefused(answers);
    expect(await t.app.db.select({ id: organization.id }).from(organization)).toEqual([{ id: organizationId }]);
    expect(await t.app.db.select({ id: order.id }).from(order)).toEqual([{ id: orderId }]);
    expect((await t.app.db.select({ id: event.id }).from(event)).length).toBe(1);
    const info = await t.app.inject({ method: 'GET', url: '/api/org/info', headers: asBrowser(owner) });
    expect(info.json().organization.id).toBe(organizationId);
  });

  it('the roles are as the owner set them, and the members are all still there', async () => {
    expect(await roleOf(owner.email)).toBe('owner');
    expect(await roleOf(admin.email)).toBe('admin');
    expect(await roleOf(otherAdmin.email)).toBe('admin');
    expect(await roleOf(door.email)).toBe('door');
  });
});

describe('the routes the product uses still answer over a raw socket', () => {
  it('sign-in, get-session and sign-out', async () => {
    const signIn = await rawRequest(port, {
      method: 'POST',
      target: '/api/auth/sign-in/email',
      headers: { origin: APP_ORIGIN },
      body: JSON.stringify({ email: admin.email, password: STRONG_PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    const cookie = (signIn.headers['set-cookie'] ?? '')
      .split('\n')
      .map((line) => line.split(';')[0])
      .join('; ');
    expect(cookie).toContain('marquee.session_token=');
    const session = await rawRequest(port, { method: 'GET', target: '/api/auth/get-session', headers: { cookie } });
    expect(session.status).toBe(200);
    expect(JSON.parse(session.body).user.email).toBe(admin.email);
    const signOut = await rawRequest(port, {
      method: 'POST',
      target: '/api/auth/sign-out',
      headers: { cookie, origin: APP_ORIGIN },
      body: '{}',
    });
    expect(signOut.status).toBe(200);
    const after = await rawRequest(port, { method: 'GET', target: '/api/auth/get-session', headers: { cookie } });
    expect(after.body).toBe('null');
  });
});

/** Every endpoint better-auth serves over HTTP, with its methods, from the library's own table. */
function libraryEndpoints() {
  return Object.values(t.app.auth.api as Record<string, { path?: string; options?: Record<string, unknown> }>)
    .filter((endpoint) => endpoint.path && !(endpoint.options?.metadata as { SERVER_ONLY?: boolean })?.SERVER_ONLY)
    .map((endpoint) => {
      const method = endpoint.options?.method as string | string[];
      return { path: endpoint.path!, methods: Array.isArray(method) ? method : [method] };
    });
}

describe('the allow-list', () => {
  it('every better-auth endpoint the product does not use answers 404 in the envelope, by every method', async () => {
    const closed = libraryEndpoints().filter((endpoint) => !Object.hasOwn(OPEN_AUTH_ENDPOINTS, endpoint.path));
    expect(closed.length).toBeGreaterThan(40);
    for (const endpoint of closed) {
      const url = `/api/auth${endpoint.path.replace(/:[a-z]+/gi, 'x')}`;
      for (const method of ['GET', 'POST'] as const) {
        const response = await t.app.inject({
          method,
          url,
          headers: { ...asBrowser(owner), 'content-type': 'application/json' },
          remoteAddress: nextIp(),
          ...(method === 'POST' ? { payload: '{}' } : {}),
        });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json(), `${method} ${url}`).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
      }
    }
  });

  it("the open endpoints are the product's only, each a real better-auth endpoint", () => {
    const served = new Map(libraryEndpoints().map((endpoint) => [endpoint.path, endpoint.methods]));
    for (const [path, methods] of Object.entries(OPEN_AUTH_ENDPOINTS)) {
      const libraryPath = path.startsWith('/callback/') ? '/callback/:id' : path;
      for (const method of methods) expect(served.get(libraryPath), path).toContain(method);
    }
  });

  it("better-auth's own disabledPaths hold every closed endpoint it can name by exact path", () => {
    const exact = libraryEndpoints()
      .map((endpoint) => endpoint.path)
      .filter((path) => !path.includes(':') && !Object.hasOwn(OPEN_AUTH_ENDPOINTS, path));
    expect([...new Set(exact)].sort()).toEqual([...DISABLED_AUTH_PATHS].sort());
  });

  it('the library refuses a closed endpoint itself, when a request reaches it without the mount', async () => {
    const doorMember = await memberIdOf(door.email);
    for (const [path, body] of [
      ['/organization/update-member-role', { memberId: doorMember, role: 'admin', organizationId }],
      ['/organization/delete', { organizationId }],
      ['/update-user', { name: 'x'.repeat(5000) }],
      ['/list-sessions', undefined],
    ] as const) {
      const response = await t.app.auth.handler(
        new Request(`http://localhost:3000/api/auth${path}`, {
          method: body ? 'POST' : 'GET',
          headers: {
            cookie: body && path !== '/update-user' ? admin.cookie : owner.cookie,
            origin: APP_ORIGIN,
            'content-type': 'application/json',
          },
          ...(body ? { body: JSON.stringify(body) } : {}),
        }),
      );
      expect(response.status, path).toBe(404);
    }
    expect(await roleOf(door.email)).toBe('door');
    expect(await t.app.db.select({ id: organization.id }).from(organization)).toEqual([{ id: organizationId }]);
  });
});

describe('absolute-form request targets, anywhere', () => {
  it('400 in the envelope for an API route, a page and a storefront, whatever host they name', async () => {
    for (const target of [
      'http://localhost:3000/api/health',
      'http://evil.example/api/org/info',
      'https://localhost:3000/dashboard',
      'http://evil.example/orders/abc',
      '*',
    ]) {
      const response = await rawRequest(port, { method: 'GET', target, headers: { cookie: owner.cookie } });
      expect(response.status, target).toBe(400);
      expect(JSON.parse(response.body), target).toEqual({
        error: { code: 'BAD_REQUEST', message: 'The request target must be a path on this server, like /api/health' },
      });
    }
    expect((await rawRequest(port, { method: 'GET', target: '/api/health/live' })).status).toBe(200);
  });
});

describe('rate limits, however the path is written', () => {
  it('sign-in attempts from one address count together across spellings: the 11th in a minute is 429', async () => {
    // An app of its own, so the socket's one client address (127.0.0.1) starts with no attempts counted.
    const own = await createTestApp();
    try {
      await own.app.listen({ port: 0, host: '127.0.0.1' });
      const ownPort = (own.app.server.address() as AddressInfo).port;
      const targets = [
        '/api/auth/sign-in/email',
        '/api/auth/./sign-in/email',
        '/api/auth/%2e/sign-in/email',
        '/api/auth/x/../sign-in/email',
        '/api/auth/x/%2e%2e/sign-in/email',
        '/api/auth/x\\..\\sign-in\\email',
        '/api/auth//sign-in/email',
        '/api/auth/sign-in/email/',
        '/api/auth/%73ign-in/email',
        '/api/auth/sign-in%2femail',
        '/api/auth/../auth/sign-in/email',
        '/api/auth/sign-in/./email',
      ];
      const statuses: number[] = [];
      for (const target of targets) {
        const response = await rawRequest(ownPort, {
          method: 'POST',
          target,
          headers: { origin: APP_ORIGIN },
          body: JSON.stringify({ email: 'nobody@example.com', password: 'Wrong&Password9' }),
        });
        statuses.push(response.status);
      }
      expect(statuses).toEqual([...Array<number>(10).fill(401), 429, 429]);
    } finally {
      await own.close();
    }
  });
});
