// Issue 6's journey against the real server (no page.route): a new organiser creates an event through the
// four steps, saves a draft, is told why Create kept it a draft, enables payouts in the sandbox, edits the
// event, publishes it from the view page and finds it on the events list, the dashboard home and the
// organisation's storefront. The edit wizard and the view page refuse ids that are missing or not theirs.
import fs from 'node:fs';
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { EVENT_MESSAGES, eventSlugBase } from '@marquee/shared';
import { E2E_PORT, expect, storefrontUrl, test } from './fixtures';
import { createOrganiser, uniqueSubdomain, type Organiser } from './support/api';
import { makeValidPng } from './support/images';

test.describe.configure({ mode: 'serial' });
test.use({ timezoneId: 'Europe/London', locale: 'en-GB' });

const baseURL = `http://localhost:${E2E_PORT}`;
const EVENT_NAME = 'Summer Block Party';
const DESCRIPTION = 'Street food, DJs and a sound system in the park.';

let organiser: Organiser;
let eventId = '';
/** The start the picker produced, 'YYYY-MM-DDTHH:mm'. */
let startLocal = '';

/** Screenshots go to E2E_SCREENSHOTS when set (to look at them), otherwise to the test's output folder. */
async function shot(page: Page, testInfo: TestInfo, name: string, fullPage = true) {
  const dir = process.env.E2E_SCREENSHOTS ?? testInfo.outputPath('screens');
  fs.mkdirSync(dir, { recursive: true });
  // A full-page shot of a scrolled page draws the fixed header and sidebar where the scroll left them.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage });
}

/**
 * Dark mode: the dashboard follows the system preference when the page loads and then the header's toggle, so
 * dashboard pages switch with the toggle; server-rendered pages follow the emulated preference.
 */
async function setDark(page: Page, dark: boolean) {
  await page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' });
  // With no saved choice the app follows the emulated system setting by itself; click only if it did not.
  const isDark = await page
    .waitForFunction((want) => document.documentElement.classList.contains('dark') === want, dark, { timeout: 1000 })
    .then(
      () => dark,
      () => !dark,
    );
  const toggle = page.getByRole('button', { name: `Switch to ${dark ? 'dark' : 'light'} theme` });
  if (isDark !== dark && (await toggle.isVisible())) await toggle.click();
}

/** The page on desktop and at 390 px wide, light and dark; it ends on desktop light. */
async function shotVariants(page: Page, testInfo: TestInfo, name: string) {
  await shot(page, testInfo, `${name}-desktop-light`);
  await setDark(page, true);
  await shot(page, testInfo, `${name}-desktop-dark`);
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, testInfo, `${name}-mobile-dark`);
  await setDark(page, false);
  await shot(page, testInfo, `${name}-mobile-light`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function signIn(page: Page, who: Organiser = organiser) {
  await page.context().addCookies(who.cookies);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });
}

test.beforeAll(async ({ request }) => {
  organiser = await createOrganiser(request, { subdomain: uniqueSubdomain('journey') });
});

