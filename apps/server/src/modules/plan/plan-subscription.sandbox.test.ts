// The PRO plan end to end on the sandbox, through HTTP: an owner subscribes, pays on the sandbox's hosted page
// (its webhooks start the plan and record the first invoice), cancels (PRO holds to the period's end), and the
// period-end job ends it (PRO refused, one e-mail); resuming undoes a cancellation; a renewal charges the next
// period as a new invoice; the invoice's PDF says what was paid.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../../adapters/mail/outbox.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { asBrowser } from '../../../test/auth-helpers.js';
import { joinAs, ownerWithOrganization } from '../../../test/team-helpers.js';
import { invoicesOf, planOf, planPost, subscribeWithSandbox } from '../../../test/pro-plan-helpers.js';
import { planAccess } from './plan-access.js';
import { endLapsedPlans } from './plan-period-end.js';
import { renewSandboxSubscriptions } from './sandbox-billing.js';
import { proPrice } from './plan-price.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY);
const jobDeps = () => ({ db: t.database.db, payments: t.app.payments, jobs: t.app.jobs, price: proPrice(t.config) });
const periodEnd = () =>
  endLapsedPlans({ db: t.database.db, mailer: t.app.mailer, appUrl: t.config.appUrl }, inDays(40));

describe('PRO on the sandbox', () => {
  it('subscribes through the hosted page, cancels, and ends at the period end with one e-mail', async () => {
    const { owner, organization } = await ownerWithOrganization(t.app, 'proflow');
    const started = await planPost(t.app, owner, 'subscribe');
    expect(started.statusCode).toBe(200);
    const url = new URL(started.json().url);
    expect(url.origin).toBe(t.config.appUrl);
    const page = await t.app.inject({ method: 'GET', url: url.pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('SANDBOX — no real money moves');
    expect(page.body).toContain('Subscribe to Marquee PRO: £29.00 a month');
    // Nothing is PRO before the page is paid.
    expect((await planOf(t.app, owner)).pro).toBe(false);

    const declined = await t.app.inject({
      method: 'POST',
      url: url.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'card_number=4000000000000002&card_expiry=12+%2F+34&card_cvc=123&card_name=O',
    });
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain('Your card was declined.');
    expect((await planOf(t.app, owner)).pro).toBe(false);

    const paid = await t.app.inject({
      method: 'POST',
      url: url.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'card_number=4242424242424242&card_expiry=12+%2F+34&card_cvc=123&card_name=O',
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`${t.config.appUrl}/dashboard/billing?plan=subscribed`);
    const plan = await planOf(t.app, owner);
    expect(plan).toMatchObject({ pro: true, status: 'active', cancel_at_period_end: false });
    const end = new Date(plan.current_period_end).getTime();
    expect(end).toBeGreaterThan(inDays(27).getTime());
    expect(end).toBeLessThan(inDays(32).getTime());
    const [first] = await invoicesOf(t.app, owner);
    expect(first).toMatchObject({ amount: 2900, currency: 'GBP', status: 'paid' });
    expect(first!.number).toMatch(/^PRO-\d{6}$/);

    // Paying the page again (a double submit) charges nothing more.
    await t.app.inject({
      method: 'POST',
      url: url.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'card_number=4242424242424242&card_expiry=12+%2F+34&card_cvc=123&card_name=O',
    });
    expect(await invoicesOf(t.app, owner)).toHaveLength(1);

    const twice = await planPost(t.app, owner, 'subscribe');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toContain('already has PRO');

    const cancelled = await planPost(t.app, owner, 'cancel');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ pro: true, cancel_at_period_end: true });
    expect((await planPost(t.app, owner, 'cancel')).statusCode).toBe(409);

    // A month on: the period-end job ends it; PRO is refused; the owner hears once.
    expect(await periodEnd()).toEqual({ ended: 1, told: 1 });
    expect(await periodEnd()).toEqual({ ended: 0, told: 0 });
    expect(await planOf(t.app, owner)).toMatchObject({ pro: false, status: 'ended' });
    expect((await planAccess(t.database.db, organization.id)).pro).toBe(false);
    const mails = (await listOutbox(t.database.db, 10, { to: owner.email })).filter((m) =>
      m.subject.startsWith('PRO has ended'),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Your API keys are suspended and your webhooks are paused. Your data is kept');
    // The sandbox's renewal then ends its subscription (customer.subscription.deleted): no second e-mail.
    await renewSandboxSubscriptions(jobDeps(), inDays(40));
    expect(await periodEnd()).toEqual({ ended: 0, told: 0 });

    // Ended, the organisation may subscribe again.
    expect((await planPost(t.app, owner, 'subscribe')).statusCode).toBe(200);
  });

  it('resumes a cancelled plan, which then renews: the next period is a second paid invoice', async () => {
    const { owner, organization } = await ownerWithOrganization(t.app, 'prorenew');
    await subscribeWithSandbox(t.app, owner);
    expect((await planPost(t.app, owner, 'resume')).statusCode).toBe(409);
    await planPost(t.app, owner, 'cancel');
    const resumed = await planPost(t.app, owner, 'resume');
    expect(resumed.json()).toMatchObject({ pro: true, cancel_at_period_end: false });
    const before = new Date((await planOf(t.app, owner)).current_period_end).getTime();

    expect(await renewSandboxSubscriptions(jobDeps(), inDays(32))).toBeGreaterThanOrEqual(1);
    const after = await planOf(t.app, owner);
    expect(new Date(after.current_period_end).getTime()).toBeGreaterThan(before + 27 * DAY);
    const invoices = await invoicesOf(t.app, owner);
    expect(invoices.map((invoice) => invoice.status)).toEqual(['paid', 'paid']);
    expect(invoices[0]!.period_start).toBe(new Date(before).toISOString());
    // Not cancelled: the period-end job leaves it alone, and it is PRO after the first period.
    await periodEnd();
    expect((await planAccess(t.database.db, organization.id, inDays(32))).pro).toBe(true);
  });

  it('serves each invoice as a PDF to its owner only', async () => {
    const { owner } = await ownerWithOrganization(t.app, 'propdf');
    await subscribeWithSandbox(t.app, owner);
    const [invoice] = await invoicesOf(t.app, owner);
    const pdf = await t.app.inject({ method: 'GET', url: invoice!.pdf_url as string, headers: asBrowser(owner) });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'pro-invoice-')), 'invoice.pdf');
    writeFileSync(file, pdf.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain(`Invoice ${invoice!.number as string}`);
    expect(text).toContain('Marquee PRO, monthly');
    expect(text).toContain('Paid: £29.00');

    const other = await ownerWithOrganization(t.app, 'propdfother');
    const foreign = await t.app.inject({
      method: 'GET',
      url: invoice!.pdf_url as string,
      headers: asBrowser(other.owner),
    });
    expect(foreign.statusCode).toBe(404);
    const admin = await joinAs(t.app, owner, 'admin');
    expect((await planPost(t.app, admin, 'subscribe')).statusCode).toBe(403);
    const asAdmin = await t.app.inject({ method: 'GET', url: '/api/billing/plan/invoices', headers: asBrowser(admin) });
    expect(asAdmin.statusCode).toBe(403);
  });
});
