// Issue 15's drops in Chromium against the real server: the organiser adds a hidden presale type, a promo code
// and an access code from the event's dashboard page; a fan (in another time zone) sees the countdown before the
// on-sale with the opening time in both zones; once on sale, an access-code link unlocks the presale type, the
// fan applies the promo code and buys with the discounted total and booking fee; the organiser's Codes section
// shows the use and its revenue. Screenshots: the Codes section and the storefront's code entry, desktop and
// 390 px phone, light and dark.
import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { E2E_PORT, expect, storefrontUrl, test } from './fixtures';
import { createOrganiser, uniqueSubdomain, type Organiser } from './support/api';
import { createPublishedEvent, enableSandboxPayouts } from './support/selling';

test.describe.configure({ mode: 'serial' });
test.use({ timezoneId: 'America/New_York', locale: 'en-GB' });

const baseURL = `http://localhost:${E2E_PORT}`;
const EVENT_NAME = 'Drop Night';
let organiser: Organiser;
let eventId = '';

async function shot(target: Page | Locator, testInfo: TestInfo, name: string) {
  const dir = process.env.E2E_SCREENSHOTS ?? testInfo.outputPath('screens');
  fs.mkdirSync(dir, { recursive: true });
  await target.screenshot({ path: path.join(dir, `${name}.png`), ...('goto' in target ? { fullPage: true } : {}) });
}

/** 'YYYY-MM-DDTHH:mm' in Europe/London, `minutes` from now. */
function londonLocal(minutes: number): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(Date.now() + minutes * 60_000));
  const get = (type: string) => parts.find((part) => part.type === type)!.value;
  return `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}`;
}

test.beforeAll(async ({ request }) => {
  organiser = await createOrganiser(request, { subdomain: uniqueSubdomain('drop'), companyName: 'Drop Co' });
  await enableSandboxPayouts(request, organiser);
  eventId = await createPublishedEvent(request, organiser, EVENT_NAME);
});

