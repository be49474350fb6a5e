import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import {
  authPost,
  cookieHeader,
  latestCode,
  nextIp,
  signUpAndVerify,
  STRONG_PASSWORD,
  uniqueEmail,
} from '../../../test/auth-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /api/auth/sign-up/email', () => {
  it('400 with the spec message when the password misses one of the five rules', async () => {
    const response = await authPost(t.app, '/sign-up/email', {
      email: uniqueEmail(),
      password: 'longpassword1!',
      name: 'x',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'FORM_PASSWORD_VALIDATION_FAILED',
      message: 'Password does not meet security requirements. Please check the requirements below.',
    });
  });

  it('400 with the spec message for a commonly breached password', async () => {
    const response = await authPost(t.app, '/sign-up/email', {
      email: uniqueEmail(),
      password: 'Password123!',
      name: 'x',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'FORM_PASSWORD_PWNED',
      message: 'This password has been found in a data breach. Please choose a different password.',
    });
  });

  it('creates the account without a session and e-mails a 6-digit code in both parts', async () => {
    const email = uniqueEmail();
    const response = await authPost(t.app, '/sign-up/email', { email, password: STRONG_PASSWORD, name: 'fan' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).not.toHaveProperty('token');
    expect(response.headers['set-cookie']).toBeUndefined();
    const mail = (await t.app.inject({ method: 'GET', url: `/api/dev/mail?to=${encodeURIComponent(email)}` })).json();
    expect(mail).toHaveLength(1);
    const code = mail[0].text.match(/\b\d{6}\b/)?.[0];
    expect(code).toMatch(/^\d{6}$/);
    expect(mail[0].html).toContain(code);
  });

  it('422 with the spec message when the e-mail already has an account', async () => {
    const { email } = await signUpAndVerify(t.app);
    const response = await authPost(t.app, '/sign-up/email', {
      email: email.toUpperCase(),
      password: STRONG_PASSWORD,
      name: 'x',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      code: 'FORM_IDENTIFIER_EXISTS',
      message: 'An account with this email already exists. Please try signing in instead.',
    });
  });
});

describe('e-mail verification and sign-in', () => {
  it('refuses sign-in before verification, refuses a wrong code, then signs in with the right one', async () => {
    const email = uniqueEmail();
    await authPost(t.app, '/sign-up/email', { email, password: STRONG_PASSWORD, name: 'fan' });
    const early = await authPost(t.app, '/sign-in/email', { email, password: STRONG_PASSWORD });
    expect(early.statusCode).toBe(403);
    expect(early.json().code).toBe('EMAIL_NOT_VERIFIED');

    const code = await latestCode(t.app, email);
    const wrong = await authPost(t.app, '/email-otp/verify-email', {
      email,
      otp: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);

    const verify = await authPost(t.app, '/email-otp/verify-email', { email, otp: code });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toMatchObject({ status: true, user: { email } });
    const cookie = cookieHeader(verify);
    expect(cookie).toContain('marquee.session_token=');

    const session = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
    expect(session.json().user.email).toBe(email);

    const signIn = await authPost(t.app, '/sign-in/email', { email, password: STRONG_PASSWORD });
    expect(signIn.statusCode).toBe(200);
    const wrongPassword = await authPost(t.app, '/sign-in/email', { email, password: 'Wrong&Password9' });
    expect(wrongPassword.statusCode).toBe(401);
  });

  it('accepts the bearer token on product API calls', async () => {
    const user = await signUpAndVerify(t.app);
    expect(user.token).toBeTruthy();
    const withBearer = await t.app.inject({
      method: 'GET',
      url: '/api/org/info',
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(withBearer.statusCode).toBe(200);
    expect(withBearer.json()).toEqual({ organization: null });
    const settings = await t.app.inject({
      method: 'GET',
      url: '/api/org/settings',
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(settings.statusCode).toBe(403);
    expect(settings.json().error.code).toBe('NO_ORGANIZATION');
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/org/info' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: 'You need to sign in first' } });
  });
});

describe('forgot password', () => {
  it('400 (not "not found") for a malformed address', async () => {
    const response = await authPost(t.app, '/email-otp/request-password-reset', { email: 'not-an-address' });
    expect(response.statusCode).toBe(400);
  });

  it('404 with the spec message for an unknown address', async () => {
    const response = await authPost(t.app, '/email-otp/request-password-reset', { email: uniqueEmail('nobody') });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: 'Email address not found for password reset' });
  });

  it('mails a reset code; the new password then signs in and the old one no longer does', async () => {
    const { email } = await signUpAndVerify(t.app);
    const request = await authPost(t.app, '/email-otp/request-password-reset', { email });
    expect(request.statusCode).toBe(200);
    const mail = (await t.app.inject({ method: 'GET', url: `/api/dev/mail?to=${encodeURIComponent(email)}` })).json();
    expect(mail[0].subject.toLowerCase()).toContain('reset');
    const code = await latestCode(t.app, email);

    const weak = await authPost(t.app, '/email-otp/reset-password', { email, otp: code, password: 'weak' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().code).toBe('FORM_PASSWORD_VALIDATION_FAILED');

    const reset = await authPost(t.app, '/email-otp/reset-password', { email, otp: code, password: 'Brand&New77pass' });
    expect(reset.statusCode).toBe(200);
    expect((await authPost(t.app, '/sign-in/email', { email, password: 'Brand&New77pass' })).statusCode).toBe(200);
    expect((await authPost(t.app, '/sign-in/email', { email, password: STRONG_PASSWORD })).statusCode).toBe(401);
  });
});

describe('rate limits', () => {
  it('429 after too many sign-in attempts from one address', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt += 1) {
      statuses.push(
        (await authPost(t.app, '/sign-in/email', { email: 'x@example.com', password: 'Nope&Nope1' }, { ip }))
          .statusCode,
      );
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another address is not affected.
    expect(
      (await authPost(t.app, '/sign-in/email', { email: 'x@example.com', password: 'Nope&Nope1' })).statusCode,
    ).toBe(401);
  });

  it('a client cannot choose its rate-limit bucket with X-Forwarded-For', async () => {
    const ip = nextIp();
    let last = 0;
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': `203.0.113.${attempt}`,
          'x-marquee-client-ip': `198.51.100.${attempt}`,
        },
        remoteAddress: ip,
        payload: JSON.stringify({ email: 'y@example.com', password: 'Nope&Nope1' }),
      });
      last = response.statusCode;
    }
    expect(last).toBe(429);
  });
});

describe('social sign-in', () => {
  it('an unconfigured provider fails (the button still shows; the client shows the spec message)', async () => {
    const response = await authPost(t.app, '/sign-in/social', { provider: 'google', callbackURL: '/sso-callback' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('PROVIDER_NOT_FOUND');
  });

  it('a configured provider redirects to its authorize URL with our callback', async () => {
    const configured = await createTestApp({
      env: { GOOGLE_CLIENT_ID: 'google-id', GOOGLE_CLIENT_SECRET: 'google-secret' },
    });
    try {
      const response = await authPost(configured.app, '/sign-in/social', {
        provider: 'google',
        callbackURL: '/sso-callback',
      });
      expect(response.statusCode).toBe(200);
      const url = new URL(response.json().url);
      expect(url.host).toBe('accounts.google.com');
      expect(url.searchParams.get('client_id')).toBe('google-id');
      expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:3000/api/auth/callback/google');
    } finally {
      await configured.close();
    }
  });
});
