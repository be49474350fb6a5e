// The security headers of every response (CSP, HSTS in production, frame and referrer rules...), by helmet.
// Helmet's headers depend only on the configuration here (no per-request nonce or directive function), so its
// middleware runs once, at start-up, and each response gets the headers it set: @fastify/helmet built a new
// middleware for every request and even one built once cost a checkout a few percent of its CPU (decisions 040,
// 043).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

export interface SecurityHeadersOptions {
  isProduction: boolean;
  /** Uploaded images may be served from the S3 bucket's public URL. */
  s3PublicUrl?: string;
  /** CSP sources of the only inline scripts pages may run: the storefront's loader, by its hash (decision 036). */
  inlineScripts: string[];
}

export function helmetOptions(options: SecurityHeadersOptions): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // 'self', and the storefront pages' one inline loader by its hash (decision 036).
        scriptSrc: ["'self'", ...options.inlineScripts],
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

/** The headers `middleware` sets (and removes) on a response, read by running it once on a stand-in. */
export function headersOf(middleware: ReturnType<typeof helmet>) {
  const set = new Map<string, string>();
  const removed = new Set<string>();
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      removed.delete(name.toLowerCase());
      set.set(name.toLowerCase(), String(value));
    },
    removeHeader(name: string) {
      set.delete(name.toLowerCase());
      removed.add(name.toLowerCase());
    },
  };
  let done = false;
  middleware({ headers: {} } as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    done = true;
  });
  if (!done) throw new Error('The security headers middleware did not finish at once');
  return { set: [...set], removed: [...removed] };
}

export const securityHeadersPlugin = fp(async (app: FastifyInstance, options: SecurityHeadersOptions) => {
  const { set, removed } = headersOf(helmet(helmetOptions(options)));
  // Set on the raw response, as helmet would: a route's own header of the same name (a stricter CSP) wins.
  app.addHook('onRequest', (_request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of set) raw.setHeader(name, value);
    for (const name of removed) raw.removeHeader(name);
    done();
  });
});
