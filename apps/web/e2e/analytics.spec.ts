// Issue 12's Analytics journey in Chromium against the real server: two fans buy tickets on the organiser's
// storefront (one of them twice, from another country), then the organiser's Analytics page shows the real
// cards, the chart, the recent sales and the map shaded with the fans' countries; the Filter changes the
// figures; Export Data downloads the orders; and page views rise when a browser opens the event page but not
// when a bot fetches it. Chromium runs headless, whose user agent says so (a bot to isbot), so the fans'
// context presents the desktop Chrome user agent a person's browser sends.
import { eventSlugBase } from '@marquee/shared';
import fs from 'node:fs';
import http from 'node:http';
import type { Browser, Page } from '@playwright/test';
import { E2E_PORT, expect, storefrontUrl, test } from './fixtures';
import { createOrganiser, uniqueSubdomain, type Organiser } from './support/api';
import { createPublishedEvent, enableSandboxPayouts, shot } from './support/selling';

test.describe.configure({ mode: 'serial' });
test.use({ timezoneId: 'Europe/London', locale: 'en-GB' });

const baseURL = `http://localhost:${E2E_PORT}`;
const CHROME_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const BOT_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
let organiser: Organiser;
let eventId = '';

async function fanPage(browser: Browser) {
  const context = await browser.newContext({ userAgent: CHROME_UA, locale: 'en-GB' });
  return context.newPage();
}

async function buy(page: Page, quantity: number, email: string, country: string) {
  await page.goto(storefrontUrl(organiser.subdomain, `/events/${eventId}`));
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics Night' })).toBeVisible();
  await page.getByLabel('Quantity of General Admission', { exact: true }).fill(String(quantity));
  await page.getByLabel('First name').fill('Fan');
  await page.getByLabel('Last name').fill(country);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Country').selectOption(country);
  await page.getByLabel("I accept the organiser's terms (above)").check();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.waitForURL(/\/checkout\/[A-Za-z0-9_-]{43}$/);
  await page.getByRole('button', { name: /^Pay £/ }).click();
  await page.waitForURL(/\/sandbox\/checkout\/cs_sandbox_/);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay £/ }).click();
  await page.waitForURL(/\/orders\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByText(/Order MQ-[A-Z2-9]{6} · Paid/)).toBeVisible();
}

const card = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

/** The Page Views card's figure for today, read through the page (reloaded until `predicate` holds). */
async function pageViewsNow(page: Page) {
  await page.goto(`${baseURL}/dashboard/analytics?period=7d`);
  const text = await card(page, 'Page Views').getByTestId('card-value').textContent();
  return Number((text ?? '').replace(/[^0-9]/g, ''));
}

test.beforeAll(async ({ request }) => {
  organiser = await createOrganiser(request, { subdomain: uniqueSubdomain('stats'), companyName: 'Analytics Co' });
  await enableSandboxPayouts(request, organiser);
  eventId = await createPublishedEvent(request, organiser, 'Analytics Night');
});

