// Decision 025 in Chromium against the real server (its job worker included): two fans buy tickets with the
// sandbox card, the organiser cancels the event from its dashboard page (reason, the event's name typed to
// confirm), the progress panel reaches 'all refunded', the orders show Refunded, the event's public page says
// it is cancelled, and each fan's cancellation e-mail is in the dev outbox. The dialog also on a 390 px phone.
import type { Page } from '@playwright/test';
import { E2E_PORT, expect, storefrontUrl, test } from './fixtures';
import { createOrganiser, uniqueSubdomain, type Organiser } from './support/api';
import { createPublishedEvent, enableSandboxPayouts, shot } from './support/selling';

test.describe.configure({ mode: 'serial' });
test.use({ timezoneId: 'Europe/London', locale: 'en-GB' });

const baseURL = `http://localhost:${E2E_PORT}`;
const EVENT_NAME = 'Harbour Lights';
let organiser: Organiser;
let eventId = '';
const LIVE_EVENT = {
  description: 'Lights over the water.',
  location: 'The Quay, Bristol',
  start_local: '2031-08-01T19:00',
  end_local: '2031-08-01T23:00',
  lineup: ['Band One'],
  capacity: 40,
  terms_of_service: '',
};

/** A fan buys `quantity` tickets on the storefront and pays with the sandbox's success card. */
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

test.beforeAll(async ({ request }) => {
  organiser = await createOrganiser(request, { subdomain: uniqueSubdomain('harbour'), companyName: 'Harbour Co' });
  await enableSandboxPayouts(request, organiser, 'Cancel Co Ltd');
  eventId = await createPublishedEvent(request, organiser, EVENT_NAME, LIVE_EVENT);
});

test('the organiser cancels an event with two orders: progress reaches done, orders refunded, fans e-mailed', async ({
  page,
  request,
  allowConsoleError,
}, testInfo) => {
  // The outbox previews each e-mail in a sandboxed frame that may run no script; Chromium may report a refusal.
  allowConsoleError(/Blocked script execution in 'about:srcdoc'/);
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const firstCode = await buy(page, 2, 'harbour-ann@example.com');
  const secondCode = await buy(page, 1, 'harbour-bob@example.com');

  await page.context().addCookies(organiser.cookies);
  await page.goto(`${baseURL}/dashboard/events/view/${eventId}`);
  await expect(page.getByText(firstCode)).toBeVisible();
  await page.getByRole('button', { name: 'Cancel event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel event' });
  await expect(dialog).toBeVisible();
  // The reason field has the focus; a wrong name is refused in place and nothing is cancelled.
  await expect(dialog.getByLabel('Reason (sent to ticket holders)')).toBeFocused();
  await dialog.getByLabel('Reason (sent to ticket holders)').fill('The quay is closed for repairs.');
  await dialog.getByLabel("Type the event's name to confirm").fill('Harbour');
  await dialog.getByRole('button', { name: 'Cancel event and refund all' }).click();
  await expect(dialog.getByRole('alert')).toContainText("That is not the event's name");
  await shot(page, testInfo, 'cancel-dialog-desktop');
  await dialog.getByLabel("Type the event's name to confirm").fill(EVENT_NAME);
  await dialog.getByRole('button', { name: 'Cancel event and refund all' }).click();
  await expect(dialog).toBeHidden();

  const panel = page.getByRole('region', { name: 'Event cancelled' });
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('refund-state')).toHaveText(
    'All orders are refunded and every ticket holder has been e-mailed.',
    { timeout: 30_000 },
  );
  await expect(panel.getByRole('progressbar', { name: 'Orders refunded' })).toHaveAttribute(
    'aria-valuetext',
    '2 of 2 orders refunded',
  );
  await expect(panel).toContainText('£64.80');
  await expect(page.getByRole('button', { name: 'Cancel event' })).toHaveCount(0);
  await expect(page.getByRole('row', { name: new RegExp(firstCode) })).toContainText('Refunded');
  await expect(page.getByRole('row', { name: new RegExp(secondCode) })).toContainText('Refunded');
  await shot(page, testInfo, 'cancelled-desktop');

  // The event's public page says it is cancelled and sells nothing.
  await page.goto(storefrontUrl(organiser.subdomain, `/events/${eventId}`));
  await expect(page.getByText('This event has been cancelled')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue to payment' })).toHaveCount(0);

  // Each fan's e-mail is in the outbox, once.
  for (const [email, code] of [
    ['harbour-ann@example.com', firstCode],
    ['harbour-bob@example.com', secondCode],
  ] as const) {
    await expect(async () => {
      const mail = await request.get(`${baseURL}/api/dev/mail?to=${encodeURIComponent(email)}`);
      const subjects = ((await mail.json()) as Array<{ subject: string }>).map((message) => message.subject);
      expect(subjects.filter((subject) => subject.startsWith('Cancelled:'))).toEqual([
        `Cancelled: ${EVENT_NAME} - your order ${code} has been refunded`,
      ]);
    }).toPass({ timeout: 15_000 });
  }
  await page.goto(`${baseURL}/dev/mailbox?to=harbour-ann%40example.com`);
  await expect(page.getByText(`Cancelled: ${EVENT_NAME}`).first()).toBeVisible();
});

test('on a 390 px phone the cancel dialog fits and can be used with the keyboard', async ({
  page,
  request,
}, testInfo) => {
  const phoneEvent = await createPublishedEvent(request, organiser, EVENT_NAME, LIVE_EVENT);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.context().addCookies(organiser.cookies);
  await page.goto(`${baseURL}/dashboard/events/view/${phoneEvent}`);
  await page.getByRole('button', { name: 'Cancel event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel event' });
  await expect(dialog).toBeVisible();
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await page.keyboard.type('Rain.');
  await page.keyboard.press('Tab');
  await page.keyboard.type(EVENT_NAME);
  await shot(page, testInfo, 'cancel-dialog-phone');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // Escape keeps the event: nothing was cancelled.
  await expect(page.getByRole('button', { name: 'Cancel event' })).toBeVisible();

  // Cancelled in the dark theme: an event without orders is done at once.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.getByRole('button', { name: 'Cancel event' }).click();
  await dialog.getByLabel('Reason (sent to ticket holders)').fill('Rain.');
  await dialog.getByLabel("Type the event's name to confirm").fill(EVENT_NAME.toUpperCase());
  await dialog.getByRole('button', { name: 'Cancel event and refund all' }).click();
  const panel = page.getByRole('region', { name: 'Event cancelled' });
  await expect(panel.getByTestId('refund-state')).toHaveText('There were no paid orders to refund.');
  await expect(panel).toContainText('Refunded: nothing');
  await shot(page, testInfo, 'cancelled-phone-dark');
});
