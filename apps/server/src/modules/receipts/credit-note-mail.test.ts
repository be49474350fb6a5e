// A refund's credit note goes with the e-mail that tells of the refund (decision 140), as the receipt goes with the
// confirmation: a fan's refund request once approved, and an event's cancellation (the organiser's refund:
// vat-invoice.test.ts; a resold ticket's refund: resale-credit.test.ts). Each PDF is read back from the outbox.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetail } from '@marquee/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { asBrowser, type SignedInUser } from '../../../test/auth-helpers.js';
import { createLiveEvent, sellingOrganiser } from '../../../test/checkout-helpers.js';
import { cancelRequest, deliverCheckoutMail, runRefundJobs } from '../../../test/cancellation-helpers.js';
import { decide, fanPost, orderDetail, runAfterSaleJobs } from '../../../test/after-sale-helpers.js';
import { attachmentsTo, buyWithCompany, vatRegistration } from '../../../test/invoice-helpers.js';
import { readPdf } from '../../../test/pdf-text.js';
import { orderDocument } from '../../db/schema/index.js';

let t: TestApp;
let owner: SignedInUser;
const host = 'creditmail.localhost:3000';
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  owner = await sellingOrganiser(t.app, 'creditmail');
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/org/vat',
    headers: asBrowser(owner),
    payload: vatRegistration,
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(() => t?.close());

describe('refund e-mails', () => {
  it("an event's cancellation e-mail carries the cancellation refund's credit note", async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Cancelled Invoice', capacity: 20 });
    const fan = await buyWithCompany(t.app, host, live.id, live.ticket_types[0]!.id, 'cancel-invoice@example.com', 1);
    const cancelled = await cancelRequest(t.app, owner, live.id, {
      reason: 'The venue flooded',
      confirm: 'Cancelled Invoice',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await runRefundJobs(t.app);
    await runRefundJobs(t.app);
    await deliverCheckoutMail(t.app);
    const [credit] = await db()
      .select()
      .from(orderDocument)
      .where(and(eq(orderDocument.orderId, fan.id), eq(orderDocument.kind, 'credit_note')));
    expect(credit).toBeDefined();
    const mailed = (await attachmentsTo(t.app, 'cancel-invoice@example.com')).find(
      (entry) => entry.filename === `credit-note-${credit!.number}.pdf`,
    );
    expect(mailed, 'the cancellation e-mail carries the credit note').toBeDefined();
    const text = (await readPdf(Buffer.from(mailed!.content))).pages.join('\n');
    expect(text).toContain('Reason: Event cancelled');
    expect(text).toContain(`Total refunded: £${((fan.amountMinor + fan.feeMinor) / 100).toFixed(2)}`);
  });

  it("a fan's refund request, once approved, is e-mailed with its credit note", async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Asked Invoice', capacity: 20, refunds_allowed: true });
    const fan = await buyWithCompany(t.app, host, live.id, live.ticket_types[0]!.id, 'asked-invoice@example.com', 1);
    const asked = await fanPost(t.app, host, `/orders/${fan.accessToken}/refund-request`, { reason: 'Ill that day' });
    expect(asked.statusCode).toBe(303);
    const request = ((await orderDetail(t.app, owner, fan.id)) as OrderDetail).refunds[0]!;
    expect((await decide(t.app, owner, fan.id, request.id, { decision: 'approve' })).statusCode).toBe(200);
    await runAfterSaleJobs(t.app);
    const [credit] = await db()
      .select()
      .from(orderDocument)
      .where(and(eq(orderDocument.orderId, fan.id), eq(orderDocument.kind, 'credit_note')));
    const mailed = (await attachmentsTo(t.app, 'asked-invoice@example.com')).find(
      (entry) => entry.filename === `credit-note-${credit!.number}.pdf`,
    );
    expect(mailed, 'the approval e-mail carries the credit note').toBeDefined();
    const text = (await readPdf(Buffer.from(mailed!.content))).pages.join('\n');
    expect(text).toContain(`Credit note ${credit!.number}`);
    expect(text).toContain('Reason: Ill that day');
    expect(text).toContain('Total refunded: £20.00');
  });
});
