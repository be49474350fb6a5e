// The embeddable checkout in Chromium (issue 34 point 7, decision 153): an organiser with PRO lists their site in
// Profile > Integrations and copies the one-line script; a plain page on another origin (a tiny node server on
// 127.0.0.1) pastes it; a fan, in a Chromium that blocks third-party cookies (proved by a check in the frame), buys
// a ticket through the frame with the sandbox card and lands on the order page. A site not listed shows the
// embed's refusal, and a frame that hides its site is refused by the browser under the CSP.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Frame, type Page, type TestInfo } from '@playwright/test';
import { E2E_PORT, expect, storefrontUrl, test } from './fixtures';
import { createOrganiser, uniqueSubdomain, type Organiser } from './support/api';
import { createPublishedEvent, enableSandboxPayouts, shot } from './support/selling';

const appUrl = `http://localhost:${E2E_PORT}`;
const LAUNCH_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-component-update'];

/** A plain page on another origin: a heading, and `html` (the organiser's pasted snippet). */
async function siteServer(title: string, html: () => string) {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body style="font-family:system-ui;margin:0;padding:24px;background:#f4f1ea;color:#222"><h1>${title}</h1><p>Our next nights, on our own site:</p>${html()}<p>Venue footer</p></body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Whether a cookie can be set and read in `frame` (in a cross-site frame, a third-party cookie). */
const frameKeepsCookie = (frame: Frame) =>
  frame.evaluate(() => {
    document.cookie = 'mq_probe=1; SameSite=None; Secure; Path=/';
    return document.cookie.includes('mq_probe=1');
  });

async function storefrontFrame(page: Page): Promise<Frame> {
  const handle = await page.waitForSelector('iframe[title="Tickets"]');
  const frame = await handle.contentFrame();
  if (!frame) throw new Error('no frame');
  return frame;
}

async function shotVariants(page: Page, testInfo: TestInfo, name: string, ready: () => Promise<void>) {
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    if (page.url().startsWith(appUrl)) await page.evaluate((value) => localStorage.setItem('theme', value), theme);
    for (const [label, size] of [
      ['desktop', { width: 1280, height: 900 }],
      ['phone', { width: 390, height: 844 }],
    ] as const) {
      await page.setViewportSize(size);
      await page.reload();
      await ready();
      await shot(page, testInfo, `${name}-${label}-${theme}`);
    }
  }
  await page.emulateMedia({ colorScheme: null });
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('an organiser embeds the checkout on their own site; a fan buys through it with third-party cookies blocked', async ({
  page,
  context,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const organiser: Organiser = await createOrganiser(request, {
    subdomain: uniqueSubdomain('embed'),
    companyName: 'Embed Live',
  });
  await enableSandboxPayouts(request, organiser, 'Embed Live Ltd');
  await createPublishedEvent(request, organiser, 'Framed Night', { minimum_age: 0, terms_of_service: '' });
  const pro = await request.post(`${appUrl}/api/dev/pro`, {
    headers: { origin: appUrl, cookie: organiser.cookieHeader },
  });
  expect(pro.status()).toBe(200);

  let snippet = '';
  const listed = await siteServer('The Venue', () => snippet);
  const unlisted = await siteServer('Copycat Tickets', () => snippet);
  const hidden = await siteServer('Hidden Frame', () =>
    snippet.replace(
      /<script src="([^"]+)\/embed\.js"[^>]*><\/script>/,
      '<iframe title="Tickets" referrerpolicy="no-referrer" src="$1/embed" style="width:100%;height:400px;border:0"></iframe>',
    ),
  );
  let fanBrowser: Browser | null = null;
  try {
    // The organiser: Profile > Integrations > Embeddable checkout.
    await context.addCookies(organiser.cookies);
    await page.goto('/dashboard/profile');
    await page.getByRole('tab', { name: /Integrations/ }).click();
    const section = page.getByRole('region', { name: 'Embeddable checkout' });
    const sites = section.getByLabel('Sites allowed to show your tickets');
    await sites.fill(`${listed.origin}/events`);
    await section.getByRole('button', { name: 'Save sites' }).click();
    await expect(section.getByText(/Line 1: .* must be the site only, without a path/)).toBeVisible();
    await expect(sites).toHaveAttribute('aria-invalid', 'true');
    await sites.fill(listed.origin);
    await section.getByRole('button', { name: 'Save sites' }).click();
    await expect(section.getByRole('status')).toHaveText('Saved.');
    const code = section.locator('pre').first();
    snippet = (await code.textContent()) ?? '';
    expect(snippet).toBe(`<script src="${storefrontUrl(organiser.subdomain, '/embed.js')}" async></script>`);
    await expect(section.getByRole('button', { name: 'Copy Script tag (recommended)' })).toBeVisible();
    await expect(section.getByRole('link', { name: 'Preview the embed (new tab)' })).toHaveAttribute(
      'href',
      storefrontUrl(organiser.subdomain, '/embed'),
    );
    await shotVariants(page, testInfo, 'embed-settings', async () => {
      await page.getByRole('tab', { name: /Integrations/ }).click();
      await expect(page.getByRole('region', { name: 'Embeddable checkout' }).locator('pre').first()).toBeVisible();
    });

    // The fan: a Chromium that blocks third-party cookies.
    fanBrowser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [...LAUNCH_ARGS, '--test-third-party-cookie-phaseout'],
    });
    const fanContext = await fanBrowser.newContext({ reducedMotion: 'reduce' });
    const fan = await fanContext.newPage();
    await fan.goto(`${listed.origin}/`);
    let frame = await storefrontFrame(fan);
    await expect(frame.getByRole('heading', { name: 'Embed Live: upcoming events' })).toBeVisible();
    // Proof that third-party cookies are blocked here: the frame cannot keep one (a first-party page can).
    expect(await frameKeepsCookie(frame)).toBe(false);
    // The frame sized itself to its page by message: not the script's first 640 px.
    await expect.poll(async () => (await fan.locator('iframe[title="Tickets"]').boundingBox())?.height).not.toBe(640);
    await shotVariants(fan, testInfo, 'embed-list', async () => {
      await expect((await storefrontFrame(fan)).getByRole('link', { name: /Framed Night/ })).toBeVisible();
    });

    frame = await storefrontFrame(fan);
    await frame.getByRole('link', { name: /Framed Night/ }).click();
    await expect(frame.getByRole('heading', { name: 'Framed Night', level: 1 })).toBeVisible();
    await frame.getByLabel('Quantity of General Admission', { exact: true }).fill('2');
    await frame.getByLabel('First name').fill('Fran');
    await frame.getByLabel('Last name').fill('Framed');
    await frame.getByLabel('Email', { exact: true }).fill('fran.framed@example.com');
    await shot(fan, testInfo, 'embed-event-filled');
    await frame.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(frame.getByRole('heading', { name: 'Your order', level: 1 })).toBeVisible();
    expect(frame.url()).toMatch(/\/embed\/checkout\/[A-Za-z0-9_-]{43}$/);
    expect(fan.url()).toBe(`${listed.origin}/`);
    await shot(fan, testInfo, 'embed-summary');

    // Pay leaves the frame: the sandbox's card page top-level, then the order page top-level.
    await frame.getByRole('button', { name: /^Pay £/ }).click();
    await fan.waitForURL(/\/sandbox\/checkout\/cs_sandbox_/);
    await fan.getByLabel('Card number').fill('4242 4242 4242 4242');
    await fan.getByLabel('Expiry (MM / YY)').fill('12 / 34');
    await fan.getByLabel('CVC').fill('123');
    await fan.getByRole('button', { name: /^Pay £/ }).click();
    await fan.waitForURL(/\/orders\/[A-Za-z0-9_-]{43}$/);
    expect(new URL(fan.url()).host).toBe(`${organiser.subdomain}.localhost:${E2E_PORT}`);
    await expect(fan.getByText('Framed Night').first()).toBeVisible();
    await expect(fan.getByText(/General Admission/).first()).toBeVisible();
    // No cookie was needed, and none was set, on the storefront's host.
    const storefrontCookies = (await fanContext.cookies()).filter((cookie) =>
      cookie.domain.includes(organiser.subdomain),
    );
    expect(storefrontCookies).toEqual([]);
    await shot(fan, testInfo, 'embed-order-page');

    // A site that is not listed: the embed's own refusal, in the frame.
    await fan.goto(`${unlisted.origin}/`);
    frame = await storefrontFrame(fan);
    await expect(frame.getByRole('heading', { name: 'This site may not show these tickets' })).toBeVisible();
    await expect(frame.getByText(`has not allowed ${unlisted.origin} to show its ticket shop`)).toBeVisible();
    await expect(frame.getByRole('button', { name: 'Continue to payment' })).toHaveCount(0);
    await shotVariants(fan, testInfo, 'embed-refused', async () => {
      await expect(
        (await storefrontFrame(fan)).getByRole('heading', { name: 'This site may not show these tickets' }),
      ).toBeVisible();
    });

    // A frame that hides its site (no Referer, no parent): the browser refuses it under frame-ancestors.
    const refusals: string[] = [];
    fan.on('console', (message) => refusals.push(message.text()));
    await fan.goto(`${hidden.origin}/`);
    const hiddenFrame = await storefrontFrame(fan);
    await expect.poll(() => refusals.some((text) => /frame-ancestors/.test(text))).toBe(true);
    await expect(hiddenFrame.getByRole('heading', { name: 'Embed Live: upcoming events' })).toHaveCount(0);

    // The control of the cookie check: the same check on the storefront's host as a first-party page passes.
    const firstParty = await fanContext.newPage();
    await firstParty.goto(storefrontUrl(organiser.subdomain, '/'));
    expect(await frameKeepsCookie(firstParty.mainFrame())).toBe(true);
    await fanContext.close();
  } finally {
    await fanBrowser?.close();
    await Promise.all([listed.close(), unlisted.close(), hidden.close()]);
  }
});
