// Issue 12's customers journey in Chromium against the real server: two fans buy on the organiser's storefront
// (one of them twice, at two events); the Customers page lists both with the right totals and statuses, its
// search, sorting, remembered columns and paging line behave as the spec says, the detail dialog shows the
// events bought, Export downloads a CSV that parses, and a DELETE removes one customer while the revenue stays
// the same. Then the empty state of an organiser without buyers and the page on a 390 px phone, in both themes.
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { E2E_PORT, expect, storefrontUrl, test } from './fixtures';
import { createOrganiser, uniqueSubdomain, type Organiser } from './support/api';
import { createPublishedEvent, enableSandboxPayouts, shot } from './support/selling';

test.describe.configure({ mode: 'serial' });
test.use({ timezoneId: 'Europe/London', locale: 'en-GB' });

const baseURL = `http://localhost:${E2E_PORT}`;
let organiser: Organiser;
const events: Record<string, string> = {};
/** An evening event on `date`, as the customers journey's two events are. */
const liveAt = (date: string) => ({
  description: 'A night for the customers journey.',
  start_local: `${date}T19:00`,
  end_local: `${date}T23:00`,
  terms_of_service: '',
});

interface Fan {
  first: string;
  last: string;
  email: string;
  phone: string;
  country: string;
}

