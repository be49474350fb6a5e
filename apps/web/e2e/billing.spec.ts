// Issue 5's journey as a new organiser does it in Chromium, on the embedded default (sandbox payments):
// Billing -> Enable Payouts -> the sandbox's hosted onboarding -> back to 'Payouts Enabled' with the payout
// details -> Manage opens the sandbox dashboard; the same from onboarding step 3; and the 'Setup Failed' card.
import type { BrowserContext, Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures';
import { createOrganiser, ORGANISER_PASSWORD, readLatestCode, uniqueSubdomain } from './support/api';

const METRICS = ['Total Revenue', 'Pending Payouts', 'Completed Payouts', 'Platform Fees'];

/** Full-page screenshots kept with the test's output, for looking at. */
async function shot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}

/** Screenshots of the page as it is, at desktop and 390 px wide, in light and dark. */
async function shotVariants(page: Page, testInfo: TestInfo, name: string) {
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((value) => localStorage.setItem('theme', value), theme);
    for (const [label, size] of [
      ['desktop', { width: 1280, height: 900 }],
      ['mobile', { width: 390, height: 844 }],
    ] as const) {
      await page.setViewportSize(size);
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();
      await expect(page.getByLabel('Loading billing')).toHaveCount(0);
      await shot(page, testInfo, `${name}-${label}-${theme}`);
    }
  }
  await page.evaluate(() => localStorage.removeItem('theme'));
  await page.setViewportSize({ width: 1280, height: 720 });
}

interface OnboardingValues {
  businessName: string;
  sortCode: string;
  accountNumber: string;
}

/**
 * Completes the sandbox's hosted onboarding form: first once without the registration number (the field
 * error shows and everything typed is kept), then in full.
 */
async function completeSandboxOnboarding(page: Page, testInfo: TestInfo, values: OnboardingValues) {
  await page.waitForURL('**/sandbox/connect/onboard?token=*');
  await expect(page.getByRole('note')).toHaveText('SANDBOX — no real money moves');
  await expect(page).toHaveTitle(/SANDBOX/);
  await expect(page.getByRole('heading', { name: 'Set up payouts', level: 1 })).toBeVisible();
  for (const legend of [
    'Business information',
    'Business ownership',
    'Bank account for payouts',
    'Government registration',
  ]) {
    await expect(page.getByRole('group', { name: legend })).toBeVisible();
  }
  await shot(page, testInfo, 'sandbox-onboarding');

  await page.getByLabel('Business name').fill(values.businessName);
  await page.getByLabel('Type of business').selectOption('company');
  await page.getByLabel('Country').selectOption('GB');
  await page.getByLabel('Street address').fill('1 Marquee Street');
  await page.getByLabel('Town or city').fill('London');
  await page.getByLabel('Postcode').fill('EC1A 1BB');
  await page.getByLabel('Representative’s full name').fill('Ada Organiser');
  await page.getByLabel('Date of birth').fill('1985-04-12');
  await page.getByLabel('Account holder name').fill('Ada Organiser');
  await page.getByLabel('Sort code or routing number').fill(values.sortCode);
  await page.getByLabel('Account number').fill(values.accountNumber);
  // Registration number left out.
  await page.getByRole('button', { name: 'Agree and submit' }).click();

  await expect(page.getByRole('alert')).toContainText('Check the field below');
  const registration = page.getByLabel('Registration number');
  await expect(registration).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#registration_number-error')).toHaveText('Enter the government registration number');
  await expect(page.getByLabel('Business name')).toHaveValue(values.businessName);
  await expect(page.getByLabel('Type of business')).toHaveValue('company');
  await expect(page.getByLabel('Country')).toHaveValue('GB');
  await expect(page.getByLabel('Street address')).toHaveValue('1 Marquee Street');
  await expect(page.getByLabel('Postcode')).toHaveValue('EC1A 1BB');
  await expect(page.getByLabel('Date of birth')).toHaveValue('1985-04-12');
  await expect(page.getByLabel('Sort code or routing number')).toHaveValue(values.sortCode);
  await expect(page.getByLabel('Account number')).toHaveValue(values.accountNumber);
  await expect(page.locator('[aria-invalid="true"]')).toHaveCount(1);
  await shot(page, testInfo, 'sandbox-onboarding-error');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, testInfo, 'sandbox-onboarding-error-mobile');
  await page.setViewportSize({ width: 1280, height: 720 });

  await registration.fill('12345678');
  await page.getByRole('button', { name: 'Agree and submit' }).click();
}

