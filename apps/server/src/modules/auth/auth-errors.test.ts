// better-auth's answers leave like every other API error: a 4xx in the { error: { code, message } } envelope
// (better-auth's own keys kept beside it for its client), and a bad callback address is a 400, never a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { authPost, signUpAndVerify, type SignedInUser } from '../../../test/auth-helpers.js';

let t: TestApp;
let user: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  user = await signUpAndVerify(t.app);
});
afterAll(() => t.close());

describe('better-auth errors in the envelope', () => {
  it('POST /api/auth/sign-in/email - 401 for a wrong password, in the envelope with better-auth code kept', async () => {
    const response = await authPost(t.app, '/sign-in/email', { email: user.email, password: 'Wrong&Password99' });
    expect(response.statusCode).toBe(401);
    const body = response.json();
    expect(body.error).toEqual({ code: 'INVALID_EMAIL_OR_PASSWORD', message: expect.any(String) });
    expect(body.code).toBe('INVALID_EMAIL_OR_PASSWORD');
    expect(body.message).toBe(body.error.message);
  });

  it('POST /api/auth/email-otp/verify-email - 400 for a wrong code, in the envelope', async () => {
    const response = await authPost(t.app, '/email-otp/verify-email', { email: user.email, otp: '12' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });

  it('POST /api/auth/sign-up/email - 400 for a body of the wrong type, in the envelope', async () => {
    const response = await authPost(t.app, '/sign-up/email', { email: 42, password: [], name: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });
});

describe('callback addresses', () => {
  const message = 'Must be a path on this site or an http(s) address, at most 2048 characters';

  it('400 for a callbackURL that is neither a path nor an http(s) address, on any open endpoint', async () => {
    for (const callbackURL of ['-813194418', 'javascript:alert(1)', '//evil.example/x', `/${'x'.repeat(2048)}`]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/auth/get-session?callbackURL=${encodeURIComponent(callbackURL)}`,
      });
      expect(response.statusCode, callbackURL).toBe(400);
      expect(response.json().error.fields).toEqual([{ path: 'callbackURL', message }]);
    }
  });
});
