// Mounts better-auth's handler on /api/auth/*: only the endpoints the product uses are open (auth-paths.ts, judged on
// the normalised path), the Fastify request becomes a web Request for that canonical path (raw body passed through
// untouched) and the web Response is copied back, every Set-Cookie included and no session token in it.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { Config } from '../../config.js';
import { AppError, notFound } from '../../lib/errors.js';
import { controlCharacterError } from '../../lib/control-characters.js';
import { configuredSocialProviders, SOCIAL_PROVIDERS, type Auth, type SocialProviderId } from './auth.js';
import { AUTH_BASE_PATH, openAuthPath, queryOf } from './auth-paths.js';

export function toWebHeaders(request: FastifyRequest): Headers {
  const headers = fromNodeHeaders(request.headers);
  headers.delete('x-marquee-client-ip');
  headers.set('x-marquee-client-ip', request.ip);
  return headers;
}

function explainSocialFailure(config: Config, path: string, request: FastifyRequest, body: Buffer | undefined) {
  if (path !== '/sign-in/social' || !body) return;
  let provider: unknown;
  try {
    provider = (JSON.parse(body.toString('utf8')) as { provider?: unknown }).provider;
  } catch {
    return;
  }
  const configured = configuredSocialProviders(config) as Record<string, unknown>;
  if (typeof provider === 'string' && provider in SOCIAL_PROVIDERS && !configured[provider]) {
    const prefix = provider.toUpperCase();
    request.log.warn(
      { provider },
      `${SOCIAL_PROVIDERS[provider as SocialProviderId]} sign-in is not configured: set ${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET`,
    );
  }
}

/** better-auth gets the raw body, so the app-wide control-character check is repeated here on its JSON. */
function assertNoControlCharacters(request: FastifyRequest, body: Buffer | undefined) {
  if (!body?.length || !String(request.headers['content-type'] ?? '').includes('json')) return;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return; // better-auth answers malformed JSON itself
  }
  const field = controlCharacterError([{ where: 'body', value: parsed }]);
  if (field) throw new AppError('VALIDATION_ERROR', `Invalid request: ${field.path}: ${field.message}`, [field]);
}

const CALLBACK_PARAMS = ['callbackURL', 'errorCallbackURL', 'newUserCallbackURL', 'redirectTo', 'currentURL'];
/** better-auth keeps a social sign-in's callback addresses with its state until the provider returns. */
const CALLBACK_URL_MAX = 2048;

/** A callback address better-auth will redirect to must be root-relative or absolute: it throws (a 500) on others. */
function assertCallbackUrls(url: URL) {
  for (const name of CALLBACK_PARAMS) {
    const value = url.searchParams.get(name);
    if (value === null) continue;
    let valid = value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\');
    if (value.length > CALLBACK_URL_MAX) valid = false;
    else if (!valid) {
      try {
        valid = ['http:', 'https:'].includes(new URL(value).protocol);
      } catch {
        valid = false;
      }
    }
    if (!valid) {
      const field = {
        path: name,
        message: `Must be a path on this site or an http(s) address, at most ${CALLBACK_URL_MAX} characters`,
      };
      throw new AppError('VALIDATION_ERROR', `Invalid querystring: ${name}: ${field.message}`, [field]);
    }
  }
}

const statusCodes: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE',
  429: 'RATE_LIMITED',
};

/**
 * better-auth answers errors as { code, message }. They leave in the app's error envelope, { error: { code,
 * message } }, with better-auth's own keys kept beside it for its client library (the web app's auth client).
 */
export function toErrorEnvelope(status: number, text: string): string {
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    parsed = {};
  }
  const body =
    parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  const existing = body.error as { code?: unknown; message?: unknown } | undefined;
  if (typeof existing?.code === 'string' && typeof existing.message === 'string') return text;
  const code = typeof body.code === 'string' && body.code ? body.code : (statusCodes[status] ?? 'BAD_REQUEST');
  const message = typeof body.message === 'string' && body.message ? body.message : 'The request was refused';
  const fields = Array.isArray(body.fields) ? { fields: body.fields as unknown[] } : {};
  return JSON.stringify({ ...body, code, message, error: { code, message, ...fields } });
}

/** Keys under which better-auth answers with a credential: a session's token, or a provider's tokens. */
const TOKEN_KEYS = new Set(['token', 'accessToken', 'refreshToken', 'idToken']);

/**
 * The JSON without any credential in it, at any depth: sign-in and verification answer with the session's raw
 * token, get-session and list-sessions with each session's. The browser holds its session in an HttpOnly cookie
 * that scripts cannot read; a token in a body would undo that.
 */
export function withoutTokens(value: unknown, depth = 0): unknown {
  if (depth > 16 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => withoutTokens(item, depth + 1));
  const kept: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (!TOKEN_KEYS.has(key)) kept[key] = withoutTokens(item, depth + 1);
  }
  return kept;
}

function stripTokens(text: string): string {
  try {
    return JSON.stringify(withoutTokens(JSON.parse(text)));
  } catch {
    return text;
  }
}

/**
 * A bearer-token API client sends neither a cookie nor an Origin (plugins/origin-check.ts reads them the same way):
 * it alone is handed the signed session token in `set-auth-token`. A browser keeps its session in the cookie.
 */
const isApiClient = (request: FastifyRequest) => !request.headers.cookie && request.headers.origin === undefined;

export async function authRoutes(app: FastifyInstance, deps: { auth: Auth; config: Config }) {
  await app.register(async (scope) => {
    // Pass every body through as raw bytes: better-auth parses JSON and form posts (OAuth callbacks) itself.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_request, body, done) =>
      done(null, body),
    );

    scope.route({
      method: ['GET', 'POST'],
      url: '/api/auth/*',
      async handler(request, reply) {
        const path = openAuthPath(request.method, request.url);
        if (!path) throw notFound();
        const body = Buffer.isBuffer(request.body) ? request.body : undefined;
        assertNoControlCharacters(request, body);
        // better-auth is given the canonical path, never the target as written: what was judged is what it routes
        // (and what its rate limits count).
        const url = new URL(`${AUTH_BASE_PATH}${path}${queryOf(request.url)}`, deps.config.appUrl);
        assertCallbackUrls(url);
        const response = await deps.auth.handler(
          new Request(url, {
            method: request.method,
            headers: toWebHeaders(request),
            body: request.method === 'GET' || request.method === 'HEAD' || !body?.length ? undefined : body,
          }),
        );
        if (response.status === 404) explainSocialFailure(deps.config, path, request, body);
        reply.status(response.status);
        const apiClient = isApiClient(request);
        response.headers.forEach((value, key) => {
          if (key === 'set-cookie' || key === 'content-length' || key === 'content-encoding') return;
          if (!apiClient && (key === 'set-auth-token' || key === 'access-control-expose-headers')) return;
          reply.header(key, value);
        });
        const cookies = response.headers.getSetCookie();
        if (cookies.length > 0) reply.header('set-cookie', cookies);
        reply.header('cache-control', 'no-store');
        const text = response.body ? await response.text() : '';
        const isJson = (response.headers.get('content-type') ?? '').includes('json');
        if (response.status >= 400 && response.status < 500 && (isJson || !text)) {
          return reply.type('application/json; charset=utf-8').send(toErrorEnvelope(response.status, text));
        }
        return reply.send(isJson ? stripTokens(text) : text);
      },
    });
  });
}
