// Issue 31's "Done when", in one Chromium run against the real server, as a new organiser would: a free RSVP event
// published through the wizard without payouts (a fan RSVPs); then, with payouts, a paid event set up in the
// dashboard with a required name per ticket, a per-ticket dietary question, a T-shirt add-on, a donation type (pay
// what you want) and a shared quota over both types; a fan buys two named tickets with a dietary answer, a T-shirt
// and a donation, and pays; the door shows the answer and the add-on and marks the T-shirt handed over; a club night
// becomes a weekly series of three dates, each sold on its own; and a CSV of comps is imported.
import fs from 'node:fs';
import { E2E_PORT, expect, storefrontUrl, test } from './fixtures';
import { createOrganiser, uniqueSubdomain, type Organiser } from './support/api';
import { buyWithForms, createPublishedEvent, enableSandboxPayouts, payOnSandbox, shot } from './support/selling';
import { createEventInWizard } from './support/wizard';

test.describe.configure({ mode: 'serial' });
test.use({ timezoneId: 'Europe/London', locale: 'en-GB' });

const baseURL = `http://localhost:${E2E_PORT}`;
let organiser: Organiser;
let paidEventId = '';
const ticketCodes: string[] = [];

test.beforeAll(async ({ request }) => {
  organiser = await createOrganiser(request, { subdomain: uniqueSubdomain('catalogue'), companyName: 'Catalogue Co' });
});

test('a free RSVP event without payouts, and a fan RSVPs', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await page.context().addCookies(organiser.cookies);
  await page.setViewportSize({ width: 1280, height: 800 });
  await createEventInWizard(page, {
    name: 'Launch RSVP',
    description: 'Free entry, RSVP to get in.',
    location: 'The Loft, Shoreditch',
    free: true,
    capacity: '60',
  });
  const card = page.getByRole('region', { name: 'Upcoming Events' }).getByRole('article', { name: 'Launch RSVP' });
  await expect(card.getByText('live', { exact: true })).toBeVisible();

  const fan = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await fan.goto(storefrontUrl(organiser.subdomain, '/'));
  await fan
    .getByRole('link', { name: /Launch RSVP/ })
    .first()
    .click();
  const form = fan.getByRole('form', { name: 'Tickets' });
  await form.getByRole('spinbutton', { name: /^Quantity of/ }).fill('1');
  await form.getByLabel('First name').fill('Rita');
  await form.getByLabel('Last name').fill('Rsvp');
  await form.getByLabel('Email').fill('rita@example.com');
  await form.getByRole('button', { name: 'Get tickets' }).click();
  await expect(fan).toHaveURL(/\/orders\/[A-Za-z0-9_-]{43}$/);
  await expect(fan.getByText(/^Ticket T-/)).toHaveCount(1);
  await fan.close();
});

