// Issue 13 point 9: axe (through @axe-core/playwright) finds no serious or critical violation on any screen
// of the product, in the light and the dark theme, at 1280 px and on a 390 px phone: the landing page and the
// auth modal's views, onboarding, every dashboard route with its dialogs and the domain wizard's steps, the
// door check-in, the storefront home, an event page and the checkout pages (summary, the sandbox's payment
// page, a declined card, the order page). One organiser, its events, a code and an order are made once through
// the API for the whole file; each test walks its screens and then lists every violation found (rule, impact,
// screen, viewport, theme and the first elements) in one failure. Decision 029.
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { E2E_DNS_PORT, E2E_PORT, storefrontUrl, test } from './fixtures';
import { createOrganiser, createVerifiedUser, uniqueSubdomain, type Organiser } from './support/api';
import { Audit, preloadAxe } from './support/axe-audit';
import { startFakeDns, type FakeDns } from './support/fake-dns';
import { makeValidPng } from './support/images';
import { createPublishedEvent, enableSandboxPayouts } from './support/selling';

test.describe.configure({ mode: 'serial' });
// Reduced motion: the landing page's canvases draw one still frame and no text scrambles, so axe reads settled
// colours (and does not compete with a WebGL animation for the CPU). Colours are the same either way.
test.use({ timezoneId: 'Europe/London', locale: 'en-GB', reducedMotion: 'reduce' });

const baseURL = `http://localhost:${E2E_PORT}`;
/** A dialog is checked on its own: the page behind it is checked first. */
const inDialog = { within: '[role=dialog]' };
const serverPage = { kind: 'page' } as const;
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

let organiser: Organiser;
let eventId = '';
let draftId = '';
let ticketTypeId = '';
let dns: FakeDns;
/** Per viewport: a signed-up account never verified (the modal's verify view) and one without an organisation (onboarding). */
const people: Record<string, { unverified: { email: string; password: string }; newcomer: Organiser['cookies'] }> = {};

const FAN = { first_name: 'Fran', last_name: 'Fan', email: 'fran@example.com', phone: '', country: 'GB' };

/**
 * The storefront's address and the headers of a request to it: Node does not resolve `*.localhost`, so the
 * request goes to localhost with the storefront's Host (as Caddy passes it on).
 */
function storefront() {
  const origin = new URL(storefrontUrl(organiser.subdomain)).origin;
  return { headers: { origin, host: new URL(origin).host } };
}

/** Holds one ticket through the storefront's checkout form (as the browser posts it); returns the order token. */
async function holdOneTicket(request: APIRequestContext, email = FAN.email): Promise<string> {
  const response = await request.post(`${baseURL}/events/${eventId}/checkout`, {
    headers: storefront().headers,
    form: {
      ...FAN,
      email,
      age_confirmed: 'yes',
      terms_accepted: 'yes',
      [`qty_${ticketTypeId}`]: '1',
    },
    maxRedirects: 0,
  });
  expect(response.status(), await response.text()).toBe(303);
  return /\/checkout\/([A-Za-z0-9_-]{43})$/.exec(response.headers().location ?? '')![1]!;
}

/**
 * An address for one more hold: the same form sent again within two minutes while its first hold is still pending
 * is taken as a double submission and joins that hold, which this pass is about to pay or decline.
 */
const freshEmail = () => `fran+${Date.now()}@example.com`;

