// Bad input anywhere is a clean 400 in the error envelope, never a 500: control characters in any string of a
// body, query or path, malformed multipart bodies, bad percent-encoding and years before 1900.
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app.js';
import {
  APP_ORIGIN,
  asBrowser,
  authPost,
  createOrganizationFor,
  signUpAndVerify,
  uniqueEmail,
  type SignedInUser,
} from './auth-helpers.js';
import { errorHandlerPlugin } from '../src/plugins/error-handler.js';
import { sendStorefrontError } from '../src/storefront/respond.js';

let t: TestApp;
let owner: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signUpAndVerify(t.app);
  await createOrganizationFor(t.app, owner, 'bad-input');
});
afterAll(() => t.close());

const controlMessage = 'Must not contain control characters';

describe('control characters in strings', () => {
  it('POST /api/events - 400 for a NUL in the name, with the field named', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: asBrowser(owner),
      payload: { name: 'Night\u0000Out' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: [{ path: 'name', message: controlMessage }],
    });
  });

  it('POST /api/events - 400 for a NUL inside the lineup array', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: asBrowser(owner),
      payload: { name: 'Fine', lineup: ['DJ One', 'DJ\u0000Two'] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual([{ path: 'lineup.1', message: controlMessage }]);
  });

  it('PUT /api/org/settings - 400 for a NUL or DEL in the description; tabs and newlines are fine', async () => {
    for (const description of ['About\u0000us', 'About\u007fus', 'Bell\u0007']) {
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/org/settings',
        headers: asBrowser(owner),
        payload: { company_name: 'Acme Events', description },
      });
      expect(response.statusCode, JSON.stringify(description)).toBe(400);
      expect(response.json().error.fields).toEqual([{ path: 'description', message: controlMessage }]);
    }
    const fine = await t.app.inject({
      method: 'PUT',
      url: '/api/org/settings',
      headers: asBrowser(owner),
      payload: { company_name: 'Acme Events', description: 'Line one\n\tLine two\r\n' },
    });
    expect(fine.statusCode).toBe(200);
  });

  it('POST /api/org/create - 400 for a NUL in the company name', async () => {
    const user = await signUpAndVerify(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/org/create',
      headers: asBrowser(user),
      payload: { company_name: 'Evil\u0000Co', subdomain: 'evil-nul', default_currency: 'GBP' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual([{ path: 'company_name', message: controlMessage }]);
  });

  it('POST /api/auth/sign-up/email - 400 for a NUL in the name', async () => {
    const response = await authPost(t.app, '/sign-up/email', {
      email: uniqueEmail(),
      password: 'Tickets&Rush42',
      name: 'Ada\u0000',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_ERROR', fields: [{ path: 'name' }] });
  });

  it('GET /api/events/:id - 400 for a NUL in the path', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/events/abc%00def', headers: asBrowser(owner) });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('GET /api/dev/mail - 400 for a NUL in the query', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/dev/mail?to=a%00b' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual([{ path: 'to', message: controlMessage }]);
  });
});

describe('malformed requests', () => {
  it('GET /api/events/%ff - 400 in the error envelope', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/events/%ff', headers: asBrowser(owner) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'BAD_REQUEST', message: 'The URL is not valid' } });
  });

  it('POST /api/uploads/image - 400 in the error envelope for a malformed multipart body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/image',
      headers: { ...asBrowser(owner), 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="purpose"\r\n\r\nlogo\r\n--xyz\r\nContent-Disp',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'BAD_REQUEST',
      message: 'The upload is not a well-formed multipart/form-data body',
    });
  });
});

describe('event years', () => {
  it('POST /api/events - 400 for a year before 1900, with the field named', async () => {
    for (const start_local of ['0099-05-01T20:00', '0000-01-01T00:00', '1899-12-31T23:59']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/events',
        headers: asBrowser(owner),
        payload: { name: 'Old', start_local, time_zone: 'Europe/London' },
      });
      expect(response.statusCode, start_local).toBe(400);
      expect(response.json().error.fields).toEqual([
        { path: 'start_local', message: 'Enter a date from the year 1900 onwards' },
      ]);
    }
  });
});

describe('database errors in the log', () => {
  it('logs the PostgreSQL error code only, never the SQL or its parameters', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = Fastify({ logger: { level: 'error', stream } });
    await app.register(errorHandlerPlugin, { sendStorefrontError });
    app.get('/boom', async () => {
      await t.database.db.execute(sql`select ${'secret-user@example.com'}::int`);
      return 'unreachable';
    });
    const response = await app.inject({ method: 'GET', url: '/boom' });
    await app.close();
    expect(response.statusCode).toBe(500);
    const log = lines.join('');
    expect(log).toContain('22P02');
    expect(log).not.toContain('secret-user');
    expect(log.toLowerCase()).not.toContain('select');
    expect(APP_ORIGIN).toBe('http://localhost:3000');
  });
});

describe('too-long path parameters', () => {
  it('GET /api/events/:id - 400 in the envelope for an id longer than the router takes', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/events/${'x'.repeat(5_000)}`,
      headers: asBrowser(owner),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'BAD_REQUEST', message: 'A part of the URL is too long' } });
  });
});

describe('storefront pages answer errors with HTML pages', () => {
  const host = 'bad-input.localhost:3000';
  const expectHtml = (
    response: { statusCode: number; headers: Record<string, unknown>; body: string },
    status: number,
  ) => {
    expect(response.statusCode).toBe(status);
    expect(String(response.headers['content-type'])).toMatch(/^text\/html/);
    expect(response.body).toContain('<!doctype html>');
  };

  it('GET /events/:id - 400 page for a control character in the query', async () => {
    expectHtml(await t.app.inject({ method: 'GET', url: '/events/abc?x=%00', headers: { host } }), 400);
  });

  it('GET /orders/:token - 400 page for bad percent-encoding and for a too-long token', async () => {
    expectHtml(await t.app.inject({ method: 'GET', url: '/orders/%ff', headers: { host } }), 400);
    expectHtml(await t.app.inject({ method: 'GET', url: `/orders/${'x'.repeat(5_000)}`, headers: { host } }), 400);
  });

  it('POST /orders/lookup - 400 page for malformed JSON, and an unknown address with malformed JSON is a page', async () => {
    const json = { host, origin: `http://${host}`, 'content-type': 'application/json' };
    expectHtml(await t.app.inject({ method: 'POST', url: '/orders/lookup', headers: json, payload: '{' }), 400);
    const nowhere = await t.app.inject({ method: 'POST', url: '/nowhere', headers: json, payload: '{' });
    expect(nowhere.statusCode).toBeGreaterThanOrEqual(400);
    expect(nowhere.statusCode).toBeLessThan(500);
    expect(String(nowhere.headers['content-type'])).toMatch(/^text\/html/);
  });
});
