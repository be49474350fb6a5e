// Issue 13, points 2, 3, 4 and 7: the event's time zone (the wizard's select, the event view and the public
// page), the date-time picker inside the viewport on desktop and phone, the first invalid field focused below
// the fixed header, and what the custom-domain wizard says when a DNS record is missing.
import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { E2E_DNS_PORT, expect, storefrontUrl, test } from './fixtures';
import { createOrganiser, uniqueSubdomain, type Organiser } from './support/api';
import { startFakeDns, type FakeDns } from './support/fake-dns';
import { makeValidPng } from './support/images';
import { createPublishedEvent, enableSandboxPayouts } from './support/selling';

// The browser is in New York; the events below are in London.
test.use({ timezoneId: 'America/New_York', locale: 'en-GB' });
// Each test walks a screen on desktop and on a phone.
test.describe.configure({ timeout: 150_000 });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 720 };

/** Screenshots for review: E2E_SCREENSHOTS, else the test's output folder. */
async function shots(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOTS ?? test.info().outputPath();
  fs.mkdirSync(dir, { recursive: true });
  const viewport = page.viewportSize() ?? DESKTOP;
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((next) => {
      document.documentElement.classList.toggle('dark', next === 'dark');
      document.documentElement.style.colorScheme = next;
    }, theme);
    const size = viewport.width < 640 ? 'phone' : 'desktop';
    await page.screenshot({ path: path.join(dir, `${name}-${size}-${theme}.png`), animations: 'disabled' });
  }
}

/** The element's box lies inside the viewport. */
async function expectInViewport(page: Page, locator: Locator) {
  const box = (await locator.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.x, 'left edge').toBeGreaterThanOrEqual(0);
  expect(box.y, 'top edge').toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, 'right edge').toBeLessThanOrEqual(viewport.width + 0.5);
  expect(box.y + box.height, 'bottom edge').toBeLessThanOrEqual(viewport.height + 0.5);
  return box;
}

/** The bottom of the dashboard's sticky header, as seen now. */
const headerBottom = async (page: Page) => {
  const box = (await page.getByRole('banner').first().boundingBox())!;
  return box.y + box.height;
};

/** The focused element is `field`, fully visible and not under the header. */
async function expectFocusedBelowHeader(page: Page, field: Locator) {
  await expect(field).toBeFocused();
  const box = await expectInViewport(page, field);
  expect(box.y).toBeGreaterThanOrEqual(await headerBottom(page));
}

test.describe('time zones, picker and validation focus', () => {
  let organiser: Organiser;
  let eventId: string;

  test.beforeAll(async ({ request }) => {
    organiser = await createOrganiser(request, { subdomain: uniqueSubdomain('zones') });
    await enableSandboxPayouts(request, organiser);
    // 14 June 2031, 19:00 in London (British Summer Time).
    eventId = await createPublishedEvent(request, organiser, 'Summer Zones');
  });

  test.beforeEach(async ({ page }) => {
    await page.context().addCookies(organiser.cookies);
  });

  test('the wizard’s zone defaults to the organisation’s; the view and the public page name the event’s zone', async ({
    page,
  }) => {
    // A new event: the organisation's zone (set by its first event) is the default.
    await page.goto('/dashboard/events/new');
    await page.getByLabel('Event artwork file').setInputFiles(await makeValidPng());
    await expect(page.getByText('Change image')).toBeVisible();
    await page.getByRole('textbox', { name: 'Event Name' }).fill('Zone Test');
    await page.getByRole('textbox', { name: 'Description' }).fill('Which zone?');
    await page.getByRole('button', { name: 'Next' }).click();
    const zone = page.getByRole('combobox', { name: 'Time Zone' });
    await expect(zone).toHaveValue('Europe/London');
    await expect(page.getByText(/^Times below are in Europe\/London, GMT(\+1)?\.$/)).toBeVisible();
    await zone.selectOption('Asia/Tokyo');
    await expect(page.getByText('Times below are in Asia/Tokyo, GMT+9.')).toBeVisible();
    // The tooltips say the same zone as the text.
    await page.getByRole('button', { name: 'About Start Date & Time' }).hover();
    await expect(page.getByRole('tooltip').filter({ hasText: 'When doors open' })).toHaveText(
      'When doors open or the event begins, in Asia/Tokyo, GMT+9.',
    );
    await shots(page, 'wizard-step2-zone');

    // The event view and the public page show London times with the zone's name and offset.
    await page.goto(`/dashboard/events/view/${eventId}`);
    await expect(page.getByText('Europe/London, GMT+1')).toBeVisible();
    await shots(page, 'event-view-zone');
    await page.goto(storefrontUrl(organiser.subdomain, `/events/${eventId}`));
    await expect(page.locator('.when')).toHaveText('SAT 14 JUN, 2031 · 19:00 (Europe/London, GMT+1)');
    await expect(page.getByRole('definition').filter({ hasText: 'Europe/London, GMT+1' })).toBeVisible();
    await shots(page, 'storefront-event-zone');
  });

  test('the picker stays inside the viewport with Clear and Today visible, on desktop and phone', async ({ page }) => {
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await page.goto(`/dashboard/events/edit/${eventId}`);
      await page.getByRole('button', { name: 'Next' }).click();
      // The last field of the step, scrolled to the bottom edge: little room below it.
      const last = page.getByRole('button', { name: /^Last Entry/ });
      await last.evaluate((element) => {
        const rect = element.getBoundingClientRect();
        window.scrollBy(0, rect.bottom - window.innerHeight + 8);
      });
      await last.click();
      const picker = page.getByRole('dialog', { name: 'Choose last entry' });
      await expect(picker).toBeVisible();
      await expect(picker).toHaveAttribute('data-placement', viewport === PHONE ? 'sheet' : 'above');
      await expectInViewport(page, picker);
      for (const name of ['Clear', 'Today']) {
        await expect(picker.getByRole('button', { name })).toBeVisible();
        await expectInViewport(page, picker.getByRole('button', { name }));
      }
      await shots(page, 'picker');
      await page.keyboard.press('Escape');
      await expect(picker).toBeHidden();
      await expect(last).toBeFocused();
    }
  });

  test('a failed step focuses its first invalid field below the header, on desktop and phone', async ({ page }) => {
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await page.goto(`/dashboard/events/edit/${eventId}`);
      await page.getByRole('button', { name: 'Next' }).click();
      // Empty the end time, then go back to the top and try to move on.
      const end = page.getByRole('button', { name: /^End Date & Time/ });
      await end.click();
      await page.getByRole('dialog', { name: 'Choose end date & time' }).getByRole('button', { name: 'Clear' }).click();
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByText('End date/time is required')).toBeVisible();
      await expectFocusedBelowHeader(page, end);

      // A field on an earlier step: the wizard goes back to it and focuses it.
      await page.getByRole('button', { name: 'Back' }).click();
      await page.getByRole('textbox', { name: 'Event Name' }).fill('');
      await page.getByRole('button', { name: 'Next' }).click();
      await expectFocusedBelowHeader(page, page.getByRole('textbox', { name: 'Event Name' }));
      await shots(page, 'invalid-focus');
    }
  });
});

