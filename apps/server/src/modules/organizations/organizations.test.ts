import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createOrganizationFor, signUpAndVerify, type SignedInUser } from '../../../test/auth-helpers.js';

let t: TestApp;
let owner: SignedInUser;
let newcomer: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUpAndVerify(t.app);
  newcomer = await signUpAndVerify(t.app);
  await createOrganizationFor(t.app, owner, 'acme', 'Acme Events');
});
afterAll(() => t.close());

const as = (user: SignedInUser) => ({ cookie: user.cookie, origin: 'http://localhost:3000' });

describe('POST /api/org/check-subdomain', () => {
  const check = (subdomain: string, user = newcomer) =>
    t.app.inject({ method: 'POST', url: '/api/org/check-subdomain', headers: as(user), payload: { subdomain } });

  it('401 when not signed in', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/org/check-subdomain',
      payload: { subdomain: 'free' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('available for a free, well-formed name', async () => {
    expect((await check('night-owls')).json()).toEqual({ available: true, reason: null });
  });

  it('unavailable with a reason when taken, regardless of case', async () => {
    expect((await check('ACME')).json()).toEqual({ available: false, reason: 'This subdomain is already taken' });
  });

  it('unavailable when reserved or malformed', async () => {
    for (const reserved of ['www', 'app', 'api', 'admin', 'mail']) {
      expect((await check(reserved)).json()).toEqual({ available: false, reason: 'This name is reserved' });
    }
    expect((await check('-bad')).json().available).toBe(false);
    expect((await check('no_underscores')).json().available).toBe(false);
    expect((await check('ab')).json()).toEqual({ available: false, reason: 'Must be at least 3 characters' });
  });
});

describe('POST /api/org/create', () => {
  it('400 when the company name is missing, with the spec message', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/org/create',
      headers: as(newcomer),
      payload: { company_name: ' ', subdomain: 'x-y-z' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[0]).toEqual({ path: 'company_name', message: 'Organization name is required' });
  });

  it('409 when the subdomain was taken meanwhile', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/org/create',
      headers: as(newcomer),
      payload: { company_name: 'Copycat', subdomain: 'Acme' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: { code: 'CONFLICT', message: 'This subdomain is already taken' } });
  });

  it('creates the organisation, makes the creator its owner and its active organisation', async () => {
    const user = await signUpAndVerify(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/org/create',
      headers: as(user),
      payload: { company_name: 'Night Owls', subdomain: 'night-owls', default_currency: 'EUR' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().organization).toMatchObject({
      name: 'Night Owls',
      subdomain: 'night-owls',
      default_currency: 'EUR',
    });
    const info = await t.app.inject({ method: 'GET', url: '/api/org/info', headers: as(user) });
    expect(info.json().organization).toMatchObject({
      name: 'Night Owls',
      subdomain: 'night-owls',
      custom_domain: null,
      custom_domain_verified: 0,
      custom_domain_wizard_completed: 0,
      stripe_account_id: null,
      payouts_enabled: false,
      active_domain: 'night-owls.localhost:3000',
    });
    const storefront = await t.app.inject({ method: 'GET', url: '/', headers: { host: 'night-owls.localhost:3000' } });
    expect(storefront.statusCode).toBe(200);
    expect(storefront.body).toContain('Night Owls');
  });

  it('falls back to the lower-cased name without non-alphanumerics when no subdomain is given', async () => {
    const user = await signUpAndVerify(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/org/create',
      headers: as(user),
      payload: { company_name: 'Bass Heads Ltd.' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().organization.subdomain).toBe('bassheadsltd');
  });
});

describe('/api/org/settings', () => {
  it('answers the defaults for a new organisation', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/org/settings', headers: as(owner) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      company_name: 'Acme Events',
      primary_color: '#00ea6f',
      secondary_color: '#0a0a0a',
      font_family: 'Inter',
      logo_url: '',
    });
  });

  it('validates URLs, colours and the font', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/org/settings',
      headers: as(owner),
      payload: {
        company_name: 'Acme Events',
        website_url: 'javascript:alert(1)',
        primary_color: 'green',
        font_family: 'Comic Sans',
      },
    });
    expect(response.statusCode).toBe(400);
    const paths = response.json().error.fields.map((field: { path: string }) => field.path);
    expect(paths).toEqual(expect.arrayContaining(['website_url', 'primary_color', 'font_family']));
  });

  it('saves every field and renames the organisation with the company name', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/org/settings',
      headers: as(owner),
      payload: {
        company_name: 'Acme Live',
        website_url: 'https://acme.example',
        primary_color: '#ff0066',
        font_family: 'Bebas Neue',
        contact_email: 'hello@acme.example',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      company_name: 'Acme Live',
      website_url: 'https://acme.example',
      primary_color: '#ff0066',
      font_family: 'Bebas Neue',
      contact_email: 'hello@acme.example',
    });
    const info = await t.app.inject({ method: 'GET', url: '/api/org/info', headers: as(owner) });
    expect(info.json().organization.name).toBe('Acme Live');
  });
});

