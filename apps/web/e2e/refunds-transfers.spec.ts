// Decision 032 in Chromium against the real server: the organiser refunds one ticket of a two-ticket order from
// the order's detail (the detail then shows it, with the audit trail); a fan asks for a refund on their order
// page and the organiser approves it; a fan sends a ticket to a friend, whose e-mail carries a new ticket. The
// refund form and the fan's order page also on a 390 px phone, in both themes.
import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { E2E_PORT, expect, storefrontUrl, test } from './fixtures';
import { createOrganiser, uniqueSubdomain, type Organiser } from './support/api';
import { createPublishedEvent, enableSandboxPayouts } from './support/selling';

test.describe.configure({ mode: 'serial' });
test.use({ timezoneId: 'Europe/London', locale: 'en-GB' });

const baseURL = `http://localhost:${E2E_PORT}`;
let organiser: Organiser;
let eventId = '';

async function shot(page: Page, testInfo: TestInfo, name: string) {
  const dir = process.env.E2E_SCREENSHOTS ?? testInfo.outputPath('screens');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/** A fan buys `quantity` tickets and pays with the sandbox's success card; returns the order code. */
async function buy(page: Page, quantity: number, email: string) {
  await page.goto(storefrontUrl(organiser.subdomain, `/events/${eventId}`));
  await page.getByLabel('Quantity of General Admission', { exact: true }).fill(String(quantity));
  await page.getByLabel('First name').fill('Fran');
  await page.getByLabel('Last name').fill('Fan');
  await page.getByLabel('Email', { exact: true }).fill(email);
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
  return (await page.locator('main strong').first().textContent())!.trim();
}

async function mailSubjects(request: APIRequestContext, email: string) {
  const mail = await request.get(`${baseURL}/api/dev/mail?to=${encodeURIComponent(email)}`);
  return (await mail.json()) as Array<{ subject: string; text: string }>;
}

async function openOrder(page: Page, code: string) {
  await page.goto(`${baseURL}/dashboard/events/view/${eventId}`);
  await page.getByRole('button', { name: `Order ${code}, view details` }).click();
  const dialog = page.getByRole('dialog', { name: `Order ${code}` });
  await expect(dialog.getByText('Tickets bought')).toBeVisible();
  return dialog;
}

test.beforeAll(async ({ request }) => {
  organiser = await createOrganiser(request, { subdomain: uniqueSubdomain('aftersale'), companyName: 'After Co' });
  await enableSandboxPayouts(request, organiser);
  eventId = await createPublishedEvent(request, organiser, 'Second Chances', {
    refunds_allowed: true,
    resale_allowed: true,
    terms_of_service: '',
  });
});

test('the organiser refunds one ticket of a two-ticket order; the detail shows it and the audit trail', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const code = await buy(page, 2, 'two-tickets@example.com');
  await page.context().addCookies(organiser.cookies);
  const dialog = await openOrder(page, code);
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  const form = dialog.getByRole('form', { name: `Refund order ${code}` });
  const boxes = form.getByRole('checkbox');
  await expect(boxes).toHaveCount(2);
  await boxes.first().check();
  await expect(form.getByLabel('Amount to refund (GBP)')).toHaveValue('20.00');
  await form.getByRole('button', { name: 'Review refund of £20.00' }).click();
  await expect(form.getByRole('alert')).toContainText('Give a reason');
  await form.getByLabel('Reason (sent to the buyer)').fill('Your friend cannot come.');
  await shot(page, testInfo, 'refund-dialog-desktop-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await shot(page, testInfo, 'refund-dialog-desktop-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await form.getByRole('button', { name: 'Review refund of £20.00' }).click();
  // Nothing is refunded until the organiser confirms what the refund does.
  const confirm = dialog.getByRole('group', { name: /^Refund £20\.00 to / });
  await expect(confirm).toContainText('1 ticket stops working at the door at once and goes back on sale.');
  await expect(confirm).toContainText('This cannot be undone.');
  await shot(page, testInfo, 'refund-confirm-desktop-light');
  await confirm.getByRole('button', { name: 'Yes, refund £20.00' }).click();
  await expect(dialog.getByRole('status')).toContainText('Refunded £20.00 and 1 ticket');
  const tickets = dialog.getByRole('region', { name: 'Tickets', exact: true });
  await expect(tickets.getByText('Refunded', { exact: true })).toHaveCount(1);
  await expect(tickets.getByText('Valid', { exact: true })).toHaveCount(1);
  await expect(dialog).toContainText('Partially refunded');
  const history = dialog.getByRole('region', { name: 'History' });
  await expect(history).toContainText('Refunded');
  await expect(history).toContainText('Chrome on Linux');
  await expect(history).toContainText('£20.00');
  await expect(history).toContainText('Your friend cannot come.');
  await expect(history).toContainText('Refund sent by Payment provider');
  await shot(page, testInfo, 'order-detail-after-refund-desktop');
  await expect(async () => {
    const subjects = (await mailSubjects(request, 'two-tickets@example.com')).map((mail) => mail.subject);
    expect(subjects).toContain(`Refund of £20.00 for Second Chances (${code})`);
  }).toPass({ timeout: 15_000 });

  // On a 390 px phone, both themes: the form for the ticket that is left fits the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await form.getByRole('checkbox').first().check();
  const box = (await page.getByRole('dialog').boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await shot(page, testInfo, 'refund-dialog-phone-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await shot(page, testInfo, 'refund-dialog-phone-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await form.getByRole('button', { name: 'Cancel' }).click();
});

test('a fan asks for a refund on their order page and the organiser approves it', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const code = await buy(page, 1, 'asker@example.com');
  const orderUrl = page.url();
  await page.getByText('Ask for a refund').click();
  await page.getByLabel('Why do you want a refund?').fill('I am ill that week.');
  await shot(page, testInfo, 'fan-order-page-desktop-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await shot(page, testInfo, 'fan-order-page-desktop-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.getByRole('button', { name: 'Request a refund' }).click();
  await expect(page.getByText('Your refund request has been sent to the organiser.')).toBeVisible();
  await expect(page.getByText('Your refund request is waiting for the organiser.')).toBeVisible();

  await page.context().addCookies(organiser.cookies);
  const dialog = await openOrder(page, code);
  const refunds = dialog.getByRole('region', { name: 'Refunds' });
  await expect(refunds).toContainText('Asked by the buyer · £20.00');
  await expect(refunds).toContainText('I am ill that week.');
  await refunds.getByRole('button', { name: 'Approve refund' }).click();
  // Approving asks first, and says what it does.
  const approve = refunds.getByRole('group', { name: 'Confirm the refund' });
  await expect(approve).toContainText('Refund £20.00 for T-');
  await approve.getByRole('button', { name: 'Yes, refund £20.00' }).click();
  await expect(refunds).toContainText('Refunded');
  await expect(dialog.getByRole('region', { name: 'History' })).toContainText('Refund requested by Fan');
  await expect(async () => {
    const mails = await mailSubjects(request, 'asker@example.com');
    expect(mails.some((mail) => mail.text.includes('Your refund request was approved'))).toBe(true);
  }).toPass({ timeout: 15_000 });
  await page.goto(orderUrl);
  await expect(page.getByText('Refunded · no longer valid')).toBeVisible();
});

test('a fan sends a ticket to a friend, who gets their own new ticket by e-mail', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await buy(page, 2, 'giver@example.com');
  const oldCode = (await page
    .getByText(/^Ticket T-/)
    .first()
    .textContent())!
    .replace('Ticket ', '')
    .trim();
  await page.getByText('Send to someone else').first().click();
  await page.getByLabel('Their name').first().fill('Robin Friend');
  await page.getByLabel('Their email').first().fill('robin-friend@example.com');
  await shot(page, testInfo, 'fan-order-page-phone-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await shot(page, testInfo, 'fan-order-page-phone-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.getByRole('button', { name: `Send ticket ${oldCode}` }).click();
  // Sending asks the fan to confirm; nothing is sent before.
  await expect(page.getByText(`Send ticket ${oldCode} to Robin Friend (robin-friend@example.com)?`)).toBeVisible();
  await shot(page, testInfo, 'fan-transfer-confirm-phone');
  await page.getByRole('button', { name: `Yes, send ticket ${oldCode}` }).click();
  await expect(page.getByText('Ticket sent.')).toBeVisible();
  await expect(page.getByText('Sent to Robin Friend · no longer valid')).toBeVisible();
  await shot(page, testInfo, 'fan-order-page-after-transfer-phone');
  let mails: Array<{ subject: string; text: string }> = [];
  await expect(async () => {
    mails = await mailSubjects(request, 'robin-friend@example.com');
    expect(mails).toHaveLength(1);
  }).toPass({ timeout: 15_000 });
  const newCode = /\((T-[A-Z2-9]{10})\)$/.exec(mails[0]!.subject)?.[1];
  expect(mails[0]!.subject).toMatch(/^Your ticket for Second Chances \(T-/);
  expect(newCode).toBeTruthy();
  expect(newCode).not.toBe(oldCode);
  expect(mails[0]!.text).toContain('has sent you a ticket');
});
