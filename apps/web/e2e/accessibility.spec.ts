// Issue 13 point 9: axe (through @axe-core/playwright) finds no serious or critical violation on any screen
// of the product, in the light and the dark theme, at 1280 px and on a 390 px phone: the landing page and the
// auth modal's views, onboarding, every dashboard route with its dialogs and the domain wizard's steps, the
// storefront home, an event page and the checkout pages (summary, the sandbox's payment page, the order page).
// Each viewport is one test that walks the screens once and checks each in both themes, then lists every
// violation found (rule, impact, screen, theme and the first elements) in one failure.
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { E2E_DNS_PORT, E2E_PORT, expect, storefrontUrl, test } from './fixtures';
import { createOrganiser, readLatestCode, uniqueSubdomain, type Organiser } from './support/api';
import { startFakeDns, type FakeDns } from './support/fake-dns';
import { makeValidPng } from './support/images';
import { createPublishedEvent, enableSandboxPayouts } from './support/selling';

test.describe.configure({ mode: 'serial' });
// Reduced motion: the landing page's canvases draw one still frame and no text scrambles, so axe reads settled
// colours (and does not compete with a WebGL animation for the CPU). Colours are the same either way.
test.use({ timezoneId: 'Europe/London', locale: 'en-GB', reducedMotion: 'reduce' });

const baseURL = `http://localhost:${E2E_PORT}`;
/** The auth modal is checked on its own: the landing page behind it is checked first. */
const inDialog = { within: '[role=dialog]' };
const FAILING_IMPACTS = new Set(['serious', 'critical']);
/** Content outside landmarks and landmark mistakes fail too, whatever their impact (issue 13: landmarks for every region). */
const LANDMARK_RULES = /^(region|landmark-)/;
type Scheme = 'light' | 'dark';

let organiser: Organiser;
let eventId = '';
let draftId = '';
let dns: FakeDns;

/** Collects the violations of every screen checked in one test; the test fails once, listing them all. */
class Audit {
  readonly found: string[] = [];
  screens = 0;
  constructor(
    private readonly page: Page,
    private readonly viewport: string,
  ) {}

  /** Waits until the page has switched theme and no colour transition is half-way, so contrast is read right. */
  private async settle(scheme: Scheme, app: boolean) {
    await this.page.emulateMedia({ colorScheme: scheme });
    // The dashboard follows a change of the system theme by itself; other pages read it as they load, so the
    // class is set here as public/theme-init.js sets it on a load in that theme.
    if (app) {
      await this.page.evaluate((dark) => {
        document.documentElement.classList.toggle('dark', dark);
        document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
      }, scheme === 'dark');
    }
    await this.page.evaluate(async () => {
      const running = document.getAnimations().filter((animation) => animation instanceof CSSTransition);
      await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
    });
  }

  /**
   * Runs axe on the page (or only on `within`, for a dialog over a page already checked) in both themes.
   * `app` is false for the server-rendered storefront, whose colours are the organiser's, not the theme's.
   */
  async check(screen: string, options: { within?: string; app?: boolean } = {}) {
    this.screens += 1;
    for (const scheme of ['light', 'dark'] as const) {
      await this.settle(scheme, options.app ?? true);
      // Legacy mode runs axe in the page itself; the default opens a blank page per run to merge frame results,
      // which doubled the time, and no screen here has a frame.
      let builder = new AxeBuilder({ page: this.page }).setLegacyMode(true);
      // Only colours change with the theme: the dark pass runs the colour rules, the light pass all of them.
      if (scheme === 'dark') builder = builder.withRules(['color-contrast', 'link-in-text-block']);
      if (options.within) builder = builder.include(options.within);
      if (process.env.AXE_SHOTS) {
        const file = `${this.viewport}-${screen.replace(/[^a-z0-9]+/gi, '-')}-${scheme}.png`.toLowerCase();
        await this.page.screenshot({ path: path.join(process.env.AXE_SHOTS, file) });
      }
      const t0 = Date.now();
      const results = await builder.analyze();
      if (process.env.AXE_TIMING) process.stdout.write(`${screen} ${scheme}: ${Date.now() - t0} ms\n`);
      for (const violation of results.violations) {
        if (!FAILING_IMPACTS.has(violation.impact ?? '') && !LANDMARK_RULES.test(violation.id)) continue;
        const targets = violation.nodes
          .slice(0, 4)
          .map(
            (node) =>
              `${node.target.join(' ')}${node.failureSummary ? ` (${node.failureSummary.split('\n')[1]?.trim() ?? ''})` : ''}`,
          );
        const line = `${screen} [${this.viewport}, ${scheme}] ${violation.id} (${violation.impact}, ${violation.nodes.length}x): ${targets.join('; ')}`;
        if (process.env.AXE_TIMING) process.stdout.write(`VIOLATION ${line}\n`);
        this.found.push(line);
      }
    }
    await this.page.emulateMedia({ colorScheme: 'light' });
  }
}

