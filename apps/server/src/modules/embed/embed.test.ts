// Integrations > Embed (decision 153): the allowed sites' list through the API, PRO only, owners and admins,
// every typed site checked (a clear message for each bad one, nothing saved), and the snippets to paste.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { ownerWithOrganization, joinAs } from '../../../test/team-helpers.js';
import { organizationOf } from '../../../test/checkin-helpers.js';
import { grantPro } from '../../../test/plan-helpers.js';
import type { SignedInUser } from '../../../test/auth-helpers.js';

let t: TestApp;
let owner: SignedInUser;
const origin = 'http://localhost:3000';

beforeAll(async () => {
  t = await createTestApp();
  owner = (await ownerWithOrganization(t.app, 'embedco')).owner;
});
afterAll(() => t.close());

const get = (user: SignedInUser) =>
  t.app.inject({ method: 'GET', url: '/api/integrations/embed', headers: { cookie: user.cookie } });
const put = (user: SignedInUser, origins: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/integrations/embed',
    headers: { cookie: user.cookie, origin },
    payload: { origins },
  });

describe('/api/integrations/embed', () => {
  it('is refused without PRO, reading and saving alike', async () => {
    const read = await get(owner);
    expect(read.statusCode).toBe(402);
    expect(read.json().error.code).toBe('PRO_REQUIRED');
    expect((await put(owner, ['https://www.example.com'])).statusCode).toBe(402);
  });

  it('with PRO: saves the sites as origins and returns the snippets on the storefront host', async () => {
    await grantPro(t.database.db, await organizationOf(t.app, owner));
    const empty = await get(owner);
    expect(empty.statusCode).toBe(200);
    expect(empty.json().origins).toEqual([]);
    const saved = await put(owner, [
      'https://www.Example.com/',
      'https://shop.example.com:8443',
      'https://www.example.com',
    ]);
    expect(saved.statusCode).toBe(200);
    const body = saved.json();
    expect(body.origins).toEqual(['https://www.example.com', 'https://shop.example.com:8443']);
    expect(body.storefront_origin).toBe('http://embedco.localhost:3000');
    expect(body.script_snippet).toBe('<script src="http://embedco.localhost:3000/embed.js" async></script>');
    expect(body.iframe_snippet).toContain('src="http://embedco.localhost:3000/embed"');
    expect((await get(owner)).json().origins).toEqual(body.origins);
  });

  it.each([
    ['a path', 'https://www.example.com/tickets', 'without a path'],
    ['a wildcard', 'https://*.example.com', 'Wildcards are not allowed'],
    ['no scheme', 'www.example.com', 'is not a site address'],
    ['another scheme', 'ftp://example.com', 'must start with https://'],
    ['a query', 'https://example.com?x=1', 'without a path'],
    ['a user name', 'https://me@example.com', 'user name'],
    ['nothing', '  ', 'Enter a site address'],
  ])('refuses %s with a clear message and keeps the saved list', async (_name, typed, message) => {
    const response = await put(owner, ['https://ok.example.com', typed]);
    expect(response.statusCode).toBe(400);
    const error = response.json().error;
    expect(error.message).toContain(message);
    expect(error.fields).toEqual([{ path: 'origins.1', message: error.message }]);
    expect((await get(owner)).json().origins).toEqual(['https://www.example.com', 'https://shop.example.com:8443']);
  });

  it('refuses more than 20 sites and control characters', async () => {
    const many = Array.from({ length: 21 }, (_, i) => `https://site${i}.example.com`);
    expect((await put(owner, many)).statusCode).toBe(400);
    expect((await put(owner, ['https://a.example.com\u0007'])).statusCode).toBe(400);
  });

  it('is for owners and admins only; door staff are refused', async () => {
    const admin = await joinAs(t.app, owner, 'admin');
    expect((await get(admin)).statusCode).toBe(200);
    const door = await joinAs(t.app, owner, 'door');
    expect((await get(door)).statusCode).toBe(403);
    expect((await put(door, [])).statusCode).toBe(403);
  });

  it('an empty list removes every site', async () => {
    expect((await put(owner, [])).json().origins).toEqual([]);
  });
});
