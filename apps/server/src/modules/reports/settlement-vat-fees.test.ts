// Settlement with VAT net of refunds and the sandbox provider's fee, through the real flows (decision 141): a
// VAT-registered organiser sells through the sandbox, refunds twice and then cancels the event; the report's VAT
// refunded equals the VAT on the order's credit notes (each refund's by the one rule), its provider fee is the
// sandbox's by its published schedule, recorded by the job after the sale, kept after the refunds and charged to
// the platform (as Stripe's is), so the payout is the sales less the refunds; the sandbox's dashboard says so and
// its balance holds the same payout. A credit note that answers no refund (as a re-issued document would) changes
// nothing: the report reads orders, never documents.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { asBrowser, type SignedInUser } from '../../../test/auth-helpers.js';
import { createLiveEvent, sellingOrganiser } from '../../../test/checkout-helpers.js';
import { buyPaidOrder, cancelRequest, runRefundJobs } from '../../../test/cancellation-helpers.js';
import { refundRequest } from '../../../test/after-sale-helpers.js';
import { order, orderDocument, ticket } from '../../db/schema/index.js';
import { settlementForEvent } from './settlement.service.js';

const host = 'settlevat.localhost:3000';
let t: TestApp;
let owner: SignedInUser;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '1000' } });
  owner = await sellingOrganiser(t.app, 'settlevat');
  const vat = await t.app.inject({
    method: 'PUT',
    url: '/api/org/vat',
    headers: asBrowser(owner),
    payload: {
      registered: true,
      vat_number: 'GB123456789',
      country: 'GB',
      rate: '20',
      prices_include_vat: true,
      // A registration names the seller for its VAT invoices (decision 140).
      legal_name: 'Net VAT Ltd',
      address: '1 High Street\nLondon',
    },
  });
  expect(vat.statusCode, vat.body).toBe(200);
}, 120_000);
afterAll(() => t?.close());

/** The VAT every credit note of the order gave back, as the documents print it. */
async function creditNotesVat(orderId: string) {
  const notes = await t.database.db
    .select({ content: orderDocument.content })
    .from(orderDocument)
    .where(and(eq(orderDocument.orderId, orderId), eq(orderDocument.kind, 'credit_note')));
  const vatOf = (content: unknown) =>
    ((content as { tax: { lines: Array<{ vatMinor: number }> } }).tax.lines ?? []).reduce(
      (sum, line) => sum + line.vatMinor,
      0,
    );
  return { count: notes.length, vat: notes.reduce((sum, note) => sum + vatOf(note.content), 0) };
}

