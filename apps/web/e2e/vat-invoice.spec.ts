// Issue 32 point 4 (decision 140) in Chromium: a VAT-registered organiser gives its registered name and address on
// the Profile page; a fan on a 390 px phone buys two £20.00 tickets with their company's details, downloads the VAT
// invoice from the order page (read with pdftotext: title, number, seller's address and VAT number, the buyer's
// company, the tax point, net/VAT/gross equal to the order; tagged, fonts embedded); the organiser refunds one
// ticket in the dashboard and the order page then offers the credit note, read back with its numbers.
// Screenshots: the order page at 390 px before and after the refund, and the invoice's first page as a PNG.
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import type { Page, TestInfo } from '@playwright/test';
import { E2E_PORT, expect, storefrontUrl, test } from './fixtures';
import { createOrganiser, uniqueSubdomain, type Organiser } from './support/api';
import { createPublishedEvent, enableSandboxPayouts, payOnSandbox, shot } from './support/selling';

test.describe.configure({ mode: 'serial' });
test.use({ timezoneId: 'Europe/London', locale: 'en-GB' });

const baseURL = `http://localhost:${E2E_PORT}`;
let organiser: Organiser;
let eventId = '';

test.beforeAll(async ({ request }) => {
  organiser = await createOrganiser(request, { subdomain: uniqueSubdomain('vatinv'), companyName: 'Invoice Co' });
  await enableSandboxPayouts(request, organiser, 'Invoice Co Ltd');
  eventId = await createPublishedEvent(request, organiser, 'Invoice Night', { price: '20.00' });
});

/** Clicks a download link, keeps the file and returns its text as pdftotext reads it, with pdfinfo and pdffonts. */
async function downloadPdf(page: Page, testInfo: TestInfo, name: RegExp | string) {
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name }).click();
  const download = await downloading;
  const file = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(file);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' });
  return { file, text, info, fonts, filename: download.suggestedFilename() };
}

function expectAccessible(pdf: { info: string; fonts: string }) {
  expect(pdf.info).toMatch(/Tagged:\s+yes/);
  // pdffonts: name, type, encoding, emb, sub, uni, object; every font row says yes under emb.
  const rows = pdf.fonts.split('\n').slice(2).filter(Boolean);
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) expect(row).toMatch(/\s(?:yes)\s+(?:yes|no)\s+(?:yes|no)\s+\d+\s+\d+\s*$/);
}

