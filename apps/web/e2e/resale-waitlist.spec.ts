// Decision 035 in Chromium against the real server (its job worker running): a fan joins the waiting list of a
// sold-out event from the event page, the organiser refunds a ticket, the offer e-mail arrives in the dev outbox
// and the fan buys through its link; and a fan lists a ticket at face value, which another fan buys once the
// event is sold out: the seller's ticket shows as resold and they are e-mailed their refund. Phone and desktop,
// light and dark screenshots of the new pages.
import type { APIRequestContext, Page } from '@playwright/test';
import { E2E_PORT, expect, storefrontUrl, test } from './fixtures';
import { createOrganiser, uniqueSubdomain, type Organiser } from './support/api';
import { createPublishedEvent, enableSandboxPayouts, shot } from './support/selling';

test.describe.configure({ mode: 'serial' });
test.use({ timezoneId: 'Europe/London', locale: 'en-GB' });

const baseURL = `http://localhost:${E2E_PORT}`;
let organiser: Organiser;

/** Pays the held order on the checkout summary page with the sandbox's success card; lands on the order page. */
async function payHeld(page: Page) {
  await page.getByRole('button', { name: /^Pay £/ }).click();
  await page.waitForURL(/\/sandbox\/checkout\/cs_sandbox_/);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay £/ }).click();
  await page.waitForURL(/\/orders\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByText(/Order MQ-[A-Z2-9]{6} · Paid/)).toBeVisible();
}

/** A fan buys one ticket on the event page; returns the order code. */
async function buyOne(page: Page, slugOrId: string, email: string) {
  await page.goto(storefrontUrl(organiser.subdomain, `/events/${slugOrId}`));
  await page.getByLabel('Quantity of General Admission', { exact: true }).fill('1');
  await page.getByLabel('First name').fill('Fran');
  await page.getByLabel('Last name').fill('Fan');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.waitForURL(/\/checkout\/[A-Za-z0-9_-]{43}$/);
  await payHeld(page);
  return (await page.locator('main strong').first().textContent())!.trim();
}

async function mailsTo(request: APIRequestContext, email: string) {
  const mail = await request.get(`${baseURL}/api/dev/mail?to=${encodeURIComponent(email)}`);
  return (await mail.json()) as Array<{ subject: string; text: string }>;
}

test.beforeAll(async ({ request }) => {
  organiser = await createOrganiser(request, { subdomain: uniqueSubdomain('resale'), companyName: 'Resale Co' });
  await enableSandboxPayouts(request, organiser);
});