describe('sale e-mails in /api/org/settings (decision 147)', () => {
  const put = (payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/org/settings', headers: as(owner), payload });
  const read = async () => {
    const body = (await t.app.inject({ method: 'GET', url: '/api/org/settings', headers: as(owner) })).json();
    return { sale_emails: body.sale_emails, notify_on_sale: body.notify_on_sale };
  };

  it('GET /api/org/settings - a new organisation gets the digest', async () => {
    expect(await read()).toEqual({ sale_emails: 'digest', notify_on_sale: true });
  });

  it('PUT /api/org/settings - each choice round-trips, and a save without the field leaves it', async () => {
    for (const choice of ['each', 'off', 'digest'] as const) {
      const saved = await put({ company_name: 'Acme Live', sale_emails: choice });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({ sale_emails: choice, notify_on_sale: choice !== 'off' });
      expect(await read()).toEqual({ sale_emails: choice, notify_on_sale: choice !== 'off' });
      const other = await put({ company_name: 'Acme Live', website_url: 'https://acme.example' });
      expect(other.statusCode).toBe(200);
      expect((await read()).sale_emails).toBe(choice);
    }
  });

  it("PUT /api/org/settings - an older client's notify_on_sale: false is off, true turns it on without changing which", async () => {
    await put({ company_name: 'Acme Live', sale_emails: 'each' });
    // An older client sends its switch back with every save: on keeps 'each'.
    expect((await put({ company_name: 'Acme Live', notify_on_sale: true })).json().sale_emails).toBe('each');
    expect((await put({ company_name: 'Acme Live', notify_on_sale: false })).json().sale_emails).toBe('off');
    // From off, on is the default.
    expect((await put({ company_name: 'Acme Live', notify_on_sale: true })).json().sale_emails).toBe('digest');
    // Both sent: the new field decides.
    const both = await put({ company_name: 'Acme Live', sale_emails: 'off', notify_on_sale: true });
    expect(both.json()).toMatchObject({ sale_emails: 'off', notify_on_sale: false });
    await put({ company_name: 'Acme Live', sale_emails: 'digest' });
  });

  it('PUT /api/org/settings - refuses an unknown sale_emails or a non-boolean notify_on_sale in the error envelope', async () => {
    const before = await read();
    for (const [payload, path] of [
      [{ sale_emails: 'hourly' }, 'sale_emails'],
      [{ sale_emails: true }, 'sale_emails'],
      [{ notify_on_sale: 'yes' }, 'notify_on_sale'],
    ] as const) {
      const response = await put({ company_name: 'Acme Live', ...payload });
      expect(response.statusCode).toBe(400);
      const { error } = response.json();
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(typeof error.message).toBe('string');
      expect(error.fields).toContainEqual(expect.objectContaining({ path }));
    }
    expect((await put({ company_name: 'Acme Live', sale_emails: 'hourly' })).json().error.fields[0].message).toBe(
      'Sale e-mails must be one of: each, digest, off',
    );
    expect(await read()).toEqual(before);
  });
});
