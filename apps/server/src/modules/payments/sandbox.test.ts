// The embedded sandbox provider end to end: connect-account link -> hosted onboarding page -> signed
// account.updated webhook -> flags, stats and dashboard link; and tenant isolation around all of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createOrganizationFor, signUpAndVerify, type SignedInUser } from '../../../test/auth-helpers.js';
import { eq } from 'drizzle-orm';
import { paymentAccount } from '../../db/schema/index.js';
import { canAcceptPayments } from './payments.service.js';

let t: TestApp;
let owner: SignedInUser;
let rival: SignedInUser;
let orgId: string;

const billing = 'http://localhost:3000/dashboard/billing';
const validForm = {
  business_name: 'Acme Events Ltd',
  business_type: 'company',
  country: 'GB',
  address_line1: '1 High Street',
  address_city: 'London',
  address_postal_code: 'N1 9GU',
  representative_name: 'Ada Lovelace',
  representative_dob: '1985-12-10',
  bank_account_holder: 'Acme Events Ltd',
  bank_routing: '10-88-00',
  bank_account_number: '00012345',
  registration_number: '12345678',
};

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUpAndVerify(t.app);
  rival = await signUpAndVerify(t.app);
  orgId = (await createOrganizationFor(t.app, owner, 'acme', 'Acme Events')).id;
  await createOrganizationFor(t.app, rival, 'rival', 'Rival Events');
});
afterAll(() => t.close());

const connect = (
  user: SignedInUser,
  body: Record<string, unknown> = { refresh_url: billing, return_url: `${billing}?setup=complete` },
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/stripe/create-connect-account',
    headers: { cookie: user.cookie, origin: 'http://localhost:3000' },
    payload: body,
  });
const loginLink = (user: SignedInUser) =>
  t.app.inject({
    method: 'POST',
    url: '/api/stripe/create-login-link',
    headers: { cookie: user.cookie, origin: 'http://localhost:3000' },
  });
const stats = (user: SignedInUser) =>
  t.app.inject({
    method: 'GET',
    url: '/api/billing/stats',
    headers: { cookie: user.cookie, origin: 'http://localhost:3000' },
  });
const pathOf = (url: string) => {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
};
const postForm = (url: string, form: Record<string, string>, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: pathOf(url),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(cookie ? { cookie, origin: 'http://localhost:3000' } : {}),
    },
    payload: new URLSearchParams(form).toString(),
  });

describe('before payouts are set up', () => {
  it('GET /api/billing/stats - the not-connected answer: zeros in the default currency, no account', async () => {
    const response = await stats(owner);
    expect(response.statusCode).toBe(200);
    const zero = { amount: 0, currency: 'GBP', trend: 0 };
    expect(response.json()).toEqual({
      metrics: {
        total_revenue: zero,
        pending_payouts: zero,
        completed_payouts: { ...zero, count: 0 },
        platform_fees: zero,
        absorbed_fees: zero,
      },
      payout_details: {
        schedule: { interval: 'manual', day: null },
        next_payout: null,
        bank_account: null,
        stripe_account_id: null,
      },
    });
  });

  it('POST /api/stripe/create-login-link - 409 when there is no payout account yet', async () => {
    const response = await loginLink(owner);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: { code: 'CONFLICT', message: 'Enable payouts first: this organisation has no payout account yet.' },
    });
  });

  it('the organisation cannot sell', async () => {
    expect(await canAcceptPayments(t.database.db, orgId)).toBe(false);
  });

  it('401 without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/billing/stats' });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/stripe/create-connect-account', () => {
  it('400 for return or refresh addresses off the app origin (no open redirect)', async () => {
    for (const bad of [
      'https://evil.example/billing',
      'http://localhost:3001/x',
      'javascript:alert(1)',
      '//evil.example',
      'http://user:pw@localhost:3000/',
    ]) {
      const response = await connect(owner, { refresh_url: billing, return_url: bad });
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().error.fields).toEqual([
        { path: 'return_url', message: 'Must be an address on http://localhost:3000' },
      ]);
    }
    const missing = await connect(owner, { return_url: billing });
    expect(missing.statusCode).toBe(400);
    // Nothing was created by the refused calls.
    expect((await stats(owner)).json().payout_details.stripe_account_id).toBeNull();
  });

  it('creates the account once and mints a fresh sandbox link each time', async () => {
    const first = await connect(owner);
    expect(first.statusCode).toBe(200);
    const url = new URL(first.json().account_link_url);
    expect(url.origin).toBe('http://localhost:3000');
    expect(url.pathname).toBe('/sandbox/connect/onboard');
    const second = await connect(owner);
    expect(second.json().account_link_url).not.toBe(first.json().account_link_url);
    const info = (
      await t.app.inject({
        method: 'GET',
        url: '/api/org/info',
        headers: { cookie: owner.cookie, origin: 'http://localhost:3000' },
      })
    ).json();
    expect(info.organization.stripe_account_id).toMatch(/^acct_sandbox_[0-9a-f]{24}$/);
    // An account, but onboarding not done: payouts are not enabled yet.
    expect(info.organization.payouts_enabled).toBe(false);
    // Connected but not yet onboarded: stats name the account, no bank yet.
    const body = (await stats(owner)).json();
    expect(body.payout_details).toEqual({
      schedule: { interval: 'weekly', day: 'friday' },
      next_payout: null,
      bank_account: null,
      stripe_account_id: info.organization.stripe_account_id,
    });
  });
});

