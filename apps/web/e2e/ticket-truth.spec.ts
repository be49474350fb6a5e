// Issue 30, as a new user meets it: a fan buys three tickets and sends one to a friend, the organiser refunds
// another on its own, and the door refuses both with the right words and admits the rest once: the sent ticket's
// QR code from the e-mailed PDF held up to the phone's camera, the refunded ticket's code typed in the box, and the
// last ticket's QR payload typed by a handheld (keyboard-wedge) scanner. Then every count agrees: the check-in app,
// the event page and its check-in and waiting-room sections, the dashboard and Analytics.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type APIRequestContext, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { E2E_PORT, expect, storefrontUrl, test } from './fixtures';
import { createOrganiser, uniqueSubdomain, type Organiser } from './support/api';
import { videoOf } from './support/camera';
import { createPublishedEvent, enableSandboxPayouts, shot } from './support/selling';

test.use({ timezoneId: 'Europe/London', locale: 'en-GB' });

const baseURL = `http://localhost:${E2E_PORT}`;
let organiser: Organiser;
let eventId = '';

test.beforeAll(async ({ request }) => {
  organiser = await createOrganiser(request, { subdomain: uniqueSubdomain('truth'), companyName: 'Truth Co' });
  await enableSandboxPayouts(request, organiser);
  eventId = await createPublishedEvent(request, organiser, 'Door Truth', {
    capacity: 50,
    refunds_allowed: true,
    resale_allowed: true,
    terms_of_service: '',
  });
});

interface Mail {
  id: string;
  subject: string;
  attachments: Array<{ id: string; filename: string; contentType: string }>;
}

async function mailTo(request: APIRequestContext, email: string): Promise<Mail[]> {
  return (await (await request.get(`${baseURL}/api/dev/mail?to=${encodeURIComponent(email)}`)).json()) as Mail[];
}

/** Each page of the e-mailed tickets PDF as a PNG (poppler's pdftoppm), with the QR code it carries. */
async function ticketsInPdf(pdf: Buffer): Promise<Array<{ payload: string; qr: Buffer }>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-pdf-'));
  fs.writeFileSync(path.join(dir, 'tickets.pdf'), pdf);
  try {
    execFileSync('pdftoppm', ['-r', '110', '-png', path.join(dir, 'tickets.pdf'), path.join(dir, 'page')]);
  } catch (error) {
    throw new Error("pdftoppm (Debian's poppler-utils) is needed to read the e-mailed PDF", { cause: error });
  }
  const pages = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.png'))
    .sort();
  const found = [];
  for (const name of pages) {
    const png = fs.readFileSync(path.join(dir, name));
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const read = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
    expect(read, `a QR code on ${name} of the e-mailed PDF`).not.toBeNull();
    // The code alone, with a white margin, as a fan's phone shows it to the camera.
    const xs = [read!.location.topLeftCorner.x, read!.location.bottomRightCorner.x];
    const ys = [read!.location.topLeftCorner.y, read!.location.bottomRightCorner.y];
    const margin = 30;
    const left = Math.max(0, Math.floor(Math.min(...xs)) - margin);
    const top = Math.max(0, Math.floor(Math.min(...ys)) - margin);
    const size = Math.ceil(Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys))) + 2 * margin;
    const qr = await sharp(png)
      .extract({ left, top, width: Math.min(size, info.width - left), height: Math.min(size, info.height - top) })
      .png()
      .toBuffer();
    found.push({ payload: read!.data, qr });
  }
  return found;
}

async function buyThree(page: Page, email: string) {
  await page.goto(storefrontUrl(organiser.subdomain, `/events/${eventId}`));
  await page.getByLabel('Quantity of General Admission', { exact: true }).fill('3');
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
  const orderCode = /MQ-[A-Z2-9]{6}/.exec(await page.locator('main').innerText())![0];
  const codes = (await page.getByText(/^Ticket T-/).allInnerTexts()).map((text) => text.replace('Ticket ', '').trim());
  expect(codes).toHaveLength(3);
  return { orderCode, codes };
}

