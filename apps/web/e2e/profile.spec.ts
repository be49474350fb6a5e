// The Profile page as a new organiser uses it: General (company information, social links), Branding (logo,
// colours, font), Integrations, the unsaved-changes guard, and the custom-domain wizard against a loopback
// DNS server, ending with the storefront answering on the verified domain's Host header.
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { E2E_DNS_PORT, E2E_PORT, expect, storefrontUrl, test } from './fixtures';
import { createOrganiser, uniqueSubdomain, type Organiser } from './support/api';
import { startFakeDns, type FakeDns } from './support/fake-dns';
import { makeTinyPng, makeValidPng } from './support/images';

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });
const sidebarName = (page: Page) => page.getByTestId('sidebar-organization-name').first();
const saveButton = (page: Page) => page.getByRole('button', { name: /^(Save Changes|Saving\.\.\.)$/ });

/**
 * A full-page screenshot, taken with the viewport stretched to the page's height so the fixed header and the
 * sticky sidebar sit where a reader expects them. Screenshots go to E2E_SCREENSHOTS when set (to look at
 * them), else into the test's output folder.
 */
async function shot(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOTS;
  const file = dir ? path.join(dir, `${name}.png`) : test.info().outputPath(`${name}.png`);
  const viewport = page.viewportSize() ?? { width: 1280, height: 720 };
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height: Math.max(viewport.height, height) });
  await page.screenshot({ path: file, animations: 'disabled' });
  await page.setViewportSize(viewport);
}

/** Sets the theme the way the header's toggle does, without saving it. */
const applyTheme = (page: Page, theme: 'light' | 'dark') =>
  page.evaluate((next) => {
    document.documentElement.classList.toggle('dark', next === 'dark');
    document.documentElement.style.colorScheme = next;
  }, theme);

