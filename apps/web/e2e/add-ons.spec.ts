// Add-ons (decision 134) on the organiser's event page against the real server: an organiser adds a T-shirt at 15.00
// with a stock of 50 (the form shows the shared rules' messages first, a bad price under its field), edits it and
// deletes another after confirming; once a fan's checkout holds some, the server's refusals show: a stock below what
// is held under the Stock field, the delete above the table. Desktop and a 390 px phone, light and dark; axe on the
// section and the dialog.
import fs from 'node:fs';
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { ADD_ON_MESSAGES } from '@marquee/shared';
import { E2E_PORT, expect, storefrontUrl, test } from './fixtures';
import { createOrganiser, uniqueSubdomain, type Organiser } from './support/api';
import { createPublishedEvent, enableSandboxPayouts } from './support/selling';
import { Audit, preloadAxe } from './support/axe-audit';

test.describe.configure({ mode: 'serial' });
test.use({ timezoneId: 'Europe/London', locale: 'en-GB' });

const baseURL = `http://localhost:${E2E_PORT}`;
let organiser: Organiser;
let eventId = '';

async function shot(page: Page, testInfo: TestInfo, name: string, what: 'section' | 'dialog' = 'section') {
  const dir = process.env.E2E_SCREENSHOTS ?? testInfo.outputPath('screens');
  fs.mkdirSync(dir, { recursive: true });
  const target = what === 'dialog' ? page.getByRole('dialog') : page.getByRole('region', { name: 'Add-ons' });
  await target.screenshot({ path: path.join(dir, `${name}.png`) });
}

async function setDark(page: Page, dark: boolean) {
  await page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' });
  const isDark = await page
    .waitForFunction((want) => document.documentElement.classList.contains('dark') === want, dark, { timeout: 1000 })
    .then(
      () => dark,
      () => !dark,
    );
  const toggle = page.getByRole('button', { name: `Switch to ${dark ? 'dark' : 'light'} theme` });
  if (isDark !== dark && (await toggle.isVisible())) await toggle.click();
}

test.beforeAll(async ({ request }) => {
  organiser = await createOrganiser(request, { subdomain: uniqueSubdomain('addons') });
  const created = await request.post(`${baseURL}/api/events`, {
    headers: { cookie: organiser.cookieHeader, origin: baseURL },
    data: { name: 'Merch Night', description: 'With T-shirts.', currency: 'GBP', price: '25.00', capacity: 300 },
  });
  expect(created.status(), await created.text()).toBe(201);
  eventId = (await created.json()).id;
});

