// The security headers of every response (CSP, HSTS in production, frame and referrer rules...), by helmet.
// The middleware is built once, with the configuration, and applied to each request: @fastify/helmet built a new
// one for every request, a few percent of a checkout's CPU (decision 040).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { PAGE_LOADER_CSP } from '../storefront/page-loader.js';

export interface SecurityHeadersOptions {
  isProduction: boolean;
  /** Uploaded images may be served from the S3 bucket's public URL. */
  s3PublicUrl?: string;
}

export function helmetOptions(options: SecurityHeadersOptions): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // 'self', and the storefront pages' one inline loader by its hash (decision 036).
        scriptSrc: ["'self'", PAGE_LOADER_CSP],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(options.s3PublicUrl ? [new URL(options.s3PublicUrl).origin] : [])],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        workerSrc: ["'self'", 'blob:'],
        upgradeInsecureRequests: options.isProduction ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: options.isProduction ? { maxAge: 15552000, includeSubDomains: false } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  };
}

export const securityHeadersPlugin = fp(async (app: FastifyInstance, options: SecurityHeadersOptions) => {
  const apply = helmet(helmetOptions(options));
  // Helmet sets the headers on the raw response; a route's own header of the same name (a stricter CSP) wins.
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
});
