// Issue 32 point 5 in Chromium against the real server: after a paid order (2 × £20, the fan's fee on top) the
// event view's Settlement section shows the figures, the sandbox's fee (1.5% + 20p of £43.20 = £0.85, decision 141)
// as the platform's, not off the payout (£40.00), and offers the CSV and PDF; the Analytics page's Settlement report
// refuses a to day before the from day and shows a good period's totals with the downloads; both screens pass axe in
// both themes. Screenshots: the Settlement section and the period report.
import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import { E2E_PORT, expect, test } from './fixtures';
import { createOrganiser, uniqueSubdomain, type Organiser } from './support/api';
import { Audit, preloadAxe } from './support/axe-audit';
import { buyWithForms, createPublishedEvent, enableSandboxPayouts } from './support/selling';

test.describe.configure({ mode: 'serial' });

const baseURL = `http://localhost:${E2E_PORT}`;
let organiser: Organiser;
let eventId = '';

test.beforeAll(async ({ request }) => {
  organiser = await createOrganiser(request, { subdomain: uniqueSubdomain('settle'), companyName: 'Settle Co' });
  await enableSandboxPayouts(request, organiser);
  eventId = await createPublishedEvent(request, organiser, 'Payout Party');
  await buyWithForms(request, organiser, eventId, { quantity: 2, email: 'payer@example.com' });
});

test('the event settlement and the period report', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  await preloadAxe(page.context());
  const audit = new Audit(page, '1280');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.context().addCookies(organiser.cookies);
  await page.goto(`${baseURL}/dashboard/events/view/${eventId}`);
  const section = page.getByRole('region', { name: 'Settlement', exact: true });
  await section.scrollIntoViewIfNeeded();
  const table = section.getByTestId('settlement-GBP');
  await expect(table).toContainText('1 order, 2 tickets (0 comp tickets), 0 door sales');
  await expect(table.getByRole('row', { name: /Sales after discounts/ })).toContainText('£40.00');
  await expect(table.getByRole('row', { name: /^Payment provider fees £/ })).toContainText('£0.00');
  await expect(table.getByRole('row', { name: /Payment provider fees paid by the platform/ })).toContainText('£0.85');
  await expect(table.getByRole('row', { name: /Net payout/ })).toContainText('£40.00');
  await expect(table.getByRole('row', { name: /Net VAT/ })).toContainText('£0.00');
  await expect(table.getByRole('row', { name: /Booking fees paid by fans/ })).toContainText('£3.20');
  await expect(section).toContainText("the sandbox provider's fees (1.5% + 20p per payment");
  await expect(section).toContainText('are charged to the platform and paid out of its booking fee');
  await expect(section).toContainText('Provider fee reported for the card payment');
  await expect(section).toContainText('VAT included in sales');
  await audit.check('event view with settlement');
  await section.screenshot({ path: testInfo.outputPath('settlement-section.png') });

  const csvHref = await section.getByRole('link', { name: 'Download CSV' }).getAttribute('href');
  const csv = await request.get(`${baseURL}${csvHref}`, { headers: { cookie: organiser.cookieHeader } });
  expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
  expect(await csv.text()).toContain('Payout Party');
  const pdfHref = await section.getByRole('link', { name: /Download PDF/ }).getAttribute('href');
  const pdf = await request.get(`${baseURL}${pdfHref}`, { headers: { cookie: organiser.cookieHeader } });
  const file = testInfo.outputPath('settlement.pdf');
  fs.writeFileSync(file, await pdf.body());
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  expect(text).toContain('Settlement: Payout Party');
  expect(text).toMatch(/Net payout\s+£40\.00/);
  expect(text).toMatch(/Payment provider fees\s+£0\.00/);
  expect(text).toMatch(/Payment provider fees paid by the platform \(not in payout\)\s+£0\.85/);

  await page.goto(`${baseURL}/dashboard/analytics`);
  const report = page.getByRole('region', { name: 'Settlement report' });
  await report.scrollIntoViewIfNeeded();
  const today = new Date().toISOString().slice(0, 10);
  await expect(report.getByLabel('To')).toHaveValue(today);
  await report.getByLabel('From').fill('2026-12-31');
  await report.getByLabel('To').fill('2026-01-01');
  await expect(report.getByRole('alert')).toHaveText('The to date must not be before the from date.');
  await expect(report.getByRole('link', { name: 'Download CSV' })).toHaveCount(0);
  await report.getByLabel('From').fill(`${today.slice(0, 8)}01`);
  await report.getByLabel('To').fill(today);
  await expect(report.getByRole('alert')).toHaveCount(0);
  const totals = report.getByTestId('settlement-period-GBP');
  await expect(totals.getByRole('row', { name: /Net payout/ })).toContainText('£40.00');
  await expect(totals.getByRole('row', { name: /^Payment provider fees £/ })).toContainText('£0.00');
  await expect(totals.getByRole('row', { name: /Payment provider fees paid by the platform/ })).toContainText('£0.85');
  const periodHref = await report.getByRole('link', { name: 'Download CSV' }).getAttribute('href');
  expect(periodHref).toBe(`/api/reports/settlement.csv?from=${today.slice(0, 8)}01&to=${today}`);
  const period = await request.get(`${baseURL}${periodHref}`, { headers: { cookie: organiser.cookieHeader } });
  expect(await period.text()).toMatch(
    /\r\nTotal,,GBP,1,2,0,0,1,0,40\.00,0\.00,40\.00,0\.00,0\.00,0\.00,0\.00,40\.00,0\.00,0\.00,0\.00,3\.20,0\.00,0\.00,0\.00,0\.85(\r\n|$)/,
  );
  await audit.check('analytics with settlement report');
  await report.screenshot({ path: testInfo.outputPath('settlement-report.png') });
  expect(audit.found, `serious or critical axe violations (${audit.found.length})`).toEqual([]);
});
