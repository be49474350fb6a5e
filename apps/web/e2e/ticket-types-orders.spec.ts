// Issue 10's organiser side against the real server: an organiser with payouts enabled adds a second ticket
// type to a live event, edits it (the form shows the shared rules' messages), moves it up and hides it, and
// sees the Orders section's empty state. Orders themselves cannot be created without the fan's checkout here,
// so the orders list and detail are covered by the API tests (apps/server/src/modules/orders/orders.test.ts).
import fs from 'node:fs';
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { SALE_DIGEST_MINUTES, type OrderDetail, type OrderSummary, type OrdersPage } from '@marquee/shared';
import { E2E_PORT, expect, test } from './fixtures';
import { createOrganiser, uniqueSubdomain, type Organiser } from './support/api';
import { makeValidPng } from './support/images';

test.describe.configure({ mode: 'serial' });
test.use({ timezoneId: 'Europe/London', locale: 'en-GB' });

const baseURL = `http://localhost:${E2E_PORT}`;
let organiser: Organiser;
let eventId = '';

/** Screenshots go to E2E_SCREENSHOTS when set (to look at them), otherwise to the test's output folder. */
async function shot(page: Page, testInfo: TestInfo, name: string, fullPage = true) {
  const dir = process.env.E2E_SCREENSHOTS ?? testInfo.outputPath('screens');
  fs.mkdirSync(dir, { recursive: true });
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage });
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

async function signIn(page: Page) {
  await page.context().addCookies(organiser.cookies);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });
}

const typeItems = (page: Page) => page.getByRole('region', { name: 'Tickets' }).getByRole('listitem');

test.beforeAll(async ({ request }) => {
  organiser = await createOrganiser(request, { subdomain: uniqueSubdomain('tickets') });
});

