// Serves the built dashboard app: hashed assets cached for a year, index.html never cached, and the SPA
// fallback for app routes. API paths and non-HTML requests get the JSON 404 envelope instead.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { errorEnvelope } from './error-handler.js';

export interface WebAppOptions {
  /** Directory holding the Vite build; when it has no index.html only the API is served. */
  distDir: string;
  /** The 404 page of a storefront host (the storefront's own, handed in by the app: plugins know no pages). */
  storefrontNotFound: (reply: FastifyReply) => FastifyReply;
}

const immutable = 'public, max-age=31536000, immutable';

export async function registerWebApp(app: FastifyInstance, options: WebAppOptions) {
  const indexPath = path.join(options.distDir, 'index.html');
  const hasBuild = fs.existsSync(indexPath);
  const indexHtml = hasBuild ? fs.readFileSync(indexPath, 'utf8') : null;

  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      index: false,
      wildcard: false,
      serveDotFiles: false,
      setHeaders(reply, filePath) {
        const relative = path.relative(options.distDir, filePath);
        reply.header('cache-control', relative.startsWith(`assets${path.sep}`) ? immutable : 'public, max-age=3600');
      },
    });
  }

  const sendIndex = (reply: FastifyReply) => {
    if (!indexHtml) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app has not been built. Run `npm run build` (npm start does it for you).');
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
  };

  app.get('/', (_request, reply) => sendIndex(reply));

  app.get('/robots.txt', (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(
        'User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /dashboard\nDisallow: /onboarding\nDisallow: /checkin\nDisallow: /sso-callback\nDisallow: /dev/\n',
      ),
  );

  app.setNotFoundHandler((request: FastifyRequest, reply) => {
    if (request.siteHost.kind !== 'app') {
      if (request.url.startsWith('/api/')) {
        return reply
          .status(404)
          .send(errorEnvelope('NOT_FOUND', `Route ${request.method} ${request.url.split('?')[0]} not found`));
      }
      return options.storefrontNotFound(reply);
    }
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    const isAppRoute =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api/') &&
      !pathname.startsWith('/assets/') &&
      !path.extname(pathname);
    if (isAppRoute && wantsHtml) return sendIndex(reply);
    return reply.status(404).send(errorEnvelope('NOT_FOUND', `Route ${request.method} ${pathname} not found`));
  });
}