describe('VAT net of refunds and the sandbox fee', () => {
  it("the report takes the VAT of each refund as its credit note does, and the sandbox fee is the platform's", async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Net VAT Night', price: '10.00' });
    const paid = await buyPaidOrder(t.app, host, live.id, live.ticket_types[0]!.id, 3, 'net@example.com');
    // 3 × £10.00 at 20% inside: round(1000 / 6) = 167 a ticket.
    expect(paid).toMatchObject({ amountMinor: 3000, vatMinor: 501 });
    // The sandbox charged £30.00 + the fan's fee: 1.5% of it, halves up, + 20p, by its schedule, on the order.
    const charged = 3000 + paid.feeMinor;
    const fee = Math.floor((charged * 150 + 5000) / 10_000) + 20;
    expect(paid.providerFeeMinor).toBe(fee);
    expect(paid.providerFeePayer).toBe('platform');

    for (const amount of [1000, 333]) {
      const refund = await refundRequest(t.app, owner, paid.id, { amount_minor: amount, reason: 'Goodwill' });
      expect(refund.statusCode, refund.body).toBe(200);
    }
    let report = await settlementForEvent(t.database.db, paid.organizationId, live.id);
    // round(1000 / 6) = 167 and round(333 / 6) = round(55.5) = 56, as the two credit notes say.
    expect(await creditNotesVat(paid.id)).toEqual({ count: 2, vat: 167 + 56 });
    expect(report.currencies[0]).toMatchObject({
      vat_minor: 501,
      vat_refunded_minor: 167 + 56,
      vat_net_minor: 501 - 223,
      refunded_minor: 1333,
      // The sandbox's fee is the platform's: shown apart, not off the payout.
      provider_fee_minor: 0,
      platform_provider_fee_minor: fee,
      provider_payment_orders: 1,
      provider_fee_unreported_orders: 0,
      payout_minor: 3000 - 1333,
    });

    // The sandbox's dashboard states its schedule and whose the fee is, and its balance is the report's payout.
    const link = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/create-login-link',
      headers: asBrowser(owner),
    });
    expect(link.statusCode, link.body).toBe(200);
    const url = new URL(link.json().url as string);
    const page = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(page.body).toContain('Sandbox processing fee: 1.5% + 20p per payment');
    expect(page.body).toContain('charged to the platform');
    expect(page.body).toContain('it does not come off your balance');
    const money = (minor: number) => `£${(minor / 100).toFixed(2)}`;
    expect(page.body).toContain(money(3000 - 1333));
    // The billing figures read the same balance: the pending payouts are the payout too.
    const stats = await t.app.inject({ method: 'GET', url: '/api/billing/stats', headers: asBrowser(owner) });
    expect(stats.json().metrics.pending_payouts.amount).toBe(3000 - 1333);

    // The cancellation gives back the rest, the fan's fee too; the sandbox keeps its fee.
    const cancel = await cancelRequest(t.app, owner, live.id, { reason: 'Storm', confirm: 'Net VAT Night' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await runRefundJobs(t.app);
    report = await settlementForEvent(t.database.db, paid.organizationId, live.id);
    // The rest of the prices, £16.67: round(1667 / 6) = 278.
    expect(await creditNotesVat(paid.id)).toEqual({ count: 3, vat: 167 + 56 + 278 });
    expect(report.currencies[0]).toMatchObject({
      vat_refunded_minor: 167 + 56 + 278,
      vat_net_minor: 0,
      refunded_minor: 3000,
      provider_fee_minor: 0,
      platform_provider_fee_minor: fee,
      payout_minor: 0,
    });
    const [after] = await t.database.db.select().from(order).where(eq(order.id, paid.id));
    expect(after).toMatchObject({ status: 'refunded', vatRefundedMinor: 501, providerFeeMinor: fee });
  });

  it('an order refunded in full gives back exactly the VAT it was sold with, whether by ticket or by money', async () => {
    // 3 × £10.00 at 20% inside sells 3 × 167 = 501p of VAT; the rule on £30.00 at once would say 500p.
    const live = await createLiveEvent(t.app, owner, { name: 'Whole VAT Night', price: '10.00' });
    const typeId = live.ticket_types[0]!.id;
    const byMoney = await buyPaidOrder(t.app, host, live.id, typeId, 3, 'whole-money@example.com');
    const all = await refundRequest(t.app, owner, byMoney.id, { amount_minor: 3000, reason: 'All back' });
    expect(all.statusCode, all.body).toBe(200);
    expect(await creditNotesVat(byMoney.id)).toEqual({ count: 1, vat: 501 });

    // By tickets, two and then one: each ticket gives back the VAT it was sold with (334p, not the rule's 333p).
    const byTicket = await buyPaidOrder(t.app, host, live.id, typeId, 3, 'whole-tickets@example.com');
    const tickets = await t.database.db.select({ id: ticket.id }).from(ticket).where(eq(ticket.orderId, byTicket.id));
    for (const [ids, vat] of [
      [tickets.slice(0, 2).map((entry) => entry.id), 334],
      [[tickets[2]!.id], 501],
    ] as const) {
      const refund = await refundRequest(t.app, owner, byTicket.id, { ticket_ids: ids, reason: 'Back' });
      expect(refund.statusCode, refund.body).toBe(200);
      expect((await creditNotesVat(byTicket.id)).vat).toBe(vat);
    }
    for (const paid of [byMoney, byTicket]) {
      const [after] = await t.database.db.select().from(order).where(eq(order.id, paid.id));
      expect(after).toMatchObject({ refundedMinor: 3000, vatMinor: 501, vatRefundedMinor: 501 });
    }
    const report = await settlementForEvent(t.database.db, byMoney.organizationId, live.id);
    expect(report.currencies[0]).toMatchObject({ vat_minor: 1002, vat_refunded_minor: 1002, vat_net_minor: 0 });
  });

  it('a credit note that answers no refund (as a re-issued document would) does not move the report', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Reissue Night', price: '10.00' });
    const paid = await buyPaidOrder(t.app, host, live.id, live.ticket_types[0]!.id, 1, 'reissue@example.com');
    const before = await settlementForEvent(t.database.db, paid.organizationId, live.id);
    await t.database.db.insert(orderDocument).values({
      organizationId: paid.organizationId,
      orderId: paid.id,
      kind: 'credit_note',
      sequence: 900_001,
      number: 'C-900001',
      currency: 'GBP',
      totalMinor: 1000,
      refundId: null,
      content: { tax: { registered: true, lines: [{ rateBp: 2000, vatMinor: 167, netMinor: 833, grossMinor: 1000 }] } },
      issuedAt: new Date(),
    });
    expect(before.currencies[0]).toMatchObject({ vat_minor: 167, vat_refunded_minor: 0, refunded_minor: 0 });
    expect(await settlementForEvent(t.database.db, paid.organizationId, live.id)).toEqual(before);
  });
});