test('organiser makes codes; a fan waits for the on-sale, unlocks the presale and buys with a promo code', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.context().addCookies(organiser.cookies);
  await page.goto(`${baseURL}/dashboard/events/view/${eventId}`);

  // A hidden presale type, from the ticket-type editor.
  await page.getByRole('button', { name: 'Add ticket type' }).click();
  const typeDialog = page.getByRole('dialog', { name: 'Add ticket type' });
  await typeDialog.getByLabel('Name').fill('Fan Presale');
  await typeDialog.getByLabel(/^Price/).fill('15.00');
  await typeDialog.getByRole('switch', { name: 'Hidden' }).click();
  await typeDialog.getByRole('button', { name: 'Add' }).click();
  await expect(typeDialog).toBeHidden();

  // A 10% promo code and an access code for the presale, from the Codes section.
  const codes = page.getByRole('region', { name: 'Codes' });
  await codes.getByRole('button', { name: 'New code' }).click();
  let dialog = page.getByRole('dialog', { name: 'New code' });
  await dialog.getByLabel('Code', { exact: true }).fill('save10');
  await dialog.getByLabel('Percent').fill('10');
  await dialog.getByLabel(/^Total uses/).fill('50');
  await dialog.getByRole('button', { name: 'Create code' }).click();
  await expect(dialog).toBeHidden();
  await codes.getByRole('button', { name: 'New code' }).click();
  dialog = page.getByRole('dialog', { name: 'New code' });
  await dialog.getByLabel('Kind').selectOption('access');
  await dialog.getByLabel('Code', { exact: true }).fill('FANCLUB');
  await dialog.getByLabel('Fan Presale').check();
  await dialog.getByRole('button', { name: 'Create code' }).click();
  await expect(dialog).toBeHidden();
  await expect(codes.getByRole('cell', { name: 'SAVE10', exact: true })).toBeVisible();
  await expect(codes.getByRole('cell', { name: 'FANCLUB', exact: true })).toBeVisible();

  // The on-sale two minutes ahead (set through the API, as the section's form would).
  const headers = { origin: baseURL, cookie: organiser.cookieHeader };
  const sales = (start: string | null) =>
    request.put(`${baseURL}/api/events/${eventId}/sales`, {
      headers,
      data: { sales_start_local: start, sales_end_local: null, max_tickets_per_order: 6, max_tickets_per_email: 6 },
    });
  expect((await sales(londonLocal(2))).status()).toBe(200);

  // The fan before the on-sale: both time zones and a live countdown, no ticket form.
  const fan = await page
    .context()
    .browser()!
    .newPage({ viewport: { width: 1280, height: 900 } });
  await fan.goto(storefrontUrl(organiser.subdomain, `/events/${eventId}`));
  await expect(fan.getByRole('heading', { name: 'Tickets go on sale soon' })).toBeVisible();
  await expect(fan.getByText('(Europe/London time)')).toBeVisible();
  await expect(fan.getByText(/where you are\.$/)).toContainText(/EST|GMT-5|EDT|GMT-4/);
  const timer = fan.getByRole('timer');
  await expect(timer).toHaveText(/^Opens in \d\dm \d\ds$/);
  const first = await timer.textContent();
  await expect(timer).not.toHaveText(first!);
  await expect(fan.getByRole('button', { name: 'Continue to payment' })).toHaveCount(0);

  // On sale now (moved through the API); an access-code link shows the hidden presale.
  expect((await sales(null)).status()).toBe(200);
  await fan.goto(storefrontUrl(organiser.subdomain, `/events/${eventId}?code=fanclub`));
  await expect(fan.getByText('Code FANCLUB unlocked Fan Presale.')).toBeVisible();
  await expect(fan.getByRole('heading', { name: 'Fan Presale' })).toBeVisible();
  // A wrong code says so; then the promo code is applied beside the access code.
  await fan.getByLabel('Presale or promo code').fill('NOPE99');
  await fan.getByRole('button', { name: 'Apply code' }).click();
  await expect(fan.getByRole('alert')).toHaveText("We don't recognise that code. Check it and try again.");
  await expect(fan.getByText('Code FANCLUB unlocked Fan Presale.')).toBeVisible();
  await fan.getByLabel('Presale or promo code').fill('save10');
  await fan.getByRole('button', { name: 'Apply code' }).click();
  await expect(fan.getByText('Promo code SAVE10 applied: 10% off.')).toBeVisible();
  await shot(fan, testInfo, 'storefront-code-entry-desktop-dark');

  await fan.getByLabel('Quantity of Fan Presale', { exact: true }).fill('2');
  await fan.getByLabel('First name').fill('Fran');
  await fan.getByLabel('Last name').fill('Fan');
  await fan.getByLabel('Email', { exact: true }).fill('drop-fan@example.com');
  await fan.getByLabel("I accept the organiser's terms (above)").check();
  await fan.getByRole('button', { name: 'Continue to payment' }).click();
  await fan.waitForURL(/\/checkout\/[A-Za-z0-9_-]{43}$/);
  // £15.00 less 10% = £13.50 each; the booking fee is 8% of that (£1.08): 2 × £13.50 + 2 × £1.08 = £29.16.
  await expect(fan.getByText('Fan Presale × 2')).toBeVisible();
  await expect(fan.getByRole('cell', { name: 'Promo code SAVE10' })).toBeVisible();
  await expect(fan.getByRole('cell', { name: 'You save £3.00' })).toBeVisible();
  await expect(fan.getByRole('cell', { name: '£2.16' })).toBeVisible();
  await expect(fan.getByRole('cell', { name: '£29.16' })).toBeVisible();
  await fan.getByRole('button', { name: 'Pay £29.16' }).click();
  await fan.waitForURL(/\/sandbox\/checkout\/cs_sandbox_/);
  await fan.getByLabel('Card number').fill('4242 4242 4242 4242');
  await fan.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await fan.getByLabel('CVC').fill('123');
  await fan.getByRole('button', { name: /^Pay £/ }).click();
  await fan.waitForURL(/\/orders\/[A-Za-z0-9_-]{43}$/);
  await expect(fan.locator('.ticket svg')).toHaveCount(2);

  // The organiser sees the promo code's use and its revenue.
  await page.reload();
  const saveRow = codes.getByRole('row').filter({ hasText: 'SAVE10' });
  await expect(saveRow).toContainText('1 / 50');
  await expect(saveRow).toContainText('£27.00');
  const fanclubRow = codes.getByRole('row').filter({ hasText: 'FANCLUB' });
  await expect(fanclubRow).toContainText('Unlocks hidden types');

  // Screenshots: the Codes section and the code entry, desktop and phone, light and dark.
  const storefront = storefrontUrl(organiser.subdomain, `/events/${eventId}?code=FANCLUB&code=SAVE10`);
  for (const [width, device] of [
    [1280, 'desktop'],
    [390, 'phone'],
  ] as const) {
    for (const theme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: theme });
      await page.reload();
      await expect(saveRow).toBeVisible();
      await shot(codes, testInfo, `codes-section-${device}-${theme}`);
      await fan.setViewportSize({ width, height: 900 });
      await fan.emulateMedia({ colorScheme: theme });
      await fan.goto(storefront);
      await expect(fan.getByText('Promo code SAVE10 applied: 10% off.')).toBeVisible();
      await shot(fan.locator('form.code-entry'), testInfo, `storefront-code-entry-${device}-${theme}`);
    }
  }
  await page.setViewportSize({ width: 390, height: 900 });
  await codes.getByRole('button', { name: 'New code' }).click();
  await shot(page, testInfo, 'new-code-dialog-phone-dark');
  await page.keyboard.press('Escape');
  await fan.close();
});