test.describe('custom-domain wizard messages', () => {
  let dns: FakeDns;

  test.beforeAll(async () => {
    dns = await startFakeDns({ port: E2E_DNS_PORT });
  });
  test.afterAll(async () => {
    await dns.close();
  });

  test('says which record is missing, what it found instead and when it looks again', async ({ page, request }) => {
    const organiser = await createOrganiser(request, { subdomain: uniqueSubdomain('domsay') });
    const domain = `tickets.${organiser.subdomain}.com`;
    const txtName = `_marquee-verification.${domain}`;
    await page.clock.install();
    await page.context().addCookies(organiser.cookies);
    await page.goto('/dashboard/profile');
    // A new organisation has no zone yet: the profile offers the browser's.
    await expect(page.getByRole('combobox', { name: 'Time Zone' })).toHaveValue('America/New_York', {
      timeout: 30_000,
    });
    const input = page.getByRole('textbox', { name: 'Custom Domain', exact: true });
    const wizard = page.getByRole('region', { name: 'Custom domain set-up' });
    const finding = page.getByTestId('domain-finding');

    await input.fill('tickets.band');
    await page.getByRole('button', { name: 'Connect domain' }).click();
    await expect(
      page.getByText('Please enter a valid domain with a real TLD (e.g., tickets.example.com)'),
    ).toBeVisible();

    await input.fill(domain);
    await page.getByRole('button', { name: 'Connect domain' }).click();
    // The name as DNS panels want it, the full name beside it.
    await expect(wizard.getByRole('definition').nth(1)).toHaveText(`tickets (full name: ${domain})`);

    dns.records.set(domain, { CNAME: 'elsewhere.example.net.' });
    await page.getByLabel("I've added the CNAME record").check();
    await wizard.getByRole('button', { name: 'Continue' }).click();
    await expect(finding).toContainText(
      `CNAME record not found: ${domain} points to elsewhere.example.net, not localhost.`,
    );
    await expect(finding).toContainText(/We will look again at \d{2}:\d{2}, in about a minute\./);
    await shots(page, 'domain-cname-missing');

    // The record is fixed; a minute later the wizard looks again by itself and moves on to the TXT record.
    dns.records.set(domain, { CNAME: 'localhost.' });
    await page.clock.fastForward('01:01');
    await page.clock.fastForward(2000);
    await expect(wizard).toContainText('Step 2 of 3');
    await expect(wizard.getByRole('definition').nth(1)).toHaveText(
      `_marquee-verification.tickets (full name: ${txtName})`,
    );
    await expect(finding).toContainText(`TXT record not found: ${txtName} has no TXT records yet.`);

    dns.records.set(txtName, { TXT: ['marquee-verify=not-this-one'] });
    await page.clock.fastForward('01:01');
    await expect(finding).toContainText(
      `TXT record not found: ${txtName} has a TXT record with another value ("marquee-verify=not-this-one")`,
    );
    await shots(page, 'domain-txt-other-value');
  });
});
