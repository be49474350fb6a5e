// The new organiser's journey of issue 3, as a person would do it in the browser.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createOrganiser } from './support/api';
import { makeTinyPng, makeValidPng } from './support/images';

const PASSWORD = 'Tickets&Rush42';

async function readCodeFromMailbox(page: Page, email: string, subjectPart: RegExp): Promise<string> {
  const mailbox = await page.context().newPage();
  await mailbox.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
  const message = mailbox.locator('article').filter({ hasText: subjectPart }).first();
  await expect(message).toBeVisible();
  const text = await message.innerText();
  await mailbox.close();
  const code = text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in mailbox for ${email}`);
  return code;
}

test('sign up, verify, onboard with a brand image, sign out, sign in, reset the password', async ({
  page,
  allowConsoleError,
}) => {
  test.setTimeout(120_000);
  // The refusals below (wrong password, unknown address, breached password) answer 401, 404 and 400, which
  // the browser reports in the console.
  allowConsoleError(/status of (400|401|404)/);
  const email = `organiser-${Date.now()}@example.com`;
  const subdomain = `journey${Date.now().toString(36)}`;

  await page.goto('/');
  await page.getByRole('button', { name: 'Get Started' }).first().click();
  const modal = page.getByRole('dialog');
  await expect(modal).toBeVisible();

  // The e-mail shape and the five password rules.
  await modal.getByLabel('Email').fill('not-an-email');
  await modal.getByLabel('Password', { exact: true }).fill('weak');
  await expect(modal.getByRole('button', { name: 'Create account' })).toBeDisabled();
  await expect(modal.getByText('At least 8 characters')).toBeVisible();
  await modal.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await modal.getByRole('button', { name: 'Create account' }).click();
  await expect(modal.getByText('Please enter a valid email address.')).toBeVisible();

  await modal.getByLabel('Email').fill(email);
  await modal.getByRole('button', { name: 'Create account' }).click();
  await expect(modal.getByPlaceholder('6-digit code')).toBeVisible();

  const code = await readCodeFromMailbox(page, email, /verification code/i);
  await modal.getByPlaceholder('6-digit code').fill(code);
  await modal.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL('**/onboarding');

  // Step 1: company, currency, subdomain with live availability.
  await expect(page.getByRole('heading', { name: 'About your company' })).toBeVisible();
  await page.getByLabel('Company Name').fill('Journey Events');
  await page.getByLabel('Default Currency').selectOption('EUR');
  await page.getByLabel('Domain').fill('www');
  await expect(page.getByTestId('subdomain-availability')).toHaveText('This name is reserved');
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await page.getByLabel('Domain').fill(`${subdomain.toUpperCase()}!`);
  await expect(page.getByLabel('Domain')).toHaveValue(subdomain);
  await expect(page.getByTestId('subdomain-availability')).toHaveText('Available');
  await page.getByRole('button', { name: 'Continue' }).click();

  // Step 2: the brand image, checked in the browser and on the server.
  await expect(page.getByRole('heading', { name: 'Upload your brand image' })).toBeVisible({ timeout: 5000 });
  await page.getByLabel('Brand image file').setInputFiles(await makeTinyPng());
  await expect(page.getByText('Image must be between 50KB and 750KB')).toBeVisible();
  await page.getByLabel('Brand image file').setInputFiles(await makeValidPng());
  await expect(page.getByAltText('Brand image preview')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Upload your brand image' })).toBeVisible();
  await expect(page.getByAltText('Brand image preview')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();

  // Step 3: payouts can wait.
  await expect(page.getByRole('heading', { name: 'Set up payouts' })).toBeVisible();
  await expect(page.getByText('Government registration number')).toBeVisible();
  await page.getByRole('button', { name: 'Skip for now' }).click();
  await page.waitForURL('**/dashboard');

  // Onboarding is finished: it sends the organiser back to the dashboard.
  await page.goto('/onboarding');
  await page.waitForURL('**/dashboard');

  // The brand image was saved as the organisation's logo.
  const info = await page.request.get('/api/org/info');
  expect((await info.json()).organization).toMatchObject({ name: 'Journey Events', subdomain });
  expect((await info.json()).organization.image).toMatch(/^\/uploads\/images\/.+\.webp$/);

  // Sign out, then sign in again.
  await page.context().clearCookies();
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign In' }).first().click();
  await modal.getByLabel('Email').fill(email);
  await modal.getByLabel('Password', { exact: true }).fill('Wrong&Password1');
  await modal.locator('form').getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(modal.getByRole('alert')).toHaveText(/invalid email or password/i);
  await modal.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await modal.locator('form').getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/dashboard');

  // Forgot password with the e-mailed code, then sign in with the new password.
  await page.context().clearCookies();
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign In' }).first().click();
  await modal.getByRole('button', { name: 'Forgot password?' }).click();
  await modal.getByLabel('Email').fill(`nobody-${Date.now()}@example.com`);
  await modal.getByRole('button', { name: 'Send reset code' }).click();
  await expect(modal.getByText('Email address not found for password reset')).toBeVisible();
  await modal.getByLabel('Email').fill(email);
  await modal.getByRole('button', { name: 'Send reset code' }).click();
  const resetCode = await readCodeFromMailbox(page, email, /reset code/i);
  await modal.getByPlaceholder('6-digit code').fill(resetCode);
  await modal.getByLabel('New password').fill('Password123!');
  await modal.getByRole('button', { name: 'Reset password' }).click();
  await expect(
    modal.getByText('This password has been found in a data breach. Please choose a different password.'),
  ).toBeVisible();
  await modal.getByLabel('New password').fill('Fresh&Start2026');
  await modal.getByRole('button', { name: 'Reset password' }).click();
  await page.waitForURL('**/dashboard');

  await page.context().clearCookies();
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign In' }).first().click();
  await modal.getByLabel('Email').fill(email);
  await modal.getByLabel('Password', { exact: true }).fill('Fresh&Start2026');
  await modal.locator('form').getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/dashboard');
});

test('the modal closes on Escape and on a backdrop click, and unconfigured social sign-in says so', async ({
  page,
  allowConsoleError,
}) => {
  // The unconfigured provider answers 404, which the browser reports in the console.
  allowConsoleError(/status of 404/);
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign In' }).first().click();
  const modal = page.getByRole('dialog');
  await expect(modal).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();

  await page.getByRole('button', { name: 'Get Started' }).first().click();
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: 'Sign up with Google' }).click();
  await expect(modal.getByRole('alert')).toHaveText('Google sign-up failed. Please try again.');
  await expect(modal.getByRole('alert')).toHaveCSS('text-transform', 'uppercase');
  await page.getByTestId('dialog-backdrop').click({ position: { x: 5, y: 5 } });
  await expect(modal).toBeHidden();

  await page.goto('/dashboard');
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('heading', { name: /Own your ticketing/ })).toBeVisible();
});

test('the auth and onboarding screens show each of the spec’s errors', async ({ page, request, allowConsoleError }) => {
  test.setTimeout(120_000);
  allowConsoleError(/status of (400|401|404|409|422|500)/);
  const email = `errors-${Date.now()}@example.com`;

  // An address that already has an account.
  await page.goto('/');
  await page.getByRole('button', { name: 'Get Started' }).first().click();
  const modal = page.getByRole('dialog');
  await modal.getByLabel('Email').fill(email);
  await modal.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await modal.getByRole('button', { name: 'Create account' }).click();
  await expect(modal.getByPlaceholder('6-digit code')).toBeVisible();

  // A wrong code.
  await modal.getByPlaceholder('6-digit code').fill('000000');
  await modal.getByRole('button', { name: 'Verify' }).click();
  await expect(modal.getByText('Verification failed. Please check your code and try again.')).toBeVisible();

  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Get Started' }).first().click();
  await modal.getByLabel('Email').fill(email);
  await modal.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await modal.getByRole('button', { name: 'Create account' }).click();
  const exists = modal.getByText('An account with this email already exists. Please try signing in instead.');
  await expect(exists).toBeVisible();
  await expect(exists).toHaveCSS('text-transform', 'uppercase');

  // Social sign-in that is not configured, in sign-in mode.
  await modal.getByRole('button', { name: 'Sign in', exact: true }).first().click();
  await modal.getByRole('button', { name: 'Sign in with Microsoft' }).click();
  await expect(modal.getByText('Microsoft sign-in failed. Please try again.')).toBeVisible();

  // Forgot password: a malformed address, then a wrong reset code.
  await modal.getByRole('button', { name: 'Forgot password?' }).click();
  await modal.getByLabel('Email').fill('not-an-address');
  await modal.getByRole('button', { name: 'Send reset code' }).click();
  await expect(modal.getByText('Failed to send reset code. Please check your email address.')).toBeVisible();
  await modal.getByLabel('Email').fill(email);
  await modal.getByRole('button', { name: 'Send reset code' }).click();
  await modal.getByPlaceholder('6-digit code').fill('000000');
  await modal.getByLabel('New password').fill('Another&Pass55');
  await modal.getByRole('button', { name: 'Reset password' }).click();
  await expect(modal.getByText('Password reset failed. Please try again.')).toBeVisible();
  await modal.getByRole('button', { name: 'Back to sign in' }).click();
  await expect(modal.getByRole('button', { name: 'Forgot password?' })).toBeVisible();
  await expect(modal.getByLabel('Email')).toHaveValue('');

  // Onboarding: a check that fails, a wrong image type, and a subdomain taken in the meantime.
  const code = await readCodeFromMailbox(page, email, /verification code/i);
  const verified = await request.post('/api/auth/email-otp/verify-email', {
    data: { email, otp: code },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(verified.ok()).toBe(true);
  await page
    .context()
    .addCookies((await request.storageState()).cookies.filter((cookie) => cookie.name.includes('session')));
  await page.goto('/onboarding');
  await page.getByLabel('Company Name').fill('Error Co');
  await page.route('**/api/org/check-subdomain', (route) => route.fulfill({ status: 500, body: '{}' }));
  await page.getByLabel('Domain').fill('errorco');
  await expect(page.getByTestId('subdomain-availability')).toHaveText('Check failed');
  await page.unroute('**/api/org/check-subdomain');
  const taken = `taken${Date.now().toString(36)}`;
  await page.getByLabel('Domain').fill(taken);
  await expect(page.getByTestId('subdomain-availability')).toHaveText('Available');
  // Another organiser takes it before Continue: the server's 409 reason is shown.
  await createOrganiser(request, { subdomain: taken });
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText('This subdomain is already taken');
  await page.getByLabel('Domain').fill(`${taken}x`);
  await expect(page.getByTestId('subdomain-availability')).toHaveText('Available');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Upload your brand image' })).toBeVisible();
  const notAnImage = path.join(os.tmpdir(), `notes-${Date.now()}.txt`);
  fs.writeFileSync(notAnImage, 'x'.repeat(60 * 1024));
  await page.getByLabel('Brand image file').setInputFiles(notAnImage);
  await expect(page.getByText('Only JPG, PNG, or GIF files are allowed')).toBeVisible();
});
