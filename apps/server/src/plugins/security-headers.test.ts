// The security headers every response carries, from the middleware built once (decision 040): the same on every
// request, a route's own stricter CSP kept, and HSTS with upgrade-insecure-requests only in production.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { securityHeadersPlugin } from './security-headers.js';
import { PAGE_LOADER_CSP } from '../storefront/page-loader.js';

async function appWith(isProduction: boolean) {
  const app = Fastify();
  await app.register(securityHeadersPlugin, {
    isProduction,
    s3PublicUrl: 'https://cdn.example.com/files',
    inlineScripts: [PAGE_LOADER_CSP],
  });
  app.get('/plain', async () => ({ ok: true }));
  app.get('/strict', async (_request, reply) =>
    reply.header('content-security-policy', "default-src 'none'").send('x'),
  );
  return app;
}

describe('security headers', () => {
  it('sets the CSP, frame and referrer rules on every response, the same each time', async () => {
    const app = await appWith(false);
    const first = await app.inject({ method: 'GET', url: '/plain' });
    const second = await app.inject({ method: 'GET', url: '/missing' });
    for (const response of [first, second]) {
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(response.headers['content-security-policy']).toContain(
        "img-src 'self' data: blob: https://cdn.example.com",
      );
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['strict-transport-security']).toBeUndefined();
      expect(response.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    }
    expect(second.statusCode).toBe(404);
    expect(second.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    await app.close();
  });

  it("keeps a route's own CSP", async () => {
    const app = await appWith(false);
    const response = await app.inject({ method: 'GET', url: '/strict' });
    expect(response.headers['content-security-policy']).toBe("default-src 'none'");
    await app.close();
  });

  it('asks browsers for HTTPS in production', async () => {
    const app = await appWith(true);
    const response = await app.inject({ method: 'GET', url: '/plain' });
    expect(response.headers['strict-transport-security']).toBe('max-age=15552000');
    expect(response.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    await app.close();
  });
});