test('a paid event with names, a dietary question, a T-shirt, a donation type and a shared quota', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  await enableSandboxPayouts(request, organiser, 'Catalogue Co Ltd');
  await page.context().addCookies(organiser.cookies);
  await page.setViewportSize({ width: 1280, height: 900 });
  await createEventInWizard(page, {
    name: 'Supper Rave',
    description: 'Dinner, then dancing.',
    location: 'Hall 2, Peckham',
    price: '20.00',
    capacity: '200',
  });
  const listed = (await (await page.request.get(`${baseURL}/api/events`)).json()) as {
    upcoming: Array<{ id: string; name: string }>;
  };
  paidEventId = listed.upcoming.find((event) => event.name === 'Supper Rave')!.id;
  await page.goto(`${baseURL}/dashboard/events/view/${paidEventId}`);

  // A name on every ticket, and a required dietary question per ticket.
  const questions = page.getByRole('region', { name: 'Checkout questions' });
  await questions.getByLabel('Name on each ticket').selectOption('required');
  await questions.getByRole('button', { name: 'Save settings' }).click();
  await expect(questions.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await questions.getByRole('button', { name: 'Add question' }).click();
  const question = questions.getByRole('form', { name: 'New question' });
  await question.getByLabel('Question').fill('Dietary');
  await question.getByLabel('Answer type').selectOption('single_choice');
  await question.getByLabel('Asked').selectOption('ticket');
  await question.getByLabel('Options').fill('None\nVegetarian\nVegan');
  await question.getByRole('switch', { name: 'Required' }).click();
  await question.getByRole('button', { name: 'Add question' }).click();
  await expect(questions.getByText('Added “Dietary”.')).toBeVisible();

  // The T-shirt add-on.
  const addOns = page.getByRole('region', { name: 'Add-ons' });
  await addOns.getByRole('button', { name: 'Add add-on' }).click();
  const addOn = page.getByRole('dialog', { name: 'Add add-on' });
  await addOn.getByRole('textbox', { name: 'Name' }).fill('T-shirt');
  await addOn.getByLabel('Price (£)').fill('15.00');
  await addOn.getByLabel('Stock').fill('50');
  await addOn.getByRole('button', { name: 'Add add-on' }).click();
  await expect(addOns.getByRole('status')).toHaveText('T-shirt saved.');

  // A donation type: pay what you want, from 0, £5 suggested.
  await page.getByRole('button', { name: 'Add ticket type' }).click();
  const type = page.getByRole('dialog', { name: 'Add ticket type' });
  await type.getByLabel('Name').fill('Donation');
  await type.getByRole('switch', { name: 'Pay what you want' }).click();
  await type.getByLabel('Suggested price (£)').fill('5.00');
  await type.getByLabel('Minimum price (£)').fill('0');
  await type.getByRole('button', { name: 'Add' }).click();
  await expect(type).toBeHidden();

  // A shared quota of 150 over both types.
  const quotas = page.getByRole('region', { name: 'Shared quotas' });
  await quotas.getByRole('button', { name: 'Add quota' }).click();
  const quota = page.getByRole('dialog', { name: 'Add shared quota' });
  await quota.getByRole('textbox', { name: 'Name' }).fill('Standing');
  await quota.getByLabel('Capacity').fill('150');
  await quota.getByRole('checkbox', { name: 'General Admission' }).check();
  await quota.getByRole('checkbox', { name: 'Donation' }).check();
  await quota.getByRole('button', { name: 'Add quota' }).click();
  await expect(quotas.getByRole('status')).toHaveText('Standing saved.');
  await shot(page, testInfo, 'journey-paid-event-dashboard');
});

test('a fan buys named tickets with a dietary answer, a T-shirt and a donation, and pays', async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const fan = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await fan.goto(storefrontUrl(organiser.subdomain, `/events/${paidEventId}`));
  await fan.getByLabel('Quantity of General Admission', { exact: true }).fill('2');
  await fan.getByLabel('Quantity of Donation', { exact: true }).fill('1');
  await fan.getByLabel('Pay what you want').fill('7.00');
  await fan.getByLabel('Quantity of T-shirt', { exact: true }).fill('1');
  await fan.getByLabel('First name').fill('Fran');
  await fan.getByLabel('Last name').fill('Fan');
  await fan.getByLabel('Email', { exact: true }).fill('fran-journey@example.com');
  await fan.getByRole('heading', { name: 'Add-ons' }).scrollIntoViewIfNeeded();
  await fan.screenshot({ path: testInfo.outputPath('journey-event-add-ons-phone-light.png') });
  await fan.emulateMedia({ colorScheme: 'dark' });
  await fan.setViewportSize({ width: 1280, height: 900 });
  await fan.getByRole('heading', { name: 'Add-ons' }).scrollIntoViewIfNeeded();
  await shot(fan, testInfo, 'journey-event-add-ons-desktop-dark');
  await fan.emulateMedia({ colorScheme: 'light' });
  await fan.setViewportSize({ width: 390, height: 844 });
  await fan.getByRole('button', { name: 'Continue to payment' }).click();
  // The details step: a block per ticket.
  await expect(fan.getByRole('alert')).toHaveText('Add the details for each ticket below, then continue.');
  const blocks = fan.getByRole('group', { name: /^Ticket \d of 3/ });
  await expect(blocks).toHaveCount(3);
  const names = ['Ada Lovelace', 'Grace Hopper', 'Fran Fan'];
  for (let index = 0; index < 3; index += 1) {
    const block = blocks.nth(index);
    await block.getByLabel('Name on ticket').fill(names[index]!);
    await block.getByRole('radio', { name: 'Vegetarian' }).check();
  }
  await fan.getByRole('button', { name: 'Continue to payment' }).click();
  await fan.waitForURL(/\/checkout\/[A-Za-z0-9_-]{43}$/);
  await expect(fan.getByText('T-shirt × 1')).toBeVisible();
  await expect(fan.getByText('Donation × 1')).toBeVisible();
  await shot(fan, testInfo, 'journey-summary-phone');
  ticketCodes.push(...(await payOnSandbox(fan)));
  await expect(fan.getByRole('heading', { name: 'Add-ons' })).toBeVisible();
  await expect(fan.getByText('1 × T-shirt')).toBeVisible();
  expect(ticketCodes).toHaveLength(3);
  await shot(fan, testInfo, 'journey-order-page-phone');
  await fan.close();
});

