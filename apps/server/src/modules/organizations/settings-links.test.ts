// PUT /api/org/settings keeps only what the storefront can show: images uploaded here (or in the configured S3
// public URL, which the content-security policy allows) and links without quotes or angle brackets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { asBrowser, createOrganizationFor, signUpAndVerify, type SignedInUser } from '../../../test/auth-helpers.js';

let t: TestApp;
let owner: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signUpAndVerify(t.app);
  await createOrganizationFor(t.app, owner, 'links-shop');
});
afterAll(() => t.close());

const put = (app: TestApp['app'], user: SignedInUser, payload: Record<string, string>) =>
  app.inject({
    method: 'PUT',
    url: '/api/org/settings',
    headers: asBrowser(user),
    payload: { company_name: 'Acme Events', ...payload },
  });

describe('PUT /api/org/settings - images', () => {
  it('400 for a logo on another site, with the field message', async () => {
    const response = await put(t.app, owner, { logo_url: 'https://evil.example/logo.png' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual([
      { path: 'logo_url', message: 'Upload the logo here; links to images on other sites are not allowed' },
    ]);
  });

  it('400 for a cover image on another site, with the field message', async () => {
    const response = await put(t.app, owner, { cover_image_url: 'http://cdn.example/cover.jpg' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual([
      {
        path: 'cover_image_url',
        message: 'Upload the cover image here; links to images on other sites are not allowed',
      },
    ]);
  });

  it('200 for uploaded images', async () => {
    const response = await put(t.app, owner, {
      logo_url: '/uploads/images/0b7c1f7e-1a2b-4c3d-8e9f-001122334455.webp',
      cover_image_url: '',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().logo_url).toBe('/uploads/images/0b7c1f7e-1a2b-4c3d-8e9f-001122334455.webp');
  });

  it('200 for images under S3_PUBLIC_URL when configured; other sites are still refused', async () => {
    const s3 = await createTestApp({ env: { S3_PUBLIC_URL: 'https://cdn.example.com/marquee' } });
    try {
      const user = await signUpAndVerify(s3.app);
      await createOrganizationFor(s3.app, user, 'links-s3');
      const ok = await put(s3.app, user, { logo_url: 'https://cdn.example.com/marquee/images/one.webp' });
      expect(ok.statusCode).toBe(200);
      for (const logo_url of ['https://cdn.example.com/elsewhere/one.webp', 'https://cdn.example.com.evil.example/x']) {
        const refused = await put(s3.app, user, { logo_url });
        expect(refused.statusCode, logo_url).toBe(400);
        expect(refused.json().error.fields[0].path).toBe('logo_url');
      }
    } finally {
      await s3.close();
    }
  }, 30_000);
});

describe('PUT /api/org/settings - social links', () => {
  for (const instagram_url of [
    'https://instagram.com/acme"onmouseover="x',
    "https://instagram.com/acme'x",
    'https://instagram.com/<acme>',
  ]) {
    it(`400 for ${instagram_url}`, async () => {
      const response = await put(t.app, owner, { instagram_url });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toEqual([
        { path: 'instagram_url', message: 'Links cannot contain quotes or angle brackets' },
      ]);
    });
  }

  it('200 for an ordinary link', async () => {
    const response = await put(t.app, owner, { instagram_url: 'https://instagram.com/acme?ref=a&b=c' });
    expect(response.statusCode).toBe(200);
  });
});

describe('PUT /api/org/settings - the terms and privacy pages', () => {
  it('200 for https pages; GET /api/org/settings gives them back, and empty clears them', async () => {
    const saved = await put(t.app, owner, {
      terms_url: 'https://acme.example/terms',
      privacy_url: '  https://acme.example/legal/privacy?lang=en  ',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      terms_url: 'https://acme.example/terms',
      privacy_url: 'https://acme.example/legal/privacy?lang=en',
    });
    const read = await t.app.inject({ method: 'GET', url: '/api/org/settings', headers: asBrowser(owner) });
    expect(read.json()).toMatchObject({
      terms_url: 'https://acme.example/terms',
      privacy_url: 'https://acme.example/legal/privacy?lang=en',
    });
    const cleared = await put(t.app, owner, { terms_url: '', privacy_url: '' });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ terms_url: '', privacy_url: '' });
  });

  for (const [field, value] of [
    ['terms_url', 'http://acme.example/terms'],
    ['terms_url', 'acme.example/terms'],
    ['privacy_url', 'https://localhost-less'],
    ['privacy_url', 'javascript:alert(1)'],
    ['privacy_url', 'https://acme.example/pri vacy'],
  ] as const) {
    it(`400 for ${field} = ${value}, naming the field and the https rule`, async () => {
      const response = await put(t.app, owner, { [field]: value });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toEqual([
        {
          path: field,
          message: 'Enter the full address of the page, starting with https:// (for example https://example.com/terms)',
        },
      ]);
    });
  }

  it('400 for a page address with a quote, and for one over 2048 characters', async () => {
    const quoted = await put(t.app, owner, { terms_url: 'https://acme.example/"terms' });
    expect(quoted.json().error.fields).toEqual([
      { path: 'terms_url', message: 'Links cannot contain quotes or angle brackets' },
    ]);
    const long = await put(t.app, owner, { privacy_url: `https://acme.example/${'a'.repeat(2048)}` });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields).toEqual([{ path: 'privacy_url', message: 'Must be 2048 characters or less' }]);
  });
});
