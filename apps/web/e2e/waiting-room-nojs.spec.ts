// Issue 15's waiting room in the organiser's brand and without JavaScript (decision 034). Two organisers, one with a
// light brand and one with a dark brand (logo, colours, font), each with an event on sale behind the queue: the
// queue page is screenshotted at 1280 and 390 px in both. Then a fan whose browser has JavaScript off opens the
// event page, is sent to the queue, waits out the time-locked join (the page follows it by itself), watches the
// page refresh itself to the admission, reaches the tickets and holds one with the plain form.
import type { APIRequestContext } from '@playwright/test';
import { E2E_PORT, expect, storefrontUrl, test } from './fixtures';
import { createOrganiser, uniqueSubdomain, type Organiser } from './support/api';
import { makeBrandArt } from './support/brand-images';
import { createPublishedEvent, enableSandboxPayouts, shot } from './support/selling';

test.describe.configure({ mode: 'serial' });
test.use({ locale: 'en-GB' });

const baseURL = `http://localhost:${E2E_PORT}`;

async function upload(request: APIRequestContext, who: Organiser, purpose: string, buffer: Buffer) {
  const response = await request.post(`${baseURL}/api/uploads/image`, {
    headers: { origin: baseURL, cookie: who.cookieHeader },
    multipart: { purpose, file: { name: `${purpose}.jpg`, mimeType: 'image/jpeg', buffer } },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return ((await response.json()) as { url: string }).url;
}

/** A branded organiser with one event on sale now behind the waiting room at `rate` a minute. */
async function queuedEvent(
  request: APIRequestContext,
  brand: { company: string; primary: string; secondary: string; font: string; art: [string, string, string] },
  rate: number,
) {
  const who = await createOrganiser(request, { subdomain: uniqueSubdomain('qbrand'), companyName: brand.company });
  await enableSandboxPayouts(request, who);
  const art = await makeBrandArt(...brand.art, 'Queue Night');
  const headers = { origin: baseURL, cookie: who.cookieHeader };
  const settings = await request.put(`${baseURL}/api/org/settings`, {
    headers,
    data: {
      company_name: brand.company,
      primary_color: brand.primary,
      secondary_color: brand.secondary,
      font_family: brand.font,
      logo_url: await upload(request, who, 'logo', art.logo),
    },
  });
  expect(settings.status(), await settings.text()).toBe(200);
  const eventId = await createPublishedEvent(request, who, 'Queue Night');
  const queue = await request.put(`${baseURL}/api/events/${eventId}/queue`, {
    headers,
    data: { mode: 'on', rate_per_minute: rate },
  });
  expect(queue.status(), await queue.text()).toBe(200);
  return { who, eventId };
}

test('the queue page in a light and a dark brand, at desktop and phone widths', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const brands = [
    {
      theme: 'light',
      brand: {
        company: 'Daylight Club',
        primary: '#E11D48',
        secondary: '#FFF7ED',
        font: 'DM Sans',
        art: ['#E11D48', '#F59E0B', 'DC'],
      },
      background: 'rgb(255, 247, 237)',
    },
    {
      theme: 'dark',
      brand: {
        company: 'Nightshift',
        primary: '#22D3EE',
        secondary: '#0F172A',
        font: 'Bebas Neue',
        art: ['#0EA5E9', '#7C3AED', 'NS'],
      },
      background: 'rgb(15, 23, 42)',
    },
  ] as const;
  for (const { theme, brand, background } of brands) {
    // Rate 10 a minute and a crowd of one: the fan waits a moment with a place, long enough to look at.
    const { who, eventId } = await queuedEvent(request, { ...brand, art: [...brand.art] }, 10);
    for (const width of [1280, 390]) {
      const context = await browser.newContext({ viewport: { width, height: 800 }, locale: 'en-GB' });
      const page = await context.newPage();
      await page.goto(storefrontUrl(who.subdomain, `/events/${eventId}`));
      await page.waitForURL(/\/queue\//);
      await expect(page.getByRole('link', { name: brand.company })).toBeVisible();
      await expect(page.locator('header img')).toBeVisible();
      await expect(page.locator('body')).toHaveCSS('background-color', background);
      await expect(page.locator('#q-place')).toHaveText(/^\d+$/, { timeout: 20_000 });
      await shot(page, testInfo, `queue-${theme}-${width === 390 ? 'phone' : 'desktop'}`);
      await context.close();
    }
  }
});

test('with JavaScript off a fan joins through the time-locked link, is admitted and holds a ticket', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const { who, eventId } = await queuedEvent(
    request,
    {
      company: 'Plain Hall',
      primary: '#16A34A',
      secondary: '#FFFFFF',
      font: 'Inter',
      art: ['#16A34A', '#0EA5E9', 'PH'],
    },
    600,
  );
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 800 },
    locale: 'en-GB',
  });
  const page = await context.newPage();
  await page.goto(storefrontUrl(who.subdomain, `/events/${eventId}`));
  await page.waitForURL(/\/queue\/[0-9a-f-]+$/);
  // (getByText skips <noscript>, whose content this browser shows.)
  await expect(page.locator('main p.note')).toContainText(
    'Your browser has JavaScript off: you get your place in about 5 seconds',
  );
  await shot(page, testInfo, 'queue-nojs-joining-phone');
  // The page follows its join link by itself after 5 s, and then refreshes itself until it is this fan's turn,
  // when it moves on to the tickets (600 a minute: within a few seconds).
  await page.waitForURL(/\/events\//, { timeout: 45_000 });
  await page.getByLabel('Quantity of General Admission', { exact: true }).fill('1');
  await page.getByLabel('First name').fill('Nora');
  await page.getByLabel('Last name').fill('Noscript');
  await page.getByLabel('Email', { exact: true }).fill('nora-noscript@example.com');
  await page.getByLabel("I accept the organiser's terms (above)").check();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.waitForURL(/\/checkout\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByRole('button', { name: /^Pay £/ })).toBeVisible();
  await context.close();
});
