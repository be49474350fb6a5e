// Component-level browser checks of the events screens against an in-memory fake of the events API
// (page.route). The server side is built separately; the real end-to-end journey is written by the lead.
import type { Page } from '@playwright/test';
import { EVENT_MESSAGES } from '@marquee/shared';
import { expect, test } from './fixtures';
import { FakeEventsApi, makeEvent } from './support/events-fake';
import { makeValidPng } from './support/images';

async function openFake(page: Page, fake = new FakeEventsApi()) {
  await fake.install(page);
  return fake;
}

const writes = (fake: FakeEventsApi) => fake.writes().map((request) => `${request.method} ${request.path}`);

test('events list: metrics, upcoming and previous events, and cards that link to view and edit', async ({ page }) => {
  await openFake(page);
  await page.goto('/dashboard/events');
  await expect(page.getByRole('heading', { name: 'Events', exact: true })).toBeVisible();
  const metrics = page.getByRole('region', { name: 'Event metrics' });
  await expect(metrics.getByText('Total Events')).toBeVisible();
  await expect(metrics.getByText('£10,190.00')).toBeVisible();
  await expect(metrics.getByText('Up 12.5%')).toBeVisible();
  await expect(metrics.getByText('Down 3%')).toBeVisible();
  await expect(metrics.getByText('78.4%')).toBeVisible();

  const upcoming = page.getByRole('region', { name: 'Upcoming Events' });
  const card = upcoming.getByRole('article', { name: 'Warehouse Sessions' });
  await expect(card.getByText('SAT 5 JAN, 2030 · 20:00')).toBeVisible();
  await expect(card.getByText('£4,680.00')).toBeVisible();
  await expect(card.getByText('live')).toBeVisible();
  await expect(card.getByRole('img', { name: 'Resale: yes' })).toBeVisible();
  await expect(upcoming.getByRole('article', { name: 'Rooftop Jazz Brunch' }).getByText('€0.00')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Previous Events' }).getByRole('article', { name: 'Winter Warmer 2024' }),
  ).toBeVisible();

  await card.getByRole('link', { name: 'Edit Warehouse Sessions' }).click();
  await expect(page).toHaveURL(/\/dashboard\/events\/edit\/evt_1$/);
  await page.goBack();
  await page.getByRole('link', { name: 'View Warehouse Sessions' }).click();
  await expect(page).toHaveURL(/\/dashboard\/events\/view\/evt_1$/);
});

test('events list and dashboard home show empty states', async ({ page }) => {
  await openFake(page, new FakeEventsApi([]));
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('Total Customers')).toBeVisible();
  await expect(page.getByText('No upcoming events yet.')).toBeVisible();
  await page.getByRole('link', { name: 'View All Events' }).click();
  await expect(page).toHaveURL(/\/dashboard\/events$/);
  await expect(page.getByText('No upcoming events yet.')).toBeVisible();
  await expect(page.getByText('No previous events.')).toBeVisible();
});

