// Receipts and credit notes (decision 137): a receipt issued once when an order is paid (not again when the
// payment is reported twice), a credit note per refund and per cancellation refund, the PDFs (tagged, fonts
// embedded, what they say), token scoping, the refusals, the confirmation e-mail's attachment and the organiser's
// order detail.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES } from '@marquee/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import type { SignedInUser } from '../../../test/auth-helpers.js';
import { createLiveEvent, postCheckout, buyer, sellingOrganiser, tokenFrom } from '../../../test/checkout-helpers.js';
import { buyPaidOrder, cancelRequest, deliverCheckoutMail, runRefundJobs } from '../../../test/cancellation-helpers.js';
import { orderDetail, refundRequest } from '../../../test/after-sale-helpers.js';
import { readPdf } from '../../../test/pdf-text.js';
import { addMember, checkinGet, doorSale, organizationOf } from '../../../test/checkin-helpers.js';
import { mailOutbox, mailOutboxAttachment, order, orderDocument, ticket } from '../../db/schema/index.js';
import { fulfilPaidSession } from '../checkout/fulfilment.js';
import { issueReceipt } from './issue.js';

let t: TestApp;
let owner: SignedInUser;
const host = 'receiptco.localhost:3000';

beforeAll(async () => {
  t = await createTestApp();
  owner = await sellingOrganiser(t.app, 'receiptco');
});
afterAll(() => t.close());

const db = () => t.database.db;
const documentsOf = (orderId: string) =>
  db().select().from(orderDocument).where(eq(orderDocument.orderId, orderId)).orderBy(orderDocument.issuedAt);
const get = (url: string, onHost = host) => t.app.inject({ method: 'GET', url, headers: { host: onHost } });

/** What a viewer reads of the PDF, and the structure a screen reader needs. */
async function pdfFacts(bytes: Buffer) {
  const raw = bytes.toString('latin1');
  const { pages, title } = await readPdf(bytes);
  return {
    text: pages.join('\n'),
    title,
    tagged: raw.includes('/StructTreeRoot') && /\/Marked true/.test(raw) && raw.includes('/Lang (en-GB)'),
    embedded: raw.includes('/FontFile2') && !raw.includes('/BaseFont /Helvetica'),
  };
}

