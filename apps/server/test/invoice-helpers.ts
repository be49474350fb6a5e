// VAT invoices' tests (decision 140): a VAT registration with the seller's registered name and address, a fan who
// buys with their company's details given on the summary before paying, and the PDFs the outbox kept for an address.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { mailOutbox, mailOutboxAttachment, order } from '../src/db/schema/index.js';
import { buyer, payWithCard, postCheckout, tokenFrom } from './checkout-helpers.js';
import { fanPost } from './after-sale-helpers.js';

/** What PUT /api/org/vat takes for a UK registration at 20%, the seller named for its VAT invoices. */
export const vatRegistration = {
  registered: true,
  vat_number: 'GB123456789',
  country: 'GB',
  rate: '20',
  legal_name: 'Invoice Co Events Ltd',
  address: '5 Market Street\r\nLeeds\r\n\r\nLS1 1AA',
};

/** The buyer's business details as the fan types them. */
export const company = {
  company_name: 'Widgets Ltd',
  address: '1 High Street\nLondon\nSW1A 1AA',
  vat_id: 'DE123456789',
};

/** A fan buys `quantity` tickets, gives `company` on the summary before paying, and pays; returns the paid order. */
export async function buyWithCompany(
  app: FastifyInstance,
  host: string,
  eventId: string,
  typeId: string,
  email: string,
  quantity = 2,
) {
  const started = await postCheckout(app, host, eventId, { ...buyer, email, [`qty_${typeId}`]: String(quantity) });
  expect(started.statusCode).toBe(303);
  const token = tokenFrom(started.headers.location);
  expect((await fanPost(app, host, `/checkout/${token}/billing`, company)).statusCode).toBe(200);
  expect((await payWithCard(app, host, token)).statusCode).toBe(303);
  const [row] = await app.db.select().from(order).where(eq(order.accessToken, token));
  return row!;
}

/** The attachments of every e-mail the outbox holds for `email`. */
export const attachmentsTo = (app: FastifyInstance, email: string) =>
  app.db
    .select({ filename: mailOutboxAttachment.filename, content: mailOutboxAttachment.content })
    .from(mailOutboxAttachment)
    .innerJoin(mailOutbox, eq(mailOutbox.id, mailOutboxAttachment.mailId))
    .where(eq(mailOutbox.to, email));