test('a VAT invoice with the right numbers, and a credit note after the refund', async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  const organiserContext = await browser.newContext({ storageState: organiser.storageState });
  const dashboard = await organiserContext.newPage();
  await dashboard.goto(`${baseURL}/dashboard/profile`);
  const card = dashboard.getByRole('region', { name: 'VAT', exact: true });
  await card.getByRole('switch', { name: 'Registered for VAT' }).click();
  await card.getByLabel('VAT number').fill('GB123456789');
  await card.getByLabel('Standard VAT rate (%)').fill('20');
  await card.getByRole('button', { name: 'Save VAT settings' }).click();
  // The registered name and address are required once registered: said on their fields.
  await expect(card.getByText(/Enter the registered name on your VAT registration/i).first()).toBeVisible();
  await expect(card.getByText(/Enter the postal address on your VAT registration/i).first()).toBeVisible();
  await card.getByLabel('Registered name').fill('Invoice Co Events Ltd');
  await card.getByLabel('Registered address').fill('5 Market Street\nLeeds\nLS1 1AA');
  await card.getByRole('button', { name: 'Save VAT settings' }).click();
  await expect(card.getByRole('status')).toContainText('VAT settings saved');

  const fan = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await fan.goto(storefrontUrl(organiser.subdomain, `/events/${eventId}`));
  await fan.getByLabel('Quantity of General Admission', { exact: true }).fill('2');
  await fan.getByLabel('First name').fill('Val');
  await fan.getByLabel('Last name').fill('Fan');
  await fan.getByLabel('Email', { exact: true }).fill('invoice-fan@example.com');
  await fan.getByLabel("I accept the organiser's terms (above)").check();
  await fan.getByRole('button', { name: 'Continue to payment' }).click();
  await fan.waitForURL(/\/checkout\/[A-Za-z0-9_-]{43}$/);
  const summary = fan.url();
  await fan.getByLabel('Company name').fill('Widgets Ltd');
  await fan.getByLabel('Address').fill('1 High Street\nLondon\nSW1A 1AA');
  await fan.getByLabel('VAT ID (optional)').fill('GB987654321');
  await fan.getByRole('button', { name: 'Save business details' }).click();
  await expect(fan.getByText(/Business details saved\./)).toBeVisible();
  // The form answers at …/billing; the summary's own address again to pay.
  await fan.goto(summary);
  await payOnSandbox(fan);

  const invoice = await downloadPdf(fan, testInfo, /^Download VAT invoice R-\d{6} \(PDF\)$/);
  const number = /R-\d{6}/.exec(invoice.filename)![0];
  for (const words of [
    `VAT invoice ${number}`,
    'Invoice Co Events Ltd',
    'Trading as Invoice Co',
    '5 Market Street',
    'LS1 1AA',
    'VAT number: GB123456789',
    `Invoice number: ${number}`,
    'Tax point (date of supply):',
    'Currency: GBP',
    'Widgets Ltd',
    'SW1A 1AA',
    'VAT ID: GB987654321',
    // 2 × £20.00 with VAT at 20%: £6.66 VAT in £40.00, £33.34 net; the fan paid £43.20 with the booking fee.
    'VAT at 20%: £6.66 (net £33.34, with VAT £40.00)',
    'Total paid: £43.20',
  ])
    expect(invoice.text).toContain(words);
  expect(invoice.text).toMatch(/Tax point \(date of supply\): \d{1,2} \w+ \d{4}, \d{2}:\d{2}/);
  expectAccessible(invoice);
  execFileSync('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', invoice.file, testInfo.outputPath('invoice')]);
  const dir = process.env.E2E_SCREENSHOTS ?? testInfo.outputPath('screens');
  fs.mkdirSync(dir, { recursive: true });
  const png = fs.readdirSync(testInfo.outputPath()).find((name) => /^invoice-\d+\.png$/.test(name));
  fs.copyFileSync(testInfo.outputPath(png!), path.join(dir, 'vat-invoice-page-1.png'));
  await shot(fan, testInfo, 'vat-invoice-order-page-phone');

  // The organiser refunds one ticket in the dashboard.
  const code = (await fan.locator('main strong').first().textContent())!.trim();
  await dashboard.goto(`${baseURL}/dashboard/events/view/${eventId}`);
  await dashboard.getByRole('button', { name: `Order ${code}, view details` }).click();
  const dialog = dashboard.getByRole('dialog', { name: `Order ${code}` });
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  const form = dialog.getByRole('form', { name: `Refund order ${code}` });
  await form.getByRole('checkbox').first().check();
  await form.getByLabel('Reason (sent to the buyer)').fill('One of you cannot come.');
  await form.getByRole('button', { name: 'Review refund of £20.00' }).click();
  await dialog
    .getByRole('group', { name: /^Refund £20\.00 to / })
    .getByRole('button', { name: 'Yes, refund £20.00' })
    .click();
  await expect(dialog.getByRole('status')).toContainText('Refunded £20.00 and 1 ticket');
  await expect(dialog.getByText(/Credit note\s*C-\d{6}/)).toBeVisible();

  await fan.reload();
  const credit = await downloadPdf(fan, testInfo, /^Download credit note C-\d{6} for £20\.00 \(PDF\)$/);
  const creditNumber = /C-\d{6}/.exec(credit.filename)![0];
  for (const words of [
    `Credit note ${creditNumber}`,
    'Invoice Co Events Ltd',
    'VAT number: GB123456789',
    `Credit note for VAT invoice ${number} (£43.20 paid)`,
    'Widgets Ltd',
    'Total refunded: £20.00',
    'VAT at 20%: £3.33 (net £16.67, with VAT £20.00)',
  ])
    expect(credit.text).toContain(words);
  expectAccessible(credit);
  await shot(fan, testInfo, 'vat-invoice-order-page-after-refund-phone');
  await fan.close();
  await organiserContext.close();
});
