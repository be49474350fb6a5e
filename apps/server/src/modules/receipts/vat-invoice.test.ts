// Full VAT invoices and re-issues (decision 140) through HTTP as organisers and fans use them: a VAT registration
// needs the registered name and address (400s on the field, nothing kept); a VAT-registered seller's receipt is a
// "VAT invoice" with the seller's and buyer's details, its number, date of issue, tax point and currency; changed
// business details after issue cancel the receipt with a credit note and issue the next receipt (the old one
// still says what it said; unchanged details issue nothing; it is no refund in any figure); a refund's credit note
// answers the current receipt and goes with its e-mail (the other refund e-mails: credit-note-mail.test.ts).
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES, VAT_MESSAGES, type OrderDetail } from '@marquee/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { asBrowser, type SignedInUser } from '../../../test/auth-helpers.js';
import { buyer, createLiveEvent, postCheckout, sellingOrganiser, tokenFrom } from '../../../test/checkout-helpers.js';
import { fanPost, orderDetail, orderPage, refundRequest, runAfterSaleJobs } from '../../../test/after-sale-helpers.js';
import { attachmentsTo, buyWithCompany, company, vatRegistration } from '../../../test/invoice-helpers.js';
import { readPdf } from '../../../test/pdf-text.js';
import { order, orderDocument, orderRefund, ticket } from '../../db/schema/index.js';

let t: TestApp;
let owner: SignedInUser;
const host = 'invoiceco.localhost:3000';
const db = () => t.database.db;
const putVat = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/org/vat', headers: asBrowser(owner), payload });
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { host } });
const pdfText = async (url: string) => {
  const response = await get(url);
  expect(response.statusCode, url).toBe(200);
  return (await readPdf(response.rawPayload)).pages.join('\n');
};
const documentsOf = (orderId: string) =>
  db()
    .select()
    .from(orderDocument)
    .where(eq(orderDocument.orderId, orderId))
    .orderBy(desc(orderDocument.kind), orderDocument.sequence); // receipts, then credit notes
const orderRow = async (id: string) => (await db().select().from(order).where(eq(order.id, id)))[0]!;
beforeAll(async () => {
  t = await createTestApp();
  owner = await sellingOrganiser(t.app, 'invoiceco');
});
afterAll(() => t?.close());

describe('the seller on a VAT registration', () => {
  it('must give the registered name and address: each missing, oversized or with control characters is a 400 on its field, nothing kept', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...vatRegistration, legal_name: ' ' }, 'legal_name', VAT_MESSAGES.legalNameRequired],
      [{ ...vatRegistration, address: '\n \n' }, 'address', VAT_MESSAGES.addressRequired],
      [{ ...vatRegistration, legal_name: 'x'.repeat(201) }, 'legal_name', VAT_MESSAGES.legalNameTooLong],
      [{ ...vatRegistration, address: 'a\nb\nc\nd\ne\nf\ng' }, 'address', VAT_MESSAGES.addressTooLong],
      // Control characters are refused before the schema's own rule, in the same envelope.
      [{ ...vatRegistration, legal_name: 'Bad\u0007Co' }, 'legal_name', 'control characters'],
      [{ ...vatRegistration, address: 'Line\u0000one' }, 'address', 'control characters'],
    ];
    for (const [payload, path, message] of cases) {
      const refused = await putVat(payload);
      expect(refused.statusCode, path).toBe(400);
      const body = JSON.stringify(refused.json());
      expect(body).toContain(message.slice(0, 30));
      expect(body).toContain(`"${path}"`);
    }
    const stored = await t.app.inject({ method: 'GET', url: '/api/org/vat', headers: asBrowser(owner) });
    expect(stored.json()).toMatchObject({ registered: false, legal_name: '', address: '' });
    const saved = await putVat(vatRegistration);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      legal_name: 'Invoice Co Events Ltd',
      address: '5 Market Street\nLeeds\nLS1 1AA',
    });
  });
});