test('the door shows the dietary answer and the T-shirt, and marks it handed over', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.context().addCookies(organiser.cookies);
  await page.goto(`${baseURL}/checkin`);
  await page.getByRole('link', { name: /Supper Rave/ }).click();
  const codeBox = page.getByLabel('Ticket code, name, e-mail or order');
  const result = page.getByTestId('scan-result');
  await codeBox.fill(ticketCodes[0]!);
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await expect(result).toHaveAttribute('data-result', 'admitted');
  await expect(result).toContainText('Vegetarian');
  const handOver = page.getByRole('region', { name: 'Hand over' });
  await expect(handOver.getByTestId('hand-over-line')).toHaveText([/^1 × T-shirt/]);
  await handOver.getByRole('button', { name: 'Mark handed over: 1 × T-shirt' }).click();
  await expect(handOver.getByTestId('hand-over-line')).toHaveText(['1 × T-shirt — handed over']);
  await shot(page, testInfo, 'journey-door-phone');
});

test('a weekly series of three dates, each sold on its own', async ({ page, request }) => {
  test.setTimeout(120_000);
  // A weekly club night of its own (its fans buy with plain forms, no questions asked).
  const clubId = await createPublishedEvent(request, organiser, 'Friday Club', {
    start_local: '2031-06-13T22:00',
    end_local: '2031-06-14T03:00',
  });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.context().addCookies(organiser.cookies);
  await page.goto(`${baseURL}/dashboard/events/view/${clubId}`);
  const dates = page.getByRole('region', { name: 'Dates', exact: true });
  await dates.getByLabel('Add', { exact: true }).selectOption('weekly');
  await dates.getByLabel('How many more dates').fill('2');
  await dates.getByRole('button', { name: 'Add dates' }).click();
  await expect(dates.getByRole('status').filter({ hasText: 'Added.' })).toHaveText('Added. The series has 3 dates.');
  const series = await request.get(`${baseURL}/api/events/${clubId}/dates`, {
    headers: { cookie: organiser.cookieHeader },
  });
  const [, second, third] = ((await series.json()) as { dates: Array<{ id: string }> }).dates;
  await buyWithForms(request, organiser, second!.id, { quantity: 2, email: 'second@example.com' });
  await buyWithForms(request, organiser, third!.id, { quantity: 1, email: 'third@example.com' });
  await page.reload();
  const rows = dates.getByRole('row');
  await expect(rows.nth(1)).toContainText('0 / 100');
  await expect(rows.nth(2)).toContainText('2 / 100');
  await expect(rows.nth(3)).toContainText('1 / 100');
  await expect(rows.nth(4)).toContainText('Series (3 dates)');
});

test('a CSV of comps is imported into the guest list', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.context().addCookies(organiser.cookies);
  await page.goto(`${baseURL}/dashboard/events/view/${paidEventId}`);
  const guests = page.getByRole('region', { name: 'Guest list', exact: true });
  const importer = guests.getByRole('form', { name: 'Import from CSV' });
  const file = testInfo.outputPath('guests.csv');
  fs.mkdirSync(testInfo.outputPath(), { recursive: true });
  fs.writeFileSync(
    file,
    'name,email,type,quantity\nPress One,press1@example.com,General Admission,2\nCrew Two,crew2@example.com,General Admission,1\n',
  );
  await importer.getByLabel('CSV file').setInputFiles(file);
  await importer.getByRole('button', { name: 'Import guests' }).click();
  await expect(importer.getByRole('status')).toContainText('Imported 2 guests (3 tickets)');
  await expect(guests.getByRole('region', { name: 'Comps table' })).toContainText('Press One');
});
