// The server's whole route table as the fuzz and tenant suites see it: every route Fastify is told of (through
// buildApp's onRoute option), one entry per method, with its input schemas as JSON Schema. better-auth's
// catch-all /api/auth/* is expanded into better-auth's own endpoints, read from auth.api with their schemas.
import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import type { Auth } from '../src/modules/auth/auth.js';
import { isOpenAuthEndpoint } from '../src/modules/auth/auth-paths.js';

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema | JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  format?: string;
  additionalProperties?: boolean | JsonSchema;
  [key: string]: unknown;
};

export interface RouteEntry {
  method: string;
  /** Fastify's pattern, e.g. /api/events/:id, or /api/auth/sign-up/email for a better-auth endpoint. */
  url: string;
  /** Matches only on organisation hosts (the storefront's `site` constraint). */
  storefront: boolean;
  /** Path parameter names in order; a wildcard is '*'. */
  params: string[];
  body?: JsonSchema;
  query?: JsonSchema;
  /** The route's own schemas, to check that a generated value is valid. */
  validate: { body?: (value: unknown) => boolean; query?: (value: unknown) => boolean };
  paramsSchema?: JsonSchema;
  /** A better-auth endpoint refused before better-auth sees it (not on the allow-list of auth-paths.ts). */
  closed: boolean;
  source: 'fastify' | 'better-auth';
}

const AUTH_WILDCARD = '/api/auth/*';

function isZod(value: unknown): value is z.ZodType {
  return typeof value === 'object' && value !== null && '_zod' in value;
}

/** JSON Schema of a route's input schema (Zod or plain JSON Schema), or undefined when it has none. */
export function toJsonSchema(schema: unknown): JsonSchema | undefined {
  if (!schema) return undefined;
  if (isZod(schema)) {
    try {
      return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    } catch {
      return {};
    }
  }
  return typeof schema === 'object' ? (schema as JsonSchema) : undefined;
}

function validator(schema: unknown): ((value: unknown) => boolean) | undefined {
  return isZod(schema) ? (value) => schema.safeParse(value).success : undefined;
}

export function paramNames(url: string): string[] {
  return url
    .split('/')
    .filter((part) => part.startsWith(':') || part === '*')
    .map((part) => (part === '*' ? '*' : part.slice(1)));
}

/** Collects routes: pass `collector.onRoute` to buildApp (createTestApp), then call `collector.entries(auth)`. */
export function routeCollector() {
  const seen: RouteOptions[] = [];
  return {
    onRoute: (route: RouteOptions) => void seen.push(route),
    entries(auth: Auth): RouteEntry[] {
      const entries: RouteEntry[] = [];
      for (const route of seen) {
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        const schema = (route.schema ?? {}) as Record<string, unknown>;
        const storefront = (route.constraints as Record<string, unknown> | undefined)?.site === 'storefront';
        for (const method of methods) {
          if (route.url === AUTH_WILDCARD) entries.push(...authEntries(auth, method));
          entries.push({
            method,
            url: route.url,
            storefront,
            params: paramNames(route.url),
            body: toJsonSchema(schema.body),
            query: toJsonSchema(schema.querystring),
            paramsSchema: toJsonSchema(schema.params),
            validate: { body: validator(schema.body), query: validator(schema.querystring) },
            closed: false,
            source: 'fastify',
          });
        }
      }
      return entries;
    },
  };
}

interface AuthEndpoint {
  path?: string;
  options?: { method?: string | string[]; body?: unknown; query?: unknown; metadata?: { SERVER_ONLY?: boolean } };
}

/** better-auth's HTTP endpoints answering `method` (HEAD is sent as GET by better-auth's router). */
function authEntries(auth: Auth, method: string): RouteEntry[] {
  const wanted = method === 'HEAD' ? 'GET' : method;
  const entries: RouteEntry[] = [];
  for (const endpoint of Object.values(auth.api as Record<string, AuthEndpoint>)) {
    const path = endpoint.path;
    if (!path || endpoint.options?.metadata?.SERVER_ONLY) continue;
    const methods = [endpoint.options?.method ?? 'GET'].flat();
    if (!methods.includes(wanted) && !methods.includes('*')) continue;
    const url = `/api/auth${path}`;
    entries.push({
      method,
      url,
      storefront: false,
      params: paramNames(url),
      body: toJsonSchema(endpoint.options?.body),
      query: toJsonSchema(endpoint.options?.query),
      validate: { body: validator(endpoint.options?.body), query: validator(endpoint.options?.query) },
      closed: !isOpenAuthEndpoint(method, path),
      source: 'better-auth',
    });
  }
  return entries;
}

export const routeKey = (route: Pick<RouteEntry, 'method' | 'url' | 'storefront'>) =>
  `${route.method} ${route.url}${route.storefront ? ' [storefront]' : ''}`;
