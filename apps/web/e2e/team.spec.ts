// Team and roles as people use them: the owner invites a door-staff member from the Profile page's Team tab;
// the invitee opens the e-mailed link (read from the development outbox), signs up through it and sees only the
// check-in app's link; the owner makes them an admin (who then gets the dashboard, without Billing) and removes
// them. Screenshots of the Team tab (desktop and 390 px phone, light and dark) go to E2E_SCREENSHOTS when set.
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createOrganiser, ORGANISER_PASSWORD, readLatestCode, uniqueSubdomain } from './support/api';

async function invitationLink(request: APIRequestContext, email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`/api/dev/mail?to=${encodeURIComponent(email)}`);
      const mails = (await response.json()) as Array<{ subject: string; text: string }>;
      link = mails.find((mail) => mail.subject.includes('invited'))?.text.match(/https?:\/\/\S+\/invite\/[\w-]+/)?.[0];
      return link;
    })
    .toBeTruthy();
  return new URL(link!).pathname;
}

/** Desktop and 390 px phone, light and dark, into E2E_SCREENSHOTS; skipped when it is not set (CI). */
async function shots(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  const viewport = page.viewportSize() ?? { width: 1280, height: 720 };
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((next) => {
      document.documentElement.classList.toggle('dark', next === 'dark');
      document.documentElement.style.colorScheme = next;
    }, theme);
    for (const [device, size] of [
      ['desktop', viewport],
      ['mobile', { width: 390, height: 844 }],
    ] as const) {
      // The viewport stretched to the page's height, so the fixed header and sidebar sit where a reader expects.
      await page.setViewportSize(size);
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      await page.setViewportSize({ width: size.width, height: Math.max(size.height, height) });
      await page.screenshot({ path: path.join(dir, `${name}-${device}-${theme}.png`), animations: 'disabled' });
    }
  }
  await page.setViewportSize(viewport);
}

test('the owner invites door staff, who join through the link and see only the check-in app', async ({
  browser,
  request,
}) => {
  // Two sign-ups (the owner's through the API, the invitee's in the browser) in one journey.
  test.setTimeout(process.env.E2E_SCREENSHOTS ? 420_000 : 120_000);
  const owner = await createOrganiser(request, { subdomain: uniqueSubdomain('team') });
  const ownerContext = await browser.newContext({ storageState: owner.storageState });
  const ownerPage = await ownerContext.newPage();
  await ownerPage.goto('/dashboard/profile');
  await ownerPage.getByRole('tab', { name: 'Team' }).click();
  await expect(ownerPage.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);
  const members = ownerPage.getByRole('list', { name: 'Members' });
  await expect(members.getByText(owner.email)).toBeVisible();

  const email = `door-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const name = email.split('@')[0]!;
  await ownerPage.getByLabel('Email').fill(email);
  await ownerPage.getByLabel('Role', { exact: true }).selectOption('door');
  await ownerPage.getByRole('button', { name: 'Send invitation' }).click();
  await expect(ownerPage.getByRole('status')).toHaveText(`Invitation sent to ${email}.`);
  await expect(ownerPage.getByRole('list', { name: 'Open invitations' }).getByText(email)).toBeVisible();
  await shots(ownerPage, 'team-tab');

  // The invitee: a fresh browser, the e-mailed link, sign-up with the invited address, the 6-digit code.
  const link = await invitationLink(request, email);
  const doorContext = await browser.newContext();
  const doorPage = await doorContext.newPage();
  await doorPage.goto(link);
  await expect(doorPage.getByRole('heading', { name: `Join ${owner.companyName}` })).toBeVisible();
  await doorPage.getByRole('button', { name: 'Create account and join' }).click();
  const dialog = doorPage.getByRole('dialog');
  await expect(dialog.getByLabel('Email')).toHaveValue(email);
  await dialog.getByLabel('Password', { exact: true }).fill(ORGANISER_PASSWORD);
  await dialog.getByRole('button', { name: 'Create account' }).click();
  await dialog
    .getByLabel('Verification code')
    .fill(await readLatestCode(request, email, new URL(doorPage.url()).origin));
  await dialog.getByRole('button', { name: 'Verify' }).click();

  // Accepting, then a full page load of the dashboard.
  await expect(doorPage).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  await expect(doorPage.getByRole('link', { name: 'Open the check-in app' })).toHaveAttribute('href', '/checkin');
  await expect(doorPage.getByRole('navigation', { name: 'Dashboard' })).toHaveCount(0);
  await shots(doorPage, 'door-staff-home');
  await doorPage.goto('/dashboard/customers');
  await expect(doorPage.getByRole('link', { name: 'Open the check-in app' })).toBeVisible();
  await expect(doorPage.getByRole('navigation', { name: 'Dashboard' })).toHaveCount(0);

  // The owner sees them as door staff, makes them an admin: the dashboard opens for them, without Billing.
  await ownerPage.reload();
  await ownerPage.getByRole('tab', { name: 'Team' }).click();
  const role = ownerPage.getByLabel(`Role of ${name}`);
  await expect(role).toHaveValue('door');
  await role.selectOption('admin');
  await expect(ownerPage.getByRole('status')).toHaveText(`${name} is now Admin.`);
  await doorPage.goto('/dashboard');
  const nav = doorPage.getByRole('navigation', { name: 'Dashboard' }).first();
  await expect(nav.getByRole('link', { name: 'Customers' })).toBeAttached();
  await expect(nav.getByRole('link', { name: 'Billing' })).toHaveCount(0);

  // Removed: gone from the list.
  await ownerPage.getByRole('button', { name: `Remove ${name}` }).click();
  await ownerPage.getByRole('button', { name: 'Confirm remove' }).click();
  await expect(ownerPage.getByRole('status')).toHaveText(`${name} was removed from the team.`);
  await expect(members.getByText(email)).toHaveCount(0);

  await doorContext.close();
  await ownerContext.close();
});
