// Refuses cross-site state-changing requests (CSRF): a POST/PUT/PATCH/DELETE that carries an Origin must come
// from the app's own origin, from the storefront host it is sent to, or (outside production) from Vite's dev
// server; one that carries a cookie but no Origin is refused too, since browsers send Origin on every such
// request. Clients without cookies and without Origin (bearer-token API clients, the Stripe webhook) pass.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { AppError } from '../lib/errors.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const VITE_DEV_ORIGIN = 'http://localhost:5173';

function ownOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${String(request.headers.host ?? '').toLowerCase()}`;
}

export const originCheckPlugin = fp(async (app: FastifyInstance, options: { config: Config }) => {
  const appOrigin = new URL(options.config.appUrl).origin;
  const allowed = new Set([appOrigin, ...(options.config.isProduction ? [] : [VITE_DEV_ORIGIN])]);

  // Registered after the host classification hook, so request.siteHost is set.
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin === undefined) {
      if (request.headers.cookie) throw new AppError('FORBIDDEN', 'Cross-site request refused');
      return;
    }
    if (allowed.has(origin)) return;
    // A storefront's own forms post to their own host (an organisation subdomain or custom domain).
    if (request.siteHost.kind !== 'app' && origin.toLowerCase() === ownOrigin(request)) return;
    throw new AppError('FORBIDDEN', 'Cross-site request refused');
  });
});