describe('a VAT-registered seller', () => {
  let paid: typeof order.$inferSelect;
  let eventId = '';

  it("issues a VAT invoice: seller's registered name, address and VAT number, number, dates, currency, buyer's company", async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Invoice Night', capacity: 20 }); // £20.00
    eventId = live.id;
    paid = await buyWithCompany(t.app, host, live.id, live.ticket_types[0]!.id, 'invoice-fan@example.com');
    const [receipt, ...others] = await documentsOf(paid.id);
    expect(others).toEqual([]);
    const bytes = (await get(`/orders/${paid.accessToken}/receipt.pdf`)).rawPayload;
    const raw = bytes.toString('latin1');
    expect(raw).toContain('/StructTreeRoot');
    expect(raw).toContain('/FontFile2');
    const { pages, title } = await readPdf(bytes);
    const text = pages.join('\n');
    expect(title).toBe(`VAT invoice ${receipt!.number}`);
    const tz = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', hour: '2-digit', minute: '2-digit', hour12: false });
    for (const words of [
      `VAT invoice ${receipt!.number}`,
      'Invoice Co Events Ltd',
      '5 Market Street',
      'LS1 1AA',
      'VAT number: GB123456789',
      `Invoice number: ${receipt!.number}`,
      'Date of issue: ',
      `Tax point (date of supply): `,
      tz.format(paid.paidAt!),
      'Currency: GBP',
      'Widgets Ltd',
      'SW1A 1AA',
      'VAT ID: DE123456789',
      'VAT at 20%: £6.66 (net £33.34, with VAT £40.00)',
      // Each line: the unit price without VAT, the rate, the line's net and VAT, its gross amount.
      'excl. VAT',
      '£16.67',
      '£33.34',
      '£6.66',
    ])
      expect(text).toContain(words);
    expect(text).not.toContain('reverse charge');
    // The order page names it.
    const page = (await orderPage(t.app, host, paid.accessToken)).body;
    expect(page).toContain('<h2 id="documents-title">VAT invoice</h2>');
    expect(page).toContain(`Download VAT invoice ${receipt!.number} (PDF)`);
  });

  it('re-issues on changed business details: a credit note cancels the receipt, the next receipt carries them, no refund anywhere', async () => {
    const [first] = await documentsOf(paid.id);
    const path = `/orders/${paid.accessToken}/billing`;
    // The same details again: nothing issued.
    const same = await fanPost(t.app, host, path, company);
    expect(same.headers.location).toBe(`/orders/${paid.accessToken}?done=billing#billing`);
    expect(await documentsOf(paid.id)).toHaveLength(1);

    const changed = await fanPost(t.app, host, path, { ...company, company_name: 'Gadgets plc', vat_id: '' });
    expect(changed.headers.location).toBe(`/orders/${paid.accessToken}?done=reissued#documents-title`);
    const documents = await documentsOf(paid.id);
    expect(documents.map((entry) => [entry.kind, entry.totalMinor])).toEqual([
      ['receipt', first!.totalMinor],
      ['receipt', first!.totalMinor],
      ['credit_note', first!.totalMinor],
    ]);
    const [, next, credit] = documents;
    expect(next!.sequence).toBe(first!.sequence + 1);
    expect(next!.replacesId).toBe(first!.id);
    expect(credit!.cancelsId).toBe(first!.id);
    expect(credit!.refundId).toBeNull();

    // The cancelled receipt still says what it said; the new one has the new details and says what it replaces.
    const old = await pdfText(`/orders/${paid.accessToken}/receipts/${first!.number}.pdf`);
    expect(old).toContain('Widgets Ltd');
    expect(old).not.toContain('Gadgets plc');
    const current = await pdfText(`/orders/${paid.accessToken}/receipt.pdf`);
    expect(current).toContain(`VAT invoice ${next!.number}`);
    expect(current).toContain('Gadgets plc');
    expect(current).not.toContain('VAT ID:');
    expect(current).toContain(`Replaces VAT invoice ${first!.number}, cancelled by credit note ${credit!.number}`);
    expect(current).toContain('VAT at 20%: £6.66 (net £33.34, with VAT £40.00)');
    const note = await pdfText(`/orders/${paid.accessToken}/credit-notes/${credit!.number}.pdf`);
    expect(note).toContain(`Credit note ${credit!.number}`);
    expect(note).toContain(`Cancels VAT invoice ${first!.number}`);
    expect(note).toContain(`Re-issued as VAT invoice ${next!.number}`);
    expect(note).toContain('No money was refunded');
    expect(note).toContain('Widgets Ltd');

    // Not a refund: the order, its refunds and the settlement report are as before.
    expect(await orderRow(paid.id)).toMatchObject({ status: 'paid', refundedMinor: 0 });
    expect(await db().select().from(orderRefund).where(eq(orderRefund.orderId, paid.id))).toEqual([]);
    const report = await t.app.inject({
      method: 'GET',
      url: `/api/events/${eventId}/settlement`,
      headers: asBrowser(owner),
    });
    expect(report.json().currencies).toEqual([expect.objectContaining({ refunded_minor: 0, sales_minor: 4000 })]);

    // The order page lists the current receipt, and the cancelled one with its credit note (not as a refund).
    const page = (await orderPage(t.app, host, paid.accessToken)).body;
    expect(page).toContain(`Download VAT invoice ${next!.number} (PDF)`);
    expect(page).toContain(`Cancelled VAT invoice ${first!.number} (PDF)`);
    expect(page).toContain(`credit note ${credit!.number} (PDF)</a> when your business details changed`);
    expect(page).not.toContain(`Download credit note ${credit!.number}`);
    const detail = (await orderDetail(t.app, owner, paid.id)) as OrderDetail;
    expect(detail.documents).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ number: first!.number, cancelled_by: credit!.number }),
        expect.objectContaining({ number: credit!.number, cancels: first!.number }),
      ]),
    );
  });

  it("a refund's credit note answers the current receipt and goes with the refund e-mail; refunded in full, no re-issue", async () => {
    const tickets = await db().select().from(ticket).where(eq(ticket.orderId, paid.id)).orderBy(ticket.code);
    const refunded = await refundRequest(t.app, owner, paid.id, {
      ticket_ids: [tickets[0]!.id],
      reason: 'Cannot come',
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    await runAfterSaleJobs(t.app);
    const documents = await documentsOf(paid.id);
    const receipt = documents.filter((entry) => entry.kind === 'receipt').at(-1)!;
    const credit = documents.at(-1)!;
    expect(credit).toMatchObject({ kind: 'credit_note', totalMinor: 2000 });
    const mailed = (await attachmentsTo(t.app, 'invoice-fan@example.com')).find(
      (entry) => entry.filename === `credit-note-${credit.number}.pdf`,
    );
    expect(mailed, 'the refund e-mail carries the credit note').toBeDefined();
    const text = (await readPdf(Buffer.from(mailed!.content))).pages.join('\n');
    expect(text).toContain(`Credit note ${credit.number}`);
    expect(text).toContain(`Credit note for VAT invoice ${receipt.number}`);
    expect(text).toContain('Total refunded: £20.00');
    expect(text).toContain('Gadgets plc');

    const rest = await refundRequest(t.app, owner, paid.id, { ticket_ids: [tickets[1]!.id], reason: 'Cannot come' });
    expect(rest.statusCode).toBe(200);
    expect((await orderRow(paid.id)).status).toBe('refunded');
    const count = (await documentsOf(paid.id)).length;
    const refused = await fanPost(t.app, host, `/orders/${paid.accessToken}/billing`, company);
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain(BILLING_MESSAGES.orderRefunded);
    expect(await documentsOf(paid.id)).toHaveLength(count);
    // A refunded order's receipts, current or cancelled, are refused with why; its credit notes stay.
    for (const entry of documents.filter((document) => document.kind === 'receipt')) {
      const url = entry.replacesId
        ? `/orders/${paid.accessToken}/receipt.pdf`
        : `/orders/${paid.accessToken}/receipts/${entry.number}.pdf`;
      const response = await get(url);
      expect(response.statusCode, url).toBe(409);
      expect(response.body).toContain('refunded in full');
    }
  });

  it('an unpaid order has no invoice (409 with why) and cannot be re-issued', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Unpaid Invoice', capacity: 20 });
    const started = await postCheckout(t.app, host, live.id, { ...buyer, [`qty_${live.ticket_types[0]!.id}`]: '1' });
    const token = tokenFrom(started.headers.location);
    expect((await fanPost(t.app, host, `/checkout/${token}/billing`, company)).statusCode).toBe(200);
    const response = await get(`/orders/${token}/receipt.pdf`);
    expect(response.statusCode).toBe(409);
    expect(response.body).toContain(BILLING_MESSAGES.orderNotPaid);
    const [held] = await db().select().from(order).where(eq(order.accessToken, token));
    expect(await documentsOf(held!.id)).toEqual([]);
  });
});
