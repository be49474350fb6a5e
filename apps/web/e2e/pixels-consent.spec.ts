// Ad pixels after the fan's consent in Chromium (issue 34 point 6, decision 156): an organiser with PRO enters a
// Meta Pixel ID and a Google Analytics ID in Profile > Integrations; a fan on the storefront sees the cookie notice
// and nothing is requested from Meta or Google until Accept; after Accept both scripts load, and the choice is kept
// (the next page loads them without asking); a fan who declines gets neither, on this page or the next. Meta's and
// Google's hosts are answered by the test (no network), so every request to them is seen.
import type { BrowserContext, Page } from '@playwright/test';
import { E2E_PORT, expect, storefrontUrl, test } from './fixtures';
import { createOrganiser, uniqueSubdomain } from './support/api';
import { createPublishedEvent, enableSandboxPayouts, shot } from './support/selling';

const appUrl = `http://localhost:${E2E_PORT}`;
const THIRD_PARTY = /^https:\/\/(connect\.facebook\.net|www\.googletagmanager\.com|www\.facebook\.com)\//;

/** Answers Meta's and Google's hosts with an empty script and records what was asked for. */
async function watchThirdParties(context: BrowserContext) {
  const requested: string[] = [];
  await context.route(THIRD_PARTY, async (route) => {
    requested.push(route.request().url());
    await route.fulfill({ status: 200, contentType: 'application/javascript', body: '' });
  });
  return requested;
}

const notice = (page: Page) => page.getByRole('region', { name: 'Cookie consent' });

test('pixels load only after the fan accepts, and never after a decline', async ({
  page,
  context,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const organiser = await createOrganiser(request, { subdomain: uniqueSubdomain('pixels'), companyName: 'Pixel Live' });
  await enableSandboxPayouts(request, organiser, 'Pixel Live Ltd');
  await createPublishedEvent(request, organiser, 'Measured Night');
  const pro = await request.post(`${appUrl}/api/dev/pro`, {
    headers: { origin: appUrl, cookie: organiser.cookieHeader },
  });
  expect(pro.status()).toBe(200);

  // The organiser enters both ids.
  await context.addCookies(organiser.cookies);
  await page.goto('/dashboard/profile');
  await page.getByRole('tab', { name: /Integrations/ }).click();
  const section = page.getByRole('region', { name: /Ad pixels/ });
  await section.getByLabel('Meta Pixel ID').fill('123456789012345');
  await section.getByLabel('Google Analytics measurement ID').fill('g-abc123xyz9');
  await section.getByRole('button', { name: 'Save pixels' }).click();
  await expect(section.getByRole('status')).toHaveText('Saved.');
  await expect(section.getByLabel('Google Analytics measurement ID')).toHaveValue('G-ABC123XYZ9');

  // A fan who accepts: nothing before, both scripts after, and no question on the next page.
  const fanContext = await browser.newContext({ locale: 'en-GB' });
  const seen = await watchThirdParties(fanContext);
  const fan = await fanContext.newPage();
  await fan.goto(storefrontUrl(organiser.subdomain, '/'));
  await expect(notice(fan)).toBeVisible();
  await expect(notice(fan)).toContainText('cookies from Meta and Google');
  await shot(fan, testInfo, 'pixels-notice');
  expect(seen).toEqual([]);
  // Keyboard: the notice's buttons take focus and Enter accepts.
  await notice(fan).getByRole('button', { name: 'Accept' }).focus();
  await fan.keyboard.press('Enter');
  await expect(notice(fan)).toBeHidden();
  await expect.poll(() => seen.some((url) => url.includes('connect.facebook.net/en_US/fbevents.js'))).toBe(true);
  await expect.poll(() => seen.some((url) => url.includes('googletagmanager.com/gtag/js?id=G-ABC123XYZ9'))).toBe(true);
  seen.length = 0;
  await fan
    .getByRole('link', { name: /Measured Night/ })
    .first()
    .click();
  await expect(fan.getByRole('heading', { level: 1, name: 'Measured Night' })).toBeVisible();
  await expect(notice(fan)).toBeHidden();
  await expect.poll(() => seen.some((url) => url.includes('fbevents.js'))).toBe(true);
  await fanContext.close();

  // A fan who declines: nothing now, nothing on the next page, and no question again.
  const declinerContext = await browser.newContext({ locale: 'en-GB' });
  const declined = await watchThirdParties(declinerContext);
  const decliner = await declinerContext.newPage();
  await decliner.goto(storefrontUrl(organiser.subdomain, '/'));
  await notice(decliner).getByRole('button', { name: 'Decline' }).click();
  await expect(notice(decliner)).toBeHidden();
  await decliner
    .getByRole('link', { name: /Measured Night/ })
    .first()
    .click();
  await expect(decliner.getByRole('heading', { level: 1, name: 'Measured Night' })).toBeVisible();
  await expect(notice(decliner)).toBeHidden();
  // Time for any script that would load: none may.
  await decliner.waitForTimeout(1000);
  expect(declined).toEqual([]);
  await declinerContext.close();
});
