// Issue 13, point 1: the storefront carries the organiser's brand. An organiser sets a font, colours, logo,
// cover, contact, social and legal links through the API; a fan opens the storefront home and an event page
// and sees the font (served from our host), the footer, a Share button that copies the link where the browser
// has no share sheet, and an Add to calendar link that downloads the event's .ics.
// With STOREFRONT_SHOTS=<dir> it also saves the storefront in three brandings on desktop and a 390 px phone.
import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { E2E_PORT, expect, storefrontUrl, test } from './fixtures';
import { createOrganiser, uniqueSubdomain, type Organiser } from './support/api';
import { enableSandboxPayouts } from './support/selling';
import { makeBrandArt } from './support/brand-images';

const baseURL = `http://localhost:${E2E_PORT}`;

interface Brand {
  font: string;
  primary: string;
  secondary: string;
  art: [string, string, string, string];
  company: string;
  event: string;
  description: string;
  location: string;
}

async function upload(request: APIRequestContext, who: Organiser, purpose: string, buffer: Buffer) {
  const response = await request.post(`${baseURL}/api/uploads/image`, {
    headers: { origin: baseURL, cookie: who.cookieHeader },
    multipart: { purpose, file: { name: `${purpose}.jpg`, mimeType: 'image/jpeg', buffer } },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return ((await response.json()) as { url: string }).url;
}

/** An organiser with payouts, the brand saved, and one published event; returns the event's id and slug. */
async function brandedOrganiser(request: APIRequestContext, brand: Brand) {
  const who = await createOrganiser(request, { subdomain: uniqueSubdomain('brand'), companyName: brand.company });
  await enableSandboxPayouts(request, who);
  const art = await makeBrandArt(...brand.art);
  const headers = { origin: baseURL, cookie: who.cookieHeader };
  const settings = await request.put(`${baseURL}/api/org/settings`, {
    headers,
    data: {
      company_name: brand.company,
      description: brand.description,
      contact_email: 'hello@example.com',
      contact_phone: '+44 20 7946 0000',
      instagram_url: 'https://instagram.com/example',
      tiktok_url: 'https://www.tiktok.com/@example',
      resident_advisor_url: 'https://ra.co/promoters/1',
      website_url: 'https://example.com',
      terms_url: 'https://example.com/terms',
      privacy_url: 'https://example.com/privacy',
      primary_color: brand.primary,
      secondary_color: brand.secondary,
      font_family: brand.font,
      logo_url: await upload(request, who, 'logo', art.logo),
      cover_image_url: await upload(request, who, 'cover', art.cover),
    },
  });
  expect(settings.status(), await settings.text()).toBe(200);
  const created = await request.post(`${baseURL}/api/events`, {
    headers,
    data: {
      artwork_url: await upload(request, who, 'event-artwork', art.artwork),
      name: brand.event,
      description: 'Doors at seven, last entry at midnight. Three rooms, one long night.',
      location: brand.location,
      start_local: '2031-06-14T19:00',
      end_local: '2031-06-15T03:00',
      time_zone: 'Europe/London',
      lineup: ['DJ One', 'MC Two', 'The Third'],
      currency: 'GBP',
      price: '20.00',
      capacity: 300,
      minimum_age: 18,
      terms_of_service: 'No re-entry.',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const published = await request.post(`${baseURL}/api/events/${id}/publish`, { headers });
  expect(published.status(), await published.text()).toBe(200);
  return { who, id, slug: ((await published.json()) as { slug: string }).slug };
}

const BRANDS: Brand[] = [
  {
    font: 'DM Sans',
    primary: '#ff4f00',
    secondary: '#fff8ec',
    art: ['#ff4f00', '#ffb000', 'SC', 'Sunset Social'],
    company: 'Sunset Collective',
    event: 'Warehouse Night 01',
    description: 'Open-air days and warehouse nights in Bristol since 2014.',
    location: 'The Old Warehouse, 12 Dock Road, Bristol BS1 4RN',
  },
  {
    font: 'Bebas Neue',
    primary: '#c6ff00',
    secondary: '#101014',
    art: ['#2b00ff', '#c6ff00', 'NV', 'Neon Vault'],
    company: 'Neon Vault',
    event: 'Neon Vault Presents',
    description: 'Techno, electro and everything after midnight.',
    location: 'Vault 9, Canal Street, Manchester M1 3HE',
  },
  {
    font: 'Geist Mono',
    primary: '#1d4ed8',
    secondary: '#e8eef7',
    art: ['#1d4ed8', '#0f172a', 'LS', 'Late Sessions'],
    company: 'Late Sessions',
    event: 'Jazz After Hours',
    description: 'Small rooms, late sets, good sound.',
    location: 'Cellar Bar, 3 Grey Street, Newcastle NE1 6EE',
  },
];

test('a fan sees the organiser’s font, footer, share and calendar on the storefront', async ({ page, request }) => {
  test.setTimeout(120_000); // the set-up makes and uploads three images
  const brand = BRANDS[0]!;
  const { who, id, slug } = await brandedOrganiser(request, brand);
  expect(slug).toBe('warehouse-night-01');

  const fonts: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/_storefront/fonts/'))
      fonts.push(`${response.status()} ${new URL(response.url()).host}`);
  });
  // The page's one inline script (its loader) runs under the Content-Security-Policy, which refuses any other.
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await page.goto(storefrontUrl(who.subdomain));
  await expect(page.getByRole('heading', { level: 1, name: brand.company })).toBeVisible();
  // The font is ours (served by the storefront's own host) and applied once the page has loaded.
  await expect
    .poll(() => page.evaluate(async () => (await document.fonts.ready, document.fonts.check('16px "DM Sans"'))))
    .toBe(true);
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"DM Sans"/);
  expect(fonts).toContain(`200 ${who.subdomain}.localhost:${E2E_PORT}`);
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByText(brand.company, { exact: true })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'hello@example.com' })).toHaveAttribute(
    'href',
    'mailto:hello@example.com',
  );
  await expect(footer.getByRole('link', { name: 'Instagram' })).toHaveAttribute(
    'href',
    'https://instagram.com/example',
  );
  await expect(footer.getByRole('link', { name: `${brand.company} terms` })).toHaveAttribute(
    'href',
    'https://example.com/terms',
  );
  await expect(footer.getByRole('link', { name: 'Marquee privacy' })).toHaveAttribute('href', `${baseURL}/privacy`);

  // The id address of before redirects to the slug; the page shows the brand and the readable address.
  await page.goto(storefrontUrl(who.subdomain, `/events/${id}`));
  await expect(page).toHaveURL(storefrontUrl(who.subdomain, `/events/${slug}`));
  await expect(page.getByRole('heading', { level: 1, name: brand.event })).toBeVisible();
  await expect(page.locator('address')).toContainText('The Old Warehouse');
  await expect(page.getByRole('link', { name: /Open in maps/ })).toHaveAttribute('href', /google\.com\/maps/);
  await expect(page.getByRole('heading', { name: `About ${brand.company}` })).toBeVisible();
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'TikTok' })).toBeVisible();

  // Share: no share sheet in this browser, so the link is copied and the page says so.
  await page
    .context()
    .grantPermissions(['clipboard-read', 'clipboard-write'], { origin: storefrontUrl(who.subdomain, '') });
  await page.evaluate(() => Object.defineProperty(navigator, 'share', { value: undefined, configurable: true }));
  await page.getByRole('button', { name: 'Share' }).click();
  expect(refused).toEqual([]);
  await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    storefrontUrl(who.subdomain, `/events/${slug}`),
  );

  // Add to calendar downloads the event's .ics from our server.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Add to calendar' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${slug}.ics`);
  const ics = fs.readFileSync((await file.path())!, 'utf8');
  expect(ics).toContain('BEGIN:VEVENT');
  expect(ics).toContain(`SUMMARY:${brand.event}`);
  expect(ics).toContain('DTSTART:20310614T180000Z');
});

