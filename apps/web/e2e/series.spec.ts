// Dates in a series (issue 31, decision 132) in Chromium against the real server: the organiser turns a live
// Friday night into a weekly series of three dates from the event's Dates section; a fan picks the second date on
// the event page and buys there; the organiser sees that date's sales and the series' totals. Screenshots: the
// Dates section and the storefront's date picker, desktop and 390 px phone, light and dark.
import { expect, storefrontUrl, test, E2E_PORT } from './fixtures';
import { createOrganiser, uniqueSubdomain, type Organiser } from './support/api';
import { buyWithForms, createPublishedEvent, enableSandboxPayouts, shot } from './support/selling';

test.describe.configure({ mode: 'serial' });
test.use({ locale: 'en-GB', timezoneId: 'Europe/London' });

const baseURL = `http://localhost:${E2E_PORT}`;
let organiser: Organiser;
let eventId = '';

test.beforeAll(async ({ request }) => {
  organiser = await createOrganiser(request, { subdomain: uniqueSubdomain('weekly'), companyName: 'Weekly Co' });
  await enableSandboxPayouts(request, organiser);
  eventId = await createPublishedEvent(request, organiser, 'Friday Club', {
    start_local: '2031-06-13T22:00',
    end_local: '2031-06-14T03:00',
  });
});

test('a weekly series of three dates, each sold on its own', async ({ page, request, allowConsoleError }, testInfo) => {
  test.setTimeout(180_000);
  // The refused date below answers 400, which Chromium logs.
  allowConsoleError(/status of 400/);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.context().addCookies(organiser.cookies);
  await page.goto(`${baseURL}/dashboard/events/view/${eventId}`);

  const dates = page.getByRole('region', { name: 'Dates', exact: true });
  await expect(dates.getByRole('heading', { name: 'Dates' })).toBeVisible();
  await expect(dates.getByText('This event has one date.')).toBeVisible();
  await dates.getByLabel('Add', { exact: true }).selectOption('weekly');
  await dates.getByLabel('How many more dates').fill('2');
  await dates.getByRole('button', { name: 'Add dates' }).click();
  await expect(dates.getByRole('status').filter({ hasText: 'Added.' })).toHaveText('Added. The series has 3 dates.');
  const table = dates.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(5);
  await expect(table).toContainText('FRI 13 JUN, 2031 · 22:00 (this date)');
  await expect(table.getByRole('link', { name: 'FRI 20 JUN, 2031 · 22:00' })).toBeVisible();
  await expect(table.getByRole('link', { name: 'FRI 27 JUN, 2031 · 22:00' })).toBeVisible();
  await dates.scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'series-dates-desktop-light');

  // A bad date is refused beside its field, and nothing is added.
  await dates.getByLabel('Add', { exact: true }).selectOption('one');
  await dates.getByLabel('Starts').fill('2031-06-20T22:00');
  await dates.getByRole('button', { name: 'Add dates' }).click();
  await expect(dates.getByText('The series already has a date at this time')).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(5);

  // The fan picks the second date on the event page and buys there.
  const fan = await page
    .context()
    .browser()!
    .newPage({ viewport: { width: 390, height: 844 } });
  await fan.goto(storefrontUrl(organiser.subdomain, '/events/friday-club'));
  const picker = fan.getByRole('navigation', { name: 'Pick a date' });
  await expect(picker.getByRole('link')).toHaveCount(3);
  await expect(picker.getByRole('link', { name: 'FRI 13 JUN, 2031 · 22:00' })).toHaveAttribute('aria-current', 'page');
  await shot(fan, testInfo, 'series-picker-phone-light');
  await fan.emulateMedia({ colorScheme: 'dark' });
  await shot(fan, testInfo, 'series-picker-phone-dark');
  await picker.getByRole('link', { name: 'FRI 20 JUN, 2031 · 22:00' }).click();
  await expect(fan).toHaveURL(/\/events\/friday-club-2031-06-20$/);
  await expect(fan.getByRole('heading', { level: 1 })).toHaveText('Friday Club');
  await expect(fan.getByText('FRI 20 JUN, 2031 · 22:00').first()).toBeVisible();
  await fan.close();

  const series = await request.get(`${baseURL}/api/events/${eventId}/dates`, {
    headers: { cookie: organiser.cookieHeader },
  });
  const second = ((await series.json()) as { dates: Array<{ id: string }> }).dates[1]!.id;
  await buyWithForms(request, organiser, second, { quantity: 2, email: 'second-date@example.com' });

  // The organiser sees the sale on that date only, and in the series' totals.
  await page.reload();
  const rows = dates.getByRole('row');
  await expect(rows.nth(1)).toContainText('0 / 100');
  await expect(rows.nth(2)).toContainText('2 / 100');
  await expect(rows.nth(2)).toContainText('£40.00');
  await expect(rows.nth(4)).toContainText('Series (3 dates)');
  await expect(rows.nth(4)).toContainText('2 / 300');
  await page.emulateMedia({ colorScheme: 'dark' });
  await dates.scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'series-dates-desktop-dark');
  await page.setViewportSize({ width: 390, height: 844 });
  await dates.screenshot({ path: testInfo.outputPath('series-dates-phone-dark.png') });
  if (process.env.E2E_SCREENSHOTS)
    await dates.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/series-dates-phone-dark.png` });
});
