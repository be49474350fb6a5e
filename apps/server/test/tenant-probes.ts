// Probes for the tenant suite: which inputs of a route name tenant data (path parameters, and body or query
// fields called like an id, token, hostname or domain), what kind of value each takes, and the requests that
// send organisation B's values there as organisation A.
import fc from 'fast-check';
import { is, eq, getTableColumns } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../src/db/client.js';
import * as schema from '../src/db/schema/index.js';
import { fromSchema } from './fuzz-arbitraries.js';
import type { JsonSchema, RouteEntry } from './route-table.js';
import { paramKind, type OrgWorld } from './tenant-world.js';

export const TENANT_FIELD = /(^id$|ids?$|_ids?$|token|hostname|domain)/i;

export interface TenantInput {
  where: 'params' | 'body' | 'query';
  name: string;
  /** The kind of value (a key of OrgWorld.values), 'anyId', or undefined when the suite does not know it. */
  kind: string | undefined;
  array: boolean;
}

/** The kind of value a body or query field takes, from its name. */
export function fieldKind(name: string): string | undefined {
  const plain = name.replace(/_/g, '').toLowerCase();
  const kinds: Record<string, string> = {
    organizationid: 'organization',
    customdomain: 'domain',
    domain: 'domain',
    hostname: 'hostname',
    subdomain: 'subdomain',
    memberid: 'member',
    userid: 'user',
    eventid: 'event',
    tickettypeid: 'ticketType',
    typeid: 'ticketType',
    tickettypeids: 'ticketType',
    ids: 'ticketType',
    orderid: 'order',
    ticketids: 'ticket',
    token: 'session',
    sessiontoken: 'session',
    // A label the check-in app makes up for itself, not an organisation's data: nothing of B's to send.
    deviceid: 'device',
    // Likewise the key the check-in app makes up for one door sale (it only repeats that device's own sale).
    saleid: 'device',
    id: 'anyId',
  };
  return kinds[plain];
}

export function tenantInputs(route: RouteEntry): TenantInput[] {
  const inputs: TenantInput[] = route.params.map((name) => ({
    where: 'params' as const,
    name,
    kind: paramKind(route.url, name),
    array: false,
  }));
  for (const [where, json] of [
    ['body', route.body],
    ['query', route.query],
  ] as const) {
    for (const [name, property] of Object.entries(json?.properties ?? {})) {
      if (!TENANT_FIELD.test(name)) continue;
      inputs.push({ where, name, kind: fieldKind(name), array: property.type === 'array' });
    }
  }
  return inputs;
}

export function valuesOf(world: OrgWorld, kind: string): string[] {
  if (kind === 'anyId') {
    return ['organization', 'event', 'ticketType', 'order', 'member', 'user'].flatMap(
      (name) => world.values[name] ?? [],
    );
  }
  return world.values[kind] ?? [];
}

export interface Probe {
  method: string;
  url: string;
  query: Record<string, string>;
  body: Record<string, unknown> | undefined;
  /** B's values this probe carries (an answer may echo them without leaking). */
  injected: string[];
}

/** A body or query valid for its schema (fixed seed), so a probe gets past validation to the tenant check. */
function validSample(
  json: JsonSchema | undefined,
  validate: ((value: unknown) => boolean) | undefined,
  seed: number,
): Record<string, unknown> {
  if (!json?.properties) return {};
  const isObject = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);
  // The JSON Schema cannot say everything the route's schema checks (refinements): keep the first that passes.
  const samples = fc.sample(fromSchema(json, false), { seed, numRuns: 200 }).filter(isObject);
  return samples.find((value) => validate?.(value) ?? true) ?? samples[0] ?? {};
}

/** One probe per B value of each known input, every other input holding A's own value. */
export function probesFor(route: RouteEntry, inputs: TenantInput[], a: OrgWorld, b: OrgWorld, seed: number): Probe[] {
  const baseBody = validSample(route.body, route.validate.body, seed);
  const baseQuery = validSample(route.query, route.validate.query, seed);
  const own = (input: TenantInput) => valuesOf(a, input.kind ?? 'anyId')[0] ?? 'none';
  const probes: Probe[] = [];
  for (const target of inputs) {
    if (!target.kind) continue;
    for (const value of valuesOf(b, target.kind)) {
      const params: Record<string, string> = {};
      const body: Record<string, unknown> = { ...baseBody };
      const query: Record<string, string> = Object.fromEntries(
        Object.entries(baseQuery).map(([key, item]) => [key, String(item)]),
      );
      for (const input of inputs) {
        const chosen = input === target ? value : own(input);
        const item = input.array ? (input === target ? valuesOf(b, target.kind) : [chosen]) : chosen;
        if (input.where === 'params') params[input.name] = chosen;
        else if (input.where === 'body') body[input.name] = item;
        else query[input.name] = chosen;
      }
      const url = route.url
        .split('/')
        .map((part) => {
          if (part === '*') return params['*'] ?? '';
          return part.startsWith(':') ? encodeURIComponent(params[part.slice(1)] ?? '') : part;
        })
        .join('/');
      const hasBody = route.method !== 'GET' && route.method !== 'HEAD';
      probes.push({ method: route.method, url, query, body: hasBody ? body : undefined, injected: [value] });
    }
  }
  return probes;
}

/** Every row that belongs to `world`'s organisation, in every table with an organisation column, plus its users. */
export async function snapshot(db: Database, world: OrgWorld): Promise<string> {
  const parts: Record<string, unknown> = {};
  for (const [name, table] of Object.entries(schema)) {
    if (!is(table, PgTable)) continue;
    const columns = getTableColumns(table) as Record<string, Parameters<typeof eq>[0]>;
    const owner = columns.organizationId ?? (name === 'organization' ? columns.id : undefined);
    const userColumn =
      name === 'user' ? columns.id : name === 'session' || name === 'account' ? columns.userId : undefined;
    if (owner) parts[name] = await db.select().from(table).where(eq(owner, world.organizationId));
    else if (userColumn) parts[name] = await db.select().from(table).where(eq(userColumn, world.userId));
  }
  return JSON.stringify(parts);
}
