// Issue 30, point 4: a door that works with real hardware. A fan's tickets are bought through the storefront's
// forms and their QR codes, as the order page shows them, are decoded (jsQR, as the app's camera does) into the
// payloads a handheld scanner types. The scanner is a keyboard: `page.keyboard.type(payload + '\n')`, with the
// focus on nothing, in the search box half-way through a name, on a button, on the Sell tab's form, offline; each
// is judged as a scan and nothing lands in a field. A person typing keeps every key. Each answer beeps and
// vibrates (the page's Web Audio and vibration, recorded), the sound can be muted and stays muted. The
// organiser's check-in log fits a 390 px phone.
import type { Page } from '@playwright/test';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { E2E_PORT, expect, test } from './fixtures';
import { createOrganiser, uniqueSubdomain, type Organiser } from './support/api';
import { buyWithForms, createPublishedEvent, enableSandboxPayouts, shot } from './support/selling';

test.use({ timezoneId: 'Europe/London', locale: 'en-GB' });

const baseURL = `http://localhost:${E2E_PORT}`;
let organiser: Organiser;
let eventId = '';
let orderUrl = '';

interface Ticket {
  code: string;
  payload: string;
}

test.beforeAll(async ({ request }) => {
  organiser = await createOrganiser(request, { subdomain: uniqueSubdomain('wedge'), companyName: 'Wedge Works' });
  await enableSandboxPayouts(request, organiser);
  eventId = await createPublishedEvent(request, organiser, 'Scanner Night');
  orderUrl = await buyWithForms(request, organiser, eventId, {
    quantity: 7,
    email: 'dora-scan@example.com',
    firstName: 'Dora',
    lastName: 'Scanner',
  });
});

