// Security rules around better-auth's endpoints: every path that sets a password checks the field it really
// uses, better-auth's own organisation endpoints are closed, and sign-in by e-mail code is off. (Every other
// spelling of the closed paths: auth-routes.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { authPost, createOrganizationFor, signUpAndVerify, STRONG_PASSWORD } from '../../../test/auth-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Changing a password and the token-link reset are not offered over HTTP (auth-paths.ts); the rules still hold for
// any server-side call, since they sit in better-auth's own before hook.
describe('changePassword (server-side; POST /api/auth/change-password is closed)', () => {
  const changePassword = (cookie: string, body: Record<string, string>) =>
    t.app.auth.api.changePassword({
      body: body as { currentPassword: string; newPassword: string },
      headers: new Headers({ cookie }),
    });

  it('POST /api/auth/change-password - 404 in the error envelope', async () => {
    const user = await signUpAndVerify(t.app);
    const response = await authPost(
      t.app,
      '/change-password',
      { currentPassword: STRONG_PASSWORD, newPassword: 'Another&Strong88' },
      { cookie: user.cookie },
    );
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
  });

  it('refuses a new password that misses the rules, even with a valid decoy "password" field', async () => {
    const user = await signUpAndVerify(t.app);
    await expect(
      changePassword(user.cookie, {
        currentPassword: STRONG_PASSWORD,
        newPassword: 'longpassword1',
        password: 'Decoy&Strong77',
      }),
    ).rejects.toMatchObject({ body: { code: 'FORM_PASSWORD_VALIDATION_FAILED' } });
  });

  it('refuses a breached new password, even with a valid decoy "password" field', async () => {
    const user = await signUpAndVerify(t.app);
    await expect(
      changePassword(user.cookie, {
        currentPassword: STRONG_PASSWORD,
        newPassword: 'Password123!',
        password: 'Decoy&Strong77',
      }),
    ).rejects.toMatchObject({ body: { code: 'FORM_PASSWORD_PWNED' } });
  });

  it('takes a new password that meets the rules; it then signs in', async () => {
    const user = await signUpAndVerify(t.app);
    await changePassword(user.cookie, { currentPassword: STRONG_PASSWORD, newPassword: 'Another&Strong88' });
    expect(
      (await authPost(t.app, '/sign-in/email', { email: user.email, password: 'Another&Strong88' })).statusCode,
    ).toBe(200);
  });
});

describe('resetPassword by token link (server-side; POST /api/auth/reset-password is closed)', () => {
  it('POST /api/auth/reset-password - 404 in the error envelope', async () => {
    const response = await authPost(t.app, '/reset-password', { token: 'x', newPassword: 'Another&Strong88' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });

  it('refuses a weak newPassword even with a valid decoy "password" field (checked before the token)', async () => {
    await expect(
      t.app.auth.api.resetPassword({
        body: { token: 'not-a-real-token', newPassword: 'longpassword1', password: 'Decoy&Strong77' } as {
          token: string;
          newPassword: string;
        },
      }),
    ).rejects.toMatchObject({ body: { code: 'FORM_PASSWORD_VALIDATION_FAILED' } });
  });
});

describe('POST /api/auth/email-otp/reset-password', () => {
  it('400 for a weak password even with a valid decoy "newPassword" field', async () => {
    const user = await signUpAndVerify(t.app);
    const response = await authPost(t.app, '/email-otp/reset-password', {
      email: user.email,
      otp: '123456',
      password: 'longpassword1',
      newPassword: 'Decoy&Strong77',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('FORM_PASSWORD_VALIDATION_FAILED');
  });
});

describe('auth.api.setPassword (server-only)', () => {
  it('refuses a password that misses the rules', async () => {
    const user = await signUpAndVerify(t.app);
    await expect(
      t.app.auth.api.setPassword({
        body: { newPassword: 'longpassword1' },
        headers: new Headers({ cookie: user.cookie }),
      }),
    ).rejects.toMatchObject({ body: { code: 'FORM_PASSWORD_VALIDATION_FAILED' } });
  });
});

describe("better-auth's own organisation endpoints", () => {
  const closed = [
    'create',
    'update',
    'delete',
    'set-active',
    'invite-member',
    'accept-invitation',
    'remove-member',
    'update-member-role',
    'leave',
  ];
  for (const endpoint of closed) {
    it(`POST /api/auth/organization/${endpoint} - 404 in the error envelope`, async () => {
      const user = await signUpAndVerify(t.app);
      const organization = await createOrganizationFor(t.app, user, `closed-${endpoint}`);
      const response = await authPost(
        t.app,
        `/organization/${endpoint}`,
        {
          organizationId: organization.id,
          name: 'Renamed',
          slug: `x-${endpoint}`,
          email: 'a@example.com',
          role: 'member',
        },
        { cookie: user.cookie },
      );
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
      const info = await t.app.inject({ method: 'GET', url: '/api/org/info', headers: { cookie: user.cookie } });
      expect(info.json().organization).toMatchObject({ id: organization.id, name: 'Acme Events' });
    });
  }

  it('GET /api/auth/organization/list-members - 404, also with an encoded or doubled-slash path', async () => {
    const user = await signUpAndVerify(t.app);
    for (const url of [
      '/api/auth/organization/list-members',
      '/api/auth/%6Frganization/list-members',
      '/api/auth//organization/list-members',
      '/api/auth/Organization/list-members',
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: { cookie: user.cookie } });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.code, url).toBe('NOT_FOUND');
    }
  });
});

describe('sign-in by e-mail code', () => {
  it('POST /api/auth/sign-in/email-otp - 404 in the error envelope, no session', async () => {
    const user = await signUpAndVerify(t.app);
    const response = await authPost(t.app, '/sign-in/email-otp', { email: user.email, otp: '123456' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('POST /api/auth/email-otp/send-verification-otp - 400 for type sign-in, and no code is mailed', async () => {
    const email = `nobody-${Date.now()}@example.com`;
    const response = await authPost(t.app, '/email-otp/send-verification-otp', { email, type: 'sign-in' });
    expect(response.statusCode).toBe(400);
    const mail = await t.app.inject({ method: 'GET', url: `/api/dev/mail?to=${encodeURIComponent(email)}` });
    expect(mail.json()).toEqual([]);
  });
});
