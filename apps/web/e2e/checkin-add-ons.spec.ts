// Decision 134 at the door, in Chromium on a 390 px phone against the real server: a fan buys a ticket with
// 2 T-shirts and a parking space on the storefront; the door scans the ticket and the Hand over block lists them;
// another door hands over one T-shirt meanwhile, so Mark handed over (from the keyboard) for both is refused with
// what is left and the line shows it; the last one is handed over (the server's line says so); offline, the parking is handed over on the device, queued, and synced when the network returns.
import type { APIRequestContext, Page } from '@playwright/test';
import { E2E_PORT, expect, storefrontUrl, test } from './fixtures';
import { createOrganiser, uniqueSubdomain, type Organiser } from './support/api';
import { Audit, preloadAxe } from './support/axe-audit';
import { createPublishedEvent, enableSandboxPayouts, payOnSandbox, shot } from './support/selling';

test.use({ timezoneId: 'Europe/London', locale: 'en-GB' });

const baseURL = `http://localhost:${E2E_PORT}`;
let organiser: Organiser;
let eventId = '';

/** The fan buys one ticket, 2 T-shirts and a parking space with the sandbox's success card; returns the code. */
async function buyWithAddOns(page: Page): Promise<string> {
  await page.goto(storefrontUrl(organiser.subdomain, `/events/${eventId}`));
  await page.getByLabel('Quantity of General Admission', { exact: true }).fill('1');
  await page.getByLabel('Quantity of T-shirt', { exact: true }).fill('2');
  await page.getByLabel('Quantity of Parking', { exact: true }).fill('1');
  await page.getByLabel('First name').fill('Mo');
  await page.getByLabel('Last name').fill('Merch');
  await page.getByLabel('Email', { exact: true }).fill('mo-merch@example.com');
  await page.getByLabel('Country').selectOption('GB');
  await page.getByLabel("I accept the organiser's terms (above)").check();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  const [code] = await payOnSandbox(page);
  return code!;
}

/** The organiser's view of the event's add-ons: handed over so far, by name. */
async function handedOver(request: APIRequestContext) {
  const response = await request.get(`${baseURL}/api/events/${eventId}/add-ons`, {
    headers: { cookie: organiser.cookieHeader },
  });
  const { add_ons } = (await response.json()) as { add_ons: Array<{ name: string; handed_over: number }> };
  return Object.fromEntries(add_ons.map((addOn) => [addOn.name, addOn.handed_over]));
}

test.beforeAll(async ({ request }) => {
  organiser = await createOrganiser(request, { subdomain: uniqueSubdomain('merchdoor'), companyName: 'Merch Door' });
  await enableSandboxPayouts(request, organiser);
  eventId = await createPublishedEvent(request, organiser, 'Merch Night');
  for (const [name, price] of [
    ['T-shirt', '15.00'],
    ['Parking', '5.00'],
  ]) {
    const created = await request.post(`${baseURL}/api/events/${eventId}/add-ons`, {
      headers: { origin: baseURL, cookie: organiser.cookieHeader },
      data: { name, price, capacity: 50, max_per_order: 4 },
    });
    expect(created.status(), await created.text()).toBe(201);
  }
});

test('the door shows what to hand over and marks it handed over, online and offline', async ({
  page,
  context,
  request,
  allowConsoleError,
}, testInfo) => {
  test.setTimeout(120_000);
  // The refused hand-over below: the browser logs its 409.
  allowConsoleError(/status of 409 \(Conflict\)/);
  await page.setViewportSize({ width: 390, height: 844 });
  const code = await buyWithAddOns(page);
  await context.addCookies(organiser.cookies);
  await preloadAxe(context);
  const audit = new Audit(page, '390 px');

  await page.goto(`${baseURL}/checkin`);
  await page.getByRole('link', { name: /Merch Night/ }).click();
  await expect(page.getByText('1 ticket on this device')).toBeVisible();
  const codeBox = page.getByLabel('Ticket code, name, e-mail or order');
  await codeBox.fill(code);
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await expect(page.getByTestId('scan-result')).toHaveAttribute('data-result', 'admitted');
  const block = page.getByRole('region', { name: 'Hand over' });
  await expect(block.getByTestId('hand-over-line')).toHaveText([/^2 × T-shirt/, /^1 × Parking/]);
  await shot(page, testInfo, 'hand-over-light');
  await audit.check('door: hand over');

  // Another door hands over one of the shirts meanwhile.
  const list = await request.get(`${baseURL}/api/checkin/events/${eventId}/offline`, {
    headers: { cookie: organiser.cookieHeader },
  });
  const { add_ons } = (await list.json()) as { add_ons: Record<string, Array<[string, string, number, number]>> };
  const shirtLine = Object.values(add_ons)[0]!.find((line) => line[1] === 'T-shirt')![0];
  const elsewhere = await request.post(`${baseURL}/api/checkin/add-ons/${shirtLine}/hand-over`, {
    headers: { origin: baseURL, cookie: organiser.cookieHeader },
    data: { device_id: 'other-door-1', quantity: 1 },
  });
  expect(elsewhere.status(), await elsewhere.text()).toBe(200);

  // From the keyboard: the button takes focus visibly; Enter asks for both shirts and is told only one is left.
  const shirts = block.getByRole('button', { name: 'Mark handed over: 2 × T-shirt' });
  await shirts.focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(shirts).toBeFocused();
  expect(await shirts.evaluate((element) => getComputedStyle(element).outlineStyle)).not.toBe('none');
  await page.keyboard.press('Enter');
  await expect(block.getByRole('status')).toHaveText('Only 1 left to hand over');
  await expect(block.getByRole('status')).toBeFocused();
  await expect(block.getByTestId('hand-over-line').first()).toHaveText(/^2 × T-shirt — 1 handed over/);
  await block.getByRole('button', { name: 'Mark handed over: 1 × T-shirt' }).click();
  await expect(block.getByRole('status')).toHaveText('Handed over 1 × T-shirt');
  await expect(block.getByTestId('hand-over-line').first()).toHaveText('2 × T-shirt — all handed over');
  await expect(block.getByRole('button', { name: /T-shirt/ })).toHaveCount(0);
  expect(await handedOver(request)).toEqual({ 'T-shirt': 2, Parking: 0 });

  // Offline: the scan is judged on the phone, the parking handed over there and queued.
  await context.setOffline(true);
  await codeBox.fill(code);
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await expect(page.getByTestId('scan-result')).toHaveAttribute('data-result', 'already_checked_in');
  await expect(block.getByTestId('hand-over-line').first()).toHaveText('2 × T-shirt — all handed over');
  await block.getByRole('button', { name: 'Mark handed over: 1 × Parking' }).click();
  await expect(block.getByRole('status')).toHaveText('Handed over 1 × Parking on this device (offline): will sync');
  await expect(page.getByTestId('connection')).toHaveText('Offline · 1 to sync');
  await audit.check('door: handed over offline');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.evaluate(() => document.documentElement.classList.add('dark'));
  await shot(page, testInfo, 'hand-over-offline-dark');
  await context.setOffline(false);
  await expect(page.getByText('Synced 1 offline hand-over')).toBeVisible();
  await expect(page.getByTestId('connection')).toHaveText('Online');
  expect(await handedOver(request)).toEqual({ 'T-shirt': 2, Parking: 1 });
  expect(audit.found, `serious or critical axe violations (${audit.found.length})`).toEqual([]);
});
