import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { passwordResetCodeEmail, verificationCodeEmail } from '../../adapters/mail/templates.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.mailer.send({ to: 'Ada@Example.com', ...verificationCodeEmail({ code: '111111' }) });
  await t.app.mailer.send({ to: 'grace@example.com', ...passwordResetCodeEmail({ code: '222222' }) });
});
afterAll(() => t.close());

describe('GET /api/dev/mail', () => {
  it('uses the outbox when SMTP_URL is not set', () => {
    expect(t.app.mailer.kind).toBe('outbox');
  });

  it('returns the outbox newest first with the exact shape', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/dev/mail' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(body).toHaveLength(2);
    expect(body.map((message: { subject: string }) => message.subject)).toEqual([
      '222222 is your Marquee password reset code',
      '111111 is your Marquee verification code',
    ]);
    const reset = passwordResetCodeEmail({ code: '222222' });
    expect(body[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      to: 'grace@example.com',
      from: 'Marquee <no-reply@marquee.localhost>',
      attachments: [],
      // Extra headers (a message's List-Unsubscribe); none on an identity e-mail.
      headers: null,
      subject: reset.subject,
      text: reset.text,
      html: reset.html,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    expect(Object.keys(body[0]).sort()).toEqual([
      'attachments',
      'createdAt',
      'from',
      'headers',
      'html',
      'id',
      'subject',
      'text',
      'to',
    ]);
    expect(Date.parse(body[0].createdAt)).toBeGreaterThanOrEqual(Date.parse(body[1].createdAt));
  });

  it('filters by recipient, case-insensitively', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/dev/mail?to=ada@EXAMPLE.com' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toHaveLength(1);
    expect(body[0].to).toBe('Ada@Example.com');
    expect(body[0].text).toContain('111111');
  });

  it('honours limit', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/dev/mail?limit=1' });
    expect(response.json()).toHaveLength(1);
    expect(response.json()[0].to).toBe('grace@example.com');
  });

  it('answers 400 when limit is over 200', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/dev/mail?limit=201' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_ERROR');
  });
});

describe('GET /dev/mailbox', () => {
  it('lists the messages as an HTML page labelled as the development outbox', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('Development outbox');
    const reset = response.body.indexOf('222222 is your Marquee password reset code');
    const verification = response.body.indexOf('111111 is your Marquee verification code');
    expect(reset).toBeGreaterThan(-1);
    expect(verification).toBeGreaterThan(reset);
    expect(response.body).toContain('<iframe');
    expect(response.body).toMatch(/<iframe [^>]*sandbox="allow-popups allow-popups-to-escape-sandbox"/);
  });

  it('escapes message content', async () => {
    await t.app.mailer.send({
      to: 'mallory@example.com',
      subject: '<script>alert(1)</script> hello',
      text: 'body <b>bold</b>',
      html: '<p>"quoted" & <img src=x onerror=alert(1)></p>',
    });
    const response = await t.app.inject({ method: 'GET', url: '/dev/mailbox?to=mallory@example.com' });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('<script>');
    expect(response.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt; hello');
    expect(response.body).toContain('body &lt;b&gt;bold&lt;/b&gt;');
    expect(response.body).toContain(
      'srcDoc="&lt;base target=&quot;_blank&quot;&gt;&lt;p&gt;&quot;quoted&quot; &amp; &lt;img src=x',
    );
    expect(response.body).not.toContain('111111 is your Marquee verification code');
  });

  it('says so when there are no e-mails for a recipient', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/dev/mailbox?to=nobody@example.com' });
    expect(response.body).toContain('No e-mails to nobody@example.com yet.');
  });
});

describe('in production', () => {
  let production: TestApp;
  beforeAll(async () => {
    production = await createTestApp({
      env: {
        NODE_ENV: 'production',
        AUTH_SECRET: 'x'.repeat(40),
        APP_URL: 'https://app.example.com',
        PUBLIC_HOST: 'example.com',
        PAYMENTS_SANDBOX_IN_PRODUCTION: 'yes',
      },
    });
  });
  afterAll(() => production.close());

  it('GET /api/dev/mail - 404', async () => {
    const response = await production.app.inject({
      method: 'GET',
      url: '/api/dev/mail',
      headers: { host: 'app.example.com' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });

  it('GET /dev/mailbox - 404', async () => {
    const response = await production.app.inject({
      method: 'GET',
      url: '/dev/mailbox',
      headers: { host: 'app.example.com' },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('outbox pages answer only the machine itself', () => {
  for (const url of ['/api/dev/mail', '/dev/mailbox']) {
    it(`GET ${url} - 404 envelope for a remote client`, async () => {
      const response = await t.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.5' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
    });

    it(`GET ${url} - 200 for loopback clients (IPv4, IPv6, IPv4-mapped)`, async () => {
      for (const remoteAddress of ['127.0.0.1', '127.0.0.2', '::1', '::ffff:127.0.0.1']) {
        const response = await t.app.inject({ method: 'GET', url, remoteAddress });
        expect(response.statusCode, remoteAddress).toBe(200);
      }
    });
  }

  it('GET /api/dev/mail - 200 for a remote client when DEV_MAILBOX=open', async () => {
    const open = await createTestApp({ env: { DEV_MAILBOX: 'open' } });
    try {
      const response = await open.app.inject({ method: 'GET', url: '/api/dev/mail', remoteAddress: '203.0.113.5' });
      expect(response.statusCode).toBe(200);
    } finally {
      await open.close();
    }
  });
});
