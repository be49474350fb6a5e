// The dashboard shell as an organiser uses it: sidebar, command palette, theme, mobile menu, Logout, and the
// redirect for signed-out visitors.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createOrganiser, uniqueSubdomain, type Organiser } from './support/api';

async function signInAs(page: Page, organiser: Organiser) {
  await page.context().addCookies(organiser.cookies);
}

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });

test.describe('signed in', () => {
  let organiser: Organiser;

  test.beforeEach(async ({ page, request }) => {
    organiser = await createOrganiser(request, { subdomain: uniqueSubdomain('shell'), companyName: 'Shell Test Live' });
    await signInAs(page, organiser);
  });

  test('the sidebar shows the organisation and the e-mail, and marks Dashboard active only on an exact match', async ({
    page,
  }) => {
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle('Dashboard · Marquee');
    // No promo banner inside the signed-in dashboard (issue 13).
    await expect(page.getByText('Fans pay an 8% booking fee')).toHaveCount(0);
    await expect(page.getByTestId('sidebar-organization-name').first()).toHaveText('Shell Test Live');
    await expect(page.getByTestId('sidebar-email').first()).toHaveText(organiser.email);
    await expect(page.getByRole('link', { name: 'New Event' })).toHaveAttribute('href', '/dashboard/events/new');

    const dashboardLink = sidebar(page).getByRole('link', { name: 'Dashboard' });
    await expect(dashboardLink).toHaveAttribute('aria-current', 'page');

    await sidebar(page).getByRole('link', { name: 'Analytics' }).click();
    await expect(page).toHaveURL(/\/dashboard\/analytics$/);
    await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Total Revenue', exact: true })).toBeVisible();
    await expect(sidebar(page).getByRole('link', { name: 'Analytics' })).toHaveAttribute('aria-current', 'page');
    await expect(dashboardLink).not.toHaveAttribute('aria-current', 'page');

    await page.goto('/dashboard/events/new');
    await expect(page.getByRole('heading', { name: 'New Event', level: 1 })).toBeVisible();
    await expect(sidebar(page).getByRole('link', { name: 'Events' })).not.toHaveAttribute('aria-current', 'page');
  });

  test('the command palette works from the keyboard', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    const input = palette.getByRole('combobox');
    await expect(input).toBeFocused();
    await expect(input).toHaveAttribute('placeholder', 'SEARCH...');
    await expect(palette.getByRole('option')).toHaveCount(6);

    await input.fill('bil');
    await expect(palette.getByRole('option')).toHaveText(['Billing']);
    await page.keyboard.press('Enter');
    await expect(palette).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard\/billing$/);
    await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();

    await page.keyboard.press('Control+k');
    await input.fill('zzz');
    await expect(palette.getByText('No results found.')).toBeVisible();
    await expect(palette.getByRole('option')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(palette).toBeHidden();

    // The search box opens it too; the arrow keys move through the entries.
    await page.getByRole('searchbox', { name: 'Search the dashboard' }).click();
    await expect(input).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(palette.getByRole('option', { name: 'Events' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard\/events$/);
    await expect(palette).toBeHidden();

    // Focus goes back to the search box without opening the palette again; Enter there opens it.
    const search = page.getByRole('searchbox', { name: 'Search the dashboard' });
    await expect(search).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(input).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(search).toBeFocused();
    await page.waitForTimeout(300);
    await expect(palette).toBeHidden();
  });

  test('the theme toggle survives a reload', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/dashboard');
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
  });

  test('View profile opens the ticket page in a new tab', async ({ page }) => {
    await page.goto('/dashboard');
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'View profile' }).click();
    const tab = await popup;
    await expect(tab).toHaveURL(`http://${organiser.subdomain}.localhost:${new URL(page.url()).port}/`);
    await tab.close();
  });

  test('Logout signs out and returns to the landing page', async ({ page }) => {
    await page.goto('/dashboard');
    await sidebar(page).waitFor();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: /Own your ticketing/ })).toBeVisible();
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/$/);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the menu opens from the header and closes on navigation, Escape and a backdrop click', async ({ page }) => {
      await page.goto('/dashboard');
      await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeHidden();
      const openMenu = page.getByRole('button', { name: 'Open menu' });
      const menu = page.getByRole('dialog', { name: 'Menu' });

      await openMenu.click();
      await expect(menu).toBeVisible();
      await expect(menu.getByText(organiser.email)).toBeVisible();
      // Focus stays inside the open menu.
      await expect(menu.getByRole('button', { name: 'Close menu' })).toBeFocused();
      for (let step = 0; step < 10; step += 1) await page.keyboard.press('Tab');
      expect(await menu.evaluate((node) => node.contains(document.activeElement))).toBe(true);
      await menu.getByRole('link', { name: 'Customers' }).click();
      await expect(page).toHaveURL(/\/dashboard\/customers$/);
      await expect(menu).toBeHidden();
      await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();

      await openMenu.click();
      await expect(menu).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect(openMenu).toBeFocused();

      await openMenu.click();
      await expect(menu).toBeVisible();
      await page.getByTestId('mobile-menu-backdrop').click({ position: { x: 370, y: 400 } });
      await expect(menu).toBeHidden();
    });
  });
});

test('a signed-out visit to the dashboard goes to the landing page', async ({ page }) => {
  await page.goto('/dashboard/billing');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: /Own your ticketing/ })).toBeVisible();
});