/** Pays a held order in the sandbox's hosted checkout with the success card. */
async function payThroughApi(request: APIRequestContext, token: string) {
  const pay = await request.post(`${baseURL}/checkout/${token}/pay`, {
    headers: storefront().headers,
    maxRedirects: 0,
  });
  expect(pay.status(), await pay.text()).toBe(303);
  const provider = new URL(pay.headers().location!);
  const paid = await request.post(`${baseURL}${provider.pathname}`, {
    headers: { origin: baseURL },
    form: { card_number: '4242424242424242', card_expiry: '12 / 34', card_cvc: '123', card_name: 'Fran Fan' },
    maxRedirects: 0,
  });
  expect(paid.status(), await paid.text()).toBe(303);
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(90_000);
  organiser = await createOrganiser(request, { subdomain: uniqueSubdomain('axe'), companyName: 'Axe Check Co' });
  await enableSandboxPayouts(request, organiser);
  eventId = await createPublishedEvent(request, organiser, 'Warehouse Night');
  const headers = { origin: baseURL, cookie: organiser.cookieHeader };
  const live = await request.get(`${baseURL}/api/events/${eventId}`, { headers });
  ticketTypeId = ((await live.json()) as { ticket_types: Array<{ id: string }> }).ticket_types[0]!.id;
  // A second event, left as a draft, for the delete confirmation.
  const draft = await request.post(`${baseURL}/api/events`, {
    headers,
    data: {
      name: 'Draft Night',
      description: 'Still being planned.',
      location: 'The Warehouse, London',
      start_local: '2031-07-14T19:00',
      end_local: '2031-07-15T03:00',
      time_zone: 'Europe/London',
      lineup: [],
      currency: 'GBP',
      price: '15.00',
      capacity: 50,
      minimum_age: 0,
      terms_of_service: 'No re-entry.',
    },
  });
  expect(draft.status(), await draft.text()).toBe(201);
  draftId = ((await draft.json()) as { id: string }).id;
  // A promo code and a batch of single-use promo codes, for the codes table.
  for (const data of [
    { kind: 'promo', code: 'EARLYBIRD', discount_kind: 'percent', discount_value: '10', max_uses: 50 },
    { kind: 'promo', batch_size: 3, label: 'Friends', discount_kind: 'fixed', discount_value: '5.00' },
  ]) {
    const code = await request.post(`${baseURL}/api/events/${eventId}/codes`, { headers, data });
    expect(code.status(), await code.text()).toBe(201);
  }
  // One paid order, for the event's orders, the customers and the analytics.
  await payThroughApi(request, await holdOneTicket(request));
  for (const { name } of VIEWPORTS) {
    const stamp = `${name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const unverified = { email: `axe-unverified-${stamp}@example.com`, password: 'Tickets&Rush42' };
    const signUp = await request.post(`${baseURL}/api/auth/sign-up/email`, {
      headers: { origin: baseURL },
      data: { ...unverified, name: 'Not Yet Verified' },
    });
    expect(signUp.status(), await signUp.text()).toBe(200);
    const newcomer = await createVerifiedUser(request, { email: `axe-newcomer-${stamp}@example.com` });
    people[name] = { unverified, newcomer: newcomer.cookies };
  }
  dns = await startFakeDns({ port: E2E_DNS_PORT });
});

test.afterAll(async () => {
  await dns?.close();
});

test.beforeEach(async ({ page }) => {
  // About 30 s each on an idle machine; a machine shared with other work may need several times that.
  test.setTimeout(240_000);
  await preloadAxe(page.context());
});

/**
 * Moves the single-page app to `pathname` as a link click would (React Router follows popstate), without
 * loading the app again: a full load per route was most of the dashboard walk's time.
 */
async function navigate(page: Page, pathname: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, pathname);
  await expect(page).toHaveURL(new RegExp(`${pathname.replace(/[/?]/g, '\\$&')}$`));
}

async function openDialog(page: Page, opener: Locator, audit: Audit, screen: string) {
  await opener.click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await audit.check(screen, inDialog);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

for (const { name: viewport, width, height } of VIEWPORTS) {
  const phone = width < 500;

  test.describe(`${viewport} (${width} px)`, () => {
    test.use({ viewport: { width, height } });

    test('landing page, the auth modal and onboarding: no serious or critical axe violation', async ({
      page,
      allowConsoleError,
    }) => {
      // The refused sign-in answers 401 and the unverified one 403, which Chromium reports in the console.
      allowConsoleError(/status of (401|403)/);
      const audit = new Audit(page, viewport);
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await audit.check('landing');
      if (phone) await openDialog(page, page.getByRole('button', { name: 'Open menu' }), audit, 'landing menu');

      await page.getByRole('button', { name: 'Sign In' }).first().click();
      const modal = page.getByRole('dialog');
      await expect(modal.getByRole('button', { name: 'Forgot password?' })).toBeVisible();
      await audit.check('auth: sign in', inDialog);
      await modal.locator('form').getByLabel('Email').fill('nobody@example.com');
      await modal.getByLabel('Password', { exact: true }).fill('wrong-password-1A!');
      await modal.locator('form').getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(modal.getByRole('alert')).toBeVisible();
      await audit.check('auth: sign in refused', inDialog);
      await modal.getByRole('button', { name: 'Forgot password?' }).click();
      await expect(modal.getByRole('button', { name: 'Send reset code' })).toBeVisible();
      await audit.check('auth: forgot password', inDialog);
      await modal.getByLabel('Email').fill(organiser.email);
      await modal.getByRole('button', { name: 'Send reset code' }).click();
      await expect(modal.getByRole('button', { name: 'Reset password' })).toBeVisible();
      await audit.check('auth: reset password', inDialog);
      // An account that never verified its e-mail is sent to the verify view when it signs in.
      await modal.getByRole('button', { name: 'Back to sign in' }).click();
      const { unverified } = people[viewport]!;
      await modal.locator('form').getByLabel('Email').fill(unverified.email);
      await modal.getByLabel('Password', { exact: true }).fill(unverified.password);
      await modal.locator('form').getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(modal.getByRole('button', { name: 'Verify' })).toBeVisible();
      await audit.check('auth: verify e-mail', inDialog);
      await modal.getByRole('button', { name: 'Get started' }).click();
      await expect(modal.getByRole('button', { name: 'Create account' })).toBeVisible();
      await modal.getByLabel('Email').fill('someone@example.com');
      await modal.getByLabel('Password', { exact: true }).fill('Tickets&Rush42');
      await audit.check('auth: sign up', inDialog);
      await modal.getByRole('button', { name: 'Close' }).click();

      await page.context().addCookies(people[viewport]!.newcomer);
      await page.goto('/onboarding');
      await expect(page.getByRole('heading', { name: 'About your company' })).toBeVisible();
      await audit.check('onboarding: company');
      await page.getByLabel('Company Name').fill('Axe Onboarding');
      await page.getByLabel('Domain').fill(uniqueSubdomain('axeon'));
      await expect(page.getByTestId('subdomain-availability')).toHaveText('Available');
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByRole('heading', { name: 'Upload your brand image' })).toBeVisible();
      await page.getByLabel('Brand image file').setInputFiles(await makeValidPng());
      await expect(page.getByAltText('Brand image preview')).toBeVisible();
      await audit.check('onboarding: brand image');
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByRole('heading', { name: 'Set up payouts' })).toBeVisible();
      await audit.check('onboarding: payouts');

      await page.goto('/terms');
      await audit.check('terms');
      await navigate(page, '/privacy');
      await audit.check('privacy');
      process.stdout.write(`${audit.summary('landing, auth and onboarding')}\n`);
      expect(audit.found, `serious or critical axe violations (${audit.found.length})`).toEqual([]);
    });

    test('storefront and checkout pages: no serious or critical axe violation', async ({ page, allowConsoleError }) => {
      // The refused form answers 400 and the declined card 402, which Chromium reports in the console.
      allowConsoleError(/status of (400|402)/);
      const audit = new Audit(page, viewport);
      await page.goto(storefrontUrl(organiser.subdomain));
      await expect(page.getByRole('link', { name: /Warehouse Night/ }).first()).toBeVisible();
      await audit.check('storefront home', serverPage);
      await page.goto(storefrontUrl(organiser.subdomain, `/events/${eventId}`));
      await expect(page.getByRole('heading', { level: 1, name: 'Warehouse Night' })).toBeVisible();
      await audit.check('event page with the checkout form', serverPage);
      // A refused form: the errors and their links to the fields.
      await page.getByRole('button', { name: 'Continue to payment' }).click();
      await expect(page.getByRole('alert').first()).toBeVisible();
      await audit.check('event page, form refused', serverPage);

      // The e2e server holds tickets for 40 s: each checked step starts from a fresh hold (made through the
      // API), so a slow machine cannot let it expire.
      await page.goto(
        storefrontUrl(organiser.subdomain, `/checkout/${await holdOneTicket(page.request, freshEmail())}`),
      );
      await expect(page.getByRole('heading', { name: 'Your order' })).toBeVisible();
      await audit.check('checkout summary', serverPage);
      await page.getByRole('button', { name: /^Pay £/ }).click();
      await page.waitForURL(/\/sandbox\/checkout\/cs_sandbox_/);
      await audit.check('sandbox payment page', serverPage);
      await page.getByLabel('Card number').fill('4000 0000 0000 0002');
      await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
      await page.getByLabel('CVC').fill('123');
      await page.getByRole('button', { name: /^Pay £/ }).click();
      await page.waitForURL(/payment=declined/);
      await expect(page.getByRole('alert')).toBeVisible();
      await audit.check('checkout summary, card declined', serverPage);

      const token = await holdOneTicket(page.request, freshEmail());
      await payThroughApi(page.request, token);
      await page.goto(storefrontUrl(organiser.subdomain, `/orders/${token}`));
      await expect(page.locator('.ticket svg')).toHaveCount(1);
      await audit.check('order confirmation', serverPage);
      process.stdout.write(`${audit.summary('storefront and checkout')}\n`);
      expect(audit.found, `serious or critical axe violations (${audit.found.length})`).toEqual([]);
    });

    test('every dashboard route with its dialogs: no serious or critical axe violation', async ({ page }, testInfo) => {
      const audit = new Audit(page, viewport);
      await page.context().addCookies(organiser.cookies);
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { name: 'Getting started' })).toBeVisible({ timeout: 20_000 });
      await expect(page.getByText('Total Revenue')).toBeVisible();
      await audit.check('dashboard home');
      if (phone) {
        await openDialog(page, page.getByRole('button', { name: 'Open menu' }), audit, 'dashboard menu');
      } else {
        await page.keyboard.press('Control+k');
        await expect(page.getByRole('dialog')).toBeVisible();
        await audit.check('command palette', inDialog);
        await page.keyboard.press('Escape');
      }

      await navigate(page, '/dashboard/events');
      await expect(page.getByText('Draft Night', { exact: true })).toBeVisible();
      await audit.check('events list');

      await navigate(page, '/dashboard/events/new');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.getByRole('button', { name: /^(Next|Continue)/ }).click();
      await expect(page.getByRole('alert').first()).toBeVisible();
      await audit.check('new event, step 1 refused');

      await navigate(page, `/dashboard/events/edit/${draftId}`);
      await expect(page.getByRole('textbox', { name: 'Event Name' })).toHaveValue('Draft Night');
      await audit.check('edit event, step 1');

      await navigate(page, `/dashboard/events/view/${draftId}`);
      await expect(page.getByRole('heading', { name: 'Draft Night' })).toBeVisible();
      await openDialog(page, page.getByRole('button', { name: 'Delete', exact: true }), audit, 'delete draft dialog');

      await navigate(page, `/dashboard/events/view/${eventId}`);
      await expect(page.getByRole('heading', { name: 'Warehouse Night' })).toBeVisible();
      await expect(page.getByText('fran@example.com').first()).toBeVisible();
      await expect(page.getByText('EARLYBIRD')).toBeVisible();
      await audit.check('event view, on sale with an order and codes');
      // The codes table fits the screen (on a phone each code is a card), nothing scrolls sideways.
      const codes = page.getByRole('region', { name: 'Codes' });
      await codes.scrollIntoViewIfNeeded();
      const overflow = await codes.evaluate((node) => ({
        table: node.scrollWidth - node.clientWidth,
        page: document.documentElement.scrollWidth - window.innerWidth,
      }));
      expect(overflow).toEqual({ table: 0, page: 0 });
      await codes.screenshot({ path: testInfo.outputPath(`codes-${viewport}.png`) });
      await openDialog(page, page.getByRole('button', { name: /^Cancel event/ }), audit, 'cancel event dialog');
      await openDialog(page, page.getByRole('button', { name: /Add ticket type/i }), audit, 'ticket type dialog');
      await openDialog(page, page.getByRole('button', { name: 'New code' }), audit, 'code dialog');
      await openDialog(page, page.getByText(/^MQ-/).first(), audit, 'order detail dialog');

      await navigate(page, `/checkin/${eventId}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await audit.check('door check-in');

      await navigate(page, '/dashboard/analytics');
      // The analytics screens load their chart library on the first visit.
      await expect(page.getByText('Total Revenue')).toBeVisible({ timeout: 20_000 });
      await audit.check('analytics');
      await openDialog(page, page.getByRole('button', { name: /Filter/ }).first(), audit, 'analytics filter dialog');
      await navigate(page, '/dashboard/analytics/events');
      await expect(page.getByText('Warehouse Night').first()).toBeVisible();
      await audit.check('analytics by event');

      await navigate(page, '/dashboard/customers');
      await expect(page.getByText('fran@example.com').first()).toBeVisible();
      await audit.check('customers');
      await openDialog(page, page.getByText('fran@example.com').first(), audit, 'customer dialog');
      await openDialog(page, page.getByRole('button', { name: /^Delete / }).first(), audit, 'delete customer dialog');

      await navigate(page, '/dashboard/billing');
      await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();
      await audit.check('billing');

      await navigate(page, '/dashboard/profile');
      await expect(page.getByLabel('Company Name')).toBeVisible();
      await audit.check('profile: general');
      const domain = `${viewport}-${organiser.subdomain}.band.co.uk`;
      dns.records.set(domain, { CNAME: 'localhost.' });
      await page.getByRole('textbox', { name: 'Custom Domain', exact: true }).fill(domain);
      await page.getByRole('button', { name: 'Connect domain' }).click();
      const wizard = page.getByRole('region', { name: 'Custom domain set-up' });
      await expect(wizard.getByRole('heading', { name: 'Add a CNAME record' })).toBeVisible();
      await audit.check('domain wizard: CNAME', { within: '[aria-label="Custom domain set-up"]' });
      await page.getByLabel("I've added the CNAME record").check();
      await wizard.getByRole('button', { name: 'Continue' }).click();
      await expect(wizard.getByRole('heading', { name: /Add a TXT record/ })).toBeVisible();
      await audit.check('domain wizard: TXT', { within: '[aria-label="Custom domain set-up"]' });
      await page.getByLabel("I've added the TXT record").check();
      await wizard.getByRole('button', { name: 'Continue' }).click();
      await expect(wizard.getByRole('heading', { name: 'Setup Complete' })).toBeVisible();
      await audit.check('domain wizard: complete', { within: '[aria-label="Custom domain set-up"]' });
      await wizard.getByRole('button', { name: 'Finish' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Domain Pending' })).toBeVisible();
      await audit.check('profile: domain pending');
      // The other viewport's walk connects its own domain.
      const removed = await page.request.put(`${baseURL}/api/org/custom-domain`, {
        headers: { origin: baseURL, cookie: organiser.cookieHeader },
        data: { customDomain: null },
      });
      expect(removed.status(), await removed.text()).toBe(200);
      await page.getByRole('tab', { name: 'Branding' }).click();
      await audit.check('profile: branding');
      await page.getByRole('tab', { name: /Integrations/ }).click();
      await audit.check('profile: integrations');
      await page.getByRole('tab', { name: 'Team' }).click();
      await expect(page.getByRole('tabpanel').getByText(organiser.email).first()).toBeVisible();
      await audit.check('profile: team');
      process.stdout.write(`${audit.summary('dashboard')}\n`);
      expect(audit.found, `serious or critical axe violations (${audit.found.length})`).toEqual([]);
    });
  });
}