test('payouts enabled through the sandbox onboarding, then a live event through the API', async ({ page, request }) => {
  await signIn(page);
  await page.goto('/dashboard/billing');
  await page.getByRole('button', { name: 'Enable Payouts' }).click();
  await expect(page).toHaveURL(/\/sandbox\/connect\/onboard\?token=/);
  await page.getByLabel('Business name').fill('Ticket Types Ltd');
  await page.getByLabel('Type of business').selectOption('company');
  await page.getByLabel('Country').selectOption('GB');
  await page.getByLabel('Street address').fill('1 Park Road');
  await page.getByLabel('Town or city').fill('London');
  await page.getByLabel('Postcode').fill('SE24 9BJ');
  await page.getByLabel('Representative’s full name').fill('Alex Organiser');
  await page.getByLabel('Date of birth').fill('1990-04-01');
  await page.getByLabel('Account holder name').fill('Ticket Types Ltd');
  await page.getByLabel('Sort code or routing number').fill('108800');
  await page.getByLabel('Account number').fill('00012345');
  await page.getByLabel('Registration number').fill('12345678');
  await page.getByRole('button', { name: 'Agree and submit' }).click();
  await expect(page.getByText('Payouts Enabled')).toBeVisible();

  const headers = { cookie: organiser.cookieHeader, origin: baseURL };
  const upload = await request.post(`${baseURL}/api/uploads/image`, {
    headers,
    multipart: {
      purpose: 'event-artwork',
      file: { name: 'poster.png', mimeType: 'image/png', buffer: fs.readFileSync(await makeValidPng()) },
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const created = await request.post(`${baseURL}/api/events`, {
    headers,
    data: {
      artwork_url: (await upload.json()).url,
      name: 'Warehouse Sessions',
      description: 'Techno until late.',
      location: 'Printworks, London',
      start_local: '2031-03-07T22:00',
      end_local: '2031-03-08T05:00',
      time_zone: 'Europe/London',
      currency: 'GBP',
      price: '25.00',
      capacity: 800,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  eventId = (await created.json()).id;
  const published = await request.post(`${baseURL}/api/events/${eventId}/publish`, { headers });
  expect(published.status(), await published.text()).toBe(200);
});

test('ticket types: add a second type, edit it, move it up and hide it', async ({
  page,
  allowConsoleError,
}, testInfo) => {
  test.setTimeout(90_000);
  // The capacity refusal is a 400 from the API, which the browser logs.
  allowConsoleError(/status of 400/);
  await signIn(page);
  await page.goto(`/dashboard/events/view/${eventId}`);
  const tickets = page.getByRole('region', { name: 'Tickets' });
  await expect(typeItems(page)).toHaveCount(1);
  await expect(typeItems(page).first()).toContainText('General Admission');
  await expect(typeItems(page).first()).toContainText('£25.00 + £2.00 booking fee');

  await tickets.getByRole('button', { name: 'Add ticket type' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add ticket type' });
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toBeFocused();
  // The shared schema's messages, shown before anything is sent.
  await dialog.getByLabel('Max per order').fill('101');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog.getByText('Ticket type name is required')).toBeVisible();
  await expect(dialog.getByText('At most 100 tickets per order')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Name' }).fill('VIP');
  await dialog.getByLabel('Price (£)').fill('0');
  await dialog.getByLabel('Max per order').fill('4');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog.getByText('Price must be more than 0')).toBeVisible();
  await dialog.getByLabel('Price (£)').fill('60');
  await dialog.getByLabel('Capacity').fill('40');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(typeItems(page)).toHaveCount(2);
  const vip = typeItems(page).nth(1);
  await expect(vip).toContainText('VIP');
  await expect(vip).toContainText('£60.00 + £4.80 booking fee');
  await expect(vip).toContainText('0 sold · 0 held · 40 capacity · max 4 per order');

  await tickets.getByRole('button', { name: 'Edit VIP' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit VIP' });
  await edit.getByRole('textbox', { name: 'Name' }).fill('VIP Balcony');
  await edit.getByRole('textbox', { name: 'Description' }).fill('Balcony view and a welcome drink');
  await edit.getByLabel('Price (£)').fill('65.50');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toHaveCount(0);
  await expect(typeItems(page).nth(1)).toContainText('VIP Balcony');
  await expect(typeItems(page).nth(1)).toContainText('Balcony view and a welcome drink');
  await expect(typeItems(page).nth(1)).toContainText('£65.50 + £5.24 booking fee');

  // Keyboard: focus 'Move VIP Balcony up' and press Enter.
  await tickets.getByRole('button', { name: 'Move VIP Balcony up' }).focus();
  await page.keyboard.press('Enter');
  await expect(typeItems(page).first()).toContainText('VIP Balcony');
  await expect(typeItems(page).nth(1)).toContainText('General Admission');
  await expect(tickets.getByRole('button', { name: 'Move VIP Balcony up' })).toHaveAttribute('aria-disabled', 'true');

  await tickets.getByRole('button', { name: 'Hide VIP Balcony' }).click();
  await expect(typeItems(page).first()).toContainText('Hidden');
  await expect(tickets.getByRole('button', { name: 'Show VIP Balcony' })).toBeVisible();

  // After a reload the order and the hidden flag are what the server stored.
  await page.reload();
  await expect(typeItems(page).first()).toContainText('VIP Balcony');
  await expect(typeItems(page).first()).toContainText('Hidden');

  const orders = page.getByRole('region', { name: 'Orders' });
  await expect(orders.getByText('No orders yet')).toBeVisible();
  await expect(orders.getByRole('searchbox', { name: 'Search orders' })).toBeVisible();

  await shot(page, testInfo, 'event-tickets-desktop-light');
  await setDark(page, true);
  await shot(page, testInfo, 'event-tickets-desktop-dark');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, testInfo, 'event-tickets-mobile-dark');
  await setDark(page, false);
  await shot(page, testInfo, 'event-tickets-mobile-light');
  await page.setViewportSize({ width: 1280, height: 800 });
  await tickets.getByRole('button', { name: 'Edit VIP Balcony' }).click();
  await page.getByRole('dialog', { name: 'Edit VIP Balcony' }).getByLabel('Max per order').fill('0');
  await page.getByRole('dialog', { name: 'Edit VIP Balcony' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('At least 1 ticket per order')).toBeVisible();
  await shot(page, testInfo, 'ticket-type-dialog-desktop-light', false);
});

function fakeOrder(index: number): OrderSummary {
  const statuses: OrderSummary['status'][] = ['paid', 'pending', 'refunded', 'expired', 'partially_refunded'];
  const at = new Date(Date.UTC(2031, 1, 1, 12, 0) - index * 3_600_000).toISOString();
  return {
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    code: `MQ-${'ABCDEFGHJK'[index % 10]}${'KMNPQRSTUV'[Math.floor(index / 10) % 10]}7K3F`,
    buyer_name: `Fan Number ${index}`,
    email: `fan${index}@example.com`,
    quantity: (index % 3) + 1,
    total_minor: 2700 * ((index % 3) + 1),
    currency: 'GBP',
    status: statuses[index % statuses.length]!,
    created_at: at,
    paid_at: index % 5 === 0 ? at : null,
    channel: 'online',
    door_payment: null,
  };
}

// Orders need the fan's checkout to exist on this server, so this test answers the two orders endpoints with
// page.route in the shared schema's shapes and checks what the Orders section sends and shows; the endpoints
// themselves are covered by the API tests.
test('orders: search, paging and the order detail (orders API answered by page.route)', async ({ page }, testInfo) => {
  const all = Array.from({ length: 53 }, (_, index) => fakeOrder(index));
  const seen: string[] = [];
  await page.route(`**/api/events/${eventId}/orders?*`, async (route) => {
    const url = new URL(route.request().url());
    seen.push(url.search);
    const search = (url.searchParams.get('search') ?? '').toLowerCase();
    const pageNumber = Number(url.searchParams.get('page'));
    const matching = all.filter((row) => !search || row.buyer_name.toLowerCase().includes(search));
    const body: OrdersPage = {
      orders: matching.slice((pageNumber - 1) * 50, pageNumber * 50),
      total: matching.length,
      page: pageNumber,
      page_size: 50,
    };
    await route.fulfill({ json: body });
  });
  const detail: OrderDetail = {
    ...all[0]!,
    event: { id: eventId, name: 'Warehouse Sessions' },
    first_name: 'Fan',
    last_name: 'Number 0',
    phone: '+44 20 7946 0000',
    country: 'GB',
    marketing_consent: true,
    amount_minor: 2500,
    fee_minor: 200,
    absorbed_fee_minor: 0,
    refunded_minor: 0,
    refundable_minor: 2500,
    refunds_allowed: true,
    refunds: [],
    promo_code: null,
    discount_minor: 0,
    lines: [
      {
        id: 'l1',
        ticket_type_id: 't1',
        name: 'General Admission',
        quantity: 1,
        unit_price_minor: 2500,
        unit_fee_minor: 200,
      },
    ],
    add_ons: [{ id: 'a1', add_on_id: 'p1', name: 'T-shirt', quantity: 2, unit_price_minor: 1500, handed_over: 1 }],
    tickets: [
      {
        id: 'k1',
        code: 'T-4KX9PQ2M7A',
        type_name: 'General Admission',
        status: 'valid',
        checked_in_at: null,
        refunded_minor: 0,
        holder_name: 'Fan Number 0',
        holder_email: null,
        unit_price_minor: 2500,
      },
    ],
    history: [
      {
        id: 'h1',
        action: 'held',
        from_status: null,
        to_status: 'pending',
        actor: 'Fan',
        device: null,
        ticket_code: null,
        note: null,
        at: all[0]!.created_at,
      },
      {
        id: 'h2',
        action: 'paid',
        from_status: 'pending',
        to_status: 'paid',
        actor: 'Payment provider',
        device: null,
        ticket_code: null,
        note: null,
        at: all[0]!.created_at,
      },
    ],
  };
  await page.route(`**/api/orders/${all[0]!.id}`, (route) => route.fulfill({ json: detail }));

  await signIn(page);
  await page.goto(`/dashboard/events/view/${eventId}`);
  const orders = page.getByRole('region', { name: 'Orders', exact: true });
  await expect(orders.getByText('1–50 of 53')).toBeVisible();
  await expect(orders.getByRole('row')).toHaveCount(51);
  await expect(orders.getByRole('row').nth(1)).toContainText('Fan Number 0');
  await expect(orders.getByRole('row').nth(1)).toContainText('£27.00');
  await expect(orders.getByRole('row').nth(1)).toContainText('Paid');
  await orders.getByRole('button', { name: 'Next' }).click();
  await expect(orders.getByText('51–53 of 53')).toBeVisible();
  await orders.getByRole('searchbox', { name: 'Search orders' }).fill('number 7');
  await expect(orders.getByText('1–1 of 1')).toBeVisible();
  expect(seen).toContain('?page=1&search=number+7');
  await orders.getByRole('searchbox', { name: 'Search orders' }).fill('nobody');
  await expect(orders.getByText('No orders match “nobody”')).toBeVisible();
  await orders.getByRole('searchbox', { name: 'Search orders' }).fill('');
  await expect(orders.getByText('1–50 of 53')).toBeVisible();

  await orders.getByRole('button', { name: `Order ${all[0]!.code}, view details` }).click();
  const dialog = page.getByRole('dialog', { name: `Order ${all[0]!.code}` });
  await expect(dialog.getByText('1 × General Admission')).toBeVisible();
  await expect(dialog.getByText('£25.00 + £2.00 fee each')).toBeVisible();
  const addOns = dialog.getByRole('region', { name: 'Add-ons' });
  await expect(addOns.getByRole('listitem')).toContainText(['2 × T-shirt£15.00 eachHanded over 1 of 2']);
  await expect(dialog.getByText('T-4KX9PQ2M7A')).toBeVisible();
  await expect(dialog.getByText('Paid by Payment provider')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await shot(page, testInfo, 'order-detail-desktop-light', false);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  await shot(page, testInfo, 'event-orders-desktop-light');
  await setDark(page, true);
  await shot(page, testInfo, 'event-orders-desktop-dark');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, testInfo, 'event-orders-mobile-dark');
  await orders.getByRole('button', { name: `Order ${all[0]!.code}, view details` }).click();
  await shot(page, testInfo, 'order-detail-mobile-dark', false);
  await page.keyboard.press('Escape');
  await setDark(page, false);
  await shot(page, testInfo, 'event-orders-mobile-light');
});

test('an archived event shows its ticket types read-only', async ({ page, request }) => {
  const headers = { cookie: organiser.cookieHeader, origin: baseURL };
  const archived = await request.post(`${baseURL}/api/events/${eventId}/archive`, { headers });
  expect(archived.status()).toBe(200);
  await signIn(page);
  await page.goto(`/dashboard/events/view/${eventId}`);
  const tickets = page.getByRole('region', { name: 'Tickets' });
  await expect(tickets.getByText('Archived events are read-only.')).toBeVisible();
  await expect(tickets.getByRole('button')).toHaveCount(0);
});

test('profile: the sale e-mails choice is made with the keyboard and saved with the profile', async ({
  page,
  request,
}, testInfo) => {
  await signIn(page);
  await page.goto('/dashboard/profile');
  const group = page.getByRole('group', { name: 'Sale e-mails' });
  // Looked at on desktop and on a 390 px phone, in both themes.
  for (const [width, height, label] of [
    [1280, 900, 'desktop'],
    [390, 844, 'phone'],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const dark of [false, true]) {
      await setDark(page, dark);
      await group.scrollIntoViewIfNeeded();
      await shot(page, testInfo, `profile-sale-emails-${label}-${dark ? 'dark' : 'light'}`, false);
    }
  }
  await setDark(page, false);
  await page.setViewportSize({ width: 1280, height: 900 });
  const choice = (name: string) => group.getByRole('radio', { name, exact: true });
  // The default, said plainly with the digest's interval.
  await expect(choice('A summary when sales are frequent')).toBeChecked();
  await expect(choice('A summary when sales are frequent')).toHaveAccessibleDescription(
    `The first sale after ${SALE_DIGEST_MINUTES} minutes without one is e-mailed at once. The sales after it are gathered into one e-mail every ${SALE_DIGEST_MINUTES} minutes while they keep coming.`,
  );
  await expect(group.getByRole('radio')).toHaveCount(3);
  // Tab reaches the group's checked choice; the arrow keys choose.
  await choice('Every sale').focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(choice('A summary when sales are frequent')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(choice('No sale e-mails')).toBeChecked();
  await expect(choice('No sale e-mails')).toBeFocused();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Changes saved.')).toBeVisible();
  await page.reload();
  await expect(choice('No sale e-mails')).toBeChecked();
  await choice('No sale e-mails').focus();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(choice('Every sale')).toBeChecked();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Changes saved.')).toBeVisible();
  const saved = await request.get(`${baseURL}/api/org/settings`, { headers: { cookie: organiser.cookieHeader } });
  expect(await saved.json()).toMatchObject({ sale_emails: 'each', notify_on_sale: true });
});
