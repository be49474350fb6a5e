// Issue 14 (points 2 and 3) in Chromium on a 390 px phone against the real server: a fan buys two tickets on the
// storefront; the organiser opens the check-in app, admits the first ticket by its code and a second scan says
// it is already checked in, with the time; offline (context.setOffline) the second ticket is still judged on the
// device and is synced once the network returns; a door sale is made and counted, and the event page shows it.
import fs from 'node:fs';
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { E2E_PORT, expect, storefrontUrl, test } from './fixtures';
import { createOrganiser, uniqueSubdomain, type Organiser } from './support/api';
import { createPublishedEvent, enableSandboxPayouts, payOnSandbox } from './support/selling';

test.use({ timezoneId: 'Europe/London', locale: 'en-GB' });

const baseURL = `http://localhost:${E2E_PORT}`;
let organiser: Organiser;
let eventId = '';

async function shot(page: Page, testInfo: TestInfo, name: string) {
  const dir = process.env.E2E_SCREENSHOTS ?? testInfo.outputPath('screens');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/** A fan buys two tickets with the sandbox's success card; returns the ticket codes from the order page. */
async function buyTwo(page: Page): Promise<string[]> {
  await page.goto(storefrontUrl(organiser.subdomain, `/events/${eventId}`));
  await page.getByLabel('Quantity of General Admission', { exact: true }).fill('2');
  await page.getByLabel('First name').fill('Dora');
  await page.getByLabel('Last name').fill('Door');
  await page.getByLabel('Email', { exact: true }).fill('dora-door@example.com');
  await page.getByLabel('Country').selectOption('GB');
  await page.getByLabel("I accept the organiser's terms (above)").check();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  return payOnSandbox(page);
}

test.beforeAll(async ({ request }) => {
  organiser = await createOrganiser(request, { subdomain: uniqueSubdomain('doorway'), companyName: 'Doorway Co' });
  await enableSandboxPayouts(request, organiser);
  eventId = await createPublishedEvent(request, organiser, 'Doorway Live');
});

test('admit by code, already checked in, offline scan synced later, a door sale counted', async ({
  page,
  context,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const [first, second] = await buyTwo(page);
  await context.addCookies(organiser.cookies);

  await page.goto(`${baseURL}/checkin`);
  await page.getByRole('link', { name: /Doorway Live/ }).click();
  await expect(page.getByText('2 tickets on this device')).toBeVisible();
  const codeBox = page.getByLabel('Ticket code, name, e-mail or order');
  const result = page.getByTestId('scan-result');

  await codeBox.fill(first!);
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await expect(result).toHaveAttribute('data-result', 'admitted');
  await expect(result).toContainText('General Admission · Dora Door');
  await expect(page.getByTestId('checkin-count')).toHaveText('1 / 2');
  await page.emulateMedia({ colorScheme: 'light' });
  await shot(page, testInfo, 'admitted-light');

  await codeBox.fill(first!);
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await expect(result).toHaveAttribute('data-result', 'already_checked_in');
  await expect(result).toContainText(/Checked in at \d\d:\d\d:\d\d on \d+ \w+ by /);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.evaluate(() => document.documentElement.classList.add('dark'));
  await shot(page, testInfo, 'already-dark');

  // No network: judged on the phone and queued.
  await context.setOffline(true);
  await codeBox.fill(second!);
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await expect(result).toHaveAttribute('data-result', 'admitted');
  await expect(result).toContainText('Judged on this device (offline)');
  await expect(page.getByTestId('connection')).toHaveText('Offline · 1 to sync');
  await shot(page, testInfo, 'offline-dark');
  await context.setOffline(false);
  await expect(page.getByText('Synced 1 offline scan')).toBeVisible();
  await expect(page.getByTestId('connection')).toHaveText('Online');
  const log = await request.get(`${baseURL}/api/checkin/events/${eventId}/log`, {
    headers: { cookie: organiser.cookieHeader },
  });
  const entries = ((await log.json()) as { entries: Array<{ ticket_code: string; status: string; method: string }> })
    .entries;
  expect(entries).toContainEqual(
    expect.objectContaining({ ticket_code: second, status: 'admitted', method: 'offline' }),
  );

  // A door sale: counted as sold and checked in at once.
  await page.getByRole('tab', { name: 'Sell at door' }).click();
  await page.getByText('Cash', { exact: true }).click();
  await page.getByRole('button', { name: /^Sell 1 · £20\.00$/ }).click();
  await expect(page.getByText(/Sold 1 \(cash\) · order MQ-[A-Z2-9]{6} · checked in/)).toBeVisible();
  await expect(page.getByTestId('checkin-count')).toHaveText('3 / 3');
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
  await page.emulateMedia({ colorScheme: 'light' });
  await shot(page, testInfo, 'door-sale-light');

  await page.goto(`${baseURL}/dashboard/events/view/${eventId}`);
  await expect(page.getByTestId('door-sales-figure')).toHaveText('1 ticket · £20.00', { timeout: 30_000 });
  await expect(page.getByTestId('checked-in-figure')).toHaveText('3 / 3');
  await page.getByRole('heading', { name: 'Check-in' }).scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'event-page-light');
});
