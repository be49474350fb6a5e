// No session token reaches a browser: sign-in, verification and get-session answer without one (the session is
// the HttpOnly cookie), the session list is closed, and only a bearer-token API client (no cookie, no Origin) gets
// the signed token in set-auth-token. The raw token stored in the session table is no bearer credential.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { session, user } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import {
  asBrowser,
  authPost,
  cookieHeader,
  latestCode,
  signUpAndVerify,
  STRONG_PASSWORD,
  uniqueEmail,
  type SignedInUser,
} from '../../../test/auth-helpers.js';

let t: TestApp;
let person: SignedInUser;
let rawTokens: string[];

beforeAll(async () => {
  t = await createTestApp();
  person = await signUpAndVerify(t.app);
  const rows = await t.app.db
    .select({ token: session.token })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(eq(user.email, person.email));
  rawTokens = rows.map((row) => row.token);
});
afterAll(async () => t?.close());

/** Neither a stored raw token nor the signed cookie value appears anywhere in the answer. */
function expectNoToken(response: { body: string; headers: Record<string, unknown> }, cookie: string) {
  const signed = decodeURIComponent(cookie.match(/marquee\.session_token=([^;]+)/)?.[1] ?? 'none');
  const tokenPart = signed.split('.')[0]!;
  for (const secret of [...rawTokens, tokenPart]) expect(response.body).not.toContain(secret);
  expect(response.body).not.toMatch(/"token"/);
  expect(response.headers['set-auth-token']).toBeUndefined();
}

describe('the browser is given no session token', () => {
  it('POST /api/auth/sign-in/email: the cookie, and a body without the token', async () => {
    const response = await authPost(t.app, '/sign-in/email', { email: person.email, password: STRONG_PASSWORD });
    expect(response.statusCode).toBe(200);
    const cookie = cookieHeader(response);
    expect(cookie).toContain('marquee.session_token=');
    const [newest] = await t.app.db
      .select({ token: session.token })
      .from(session)
      .innerJoin(user, eq(user.id, session.userId))
      .where(eq(user.email, person.email))
      .orderBy(session.createdAt);
    rawTokens.push(newest!.token);
    expectNoToken(response, cookie);
    expect(response.json()).toMatchObject({ redirect: false, user: { email: person.email } });
  });

  it('POST /api/auth/email-otp/verify-email: signed in by cookie, the body says so without the token', async () => {
    const email = uniqueEmail();
    await authPost(t.app, '/sign-up/email', { email, password: STRONG_PASSWORD, name: 'Ann' });
    const response = await authPost(t.app, '/email-otp/verify-email', { email, otp: await latestCode(t.app, email) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: true, user: expect.objectContaining({ email }) });
    expect(response.headers['set-auth-token']).toBeUndefined();
    expect(cookieHeader(response)).toContain('marquee.session_token=');
  });

  it('GET /api/auth/get-session: the user and the session (id, expiry, organisation), no token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: asBrowser(person) });
    expect(response.statusCode).toBe(200);
    expectNoToken(response, person.cookie);
    const body = response.json();
    expect(body.user).toMatchObject({ email: person.email, name: expect.any(String) });
    expect(body.session).toMatchObject({ id: expect.any(String), expiresAt: expect.any(String) });
    expect(body.session).not.toHaveProperty('token');
  });

  it('GET /api/auth/list-sessions and POST /api/auth/revoke-session - 404 (not offered)', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/auth/list-sessions', headers: asBrowser(person) });
    expect(list.statusCode).toBe(404);
    expectNoToken(list, person.cookie);
    const revoke = await authPost(t.app, '/revoke-session', { token: rawTokens[0] }, { cookie: person.cookie });
    expect(revoke.statusCode).toBe(404);
    const still = await t.app.inject({ method: 'GET', url: '/api/org/info', headers: asBrowser(person) });
    expect(still.statusCode).toBe(200);
  });
});

describe('bearer-token API clients', () => {
  it('an API client (no cookie, no Origin) gets the signed token in set-auth-token, and it works', async () => {
    const response = await authPost(
      t.app,
      '/sign-in/email',
      { email: person.email, password: STRONG_PASSWORD },
      { apiClient: true },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).not.toHaveProperty('token');
    const bearer = String(response.headers['set-auth-token']);
    expect(bearer).toContain('.');
    const info = await t.app.inject({
      method: 'GET',
      url: '/api/org/info',
      headers: { authorization: `Bearer ${bearer}` },
    });
    expect(info.statusCode).toBe(200);
  });

  it('the raw token from the session table is refused as a bearer token', async () => {
    for (const raw of rawTokens) {
      const info = await t.app.inject({
        method: 'GET',
        url: '/api/org/info',
        headers: { authorization: `Bearer ${raw}` },
      });
      expect(info.statusCode).toBe(401);
    }
  });
});
