// Decision 029's axe check (as accessibility.spec.ts runs it: no serious or critical violation, light and dark,
// 1280 px and a 390 px phone) on the fan's pages of issue 30: a sold-out event's waiting list (the form, the
// confirmation that replaces it, the e-mail's leave page and the page after leaving) and the waiting room's lobby
// before an on-sale, with the on-sale time.
import { expect, type APIRequestContext } from '@playwright/test';
import { E2E_PORT, storefrontUrl, test } from './fixtures';
import { createOrganiser, uniqueSubdomain, type Organiser } from './support/api';
import { Audit, preloadAxe } from './support/axe-audit';
import { buyWithForms, createPublishedEvent, enableSandboxPayouts } from './support/selling';

test.describe.configure({ mode: 'serial' });
test.use({ timezoneId: 'Europe/London', locale: 'en-GB', reducedMotion: 'reduce' });

const baseURL = `http://localhost:${E2E_PORT}`;
const serverPage = { kind: 'page' } as const;
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

let organiser: Organiser;
let soldOutId = '';
let lobbyId = '';

/** 'YYYY-MM-DDTHH:mm' in Europe/London at `at` (the API takes local times in the event's zone). */
function londonLocal(at: number): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(at));
  const get = (type: string) => parts.find((part) => part.type === type)!.value;
  return `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}`;
}

/** The leave link in the waiting-list e-mail to `email`. */
async function leaveLinkFor(request: APIRequestContext, email: string): Promise<string> {
  let link = '';
  await expect(async () => {
    const mail = await request.get(`${baseURL}/api/dev/mail?to=${encodeURIComponent(email)}`);
    const texts = ((await mail.json()) as Array<{ text: string }>).map((message) => message.text).join('\n');
    link = /https?:\/\/\S+\/waitlist\/leave\/[0-9a-f-]{36}\.[A-Za-z0-9_-]{22}/.exec(texts)?.[0] ?? '';
    expect(link).not.toBe('');
  }).toPass({ timeout: 15_000 });
  return link;
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  organiser = await createOrganiser(request, { subdomain: uniqueSubdomain('axefan'), companyName: 'Axe Fan Co' });
  await enableSandboxPayouts(request, organiser);
  const headers = { origin: baseURL, cookie: organiser.cookieHeader };
  // Sold out: its one place is bought.
  soldOutId = await createPublishedEvent(request, organiser, 'Sold Out Night', { capacity: 1 });
  await buyWithForms(request, organiser, soldOutId, { quantity: 1, email: 'axe-first@example.com' });
  // The waiting room on, the on-sale 14 minutes away: its lobby is open (from 15 minutes before).
  lobbyId = await createPublishedEvent(request, organiser, 'Lobby Night');
  const queue = await request.put(`${baseURL}/api/events/${lobbyId}/queue`, {
    headers,
    data: { mode: 'on', rate_per_minute: 60 },
  });
  expect(queue.status(), await queue.text()).toBe(200);
  const sales = await request.put(`${baseURL}/api/events/${lobbyId}/sales`, {
    headers,
    data: {
      sales_start_local: londonLocal(Date.now() + 14 * 60_000),
      sales_end_local: null,
      max_tickets_per_order: 6,
      max_tickets_per_email: 6,
    },
  });
  expect(sales.status(), await sales.text()).toBe(200);
});

test.beforeEach(async ({ page }) => {
  test.setTimeout(240_000);
  await preloadAxe(page.context());
});

for (const { name: viewport, width, height } of VIEWPORTS) {
  test.describe(`${viewport} (${width} px)`, () => {
    test.use({ viewport: { width, height } });

    test('waiting-list pages and the lobby: no serious or critical axe violation', async ({ page }) => {
      const audit = new Audit(page, viewport);
      await page.goto(storefrontUrl(organiser.subdomain, `/events/${soldOutId}/waitlist`));
      await expect(page.getByRole('button', { name: 'Join the waiting list' })).toBeVisible();
      await audit.check('waiting-list form', serverPage);
      const email = `axe-wait-${viewport}-${Date.now().toString(36)}@example.com`;
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Join the waiting list' }).click();
      await expect(page.getByRole('status')).toContainText('You are on the waiting list.');
      await audit.check('waiting-list confirmation', serverPage);
      await page.goto(await leaveLinkFor(page.request, email));
      await expect(page.getByRole('heading', { name: 'Leave the waiting list?' })).toBeVisible();
      await audit.check('waiting-list leave page', serverPage);
      await page.getByRole('button', { name: 'Leave the waiting list' }).click();
      await expect(page.getByRole('heading', { name: 'You have left the waiting list' })).toBeVisible();
      await audit.check('waiting-list left', serverPage);

      await page.goto(storefrontUrl(organiser.subdomain, `/events/${lobbyId}`));
      await page.waitForURL(/\/queue\//);
      await expect(page.getByRole('status')).toContainText('You are in the lobby', { timeout: 30_000 });
      await expect(page.getByText(/^On sale .* \(Europe\/London time\)\.$/)).toBeVisible();
      await audit.check('waiting-room lobby', serverPage);
      process.stdout.write(`${audit.summary('waiting list and lobby')}\n`);
      expect(audit.found, `serious or critical axe violations (${audit.found.length})`).toEqual([]);
    });
  });
}
