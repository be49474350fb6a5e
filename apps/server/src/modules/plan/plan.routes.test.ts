// GET /api/billing/plan as the dashboard reads it: no PRO without a plan, PRO with a paid period, the price from
// the configuration; door staff and the signed-out are refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { asBrowser } from '../../../test/auth-helpers.js';
import { joinAs, ownerWithOrganization } from '../../../test/team-helpers.js';
import { grantPro } from '../../../test/plan-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PRO_MONTHLY_PRICE: '4900', PRO_CURRENCY: 'eur' } });
});
afterAll(() => t.close());

describe('GET /api/billing/plan', () => {
  it('says no PRO without a plan and PRO within a paid period, at the configured price', async () => {
    const { owner, organization } = await ownerWithOrganization(t.app, 'planco');
    const before = await t.app.inject({ method: 'GET', url: '/api/billing/plan', headers: asBrowser(owner) });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({
      pro: false,
      status: 'none',
      current_period_end: null,
      cancel_at_period_end: false,
      price: { amount: 4900, currency: 'EUR', interval: 'month' },
    });
    await grantPro(t.database.db, organization.id);
    const after = await t.app.inject({ method: 'GET', url: '/api/billing/plan', headers: asBrowser(owner) });
    expect(after.json()).toMatchObject({ pro: true, status: 'active', cancel_at_period_end: false });
    expect(new Date(after.json().current_period_end).getTime()).toBeGreaterThan(Date.now());
  });

  it('refuses door staff and the signed-out', async () => {
    const { owner } = await ownerWithOrganization(t.app, 'plandoor');
    const door = await joinAs(t.app, owner, 'door');
    const asDoor = await t.app.inject({ method: 'GET', url: '/api/billing/plan', headers: asBrowser(door) });
    expect(asDoor.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/billing/plan' });
    expect(anonymous.statusCode).toBe(401);
  });
});