describe('the receipt', () => {
  it('is issued once when the order is paid, even if the payment is reported again; its PDF is tagged, embeds its fonts and says what was paid', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Paper Trail', capacity: 20 });
    const paid = await buyPaidOrder(t.app, host, live.id, live.ticket_types[0]!.id, 2, 'paper@example.com');
    const [receipt, ...rest] = await documentsOf(paid.id);
    expect(rest).toEqual([]);
    expect(receipt).toMatchObject({ kind: 'receipt', number: 'R-000001', totalMinor: 4000 + paid.feeMinor });

    // Fulfilment run again for the same payment, and the issuer called again: still the one receipt.
    await db().transaction((tx) =>
      fulfilPaidSession(tx, {
        sessionId: paid.checkoutSessionId!,
        orderId: paid.id,
        paymentIntentId: paid.paymentIntentId,
        paidAt: new Date(),
        amountTotal: paid.amountMinor + paid.feeMinor,
        currency: paid.currency,
        accountId: null,
      }),
    );
    const [again] = await db().select().from(order).where(eq(order.id, paid.id));
    await db().transaction((tx) => issueReceipt(tx, again!));
    expect((await documentsOf(paid.id)).map((row) => row.number)).toEqual(['R-000001']);

    const response = await get(`/orders/${paid.accessToken}/receipt.pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="R-000001.pdf"');
    const facts = await pdfFacts(response.rawPayload);
    expect(facts.title).toBe('Receipt R-000001');
    expect(facts.tagged).toBe(true);
    expect(facts.embedded).toBe(true);
    for (const words of [
      'Receipt R-000001',
      'receiptco Events',
      `Order ${paid.code}`,
      'paper@example.com',
      'General Admission',
      '£20.00',
      '£40.00',
      `Booking fee: £${(paid.feeMinor / 100).toFixed(2)}`,
      `Total paid: £${((4000 + paid.feeMinor) / 100).toFixed(2)}`,
      'Card, online (test payment)',
      'This document is not a VAT invoice.',
    ])
      expect(facts.text).toContain(words);
    expect(facts.text).not.toContain('VAT:');

    const page = await get(`/orders/${paid.accessToken}`);
    expect(page.body).toContain(`href="/orders/${paid.accessToken}/receipt.pdf"`);
    expect(page.body).toContain('Download receipt R-000001 (PDF)');
  });

  it('goes with the confirmation e-mail as a PDF beside the tickets', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Mailed Receipt', capacity: 20 });
    const paid = await buyPaidOrder(t.app, host, live.id, live.ticket_types[0]!.id, 1, 'mailed@example.com');
    await deliverCheckoutMail(t.app);
    const [receipt] = await documentsOf(paid.id);
    const attachments = await db()
      .select({ filename: mailOutboxAttachment.filename, content: mailOutboxAttachment.content })
      .from(mailOutboxAttachment)
      .innerJoin(mailOutbox, eq(mailOutbox.id, mailOutboxAttachment.mailId))
      .where(eq(mailOutbox.to, 'mailed@example.com'));
    const attached = attachments.find((entry) => entry.filename === `receipt-${receipt!.number}.pdf`);
    expect(attached).toBeDefined();
    expect((await pdfFacts(Buffer.from(attached!.content))).text).toContain(`Receipt ${receipt!.number}`);
  });

  it('is refused with why for a hold not yet paid (409), and another order or organiser cannot reach it (404)', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Not Yet', capacity: 20 });
    const typeId = live.ticket_types[0]!.id;
    const held = await postCheckout(t.app, host, live.id, {
      ...buyer,
      email: 'held@example.com',
      [`qty_${typeId}`]: '1',
    });
    const token = tokenFrom(held.headers.location);
    const refused = await get(`/orders/${token}/receipt.pdf`);
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain(BILLING_MESSAGES.orderNotPaid);

    const paid = await buyPaidOrder(t.app, host, live.id, typeId, 1, 'scoped@example.com');
    await sellingOrganiser(t.app, 'receiptrival');
    expect((await get(`/orders/${paid.accessToken}/receipt.pdf`, 'receiptrival.localhost:3000')).statusCode).toBe(404);
    expect((await get(`/orders/not-a-token/receipt.pdf`)).statusCode).toBe(404);
  });
});

describe('a door sale', () => {
  it('gets its receipt at once, paid in cash, without a booking fee', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Door Receipt', capacity: 20 });
    const door = await addMember(t.app, await organizationOf(t.app, owner), 'door');
    const typeId = (await checkinGet(t.app, owner, `/api/checkin/events/${live.id}`)).json().ticket_types[0].id;
    const sale = await doorSale(t.app, door, live.id, {
      lines: [{ ticket_type_id: typeId, quantity: 1 }],
      payment_method: 'cash',
    });
    expect(sale.statusCode).toBe(201);
    const [row] = await db().select().from(order).where(eq(order.code, sale.json().order_code));
    const [receipt] = await documentsOf(row!.id);
    expect(receipt).toMatchObject({ kind: 'receipt', totalMinor: 2000 });
    const text = (await pdfFacts((await get(`/orders/${row!.accessToken}/receipt.pdf`)).rawPayload)).text;
    expect(text).toContain('Paid by: Cash at the door');
    expect(text).not.toContain('Booking fee');
  });
});

describe('credit notes', () => {
  it("one per refund, for what it gave back, naming the receipt; only the order's own token reaches it; a fully refunded order's receipt is refused", async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Give Back', capacity: 20 });
    const paid = await buyPaidOrder(t.app, host, live.id, live.ticket_types[0]!.id, 2, 'giveback@example.com');
    const other = await buyPaidOrder(t.app, host, live.id, live.ticket_types[0]!.id, 1, 'other@example.com');
    const [first, second] = await db().select().from(ticket).where(eq(ticket.orderId, paid.id)).orderBy(ticket.code);
    expect(
      (await refundRequest(t.app, owner, paid.id, { ticket_ids: [first!.id], reason: 'Cannot come' })).statusCode,
    ).toBe(200);
    expect(
      (await refundRequest(t.app, owner, paid.id, { ticket_ids: [second!.id], reason: 'Still cannot' })).statusCode,
    ).toBe(200);
    const documents = await documentsOf(paid.id);
    const receipt = documents.find((row) => row.kind === 'receipt')!;
    const credits = documents.filter((row) => row.kind === 'credit_note');
    expect(credits.map((row) => row.totalMinor)).toEqual([2000, 2000]);
    expect(new Set(credits.map((row) => row.refundId)).size).toBe(2);
    const [one, two] = credits.map((row) => row.number);
    expect(Number(two!.slice(2))).toBe(Number(one!.slice(2)) + 1);

    const response = await get(`/orders/${paid.accessToken}/credit-notes/${one}.pdf`);
    expect(response.statusCode).toBe(200);
    const facts = await pdfFacts(response.rawPayload);
    expect(facts.tagged).toBe(true);
    for (const words of [
      `Credit note ${one}`,
      `Credit note for receipt ${receipt.number}`,
      'Reason: Cannot come',
      'General Admission',
      'Total refunded: £20.00',
    ])
      expect(facts.text).toContain(words);
    // Another order's token with this number, and a number that is not this order's: not found.
    expect((await get(`/orders/${other.accessToken}/credit-notes/${one}.pdf`)).statusCode).toBe(404);
    expect((await get(`/orders/${paid.accessToken}/credit-notes/C-999999.pdf`)).statusCode).toBe(404);

    const refused = await get(`/orders/${paid.accessToken}/receipt.pdf`);
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain(BILLING_MESSAGES.orderRefundedReceipt);
    const page = await get(`/orders/${paid.accessToken}`);
    expect(page.body).toContain(`href="/orders/${paid.accessToken}/credit-notes/${two}.pdf"`);

    const detail = await orderDetail(t.app, owner, paid.id);
    expect(detail.documents.map((entry: { number: string }) => entry.number)).toEqual([receipt.number, one, two]);
  });

  it("an event cancellation's refund gets one, with the booking fee it gave back", async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Called Off', capacity: 20 });
    const paid = await buyPaidOrder(t.app, host, live.id, live.ticket_types[0]!.id, 1, 'calledoff@example.com');
    expect((await cancelRequest(t.app, owner, live.id, { reason: 'Storm', confirm: 'Called Off' })).statusCode).toBe(
      200,
    );
    await runRefundJobs(t.app);
    await runRefundJobs(t.app);
    const credits = (await documentsOf(paid.id)).filter((row) => row.kind === 'credit_note');
    expect(credits).toHaveLength(1);
    expect(credits[0]).toMatchObject({ totalMinor: 2000 + paid.feeMinor, refundId: null });
    const facts = await pdfFacts(
      (await get(`/orders/${paid.accessToken}/credit-notes/${credits[0]!.number}.pdf`)).rawPayload,
    );
    expect(facts.text).toContain(`Of which booking fee: £${(paid.feeMinor / 100).toFixed(2)}`);
  });

  it('numbers are one unbroken series per organisation and kind', async () => {
    const rows = await db()
      .select({ kind: orderDocument.kind, sequence: orderDocument.sequence })
      .from(orderDocument)
      .innerJoin(order, and(eq(order.id, orderDocument.orderId)))
      .where(eq(order.organizationId, (await db().select().from(order).limit(1))[0]!.organizationId));
    for (const kind of ['receipt', 'credit_note'] as const) {
      const numbers = rows
        .filter((row) => row.kind === kind)
        .map((row) => row.sequence)
        .sort((a, b) => a - b);
      expect(numbers).toEqual(numbers.map((_, index) => index + 1));
    }
  });
});
