// What the server's log lines may carry: the request id, the method, the route's path with access tokens cut
// out, the host and the client address; never query strings, bodies, headers, e-mail addresses or card data.
import { randomUUID } from 'node:crypto';
import type { FastifyServerOptions } from 'fastify';

/** An incoming x-request-id is kept only when it is a short, safe token (a UUID or a tracing id). */
const requestIdPattern = /^[A-Za-z0-9._-]{8,64}$/;

export function requestIdFrom(headers: Record<string, string | string[] | undefined>): string {
  const given = headers['x-request-id'];
  return typeof given === 'string' && requestIdPattern.test(given) ? given : randomUUID();
}

// Paths whose segment after the prefix is a secret: an order's access token (storefront checkout and order pages,
// and their files), a sandbox checkout session, a better-auth reset link.
const secretSegments = /^(\/(?:checkout|orders|sandbox\/checkout|api\/auth\/reset-password)\/)(?!lookup(?:\/|$))[^/]+/;

/** The URL as it may be logged: the path only, with access tokens replaced. */
export function loggableUrl(url: string): string {
  const pathname = url.split('?')[0] ?? '';
  return pathname.replace(secretSegments, '$1[redacted]');
}

const emailPattern = /[^\s@<>"'(),;:]+@[^\s@<>"'(),;:]+\.[^\s@<>"'(),;:]+/g;

/** Replaces e-mail addresses in free text (an SMTP server's refusal quotes the recipient, for example). */
export function withoutEmails(text: string): string {
  return text.replace(emailPattern, '[email]');
}

interface SerializedError {
  type: string;
  message: string;
  stack?: string;
  code?: unknown;
  statusCode?: unknown;
  cause?: unknown;
}

/** Errors as pino's standard serializer would show them, minus e-mail addresses in the message and stack. */
export function serializeError(value: unknown, depth = 0): unknown {
  if (!(value instanceof Error)) return value;
  const error = value as Error & { code?: unknown; statusCode?: unknown };
  const serialized: SerializedError = { type: error.constructor?.name ?? error.name, message: '' };
  serialized.message = withoutEmails(error.message);
  if (error.stack) serialized.stack = withoutEmails(error.stack);
  if (error.code !== undefined) serialized.code = error.code;
  if (error.statusCode !== undefined) serialized.statusCode = error.statusCode;
  if (error.cause !== undefined && depth < 3) serialized.cause = serializeError(error.cause, depth + 1);
  return serialized;
}

interface LoggedRequest {
  method: string;
  url: string;
  hostname?: string;
  ip?: string;
}

type LoggerOptions = Exclude<NonNullable<FastifyServerOptions['logger']>, boolean>;

/** The server's pino options; `stream` lets a test read what would be written. */
export function loggerOptions(level: string, stream?: LoggerOptions['stream']): LoggerOptions {
  return {
    level,
    // Nothing below logs headers; the redaction is a second line of defence should a serializer ever add them.
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    serializers: {
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: loggableUrl(request.url),
        host: request.hostname,
        remoteAddress: request.ip,
      }),
      // Typed as pino's own serializer; a plain object (loggableError's { type, code }) passes through as it is.
      err: (error) => serializeError(error) as { type: string; message: string; stack: string },
    },
    hooks: {
      // Free-text messages (better-auth's among them) lose any e-mail address they quote.
      logMethod(args, method) {
        const cleaned = args.map((arg) => (typeof arg === 'string' ? withoutEmails(arg) : arg));
        return method.apply(this, cleaned as Parameters<typeof method>);
      },
    },
    ...(stream ? { stream } : {}),
  };
}
