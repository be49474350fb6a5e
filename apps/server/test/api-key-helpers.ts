// For tests of the public API (decisions 150, 151): an organisation with PRO and an API key made through
// Integrations as its owner would, and calls to /api/v1 with that key as an API client sends them.
import type { FastifyInstance } from 'fastify';
import type { ApiScope } from '@marquee/shared';
import { API_SCOPES } from '@marquee/shared';
import type { Database } from '../src/db/client.js';
import { asBrowser, type SignedInUser } from './auth-helpers.js';
import { grantPro } from './plan-helpers.js';
import { ownerWithOrganization } from './team-helpers.js';

export interface CreatedKey {
  id: string;
  secret: string;
}

export async function createKey(
  app: FastifyInstance,
  user: SignedInUser,
  scopes: readonly ApiScope[] = API_SCOPES,
  options: { name?: string; rate_limit_per_minute?: number } = {},
): Promise<CreatedKey> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/integrations/api-keys',
    headers: asBrowser(user),
    payload: { name: options.name ?? 'Test key', scopes, ...options },
  });
  if (response.statusCode !== 201) throw new Error(`key create failed: ${response.statusCode} ${response.body}`);
  const body = response.json();
  return { id: body.key.id, secret: body.secret };
}

/** An owner of a fresh organisation with PRO, and a key with every scope. */
export async function proOrganisationWithKey(app: FastifyInstance, db: Database, subdomain: string) {
  const { owner, organization } = await ownerWithOrganization(app, subdomain);
  await grantPro(db, organization.id);
  const key = await createKey(app, owner);
  return { owner, organization, key };
}

let idempotencyCounter = 0;
export const nextIdempotencyKey = () => `test-${process.pid}-${(idempotencyCounter += 1)}`;

/** A call to the public API with `secret` as its bearer key (and a fresh Idempotency-Key on a POST). */
export function v1(
  app: FastifyInstance,
  secret: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method,
    url,
    headers: {
      authorization: `Bearer ${secret}`,
      ...(method === 'POST' ? { 'idempotency-key': nextIdempotencyKey() } : {}),
      ...headers,
    },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
