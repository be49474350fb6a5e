// Tracking links (decision 156) in Chromium against the real server: the organiser creates a promoter's link in
// Analytics, a fan opens it and buys a ticket with the sandbox's card, and the link's row in Analytics shows the
// view, the order and its revenue. Screenshots of the card and the create dialog at desktop and 390 px, both themes.
// (The pixels' consent in a browser needs PRO, which browser tests cannot grant yet: pixel-script.test.ts covers it.)
import type { Page, TestInfo } from '@playwright/test';
import { E2E_PORT, expect, test } from './fixtures';
import { createOrganiser, uniqueSubdomain, type Organiser } from './support/api';
import { createPublishedEvent, enableSandboxPayouts, payOnSandbox, shot } from './support/selling';

test.describe.configure({ mode: 'serial' });
test.use({ timezoneId: 'Europe/London', locale: 'en-GB' });

const baseURL = `http://localhost:${E2E_PORT}`;
const CHROME_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
let organiser: Organiser;

test.beforeAll(async ({ request }) => {
  organiser = await createOrganiser(request, { subdomain: uniqueSubdomain('links'), companyName: 'Links Co' });
  await enableSandboxPayouts(request, organiser);
  await createPublishedEvent(request, organiser, 'Link Night');
});

async function shotVariants(page: Page, testInfo: TestInfo, name: string) {
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((value) => localStorage.setItem('theme', value), theme);
    for (const [label, size] of [
      ['desktop', { width: 1280, height: 900 }],
      ['mobile', { width: 390, height: 844 }],
    ] as const) {
      await page.setViewportSize(size);
      await page.reload();
      // The panel has a table (wide screens) and a list (phones): the one shown at this width.
      await expect(
        page.getByTestId('tracking-links').getByText('Promoter Sam').filter({ visible: true }),
      ).toBeVisible();
      await page.getByTestId('tracking-links').scrollIntoViewIfNeeded();
      await shot(page, testInfo, `${name}-${label}-${theme}`);
    }
  }
  await page.evaluate(() => localStorage.removeItem('theme'));
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("a promoter's link: created in Analytics, a fan buys through it, its order and revenue show", async ({
  browser,
  page,
  allowConsoleError,
}, testInfo) => {
  test.setTimeout(180_000);
  await page.context().addCookies(organiser.cookies);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${baseURL}/dashboard/analytics?period=7d`);
  const panel = page.getByTestId('tracking-links');
  await expect(panel.getByText('No tracking links yet.')).toBeVisible();

  // The dialog by keyboard: a bad code is refused on its field and nothing typed is lost.
  await panel.getByRole('button', { name: 'New link' }).click();
  const dialog = page.getByRole('dialog', { name: 'New tracking link' });
  await dialog.getByLabel('Name').fill('Promoter Sam');
  await dialog.getByLabel('Opens').selectOption({ label: 'Link Night' });
  await dialog.getByLabel('Code (optional)').fill('no spaces!');
  await dialog.getByLabel('UTM source').fill('instagram');
  await shot(page, testInfo, 'tracking-link-dialog');
  // The server refuses the code (400): said on its field, nothing typed lost.
  allowConsoleError(/status of 400/);
  await dialog.getByRole('button', { name: 'Create link' }).click();
  await expect(dialog.getByText(/A code is 2 to 32 lower-case letters/i)).toBeVisible();
  await expect(dialog.getByLabel('Name')).toHaveValue('Promoter Sam');
  await dialog.getByLabel('Code (optional)').fill('sam');
  await dialog.getByLabel('Code (optional)').press('Enter');
  await expect(dialog).toHaveCount(0);
  const row = panel.getByTestId('tracking-link-row').filter({ hasText: 'Promoter Sam' });
  await expect(row).toContainText('?tl=sam&utm_source=instagram');
  const url = (await row.locator('code').textContent())!;
  expect(url).toMatch(/^http:\/\/links-[a-z0-9-]+\.localhost:\d+\/events\/link-night\?tl=sam&utm_source=instagram$/);

  // The fan opens the shared link and buys one ticket.
  const context = await browser.newContext({ userAgent: CHROME_UA, locale: 'en-GB' });
  const fan = await context.newPage();
  await fan.goto(url);
  await expect(fan.getByRole('heading', { level: 1, name: 'Link Night' })).toBeVisible();
  await fan.getByLabel('Quantity of General Admission', { exact: true }).fill('1');
  await fan.getByLabel('First name').fill('Fan');
  await fan.getByLabel('Last name').fill('Linked');
  await fan.getByLabel('Email', { exact: true }).fill('linked-fan@example.com');
  await fan.getByLabel("I accept the organiser's terms (above)").check();
  await fan.getByRole('button', { name: 'Continue to payment' }).click();
  await payOnSandbox(fan);
  await context.close();

  // Analytics: the link's view (written within a few seconds), its order, ticket and revenue.
  await expect
    .poll(
      async () => {
        await page.reload();
        return row.locator('[data-figure="Views"]').textContent();
      },
      { timeout: 20_000, intervals: [1000] },
    )
    .toBe('1');
  await expect(row.locator('[data-figure="Orders"]')).toHaveText('1');
  await expect(row.locator('[data-figure="Tickets"]')).toHaveText('1');
  await expect(row.locator('[data-figure="Revenue"]')).toHaveText(/^£\d+\.\d{2}$/);
  const revenue = await row.locator('[data-figure="Revenue"]').textContent();
  const recent = page.getByRole('region', { name: 'Recent Sales' });
  await expect(recent.getByText(revenue!)).toBeVisible();
  await expect(row.locator('[data-figure="Conversion"]')).toHaveText('100%');
  await shotVariants(page, testInfo, 'tracking-links');
});
