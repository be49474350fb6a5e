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