test("on-sale times use the wizard's date-time picker, and Save confirms", async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.context().addCookies(organiser.cookies);
  // An event limit of 20 beside the one type's own limit of 10 (the first test left the event at 6).
  const limits = await request.put(`${baseURL}/api/events/${eventId}/sales`, {
    headers: { origin: baseURL, cookie: organiser.cookieHeader },
    data: { sales_start_local: null, sales_end_local: null, max_tickets_per_order: 20, max_tickets_per_email: 20 },
  });
  expect(limits.status()).toBe(200);
  await page.goto(`${baseURL}/dashboard/events/view/${eventId}`);
  const section = page.getByRole('region', { name: 'On-sale & limits' });
  const onSale = section.getByRole('button', { name: /^On-sale \(Europe\/London\)/ });
  await expect(section.locator('input[type="datetime-local"]')).toHaveCount(0);
  // The event's limit of 20 says nothing beside a type's own 10: the field says what fans can really take.
  await expect(section.getByRole('spinbutton', { name: 'Tickets per order' })).toHaveAccessibleDescription(
    "Fans can take at most 10 in one order: the ticket types' own limits are lower",
  );

  // The spec's picker: a Monday-first month with navigation, hours 0-23, minutes in steps of 5, Clear and Today.
  await onSale.click();
  const picker = page.getByRole('dialog', { name: /^Choose on-sale/ });
  await expect(picker.getByRole('columnheader')).toHaveText(['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su']);
  await expect(picker.getByRole('button', { name: /^Hour / })).toHaveCount(24);
  await expect(picker.getByRole('button', { name: /^Minute / })).toHaveCount(12);
  for (const name of ['Clear', 'Today', 'Previous month', 'Next month'])
    await expect(picker.getByRole('button', { name, exact: true })).toBeVisible();
  await picker.getByRole('button', { name: 'Next month' }).click();
  await picker.getByRole('grid').getByRole('button', { name: /^10 / }).click();
  await picker.getByRole('button', { name: 'Hour 19' }).click();
  await picker.getByRole('button', { name: 'Minute 30' }).click();
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((value) => document.documentElement.classList.toggle('dark', value === 'dark'), theme);
    await shot(page, testInfo, `onsale-picker-desktop-${theme}`);
  }
  await page.keyboard.press('Escape');
  await expect(picker).toBeHidden();
  await expect(onSale).toHaveText(/^10\/\d{2}\/\d{4}, 19:30$/);
  const shown = (await onSale.textContent())!;
  const [day, month, year] = shown.slice(0, 10).split('/');

  // Save confirms, and the confirmation stays once the saved settings are read back.
  await section.getByRole('button', { name: 'Save on-sale settings' }).click();
  const saved = section.getByRole('status').filter({ hasText: 'On-sale settings saved.' });
  await expect(saved).toBeVisible();
  await page.waitForTimeout(1500);
  await expect(saved).toBeVisible();
  const headers = { cookie: organiser.cookieHeader };
  const read = async () => (await request.get(`${baseURL}/api/events/${eventId}/sales`, { headers })).json();
  expect((await read()).sales_start_local).toBe(`${year}-${month}-${day}T19:30`);
  await page.reload();
  await expect(onSale).toHaveText(`${day}/${month}/${year}, 19:30`);
  await expect(saved).toHaveCount(0);

  // Clear empties it again (on sale once published).
  await onSale.click();
  await picker.getByRole('button', { name: 'Clear', exact: true }).click();
  await expect(onSale).toHaveText('DD/MM/YYYY, HH:mm');
  await section.getByRole('button', { name: 'Save on-sale settings' }).click();
  await expect(saved).toBeVisible();
  expect((await read()).sales_start_local).toBeNull();

  // A ticket type's own window, in its dialog: the picker opens over the dialog, fully on screen; Save confirms.
  await page.getByRole('button', { name: 'Edit General Admission' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit General Admission' });
  const typeStart = dialog.getByRole('button', { name: /^Sales start/ });
  await typeStart.click();
  const typePicker = page.getByRole('dialog', { name: 'Choose sales start' });
  await expect(typePicker.getByRole('button', { name: 'Today', exact: true })).toBeInViewport({ ratio: 1 });
  await expect(typePicker.getByRole('button', { name: 'Clear', exact: true })).toBeInViewport({ ratio: 1 });
  await shot(page, testInfo, 'onsale-type-picker-desktop-dark');
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
  await typePicker.getByRole('button', { name: 'Next month' }).click();
  await typePicker.getByRole('grid').getByRole('button', { name: /^9 / }).click();
  await typePicker.getByRole('button', { name: 'Hour 09' }).click();
  await typePicker.getByRole('button', { name: 'Minute 00' }).click();
  await page.keyboard.press('Escape');
  await expect(typePicker).toBeHidden();
  await expect(dialog).toBeVisible();
  await expect(typeStart).toHaveText(/^09\/\d{2}\/\d{4}, 09:00$/);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'General Admission saved.' })).toBeVisible();
  await shot(page, testInfo, 'onsale-type-saved-desktop-light');

  // On a phone the picker is a bottom sheet, over the dialog too.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Edit General Admission' }).click();
  await dialog.getByRole('button', { name: /^Sales end/ }).click();
  const sheet = page.getByRole('dialog', { name: 'Choose sales end' });
  await expect(sheet).toHaveAttribute('data-placement', 'sheet');
  await expect(sheet.getByRole('button', { name: 'Today', exact: true })).toBeInViewport({ ratio: 1 });
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((value) => document.documentElement.classList.toggle('dark', value === 'dark'), theme);
    await shot(page, testInfo, `onsale-type-picker-phone-${theme}`);
  }
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.goto(`${baseURL}/dashboard/events/view/${eventId}`);
  await expect(section).toBeVisible();
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((value) => document.documentElement.classList.toggle('dark', value === 'dark'), theme);
    await shot(section, testInfo, `onsale-section-phone-${theme}`);
  }
});
