// Security rules around better-auth's endpoints: every path that sets a password checks the field it really
// uses, better-auth's own organisation endpoints are closed, and sign-in by e-mail code is off.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { authPost, signUpAndVerify, STRONG_PASSWORD } from '../../../test/auth-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /api/auth/change-password', () => {
  it('400 when the new password misses the rules, even with a valid decoy "password" field', async () => {
    const user = await signUpAndVerify(t.app);
    const response = await authPost(
      t.app,
      '/change-password',
      { currentPassword: STRONG_PASSWORD, newPassword: 'longpassword1', password: 'Decoy&Strong77' },
      { cookie: user.cookie },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('FORM_PASSWORD_VALIDATION_FAILED');
  });

  it('400 when the new password is breached, even with a valid decoy "password" field', async () => {
    const user = await signUpAndVerify(t.app);
    const response = await authPost(
      t.app,
      '/change-password',
      { currentPassword: STRONG_PASSWORD, newPassword: 'Password123!', password: 'Decoy&Strong77' },
      { cookie: user.cookie },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('FORM_PASSWORD_PWNED');
  });

  it('200 for a new password that meets the rules; it then signs in', async () => {
    const user = await signUpAndVerify(t.app);
    const response = await authPost(
      t.app,
      '/change-password',
      { currentPassword: STRONG_PASSWORD, newPassword: 'Another&Strong88' },
      { cookie: user.cookie },
    );
    expect(response.statusCode).toBe(200);
    expect(
      (await authPost(t.app, '/sign-in/email', { email: user.email, password: 'Another&Strong88' })).statusCode,
    ).toBe(200);
  });
});

describe('POST /api/auth/reset-password', () => {
  it('400 for a weak newPassword even with a valid decoy "password" field (checked before the token)', async () => {
    const response = await authPost(t.app, '/reset-password', {
      token: 'not-a-real-token',
      newPassword: 'longpassword1',
      password: 'Decoy&Strong77',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('FORM_PASSWORD_VALIDATION_FAILED');
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
