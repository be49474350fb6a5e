// POST /api/dev/pro (development only, decision 153): the owner's organisation gets a month of sandbox PRO, from
// this machine only; admins and other machines are refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { joinAs, ownerWithOrganization } from '../../../test/team-helpers.js';
import type { SignedInUser } from '../../../test/auth-helpers.js';

let t: TestApp;
let owner: SignedInUser;
const origin = 'http://localhost:3000';

beforeAll(async () => {
  t = await createTestApp();
  owner = (await ownerWithOrganization(t.app, 'devpro')).owner;
});
afterAll(() => t.close());

const grant = (user: SignedInUser, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/dev/pro', headers: { cookie: user.cookie, origin }, remoteAddress });
const plan = async (user: SignedInUser) =>
  (await t.app.inject({ method: 'GET', url: '/api/billing/plan', headers: { cookie: user.cookie } })).json();

describe('POST /api/dev/pro', () => {
  it('is refused from another machine and for an admin', async () => {
    expect((await grant(owner, '203.0.113.9')).statusCode).toBe(404);
    const admin = await joinAs(t.app, owner, 'admin');
    expect((await grant(admin)).statusCode).toBe(403);
    expect((await plan(owner)).pro).toBe(false);
  });

  it("gives the owner's organisation PRO", async () => {
    expect((await grant(owner)).statusCode).toBe(200);
    const now = await plan(owner);
    expect(now.pro).toBe(true);
    expect(now.status).toBe('active');
  });
});