test('an add-on: add a T-shirt, a bad price refused, edit it', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await preloadAxe(page.context());
  const audit = new Audit(page, 'desktop');
  await page.context().addCookies(organiser.cookies);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(`/dashboard/events/view/${eventId}`);
  const section = page.getByRole('region', { name: 'Add-ons' });
  await expect(section.getByText('No add-ons. Fans buy tickets only.')).toBeVisible();

  await section.getByRole('button', { name: 'Add add-on' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add add-on' });
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Add add-on' }).click();
  await expect(dialog.getByText('Enter a name for the add-on')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Name' }).fill('T-shirt');
  await dialog.getByRole('textbox', { name: 'Description' }).fill('Black, organic cotton');
  await dialog.getByLabel('Price (£)').fill('12.345');
  await dialog.getByLabel('Stock').fill('50');
  await dialog.getByRole('button', { name: 'Add add-on' }).click();
  const price = dialog.getByLabel('Price (£)');
  await expect(price).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText('Enter a price, like 15.00 (0 for a free add-on)')).toBeVisible();
  await expect(dialog.getByText('Enter a name for the add-on')).toHaveCount(0);
  await shot(page, testInfo, 'add-on-dialog-error-desktop-light', 'dialog');
  await audit.check('add-on dialog with an error', { within: '[role="dialog"]' });
  await price.fill('15.00');
  await dialog.getByRole('button', { name: 'Add add-on' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(section.getByRole('status')).toHaveText('T-shirt saved.');
  const row = section.getByRole('row').filter({ hasText: 'T-shirt' });
  await expect(row.getByRole('cell')).toContainText(['T-shirtBlack, organic cotton', '£15.00', '0 / 50', '0', '0']);
  await shot(page, testInfo, 'add-ons-desktop-light');
  await audit.check('add-ons section', { within: 'section[aria-labelledby="add-ons-heading"]' });

  await section.getByRole('button', { name: 'Edit T-shirt' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit T-shirt' });
  await expect(edit.getByLabel('Price (£)')).toHaveValue('15.00');
  await expect(edit.getByLabel('Stock')).toHaveValue('50');
  await edit.getByRole('textbox', { name: 'Name' }).fill('Tour T-shirt');
  await edit.getByLabel('Price (£)').fill('18.50');
  await edit.getByLabel('Stock').fill('');
  await edit.getByLabel('Most per order').fill('3');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toHaveCount(0);
  await expect(section.getByRole('status')).toHaveText('Tour T-shirt saved.');
  const edited = section.getByRole('row').filter({ hasText: 'Tour T-shirt' });
  await expect(edited.getByRole('cell')).toContainText(['Tour T-shirt', '£18.50', '0 (no limit)', '0', '0']);
  const listed = await page.request.get(`${baseURL}/api/events/${eventId}/add-ons`, {
    headers: { cookie: organiser.cookieHeader },
  });
  expect((await listed.json()).add_ons).toMatchObject([
    { name: 'Tour T-shirt', price_minor: 1850, capacity: null, max_per_order: 3 },
  ]);
  await setDark(page, true);
  await shot(page, testInfo, 'add-ons-desktop-dark');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, testInfo, 'add-ons-phone-dark');
  await setDark(page, false);
  await shot(page, testInfo, 'add-ons-phone-light');
  await section.getByRole('button', { name: 'Edit Tour T-shirt' }).click();
  await shot(page, testInfo, 'add-on-dialog-phone-light', 'dialog');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Delete asks first; Keep leaves it.
  await section.getByRole('button', { name: 'Delete Tour T-shirt' }).click();
  const confirm = section.getByRole('group', { name: 'Delete Tour T-shirt?' });
  await confirm.getByRole('button', { name: 'Keep' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(edited).toBeVisible();
  expect(audit.found, `serious or critical axe violations (${audit.found.length})`).toEqual([]);
});

test('deleting an add-on: removed when no one bought it', async ({ page }) => {
  const headers = { cookie: organiser.cookieHeader, origin: baseURL };
  const parking = await page.request.post(`${baseURL}/api/events/${eventId}/add-ons`, {
    headers,
    data: { name: 'Parking', price: '8.00' },
  });
  expect(parking.status(), await parking.text()).toBe(201);
  await page.context().addCookies(organiser.cookies);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/dashboard/events/view/${eventId}`);
  const section = page.getByRole('region', { name: 'Add-ons' });
  await expect(section.getByRole('row').filter({ hasText: 'Parking' })).toContainText('0 (no limit)');
  await section.getByRole('button', { name: 'Delete Parking' }).click();
  await section.getByRole('group', { name: 'Delete Parking?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(section.getByRole('status')).toHaveText('Parking deleted.');
  await expect(section.getByRole('row').filter({ hasText: 'Parking' })).toHaveCount(0);
  await expect(section.getByRole('row').filter({ hasText: 'Tour T-shirt' })).toBeVisible();
});

test("once a fan's checkout holds some: stock below it refused under Stock, delete refused above the table", async ({
  page,
  request,
  allowConsoleError,
}, testInfo) => {
  test.setTimeout(120_000);
  // The refusals are a 400 and a 409 from the API, which the browser logs.
  allowConsoleError(/status of (400|409)/);
  const seller = await createOrganiser(request, { subdomain: uniqueSubdomain('merch') });
  await enableSandboxPayouts(request, seller, 'Merch Co Ltd');
  const liveId = await createPublishedEvent(request, seller, 'Merch Live', { terms_of_service: '' });
  const headers = { cookie: seller.cookieHeader, origin: baseURL };
  const made = await request.post(`${baseURL}/api/events/${liveId}/add-ons`, {
    headers,
    data: { name: 'Parking', price: '8.00', capacity: 5, max_per_order: 2 },
  });
  expect(made.status(), await made.text()).toBe(201);
  const parking = (await made.json()) as { id: string };

  // A fan chooses a ticket and two parking spaces on the event page; the checkout holds them.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(storefrontUrl(seller.subdomain, `/events/${liveId}`));
  await page.getByLabel('Quantity of General Admission', { exact: true }).fill('1');
  await page.getByLabel('Quantity of Parking', { exact: true }).fill('2');
  await page.getByLabel('First name').fill('Fran');
  await page.getByLabel('Last name').fill('Fan');
  await page.getByLabel('Email', { exact: true }).fill('parking@example.com');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.waitForURL(/\/checkout\/[A-Za-z0-9_-]{43}$/);

  await page.context().addCookies(seller.cookies);
  await page.goto(`/dashboard/events/view/${liveId}`);
  const section = page.getByRole('region', { name: 'Add-ons' });
  const row = section.getByRole('row').filter({ hasText: 'Parking' });
  await expect(row.getByRole('cell')).toContainText(['Parking', '£8.00', '0 / 5', '2', '0']);

  await section.getByRole('button', { name: 'Edit Parking' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Parking' });
  await edit.getByLabel('Stock').fill('1');
  await edit.getByRole('button', { name: 'Save' }).click();
  const stock = edit.getByLabel('Stock');
  await expect(stock).toHaveAttribute('aria-invalid', 'true');
  await expect(stock).toHaveAccessibleDescription(/Stock cannot be below the 2 already sold or being bought/);
  await shot(page, testInfo, 'add-on-dialog-server-error-desktop-light', 'dialog');
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toHaveCount(0);

  await section.getByRole('button', { name: 'Delete Parking' }).click();
  await section.getByRole('group', { name: 'Delete Parking?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(section.getByRole('alert')).toHaveText(ADD_ON_MESSAGES.deleteHeld);
  await expect(row).toBeVisible();
  await shot(page, testInfo, 'add-ons-delete-refused-desktop-light');
  const listed = await request.get(`${baseURL}/api/events/${liveId}/add-ons`, { headers });
  expect((await listed.json()).add_ons).toMatchObject([{ id: parking.id, capacity: 5, held: 2 }]);
});