/** A fan buys `quantity` tickets on the storefront and pays with the sandbox's success card. */
async function buy(page: Page, eventName: string, fan: Fan, quantity: number) {
  await page.goto(storefrontUrl(organiser.subdomain, `/events/${events[eventName]}`));
  await expect(page.getByRole('heading', { level: 1, name: eventName })).toBeVisible();
  await page.getByLabel('Quantity of General Admission', { exact: true }).fill(String(quantity));
  await page.getByLabel('First name').fill(fan.first);
  await page.getByLabel('Last name').fill(fan.last);
  await page.getByLabel('Email', { exact: true }).fill(fan.email);
  await page.getByLabel('Phone (optional)').fill(fan.phone);
  await page.getByLabel('Country').selectOption(fan.country);
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

const fran: Fan = { first: 'Fran', last: 'Fan', email: 'fran@example.com', phone: '07700 900111', country: 'GB' };
const gus: Fan = { first: 'Gus', last: 'Goer', email: 'gus@example.com', phone: '+353 1 555 0199', country: 'IE' };

const rows = (page: Page) => page.getByRole('region', { name: 'Customers table' }).locator('tbody tr');

test.beforeAll(async ({ request }) => {
  organiser = await createOrganiser(request, { subdomain: uniqueSubdomain('fans'), companyName: 'Customers Co' });
  await enableSandboxPayouts(request, organiser, 'Customers Co Ltd');
  events['Warehouse Night'] = await createPublishedEvent(request, organiser, 'Warehouse Night', liveAt('2031-06-14'));
  events['Rooftop Sessions'] = await createPublishedEvent(request, organiser, 'Rooftop Sessions', liveAt('2031-07-20'));
});

test('two fans buy; the Customers page lists, searches, sorts, shows, exports and deletes them', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await buy(page, 'Warehouse Night', fran, 2);
  await buy(page, 'Rooftop Sessions', fran, 1);
  await buy(page, 'Warehouse Night', gus, 1);

  await page.context().addCookies(organiser.cookies);
  await page.goto(`${baseURL}/dashboard`);
  await expect(page.getByText('Total Customers').locator('..')).toContainText('2');
  const revenue = page.getByText('Total Revenue').locator('..');
  await expect(revenue).toContainText('80');
  const revenueBefore = await revenue.textContent();

  await page.goto(`${baseURL}/dashboard/customers`);
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Customer Database' })).toBeVisible();
  await expect(page.getByPlaceholder('Search customers...')).toBeVisible();
  await expect(rows(page)).toHaveCount(2);
  await expect(page.getByText('Showing 1 to 2 of 2 customers')).toBeVisible();
  await expect(page.getByText('Page 1 of 1')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  // Name ascending by default: Fran, then Gus. Fran bought 3 tickets at 2 events (£60), Gus 1 (£20).
  await expect(rows(page).nth(0)).toContainText('Fran Fan');
  await expect(rows(page).nth(0)).toContainText('fran@example.com');
  await expect(rows(page).nth(0)).toContainText('07700 900111');
  await expect(rows(page).nth(0)).toContainText('GB');
  await expect(rows(page).nth(0).locator('td').nth(4)).toHaveText('2');
  await expect(rows(page).nth(0)).toContainText('£60.00');
  await expect(rows(page).nth(1)).toContainText('Gus Goer');
  await expect(rows(page).nth(1)).toContainText('£20.00');
  await expect(rows(page).nth(1).locator('td').nth(3).locator('svg')).toBeVisible();

  // The Status column is hidden by default; shown from the Columns menu and remembered after a reload.
  await expect(page.getByRole('columnheader', { name: 'Status' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('checkbox', { name: 'Status' }).check();
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(page.getByRole('columnheader', { name: 'Status' })).toBeVisible();
  await expect(rows(page).nth(0)).toContainText('New');
  await expect(rows(page).nth(1)).toContainText('New');
  await page.getByText('New', { exact: true }).first().hover();
  await expect(page.getByRole('tooltip').first()).toContainText('VIP: tickets for 3 or more events');

  // Sorting: a new column starts ascending, the same column again toggles.
  const spent = page.getByRole('columnheader', { name: 'Total Spent' });
  await spent.getByRole('button').click();
  await expect(spent).toHaveAttribute('aria-sort', 'ascending');
  await expect(rows(page).nth(0)).toContainText('Gus Goer');
  await spent.getByRole('button').click();
  await expect(spent).toHaveAttribute('aria-sort', 'descending');
  await expect(rows(page).nth(0)).toContainText('Fran Fan');

  // Search: name and e-mail case-insensitive, phone by substring.
  await page.getByPlaceholder('Search customers...').fill('GUS');
  await expect(rows(page)).toHaveCount(1);
  await expect(page.getByText('Showing 1 to 1 of 1 customers')).toBeVisible();
  await page.getByPlaceholder('Search customers...').fill('900111');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).nth(0)).toContainText('Fran Fan');
  await page.getByPlaceholder('Search customers...').fill('');
  await expect(rows(page)).toHaveCount(2);
  await shot(page, testInfo, 'customers-desktop');

  // Detail: flag and code, contact, totals and the EVENTS list.
  await rows(page).filter({ hasText: 'Fran Fan' }).click();
  const detail = page.getByRole('dialog', { name: 'Fran Fan' });
  await expect(detail.getByRole('heading', { name: 'Fran Fan' })).toBeVisible();
  await expect(detail).toContainText('GB');
  await expect(detail).toContainText('fran@example.com');
  await expect(detail).toContainText('07700 900111');
  await expect(detail).toContainText('£60.00');
  const eventsToggle = detail.getByRole('button', { name: /Events \(2\)/ });
  await expect(eventsToggle).toHaveAttribute('aria-expanded', 'true');
  await expect(detail.getByText('Warehouse Night')).toBeVisible();
  await expect(detail.getByText('Rooftop Sessions')).toBeVisible();
  await expect(detail.getByText('20 Jul 2031')).toBeVisible();
  await shot(page, testInfo, 'customer-detail');
  await eventsToggle.click();
  await expect(detail.getByText('Warehouse Night')).toHaveCount(0);
  await detail.getByRole('button', { name: 'Close' }).click();

  // Export: a CSV of every column, consent included.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^customers-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  const table: string[][] = parse(csv.replace(/^\ufeff/, ''));
  expect(table[0]).toEqual([
    'Name',
    'Email Address',
    'Phone Number',
    'Country',
    'Events',
    'Total Spent',
    'Currency',
    'Date Joined',
    'Last Purchase',
    'Status',
    'Marketing Consent',
  ]);
  // The amount is a plain number beside its currency code.
  expect(table.slice(1).map((row) => [row[0], row[5], row[6]])).toEqual([
    ['Fran Fan', '60.00', 'GBP'],
    ['Gus Goer', '20.00', 'GBP'],
  ]);
  // A phone number starting with + is kept as text, not read as a formula.
  expect(table[2]![2]).toBe("'+353 1 555 0199");

  // Delete: only the exact word enables the button; Cancel clears what was typed.
  await page.getByRole('button', { name: 'Delete Gus Goer' }).click();
  let dialog = page.getByRole('dialog', { name: 'Delete customer' });
  const word = dialog.getByLabel('Type DELETE to confirm');
  const confirm = dialog.getByRole('button', { name: 'Delete', exact: true });
  await word.fill('delete');
  await expect(confirm).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Delete Gus Goer' }).click();
  dialog = page.getByRole('dialog', { name: 'Delete customer' });
  await expect(dialog.getByLabel('Type DELETE to confirm')).toHaveValue('');
  await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
  await expect(dialog.getByRole('button', { name: 'Delete', exact: true })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(rows(page)).toHaveCount(1);
  await expect(page.getByText('Showing 1 to 1 of 1 customers')).toBeVisible();
  await expect(page.getByText('Gus Goer')).toHaveCount(0);

  // The dashboard agrees: one customer, and the revenue is what it was.
  await page.goto(`${baseURL}/dashboard`);
  await expect(page.getByText('Total Customers').locator('..')).toContainText('1');
  await expect(page.getByText('Total Revenue').locator('..')).toHaveText(revenueBefore!);
});

test('an organiser without buyers sees the empty state; the page fits a 390 px phone in both themes', async ({
  page,
  request,
}, testInfo) => {
  const newcomer = await createOrganiser(request, { subdomain: uniqueSubdomain('empty'), companyName: 'Newcomer' });
  await page.context().addCookies(newcomer.cookies);
  await page.goto(`${baseURL}/dashboard/customers`);
  await expect(page.getByText('No customers yet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Export' })).toBeVisible();

  await page.context().clearCookies();
  await page.context().addCookies(organiser.cookies);
  await page.setViewportSize({ width: 390, height: 844 });
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.goto(`${baseURL}/dashboard/customers`);
    await expect(rows(page)).toHaveCount(1);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await shot(page, testInfo, `customers-phone-${theme}`);
  }
});
