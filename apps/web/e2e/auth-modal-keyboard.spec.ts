// Issue 13 point 6: the auth modal's tab order follows its visual order, and every text field shows a focus
// ring. For each view (sign in, forgot password, get started) at 1280 px and on a 390 px phone, the test
// reads the focusable elements' reading order from the layout (rows top to bottom, then left to right) and
// presses Tab through the dialog from the first of them: the focus must visit them in exactly that order.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** A description of the focused element, for a readable failure. */
const describeFocus = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    if (!active) return 'nothing';
    const name = active.getAttribute('aria-label') ?? active.textContent?.trim() ?? '';
    const label = active.id ? document.querySelector(`label[for="${active.id}"]`)?.textContent?.trim() : '';
    return `${active.tagName.toLowerCase()} "${label || name}"`;
  });

/** The dialog's focusable elements in reading order, each described as describeFocus does. */
async function readingOrder(dialog: Locator): Promise<string[]> {
  return dialog.evaluate((node) => {
    const selector =
      'a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
    const items = Array.from(node.querySelectorAll<HTMLElement>(selector)).filter((item) => {
      const box = item.getBoundingClientRect();
      return item.tabIndex >= 0 && box.width > 0 && box.height > 0 && getComputedStyle(item).visibility !== 'hidden';
    });
    const describe = (item: HTMLElement) => {
      const name = item.getAttribute('aria-label') ?? item.textContent?.trim() ?? '';
      const label = item.id ? document.querySelector(`label[for="${item.id}"]`)?.textContent?.trim() : '';
      return `${item.tagName.toLowerCase()} "${label || name}"`;
    };
    // Reading order: rows top to bottom (elements overlapping vertically by more than a few pixels share a
    // row), then left to right within a row.
    const boxes = items.map((item) => ({ item, box: item.getBoundingClientRect() }));
    boxes.sort((a, b) => {
      const overlap = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
      return overlap > 4 ? a.box.left - b.box.left : a.box.top - b.box.top;
    });
    boxes.forEach(({ item }, index) => item.setAttribute('data-reading-order', String(index)));
    return boxes.map(({ item }) => describe(item));
  });
}

/** Focuses the first element in reading order, then presses Tab once per further element. */
async function expectTabOrderFollowsLayout(page: Page, dialog: Locator) {
  const expected = await readingOrder(dialog);
  expect(expected.length).toBeGreaterThan(3);
  await dialog.locator('[data-reading-order="0"]').focus();
  const visited = [await describeFocus(page)];
  for (let step = 1; step < expected.length; step++) {
    await page.keyboard.press('Tab');
    visited.push(await describeFocus(page));
  }
  expect(visited, 'the focus sequence under Tab').toEqual(expected);
  // One more Tab stays in the dialog (the focus trap wraps to the first element).
  await page.keyboard.press('Tab');
  expect(await describeFocus(page)).toBe(expected[0]);
}

async function expectFocusRing(field: Locator) {
  await expect(field).toBeFocused();
  const ring = await field.evaluate((node) => {
    const style = getComputedStyle(node);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });
  expect(ring.style).toBe('solid');
  expect(ring.width).toBeGreaterThanOrEqual(2);
}

for (const { name, width, height } of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`the auth modal (${name}): Tab follows the visual order in every view, text fields show a focus ring`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign In' }).first().click();
    const signIn = page.getByRole('dialog', { name: 'Sign in' });
    const email = signIn.getByRole('textbox', { name: 'Email' });
    await expect(email).toBeFocused();
    await expectFocusRing(email);
    await page.keyboard.press('Tab');
    await expectFocusRing(signIn.getByLabel('Password', { exact: true }));
    await expectTabOrderFollowsLayout(page, signIn);

    await signIn.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(signIn.getByRole('button', { name: 'Send reset code' })).toBeVisible();
    await expectFocusRing(signIn.getByRole('textbox', { name: 'Email' }));
    await expectTabOrderFollowsLayout(page, signIn);

    await signIn.getByRole('button', { name: 'Get started', exact: true }).click();
    const signUp = page.getByRole('dialog', { name: 'Get started' });
    await expect(signUp.getByRole('button', { name: 'Create account' })).toBeVisible();
    await expectFocusRing(signUp.getByRole('textbox', { name: 'Email' }));
    await expectTabOrderFollowsLayout(page, signUp);
  });
}