test('screenshots: three brandings on desktop and phone', async ({ browser, request }) => {
  const dir = process.env.STOREFRONT_SHOTS;
  test.skip(!dir, 'set STOREFRONT_SHOTS=<dir> to save the screenshots');
  test.setTimeout(600_000);
  fs.mkdirSync(dir!, { recursive: true });
  for (const [index, brand] of BRANDS.entries()) {
    const { who, slug } = await brandedOrganiser(request, brand);
    for (const [device, viewport] of [
      ['desktop', { width: 1280, height: 900 }],
      ['phone', { width: 390, height: 844 }],
    ] as const) {
      const context = await browser.newContext({ viewport, deviceScaleFactor: device === 'phone' ? 2 : 1 });
      const page: Page = await context.newPage();
      for (const [name, pathname] of [
        ['home', '/'],
        ['event', `/events/${slug}`],
      ] as const) {
        await page.goto(storefrontUrl(who.subdomain, pathname));
        // The brand font is switched on once the page has loaded (fonts.ts), then it loads.
        await page.waitForFunction(() => document.documentElement.classList.contains('f'));
        await page.evaluate(() => document.fonts.ready);
        const file = `${index + 1}-${brand.font.toLowerCase().replace(/\s+/g, '-')}-${name}-${device}.png`;
        await page.screenshot({ path: path.join(dir!, file), fullPage: true });
      }
      await context.close();
    }
  }
});