test('a fan on the waiting list gets an offer when a ticket is refunded, and buys through it', async ({
  page,
  request,
  allowConsoleError,
}, testInfo) => {
  // Paying the offer without its details is refused with a 400 page (on purpose, below).
  allowConsoleError(/status of 400/);
  test.setTimeout(120_000);
  const eventId = await createPublishedEvent(request, organiser, 'Last One In', { capacity: 1, terms_of_service: '' });
  // One address per attempt: a retry must not find the offer e-mail of an earlier attempt.
  const fan = `waiting-fan-${Date.now()}@example.com`;
  await page.setViewportSize({ width: 1280, height: 900 });
  const code = await buyOne(page, eventId, 'first-buyer@example.com');

  // Sold out: the event page offers the waiting list; the fan joins with a plain form.
  await page.goto(storefrontUrl(organiser.subdomain, `/events/${eventId}`));
  await expect(page.getByText('This event is sold out.')).toBeVisible();
  await shot(page, testInfo, 'event-page-sold-out-desktop-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await shot(page, testInfo, 'event-page-sold-out-desktop-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.getByRole('link', { name: 'Join the waiting list' }).click();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByLabel('Email').fill(fan);
  await page.getByLabel('Number of tickets').fill('1');
  await shot(page, testInfo, 'waitlist-form-phone-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await shot(page, testInfo, 'waitlist-form-phone-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.getByRole('button', { name: 'Join the waiting list' }).click();
  // The form gives way to the confirmation (a page of its own: a reload sends nothing again).
  await expect(page).toHaveURL(/\/waitlist\?done=joined$/);
  await expect(page.getByRole('status')).toContainText('You are on the waiting list.');
  await expect(page.getByRole('button', { name: 'Join the waiting list' })).toHaveCount(0);
  await expect(page.getByLabel('Email')).toHaveCount(0);
  await shot(page, testInfo, 'waitlist-joined-phone-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await shot(page, testInfo, 'waitlist-joined-phone-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(async () => {
    const subjects = (await mailsTo(request, fan)).map((mail) => mail.subject);
    expect(subjects).toContain('You are on the waiting list for Last One In');
  }).toPass({ timeout: 15_000 });
  const joinedMail = (await mailsTo(request, fan)).find((mail) => mail.subject.startsWith('You are on the waiting'));
  expect(joinedMail!.text).toMatch(/Plans changed\? Leave the waiting list: https?:\/\/\S+\/waitlist\/leave\/\S+/);

  // The organiser sees the line on the event page, then refunds the ticket.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.context().addCookies(organiser.cookies);
  await page.goto(`${baseURL}/dashboard/events/view/${eventId}`);
  await expect(page.getByTestId('waitlist-count')).toHaveText('Waiting list: 1 fan waiting (1 ticket)');
  await shot(page, testInfo, 'event-page-waitlist-desktop');
  const headers = { origin: baseURL, cookie: organiser.cookieHeader };
  const orders = (await (await request.get(`${baseURL}/api/events/${eventId}/orders`, { headers })).json()) as {
    orders: Array<{ id: string; code: string }>;
  };
  const orderId = orders.orders.find((entry) => entry.code === code)!.id;
  const detail = (await (await request.get(`${baseURL}/api/orders/${orderId}`, { headers })).json()) as {
    tickets: Array<{ id: string }>;
  };
  const refund = await request.post(`${baseURL}/api/orders/${orderId}/refunds`, {
    headers,
    data: { ticket_ids: [detail.tickets[0]!.id], reason: 'Cannot come after all' },
  });
  expect(refund.status(), await refund.text()).toBe(200);

  // The worker offers the place to the first in line: the e-mail's link holds it for them.
  let offer: { subject: string; text: string } | undefined;
  await expect(async () => {
    offer = (await mailsTo(request, fan)).find((mail) => mail.subject.includes('are held for 12 hours'));
    expect(offer).toBeDefined();
  }).toPass({ timeout: 20_000 });
  const link = /https?:\/\/\S+\/checkout\/[A-Za-z0-9_-]{43}/.exec(offer!.text)?.[0];
  expect(link).toBeTruthy();
  await page.context().clearCookies();
  const offerPage = await page.goto(link!);
  expect(offerPage?.status(), `${link}: ${await page.locator('main').innerText()}`).toBe(200);
  await expect(page.getByText('General Admission')).toBeVisible();
  // Twelve hours read as hours and minutes, and the end names its day.
  await expect(page.getByText(/^Time left: 11 h 5\d min$/)).toBeVisible();
  await expect(page.getByText(/held until \w{3}, \d{1,2} \w{3} \d{4}, \d\d:\d\d/)).toBeVisible();
  // The offer was made for an e-mail only: the page asks the buyer's details before Pay, and refuses without them.
  await expect(page.getByRole('heading', { name: 'Your details' })).toBeVisible();
  await expect(page.getByText(fan)).toBeVisible();
  await page.getByRole('button', { name: /^Pay £/ }).click();
  await expect(page.getByRole('alert')).toContainText('Please fill in your details before paying.');
  await expect(page.getByText('Enter your first name')).toBeVisible();
  await page.getByLabel('First name').fill('Wanda');
  await page.getByLabel('Last name').fill('Waits');
  await page.getByLabel('Country').selectOption('GB');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, testInfo, 'waitlist-offer-details-390');
  await payHeld(page);
  await page.context().addCookies(organiser.cookies);
  await page.goto(`${baseURL}/dashboard/events/view/${eventId}`);
  await expect(page.getByTestId('waitlist-count')).toHaveText('Waiting list: nobody waiting');
});

test('a listed ticket is bought by another fan after sell-out; the seller sees it resold and is refunded', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const eventId = await createPublishedEvent(request, organiser, 'Face Value', {
    capacity: 1,
    resale_allowed: true,
    terms_of_service: '',
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await buyOne(page, eventId, 'seller-fan@example.com');
  const sellerOrder = page.url();
  await page.getByText('Sell at face value').click();
  await shot(page, testInfo, 'order-page-resale-phone-light');
  await page.getByRole('button', { name: /^List ticket T-/ }).click();
  await expect(page.getByText('Your ticket is listed for resale at face value.')).toBeVisible();
  await expect(page.getByText('Listed for resale at £20.00. Still valid until it sells.')).toBeVisible();
  await page.emulateMedia({ colorScheme: 'dark' });
  await shot(page, testInfo, 'order-page-listed-phone-dark');
  await page.emulateMedia({ colorScheme: 'light' });

  // Another fan (a fresh browser session) buys through the normal checkout: same price, same fee.
  await page.context().clearCookies();
  await buyOne(page, eventId, 'resale-buyer@example.com');
  await expect(page.getByText(/^Ticket T-/)).toHaveCount(1);

  await page.goto(sellerOrder);
  await expect(page.getByText('Resold · no longer valid · £20.00 refunded to you')).toBeVisible();
  await shot(page, testInfo, 'order-page-resold-phone-light');
  await expect(async () => {
    const mails = await mailsTo(request, 'seller-fan@example.com');
    expect(mails.some((mail) => mail.text.includes('Your ticket was resold'))).toBe(true);
  }).toPass({ timeout: 20_000 });
});

test('a fan leaves the waiting list through the link in its e-mail, after a question', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const eventId = await createPublishedEvent(request, organiser, 'Leave Me Out', { capacity: 1, terms_of_service: '' });
  const fan = `leaving-fan-${Date.now()}@example.com`;
  await page.setViewportSize({ width: 390, height: 844 });
  await buyOne(page, eventId, 'leave-buyer@example.com');
  await page.goto(storefrontUrl(organiser.subdomain, `/events/${eventId}/waitlist`));
  await page.getByLabel('Email').fill(fan);
  await page.getByRole('button', { name: 'Join the waiting list' }).click();
  await expect(page.getByRole('status')).toContainText('You are on the waiting list.');
  let link = '';
  await expect(async () => {
    const mail = (await mailsTo(request, fan)).find((entry) => entry.subject.startsWith('You are on the waiting'));
    link = /https?:\/\/\S+\/waitlist\/leave\/[0-9a-f-]{36}\.[A-Za-z0-9_-]{22}/.exec(mail?.text ?? '')?.[0] ?? '';
    expect(link).not.toBe('');
  }).toPass({ timeout: 15_000 });

  for (const [width, scheme] of [
    [390, 'light'],
    [390, 'dark'],
    [1280, 'light'],
    [1280, 'dark'],
  ] as const) {
    await page.setViewportSize({ width, height: 844 });
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Leave the waiting list?' })).toBeVisible();
    await shot(page, testInfo, `waitlist-leave-${width}-${scheme}`);
  }
  await expect(page.getByText(`1 × any ticket, for ${fan}`)).toBeVisible();
  await page.getByRole('button', { name: 'Leave the waiting list' }).click();
  await expect(page.getByRole('heading', { name: 'You have left the waiting list' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('You are no longer on the waiting list for Leave Me Out');
  await shot(page, testInfo, 'waitlist-left-1280-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.context().addCookies(organiser.cookies);
  await page.goto(`${baseURL}/dashboard/events/view/${eventId}`);
  await expect(page.getByTestId('waitlist-count')).toHaveText('Waiting list: nobody waiting');
});
