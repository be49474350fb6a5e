import { expect, storefrontUrl, test } from './fixtures';

test('the app loads in Chromium and the theme toggle survives a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Marquee' })).toBeVisible();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.getByRole('button', { name: 'Light mode' }).click();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await page.reload();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await expect(page.getByRole('button', { name: 'Dark mode' })).toBeVisible();
});

test('an unknown path goes back to the home page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/$/);
});

test('an unknown storefront subdomain answers a 404 page', async ({ page, allowConsoleError }) => {
  allowConsoleError(/status of 404/);
  const response = await page.goto(storefrontUrl('nobody'));
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});