/** The same screen on desktop and on a 390 px phone, light and dark. */
async function shotVariants(page: Page, name: string) {
  const viewport = page.viewportSize() ?? { width: 1280, height: 720 };
  const wasDark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
  for (const theme of ['light', 'dark'] as const) {
    await applyTheme(page, theme);
    await shot(page, `${name}-desktop-${theme}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, `${name}-mobile-${theme}`);
    await page.setViewportSize(viewport);
  }
  await applyTheme(page, wasDark ? 'dark' : 'light');
}

async function openProfile(page: Page, organiser: Organiser) {
  await page.context().addCookies(organiser.cookies);
  await page.goto('/dashboard/profile');
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Company Name')).toBeVisible();
}

test.describe('profile settings', () => {
  let organiser: Organiser;

  test.beforeEach(async ({ request }) => {
    organiser = await createOrganiser(request, { subdomain: uniqueSubdomain('prof'), companyName: 'Profile Test Co' });
  });

  test('General: edit the company information and social links, save, reload', async ({ page, allowConsoleError }) => {
    // The invalid social link is refused by the API (400) before the field error shows.
    allowConsoleError(/status of 400/);
    await page.emulateMedia({ colorScheme: 'light' });
    await openProfile(page, organiser);
    await expect(page).toHaveTitle(/Profile/);
    await expect(page.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: /Integrations/ })).toContainText('PRO');
    await expect(page.getByLabel('Company Name')).toHaveValue('Profile Test Co');
    await expect(page.getByLabel('Subdomain')).toHaveValue(`${organiser.subdomain}.localhost:${E2E_PORT}`);
    await expect(page.getByLabel('Subdomain')).toHaveAttribute('readonly', '');
    await expect(page.getByText("You can't change this URL, but you can use a custom domain instead.")).toBeVisible();
    await shotVariants(page, 'profile-general');

    await page.getByLabel('Company Name').fill('Night Owl Promotions');
    await page.getByLabel('Phone').fill('+44 20 7946 0000');
    await page.getByLabel('Description').fill('Warehouse parties and late shows since 2011.');
    await page.getByLabel('Contact Email').fill('hello@nightowl.example');
    await page.getByLabel('Instagram').fill('instagram.com/nightowl');
    await page.getByLabel('Website').fill('https://nightowl.example');

    await saveButton(page).click();
    const instagramError = page.getByLabel('Instagram').locator('xpath=ancestor::div[2]').getByRole('alert');
    await expect(instagramError).toHaveText(/must be an http\(s\) url/i);
    await expect(page.getByLabel('Instagram')).toHaveAttribute('aria-invalid', 'true');
    await shot(page, 'profile-general-field-error');
    // Nothing was saved: the sidebar still shows the old name.
    await expect(sidebarName(page)).toHaveText('Profile Test Co');

    await page.getByLabel('Instagram').fill('https://instagram.com/nightowl');
    // Slow the save down a little so 'Saving...' can be seen.
    await page.route('**/api/org/settings', async (route) => {
      if (route.request().method() === 'PUT') await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await saveButton(page).click();
    await expect(page.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
    await expect(page.getByRole('status').filter({ hasText: 'Changes saved.' })).toBeVisible();
    await expect(page.getByLabel('Instagram').locator('xpath=ancestor::div[2]').getByRole('alert')).toHaveCount(0);
    await expect(sidebarName(page)).toHaveText('Night Owl Promotions');
    await page.unroute('**/api/org/settings');

    await page.reload();
    await expect(page.getByLabel('Company Name')).toHaveValue('Night Owl Promotions');
    await expect(page.getByLabel('Phone')).toHaveValue('+44 20 7946 0000');
    await expect(page.getByLabel('Description')).toHaveValue('Warehouse parties and late shows since 2011.');
    await expect(page.getByLabel('Contact Email')).toHaveValue('hello@nightowl.example');
    await expect(page.getByLabel('Instagram')).toHaveValue('https://instagram.com/nightowl');
    await expect(page.getByLabel('Website')).toHaveValue('https://nightowl.example');
    await expect(sidebarName(page)).toHaveText('Night Owl Promotions');
  });

  test('General: the terms and privacy pages must be https, are saved and link from the storefront footer', async ({
    page,
    allowConsoleError,
  }) => {
    // The http address is refused by the API (400) when saved.
    allowConsoleError(/status of 400/);
    await openProfile(page, organiser);
    const legal = page.getByRole('region', { name: 'Legal Pages' });
    const terms = legal.getByRole('textbox', { name: 'Terms Page' });
    const privacy = legal.getByRole('textbox', { name: 'Privacy Page' });
    await expect(terms).toHaveValue('');
    await expect(terms).toHaveAccessibleDescription(/Buyers find them in your storefront's footer/);
    const httpsMessage =
      'Enter the full address of the page, starting with https:// (for example https://example.com/terms)';

    // Checked on leaving the field, and again by the server on save.
    await terms.fill('nightowl.example/terms');
    await privacy.focus();
    await expect(terms).toHaveAttribute('aria-invalid', 'true');
    await expect(terms).toHaveAccessibleDescription(new RegExp(httpsMessage.replace(/[()/.]/g, '\\$&'), 'i'));
    await terms.fill('https://nightowl.example/terms');
    await expect(terms).not.toHaveAttribute('aria-invalid', 'true');
    await privacy.fill('http://nightowl.example/privacy');
    await saveButton(page).click();
    await expect(privacy).toHaveAttribute('aria-invalid', 'true');
    await expect(privacy).toBeFocused();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Some fields need a fix before saving: Privacy Page.' }),
    ).toBeVisible();

    await privacy.fill('https://nightowl.example/privacy');
    await saveButton(page).click();
    await expect(page.getByRole('status').filter({ hasText: 'Changes saved.' })).toBeVisible();
    await page.reload();
    await expect(terms).toHaveValue('https://nightowl.example/terms');
    await expect(privacy).toHaveValue('https://nightowl.example/privacy');

    await page.goto(storefrontUrl(organiser.subdomain));
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Profile Test Co terms' })).toHaveAttribute(
      'href',
      'https://nightowl.example/terms',
    );
    await expect(footer.getByRole('link', { name: 'Profile Test Co privacy' })).toHaveAttribute(
      'href',
      'https://nightowl.example/privacy',
    );
  });

  test('Branding: logo upload shows in the sidebar, colours and font survive a reload', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await openProfile(page, organiser);
    await page.getByRole('tab', { name: 'Branding' }).click();
    await expect(page.getByRole('heading', { name: 'Brand Assets' })).toBeVisible();
    await shot(page, 'profile-branding-dark-empty');

    // Too small an image is refused before any upload.
    await page.getByLabel('Logo file').setInputFiles(await makeTinyPng());
    await expect(page.getByText('Image must be between 50KB and 750KB')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Logo preview' })).toHaveCount(0);

    await page.getByLabel('Logo file').setInputFiles(await makeValidPng());
    const preview = page.getByRole('img', { name: 'Logo preview' });
    await expect(preview).toHaveAttribute('src', /^\/uploads\//);
    await expect(page.getByText('Image must be between 50KB and 750KB')).toHaveCount(0);
    const logoUrl = await preview.getAttribute('src');

    // Colours: the text field and the picker stay in step.
    await page.getByLabel('Primary Colour', { exact: true }).fill('#ff3366');
    await expect(page.getByLabel('Primary Colour picker')).toHaveValue('#ff3366');
    await page.getByLabel('Secondary Colour picker').fill('#112233');
    await expect(page.getByLabel('Secondary Colour', { exact: true })).toHaveValue('#112233');

    // Each font option is previewed in its own font.
    const fonts = page.getByRole('group', { name: 'Font' });
    for (const font of ['Inter', 'DM Sans', 'Open Sans', 'Roboto', 'Archivo', 'Bebas Neue', 'Geist Mono']) {
      const option = fonts.locator('label').filter({ has: page.getByRole('radio', { name: font, exact: true }) });
      await expect(option).toHaveCount(1);
      for (const sample of await option.locator('span').all()) {
        const family = await sample.evaluate((node) => getComputedStyle(node).fontFamily);
        expect(family, `${font} preview font`).toContain(font);
      }
      // The font file is really loaded, not just named.
      expect(await page.evaluate((name) => document.fonts.check(`16px '${name}'`), font), `${font} loaded`).toBe(true);
    }
    await expect(fonts.getByRole('radio', { name: 'Inter' })).toBeChecked();
    await fonts.getByText('Bebas Neue', { exact: true }).click();
    await expect(fonts.getByRole('radio', { name: 'Bebas Neue' })).toBeChecked();
    await shotVariants(page, 'profile-branding');

    await saveButton(page).click();
    await expect(page.getByRole('status').filter({ hasText: 'Changes saved.' })).toBeVisible();
    const sidebarLogo = sidebar(page).locator('xpath=..').getByRole('img', { name: /logo$/ }).first();
    await expect(sidebarLogo).toHaveAttribute('src', logoUrl!);
    // The image itself loads.
    await expect.poll(() => sidebarLogo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    await page.reload();
    await page.getByRole('tab', { name: 'Branding' }).click();
    await expect(page.getByRole('img', { name: 'Logo preview' })).toHaveAttribute('src', logoUrl!);
    await expect(page.getByLabel('Primary Colour', { exact: true })).toHaveValue('#ff3366');
    await expect(page.getByLabel('Secondary Colour', { exact: true })).toHaveValue('#112233');
    await expect(page.getByRole('radio', { name: 'Bebas Neue' })).toBeChecked();
    await expect(sidebarLogo).toHaveAttribute('src', logoUrl!);
  });

  test('a refused save names the fields and opens the tab holding the first one', async ({
    page,
    allowConsoleError,
  }) => {
    // Eight full-page pictures on a busy machine.
    test.setTimeout(150_000);
    allowConsoleError(/status of 400/);
    await openProfile(page, organiser);
    const tab = (name: string) => page.getByRole('tab', { name });
    const shots = async (name: string) => {
      const viewport = page.viewportSize() ?? { width: 1280, height: 720 };
      for (const theme of ['light', 'dark'] as const) {
        await applyTheme(page, theme);
        await shot(page, `${name}-desktop-${theme}`);
        await page.setViewportSize({ width: 390, height: 844 });
        await shot(page, `${name}-phone-${theme}`);
        await page.setViewportSize(viewport);
      }
      await applyTheme(page, 'light');
    };
    const alert = page.getByRole('alert').filter({ hasText: 'Some fields need a fix' });

    // A colour typed on Branding, saved from General: Branding opens with the colour in focus.
    await tab('Branding').click();
    const primary = page.getByLabel('Primary Colour', { exact: true });
    await primary.fill('#ff33zz');
    await tab('General').click();
    await saveButton(page).click();
    await expect(alert).toHaveText('Some fields need a fix before saving: Primary Colour.');
    await expect(tab('Branding')).toHaveAttribute('aria-selected', 'true');
    await expect(primary).toHaveAttribute('aria-invalid', 'true');
    await expect(primary).toBeFocused();
    await shots('profile-refused-branding');

    // Two tabs at once: the first field on screen's tab (General) opens; the other is named with its tab.
    await tab('General').click();
    const website = page.getByLabel('Website');
    await website.fill('javascript:alert(1)');
    await tab('Branding').click();
    await saveButton(page).click();
    await expect(alert).toHaveText('Some fields need a fix before saving: Website and Primary Colour (Branding).');
    await expect(tab('General')).toHaveAttribute('aria-selected', 'true');
    await expect(website).toBeFocused();
    await shots('profile-refused-general');

    await website.fill('https://nightowl.example');
    await tab('Branding').click();
    await primary.fill('#ff3366');
    await saveButton(page).click();
    await expect(page.getByRole('status').filter({ hasText: 'Changes saved.' })).toBeVisible();
  });

  test("Integrations without PRO: the spec's two PRO cards and the way to subscribe in Billing", async ({ page }) => {
    await openProfile(page, organiser);
    await page.getByRole('tab', { name: /Integrations/ }).click();
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByRole('heading', { name: 'Customer Sync' })).toBeVisible();
    await expect(panel.getByRole('heading', { name: 'API Access' })).toBeVisible();
    await expect(panel.getByText('CRM', { exact: true })).toBeVisible();
    await expect(panel.getByText('REST API', { exact: true })).toBeVisible();
    await expect(panel.getByText('PRO', { exact: true })).toHaveCount(2);
    await expect(panel.getByText('Coming soon')).toHaveCount(0);
    await expect(panel.getByText('Integrations need the PRO plan.')).toBeVisible();
    // Nothing to use without PRO: no key, endpoint or connection form, only the link to Billing.
    await expect(panel.getByRole('button')).toHaveCount(0);
    await expect(panel.getByRole('textbox')).toHaveCount(0);
    await expect(panel.getByRole('link')).toHaveCount(1);
    await shotVariants(page, 'profile-integrations');
    await panel.getByRole('link', { name: 'Subscribe in Billing' }).click();
    await expect(page).toHaveURL(/\/dashboard\/billing$/);
    await expect(
      page.getByRole('region', { name: /PRO plan/ }).getByRole('button', { name: 'Subscribe to PRO' }),
    ).toBeVisible();
  });

  test('leaving with unsaved changes asks first', async ({ page }) => {
    await openProfile(page, organiser);
    // Nothing changed yet: leaving needs no confirmation.
    await sidebar(page).getByRole('link', { name: 'Events' }).click();
    await expect(page).toHaveURL(/\/dashboard\/events$/);
    await page.goBack();
    await expect(page.getByLabel('Company Name')).toBeVisible();

    await page.getByLabel('Phone').fill('0123');
    const messages: string[] = [];
    page.once('dialog', (dialog) => {
      messages.push(dialog.message());
      void dialog.dismiss();
    });
    await sidebar(page).getByRole('link', { name: 'Events' }).click();
    await expect.poll(() => messages).toEqual(['You have unsaved changes. Are you sure you want to leave?']);
    await expect(page).toHaveURL(/\/dashboard\/profile$/);
    await expect(page.getByLabel('Phone')).toHaveValue('0123');

    page.once('dialog', (dialog) => {
      messages.push(dialog.message());
      void dialog.accept();
    });
    await sidebar(page).getByRole('link', { name: 'Events' }).click();
    await expect(page).toHaveURL(/\/dashboard\/events$/);
    await expect(page.getByRole('heading', { name: 'Events', level: 1 })).toBeVisible();
    expect(messages).toHaveLength(2);
  });
});

test.describe('custom domain', () => {
  let dns: FakeDns;

  test.beforeAll(async () => {
    dns = await startFakeDns({ port: E2E_DNS_PORT });
  });
  test.afterAll(async () => {
    await dns.close();
  });

  const domainInput = (page: Page) => page.getByRole('textbox', { name: 'Custom Domain', exact: true });
  const wizard = (page: Page) => page.getByRole('region', { name: 'Custom domain set-up' });

  test('without the DNS records the domain stays pending, and verifying again is throttled', async ({
    page,
    request,
    allowConsoleError,
  }) => {
    // The server's own throttle answers 429 (seen once the client's clock is moved on).
    allowConsoleError(/status of 429/);
    const organiser = await createOrganiser(request, { subdomain: uniqueSubdomain('dompend') });
    const domain = `${organiser.subdomain}.band.com`;
    await page.clock.install();
    await openProfile(page, organiser);

    await domainInput(page).fill('tickets.band');
    await page.getByRole('button', { name: 'Connect domain' }).click();
    await expect(
      page.getByText('Please enter a valid domain with a real TLD (e.g., tickets.example.com)'),
    ).toBeVisible();

    await domainInput(page).fill(domain);
    await expect(page.getByText(/Please enter a valid domain/)).toHaveCount(0);
    await page.getByRole('button', { name: 'Connect domain' }).click();
    await expect(wizard(page)).toBeVisible();
    await expect(wizard(page)).toContainText('Step 1 of 3');
    await expect(wizard(page).getByRole('button', { name: 'Continue' })).toBeDisabled();
    await page.getByLabel("I've added the CNAME record").check();
    await wizard(page).getByRole('button', { name: 'Continue' }).click();

    const pending = page.getByRole('status').filter({ hasText: 'Domain Pending' });
    await expect(pending).toContainText('Your custom domain is being configured. This may take up to 24 hours.');
    await expect(wizard(page)).toContainText('Step 1 of 3');
    await expect(domainInput(page)).toBeDisabled();
    expect(dns.queries.some((query) => query.name === domain && query.type === 'CNAME')).toBe(true);
    await shotVariants(page, 'domain-pending');

    await wizard(page).getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText(/^Please wait \d+ seconds before verifying again$/)).toBeVisible();

    // Past the client's minute the server still counts its own: it answers 429 with the same message.
    await page.clock.fastForward('01:01');
    await wizard(page).getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText(/^Please wait \d+ seconds before verifying again$/)).toBeVisible();
    await expect(pending).toBeVisible();

    // A reload still shows it pending, with the input locked.
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: 'Domain Pending' })).toBeVisible();
    await expect(domainInput(page)).toHaveValue(domain);
    await expect(domainInput(page)).toBeDisabled();

    // Changing the domain text resets the wizard: no banner, no steps, until the new one is connected.
    await page.getByRole('button', { name: 'Change domain' }).click();
    await expect(domainInput(page)).toBeEnabled();
    await domainInput(page).fill(`www.${domain}`);
    await expect(page.getByRole('status').filter({ hasText: 'Domain Pending' })).toHaveCount(0);
    await expect(wizard(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Connect domain' }).click();
    await expect(wizard(page)).toContainText(`Connect www.${domain}`);
    await expect(wizard(page)).toContainText('Step 1 of 3');
    await expect(page.getByLabel("I've added the CNAME record")).not.toBeChecked();
    await expect(page.getByText(/Please wait/)).toHaveCount(0);
  });

  test('finishing before the TXT record is live leaves the domain pending until a later visit finds it', async ({
    page,
    request,
  }) => {
    const organiser = await createOrganiser(request, { subdomain: uniqueSubdomain('domlate') });
    const domain = `${organiser.subdomain}.band.co.uk`;
    dns.records.set(domain, { CNAME: 'localhost.' });
    await openProfile(page, organiser);
    await domainInput(page).fill(domain);
    await page.getByRole('button', { name: 'Connect domain' }).click();
    await page.getByLabel("I've added the CNAME record").check();
    await wizard(page).getByRole('button', { name: 'Continue' }).click();
    await expect(wizard(page)).toContainText('Step 2 of 3');
    const txtName = `_marquee-verification.${domain}`;
    const txtValue = (await wizard(page).getByRole('definition').nth(2).textContent())!;

    // Ticked and continued, but the record is not there yet.
    await page.getByLabel("I've added the TXT record").check();
    await wizard(page).getByRole('button', { name: 'Continue' }).click();
    await wizard(page).getByRole('button', { name: 'Finish' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Domain Pending' })).toBeVisible();
    await expect(wizard(page)).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'Domain Active' })).toHaveCount(0);

    // The record goes live; the next visit checks it and shows the domain active.
    dns.records.set(txtName, { TXT: [txtValue] });
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: 'Domain Active' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Domain Pending' })).toHaveCount(0);
    await expect(domainInput(page)).toBeDisabled();
  });

  test('the whole wizard to Domain Active, and the storefront answers on the domain only once verified', async ({
    page,
    request,
    allowConsoleError,
  }) => {
    test.setTimeout(120_000);
    allowConsoleError(/status of 404/);
    const organiser = await createOrganiser(request, {
      subdomain: uniqueSubdomain('domok'),
      companyName: 'Band Tickets Live',
    });
    const domain = `tickets-${organiser.subdomain}.band.com`;
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: `http://localhost:${E2E_PORT}`,
    });

    // A browser whose resolver sends the custom domain to this server.
    const storefrontBrowser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', `--host-resolver-rules=MAP ${domain} 127.0.0.1`],
    });
    try {
      const storefront = await storefrontBrowser.newPage();
      const storefrontUrl = `http://${domain}:${E2E_PORT}/`;
      const before = await storefront.goto(storefrontUrl);
      expect(before?.status()).toBe(404);
      await expect(storefront.getByRole('heading', { name: 'Page not found' })).toBeVisible();

      await openProfile(page, organiser);
      // A logo for the storefront to show.
      await page.getByRole('tab', { name: 'Branding' }).click();
      await page.getByLabel('Logo file').setInputFiles(await makeValidPng());
      await expect(page.getByRole('img', { name: 'Logo preview' })).toHaveAttribute('src', /^\/uploads\//);
      await saveButton(page).click();
      await expect(page.getByRole('status').filter({ hasText: 'Changes saved.' })).toBeVisible();
      await page.getByRole('tab', { name: 'General' }).click();

      await domainInput(page).fill(domain);
      await page.getByRole('button', { name: 'Connect domain' }).click();
      await expect(wizard(page)).toContainText('Step 1 of 3');
      await expect(wizard(page)).toContainText('Add a CNAME record');
      const step1 = wizard(page).getByRole('definition');
      // The name as DNS panels want it, with the full name beside it.
      const label = domain.split('.')[0]!;
      await expect(step1).toHaveText(['CNAME', `${label} (full name: ${domain})`, 'localhost', 'Auto']);
      await shotVariants(page, 'domain-step1');

      // Saved but not verified: still no storefront there.
      expect((await storefront.reload())?.status()).toBe(404);

      // The CNAME is in place; the ownership TXT record is not yet.
      dns.records.set(domain, { CNAME: 'localhost' });
      await page.getByLabel("I've added the CNAME record").check();
      await wizard(page).getByRole('button', { name: 'Continue' }).click();
      await expect(wizard(page)).toContainText('Step 2 of 3');
      await expect(wizard(page)).toContainText('Add a TXT record for SSL validation');
      const txtName = `_marquee-verification.${domain}`;
      const step2 = wizard(page).getByRole('definition');
      await expect(step2.nth(1)).toHaveText(`_marquee-verification.${label} (full name: ${txtName})`);
      const txtValue = (await step2.nth(2).textContent())!;
      expect(txtValue).toMatch(/^marquee-verify=\S+$/);
      await expect(page.getByRole('status').filter({ hasText: 'Domain Pending' })).toBeVisible();
      await shotVariants(page, 'domain-step2');

      // The copy buttons copy the record.
      await wizard(page).getByRole('button', { name: 'Copy Value' }).click();
      await expect(wizard(page).getByRole('button', { name: 'Copy Value' })).toHaveText('✓ Copied');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(txtValue);

      // Accepted by the provider but not active: still no storefront on the domain.
      expect((await storefront.reload())?.status()).toBe(404);

      dns.records.set(txtName, { TXT: [txtValue] });
      await expect(wizard(page).getByRole('button', { name: 'Continue' })).toBeDisabled();
      await page.getByLabel("I've added the TXT record").check();
      await wizard(page).getByRole('button', { name: 'Continue' }).click();
      await expect(wizard(page)).toContainText('Step 3 of 3');
      await expect(wizard(page).getByRole('heading', { name: 'Setup Complete' })).toBeVisible();
      await shotVariants(page, 'domain-step3');

      await wizard(page).getByRole('button', { name: 'Finish' }).click();
      const active = page.getByRole('status').filter({ hasText: 'Domain Active' });
      await expect(active).toContainText('Your custom domain is fully configured and working.');
      await expect(wizard(page)).toHaveCount(0);
      await expect(page.getByRole('status').filter({ hasText: 'Domain Pending' })).toHaveCount(0);
      await expect(domainInput(page)).toBeDisabled();
      await expect(domainInput(page)).toHaveValue(domain);
      await shotVariants(page, 'domain-active');

      await page.reload();
      await expect(page.getByRole('status').filter({ hasText: 'Domain Active' })).toBeVisible();
      await expect(domainInput(page)).toBeDisabled();

      // Now the storefront answers on the domain, branded.
      const after = await storefront.reload();
      expect(after?.status()).toBe(200);
      await expect(storefront.getByRole('heading', { name: 'Band Tickets Live', level: 1 })).toBeVisible();
      const logo = storefront.getByRole('img', { name: 'Band Tickets Live logo' });
      await expect(logo).toHaveAttribute('src', /\/uploads\//);
      await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      await storefront.screenshot({
        path: process.env.E2E_SCREENSHOTS
          ? path.join(process.env.E2E_SCREENSHOTS, 'storefront-custom-domain.png')
          : test.info().outputPath('storefront-custom-domain.png'),
        fullPage: true,
      });
    } finally {
      await storefrontBrowser.close();
    }
  });
});