/** Each ticket's code and the payload its QR code on the order page carries (decoded from the picture). */
async function ticketsOnOrderPage(page: Page): Promise<Ticket[]> {
  await page.goto(orderUrl);
  const items = page.locator('li.ticket');
  await expect(items.first().locator('svg')).toBeVisible();
  const tickets: Ticket[] = [];
  for (const item of await items.all()) {
    const png = await item.locator('svg').screenshot();
    const { data, info } = await sharp(png)
      .flatten({ background: '#ffffff' })
      .extend({ top: 16, bottom: 16, left: 16, right: 16, background: '#ffffff' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const read = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
    expect(read, 'a readable QR code on the order page').not.toBeNull();
    const code = /T-[A-Z2-9]{10}/.exec(await item.locator('p.muted').first().innerText())![0];
    expect(read!.data).toMatch(new RegExp(`^MQT1\\.${code}\\.${eventId}\\.[A-Za-z0-9_-]{86}$`));
    tickets.push({ code, payload: read!.data });
  }
  return tickets;
}

/** Records the tones the page starts (Web Audio) and the vibrations it asks for. */
async function recordFeedback(page: Page) {
  await page.addInitScript(() => {
    const record = window as unknown as { tones: number[]; vibrations: unknown[] };
    record.tones = [];
    record.vibrations = [];
    const create = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function (this: AudioContext) {
      const oscillator = create.call(this);
      const start = oscillator.start.bind(oscillator);
      oscillator.start = (when?: number) => {
        record.tones.push(oscillator.frequency.value);
        start(when);
      };
      return oscillator;
    };
    Object.defineProperty(navigator, 'vibrate', {
      configurable: true,
      value: (pattern: unknown) => record.vibrations.push(pattern) > 0,
    });
  });
}

const feedback = (page: Page) =>
  page.evaluate(() => {
    const record = window as unknown as { tones: number[]; vibrations: unknown[] };
    return { tones: [...record.tones], vibrations: [...record.vibrations] };
  });

async function logOf(page: Page) {
  const answer = await page.request.get(`${baseURL}/api/checkin/events/${eventId}/log`, {
    headers: { cookie: organiser.cookieHeader },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { entries: Array<{ ticket_code: string; status: string; method: string }> }).entries;
}

test('a handheld scanner is judged from any focus, a person typing keeps every key, and each answer is heard', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const tickets = await ticketsOnOrderPage(page);
  expect(tickets).toHaveLength(7);
  const [first, second, third, fourth, fifth, sixth, seventh] = tickets as [
    Ticket,
    Ticket,
    Ticket,
    Ticket,
    Ticket,
    Ticket,
    Ticket,
  ];
  await context.addCookies(organiser.cookies);
  await recordFeedback(page);
  await page.goto(`${baseURL}/checkin/${eventId}`);
  await expect(page.getByText('7 tickets on this device')).toBeVisible();
  const result = page.getByTestId('scan-result');
  const box = page.getByLabel('Ticket code, name, e-mail or order');
  const scan = (payload: string) => page.keyboard.type(`${payload}\n`);

  // Nothing focused; a tap first, as door staff do, lets the page make sound.
  await page.getByRole('heading', { name: 'Scanner Night' }).click();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await scan(first.payload);
  await expect(result).toHaveAttribute('data-result', 'admitted');
  await expect(result).toContainText(first.code);
  await expect(page.getByTestId('checkin-count')).toHaveText('1 / 7');
  await expect.poll(async () => (await feedback(page)).tones).toEqual([880, 1320]);
  expect((await feedback(page)).vibrations).toEqual([[80]]);
  await page.emulateMedia({ colorScheme: 'light' });
  await shot(page, testInfo, 'scanner-admitted-390-light');

  // Half-way through typing a name in the box: the scan is judged, the box keeps "Dor", the next key goes on.
  await box.click();
  await box.pressSequentially('Dor', { delay: 150 });
  await scan(second.payload);
  await expect(result).toContainText(second.code);
  await expect(result).toHaveAttribute('data-result', 'admitted');
  await expect(box).toHaveValue('Dor');
  await expect(box).toBeFocused();
  await box.pressSequentially('a', { delay: 150 });
  await expect(box).toHaveValue('Dora');
  await page.keyboard.press('Enter');
  const hits = page.getByRole('list', { name: 'Search results' });
  await expect(hits.getByText(/Dora Scanner|dora-scan@example\.com/).first()).toBeVisible();

  // A button focused (the camera's): the scan's Enter presses nothing, the camera stays off.
  await page.getByRole('button', { name: 'Scan with camera' }).focus();
  await scan(third.payload);
  await expect(result).toContainText(third.code);
  await expect(result).toHaveAttribute('data-result', 'admitted');
  await expect(page.getByLabel('Camera view')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Scan with camera' })).toBeFocused();

  // After an answer, with Undo focused: a ticket shown twice is refused, and nothing is undone.
  const undo = page.getByRole('button', { name: `Undo check-in of ${third.code}` });
  await undo.focus();
  await scan(first.payload);
  await expect(result).toHaveAttribute('data-result', 'already_checked_in');
  await expect(result).toContainText(first.code);
  await expect(page.getByTestId('checkin-count')).toHaveText('3 / 7');
  await expect(undo).toBeVisible();
  await expect.poll(async () => (await feedback(page)).tones.filter((hz) => hz === 196)).toHaveLength(1);
  expect((await feedback(page)).vibrations.at(-1)).toEqual([250, 100, 250]);
  await page.evaluate(() => document.documentElement.classList.add('dark'));
  await page.emulateMedia({ colorScheme: 'dark' });
  await shot(page, testInfo, 'scanner-already-390-dark');

  // On the Sell tab, in the sale's e-mail field: judged on the check-in tab, the field stays empty.
  await page.getByRole('tab', { name: 'Sell at door' }).click();
  const email = page.getByLabel('Buyer e-mail for the tickets (optional)');
  await email.focus();
  await scan(fourth.payload);
  await expect(page.getByRole('tab', { name: 'Check in' })).toHaveAttribute('aria-selected', 'true');
  await expect(result).toContainText(fourth.code);
  await expect(result).toHaveAttribute('data-result', 'admitted');
  await page.getByRole('tab', { name: 'Sell at door' }).click();
  await expect(page.getByLabel('Buyer e-mail for the tickets (optional)')).toHaveValue('');
  await page.getByRole('tab', { name: 'Check in' }).click();

  // A forged code (one character in the middle of the signature changed) is refused, as the camera would refuse it.
  const at = fifth.payload.length - 20;
  const forged = `${fifth.payload.slice(0, at)}${fifth.payload[at] === 'A' ? 'B' : 'A'}${fifth.payload.slice(at + 1)}`;
  await box.click();
  await box.pressSequentially('Fr', { delay: 120 });
  await scan(forged);
  await expect(result).toHaveAttribute('data-result', 'unknown');
  await expect(box).toHaveValue('Fr');

  // Muted: no tone, still a vibration; the switch is remembered after a reload.
  const sound = page.getByRole('checkbox', { name: 'Sound' });
  await expect(sound).toBeChecked();
  await sound.press('Space');
  await expect(sound).not.toBeChecked();
  const before = await feedback(page);
  await scan(fifth.payload);
  await expect(result).toContainText(fifth.code);
  await expect(result).toHaveAttribute('data-result', 'admitted');
  await expect.poll(async () => (await feedback(page)).vibrations.length).toBe(before.vibrations.length + 1);
  expect((await feedback(page)).tones).toEqual(before.tones);
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Sound' })).not.toBeChecked();
  await page.getByRole('checkbox', { name: 'Sound' }).check();

  // Offline: the payload goes to the device's own judge, and is synced when the network is back.
  await context.setOffline(true);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await scan(sixth.payload);
  await expect(result).toHaveAttribute('data-result', 'admitted');
  await expect(result).toContainText(sixth.code);
  await expect(result).toContainText('Judged on this device (offline)');
  await context.setOffline(false);
  await expect(page.getByText('Synced 1 offline scan')).toBeVisible();

  // A ticket code typed by hand is judged as a code.
  await box.click();
  await box.fill('');
  await box.pressSequentially(seventh.code.toLowerCase(), { delay: 120 });
  await page.keyboard.press('Enter');
  await expect(result).toContainText(seventh.code);
  await expect(result).toHaveAttribute('data-result', 'admitted');
  await expect(page.getByTestId('checkin-count')).toHaveText('7 / 7');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
  await page.emulateMedia({ colorScheme: 'light' });
  await shot(page, testInfo, 'scanner-admitted-desktop-light');

  const entries = await logOf(page);
  const admitted = entries.filter((entry) => entry.status === 'admitted');
  expect(admitted.map((entry) => entry.ticket_code).sort()).toEqual(tickets.map((ticket) => ticket.code).sort());
  expect(entries.filter((entry) => entry.status === 'duplicate').map((entry) => entry.ticket_code)).toEqual([
    first.code,
  ]);
  const method = (code: string) => admitted.find((entry) => entry.ticket_code === code)?.method;
  expect([first, second, third, fourth, fifth].map((ticket) => method(ticket.code))).toEqual(Array(5).fill('scan'));
  expect(method(sixth.code)).toBe('offline');
  expect(method(seventh.code)).toBe('search');
});

test('the check-in log on the event page fits a 390 px phone and a desktop, light and dark', async ({
  page,
  context,
}, testInfo) => {
  await context.addCookies(organiser.cookies);
  for (const [width, height] of [
    [390, 844],
    [1280, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto(`${baseURL}/dashboard/events/view/${eventId}`);
    const log = page.getByRole('table', { name: 'Latest check-ins' });
    await expect(log.getByText('Duplicate')).toBeVisible({ timeout: 30_000 });
    await expect(log.getByRole('row')).toHaveCount(9);
    const overflow = await log.evaluate((table) => {
      const box = table.parentElement!;
      return {
        log: box.scrollWidth - box.clientWidth,
        table: table.scrollWidth - table.clientWidth,
        page: document.documentElement.scrollWidth - window.innerWidth,
      };
    });
    expect(overflow).toEqual({ log: 0, table: 0, page: 0 });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), scheme === 'dark');
      await log.scrollIntoViewIfNeeded();
      await log.screenshot({ path: testInfo.outputPath(`checkin-log-${width}-${scheme}.png`) });
      await shot(page, testInfo, `event-page-checkin-${width}-${scheme}`);
    }
  }
});