test('a sent ticket and one refunded alone are refused at the door, the rest admitted once, every count agrees', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(420_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const fan = 'truth-fan@example.com';
  const { orderCode, codes } = await buyThree(page, fan);
  const [sent, refunded, kept] = codes as [string, string, string];

  // The fan sends the first ticket to a friend, and confirms.
  await page.getByText('Send to someone else').first().click();
  await page.getByLabel('Their name').first().fill('Frank Friend');
  await page.getByLabel('Their email').first().fill('frank-friend@example.com');
  await page.getByRole('button', { name: `Send ticket ${sent}` }).click();
  await page.getByRole('button', { name: `Yes, send ticket ${sent}` }).click();
  await expect(page.getByText('Sent to Frank Friend · no longer valid')).toBeVisible();

  // The organiser refunds the second ticket alone, from the order's detail.
  await page.context().addCookies(organiser.cookies);
  await page.goto(`${baseURL}/dashboard/events/view/${eventId}`);
  await page.getByRole('button', { name: `Order ${orderCode}, view details` }).click();
  const dialog = page.getByRole('dialog', { name: `Order ${orderCode}` });
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  const form = dialog.getByRole('form', { name: `Refund order ${orderCode}` });
  await form.locator('label', { hasText: refunded }).getByRole('checkbox').check();
  await form.getByLabel('Reason (sent to the buyer)').fill('Cannot make it.');
  await form.getByRole('button', { name: 'Review refund of £20.00' }).click();
  await dialog.getByRole('button', { name: 'Yes, refund £20.00' }).click();
  await expect(dialog.getByRole('status')).toContainText('Refunded £20.00 and 1 ticket');
  const states = dialog.getByRole('region', { name: 'Tickets', exact: true });
  await expect(states.locator('li', { hasText: sent })).toContainText('Transferred');
  await expect(states.locator('li', { hasText: refunded })).toContainText('Refunded');
  await expect(states.locator('li', { hasText: kept })).toContainText('Valid');
  await shot(page, testInfo, 'truth-order-dialog');

  // The tickets PDF the fan was e-mailed when they paid: one page per ticket, in order.
  // (Its receipt and the refund's credit note are PDFs too: the tickets are the one named tickets-<code>.pdf.)
  const isTickets = (attachment: Mail['attachments'][number]) =>
    attachment.contentType === 'application/pdf' && attachment.filename.startsWith('tickets-');
  const confirmation = (await mailTo(request, fan)).find((mail) => mail.attachments.some(isTickets));
  expect(confirmation, "the fan's confirmation with the tickets PDF").toBeTruthy();
  const pdfAttachment = confirmation!.attachments.find(isTickets)!;
  const pdf = await request.get(`${baseURL}/api/dev/mail/${confirmation!.id}/attachments/${pdfAttachment.id}`);
  const pages = await ticketsInPdf(Buffer.from(await pdf.body()));
  expect(pages.map((entry) => entry.payload.split('.')[1])).toEqual(codes);
  let friendCode = '';
  await expect(async () => {
    const subject = (await mailTo(request, 'frank-friend@example.com'))[0]?.subject ?? '';
    friendCode = /\((T-[A-Z2-9]{10})\)$/.exec(subject)?.[1] ?? '';
    expect(friendCode).not.toBe('');
  }).toPass({ timeout: 15_000 });

  // The door, on a phone whose camera sees the sent ticket's QR code from the PDF.
  const phone = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${await videoOf(pages[0]!.qr)}`,
    ],
  });
  try {
    const context = await phone.newContext({
      viewport: { width: 390, height: 844 },
      storageState: organiser.storageState,
      permissions: ['camera'],
    });
    const door = await context.newPage();
    await door.goto(`${baseURL}/checkin`);
    await door.getByRole('link', { name: /Door Truth/ }).click();
    const result = door.getByTestId('scan-result');
    const count = door.getByTestId('checkin-count');
    await expect(count).toHaveText('0 / 2');

    await door.getByRole('button', { name: 'Scan with camera' }).click();
    await expect(result).toHaveAttribute('data-result', 'transferred', { timeout: 20_000 });
    await expect(result).toContainText('Transferred to another holder: do not admit');
    await door.getByRole('button', { name: 'Stop camera' }).click();

    const box = door.getByLabel('Ticket code, name, e-mail or order');
    await box.fill(refunded);
    await box.press('Enter');
    await expect(result).toHaveAttribute('data-result', 'refunded');
    await expect(result).toContainText('Refunded: do not admit');

    // A handheld scanner types the kept ticket's whole QR payload and Enter, with nothing focused.
    await door.locator('body').click({ position: { x: 5, y: 5 } });
    await door.keyboard.type(`${pages[2]!.payload}\n`, { delay: 5 });
    await expect(result).toHaveAttribute('data-result', 'admitted');
    await box.fill(friendCode);
    await box.press('Enter');
    await expect(result).toHaveAttribute('data-result', 'admitted');
    await expect(result).toContainText('Frank Friend');
    // Admitted once: the same payload again is already in.
    await door.keyboard.type(`${pages[2]!.payload}\n`, { delay: 5 });
    await expect(result).toHaveAttribute('data-result', 'already_checked_in');
    await expect(count).toHaveText('2 / 2');
    await expect(door.getByText('checked in / sold · 0 still to arrive')).toBeVisible();
    await shot(door, testInfo, 'truth-door-phone');
    await context.close();
  } finally {
    await phone.close();
  }

  // Every count agrees: 2 sold (the kept ticket and the friend's), both in.
  await page.goto(`${baseURL}/dashboard/events/view/${eventId}`);
  const figure = (title: string) => page.locator('div', { has: page.getByText(title, { exact: true }) }).last();
  await expect(figure('Tickets sold')).toContainText('2 / 50');
  await expect(page.getByRole('region', { name: 'Check-in' })).toContainText('2 / 2');
  await expect(page.getByRole('region', { name: 'Waiting room' })).toContainText('2 / 50');
  await shot(page, testInfo, 'truth-event-page');
  await page.goto(`${baseURL}/dashboard`);
  await expect(figure('Tickets Sold')).toContainText(/^Tickets Sold\s*2(?!\d)/);
  await page.goto(`${baseURL}/dashboard/analytics`);
  const analyticsCard = page.getByRole('region', { name: 'Tickets Sold', exact: true });
  await expect(analyticsCard.getByTestId('card-value')).toHaveText('2');
  await shot(page, testInfo, 'truth-analytics');
  const summary = await request.get(`${baseURL}/api/analytics/summary?event_id=${eventId}`, {
    headers: { cookie: organiser.cookieHeader },
  });
  const analytics = (await summary.json()) as {
    cards: { tickets_sold: { value: number }; conversion_rate: { value: number } };
  };
  expect(analytics.cards.tickets_sold.value).toBe(2);
  expect(analytics.cards.conversion_rate.value).toBeLessThanOrEqual(100);
});