async function expectPayoutsEnabled(page: Page, last4: string) {
  await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Payouts Enabled' })).toBeVisible();
  await expect(
    page.getByText(
      'Your Sandbox account is connected and ready to receive payouts. This is the sandbox: no real money moves.',
    ),
  ).toBeVisible();
  for (const title of METRICS) await expect(page.getByText(title, { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Payout Details' })).toBeVisible();
  const details = page.locator('dl');
  const value = (term: string) =>
    details
      .locator('div')
      .filter({ has: page.getByText(term, { exact: true }) })
      .locator('dd');
  await expect(value('Payout schedule')).toHaveText(/^(Daily|Weekly|Monthly|Manual)/);
  await expect(value('Next payout')).toHaveText(/None scheduled|\d{4}/);
  await expect(value('Bank account')).toHaveText(new RegExp(`•••• ${last4}$`));
  await expect(value('Payment account ID')).toHaveText(/^acct_\w+/);
  return (await value('Payment account ID').innerText()).trim();
}

/** Clicks Manage and checks the sandbox dashboard that opens in a new tab. */
async function openManage(
  page: Page,
  context: BrowserContext,
  testInfo: TestInfo,
  expected: { name: string; accountId: string; last4: string },
) {
  const [tab] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Manage' }).click()]);
  await tab.waitForURL('**/sandbox/connect/dashboard?token=*');
  await expect(tab.getByRole('note')).toHaveText('SANDBOX — no real money moves');
  await expect(tab.getByRole('heading', { name: expected.name, level: 1 })).toBeVisible();
  await expect(tab.getByText(`Sandbox payouts dashboard for account ${expected.accountId}.`)).toBeVisible();
  const row = (term: string) => tab.locator(`dt:text-is("${term}") + dd`);
  await expect(row('Payments')).toHaveText('Enabled');
  await expect(row('Payouts')).toHaveText('Enabled');
  await expect(row('Bank account')).toHaveText(new RegExp(`•••• ${expected.last4}$`));
  await shot(tab, testInfo, 'sandbox-dashboard');
  await tab.setViewportSize({ width: 390, height: 844 });
  await shot(tab, testInfo, 'sandbox-dashboard-mobile');
  await tab.getByRole('link', { name: 'Back to Billing in Marquee' }).click();
  await tab.waitForURL('**/dashboard/billing');
  await expect(tab.getByRole('heading', { name: 'Payouts Enabled' })).toBeVisible();
  await tab.close();
}

test('from Billing: Enable Payouts, complete the sandbox onboarding, Payouts Enabled, Manage', async ({
  page,
  context,
  request,
  allowConsoleError,
}, testInfo) => {
  test.setTimeout(120_000);
  // The sandbox form answers 422 to the incomplete submission.
  allowConsoleError(/status of 422/);
  const organiser = await createOrganiser(request, {
    subdomain: uniqueSubdomain('billing'),
    companyName: 'Billing Live',
  });
  await context.addCookies(organiser.cookies);

  await page.goto('/dashboard/billing');
  await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Payouts Not Configured' })).toBeVisible();
  await expect(page.getByText('Enable payouts to publish events and to start receiving ticket sales.')).toBeVisible();
  await expect(page.getByText('£0.00')).toHaveCount(4);
  for (const title of METRICS) await expect(page.getByText(title, { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Payouts Enabled' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Setup Failed' })).toHaveCount(0);
  await shotVariants(page, testInfo, 'billing-not-connected');

  // Hold the connect call a moment so 'Connecting...' can be seen.
  await page.route('**/api/stripe/create-connect-account', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    await route.continue();
  });
  await page.getByRole('button', { name: 'Enable Payouts' }).click();
  await expect(page.getByRole('button', { name: 'Connecting...' })).toBeDisabled();
  await page.waitForURL('**/sandbox/connect/onboard?token=*');

  // Changing their mind on the provider's page and going back: payouts are still not set up, and Enable
  // Payouts works again.
  await page.goBack();
  await page.waitForURL('**/dashboard/billing');
  await expect(page.getByRole('heading', { name: 'Payouts Not Configured' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Payouts Enabled' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Enable Payouts' }).click();

  await completeSandboxOnboarding(page, testInfo, {
    businessName: 'Billing Live Ltd',
    sortCode: '10-88-00',
    accountNumber: '00012345',
  });

  await page.waitForURL((url) => url.pathname === '/dashboard/billing' && url.search === '');
  const accountId = await expectPayoutsEnabled(page, '2345');
  await expect(page.getByText('Sandbox test bank •••• 2345')).toBeVisible();
  // Still connected after a reload, without ?setup=complete.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Payouts Enabled' })).toBeVisible();
  await shotVariants(page, testInfo, 'billing-connected');

  await openManage(page, context, testInfo, { name: 'Billing Live Ltd', accountId, last4: '2345' });
});

test('from onboarding step 3: Enable payouts, complete the sandbox onboarding, then the dashboard', async ({
  page,
  request,
  allowConsoleError,
}, testInfo) => {
  test.setTimeout(120_000);
  allowConsoleError(/status of 422/);
  const email = `payouts-${Date.now()}@example.com`;
  const subdomain = uniqueSubdomain('payouts');

  await page.goto('/');
  await page.getByRole('button', { name: 'Get Started' }).first().click();
  const modal = page.getByRole('dialog');
  await modal.getByLabel('Email').fill(email);
  await modal.getByLabel('Password', { exact: true }).fill(ORGANISER_PASSWORD);
  await modal.getByRole('button', { name: 'Create account' }).click();
  await expect(modal.getByPlaceholder('6-digit code')).toBeVisible();
  const code = await readLatestCode(request, email, new URL(page.url()).origin);
  await modal.getByPlaceholder('6-digit code').fill(code);
  await modal.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL('**/onboarding');

  await expect(page.getByRole('heading', { name: 'About your company' })).toBeVisible();
  await page.getByLabel('Company Name').fill('Step Three Events');
  await page.getByLabel('Domain').fill(subdomain);
  await expect(page.getByTestId('subdomain-availability')).toHaveText('Available');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Upload your brand image' })).toBeVisible({ timeout: 5000 });
  await page.getByRole('button', { name: 'Skip' }).click();

  await expect(page.getByRole('heading', { name: 'Set up payouts' })).toBeVisible();
  for (const item of [
    'Business information',
    'Business ownership',
    'Bank account details',
    'Government registration number',
  ]) {
    await expect(page.getByRole('listitem').filter({ hasText: item })).toBeVisible();
  }
  await shot(page, testInfo, 'onboarding-step3');
  await page.getByRole('button', { name: 'Enable payouts' }).click();

  await completeSandboxOnboarding(page, testInfo, {
    businessName: 'Step Three Events',
    sortCode: '123456',
    accountNumber: '87654321',
  });
  await page.waitForURL((url) => url.pathname === '/dashboard' && url.search === '');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('onboarding_step'))).toBeNull();

  // Onboarding is over: /onboarding goes to the dashboard.
  await page.goto('/onboarding');
  await page.waitForURL((url) => url.pathname === '/dashboard');

  await page.goto('/dashboard/billing');
  await expectPayoutsEnabled(page, '4321');
  await expect(page.getByText('Sandbox test bank •••• 4321')).toBeVisible();
});

test('a failing connect call shows Setup Failed and leaves Enable Payouts usable', async ({
  page,
  context,
  request,
  allowConsoleError,
}, testInfo) => {
  allowConsoleError(/status of 500/);
  const organiser = await createOrganiser(request, { subdomain: uniqueSubdomain('setupfail') });
  await context.addCookies(organiser.cookies);
  await page.route('**/api/stripe/create-connect-account', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'INTERNAL', message: 'Something went wrong' } }),
    }),
  );

  await page.goto('/dashboard/billing');
  await page.getByRole('button', { name: 'Enable Payouts' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Setup Failed' });
  await expect(alert.getByRole('heading', { name: 'Setup Failed' })).toBeVisible();
  await expect(alert).toContainText('Failed to start payout setup. Please try again.');
  await expect(page.getByRole('button', { name: 'Enable Payouts' })).toBeEnabled();
  await expect(page.getByRole('heading', { name: 'Payouts Not Configured' })).toBeVisible();
  await page.mouse.move(0, 0);
  await shot(page, testInfo, 'billing-setup-failed');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, testInfo, 'billing-setup-failed-mobile');

  // A link-less answer is a failure too.
  await page.unroute('**/api/stripe/create-connect-account');
  await page.route('**/api/stripe/create-connect-account', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ account_link_url: '' }) }),
  );
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Setup Failed' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Enable Payouts' }).click();
  await expect(page.getByRole('heading', { name: 'Setup Failed' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/billing$/);
});
