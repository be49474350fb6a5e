// Issue 34's API keys as an organiser with PRO uses them (decision 150): Profile → Integrations → create a key
// with two scopes, see its secret once (copy, then it is gone), call /api/v1/events with it from a script, and
// revoke it, after which the same call is refused. PRO comes from the non-production POST /api/dev/pro.
import path from 'node:path';
import type { Page } from '@playwright/test';
import { E2E_PORT, expect, test } from './fixtures';
import { createOrganiser, uniqueSubdomain } from './support/api';

const baseURL = `http://localhost:${E2E_PORT}`;

async function shot(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOTS;
  const file = dir ? path.join(dir, `${name}.png`) : test.info().outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
}

/** The screen as it is on desktop and a 390 px phone, in light and dark. */
async function shotVariants(page: Page, name: string) {
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((next) => {
      document.documentElement.classList.toggle('dark', next === 'dark');
      document.documentElement.style.colorScheme = next;
    }, theme);
    await page.setViewportSize({ width: 1280, height: 900 });
    await shot(page, `${name}-desktop-${theme}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, `${name}-mobile-${theme}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('API keys: create one, see it once, use it against /api/v1, revoke it', async ({ page, request }) => {
  test.setTimeout(120_000);
  const organiser = await createOrganiser(request, { subdomain: uniqueSubdomain('apikeys') });
  const pro = await request.post(`${baseURL}/api/dev/pro`, {
    headers: { origin: baseURL, cookie: organiser.cookieHeader },
  });
  expect(pro.status()).toBe(200);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await page.context().addCookies(organiser.cookies);
  await page.goto('/dashboard/profile');
  await page.getByRole('tab', { name: /Integrations/ }).click();
  const section = page.getByRole('region', { name: 'API keys' });
  await expect(section.getByText('No API keys yet.')).toBeVisible();
  await expect(section.getByRole('link', { name: 'API reference' })).toHaveAttribute('href', '/api/v1/reference');

  await section.getByRole('button', { name: 'Create key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create an API key' });
  await dialog.getByLabel('Name').fill('Box office sync');
  await dialog.getByLabel('Read: Orders (and refunds)').check();
  await expect(dialog.getByLabel('Read: Events (with ticket types and codes)')).toBeChecked();
  await shotVariants(page, 'api-keys-create');
  await dialog.getByRole('button', { name: 'Create key' }).click();

  const shown = page.getByRole('dialog', { name: 'Your new API key' });
  await expect(shown.getByRole('alert')).toContainText('It will not be shown again');
  const secret = await shown.getByLabel('Secret key').inputValue();
  expect(secret).toMatch(/^mq_live_[A-Za-z0-9_-]{43}$/);
  await shown.getByRole('button', { name: 'Copy key' }).click();
  await expect(shown.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await shotVariants(page, 'api-keys-secret');
  await shown.getByRole('button', { name: 'Done' }).click();

  // The list shows the key by its prefix, never the secret.
  const row = section.getByRole('listitem').filter({ hasText: 'Box office sync' });
  await expect(row).toContainText(secret.slice(0, 14));
  await expect(row).toContainText('events:read, orders:read');
  await expect(row).toContainText('Last used Never');
  await expect(page.getByText(secret)).toHaveCount(0);
  await page.reload();
  await page.getByRole('tab', { name: /Integrations/ }).click();
  await expect(page.locator('body')).not.toContainText(secret);

  // A script uses the key (no cookies: a plain fetch from Node, as an integration would).
  const listed = await fetch(`${baseURL}/api/v1/events`, { headers: { authorization: `Bearer ${secret}` } });
  expect(listed.status).toBe(200);
  expect(await listed.json()).toEqual({ data: [], next_cursor: null });
  const write = await fetch(`${baseURL}/api/v1/events`, {
    method: 'POST',
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json', 'idempotency-key': 'e2e-1' },
    body: JSON.stringify({ name: 'Not allowed' }),
  });
  expect(write.status).toBe(403);
  await page.reload();
  await page.getByRole('tab', { name: /Integrations/ }).click();
  await expect(row).not.toContainText('Last used Never');
  await shotVariants(page, 'api-keys-list');

  await row.getByRole('button', { name: 'Revoke Box office sync' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke API key' });
  await expect(confirm).toContainText('stops working at once');
  await confirm.getByRole('button', { name: 'Revoke key' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(row).toContainText('Revoked');
  await expect(row.getByRole('button', { name: /Revoke/ })).toHaveCount(0);
  const after = await fetch(`${baseURL}/api/v1/events`, { headers: { authorization: `Bearer ${secret}` } });
  expect(after.status).toBe(401);
  expect((await after.json()).error.code).toBe('UNAUTHORIZED');
});

test('the API reference is served by the product itself', async ({ page }) => {
  // Swagger UI reads the whole OpenAPI 3.1 document in the page before it shows anything: slow on a busy machine.
  test.setTimeout(180_000);
  const foreign: string[] = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).host !== `localhost:${E2E_PORT}`) foreign.push(sent.url());
  });
  await page.goto('/api/v1/reference', { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('heading', { name: /Marquee API/ })).toBeVisible({ timeout: 150_000 });
  await expect(page.getByText('/api/v1/events', { exact: true }).first()).toBeVisible();
  expect(foreign).toEqual([]);
  await shot(page, 'api-reference-desktop');
});