test('create: every step validates, the preview follows, Save Draft saves, Create keeps a draft without payouts', async ({
  page,
  allowConsoleError,
}, testInfo) => {
  test.setTimeout(120_000);
  // Publishing without payouts is refused with 409 PAYOUTS_NOT_ENABLED; the wizard keeps the draft.
  allowConsoleError(/status of 409/);
  await signIn(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();
  await expect(page.getByText('No upcoming events yet.')).toBeVisible();
  await page.getByRole('link', { name: 'New Event' }).click();
  await expect(page).toHaveURL(/\/dashboard\/events\/new$/);
  await expect(page.getByRole('heading', { name: 'New Event' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back' })).toBeDisabled();
  const steps = page.getByRole('navigation', { name: 'Progress' });
  await expect(steps.getByRole('listitem')).toHaveCount(4);

  // Step 1: the three required fields.
  const preview = page.getByRole('complementary', { name: 'Event preview' });
  await expect(preview.getByText('Event Title')).toBeVisible();
  await expect(preview.getByText('Location', { exact: true })).toBeVisible();
  await expect(preview.getByText('Date', { exact: true }).last()).toBeVisible();
  await expect(preview.getByText('Price', { exact: true }).last()).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(EVENT_MESSAGES.artworkRequired, { exact: false })).toBeVisible();
  await expect(page.getByText(EVENT_MESSAGES.nameRequired)).toBeVisible();
  await expect(page.getByText(EVENT_MESSAGES.descriptionRequired)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Event Details' })).toBeVisible();
  await shot(page, testInfo, '01-step1-errors');

  await page.getByLabel('Event artwork file').setInputFiles(await makeValidPng());
  await expect(page.getByText('Change image')).toBeVisible();
  await expect(page.getByText(EVENT_MESSAGES.artworkRequired, { exact: false })).toHaveCount(0);
  const artwork = preview.getByRole('img', { name: 'Event artwork preview' });
  await expect(artwork).toHaveAttribute('src', /^\/uploads\//);
  await expect.poll(() => artwork.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  const name = page.getByRole('textbox', { name: 'Event Name' });
  await expect(page.getByText('0/50')).toBeVisible();
  await name.fill(EVENT_NAME);
  await expect(page.getByText(`${EVENT_NAME.length}/50`)).toBeVisible();
  await expect(preview.getByRole('heading', { name: EVENT_NAME })).toBeVisible();
  await expect(page.getByText(EVENT_MESSAGES.nameRequired)).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Description' }).fill(DESCRIPTION);
  await expect(page.getByText(`${DESCRIPTION.length}/200`)).toBeVisible();

  const lineup = page.getByRole('textbox', { name: /Line-up/ });
  for (const artist of ['  DJ Shadow ', '   ', 'Kelis', 'Wrong Name']) {
    await lineup.fill(artist);
    await lineup.press('Enter');
  }
  await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(3);
  await page.getByRole('button', { name: 'Remove Wrong Name' }).click();
  await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(2);
  await expect(preview.getByRole('list', { name: 'Line-up' }).getByRole('listitem')).toHaveText(['DJ Shadow', 'Kelis']);
  await shot(page, testInfo, '02-step1-filled');

  // Save Draft on step 1; the draft is on the events list straight away (a second tab, a fresh load).
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(page.getByText('Draft saved')).toBeVisible();
  const listTab = await page.context().newPage();
  await listTab.goto('/dashboard/events');
  const draftCard = listTab.getByRole('region', { name: 'Upcoming Events' }).getByRole('article', { name: EVENT_NAME });
  await expect(draftCard).toBeVisible();
  await expect(draftCard.getByText('draft', { exact: true })).toBeVisible();
  await expect(draftCard.getByText('Date not set')).toBeVisible();
  const viewHref = await draftCard.getByRole('link', { name: `View ${EVENT_NAME}` }).getAttribute('href');
  eventId = viewHref!.split('/').pop()!;
  expect(eventId).toMatch(/^[0-9a-f-]{36}$/);
  await listTab.close();

  // Step 2: location, start and end required; dates picked through the picker.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Location & Schedule' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back' })).toBeEnabled();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(EVENT_MESSAGES.locationRequired)).toBeVisible();
  await expect(page.getByText(EVENT_MESSAGES.startRequired)).toBeVisible();
  await expect(page.getByText(EVENT_MESSAGES.endRequired)).toBeVisible();
  await shot(page, testInfo, '03-step2-errors');
  await page.getByRole('searchbox', { name: 'Location' }).fill('Brockwell Park, London');
  await expect(preview.getByText('Brockwell Park, London')).toBeVisible();

  const start = page.getByRole('button', { name: /^Start Date & Time/ });
  await expect(start).toHaveText('DD/MM/YYYY, HH:mm');
  await start.click();
  let picker = page.getByRole('dialog', { name: 'Choose start date & time' });
  await expect(picker.getByRole('columnheader')).toHaveText(['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su']);
  await picker.getByRole('button', { name: 'Next month' }).click();
  await picker.getByRole('button', { name: 'Next month' }).click();
  await picker.getByRole('grid').getByRole('button', { name: /^15 / }).click();
  await picker.getByRole('button', { name: 'Hour 20' }).click();
  await picker.getByRole('button', { name: 'Minute 30' }).click();
  await shot(page, testInfo, '04-step2-picker', false);
  await page.keyboard.press('Escape');
  await expect(picker).toBeHidden();
  await expect(start).toHaveText(/^15\/\d{2}\/\d{4}, 20:30$/);
  const [day, month, year] = (await start.textContent())!.slice(0, 10).split('/');
  startLocal = `${year}-${month}-${day}T20:30`;

  const end = page.getByRole('button', { name: /^End Date & Time/ });
  await end.click();
  picker = page.getByRole('dialog', { name: 'Choose end date & time' });
  await picker.getByRole('button', { name: 'Next month' }).click();
  await picker.getByRole('button', { name: 'Next month' }).click();
  await picker.getByRole('grid').getByRole('button', { name: /^15 / }).click();
  await picker.getByRole('button', { name: 'Hour 23' }).click();
  await picker.getByRole('button', { name: 'Minute 55' }).click();
  await page.keyboard.press('Escape');
  await expect(end).toHaveText(`${day}/${month}/${year}, 23:55`);
  await expect(preview.getByText(new RegExp(`^[A-Z]{3} 15 [A-Z]{3}, ${year}$`))).toBeVisible();
  await expect(preview.getByText('20:30')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 3: the price.
  await expect(page.getByRole('heading', { name: 'Ticket Details' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Currency' })).toHaveValue('GBP');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(EVENT_MESSAGES.priceRequired)).toBeVisible();
  await shot(page, testInfo, '05-step3-errors');
  const price = page.getByRole('spinbutton', { name: 'Ticket Price' });
  await price.fill('0');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(EVENT_MESSAGES.priceRequired)).toBeVisible();
  await price.fill('12.50');
  await expect(preview.getByText('£12.50')).toBeVisible();
  await page.getByRole('spinbutton', { name: /Venue Capacity/ }).fill('500');
  await page.getByRole('switch', { name: 'Resale allowed?' }).click();
  await expect(preview.getByRole('img', { name: 'Resale: yes' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 4.
  await expect(page.getByRole('heading', { name: 'Additional Settings' })).toBeVisible();
  await page.getByRole('spinbutton', { name: 'Minimum Age' }).fill('18');
  await page.getByRole('textbox', { name: /Terms of Service/ }).fill('No re-entry.');
  await expect(page.getByText('12/500')).toBeVisible();
  await page.getByRole('button', { name: 'More details' }).click();
  await expect(preview.getByText(`${day}/${month}/${year}, 20:30`)).toBeVisible();
  await expect(preview.getByText('Not set')).toBeVisible(); // last entry
  await shotVariants(page, testInfo, '06-step4-preview');

  await page.getByRole('button', { name: 'Create Event' }).click();
  await expect(page).toHaveURL(/\/dashboard\/events$/);
  await expect(
    page.getByText('Saved as a draft: Enable payouts to publish events and to start receiving ticket sales.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Enable payouts' })).toHaveAttribute('href', '/dashboard/billing');
  const card = page.getByRole('region', { name: 'Upcoming Events' }).getByRole('article', { name: EVENT_NAME });
  await expect(card).toHaveCount(1);
  await expect(card.getByText('draft', { exact: true })).toBeVisible();
  await expect(card.getByText(new RegExp(`^[A-Z]{3} 15 [A-Z]{3}, ${year} · 20:30$`))).toBeVisible();
  await expect(card.getByText('Brockwell Park, London')).toBeVisible();
  await shot(page, testInfo, '07-list-draft-notice');

  // What the server stored is what was typed.
  const stored = await page.request.get(`/api/events/${eventId}`);
  expect(stored.status()).toBe(200);
  expect(await stored.json()).toMatchObject({
    status: 'draft',
    name: EVENT_NAME,
    description: DESCRIPTION,
    location: 'Brockwell Park, London',
    start_local: startLocal,
    end_local: `${year}-${month}-${day}T23:55`,
    last_entry_local: '',
    time_zone: 'Europe/London',
    lineup: ['DJ Shadow', 'Kelis'],
    currency: 'GBP',
    price: '12.50',
    capacity: 500,
    resale_allowed: true,
    refunds_allowed: true,
    sold_on_entry: true,
    minimum_age: 18,
    terms_of_service: 'No re-entry.',
    remove_on_event_end: true,
  });

  // The view page refuses to publish and says why.
  await card.getByRole('link', { name: `View ${EVENT_NAME}` }).click();
  await expect(page.getByRole('heading', { name: EVENT_NAME })).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'Enable payouts to publish events and to start receiving ticket sales.',
  );
  await expect(page.getByText('The public page and its QR code appear once the event is published.')).toBeVisible();
});

test('payouts: the organiser enables them through the sandbox onboarding', async ({ page }, testInfo) => {
  await signIn(page);
  await page.goto('/dashboard/events');
  await page.goto('/dashboard/billing');
  await expect(page.getByText('Payouts Not Configured')).toBeVisible();
  await page.getByRole('button', { name: 'Enable Payouts' }).click();
  await expect(page).toHaveURL(/\/sandbox\/connect\/onboard\?token=/);
  await page.getByLabel('Business name').fill('Journey Events Ltd');
  await page.getByLabel('Type of business').selectOption('company');
  await page.getByLabel('Country').selectOption('GB');
  await page.getByLabel('Street address').fill('1 Park Road');
  await page.getByLabel('Town or city').fill('London');
  await page.getByLabel('Postcode').fill('SE24 9BJ');
  await page.getByLabel('Representative’s full name').fill('Alex Organiser');
  await page.getByLabel('Date of birth').fill('1990-04-01');
  await page.getByLabel('Account holder name').fill('Journey Events Ltd');
  await page.getByLabel('Sort code or routing number').fill('108800');
  await page.getByLabel('Account number').fill('00012345');
  await page.getByLabel('Registration number').fill('12345678');
  await shot(page, testInfo, '08-sandbox-onboarding');
  await page.getByRole('button', { name: 'Agree and submit' }).click();
  await expect(page).toHaveURL(/\/dashboard\/billing$/);
  await expect(page.getByText('Payouts Enabled')).toBeVisible();
});

test('edit: the wizard loads the draft, has no Save Draft, and Update saves without publishing', async ({
  page,
}, testInfo) => {
  await signIn(page);
  await page.goto('/dashboard/events');
  const card = page.getByRole('region', { name: 'Upcoming Events' }).getByRole('article', { name: EVENT_NAME });
  await card.getByRole('link', { name: `Edit ${EVENT_NAME}` }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/events/edit/${eventId}$`));
  // 'Loading event data...' may flash; the wizard then shows the stored values.
  await expect(page.getByRole('heading', { name: 'Edit Event' })).toBeVisible();
  await expect(page.getByText('Loading event data...')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save Draft' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Event Name' })).toHaveValue(EVENT_NAME);
  await expect(page.getByRole('textbox', { name: 'Description' })).toHaveValue(DESCRIPTION);
  await expect(page.getByRole('button', { name: 'Remove Kelis' })).toBeVisible();
  const preview = page.getByRole('complementary', { name: 'Event preview' });
  await expect(preview.getByRole('img', { name: 'Event artwork preview' })).toHaveAttribute('src', /^\/uploads\//);
  await page.getByRole('textbox', { name: /Line-up/ }).fill('Floating Points');
  await page.getByRole('textbox', { name: /Line-up/ }).press('Enter');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('searchbox', { name: 'Location' })).toHaveValue('Brockwell Park, London');
  const [year, month, day] = startLocal.slice(0, 10).split('-');
  await expect(page.getByRole('button', { name: /^Start Date & Time/ })).toHaveText(`${day}/${month}/${year}, 20:30`);
  await expect(page.getByRole('button', { name: /^End Date & Time/ })).toHaveText(`${day}/${month}/${year}, 23:55`);
  // Last entry through the picker: a time first picks today, then a day of the event's month.
  const last = page.getByRole('button', { name: /^Last Entry/ });
  await last.click();
  const picker = page.getByRole('dialog', { name: 'Choose last entry' });
  await picker.getByRole('button', { name: 'Hour 22' }).click();
  for (let i = 0; i < 2; i += 1) await picker.getByRole('button', { name: 'Next month' }).click();
  await picker.getByRole('grid').getByRole('button', { name: /^15 / }).click();
  await page.keyboard.press('Escape');
  await expect(last).toHaveText(`${day}/${month}/${year}, 22:00`);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('spinbutton', { name: 'Ticket Price' })).toHaveValue('12.50');
  await expect(page.getByRole('spinbutton', { name: /Venue Capacity/ })).toHaveValue('500');
  await expect(page.getByRole('switch', { name: 'Resale allowed?' })).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('spinbutton', { name: 'Ticket Price' }).fill('15');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('spinbutton', { name: 'Minimum Age' })).toHaveValue('18');
  await expect(page.getByRole('button', { name: 'Create Event' })).toHaveCount(0);
  await shot(page, testInfo, '09-edit-step4');
  await page.getByRole('button', { name: 'Update Event' }).click();
  await expect(page).toHaveURL(/\/dashboard\/events$/);
  const updated = page.getByRole('region', { name: 'Upcoming Events' }).getByRole('article', { name: EVENT_NAME });
  await expect(updated.getByText('draft', { exact: true })).toBeVisible();

  const stored = (await (await page.request.get(`/api/events/${eventId}`)).json()) as Record<string, unknown>;
  expect(stored).toMatchObject({
    status: 'draft',
    price: '15.00',
    lineup: ['DJ Shadow', 'Kelis', 'Floating Points'],
    last_entry_local: `${year}-${month}-${day}T22:00`,
  });
});

test('publish from the view page: live, public link and QR code, sales figures', async ({ page }, testInfo) => {
  await signIn(page);
  await page.goto(`/dashboard/events/view/${eventId}`);
  await expect(page.getByRole('heading', { name: EVENT_NAME })).toBeVisible();
  await expect(page.getByText('draft', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('live', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unpublish' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Archive' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toHaveCount(0);

  const sales = page.getByRole('region', { name: 'Sales' });
  await expect(sales.getByText('0 / 500')).toBeVisible();
  await expect(sales.getByText('£0.00')).toBeVisible();
  await expect(sales.getByText('£15.00')).toBeVisible();

  // The dashboard links the readable slug address (decision 026).
  const publicUrl = storefrontUrl(organiser.subdomain, `/events/${eventSlugBase(EVENT_NAME)}`);
  const link = page.getByRole('link', { name: new RegExp(publicUrl.replace(/[.?]/g, '\\$&')) });
  await expect(link).toHaveAttribute('href', publicUrl);
  await expect(link).toHaveAttribute('target', '_blank');
  const qr = page.getByRole('img', { name: /^QR code for / });
  await expect(qr).toHaveAttribute('src', `/api/events/${eventId}/qr.svg`);
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  const svg = await page.request.get(`/api/events/${eventId}/qr.svg`);
  expect(svg.headers()['content-type']).toContain('image/svg+xml');
  await shotVariants(page, testInfo, '10-view-live');
});

test.describe('from a browser in another time zone', () => {
  test.use({ timezoneId: 'America/New_York' });

  test('updating the live event keeps it in its own time zone, at the same moment', async ({ page }) => {
    await signIn(page);
    const before = (await (await page.request.get(`/api/events/${eventId}`)).json()) as Record<string, unknown>;
    await page.goto(`/dashboard/events/edit/${eventId}`);
    await expect(page.getByRole('heading', { name: 'Edit Event' })).toBeVisible();
    await expect(page.getByText('This event is live: your changes go live when you update it.')).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    // The event's own zone, not the browser's, is selected and named.
    await expect(page.getByRole('combobox', { name: 'Time Zone' })).toHaveValue('Europe/London');
    await expect(page.getByText(/^Times below are in Europe\/London, GMT(\+1)?\.$/)).toBeVisible();
    const [year, month, day] = startLocal.slice(0, 10).split('-');
    await expect(page.getByRole('button', { name: /^Start Date & Time/ })).toHaveText(`${day}/${month}/${year}, 20:30`);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Update Event' }).click();
    await expect(page).toHaveURL(/\/dashboard\/events$/);
    const after = (await (await page.request.get(`/api/events/${eventId}`)).json()) as Record<string, unknown>;
    expect(after).toMatchObject({
      status: 'live',
      time_zone: 'Europe/London',
      start_local: startLocal,
      starts_at: before.starts_at,
      ends_at: before.ends_at,
      last_entry_at: before.last_entry_at,
    });
  });
});

test('the live event is on the events list, the dashboard home and the storefront', async ({ page }, testInfo) => {
  await signIn(page);
  await page.goto('/dashboard/events');
  const upcoming = page.getByRole('region', { name: 'Upcoming Events' });
  const card = upcoming.getByRole('article', { name: EVENT_NAME });
  await expect(card.getByText('live', { exact: true })).toBeVisible();
  await expect(card.getByText('£0.00')).toBeVisible();
  await expect(card.getByRole('img', { name: 'Resale: yes' })).toBeVisible();
  await expect(card.getByRole('img', { name: 'Refunds: yes' })).toBeVisible();
  await expect(card.getByRole('img', { name: 'On Entry: yes' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Previous Events' }).getByText('No previous events.')).toBeVisible();
  const metrics = page.getByRole('region', { name: 'Event metrics' });
  await expect(metrics.getByText('Total Events')).toBeVisible();
  await expect(metrics.getByText('Event Revenue')).toBeVisible();
  await shotVariants(page, testInfo, '11-events-list');

  await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const overview = page.getByRole('region', { name: 'Overview metrics' });
  for (const title of ['Total Revenue', 'Tickets Sold', 'Upcoming Events', 'Total Customers']) {
    await expect(overview.getByText(title, { exact: true })).toBeVisible();
  }
  await expect(overview.getByText('£0.00')).toBeVisible();
  const upcomingMetric = overview.locator('div').filter({ hasText: /^Upcoming Events/ });
  await expect(upcomingMetric.getByText('1', { exact: true })).toBeVisible();
  const home = page.getByRole('region', { name: 'Upcoming Events' });
  await expect(home.getByRole('article', { name: EVENT_NAME }).getByText('live', { exact: true })).toBeVisible();
  await expect(home.getByRole('link', { name: 'View All Events' })).toBeVisible();
  await shotVariants(page, testInfo, '12-dashboard-home');

  // The storefront: the home lists it, its page shows the price and the 8% booking fee.
  await page.goto(storefrontUrl(organiser.subdomain));
  const listed = page.getByRole('link', { name: new RegExp(EVENT_NAME) });
  await expect(listed).toBeVisible();
  // All-in prices (decision 135): £15.00 + the 8% booking fee.
  await expect(listed).toContainText('£16.20 incl. booking fee');
  await shotVariants(page, testInfo, '13-storefront-home');
  await listed.click();
  await expect(page).toHaveURL(storefrontUrl(organiser.subdomain, `/events/${eventSlugBase(EVENT_NAME)}`));
  await expect(page.getByRole('heading', { name: EVENT_NAME, level: 1 })).toBeVisible();
  await expect(page.getByText('£16.20', { exact: true })).toBeVisible();
  await page.getByText('Price breakdown').first().click();
  await expect(page.getByText('£15.00 ticket + £1.20 booking fee')).toBeVisible();
  await expect(page.getByText(/^[A-Z]{3} 15 [A-Z]{3}, \d{4} · 20:30 \(Europe\/London, GMT(\+1)?\)$/)).toBeVisible();
  await expect(page.getByText(/Brockwell Park,?\s*London/).first()).toBeVisible();
  for (const artist of ['DJ Shadow', 'Kelis', 'Floating Points']) {
    await expect(page.getByRole('listitem').filter({ hasText: artist })).toBeVisible();
  }
  const art = page.getByRole('img', { name: `${EVENT_NAME} artwork` });
  await expect.poll(() => art.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await shotVariants(page, testInfo, '14-storefront-event');
});

test('with payouts enabled, Create Event publishes straight away (in euros)', async ({ page }) => {
  await signIn(page);
  await page.goto('/dashboard/events/new');
  await page.getByLabel('Event artwork file').setInputFiles(await makeValidPng());
  await expect(page.getByText('Change image')).toBeVisible();
  await page.getByRole('textbox', { name: 'Event Name' }).fill('Rooftop Jazz');
  await page.getByRole('textbox', { name: 'Description' }).fill('Brunch with a trio.');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('searchbox', { name: 'Location' }).fill('Sky Garden, London');
  for (const [label, dialog, dayOfMonth, hour] of [
    ['Start Date & Time', 'Choose start date & time', 10, 'Hour 12'],
    ['End Date & Time', 'Choose end date & time', 10, 'Hour 16'],
  ] as const) {
    await page.getByRole('button', { name: new RegExp(`^${label}`) }).click();
    const picker = page.getByRole('dialog', { name: dialog });
    await picker.getByRole('button', { name: 'Next month' }).click();
    await picker
      .getByRole('grid')
      .getByRole('button', { name: new RegExp(`^${dayOfMonth} `) })
      .click();
    await picker.getByRole('button', { name: hour }).click();
    await page.keyboard.press('Escape');
  }
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('combobox', { name: 'Currency' }).selectOption('EUR');
  await page.getByRole('spinbutton', { name: 'Ticket Price' }).fill('20');
  await expect(page.getByRole('complementary', { name: 'Event preview' }).getByText('€20')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Create Event' }).click();
  await expect(page).toHaveURL(/\/dashboard\/events$/);
  await expect(page.getByText(/Saved as a draft/)).toHaveCount(0);
  const card = page.getByRole('region', { name: 'Upcoming Events' }).getByRole('article', { name: 'Rooftop Jazz' });
  await expect(card.getByText('live', { exact: true })).toBeVisible();
  await expect(card.getByText('€0.00')).toBeVisible();
  const id = (await card.getByRole('link', { name: 'View Rooftop Jazz' }).getAttribute('href'))!.split('/').pop()!;

  await page.goto(storefrontUrl(organiser.subdomain, `/events/${id}`));
  await expect(page.getByText('€21.60', { exact: true })).toBeVisible();
  await page.getByText('Price breakdown').first().click();
  await expect(page.getByText('€20.00 ticket + €1.60 booking fee')).toBeVisible();
  await page.goto(storefrontUrl(organiser.subdomain));
  await expect(page.getByRole('link', { name: /Rooftop Jazz/ })).toContainText('€21.60 incl. booking fee');
  await expect(page.getByRole('link', { name: new RegExp(EVENT_NAME) })).toBeVisible();
});

test('a draft can be deleted from its view page; an archived event leaves the upcoming list', async ({ page }) => {
  await signIn(page);
  for (const name of ['Scrapped Idea', 'Old Night']) {
    const created = await page.request.post('/api/events', {
      headers: { origin: baseURL },
      data: { name, location: 'Nowhere' },
    });
    expect(created.status()).toBe(201);
  }
  await page.goto('/dashboard/events');
  const upcoming = page.getByRole('region', { name: 'Upcoming Events' });
  await upcoming.getByRole('link', { name: 'View Scrapped Idea' }).click();
  await expect(page.getByRole('heading', { name: 'Scrapped Idea' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete draft' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/dashboard\/events$/);
  await expect(upcoming.getByRole('article', { name: 'Scrapped Idea' })).toHaveCount(0);

  // The view page archives live events only; a draft is archived through the API.
  const oldId = (await upcoming.getByRole('link', { name: 'View Old Night' }).getAttribute('href'))!.split('/').pop();
  expect((await page.request.post(`/api/events/${oldId}/archive`, { headers: { origin: baseURL } })).status()).toBe(
    200,
  );
  // Straight to its view page: the list may refetch meanwhile and drop the archived event (the click then waited
  // for a link that had gone).
  await page.goto(`/dashboard/events/view/${oldId}`);
  await expect(page.getByText('archived', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0);
  // Archived behind the app's back: a fresh load of the list.
  await page.goto('/dashboard/events');
  await expect(upcoming.getByRole('article', { name: 'Old Night' })).toHaveCount(0);
  const previous = page.getByRole('region', { name: 'Previous Events' }).getByRole('article', { name: 'Old Night' });
  await expect(previous.getByText('archived', { exact: true })).toBeVisible();
  await previous.getByRole('link', { name: 'Edit Old Night' }).click();
  await expect(page.getByText('This event is archived: it can no longer be changed.')).toBeVisible();
});

test('the edit wizard goes back to the list without an id or for an unknown event', async ({
  page,
  allowConsoleError,
}) => {
  allowConsoleError(/status of 404/);
  await signIn(page);
  await page.goto('/dashboard/events/edit/');
  await expect(page).toHaveURL(/\/dashboard\/events$/);
  await expect(page.getByRole('heading', { name: 'Events', exact: true })).toBeVisible();
  await page.goto('/dashboard/events/edit');
  await expect(page).toHaveURL(/\/dashboard\/events$/);
  await page.goto(`/dashboard/events/edit/${crypto.randomUUID()}`);
  await expect(page).toHaveURL(/\/dashboard\/events$/);
  await expect(page.getByRole('heading', { name: 'Events', exact: true })).toBeVisible();
  await page.goto('/dashboard/events/edit/not-a-uuid');
  await expect(page).toHaveURL(/\/dashboard\/events$/);
});

test("another organisation's event is neither viewable nor editable", async ({ page, request, allowConsoleError }) => {
  allowConsoleError(/status of 404/);
  const other = await createOrganiser(request, { subdomain: uniqueSubdomain('rival') });
  const created = await request.post(`${baseURL}/api/events`, {
    headers: { origin: baseURL, cookie: other.cookieHeader },
    data: { name: 'Rival Night', location: 'Elsewhere' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const rivalId = ((await created.json()) as { id: string }).id;

  await signIn(page);
  await page.goto(`/dashboard/events/view/${rivalId}`);
  await expect(page.getByRole('heading', { name: 'Event not found' })).toBeVisible();
  await expect(page.getByText('Rival Night')).toHaveCount(0);
  await page.goto(`/dashboard/events/edit/${rivalId}`);
  await expect(page).toHaveURL(/\/dashboard\/events$/);
  await expect(page.getByRole('article', { name: 'Rival Night' })).toHaveCount(0);
  expect((await page.request.get(`/api/events/${rivalId}`)).status()).toBe(404);
  expect((await page.request.get(`/api/events/${rivalId}/qr.svg`)).status()).toBe(404);
  expect((await page.request.post(`/api/events/${rivalId}/publish`, { headers: { origin: baseURL } })).status()).toBe(
    404,
  );
});
