import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCloudflareDomainProvider, mapCloudflareHostname } from './cloudflare.js';
import { createDomainProvider } from '../compose.js';
import { testConfig } from '../../../test/test-app.js';

interface Seen {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: unknown;
}

// A local stand-in for the Cloudflare API: records every request and answers from a queue.
let server: http.Server;
let baseUrl: string;
let seen: Seen[] = [];
let answers: Array<{ status: number; body: unknown }> = [];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      seen.push({
        method: request.method ?? '',
        path: request.url ?? '',
        authorization: request.headers.authorization,
        contentType: request.headers['content-type'],
        body: raw ? JSON.parse(raw) : undefined,
      });
      const answer = answers.shift() ?? {
        status: 500,
        body: { success: false, errors: [{ code: 1, message: 'no answer queued' }] },
      };
      response.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/client/v4`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen = [];
  answers = [];
});

const ZONE = 'zone123';
const TOKEN = 'cf-test-token';
const provider = () =>
  createCloudflareDomainProvider({ apiToken: TOKEN, zoneId: ZONE, apiUrl: baseUrl, cnameTarget: 'edge.marquee.com' });
const ok = (result: unknown) => ({ status: 200, body: { success: true, errors: [], messages: [], result } });
const pendingHostname = {
  id: 'ch_1',
  hostname: 'tickets.band.com',
  status: 'pending',
  ssl: {
    status: 'pending_validation',
    method: 'txt',
    type: 'dv',
    validation_records: [{ txt_name: '_acme-challenge.tickets.band.com', txt_value: 'ca3-abc' }],
  },
  ownership_verification: { type: 'txt', name: '_cf-custom-hostname.tickets.band.com', value: 'own-123' },
};
const state = { organizationId: 'org_1', token: 'tok' };

describe('Cloudflare for SaaS adapter', () => {
  it('register - POST /zones/{zone}/custom_hostnames with a TXT DV certificate, answering pending_ssl with the TXT record', async () => {
    answers.push({ status: 201, body: { success: true, errors: [], result: pendingHostname } });
    const result = await provider().register('tickets.band.com', state);
    expect(seen).toEqual([
      {
        method: 'POST',
        path: `/client/v4/zones/${ZONE}/custom_hostnames`,
        authorization: `Bearer ${TOKEN}`,
        contentType: 'application/json',
        body: { hostname: 'tickets.band.com', ssl: { method: 'txt', type: 'dv' } },
      },
    ]);
    expect(result).toEqual({
      status: 'pending_ssl',
      txt_name: '_acme-challenge.tickets.band.com',
      txt_value: 'ca3-abc',
      hostnameId: 'ch_1',
      error: null,
    });
  });

  it('register - a duplicate hostname passes the error text on and looks the existing hostname up', async () => {
    answers.push({
      status: 409,
      body: { success: false, errors: [{ code: 1406, message: 'Duplicate custom hostname found.' }], result: null },
    });
    answers.push(ok([pendingHostname]));
    const result = await provider().register('tickets.band.com', state);
    expect(seen.map(({ method, path, authorization }) => ({ method, path, authorization }))).toEqual([
      { method: 'POST', path: `/client/v4/zones/${ZONE}/custom_hostnames`, authorization: `Bearer ${TOKEN}` },
      {
        method: 'GET',
        path: `/client/v4/zones/${ZONE}/custom_hostnames?hostname=tickets.band.com`,
        authorization: `Bearer ${TOKEN}`,
      },
    ]);
    expect(seen[1]?.body).toBeUndefined();
    expect(result).toMatchObject({
      status: 'pending_ssl',
      hostnameId: 'ch_1',
      txt_value: 'ca3-abc',
      error: 'Duplicate custom hostname found.',
    });
  });

  it('check - GET by id; active once the hostname and its certificate are active', async () => {
    answers.push(ok({ ...pendingHostname, status: 'active', ssl: { status: 'active', validation_records: [] } }));
    const result = await provider().check('tickets.band.com', { ...state, hostnameId: 'ch_1' });
    expect(seen).toEqual([
      {
        method: 'GET',
        path: `/client/v4/zones/${ZONE}/custom_hostnames/ch_1`,
        authorization: `Bearer ${TOKEN}`,
        contentType: undefined,
        body: undefined,
      },
    ]);
    expect(result).toMatchObject({ status: 'active', hostnameId: 'ch_1', error: null });
  });

  it('check - without an id (or with a stale one) looks the hostname up; unknown means pending_verification', async () => {
    answers.push({
      status: 404,
      body: { success: false, errors: [{ code: 1436, message: 'Custom hostname not found' }] },
    });
    answers.push(ok([]));
    const result = await provider().check('tickets.band.com', { ...state, hostnameId: 'ch_gone' });
    expect(seen.map((request) => request.path)).toEqual([
      `/client/v4/zones/${ZONE}/custom_hostnames/ch_gone`,
      `/client/v4/zones/${ZONE}/custom_hostnames?hostname=tickets.band.com`,
    ]);
    expect(result).toEqual({ status: 'pending_verification', txt_name: null, txt_value: null, hostnameId: null });
  });

  it('remove - DELETE /zones/{zone}/custom_hostnames/{id}; a hostname already gone is fine; no id, no call', async () => {
    answers.push(ok({ id: 'ch_1' }));
    answers.push({
      status: 404,
      body: { success: false, errors: [{ code: 1436, message: 'Custom hostname not found' }] },
    });
    await provider().remove('tickets.band.com', { ...state, hostnameId: 'ch_1' });
    await provider().remove('tickets.band.com', { ...state, hostnameId: 'ch_1' });
    await provider().remove('tickets.band.com', { ...state, hostnameId: null });
    expect(seen.map(({ method, path, authorization }) => ({ method, path, authorization }))).toEqual([
      { method: 'DELETE', path: `/client/v4/zones/${ZONE}/custom_hostnames/ch_1`, authorization: `Bearer ${TOKEN}` },
      { method: 'DELETE', path: `/client/v4/zones/${ZONE}/custom_hostnames/ch_1`, authorization: `Bearer ${TOKEN}` },
    ]);
  });

  it('throws on other API failures', async () => {
    answers.push({ status: 403, body: { success: false, errors: [{ code: 10000, message: 'Authentication error' }] } });
    await expect(provider().register('tickets.band.com', state)).rejects.toThrow('Authentication error');
  });

  it('maps hostname and certificate statuses', () => {
    expect(
      mapCloudflareHostname({ id: 'a', hostname: 'x.com', status: 'pending', ssl: { status: 'initializing' } }).status,
    ).toBe('pending_ssl');
    expect(
      mapCloudflareHostname({ id: 'a', hostname: 'x.com', status: 'pending', ssl: { status: 'pending_issuance' } })
        .status,
    ).toBe('pending_ssl');
    expect(
      mapCloudflareHostname({ id: 'a', hostname: 'x.com', status: 'pending', ssl: { status: 'pending_deployment' } })
        .status,
    ).toBe('pending_ssl');
    expect(mapCloudflareHostname({ id: 'a', hostname: 'x.com', status: 'pending' })).toMatchObject({
      status: 'pending_verification',
    });
    const owned = mapCloudflareHostname({
      id: 'a',
      hostname: 'x.com',
      status: 'pending',
      ownership_verification: { type: 'txt', name: '_cf.x.com', value: 'v' },
    });
    expect(owned).toMatchObject({ txt_name: '_cf.x.com', txt_value: 'v' });
    expect(
      mapCloudflareHostname({
        id: 'a',
        hostname: 'x.com',
        status: 'blocked',
        ssl: { status: 'validation_timed_out', validation_errors: [{ message: 'TXT not found' }] },
      }),
    ).toMatchObject({ status: 'error', error: 'TXT not found' });
  });

  it('createDomainProvider chooses Cloudflare when CLOUDFLARE_API_TOKEN is set, else DNS', () => {
    expect(createDomainProvider(testConfig()).kind).toBe('dns');
    expect(createDomainProvider(testConfig()).cnameTarget).toBe('localhost');
    const cloudflare = createDomainProvider(
      testConfig({ CLOUDFLARE_API_TOKEN: 't', CLOUDFLARE_ZONE_ID: 'z', CNAME_TARGET: 'Edge.Marquee.com.' }),
    );
    expect(cloudflare.kind).toBe('cloudflare');
    expect(cloudflare.cnameTarget).toBe('edge.marquee.com');
  });
});