describe('sandbox onboarding page', () => {
  let link: string;
  beforeAll(async () => {
    link = (await connect(owner)).json().account_link_url;
  });

  it('GET renders the form, labelled as a sandbox, never cached', async () => {
    const response = await t.app.inject({ method: 'GET', url: pathOf(link) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('SANDBOX — no real money moves');
    for (const legend of [
      'Business information',
      'Business ownership',
      'Bank account for payouts',
      'Government registration',
    ]) {
      expect(response.body).toContain(legend);
    }
    expect(response.body).toContain('value="Acme Events"');
  });

  it('404 page for a forged or tampered token', async () => {
    const token = new URL(link).searchParams.get('token') ?? '';
    const [body, mac] = token.split('.');
    const forgedBody = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body ?? '', 'base64url').toString()), expiresAt: Date.now() + 1e9 }),
    ).toString('base64url');
    for (const bad of [`${forgedBody}.${mac}`, 'nonsense', '']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/sandbox/connect/onboard?token=${encodeURIComponent(bad)}`,
      });
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('This link is not valid');
    }
  });

  it('another organisation signed in cannot open or submit this organisation’s link', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: pathOf(link),
      headers: { cookie: rival.cookie, origin: 'http://localhost:3000' },
    });
    expect(page.statusCode).toBe(403);
    const post = await postForm(link, validForm, rival.cookie);
    expect(post.statusCode).toBe(403);
    expect(await canAcceptPayments(t.database.db, orgId)).toBe(false);
  });

  it('POST with missing and wrong fields re-renders the form with an error per field and keeps what was typed', async () => {
    const response = await postForm(link, {
      ...validForm,
      business_name: '',
      representative_dob: '2015-01-01',
      bank_account_number: '12',
      bank_routing: 'abc',
      registration_number: '',
      address_city: 'Lon<don',
    });
    expect(response.statusCode).toBe(422);
    expect(response.body).toContain('SANDBOX — no real money moves');
    expect(response.body).toContain('Check the 5 fields below');
    expect(response.body).toContain('Enter the business name');
    expect(response.body).toContain('The representative must be at least 18 years old');
    expect(response.body).toContain('Enter an account number of 6 to 17 digits');
    expect(response.body).toContain('Enter a 6-digit sort code or a 9-digit routing number');
    expect(response.body).toContain('Enter the government registration number');
    // Nothing lost, and escaped.
    expect(response.body).toContain('value="Lon&lt;don"');
    expect(response.body).toContain('value="1 High Street"');
    expect(response.body).toContain('value="Ada Lovelace"');
    expect(await canAcceptPayments(t.database.db, orgId)).toBe(false);
  });

  it('a valid POST enables payouts through the webhook path and redirects (303) to return_url', async () => {
    const response = await postForm(link, validForm);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`${billing}?setup=complete`);
    expect(await canAcceptPayments(t.database.db, orgId)).toBe(true);

    const info = (
      await t.app.inject({
        method: 'GET',
        url: '/api/org/info',
        headers: { cookie: owner.cookie, origin: 'http://localhost:3000' },
      })
    ).json();
    expect(info.organization.payouts_enabled).toBe(true);
    const body = (await stats(owner)).json();
    expect(body.payout_details).toEqual({
      schedule: { interval: 'weekly', day: 'friday' },
      next_payout: null,
      bank_account: { last4: '2345', bank_name: 'Sandbox test bank' },
      stripe_account_id: info.organization.stripe_account_id,
    });
    expect(body.metrics.total_revenue).toEqual({ amount: 0, currency: 'GBP', trend: 0 });
  });

  it('the used link sends the browser back to refresh_url; a new one from Billing works again', async () => {
    const again = await t.app.inject({ method: 'GET', url: pathOf(link) });
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe(billing);
    const fresh = (await connect(owner)).json().account_link_url;
    expect((await t.app.inject({ method: 'GET', url: pathOf(fresh) })).statusCode).toBe(200);
  });
});

describe('POST /api/stripe/create-login-link', () => {
  it('returns the sandbox dashboard, which shows the account, balance, schedule and bank', async () => {
    const response = await loginLink(owner);
    expect(response.statusCode).toBe(200);
    const url = new URL(response.json().url);
    expect(url.pathname).toBe('/sandbox/connect/dashboard');
    const page = await t.app.inject({ method: 'GET', url: pathOf(url.toString()) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('SANDBOX — no real money moves');
    expect(page.body).toContain('Acme Events Ltd');
    expect(page.body).toContain('£0.00');
    expect(page.body).toContain('Weekly, every Friday');
    expect(page.body).toContain('Sandbox test bank •••• 2345');
    // An onboarding token is not a dashboard token, and another organisation cannot open it.
    const asOnboarding = url.toString().replace('/dashboard', '/onboard');
    expect((await t.app.inject({ method: 'GET', url: pathOf(asOnboarding) })).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: pathOf(url.toString()),
          headers: { cookie: rival.cookie, origin: 'http://localhost:3000' },
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('tenant isolation', () => {
  it('organisation B sees only its own (unconnected) stats and gets its own account, never A’s', async () => {
    const a = (await stats(owner)).json().payout_details.stripe_account_id;
    expect((await stats(rival)).json().payout_details.stripe_account_id).toBeNull();
    expect((await loginLink(rival)).statusCode).toBe(409);
    const bLink = (await connect(rival)).json().account_link_url as string;
    const bInfo = (
      await t.app.inject({
        method: 'GET',
        url: '/api/org/info',
        headers: { cookie: rival.cookie, origin: 'http://localhost:3000' },
      })
    ).json();
    expect(bInfo.organization.stripe_account_id).toMatch(/^acct_sandbox_/);
    expect(bInfo.organization.stripe_account_id).not.toBe(a);
    const token = JSON.parse(
      Buffer.from((new URL(bLink).searchParams.get('token') ?? '').split('.')[0] ?? '', 'base64url').toString(),
    );
    expect(token.accountId).toBe(bInfo.organization.stripe_account_id);
    // B's onboarding link leaves A untouched.
    expect((await postForm(bLink, { ...validForm, bank_account_number: '99998888' })).statusCode).toBe(303);
    expect((await stats(owner)).json().payout_details.bank_account.last4).toBe('2345');
    expect((await stats(rival)).json().payout_details.bank_account.last4).toBe('8888');
  });
});

describe('POST /api/webhooks/stripe (sandbox signatures)', () => {
  it('400 for an unsigned or badly signed body', async () => {
    const payload = JSON.stringify({ id: 'evt_x', type: 'account.updated', created: 1, data: { object: {} } });
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(unsigned.statusCode).toBe(400);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`,
      },
      payload,
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ error: { code: 'BAD_REQUEST', message: 'Invalid webhook signature' } });
  });
});

