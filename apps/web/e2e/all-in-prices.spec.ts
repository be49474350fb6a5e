// Issue 32 points 1-2 (decision 135) in Chromium on a 390 px phone: the event page heads each ticket with what the
// fan pays (booking fee included), the breakdown one tap away; the order total is on the event page and follows the
// quantity as the fan changes it (the script asks the server; no reload), and without JavaScript 'Update total'
// brings the page back with it; a promo code changes it; the summary and the order page then show the same total.
// The organiser switches on 'I pay the booking fee' in the dashboard and fans see the face value.
import { E2E_PORT, expect, storefrontUrl, test } from './fixtures';
import { createOrganiser, uniqueSubdomain, type Organiser } from './support/api';
import { createPublishedEvent, enableSandboxPayouts, payOnSandbox, shot } from './support/selling';

test.describe.configure({ mode: 'serial' });
test.use({ timezoneId: 'Europe/London', locale: 'en-GB', viewport: { width: 390, height: 844 } });

const baseURL = `http://localhost:${E2E_PORT}`;
let organiser: Organiser;
let eventId = '';

test.beforeAll(async ({ request }) => {
  organiser = await createOrganiser(request, { subdomain: uniqueSubdomain('allin'), companyName: 'All In Co' });
  await enableSandboxPayouts(request, organiser, 'All In Co Ltd');
  eventId = await createPublishedEvent(request, organiser, 'All In Night', { price: '20.00' });
  const code = await request.post(`${baseURL}/api/events/${eventId}/codes`, {
    headers: { origin: baseURL, cookie: organiser.cookieHeader },
    data: { kind: 'promo', code: 'TENOFF', discount_kind: 'percent', discount_value: '10' },
  });
  expect(code.status(), await code.text()).toBe(201);
});

test('a fan sees all-in prices and the same total on the event page, the summary and the order page', async ({
  page,
}, testInfo) => {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(storefrontUrl(organiser.subdomain, `/events/${eventId}`));
    const ticket = page.locator('.type').first();
    await expect(ticket.locator('.price')).toHaveText('£21.60');
    await expect(page.getByText('Choose tickets to see your total.')).toBeVisible();
    await shot(page, testInfo, `all-in-event-page-${scheme}`);
  }
  // The breakdown is one tap away.
  await page.getByText('Price breakdown').first().click();
  await expect(page.getByText('£20.00 ticket + £1.60 booking fee')).toBeVisible();

  // The stepper changes the quantity and the total follows without a reload.
  const navigations: string[] = [];
  page.on('framenavigated', (frame) => navigations.push(frame.url()));
  await page.getByRole('button', { name: 'One more: Quantity of General Admission' }).click();
  await page.getByRole('button', { name: 'One more: Quantity of General Admission' }).click();
  const total = page.locator('#order-total');
  await expect(total.locator('[data-total-amount]')).toHaveText('£43.20');
  await expect(total).toContainText('Price £40.00 + booking fee £3.20');
  await expect(total.getByRole('button', { name: 'Update total' })).toBeHidden();
  expect(navigations).toEqual([]);
  await shot(page, testInfo, 'all-in-total-live');

  // A promo code: £18.00 + £1.44 each.
  await page.getByLabel('Presale or promo code').fill('TENOFF');
  await page.getByRole('button', { name: 'Apply code' }).click();
  await page.getByLabel('Quantity of General Admission', { exact: true }).fill('2');
  await expect(total.locator('[data-total-amount]')).toHaveText('£38.88');
  await expect(total).toContainText('you save £4.00 with your code');

  await page.getByLabel('First name').fill('Fran');
  await page.getByLabel('Last name').fill('Fan');
  await page.getByLabel('Email', { exact: true }).fill('allin-fan@example.com');
  await page.getByLabel("I accept the organiser's terms (above)").check();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.waitForURL(/\/checkout\/[A-Za-z0-9_-]{43}$/);
  await expect(page.locator('table.summary tfoot')).toContainText('£38.88');
  await shot(page, testInfo, 'all-in-summary');
  await payOnSandbox(page);
  await expect(page.getByText('£38.88').first()).toBeVisible();
  await shot(page, testInfo, 'all-in-order-page');
});

test('without JavaScript, Update total brings the page back with the total', async ({ browser }, testInfo) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(storefrontUrl(organiser.subdomain, `/events/${eventId}`));
  await page.getByLabel('Quantity of General Admission', { exact: true }).fill('3');
  await page.getByLabel('Email', { exact: true }).fill('nojs@example.com');
  await page.getByRole('button', { name: 'Update total' }).click();
  await expect(page.locator('#order-total [data-total-amount]')).toHaveText('£64.80');
  // What the fan typed is kept.
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue('nojs@example.com');
  await shot(page, testInfo, 'all-in-total-no-js');
  await context.close();
});

test('the organiser pays the booking fee: fans see the face value', async ({ browser }, testInfo) => {
  const context = await browser.newContext({ storageState: organiser.storageState });
  const page = await context.newPage();
  await page.goto(`${baseURL}/dashboard/events/view/${eventId}`);
  const absorb = page.getByRole('switch', { name: 'I pay the booking fee' });
  await expect(absorb).toHaveAttribute('aria-checked', 'false');
  // The event has sold: the hint says a change is for new orders only.
  await expect(page.getByText(/Changes apply to new orders only/)).toBeVisible();
  await absorb.click();
  await expect(page.getByRole('status').filter({ hasText: 'You now pay the booking fee on new orders' })).toBeVisible();
  await expect(page.getByText(/The 1 order already sold keeps the booking fee/)).toBeVisible();
  await expect(absorb).toHaveAttribute('aria-checked', 'true');
  await shot(page, testInfo, 'all-in-absorb-switch');

  const fan = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await fan.goto(storefrontUrl(organiser.subdomain, `/events/${eventId}`));
  await expect(fan.locator('.type .price').first()).toHaveText('£20.00');
  await fan.getByText('Price breakdown').first().click();
  await expect(fan.getByText('£20.00 ticket, no booking fee to pay')).toBeVisible();
  await fan.close();
  await context.close();
});
