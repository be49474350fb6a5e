// A resold ticket's refund gets its credit note (decision 137), issued in the buyer's sale after the buyer's receipt,
// and the seller's refund e-mail carries it (decision 140).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import type { SignedInUser } from '../../../test/auth-helpers.js';
import { createLiveEvent, sellingOrganiser } from '../../../test/checkout-helpers.js';
import { buyPaidOrder } from '../../../test/cancellation-helpers.js';
import { fanPost, runAfterSaleJobs } from '../../../test/after-sale-helpers.js';
import { readPdf } from '../../../test/pdf-text.js';
import { mailOutbox, mailOutboxAttachment, orderDocument, resaleListing, ticket } from '../../db/schema/index.js';

let t: TestApp;
let owner: SignedInUser;
const host = 'resalecredit.localhost:3000';

beforeAll(async () => {
  t = await createTestApp();
  owner = await sellingOrganiser(t.app, 'resalecredit');
});
afterAll(() => t.close());

describe('a resold ticket', () => {
  it('gives its seller a credit note for the price refunded; the buyer gets their own receipt', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Second Hand', capacity: 2, resale_allowed: true });
    const typeId = live.ticket_types[0]!.id;
    const seller = await buyPaidOrder(t.app, host, live.id, typeId, 2, 'seller@example.com');
    const [listed] = await t.database.db
      .select()
      .from(ticket)
      .where(eq(ticket.orderId, seller.id))
      .orderBy(ticket.code);
    expect(
      (await fanPost(t.app, host, `/orders/${seller.accessToken}/resale`, { ticket: listed!.code })).statusCode,
    ).toBe(303);
    const later = await buyPaidOrder(t.app, host, live.id, typeId, 1, 'later@example.com');
    const [listing] = await t.database.db.select().from(resaleListing).where(eq(resaleListing.ticketId, listed!.id));
    expect(listing!.status).toBe('sold');

    const documents = await t.database.db
      .select()
      .from(orderDocument)
      .orderBy(orderDocument.kind, orderDocument.number);
    const of = (orderId: string) =>
      documents.filter((row) => row.orderId === orderId).map((row) => [row.kind, row.number, row.totalMinor]);
    expect(of(seller.id)).toEqual([
      ['credit_note', 'C-000001', 2000],
      ['receipt', 'R-000001', 4000 + seller.feeMinor],
    ]);
    expect(of(later.id)).toEqual([['receipt', 'R-000002', 2000 + later.feeMinor]]);
    expect(documents.find((row) => row.kind === 'credit_note')!.refundId).toBe(listing!.refundId);

    // The seller's "your ticket was resold" e-mail carries the credit note, and it reads back.
    await runAfterSaleJobs(t.app);
    const [mailed] = await t.database.db
      .select({ content: mailOutboxAttachment.content })
      .from(mailOutboxAttachment)
      .innerJoin(mailOutbox, eq(mailOutbox.id, mailOutboxAttachment.mailId))
      .where(
        and(eq(mailOutbox.to, 'seller@example.com'), eq(mailOutboxAttachment.filename, 'credit-note-C-000001.pdf')),
      );
    expect(mailed, 'the resale refund e-mail carries the credit note').toBeDefined();
    const text = (await readPdf(Buffer.from(mailed!.content))).pages.join('\n');
    expect(text).toContain('Credit note C-000001');
    expect(text).toContain('Total refunded: £20.00');
  });
});