test.beforeAll(async ({ request }) => {
  organiser = await createOrganiser(request, { subdomain: uniqueSubdomain('axe'), companyName: 'Axe Check Co' });
  await enableSandboxPayouts(request, organiser);
  eventId = await createPublishedEvent(request, organiser, 'Warehouse Night');
  // A second event, left as a draft, for the delete confirmation.
  const headers = { origin: baseURL, cookie: organiser.cookieHeader };
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
  dns = await startFakeDns({ port: E2E_DNS_PORT });
});

test.afterAll(async () => {
  await dns?.close();
});

/** The landing page and every view of the auth modal; signs up a new organiser and checks onboarding. */
async function landingAndOnboarding(page: Page, audit: Audit, phone: boolean) {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await audit.check('landing');
  if (phone) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await audit.check('landing mobile menu', inDialog);
    await page.keyboard.press('Escape');
  }
  await page.getByRole('button', { name: 'Sign In' }).first().click();
  const modal = page.getByRole('dialog');
  await expect(modal.getByRole('button', { name: 'Forgot password?' })).toBeVisible();
  await audit.check('auth: sign in', inDialog);
  await modal.locator('form').getByLabel('Email').fill('nobody@example.com');
  await modal.getByLabel('Password', { exact: true }).fill('wrong-password-1A!');
  await modal.locator('form').getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(modal.getByRole('alert')).toBeVisible();
  await audit.check('auth: sign in, refused', inDialog);
  await modal.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(modal.getByRole('button', { name: 'Send reset code' })).toBeVisible();
  await audit.check('auth: forgot password', inDialog);
  await modal.getByLabel('Email').fill(organiser.email);
  await modal.getByRole('button', { name: 'Send reset code' }).click();
  await expect(modal.getByRole('button', { name: 'Reset password' })).toBeVisible();
  await audit.check('auth: reset password', inDialog);
  await modal.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'Get Started' }).first().click();
  await expect(modal.getByRole('button', { name: 'Create account' })).toBeVisible();
  const email = `axe-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  await modal.getByLabel('Email').fill(email);
  await modal.getByLabel('Password', { exact: true }).fill('Tickets&Rush42');
  await audit.check('auth: sign up', inDialog);
  await modal.getByRole('button', { name: 'Create account' }).click();
  await expect(modal.getByPlaceholder('6-digit code')).toBeVisible();
  await audit.check('auth: verify e-mail', inDialog);
  await modal.getByPlaceholder('6-digit code').fill(await readLatestCode(page.request, email, baseURL));
  await modal.getByRole('button', { name: 'Verify' }).click();

  await page.waitForURL('**/onboarding');
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
  await page.context().clearCookies();
}

/** Fills the event page's checkout form for one ticket and continues to the summary (a new hold). */
async function holdOneTicket(page: Page) {
  await page.goto(storefrontUrl(organiser.subdomain, `/events/${eventId}`));
  await page.getByLabel('Quantity of General Admission', { exact: true }).fill('1');
  await page.getByLabel('First name').fill('Fran');
  await page.getByLabel('Last name').fill('Fan');
  await page.getByLabel('Email', { exact: true }).fill('fran@example.com');
  await page.getByLabel("I accept the organiser's terms (above)").check();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.waitForURL(/\/checkout\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByRole('heading', { name: 'Your order' })).toBeVisible();
}

async function payWith(page: Page, card: string) {
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay £/ }).click();
}

/**
 * The storefront home, an event page and the checkout pages, as a fan buying one ticket. The e2e server holds
 * tickets for 40 s, so each step that is checked starts from a fresh hold: a slow machine cannot let it expire.
 */
async function storefrontAndCheckout(page: Page, audit: Audit) {
  await page.goto(storefrontUrl(organiser.subdomain));
  await expect(page.getByRole('link', { name: /Warehouse Night/ }).first()).toBeVisible();
  await audit.check('storefront home', { app: false });
  await page.goto(storefrontUrl(organiser.subdomain, `/events/${eventId}`));
  await expect(page.getByRole('heading', { level: 1, name: 'Warehouse Night' })).toBeVisible();
  await audit.check('storefront event page with the checkout form', { app: false });
  await holdOneTicket(page);
  await audit.check('checkout summary', { app: false });

  await holdOneTicket(page);
  await page.getByRole('button', { name: /^Pay £/ }).click();
  await page.waitForURL(/\/sandbox\/checkout\/cs_sandbox_/);
  await audit.check('sandbox payment page', { app: false });
  await payWith(page, '4000 0000 0000 0002');
  await page.waitForURL(/payment=declined/);
  await expect(page.getByRole('alert')).toBeVisible();
  await audit.check('checkout summary, card declined', { app: false });

  await holdOneTicket(page);
  await page.getByRole('button', { name: /^Pay £/ }).click();
  await page.waitForURL(/\/sandbox\/checkout\/cs_sandbox_/);
  await payWith(page, '4242 4242 4242 4242');
  await page.waitForURL(/\/orders\/[A-Za-z0-9_-]{43}$/);
  await expect(page.locator('.ticket svg')).toHaveCount(1);
  await audit.check('order confirmation', { app: false });
}

async function openDialog(page: Page, opener: Locator, audit: Audit, screen: string) {
  await opener.click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await audit.check(screen, inDialog);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** Every dashboard route, with its dialogs and the domain wizard's steps. */
async function dashboard(page: Page, audit: Audit, phone: boolean) {
  await page.context().addCookies(organiser.cookies);
  await page.goto('/dashboard');
  await expect(page.getByText('Total Revenue')).toBeVisible();
  await audit.check('dashboard home');
  if (phone) {
    await openDialog(page, page.getByRole('button', { name: 'Open menu' }), audit, 'dashboard mobile menu');
  } else {
    await page.keyboard.press('Control+k');
    await expect(page.getByRole('dialog')).toBeVisible();
    await audit.check('command palette', inDialog);
    await page.keyboard.press('Escape');
  }

  await page.goto('/dashboard/events');
  await expect(page.getByRole('heading', { name: 'Events', level: 1 })).toBeVisible();
  await expect(page.getByText('Draft Night')).toBeVisible();
  await audit.check('events list');

  await page.goto('/dashboard/events/new');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await audit.check('new event, step 1');
  await page.getByRole('button', { name: /^(Next|Continue)/ }).click();
  await audit.check('new event, step 1 refused');

  await page.goto(`/dashboard/events/edit/${draftId}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await audit.check('edit event, step 1');

  await page.goto(`/dashboard/events/view/${draftId}`);
  await expect(page.getByRole('heading', { name: 'Draft Night' })).toBeVisible();
  await audit.check('event view, draft');
  await openDialog(page, page.getByRole('button', { name: 'Delete', exact: true }), audit, 'delete draft dialog');

  await page.goto(`/dashboard/events/view/${eventId}`);
  await expect(page.getByRole('heading', { name: 'Warehouse Night' })).toBeVisible();
  await expect(page.getByText('fran@example.com').first()).toBeVisible();
  await audit.check('event view, on sale with an order');
  await openDialog(page, page.getByRole('button', { name: /^Cancel event/ }), audit, 'cancel event dialog');
  await openDialog(page, page.getByRole('button', { name: /Add ticket type/i }), audit, 'ticket type dialog');
  await openDialog(page, page.getByText(/^MQ-/).first(), audit, 'order detail dialog');

  await page.goto('/dashboard/analytics');
  await expect(page.getByText('Total Revenue')).toBeVisible();
  await audit.check('analytics');
  await openDialog(page, page.getByRole('button', { name: /Filter/ }).first(), audit, 'analytics filter dialog');
  await page.goto('/dashboard/analytics/events');
  await expect(page.getByText('Warehouse Night').first()).toBeVisible();
  await audit.check('analytics by event');

  await page.goto('/dashboard/customers');
  await expect(page.getByText('fran@example.com').first()).toBeVisible();
  await audit.check('customers');
  await openDialog(page, page.getByText('fran@example.com').first(), audit, 'customer detail dialog');
  await openDialog(page, page.getByRole('button', { name: /^Delete / }).first(), audit, 'delete customer dialog');

  await page.goto('/dashboard/billing');
  await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();
  await audit.check('billing');

  await page.goto('/dashboard/profile');
  await expect(page.getByLabel('Company Name')).toBeVisible();
  await audit.check('profile: general');
  const domain = `${phone ? 'm' : 'd'}${Date.now().toString(36)}.axe-check.example`;
  dns.records.set(domain, { CNAME: 'localhost.' });
  await page.getByRole('textbox', { name: 'Custom Domain', exact: true }).fill(domain);
  await page.getByRole('button', { name: 'Connect domain' }).click();
  const wizard = page.getByRole('region', { name: 'Custom domain set-up' });
  await expect(wizard.getByRole('heading', { name: 'Add a CNAME record' })).toBeVisible();
  await audit.check('domain wizard: CNAME');
  await page.getByLabel("I've added the CNAME record").check();
  await wizard.getByRole('button', { name: 'Continue' }).click();
  await expect(wizard.getByRole('heading', { name: /Add a TXT record/ })).toBeVisible();
  await audit.check('domain wizard: TXT');
  await page.getByLabel("I've added the TXT record").check();
  await wizard.getByRole('button', { name: 'Continue' }).click();
  await expect(wizard.getByRole('heading', { name: 'Setup Complete' })).toBeVisible();
  await audit.check('domain wizard: complete');
  await wizard.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Domain Pending' })).toBeVisible();
  await audit.check('profile: domain pending');
  await page
    .getByRole('button', { name: 'Remove' })
    .click()
    .catch(() => undefined);
  await page.getByRole('tab', { name: 'Branding' }).click();
  await audit.check('profile: branding');
  await page.getByRole('tab', { name: /Integrations/ }).click();
  await audit.check('profile: integrations');

  await page.goto('/terms');
  await audit.check('terms');
  await page.goto('/privacy');
  await audit.check('privacy');
}

for (const { name, width, height } of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`no serious or critical axe violation on any screen, light and dark, ${name} (${width} px)`, async ({
    page,
    allowConsoleError,
  }) => {
    // The refused sign-in and the declined card answer 4xx, which Chromium reports in the console.
    allowConsoleError(/status of (400|401|402|404)/);
    test.setTimeout(Number(process.env.AXE_TIMEOUT ?? 600_000));
    await page.setViewportSize({ width, height });
    const audit = new Audit(page, name);
    const started = Date.now();
    await landingAndOnboarding(page, audit, width < 500);
    await storefrontAndCheckout(page, audit);
    await dashboard(page, audit, width < 500);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    process.stdout.write(`axe: ${audit.screens} screens x 2 themes at ${width} px in ${seconds} s\n`);
    expect(audit.found, `serious or critical axe violations (${audit.found.length})`).toEqual([]);
  });
}