test('new event: step checks, artwork, line-up, picker, Save Draft, then Create keeps a draft when payouts are off', async ({
  page,
  allowConsoleError,
}) => {
  allowConsoleError(/status of 409/);
  const fake = await openFake(page);
  await page.goto('/dashboard/events/new');
  await expect(page.getByRole('heading', { name: 'New Event' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back' })).toBeDisabled();

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(EVENT_MESSAGES.artworkRequired)).toBeVisible();
  await expect(page.getByText(EVENT_MESSAGES.nameRequired)).toBeVisible();
  await expect(page.getByText(EVENT_MESSAGES.descriptionRequired)).toBeVisible();

  const preview = page.getByRole('complementary', { name: 'Event preview' });
  await expect(preview.getByText('Event Title')).toBeVisible();
  await page.getByLabel('Event artwork file').setInputFiles(await makeValidPng());
  await expect(preview.getByRole('img', { name: 'Event artwork preview' })).toHaveAttribute(
    'src',
    '/uploads/event-artwork/uploaded-3.png',
  );
  await expect(page.getByText(EVENT_MESSAGES.artworkRequired)).toHaveCount(0);

  await page.getByRole('textbox', { name: 'Event Name' }).fill('Summer Block Party');
  await expect(page.getByText('18/50')).toBeVisible();
  await expect(preview.getByText('Summer Block Party')).toBeVisible();
  await page.getByRole('textbox', { name: 'Description' }).fill('Street food and DJs.');
  await expect(page.getByText('20/200')).toBeVisible();
  const lineup = page.getByRole('textbox', { name: /Line-up/ });
  for (const name of ['  DJ One ', '   ', 'DJ Two']) {
    await lineup.fill(name);
    await lineup.press('Enter');
  }
  await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(2);
  await page.getByRole('button', { name: 'Remove DJ One' }).click();
  await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(1);

  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(page.getByText('Draft saved')).toBeVisible();
  expect(writes(fake)).toEqual(['POST /api/uploads/image', 'POST /api/events']);

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Location & Schedule' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(EVENT_MESSAGES.locationRequired)).toBeVisible();
  await expect(page.getByText(EVENT_MESSAGES.startRequired)).toBeVisible();
  await expect(page.getByText(EVENT_MESSAGES.endRequired)).toBeVisible();
  await page.getByRole('searchbox', { name: 'Location' }).fill('Brockwell Park, London');

  const start = page.getByRole('button', { name: /^Start Date & Time/ });
  await start.click();
  let picker = page.getByRole('dialog', { name: 'Choose start date & time' });
  await picker.getByRole('button', { name: 'Next month' }).click();
  await picker.getByRole('grid').getByRole('button', { name: /^15 / }).click();
  await picker.getByRole('button', { name: 'Hour 20' }).click();
  await picker.getByRole('button', { name: 'Minute 30' }).click();
  await page.keyboard.press('Escape');
  await expect(picker).toBeHidden();
  await expect(start).toBeFocused();
  await expect(start).toHaveText(/^15\/\d{2}\/\d{4}, 20:30$/);

  const end = page.getByRole('button', { name: /^End Date & Time/ });
  await end.click();
  picker = page.getByRole('dialog', { name: 'Choose end date & time' });
  await picker.getByRole('button', { name: 'Next month' }).click();
  await picker.getByRole('grid').getByRole('button', { name: /^16 / }).click();
  await picker.getByRole('button', { name: 'Hour 02' }).click();
  await page.keyboard.press('Escape');
  await expect(end).toHaveText(/^16\/\d{2}\/\d{4}, 02:00$/);
  await expect(preview.getByText(/^[A-Z]{3} 15 [A-Z]{3}, \d{4}$/)).toBeVisible();
  await expect(preview.getByText('20:30')).toBeVisible();

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Ticket Details' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Currency' })).toHaveValue('GBP');
  await expect(page.getByRole('switch', { name: 'Sold On Entry' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('switch', { name: 'Refunds Allowed' })).toHaveAttribute('aria-checked', 'true');
  const resale = page.getByRole('switch', { name: 'Resale allowed?' });
  await expect(resale).toHaveAttribute('aria-checked', 'false');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(EVENT_MESSAGES.priceRequired)).toBeVisible();
  await page.getByRole('spinbutton', { name: 'Ticket Price' }).fill('12.5');
  await expect(preview.getByText('£12.5')).toBeVisible();
  await resale.click();
  await expect(preview.getByRole('img', { name: 'Resale: yes' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { name: 'Additional Settings' })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Remove on Event End?' })).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('spinbutton', { name: 'Minimum Age' }).fill('18');
  await page.getByRole('button', { name: 'More details' }).click();
  await expect(preview.getByText('Not set')).toBeVisible(); // last entry

  await page.getByRole('button', { name: 'Create Event' }).click();
  await expect(page).toHaveURL(/\/dashboard\/events$/);
  await expect(
    page.getByText('Saved as a draft: Enable payouts to publish events and to start receiving ticket sales.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Enable payouts' })).toHaveAttribute('href', '/dashboard/billing');
  expect(writes(fake)).toEqual(['POST /api/uploads/image', 'POST /api/events', 'PUT /api/events/evt_100']);

  const put = fake.writes()[2]!.body as Record<string, unknown>;
  expect(put).toMatchObject({
    artwork_url: '/uploads/event-artwork/uploaded-3.png',
    name: 'Summer Block Party',
    description: 'Street food and DJs.',
    location: 'Brockwell Park, London',
    last_entry_local: '',
    lineup: ['DJ Two'],
    currency: 'GBP',
    price: '12.5',
    capacity: null,
    resale_allowed: true,
    refunds_allowed: true,
    sold_on_entry: true,
    remove_on_event_end: true,
    minimum_age: 18,
    terms_of_service: '',
  });
  expect(put.start_local).toMatch(/^\d{4}-\d{2}-15T20:30$/);
  expect(put.end_local).toMatch(/^\d{4}-\d{2}-16T02:00$/);
  expect(typeof put.time_zone).toBe('string');
  await expect(page.getByRole('article', { name: 'Summer Block Party' }).getByText('draft')).toBeVisible();
});

test('new event: Create publishes when payouts are on', async ({ page }) => {
  const fake = new FakeEventsApi([makeEvent({ id: 'evt_1', status: 'draft', name: 'Seed' })]);
  fake.payoutsEnabled = true;
  await openFake(page, fake);
  await page.goto('/dashboard/events/new');
  await page.getByLabel('Event artwork file').setInputFiles(await makeValidPng());
  await expect(page.getByText('Change image')).toBeVisible();
  await page.getByRole('textbox', { name: 'Event Name' }).fill('Published Night');
  await page.getByRole('textbox', { name: 'Description' }).fill('Lights on.');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('searchbox', { name: 'Location' }).fill('Somewhere');
  // Past times are refused for a new event, so both ends are next month: the 1st to the 2nd.
  await page.getByRole('button', { name: /^Start Date & Time/ }).click();
  const startPicker = page.getByRole('dialog', { name: 'Choose start date & time' });
  await startPicker.getByRole('button', { name: 'Next month' }).click();
  await startPicker.getByRole('grid').getByRole('button', { name: /^1 / }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: /^Start Date & Time/ })).toHaveText(/^01\/\d{2}\/\d{4}, \d{2}:\d[05]$/);
  await page.getByRole('button', { name: /^End Date & Time/ }).click();
  const picker = page.getByRole('dialog', { name: 'Choose end date & time' });
  await picker.getByRole('button', { name: 'Next month' }).click();
  await picker.getByRole('grid').getByRole('button', { name: /^2 / }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('spinbutton', { name: 'Ticket Price' }).fill('20');
  await page.getByRole('spinbutton', { name: /Venue Capacity/ }).fill('150');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Create Event' }).click();
  await expect(page).toHaveURL(/\/dashboard\/events$/);
  await expect(page.getByText(/Saved as a draft/)).toHaveCount(0);
  expect(writes(fake)).toEqual(['POST /api/uploads/image', 'POST /api/events', 'POST /api/events/evt_100/publish']);
  expect((fake.writes()[1]!.body as { capacity: number }).capacity).toBe(150);
  await expect(page.getByRole('article', { name: 'Published Night' }).getByText('live')).toBeVisible();
});