describe('concurrent first calls', () => {
  it('two simultaneous create-connect-account calls end with one account for the organisation', async () => {
    const user = await signUpAndVerify(t.app);
    const org = await createOrganizationFor(t.app, user, 'racers', 'Racers');
    const [a, b] = await Promise.all([connect(user), connect(user)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const accountOf = (url: string) =>
      JSON.parse(
        Buffer.from((new URL(url).searchParams.get('token') ?? '').split('.')[0] ?? '', 'base64url').toString(),
      ).accountId;
    expect(accountOf(a.json().account_link_url)).toBe(accountOf(b.json().account_link_url));
    const rows = await t.database.db.select().from(paymentAccount).where(eq(paymentAccount.organizationId, org.id));
    expect(rows).toHaveLength(1);
  });
});

describe('the sandbox onboarding date of birth', () => {
  it('is read day/month/year (and still as an ISO date); impossible days are refused', async () => {
    const { isoDateOfBirth } = await import('./sandbox-pages.routes.js');
    expect(isoDateOfBirth('10/12/1985')).toBe('1985-12-10');
    expect(isoDateOfBirth('1.2.1990')).toBe('1990-02-01');
    expect(isoDateOfBirth('1985-12-10')).toBe('1985-12-10');
    expect(isoDateOfBirth('31/02/1990')).toBeNull();
    expect(isoDateOfBirth('12/31/1990')).toBeNull();
    expect(isoDateOfBirth('')).toBeNull();
  });
});
