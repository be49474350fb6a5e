// Issue 31 point 1 against the real server: an organiser without payouts creates a free RSVP event through the
// wizard (the Ticket step's 'Free event' switch, worked from the keyboard), Create publishes it, and a fan gets
// tickets from the storefront with no payment page: the event page says Free with no booking fee, 'Get tickets'
// lands on the order page with the QR codes. Screenshots at 1280 px and 390 px.
import fs from 'node:fs';
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { EVENT_MESSAGES, FREE_EVENT_NOTICE } from '@marquee/shared';
import { expect, storefrontUrl, test } from './fixtures';
import { createOrganiser, uniqueSubdomain, type Organiser } from './support/api';
import { createEventInWizard } from './support/wizard';

test.use({ timezoneId: 'Europe/London', locale: 'en-GB' });

const EVENT_NAME = 'Open Studio RSVP';

async function shot(page: Page, testInfo: TestInfo, name: string) {
  const dir = process.env.E2E_SCREENSHOTS ?? testInfo.outputPath('screens');
  fs.mkdirSync(dir, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/** Desktop, then 390 px (the phone), then back to desktop. */
async function shotBoth(page: Page, testInfo: TestInfo, name: string) {
  await shot(page, testInfo, `${name}-desktop`);
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, testInfo, `${name}-390`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

let organiser: Organiser;

test.beforeAll(async ({ request }) => {
  organiser = await createOrganiser(request, { subdomain: uniqueSubdomain('rsvp') });
});

test('a free RSVP event is published without payouts and a fan gets tickets with no payment page', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.context().addCookies(organiser.cookies);
  await page.setViewportSize({ width: 1280, height: 800 });
  await createEventInWizard(page, {
    name: EVENT_NAME,
    description: 'Drop in, meet the artists, free entry.',
    location: 'Studio 9, Hackney',
    free: true,
    capacity: '40',
    atTicketStep: async () => {
      // A paid event still needs its price, with the spec's message.
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByText(EVENT_MESSAGES.priceRequired)).toBeVisible();
      // The switch from the keyboard: it is labelled, takes focus and toggles with Space.
      const free = page.getByRole('switch', { name: 'Free event' });
      await expect(free).toHaveAttribute('aria-checked', 'false');
      await free.focus();
      await expect(free).toBeFocused();
      await page.keyboard.press('Space');
      await expect(free).toHaveAttribute('aria-checked', 'true');
      await expect(free).toBeFocused();
      await expect(page.getByRole('spinbutton', { name: 'Ticket Price' })).toHaveCount(0);
      await expect(page.getByText(EVENT_MESSAGES.priceRequired)).toHaveCount(0);
      const preview = page.getByRole('complementary', { name: 'Event preview' });
      await expect(preview.getByText('Free', { exact: true })).toBeVisible();
      await shotBoth(page, testInfo, '01-wizard-free-switch');
    },
  });
  // Created and published although payouts are off.
  const card = page.getByRole('region', { name: 'Upcoming Events' }).getByRole('article', { name: EVENT_NAME });
  await expect(card.getByText('live', { exact: true })).toBeVisible();
  await expect(page.getByText(/Saved as a draft/)).toHaveCount(0);
  await shot(page, testInfo, '02-events-list-live');

  // A new event's step 1 says an event without payouts is kept as a draft; with 'Free event' on it says otherwise.
  await page.goto('/dashboard/events/new');
  await expect(page.getByTestId('draft-notice')).not.toContainText(FREE_EVENT_NOTICE);

  // The fan: the storefront's event page says Free, no booking fee, and 'Get tickets'.
  const fan = await page.context().browser()!.newContext({ locale: 'en-GB', timezoneId: 'Europe/London' });
  const shop = await fan.newPage();
  await shop.setViewportSize({ width: 1280, height: 800 });
  await shop.goto(storefrontUrl(organiser.subdomain, '/'));
  await shop
    .getByRole('link', { name: new RegExp(EVENT_NAME) })
    .first()
    .click();
  await expect(shop.getByRole('heading', { name: EVENT_NAME, level: 1 })).toBeVisible();
  const tickets = shop.getByRole('form', { name: 'Tickets' });
  await expect(tickets.getByText('Free', { exact: true })).toBeVisible();
  await expect(tickets.getByText(/booking fee/)).toHaveCount(0);
  await tickets.getByRole('spinbutton', { name: /^Quantity of/ }).fill('2');
  await tickets.getByLabel('First name').fill('Rosa');
  await tickets.getByLabel('Last name').fill('Vip');
  await tickets.getByLabel('Email').fill('rosa@example.com');
  await shotBoth(shop, testInfo, '03-event-page-free');
  await tickets.getByRole('button', { name: 'Get tickets' }).click();

  // Straight to the tickets: never the summary, never the sandbox's payment page.
  await expect(shop).toHaveURL(/\/orders\/[A-Za-z0-9_-]{43}$/);
  await expect(shop.getByText(/^Order MQ-[A-Z0-9]{6} · Confirmed$/)).toBeVisible();
  await expect(shop.getByText(/^Ticket T-/)).toHaveCount(2);
  await expect(shop.getByText('Booking fee')).toHaveCount(0);
  await shotBoth(shop, testInfo, '04-order-page');
  const code = (await shop.locator('main strong').first().textContent())!.trim();
  await fan.close();

  // The organiser cancels one of the free tickets: no amount, no money, the place goes back.
  const listed = (await (await page.request.get('/api/events')).json()) as { upcoming: Array<{ id: string }> };
  await page.goto(`/dashboard/events/view/${listed.upcoming[0]!.id}`);
  // The orders table says Free, not £0.00.
  await expect(page.getByRole('row').filter({ hasText: code })).toContainText('Free');
  await page.getByRole('button', { name: `Order ${code}, view details` }).click();
  const dialog = page.getByRole('dialog', { name: `Order ${code}` });
  await expect(dialog.getByText('Tickets bought')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel tickets', exact: true }).click();
  const form = dialog.getByRole('form', { name: `Cancel free tickets of order ${code}` });
  await expect(form.getByLabel(/Amount to refund/)).toHaveCount(0);
  await form.getByRole('checkbox').first().check();
  await form.getByLabel('Reason (sent to the buyer)').fill('Your plus-one cannot come.');
  await form.getByRole('button', { name: 'Review cancellation' }).click();
  const confirm = dialog.getByRole('group', { name: /^Cancel 1 ticket of Rosa Vip\?$/ });
  await expect(confirm).toContainText('Nothing was paid, so nothing is refunded');
  await shot(page, testInfo, '05-organiser-cancel-confirm');
  await confirm.getByRole('button', { name: 'Yes, cancel' }).click();
  await expect(dialog.getByRole('status')).toContainText('Cancelled 1 ticket. The buyer has been e-mailed.');
});
