// Issue 10's journey in Chromium against the real server on its embedded defaults: a new fan opens the
// organiser's subdomain, buys two tickets with the sandbox's success card, sees the order page with two QR
// codes and finds the e-mail in the outbox; the organiser's dashboard then shows the sale. A declined card
// goes back to the summary with the hold kept, and an expired hold says so and offers to start again. The
// same on a 390 px phone.
import type { Page } from '@playwright/test';
import { E2E_PORT, expect, storefrontUrl, test } from './fixtures';
import { createOrganiser, uniqueSubdomain, type Organiser } from './support/api';
import { readQr } from './support/qr';
import { createPublishedEvent, enableSandboxPayouts, shot } from './support/selling';

test.describe.configure({ mode: 'serial' });
test.use({ timezoneId: 'Europe/London', locale: 'en-GB' });

const baseURL = `http://localhost:${E2E_PORT}`;
let organiser: Organiser;
let eventId = '';

/** Fills the event page's checkout form as a fan and continues to the summary. */
async function holdTickets(page: Page, quantity: number, email: string) {
  await page.goto(storefrontUrl(organiser.subdomain, `/events/${eventId}`));
  await expect(page.getByRole('heading', { level: 1, name: 'Warehouse Night' })).toBeVisible();
  await expect(page.locator('.type .price').first()).toHaveText('£21.60');
  await page.getByLabel('Quantity of General Admission', { exact: true }).fill(String(quantity));
  await page.getByLabel('First name').fill('Fran');
  await page.getByLabel('Last name').fill('Fan');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Every attendee is at least 18').check();
  await page.getByLabel("I accept the organiser's terms (above)").check();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.waitForURL(/\/checkout\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByRole('heading', { name: 'Your order' })).toBeVisible();
}

async function payWith(page: Page, card: string) {
  await page.getByRole('button', { name: /^Pay £/ }).click();
  await page.waitForURL(/\/sandbox\/checkout\/cs_sandbox_/);
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay £/ }).click();
}

test.beforeAll(async ({ request }) => {
  organiser = await createOrganiser(request, { subdomain: uniqueSubdomain('shop'), companyName: 'Checkout Co' });
  await enableSandboxPayouts(request, organiser, 'Checkout Co Ltd');
  eventId = await createPublishedEvent(request, organiser, 'Warehouse Night', {
    description: 'A night of checkout testing.',
    capacity: 50,
    minimum_age: 18,
  });
});

