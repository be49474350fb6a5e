// Idempotency keys on v1 POSTs (decision 151): the same key and request answer once and then replay that answer;
// the same key with another request is 422; while the first is in flight 409; a POST without a key is 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createKey, proOrganisationWithKey, v1 } from '../../../test/api-key-helpers.js';
import { apiIdempotency } from '../../db/schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (secret: string, key: string | undefined, body: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/events',
    headers: { authorization: `Bearer ${secret}`, ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload: body,
  });

const eventCount = async (secret: string) => (await v1(t.app, secret, 'GET', '/api/v1/events')).json().data.length;

describe('Idempotency-Key', () => {
  it('creates once for the same key and body and answers the stored response again', async () => {
    const { key } = await proOrganisationWithKey(t.app, t.database.db, 'idemsame');
    const first = await post(key.secret, 'create-1', { name: 'Once' });
    expect(first.statusCode).toBe(201);
    const again = await post(key.secret, 'create-1', { name: 'Once' });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await eventCount(key.secret)).toBe(1);
  });

  it('refuses the same key with a different body (422) and creates nothing more', async () => {
    const { key } = await proOrganisationWithKey(t.app, t.database.db, 'idemdiff');
    expect((await post(key.secret, 'create-2', { name: 'First' })).statusCode).toBe(201);
    const other = await post(key.secret, 'create-2', { name: 'Second' });
    expect(other.statusCode).toBe(422);
    expect(other.json().error.code).toBe('UNPROCESSABLE');
    expect(await eventCount(key.secret)).toBe(1);
  });

  it('answers 409 while the same key is still in flight', async () => {
    const { key } = await proOrganisationWithKey(t.app, t.database.db, 'idemflight');
    await t.database.db
      .insert(apiIdempotency)
      .values({ apiKeyId: key.id, idempotencyKey: 'busy', requestHash: 'x', state: 'in_flight' });
    const busy = await post(key.secret, 'busy', { name: 'Busy' });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error.code).toBe('CONFLICT');
    expect(await eventCount(key.secret)).toBe(0);
  });

  it('takes over a claim abandoned more than a minute ago, and an answer past its 24 hours', async () => {
    const { key } = await proOrganisationWithKey(t.app, t.database.db, 'idemold');
    await t.database.db.insert(apiIdempotency).values([
      {
        apiKeyId: key.id,
        idempotencyKey: 'crashed',
        requestHash: 'x',
        state: 'in_flight',
        createdAt: new Date(Date.now() - 120_000),
      },
      {
        apiKeyId: key.id,
        idempotencyKey: 'expired',
        requestHash: 'x',
        state: 'done',
        responseStatus: 201,
        responseBody: {},
        expiresAt: new Date(Date.now() - 1000),
      },
    ]);
    expect((await post(key.secret, 'crashed', { name: 'Retried' })).statusCode).toBe(201);
    expect((await post(key.secret, 'expired', { name: 'Anew' })).statusCode).toBe(201);
    expect(await eventCount(key.secret)).toBe(2);
  });

  it('needs the header on every POST (400) and keeps keys of different API keys apart', async () => {
    const { owner, key } = await proOrganisationWithKey(t.app, t.database.db, 'idemneed');
    const missing = await post(key.secret, undefined, { name: 'No key' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('VALIDATION_ERROR');
    const blank = await post(key.secret, 'has space', { name: 'Bad key' });
    expect(blank.statusCode).toBe(400);
    const second = await createKey(t.app, owner, ['events:write', 'events:read']);
    expect((await post(key.secret, 'shared', { name: 'A' })).statusCode).toBe(201);
    expect((await post(second.secret, 'shared', { name: 'B' })).statusCode).toBe(201);
    expect(await eventCount(key.secret)).toBe(2);
  });

  it('stores an error answer too: a replayed failed publish gives the same 409 and does not run again', async () => {
    const { key } = await proOrganisationWithKey(t.app, t.database.db, 'idemerror');
    const draft = (await v1(t.app, key.secret, 'POST', '/api/v1/events', { name: 'Incomplete' })).json();
    const headers = { 'idempotency-key': 'publish-1' };
    const first = await v1(t.app, key.secret, 'POST', `/api/v1/events/${draft.id}/publish`, undefined, headers);
    expect(first.statusCode).toBeGreaterThanOrEqual(400);
    const again = await v1(t.app, key.secret, 'POST', `/api/v1/events/${draft.id}/publish`, undefined, headers);
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
  });
});
