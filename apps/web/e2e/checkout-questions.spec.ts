// Issue 31 point 3 (decision 130): names on tickets and checkout questions. The organiser sets a required name per
// ticket and a dietary question per ticket in the dashboard; a fan checks out in the browser, gets a block per
// ticket once the quantity is chosen, leaves a required answer empty (the error sits beside it, every value kept),
// fixes it and reaches the summary. On a desktop and on a 390 px phone.
import { expect, storefrontUrl, test } from './fixtures';
import { createOrganiser, uniqueSubdomain, type Organiser } from './support/api';
import { createPublishedEvent, enableSandboxPayouts, shot } from './support/selling';

test.use({ timezoneId: 'Europe/London', locale: 'en-GB' });

let organiser: Organiser;
let eventId = '';
let slug = '';

test.beforeAll(async ({ request, baseURL }) => {
  organiser = await createOrganiser(request, { subdomain: uniqueSubdomain('names'), companyName: 'Named Nights' });
  await enableSandboxPayouts(request, organiser);
  eventId = await createPublishedEvent(request, organiser, 'Supper Club');
  const event = await request.get(`${baseURL}/api/events/${eventId}`, { headers: { cookie: organiser.cookieHeader } });
  slug = ((await event.json()) as { slug: string }).slug;
});

test('the organiser sets names on tickets and adds a per-ticket dietary question in the dashboard', async ({
  page,
  allowConsoleError,
}, testInfo) => {
  // The refused question (fewer than two options) is a 400 the browser logs.
  allowConsoleError(/status of 400/);
  await page.context().addCookies(organiser.cookies);
  await page.goto(`/dashboard/events/view/${eventId}`);
  const section = page.getByRole('region', { name: 'Checkout questions' });
  await expect(section).toBeVisible();
  await section.getByLabel('Name on each ticket').selectOption('required');
  await section.getByRole('button', { name: 'Save settings' }).click();
  await expect(section.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();

  await section.getByRole('button', { name: 'Add question' }).click();
  const form = section.getByRole('form', { name: 'New question' });
  await form.getByLabel('Question').fill('Dietary');
  await form.getByLabel('Answer type').selectOption('single_choice');
  await form.getByLabel('Asked').selectOption('ticket');
  await form.getByRole('button', { name: 'Add question' }).click();
  // Fewer than two options: refused beside the field.
  await expect(form.getByText('Give at least two options')).toBeVisible();
  await form.getByLabel('Options').fill('None\nVegetarian\nVegan');
  await form.getByRole('switch', { name: 'Required' }).click();
  await form.getByRole('button', { name: 'Add question' }).click();
  await expect(section.getByText('Added “Dietary”.')).toBeVisible();
  await expect(section.getByText('None · Vegetarian · Vegan')).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'questions-dashboard');
});

for (const viewport of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`a fan names each ticket and answers the dietary question (${viewport.name})`, async ({
    page,
    allowConsoleError,
  }, testInfo) => {
    // The form sent back (details step, a missing answer) is a 400 page, which the browser logs.
    allowConsoleError(/status of 400/);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.goto(storefrontUrl(organiser.subdomain, `/events/${slug}`));
    await expect(page.getByText('once you have chosen your tickets, you are asked for each name')).toBeVisible();
    await page.getByLabel('Quantity of General Admission', { exact: true }).fill('2');
    await page.getByLabel('First name').fill('Fran');
    await page.getByLabel('Last name').fill('Fan');
    await page.getByLabel('Email').fill(`fran-${viewport.name}@example.com`);
    await page.getByLabel("I accept the organiser's terms (above)").check();
    await page.getByRole('button', { name: 'Continue to payment' }).click();

    // The form comes back with a block per ticket, everything typed kept, nothing held yet.
    await expect(page.getByRole('alert')).toHaveText('Add the details for each ticket below, then continue.');
    await expect(page.getByLabel('First name')).toHaveValue('Fran');
    const first = page.getByRole('group', { name: 'Ticket 1 of 2: General Admission' });
    const second = page.getByRole('group', { name: 'Ticket 2 of 2: General Admission' });
    await expect(first).toBeVisible();
    await first.getByLabel('Name on ticket').fill('Ada Lovelace');
    await first.getByRole('radio', { name: 'Vegetarian' }).check();
    await second.getByLabel('Name on ticket').fill('Grace Hopper');
    await page.getByRole('button', { name: 'Continue to payment' }).click();

    // The empty required answer: its error beside it, the names kept.
    await expect(page.getByRole('alert')).toHaveText('Please check the highlighted fields.');
    const secondAgain = page.getByRole('group', { name: 'Ticket 2 of 2: General Admission' });
    await expect(secondAgain.getByText('Choose one of the options')).toBeVisible();
    await expect(
      page.getByRole('group', { name: 'Ticket 1 of 2: General Admission' }).getByLabel('Name on ticket'),
    ).toHaveValue('Ada Lovelace');
    await expect(
      page.getByRole('group', { name: 'Ticket 1 of 2: General Admission' }).getByRole('radio', { name: 'Vegetarian' }),
    ).toBeChecked();
    await secondAgain.scrollIntoViewIfNeeded();
    await shot(page, testInfo, `checkout-questions-error-${viewport.name}`);

    await secondAgain.getByRole('radio', { name: 'Vegan' }).check();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page).toHaveURL(/\/checkout\/[A-Za-z0-9_-]{43}$/);
    await expect(page.getByText('General Admission × 2')).toBeVisible();
    await shot(page, testInfo, `checkout-questions-summary-${viewport.name}`);
  });
}
