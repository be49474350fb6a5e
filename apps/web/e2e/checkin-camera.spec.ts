// Issue 14, point 2: the check-in app reads a ticket's QR code with the phone's camera, and is installable. A
// fan's ticket is bought through the storefront's forms; its QR code, as the order page shows it, becomes the
// picture of Chromium's fake camera (a YUV4MPEG2 file), so the app's real camera path (getUserMedia, then the
// browser's BarcodeDetector or jsQR on the video frames) reads it and the server admits the ticket. The app's
// service worker makes it open with no network. The fake camera shows the code on every frame, as a fan holding up
// their phone does: it is judged once (issue 30), also when the camera is stopped and started again at once, and
// again only once it was out of view for a few seconds.
import { chromium } from '@playwright/test';
import { QUIET_MS } from '../src/features/checkin/lib/read-gate';
import { E2E_PORT, expect, test } from './fixtures';
import { createOrganiser, uniqueSubdomain, type Organiser } from './support/api';
import { videoOf } from './support/camera';
import { buyWithForms, createPublishedEvent, enableSandboxPayouts } from './support/selling';

const baseURL = `http://localhost:${E2E_PORT}`;
let organiser: Organiser;
let eventId = '';
let orderUrl = '';

test.beforeAll(async ({ request }) => {
  organiser = await createOrganiser(request, { subdomain: uniqueSubdomain('camera'), companyName: 'Camera Club' });
  await enableSandboxPayouts(request, organiser);
  eventId = await createPublishedEvent(request, organiser, 'Camera Night');
  orderUrl = await buyWithForms(request, organiser, eventId, { quantity: 1, email: 'cam-fan@example.com' });
});

test('the camera reads a ticket and admits it; the app is installable and opens offline', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(orderUrl);
  const qr = page.locator('li.ticket svg').first();
  await expect(qr).toBeVisible();
  const video = await videoOf(await qr.screenshot());

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
      `--use-file-for-fake-video-capture=${video}`,
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
    await door.getByRole('link', { name: /Camera Night/ }).click();
    await expect(door.getByText('1 ticket on this device')).toBeVisible();

    // Installable: the manifest a browser reads, and a service worker in control of /checkin.
    await expect(door.locator('link[rel="manifest"]')).toHaveAttribute('href', '/checkin.webmanifest');
    const manifest = (await (await door.request.get(`${baseURL}/checkin.webmanifest`)).json()) as {
      start_url: string;
      display: string;
      icons: Array<{ sizes: string }>;
    };
    expect(manifest).toMatchObject({ display: 'standalone', start_url: '/checkin' });
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    await expect
      .poll(
        () =>
          door.evaluate(async () => {
            const registration = await navigator.serviceWorker.getRegistration();
            return registration ? `${registration.scope} ${registration.active?.state ?? 'installing'}` : 'none';
          }),
        { message: 'an active service worker for /checkin', timeout: 20_000 },
      )
      .toBe(`${baseURL}/checkin activated`);

    // With no network the app still opens: the service worker answers the page and its files.
    await expect
      .poll(
        () =>
          door.evaluate(async () => {
            const cache = await caches.open('marquee-checkin-v2');
            return (await cache.keys()).filter((request) => new URL(request.url).pathname.startsWith('/assets/'))
              .length;
          }),
        { message: "the app's files kept by the service worker", timeout: 20_000 },
      )
      .toBeGreaterThan(0);
    await context.setOffline(true);
    await door.reload();
    await expect(door.getByRole('button', { name: 'Scan with camera' })).toBeVisible();
    await expect(door.getByTestId('connection')).toContainText('Offline');
    await context.setOffline(false);
    await expect(door.getByTestId('connection')).toHaveText('Online');

    await door.getByRole('button', { name: 'Scan with camera' }).click();
    await expect(door.getByLabel('Camera view')).toBeVisible();
    const result = door.getByTestId('scan-result');
    await expect(result).toHaveAttribute('data-result', 'admitted', { timeout: 20_000 });
    await expect(result).toContainText('General Admission · Fan Buyer');
    await expect(door.getByTestId('checkin-count')).toHaveText('1 / 1');

    // Still in view, read on every frame: one admission, no "already checked in", no duplicate in the log.
    const log = async () => {
      const answer = await door.request.get(`${baseURL}/api/checkin/events/${eventId}/log`);
      return ((await answer.json()) as { entries: Array<{ status: string }> }).entries.map((entry) => entry.status);
    };
    await door.waitForTimeout(QUIET_MS + 2_000);
    await expect(result).toHaveAttribute('data-result', 'admitted');
    expect(await log()).toEqual(['admitted']);
    // The camera stopped and started again while the ticket is still there: not judged again.
    await door.getByRole('button', { name: 'Stop camera' }).click();
    await door.getByRole('button', { name: 'Scan with camera' }).click();
    await expect(door.getByLabel('Camera view')).toBeVisible();
    await door.waitForTimeout(3_000);
    await expect(result).toHaveAttribute('data-result', 'admitted');
    expect(await log()).toEqual(['admitted']);
    // Out of view for longer than the quiet time, then shown again: a second showing, refused and logged.
    await door.getByRole('button', { name: 'Stop camera' }).click();
    await door.waitForTimeout(QUIET_MS + 1_000);
    await door.getByRole('button', { name: 'Scan with camera' }).click();
    await expect(result).toHaveAttribute('data-result', 'already_checked_in', { timeout: 20_000 });
    await expect(door.getByTestId('checkin-count')).toHaveText('1 / 1');
    expect(await log()).toEqual(['duplicate', 'admitted']);
    await context.close();
  } finally {
    await phone.close();
  }
});
