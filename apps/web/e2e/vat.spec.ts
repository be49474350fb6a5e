// Issue 32 point 3 (decision 138) in Chromium: an organiser registers for VAT on the Profile page (a wrong VAT number
// is refused on its field), and a fan on a 390 px phone sees the VAT in the price breakdown, the event page's total
// and the order summary; the organiser's settlement report then says how much VAT its sales included.
import { bookingFee, formatMoney, VAT_MESSAGES } from '@marquee/shared';
import { E2E_PORT, expect, storefrontUrl, test } from './fixtures';
import { createOrganiser, uniqueSubdomain, type Organiser } from './support/api';
import { createPublishedEvent, enableSandboxPayouts, payOnSandbox, shot } from './support/selling';

test.describe.configure({ mode: 'serial' });
test.use({ timezoneId: 'Europe/London', locale: 'en-GB' });

const baseURL = `http://localhost:${E2E_PORT}`;
let organiser: Organiser;
let eventId = '';

test.beforeAll(async ({ request }) => {
  organiser = await createOrganiser(request, { subdomain: uniqueSubdomain('vat'), companyName: 'Vat Co' });
  await enableSandboxPayouts(request, organiser, 'Vat Co Ltd');
  eventId = await createPublishedEvent(request, organiser, 'Taxed Night', { price: '20.00' });
});

test('an organiser registers for VAT and a fan sees it in the prices and the summary', async ({
  browser,
}, testInfo) => {
  const context = await browser.newContext({ storageState: organiser.storageState });
  const page = await context.newPage();
  await page.goto(`${baseURL}/dashboard/profile`);
  const card = page.getByRole('region', { name: 'VAT', exact: true });
  await card.getByRole('switch', { name: 'Registered for VAT' }).click();
  await card.getByLabel('VAT number').fill('GB12345');
  await card.getByLabel('Standard VAT rate (%)').fill('20');
  await card.getByRole('button', { name: 'Save VAT settings' }).click();
  await expect(card.getByText(/Enter a VAT number with its country prefix/i).first()).toBeVisible();
  await card.getByLabel('VAT number').fill('GB123456789');
  await card.getByLabel('Registered name').fill('Vat Co Ltd');
  await card.getByLabel('Registered address').fill('1 High Street\nLondon\nN1 1AA');
  await card.getByRole('button', { name: 'Save VAT settings' }).click();
  await expect(card.getByRole('status')).toContainText('VAT settings saved');
  await shot(page, testInfo, 'vat-settings');

  const fan = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await fan.goto(storefrontUrl(organiser.subdomain, `/events/${eventId}`));
  await expect(fan.locator('.type .price').first()).toHaveText('£21.60');
  await fan.getByText('Price breakdown').first().click();
  await expect(fan.getByText('£20.00 ticket (incl. £3.33 VAT at 20%) + £1.60 booking fee')).toBeVisible();
  await fan.getByLabel('Quantity of General Admission', { exact: true }).fill('2');
  await expect(fan.locator('#order-total')).toContainText('Includes £6.66 VAT');
  await fan.getByLabel('First name').fill('Val');
  await fan.getByLabel('Last name').fill('Fan');
  await fan.getByLabel('Email', { exact: true }).fill('vat-fan@example.com');
  await fan.getByLabel("I accept the organiser's terms (above)").check();
  await fan.getByRole('button', { name: 'Continue to payment' }).click();
  await fan.waitForURL(/\/checkout\/[A-Za-z0-9_-]{43}$/);
  await expect(fan.locator('table.summary')).toContainText('Includes VAT at 20%');
  await expect(fan.locator('table.summary')).toContainText('£6.66');
  await shot(fan, testInfo, 'vat-summary-phone');
  await payOnSandbox(fan);
  await expect(fan.locator('table.summary')).toContainText('Includes VAT at 20%');
  await fan.close();

  await page.goto(`${baseURL}/dashboard/events/view/${eventId}`);
  const settlement = page.getByRole('region', { name: 'Settlement', exact: true });
  await expect(settlement).toContainText('VAT included in sales');
  await expect(settlement).toContainText('£6.66');
  await context.close();
});

test('a reduced rate sells a ticket type at 5%, and the order page shows the VAT per rate', async ({
  browser,
}, testInfo) => {
  const context = await browser.newContext({ storageState: organiser.storageState });
  const page = await context.newPage();
  await page.goto(`${baseURL}/dashboard/profile`);
  const card = page.getByRole('region', { name: 'VAT', exact: true });
  await card.getByLabel('Reduced VAT rate (%)', { exact: true }).fill('5.555');
  await card.getByRole('button', { name: 'Save VAT settings' }).click();
  await expect(card.getByText(VAT_MESSAGES.reducedForm).first()).toBeVisible();
  await card.getByLabel('Reduced VAT rate (%)', { exact: true }).fill('5');
  await card.getByRole('button', { name: 'Save VAT settings' }).click();
  await expect(card.getByRole('status')).toContainText('VAT settings saved');

  await page.goto(`${baseURL}/dashboard/events/view/${eventId}`);
  await page.getByRole('button', { name: 'Add ticket type' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add ticket type' });
  await dialog.getByLabel('Name').fill('Children');
  await dialog.getByLabel('Price (£)').fill('5.00');
  await dialog.getByLabel('VAT', { exact: true }).selectOption({ label: 'Reduced rate (5%)' });
  await shot(page, testInfo, 'vat-ticket-type-dialog');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog).toBeHidden();
  await context.close();

  const fan = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await fan.goto(storefrontUrl(organiser.subdomain, `/events/${eventId}`));
  const childrenType = fan.locator('.type', { hasText: 'Children' });
  await childrenType.getByText('Price breakdown').click();
  const fee = formatMoney(bookingFee(500, 'GBP'), 'GBP');
  await expect(childrenType.getByText(`£5.00 ticket (incl. £0.24 VAT at 5%) + ${fee} booking fee`)).toBeVisible();
  await fan.getByLabel('Quantity of General Admission', { exact: true }).fill('1');
  await fan.getByLabel('Quantity of Children', { exact: true }).fill('1');
  await fan.getByLabel('First name').fill('Rae');
  await fan.getByLabel('Last name').fill('Fan');
  await fan.getByLabel('Email', { exact: true }).fill('vat-reduced@example.com');
  await fan.getByLabel("I accept the organiser's terms (above)").check();
  await fan.getByRole('button', { name: 'Continue to payment' }).click();
  await payOnSandbox(fan);
  const summary = fan.locator('table.summary');
  await expect(summary.locator('tr', { hasText: /^Includes VAT at 20%/ })).toContainText('£3.33');
  await expect(summary.locator('tr', { hasText: /^Includes VAT at 5%/ })).toContainText('£0.24');
  await shot(fan, testInfo, 'vat-order-page-rates-phone');
  await fan.close();
});
