// Refuses cross-site state-changing requests (CSRF): a POST/PUT/PATCH/DELETE that carries an Origin must come
// from the app's own origin, from the storefront host it is sent to, or (outside production) from Vite's dev
// server; one that carries a cookie but no Origin is refused too, since browsers send Origin on every such
// request. Clients without cookies and without Origin (bearer-token API clients, the Stripe webhook) pass, and so
// does any request to the public API (/api/v1) that carries no cookie: it is authorised by its API key alone, which
// a cross-site page cannot attach (decision 150), so its Origin does not matter.
// A route may be exempted with `config: { crossSite: true }` only when what it does is authorised by a signed
// token in its own URL and by nothing a browser sends on its own (the one-click unsubscribe, decision 154).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { AppError } from '../lib/errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route takes cross-site posts: its URL's signed token authorises it, never a cookie. */
    crossSite?: boolean;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const VITE_DEV_ORIGIN = 'http://localhost:5173';

function ownOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${String(request.headers.host ?? '').toLowerCase()}`;
}

export const originCheckPlugin = fp(async (app: FastifyInstance, options: { config: Config }) => {
  const appOrigin = new URL(options.config.appUrl).origin;
  const allowed = new Set([appOrigin, ...(options.config.isProduction ? [] : [VITE_DEV_ORIGIN])]);

  /** Whether the request is a cross-site state change to refuse. */
  const refusal = (request: FastifyRequest): boolean => {
    if (!STATE_CHANGING.has(request.method)) return false;
    if (!request.headers.cookie && request.url.startsWith('/api/v1/')) return false;
    if (request.routeOptions.config?.crossSite === true) return false;
    const origin = request.headers.origin;
    if (origin === undefined) return Boolean(request.headers.cookie);
    if (allowed.has(origin)) return false;
    // A storefront's own forms post to their own host (an organisation subdomain or custom domain).
    return request.siteHost.kind === 'app' || origin.toLowerCase() !== ownOrigin(request);
  };

  // Registered after the host classification hook, so request.siteHost is set.
  app.addHook('onRequest', (request, _reply, done) => {
    done(refusal(request) ? new AppError('FORBIDDEN', 'Cross-site request refused') : undefined);
  });
});
