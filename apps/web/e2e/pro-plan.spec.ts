// The PRO plan in Chromium on the embedded sandbox (decision 149): an owner subscribes from Billing through the
// sandbox's hosted subscription page, comes back to PRO with its renewal date and the first invoice, cancels
// through the confirm dialog and sees when PRO ends and what then stops; Resume undoes it. Screenshots of the
// card at desktop and 390 px, light and dark.
import fs from 'node:fs';
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures';
import { createOrganiser, uniqueSubdomain } from './support/api';

test.use({ timezoneId: 'Europe/London', locale: 'en-GB' });

const ENDS =
  /PRO ends on \d{1,2} \w+ \d{4}\. Then your API keys are suspended and webhooks paused; your data is kept\./;

function shotPath(testInfo: TestInfo, name: string) {
  const dir = process.env.E2E_SCREENSHOTS ?? testInfo.outputPath('screens');
  fs.mkdirSync(dir, { recursive: true });
  return path.join(dir, `${name}.png`);
}

async function shotVariants(page: Page, testInfo: TestInfo, name: string) {
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((value) => localStorage.setItem('theme', value), theme);
    for (const [label, size] of [
      ['desktop', { width: 1280, height: 900 }],
      ['phone', { width: 390, height: 844 }],
    ] as const) {
      await page.setViewportSize(size);
      await page.reload();
      // The machine is shared with other suites: a reload may take a while.
      await expect(page.getByRole('region', { name: /PRO plan/ })).toBeVisible({ timeout: 30_000 });
      await expect(page.getByLabel('Loading billing')).toHaveCount(0);
      await page.screenshot({ path: shotPath(testInfo, `${name}-${label}-${theme}`), fullPage: true });
    }
  }
  await page.evaluate(() => localStorage.removeItem('theme'));
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('an owner subscribes to PRO through the sandbox, sees the renewal and the invoice, cancels and resumes', async ({
  page,
  context,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  const organiser = await createOrganiser(request, { subdomain: uniqueSubdomain('pro'), companyName: 'Pro Live' });
  await context.addCookies(organiser.cookies);

  await page.goto('/dashboard/billing');
  const card = page.getByRole('region', { name: /PRO plan/ });
  await expect(card.getByText('£29.00')).toBeVisible();
  await expect(card.getByText('per month')).toBeVisible();
  await page.screenshot({ path: shotPath(testInfo, 'pro-none-desktop-light'), fullPage: true });

  await card.getByRole('button', { name: 'Subscribe to PRO' }).click();
  await page.waitForURL('**/sandbox/subscribe/*');
  await expect(page.getByRole('note')).toHaveText('SANDBOX — no real money moves');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Subscribe to Marquee PRO: £29.00 a month');
  await page.screenshot({ path: shotPath(testInfo, 'sandbox-subscribe'), fullPage: true });
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Pro Owner');
  await page.getByRole('button', { name: 'Subscribe for £29.00 a month' }).click();

  await page.waitForURL('**/dashboard/billing');
  await expect(card.getByText('Active')).toBeVisible();
  await expect(card.getByRole('status')).toHaveText(/^Renews on \d{1,2} \w+ \d{4}\.$/);
  const invoices = card.getByRole('region', { name: 'Invoices' });
  await expect(invoices.getByRole('cell', { name: /^PRO-\d{6}$/ })).toBeVisible();
  await expect(invoices.getByRole('cell', { name: '£29.00' })).toBeVisible();
  await expect(invoices.getByRole('cell', { name: 'Paid' })).toBeVisible();
  const pdf = await invoices.getByRole('link', { name: /PDF of invoice PRO-/ }).getAttribute('href');
  const file = await page.request.get(pdf!);
  expect(file.headers()['content-type']).toBe('application/pdf');
  await shotVariants(page, testInfo, 'pro-active');

  await card.getByRole('button', { name: 'Cancel PRO' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel PRO' });
  await expect(dialog.getByText(ENDS)).toBeVisible();
  await page.screenshot({ path: shotPath(testInfo, 'pro-cancel-dialog') });
  // Keyboard: the safe choice has focus; Escape closes without cancelling.
  await expect(dialog.getByRole('button', { name: 'Keep PRO' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(card.getByRole('status')).toHaveText(/^Renews on/);

  await card.getByRole('button', { name: 'Cancel PRO' }).click();
  await dialog.getByRole('button', { name: 'Cancel PRO' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(card.getByRole('status')).toHaveText(ENDS);
  await shotVariants(page, testInfo, 'pro-cancelled');

  await card.getByRole('button', { name: 'Resume PRO' }).click();
  await expect(card.getByRole('status')).toHaveText(/^Renews on/);
});
