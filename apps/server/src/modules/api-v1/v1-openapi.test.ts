// The OpenAPI 3.1 document of /api/v1 (decision 151): valid by a well-kept validator, generated from the routes'
// schemas (only the v1 routes, every operation named and behind the bearer scheme), with a reference page served
// by the product itself. A client generated from the document (openapi-typescript types, checked in and checked
// up to date here; openapi-fetch) drives a real server through the API.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import openapiTS, { astToString } from 'openapi-typescript';
import createClient from 'openapi-fetch';
import * as prettier from 'prettier';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { liveEventInput, sellingOrganiser } from '../../../test/checkout-helpers.js';
import { insertOrder } from '../../../test/order-fixtures.js';
import { grantPro } from '../../../test/plan-helpers.js';
import { createKey } from '../../../test/api-key-helpers.js';
import type { paths } from '../../../test/generated/api-v1.js';
import { member } from '../../db/schema/index.js';

const generatedFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../test/generated/api-v1.ts');
const HEADER =
  '// Generated from GET /api/v1/openapi.json by openapi-typescript: UPDATE_API_TYPES=1 runs v1-openapi.test.ts.\n';

let t: TestApp;
let document: Record<string, unknown> & { paths: Record<string, Record<string, Record<string, unknown>>> };
beforeAll(async () => {
  t = await createTestApp();
  document = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
});
afterAll(() => t.close());

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
  });

  it('has the v1 routes only, each named, behind the bearer scheme, with the error envelope', () => {
    const paths = Object.keys(document.paths);
    expect(paths.length).toBeGreaterThanOrEqual(8);
    for (const route of paths) expect(route.startsWith('/api/v1/')).toBe(true);
    expect(paths).not.toContain('/api/v1/openapi.json');
    expect(paths.some((route) => route.startsWith('/api/v1/reference'))).toBe(false);
    const operations = Object.values(document.paths).flatMap((item) => Object.values(item));
    expect(new Set(operations.map((operation) => operation.operationId)).size).toBe(operations.length);
    for (const operation of operations) expect(Object.keys(operation.responses as object)).toContain('401');
    expect(document).toMatchObject({
      components: { securitySchemes: { apiKey: { type: 'http', scheme: 'bearer' } } },
      security: [{ apiKey: [] }],
    });
  });

  it('is served with a reference page from the product itself, no other origin', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/v1/reference' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).not.toMatch(/(src|href)="(https?:)?\/\//);
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(sources.length).toBeGreaterThan(2);
    for (const source of sources) {
      const asset = await t.app.inject({ method: 'GET', url: new URL(source, 'http://x/api/v1/reference/').pathname });
      expect(asset.statusCode, source).toBe(200);
    }
  });

  it('matches the checked-in generated client types', async () => {
    const generated = HEADER + astToString(await openapiTS(document as never));
    const formatted = await prettier.format(generated, {
      ...(await prettier.resolveConfig(generatedFile)),
      filepath: generatedFile,
    });
    if (process.env.UPDATE_API_TYPES === '1') fs.writeFileSync(generatedFile, formatted);
    expect(fs.readFileSync(generatedFile, 'utf8')).toBe(formatted);
  });
});

describe('a client generated from the document', () => {
  it('creates an event and a ticket type, publishes it, and lists its orders and customers', async () => {
    const owner = await sellingOrganiser(t.app, 'generated');
    const [{ organizationId } = { organizationId: '' }] = await t.database.db.select().from(member).limit(1);
    await grantPro(t.database.db, organizationId);
    const { secret } = await createKey(t.app, owner);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const client = createClient<paths>({
      baseUrl: `http://127.0.0.1:${port}`,
      headers: { authorization: `Bearer ${secret}` },
    });

    const created = await client.POST('/api/v1/events', {
      params: { header: { 'idempotency-key': 'client-event' } },
      body: { ...liveEventInput, name: 'Generated Night' },
    });
    expect(created.response.status).toBe(201);
    const eventId = created.data!.id;
    const type = await client.POST('/api/v1/events/{id}/ticket-types', {
      params: { path: { id: eventId }, header: { 'idempotency-key': 'client-type' } },
      body: { name: 'VIP', price: '45.00', capacity: 20 },
    });
    expect(type.response.status).toBe(201);
    expect(type.data).toMatchObject({ name: 'VIP', price_minor: 4500 });
    // A ticket type is changed (PUT replaces its fields) and one that sold nothing removed.
    const changed = await client.PUT('/api/v1/events/{id}/ticket-types/{typeId}', {
      params: { path: { id: eventId, typeId: type.data!.id } },
      body: { name: 'VIP Balcony', price: '50.00', capacity: 25 },
    });
    expect(changed.response.status).toBe(200);
    expect(changed.data).toMatchObject({ name: 'VIP Balcony', price_minor: 5000, capacity: 25 });
    const spare = await client.POST('/api/v1/events/{id}/ticket-types', {
      params: { path: { id: eventId }, header: { 'idempotency-key': 'client-spare' } },
      body: { name: 'Spare', price: '10.00', capacity: 5 },
    });
    const removed = await client.DELETE('/api/v1/events/{id}/ticket-types/{typeId}', {
      params: { path: { id: eventId, typeId: spare.data!.id } },
    });
    expect(removed.response.status).toBe(204);
    const gone = await client.DELETE('/api/v1/events/{id}/ticket-types/{typeId}', {
      params: { path: { id: eventId, typeId: spare.data!.id } },
    });
    expect(gone.response.status).toBe(404);
    const published = await client.POST('/api/v1/events/{id}/publish', {
      params: { path: { id: eventId }, header: { 'idempotency-key': 'client-publish' } },
    });
    expect(published.response.status).toBe(200);
    expect(published.data?.status).toBe('live');
    expect(published.data?.ticket_types.map((ticketType) => ticketType.name)).toContain('VIP Balcony');
    expect(published.data?.ticket_types.map((ticketType) => ticketType.name)).not.toContain('Spare');

    await insertOrder(t.database.db, {
      organizationId,
      eventId,
      ticketTypeId: type.data!.id,
      email: 'client@example.com',
      amountMinor: 4500,
      status: 'paid',
      paidAt: new Date(),
    });
    const orders = await client.GET('/api/v1/orders', { params: { query: { event_id: eventId, limit: 10 } } });
    expect(orders.data?.data.map((row) => row.email)).toEqual(['client@example.com']);
    const order = await client.GET('/api/v1/orders/{id}', { params: { path: { id: orders.data!.data[0]!.id } } });
    expect(order.data?.event).toEqual({ id: eventId, name: 'Generated Night' });
    const customers = await client.GET('/api/v1/customers', { params: { query: {} } });
    expect(customers.data?.data.map((row) => row.email)).toContain('client@example.com');

    const refused = await client.GET('/api/v1/events/{id}', { params: { path: { id: 'not-an-id' } } });
    expect(refused.response.status).toBe(404);
    expect(refused.error?.error.code).toBe('NOT_FOUND');
    const replayed = await client.POST('/api/v1/events', {
      params: { header: { 'idempotency-key': 'client-event' } },
      body: { ...liveEventInput, name: 'Another name' },
    });
    expect(replayed.response.status).toBe(422);
  });
});