test('after two fans buy, Analytics shows the real cards, chart, recent sales and a map of their countries', async ({
  browser,
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const fan = await fanPage(browser);
  await buy(fan, 2, 'gb-fan@example.com', 'GB');
  await buy(fan, 1, 'gb-fan@example.com', 'GB');
  await buy(fan, 1, 'fr-fan@example.com', 'FR');
  await fan.context().close();

  await page.context().addCookies(organiser.cookies);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${baseURL}/dashboard/analytics`);
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Filter', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Export Data' })).toBeVisible();
  for (const title of [
    'Total Revenue',
    'Tickets Sold',
    'Upcoming Events',
    'Conversion Rate',
    'New Customers',
    'Returning Customers',
    'Average Spend',
    'Page Views',
  ]) {
    await expect(card(page, title)).toBeVisible();
  }
  await expect(card(page, 'Total Revenue').getByTestId('card-value')).toHaveText('£80.00');
  await expect(card(page, 'Tickets Sold').getByTestId('card-value')).toHaveText('4');
  await expect(card(page, 'New Customers').getByTestId('card-value')).toHaveText('2');
  await expect(card(page, 'Average Spend').getByTestId('card-value')).toHaveText('£26.67');
  await expect(card(page, 'Upcoming Events').getByTestId('card-value')).toHaveText('1');
  // A first month: nothing in the previous period, so no '+100%'.
  await expect(card(page, 'Total Revenue')).toContainText('No figures from the previous 30 days to compare with.');
  // The fan's three visits of the event page (one visitor) have been counted by now or within a flush.
  await expect.poll(async () => pageViewsNow(page), { timeout: 20_000, intervals: [1000] }).toBeGreaterThanOrEqual(3);
  // Three orders by that one visitor: one visitor who ordered, out of the one the Page Views card counts (the
  // orders are tied to the visitor when the page views are written, within a few seconds).
  await expect
    .poll(
      async () => {
        await page.goto(`${baseURL}/dashboard/analytics?period=7d`);
        return card(page, 'Conversion Rate').textContent();
      },
      { timeout: 20_000, intervals: [1000] },
    )
    .toContain('1 of 1 visitor ordered');
  await expect(card(page, 'Conversion Rate').getByTestId('card-value')).toHaveText('100%');
  await expect(card(page, 'Page Views')).toContainText('1 unique visitor');

  await expect(page.getByTestId('revenue-chart').locator('svg.recharts-surface')).toBeVisible();
  await page.getByText('Show the numbers as a table').click();
  await expect(page.getByRole('table', { name: 'Revenue and tickets per day' })).toContainText('£80.00');

  const recent = page.getByRole('region', { name: 'Recent Sales' });
  await expect(recent.getByText('fr-fan@example.com')).toBeVisible();
  await expect(recent.getByText('gb-fan@example.com')).toHaveCount(2);
  await expect(recent.getByText('Analytics Night').first()).toBeVisible();

  const map = page.getByTestId('region-map');
  await expect(map.locator('path[data-country="GB"]')).toHaveAttribute('data-tickets', '3');
  await expect(map.locator('path[data-country="FR"]')).toHaveAttribute('data-tickets', '1');
  await expect(map.locator('path[data-country="US"]')).toHaveAttribute('data-tickets', '0');
  const regions = page.getByTestId('regions-table');
  await expect(regions.getByRole('row', { name: /United Kingdom 3 2 £60\.00/ })).toBeVisible();
  await expect(regions.getByRole('row', { name: /France 1 1 £20\.00/ })).toBeVisible();
  await shot(page, testInfo, 'analytics-light');

  // Filter Regions hides a country from the map and the table.
  await page.getByRole('button', { name: 'Filter Regions' }).click();
  await page.getByRole('checkbox', { name: 'France' }).uncheck();
  await page.keyboard.press('Escape');
  await expect(regions.getByText('France')).toHaveCount(0);
  await expect(map.locator('path[data-country="FR"]')).toHaveAttribute('data-tickets', '0');

  // View Details: the per-event breakdown.
  await page.getByRole('link', { name: 'View Details →' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Event Breakdown' })).toBeVisible();
  await expect(
    page.getByTestId('breakdown-table').getByRole('row', { name: /Analytics Night 3 4 £80\.00 \d+ 1 1 100%/ }),
  ).toBeVisible();

  // Export Data downloads the orders as CSV.
  await page.goto(`${baseURL}/dashboard/analytics`);
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export Data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  expect(csv.split('\n')[0]).toContain('Order,Paid at (UTC),Event');
  expect(csv).toContain('fr-fan@example.com');
  expect(csv.match(/gb-fan@example\.com/g)).toHaveLength(2);

  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(card(page, 'Tickets Sold').getByTestId('card-value')).toHaveText('4');
  await expect(page.getByTestId('region-map').locator('path[data-country="GB"]')).toBeVisible();
  await shot(page, testInfo, 'analytics-dark');
});

test('the Filter changes the figures: a past custom period has no sales, one event keeps them', async ({
  page,
}, testInfo) => {
  await page.context().addCookies(organiser.cookies);
  await page.goto(`${baseURL}/dashboard/analytics`);
  await expect(card(page, 'Tickets Sold').getByTestId('card-value')).toHaveText('4');
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Filter analytics' });
  await dialog.getByLabel('Custom').check();
  await dialog.getByLabel('From', { exact: true }).fill('2026-01-01');
  await dialog.getByLabel('To', { exact: true }).fill('2025-12-01');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('The from date must not be after the to date.');
  await dialog.getByLabel('To', { exact: true }).fill('2026-01-31');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/period=custom&from=2026-01-01&to=2026-01-31/);
  await expect(card(page, 'Tickets Sold').getByTestId('card-value')).toHaveText('0');
  await expect(card(page, 'Total Revenue')).toContainText('No sales in this period.');
  await expect(page.getByRole('region', { name: 'Recent Sales' })).toContainText('No sales in this period yet.');

  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  await dialog.getByLabel('This month').check();
  await dialog.getByLabel('Event', { exact: true }).selectOption({ label: 'Analytics Night' });
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(card(page, 'Tickets Sold').getByTestId('card-value')).toHaveText('4');
  await expect(card(page, 'Tickets Sold')).toContainText('No figures from last month to compare with.');
  await expect(page.getByTestId('analytics-period')).toContainText('This month');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(card(page, 'Page Views')).toBeVisible();
  await shot(page, testInfo, 'analytics-phone');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('page views rise when a browser opens the event page, not when a bot fetches it', async ({ browser, page }) => {
  test.setTimeout(90_000);
  await page.context().addCookies(organiser.cookies);
  // Let any earlier visit's batch be written first (the server writes every few seconds).
  await page.waitForTimeout(6_000);
  const before = await pageViewsNow(page);
  // A crawler fetching the page (Node does not resolve *.localhost, so the host goes in the header).
  const botStatus = await new Promise<number>((resolve, reject) => {
    http
      .get(
        {
          host: '127.0.0.1',
          port: E2E_PORT,
          path: `/events/${eventSlugBase('Analytics Night')}`,
          headers: { host: `${organiser.subdomain}.localhost:${E2E_PORT}`, 'user-agent': BOT_UA },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      )
      .on('error', reject);
  });
  expect(botStatus).toBe(200);
  await page.waitForTimeout(6_000);
  expect(await pageViewsNow(page)).toBe(before);
  // A person's browser: counted, once.
  const fan = await fanPage(browser);
  await fan.goto(storefrontUrl(organiser.subdomain, `/events/${eventId}`));
  await expect(fan.getByRole('heading', { level: 1, name: 'Analytics Night' })).toBeVisible();
  await fan.context().close();
  await expect.poll(async () => pageViewsNow(page), { timeout: 20_000, intervals: [1000] }).toBe(before + 1);
});
