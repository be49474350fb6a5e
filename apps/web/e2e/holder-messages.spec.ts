// Decision 154 in Chromium against the real server (its job worker included): two fans buy tickets, the organiser
// composes a message in the event view (audience with its count, subject, body), previews it, sends a test to
// themself and sends it after the confirmation naming how many get it; the history reaches Sent with its counts
// and the e-mail is in /dev/mailbox. Desktop and a 390 px phone, light and dark.
import type { Page } from '@playwright/test';
import { E2E_PORT, expect, test } from './fixtures';
import { createOrganiser, uniqueSubdomain, type Organiser } from './support/api';
import { buyWithForms, createPublishedEvent, enableSandboxPayouts, shot } from './support/selling';

test.describe.configure({ mode: 'serial' });
test.use({ timezoneId: 'Europe/London', locale: 'en-GB' });

const baseURL = `http://localhost:${E2E_PORT}`;
let organiser: Organiser;
let eventId = '';
const SUBJECT = 'Doors open at 7pm';

async function setDark(page: Page, dark: boolean) {
  await page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' });
  const isDark = await page
    .waitForFunction((want) => document.documentElement.classList.contains('dark') === want, dark, { timeout: 1000 })
    .then(
      () => dark,
      () => !dark,
    );
  const toggle = page.getByRole('button', { name: `Switch to ${dark ? 'dark' : 'light'} theme` });
  if (isDark !== dark && (await toggle.isVisible())) await toggle.click();
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(240_000);
  organiser = await createOrganiser(request, { subdomain: uniqueSubdomain('notes'), companyName: 'Notes Co' });
  await enableSandboxPayouts(request, organiser, 'Notes Co Ltd');
  eventId = await createPublishedEvent(request, organiser, 'Quay Sessions', {
    description: 'Music by the water.',
    location: 'The Quay, Bristol',
    start_local: '2031-08-01T19:00',
    end_local: '2031-08-01T23:00',
    lineup: ['Band One'],
    capacity: 40,
    terms_of_service: '',
  });
  await buyWithForms(request, organiser, eventId, { quantity: 1, email: 'quay-ann@example.com' });
  await buyWithForms(request, organiser, eventId, { quantity: 2, email: 'quay-bob@example.com' });
});

test('compose, preview, test send, send: the history counts it and the e-mail is in the mailbox', async ({
  page,
  request,
  allowConsoleError,
}, testInfo) => {
  // The previews show the e-mail in a sandboxed frame that may run no script; Chromium may report a refusal.
  allowConsoleError(/Blocked script execution in 'about:srcdoc'/);
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.context().addCookies(organiser.cookies);
  await page.goto(`${baseURL}/dashboard/events/view/${eventId}`);
  const section = page.getByRole('region', { name: 'Messages to ticket holders' });
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByTestId('audience-count')).toHaveText('This goes to 2 recipients.', { timeout: 60_000 });
  await expect(section.getByText('No messages yet.')).toBeVisible();

  // An empty message is refused in place, with the focus on the first field to fix.
  await section.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(section.getByLabel('Subject')).toBeFocused();
  await expect(section.getByText('Write a subject')).toBeVisible();

  await section.getByLabel('Subject').fill(SUBJECT);
  await section.getByLabel('Message').fill('Doors open at 7pm.\nBring your ticket on your phone.\n\nSee you there!');
  await section.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('dialog', { name: 'E-mail preview' });
  await expect(preview).toContainText(`Subject: ${SUBJECT}`, { timeout: 60_000 });
  await expect(preview).toContainText('2 recipients');
  await expect(
    preview.frameLocator('iframe').locator('p', { hasText: 'Bring your ticket on your phone.' }),
  ).toBeVisible();
  await shot(page, testInfo, 'messages-preview-desktop');
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();

  await section.getByRole('button', { name: 'Send test to me' }).click();
  await expect(section.getByText(`Test e-mail sent to ${organiser.email}.`)).toBeVisible({ timeout: 60_000 });

  await section.getByRole('button', { name: 'Send', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Send message' });
  await expect(confirm).toContainText('Send to 2 recipients?');
  await shot(page, testInfo, 'messages-confirm-desktop');
  // A double click on the confirmation sends one message.
  await confirm.getByRole('button', { name: 'Send to 2 recipients' }).dblclick();
  await expect(confirm).toBeHidden({ timeout: 60_000 });
  await expect(section.getByText(`“${SUBJECT}” is queued for 2 recipients.`)).toBeVisible();
  const rows = section.getByTestId('message-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Sent', { timeout: 90_000 });
  await expect(rows.first().getByRole('cell')).toHaveText([
    SUBJECT,
    'All ticket holders',
    'Sent',
    '2',
    '2',
    '0',
    '0',
    /.+/,
  ]);
  await shot(page, testInfo, 'messages-history-desktop');

  await setDark(page, true);
  await section.scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'messages-desktop-dark');
  await setDark(page, false);

  // Each holder got it once; the organiser's test is marked as one.
  for (const email of ['quay-ann@example.com', 'quay-bob@example.com']) {
    const mail = await request.get(`${baseURL}/api/dev/mail?to=${encodeURIComponent(email)}`);
    const mine = ((await mail.json()) as Array<{ subject: string; headers: unknown }>).filter(
      (m) => m.subject === SUBJECT,
    );
    expect(mine).toHaveLength(1);
    expect(mine[0]!.headers).toBeNull();
  }
  const test_ = await request.get(`${baseURL}/api/dev/mail?to=${encodeURIComponent(organiser.email)}`);
  expect(((await test_.json()) as Array<{ subject: string }>).map((m) => m.subject)).toContain(`[Test] ${SUBJECT}`);
  await page.goto(`${baseURL}/dev/mailbox?to=quay-ann%40example.com`);
  await expect(page.getByText(SUBJECT).first()).toBeVisible();
  await shot(page, testInfo, 'messages-mailbox');
});

test('on a 390 px phone the form, the preview and the history fit, light and dark', async ({
  page,
  allowConsoleError,
}, testInfo) => {
  allowConsoleError(/Blocked script execution in 'about:srcdoc'/);
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.context().addCookies(organiser.cookies);
  await page.goto(`${baseURL}/dashboard/events/view/${eventId}`);
  const section = page.getByRole('region', { name: 'Messages to ticket holders' });
  await section.scrollIntoViewIfNeeded();
  // The audiences are one radio group used with the keyboard.
  await section.getByRole('radio', { name: /All ticket holders/ }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(section.getByRole('radio', { name: /Holders of one ticket type/ })).toBeChecked();
  await section.getByLabel('Ticket type', { exact: true }).selectOption({ label: 'General Admission' });
  await expect(section.getByTestId('audience-count')).toHaveText('This goes to 2 recipients.', { timeout: 60_000 });
  await section.getByLabel('Subject').fill('Parking');
  await section.getByLabel('Message').fill('Park on Quay Street.');
  const box = (await section.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await shot(page, testInfo, 'messages-phone-light');
  await section.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('dialog', { name: 'E-mail preview' });
  await expect(preview.frameLocator('iframe').locator('p', { hasText: 'Park on Quay Street.' })).toBeVisible({
    timeout: 60_000,
  });
  const dialogBox = (await preview.boundingBox())!;
  expect(dialogBox.x + dialogBox.width).toBeLessThanOrEqual(390);
  await shot(page, testInfo, 'messages-preview-phone');
  await page.keyboard.press('Escape');
  await setDark(page, true);
  await section.scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'messages-phone-dark');
});