test('a fan buys two tickets: order page with two QR codes, the e-mail in the outbox, the sale in the dashboard', async ({
  page,
  request,
  allowConsoleError,
}, testInfo) => {
  // The outbox previews each e-mail in a sandboxed frame that may run no script; Chromium reports each refusal.
  allowConsoleError(/Blocked script execution in 'about:srcdoc'/);
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await holdTickets(page, 2, 'fran@example.com');
  await expect(page.getByText('General Admission × 2')).toBeVisible();
  await expect(page.getByRole('cell', { name: '£43.20' })).toBeVisible();
  await expect(page.getByText(/Time left: \d+:\d\d/)).toBeVisible();
  await shot(page, testInfo, 'summary-desktop');
  await payWith(page, '4242 4242 4242 4242');
  await page.waitForURL(/\/orders\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByText(/Order MQ-[A-Z2-9]{6} · Paid/)).toBeVisible();
  const orderCode = (await page.locator('main strong').first().textContent())!.trim();
  expect(orderCode).toMatch(/^MQ-[A-Z2-9]{6}$/);
  await expect(page.locator('.ticket svg')).toHaveCount(2);
  await expect(page.getByRole('link', { name: 'Download tickets (PDF)' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add to calendar' })).toBeVisible();
  await shot(page, testInfo, 'order-desktop');

  const mail = await request.get(`${baseURL}/api/dev/mail?to=fran%40example.com`);
  const messages = (await mail.json()) as Array<{
    id: string;
    subject: string;
    html: string;
    attachments: Array<{ id: string; filename: string; contentType: string; cid: string | null }>;
  }>;
  const confirmation = messages.find((message) => message.subject.startsWith('Your tickets for Warehouse Night'));
  expect(confirmation).toBeTruthy();
  expect(confirmation!.attachments.filter((attachment) => attachment.cid)).toHaveLength(2);
  expect(confirmation!.attachments.map((attachment) => attachment.filename)).toEqual(
    expect.arrayContaining([expect.stringMatching(/^tickets-MQ-[A-Z2-9]{6}\.pdf$/), expect.stringMatching(/\.ics$/)]),
  );
  // The e-mail on a 390 px phone (its inline parts where a mail client puts them): no sideways scroll, and each
  // QR image as the phone draws it reads as the same ticket as the order page's QR code.
  const html = confirmation!.html.replace(/cid:([^"]+)/g, (reference, cid: string) => {
    const part = confirmation!.attachments.find((attachment) => attachment.cid === cid);
    return part ? `${baseURL}/api/dev/mail/${confirmation!.id}/attachments/${part.id}` : reference;
  });
  const orderQrs = await Promise.all(
    (await page.locator('.ticket svg').all()).map(async (svg) => readQr(await svg.screenshot())),
  );
  const phone = await page.context().newPage();
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.setContent(html, { waitUntil: 'load' });
  const widths = await phone.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
  const mailQrs = phone.getByRole('img', { name: /^QR code for ticket / });
  await expect(mailQrs).toHaveCount(2);
  const payloads = await Promise.all((await mailQrs.all()).map(async (img) => readQr(await img.screenshot())));
  for (const payload of payloads)
    expect(payload).toMatch(new RegExp(`^MQT1\\.T-[A-Z2-9]{10}\\.${eventId}\\.[A-Za-z0-9_-]{86}$`));
  expect([...payloads].sort()).toEqual([...orderQrs].sort());
  await shot(phone, testInfo, 'mail-phone');
  await phone.close();

  // The outbox shows the message with its QR images inline and its attachments to download (only this fan's
  // mail: other tests' hostile e-mails have scripts that the preview's sandbox blocks, with a console error).
  await page.goto(`${baseURL}/dev/mailbox?to=fran%40example.com`);
  await expect(page.getByText(confirmation!.subject).first()).toBeVisible();
  await shot(page, testInfo, 'mailbox');

  await page.context().addCookies(organiser.cookies);
  await page.goto(`${baseURL}/dashboard`);
  const tickets = page.getByText('Tickets Sold').locator('..');
  await expect(tickets).toContainText('2');
  await expect(page.getByText('Total Customers').locator('..')).toContainText('1');
  await expect(page.getByText('Total Revenue').locator('..')).toContainText('40');
  // The event's page in the dashboard lists the order.
  await page.goto(`${baseURL}/dashboard/events/view/${eventId}`);
  await expect(page.getByText(orderCode)).toBeVisible();
  await expect(page.getByText('fran@example.com').first()).toBeVisible();
});

test('a declined card goes back to the summary with the hold kept; an expired hold offers to start again', async ({
  page,
  allowConsoleError,
}, testInfo) => {
  // The expired hold's page answers 410 Gone, which Chromium reports in the console.
  allowConsoleError(/status of 410/);
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await holdTickets(page, 1, 'declined@example.com');
  await payWith(page, '4000 0000 0000 0002');
  await page.waitForURL(/payment=declined/);
  await expect(page.getByRole('alert')).toContainText('The payment did not go through: Your card was declined.');
  await expect(page.getByText(/Your tickets are held until/)).toBeVisible();
  await shot(page, testInfo, 'declined-phone');
  // The fan pays with another card after all.
  await payWith(page, '4242 4242 4242 4242');
  await page.waitForURL(/\/orders\//);
  await expect(page.locator('.ticket svg')).toHaveCount(1);

  // The e2e server holds tickets for 40 s (CHECKOUT_HOLD_SECONDS): the countdown runs out, the page reloads
  // by itself and the server says the hold expired, with a way to start again.
  await holdTickets(page, 1, 'slow@example.com');
  await expect(page.getByText(/Time left: 0:[0-4]\d/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your hold has expired' })).toBeVisible({ timeout: 50_000 });
  await expect(page.getByText('Your hold on these tickets has expired')).toBeVisible();
  await shot(page, testInfo, 'expired-phone');
  await page.getByRole('link', { name: 'Start again' }).click();
  await expect(page.getByRole('button', { name: 'Continue to payment' })).toBeVisible();
});
