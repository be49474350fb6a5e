import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('answers 200 with the database status', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status).toBe('ok');
    expect(body.database.status).toBe('up');
    expect(['pglite', 'postgres']).toContain(body.database.kind);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('sends security headers and a request id', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-request-id']).toMatch(/.{8,}/);
  });

  it('lets pages show images from the S3 public URL when one is configured', async () => {
    const withS3 = await createTestApp({ env: { S3_PUBLIC_URL: 'https://cdn.example.com/files' } });
    try {
      const response = await withS3.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.headers['content-security-policy']).toContain(
        "img-src 'self' data: blob: https://cdn.example.com",
      );
    } finally {
      await withS3.close();
    }
  });

  it('answers 503 when the database is down', async () => {
    const broken = await createTestApp();
    await broken.database.close();
    const response = await broken.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json().database.status).toBe('down');
    await broken.close();
  });
});

describe('GET /api/health/live and /api/health/ready', () => {
  it('both answer 200 while the database is up', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok', uptimeSeconds: expect.any(Number) });
    expect(live.headers['cache-control']).toBe('no-store');
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: t.database.kind });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('readiness is 503 in the error envelope when the database is closed; liveness stays 200', async () => {
    const broken = await createTestApp();
    await broken.database.close();
    try {
      const ready = await broken.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        error: { code: 'SERVICE_UNAVAILABLE', message: 'The database is not answering; try again shortly.' },
      });
      expect(ready.headers['cache-control']).toBe('no-store');
      const live = await broken.app.inject({ method: 'GET', url: '/api/health/live' });
      expect(live.statusCode).toBe(200);
    } finally {
      await broken.close();
    }
  });
});

describe('request ids', () => {
  it('keeps a short safe x-request-id and answers with it', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/health/live',
      headers: { 'x-request-id': 'trace-0123456789abcdef' },
    });
    expect(response.headers['x-request-id']).toBe('trace-0123456789abcdef');
  });

  it.each([
    ['an e-mail address', 'fran@example.com'],
    ['spaces and markup', 'id <script>alert(1)</script>'],
    ['a long value', 'a'.repeat(65)],
    ['a short value', 'abc'],
  ])('replaces an incoming x-request-id with %s by its own id', async (_case, given) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health/live', headers: { 'x-request-id': given } });
    expect(response.headers['x-request-id']).not.toBe(given);
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('unknown routes', () => {
  it('answers the JSON error envelope for an unknown API path', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Route GET /api/nope not found' } });
  });

  it('answers 400 with the envelope for malformed JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.json().error.code).toBeTypeOf('string');
  });
});
