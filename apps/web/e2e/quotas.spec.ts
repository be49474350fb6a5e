// Shared quotas (decision 128) against the real server: on the organiser's event page an event with two ticket types
// gets a quota over both (the form shows the shared rules' messages first), edits it and deletes it; on the
// storefront a fan's order the quota cannot take is refused with the quota's message, and once the quota is held
// both types show sold out, while the organiser's page shows the quota held in full. Desktop and a 390 px phone.
import fs from 'node:fs';
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { E2E_PORT, expect, storefrontUrl, test } from './fixtures';
import { createOrganiser, uniqueSubdomain, type Organiser } from './support/api';
import { createPublishedEvent, enableSandboxPayouts, shot as pageShot } from './support/selling';

test.describe.configure({ mode: 'serial' });
test.use({ timezoneId: 'Europe/London', locale: 'en-GB' });

const baseURL = `http://localhost:${E2E_PORT}`;
let organiser: Organiser;
let eventId = '';

async function shot(page: Page, testInfo: TestInfo, name: string) {
  const dir = process.env.E2E_SCREENSHOTS ?? testInfo.outputPath('screens');
  fs.mkdirSync(dir, { recursive: true });
  await page.getByRole('region', { name: 'Shared quotas' }).screenshot({ path: path.join(dir, `${name}.png`) });
}

test.beforeAll(async ({ request }) => {
  organiser = await createOrganiser(request, { subdomain: uniqueSubdomain('quotas') });
  const headers = { cookie: organiser.cookieHeader, origin: baseURL };
  const created = await request.post(`${baseURL}/api/events`, {
    headers,
    data: { name: 'Standing Night', description: 'Two ways in.', currency: 'GBP', price: '25.00', capacity: 800 },
  });
  expect(created.status(), await created.text()).toBe(201);
  eventId = (await created.json()).id;
  const early = await request.post(`${baseURL}/api/events/${eventId}/ticket-types`, {
    headers,
    data: { name: 'Early Bird', description: '', price: '15.00', capacity: null, max_per_order: 10, hidden: false },
  });
  expect(early.status(), await early.text()).toBe(201);
});

test('a shared quota over two types: add, edit and delete', async ({ page, allowConsoleError }, testInfo) => {
  test.setTimeout(90_000);
  // The capacity refusal is a 400 from the API, which the browser logs.
  allowConsoleError(/status of 400/);
  await page.context().addCookies(organiser.cookies);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/dashboard/events/view/${eventId}`);
  const section = page.getByRole('region', { name: 'Shared quotas' });
  await expect(section.getByText('No shared quotas. Each type sells up to its own limit.')).toBeVisible();

  await section.getByRole('button', { name: 'Add quota' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add shared quota' });
  await dialog.getByRole('button', { name: 'Add quota' }).click();
  await expect(dialog.getByText('Enter a name for the quota')).toBeVisible();
  await expect(dialog.getByText('Choose at least one ticket type')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Standing');
  await dialog.getByLabel('Capacity').fill('400');
  await dialog.getByRole('checkbox', { name: 'General Admission' }).check();
  await dialog.getByRole('checkbox', { name: 'Early Bird' }).check();
  await dialog.getByRole('button', { name: 'Add quota' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(section.getByRole('status')).toHaveText('Standing saved.');
  const item = section.getByRole('listitem');
  await expect(item).toContainText('General Admission, Early Bird');
  await expect(item).toContainText('0 sold · 0 held · 400 capacity');
  await shot(page, testInfo, 'quotas-desktop');

  await section.getByRole('button', { name: 'Edit Standing' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Standing' });
  await edit.getByLabel('Capacity').fill('-1');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit.getByText('Capacity must be a whole number from 0 to 1,000,000')).toBeVisible();
  await edit.getByLabel('Capacity').fill('350');
  await edit.getByRole('checkbox', { name: 'Early Bird' }).uncheck();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toHaveCount(0);
  await expect(item).toContainText('0 sold · 0 held · 350 capacity');
  await expect(item).not.toContainText('Early Bird');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(section.getByRole('button', { name: 'Delete Standing' })).toBeVisible();
  await shot(page, testInfo, 'quotas-phone');
  await section.getByRole('button', { name: 'Delete Standing' }).click();
  await section.getByRole('group', { name: 'Delete Standing?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(section.getByRole('status')).toHaveText('Standing deleted.');
  await expect(section.getByText('No shared quotas. Each type sells up to its own limit.')).toBeVisible();
  const listed = await page.request.get(`${baseURL}/api/events/${eventId}/quotas`, {
    headers: { cookie: organiser.cookieHeader },
  });
  expect((await listed.json()).quotas).toEqual([]);
});

test('the storefront refuses what the quota cannot take, then shows both types sold out', async ({
  page,
  request,
  allowConsoleError,
}, testInfo) => {
  test.setTimeout(120_000);
  // The refused checkout answers 409 and the dialog-free form page logs it.
  allowConsoleError(/status of 409/);
  const seller = await createOrganiser(request, { subdomain: uniqueSubdomain('standing') });
  await enableSandboxPayouts(request, seller, 'Standing Co Ltd');
  const liveId = await createPublishedEvent(request, seller, 'Standing Room Only', { terms_of_service: '' });
  const headers = { cookie: seller.cookieHeader, origin: baseURL };
  const early = await request.post(`${baseURL}/api/events/${liveId}/ticket-types`, {
    headers,
    data: { name: 'Early Bird', description: '', price: '15.00', capacity: null, max_per_order: 10, hidden: false },
  });
  expect(early.status(), await early.text()).toBe(201);
  const types = (await (await request.get(`${baseURL}/api/events/${liveId}/ticket-types`, { headers })).json()) as {
    ticket_types: Array<{ id: string }>;
  };
  const quota = await request.post(`${baseURL}/api/events/${liveId}/quotas`, {
    headers,
    data: { name: 'Standing', capacity: 3, ticket_type_ids: types.ticket_types.map((type) => type.id) },
  });
  expect(quota.status(), await quota.text()).toBe(201);

  await page.setViewportSize({ width: 1280, height: 800 });
  const fill = async (general: number, earlyBird: number, email: string) => {
    await page.goto(storefrontUrl(seller.subdomain, `/events/${liveId}`));
    await page.getByLabel('Quantity of General Admission', { exact: true }).fill(String(general));
    await page.getByLabel('Quantity of Early Bird', { exact: true }).fill(String(earlyBird));
    await page.getByLabel('First name').fill('Fran');
    await page.getByLabel('Last name').fill('Fan');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
  };
  await fill(2, 2, 'both@example.com');
  await expect(
    page.getByText(
      'Sorry, only 3 Standing tickets are left, shared by General Admission, Early Bird. Please choose fewer.',
    ),
  ).toBeVisible();
  await pageShot(page, testInfo, 'quota-refused-desktop');

  await fill(3, 0, 'three@example.com');
  await page.waitForURL(/\/checkout\/[A-Za-z0-9_-]{43}$/);
  await page.goto(storefrontUrl(seller.subdomain, `/events/${liveId}`));
  await expect(page.getByText('This event is sold out.')).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await pageShot(page, testInfo, 'quota-sold-out-phone');

  await page.context().addCookies(seller.cookies);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/dashboard/events/view/${liveId}`);
  const section = page.getByRole('region', { name: 'Shared quotas' });
  await expect(section.getByRole('listitem')).toContainText('0 sold · 3 held · 3 capacity');
  await expect(section.getByRole('listitem')).toContainText('Sold out');
  await shot(page, testInfo, 'quota-held-desktop');
});