test('date-time picker: Clear empties the value, Today rounds to five minutes, both close', async ({ page }) => {
  await openFake(page);
  await page.goto('/dashboard/events/edit/evt_1');
  await page.getByRole('button', { name: 'Next' }).click();
  const last = page.getByRole('button', { name: /^Last Entry/ });
  await expect(last).toHaveText('DD/MM/YYYY, HH:mm');
  await last.click();
  const picker = page.getByRole('dialog', { name: 'Choose last entry' });
  await expect(picker.getByRole('columnheader')).toHaveText(['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su']);
  await expect(picker.getByRole('button', { name: /^Minute / })).toHaveCount(12);
  await expect(picker.getByRole('button', { name: /^Hour / })).toHaveCount(24);
  // A time before a date picks today.
  await picker.getByRole('button', { name: 'Hour 23' }).click();
  await expect(last).toHaveText(/^\d{2}\/\d{2}\/\d{4}, 23:00$/);
  await picker.getByRole('button', { name: 'Clear' }).click();
  await expect(picker).toBeHidden();
  await expect(last).toHaveText('DD/MM/YYYY, HH:mm');
  await last.click();
  await page.getByRole('button', { name: 'Today' }).click();
  await expect(picker).toBeHidden();
  const minutes = Number((await last.textContent())?.slice(-2));
  expect(minutes % 5).toBe(0);

  // Keyboard: focus lands on a day, arrows move it, Enter picks it.
  const start = page.getByRole('button', { name: /^Start Date & Time/ });
  await start.click();
  await expect(page.getByRole('button', { name: '5 January 2030', exact: true })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('button', { name: '6 January 2030', exact: true })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await expect(start).toHaveText('13/01/2030, 20:00');
});

test('unsaved changes: leaving asks to confirm, staying keeps the form', async ({ page }) => {
  await openFake(page);
  await page.goto('/dashboard/events/new');
  // A clean form leaves without asking.
  await page.getByRole('link', { name: 'Events', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/events$/);
  await page.goto('/dashboard/events/new');
  await page.getByRole('textbox', { name: 'Event Name' }).fill('Half done');

  const messages: string[] = [];
  page.once('dialog', (dialog) => {
    messages.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole('link', { name: 'Events', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/events\/new$/);
  await expect(page.getByRole('textbox', { name: 'Event Name' })).toHaveValue('Half done');
  expect(messages).toEqual([EVENT_MESSAGES.unsavedChanges]);

  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('edit event: loads, saves with PUT without publishing, and unknown events go back to the list', async ({
  page,
  allowConsoleError,
}) => {
  allowConsoleError(/status of 404/);
  const fake = new FakeEventsApi();
  fake.eventDelayMs = 400;
  await openFake(page, fake);
  await page.goto('/dashboard/events/edit/evt_1');
  await expect(page.getByText('Loading event data...')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Edit Event' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save Draft' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Event Name' })).toHaveValue('Warehouse Sessions');
  await expect(page.getByRole('button', { name: 'Remove Kettama' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Event Name' }).fill('Warehouse Sessions II');
  for (let step = 0; step < 3; step += 1) await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Update Event' }).click();
  await expect(page).toHaveURL(/\/dashboard\/events$/);
  expect(writes(fake)).toEqual(['PUT /api/events/evt_1']);
  expect(fake.writes()[0]!.body).toMatchObject({
    name: 'Warehouse Sessions II',
    price: '15.00',
    capacity: 400,
    minimum_age: 18,
  });
  await expect(page.getByRole('article', { name: 'Warehouse Sessions II' }).getByText('live')).toBeVisible();

  await page.goto('/dashboard/events/edit/evt_missing');
  await expect(page).toHaveURL(/\/dashboard\/events$/);
});

test('event view: details, publish refused without payouts, delete a draft, unpublish a live event', async ({
  page,
  allowConsoleError,
}) => {
  allowConsoleError(/status of 409/);
  const fake = await openFake(page);
  await page.goto('/dashboard/events/view/evt_2');
  await expect(page.getByRole('heading', { name: 'Rooftop Jazz Brunch' })).toBeVisible();
  await expect(page.getByText('€32.50')).toBeVisible();
  await expect(page.getByText('14/02/2030, 12:30')).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Enable payouts' })).toContainText(
    'Enable payouts to publish events and to start receiving ticket sales.',
  );
  await expect(page.getByRole('link', { name: 'Go to Billing' })).toHaveAttribute('href', '/dashboard/billing');

  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete draft' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/dashboard\/events$/);
  await expect(page.getByRole('article', { name: 'Rooftop Jazz Brunch' })).toHaveCount(0);

  await page.goto('/dashboard/events/view/evt_1');
  await expect(page.getByRole('link', { name: /acme\.localhost:3160\/e\/warehouse-sessions/ })).toHaveAttribute(
    'target',
    '_blank',
  );
  await expect(page.getByRole('img', { name: /QR code/ })).toHaveAttribute('src', '/api/events/evt_1/qr.svg');
  await expect(page.getByText('312 / 400')).toBeVisible();
  await page.getByRole('button', { name: 'Unpublish' }).click();
  await expect(page.getByText('draft', { exact: true })).toBeVisible();
  expect(writes(fake)).toEqual([
    'POST /api/events/evt_2/publish',
    'DELETE /api/events/evt_2',
    'POST /api/events/evt_1/unpublish',
  ]);
});
