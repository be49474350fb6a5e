// What the order page and the checkout's summary show of the receipt (decision 137): the documents to download
// and the business details form, with a refused form's values and errors or the stored details.
import { emptyBilling, type BillingFormView } from './billing-form.js';
import type { Database } from '../db/client.js';
import type { OrderRow } from '../modules/checkout/checkout.service.js';
import {
  billingRefusal,
  findBilling,
  listOrderDocuments,
  receiptRefusal,
} from '../modules/receipts/documents.service.js';

/** A posted form to show again (refused, with its values and errors) or a message after saving. */
export type BillingPosted = Partial<Pick<BillingFormView, 'values' | 'errors' | 'message'>>;

/** The business details form of the order, or null when details cannot be added to it now. */
export async function billingFormView(
  db: Database,
  current: OrderRow,
  action: string,
  posted?: BillingPosted,
): Promise<BillingFormView | null> {
  if (billingRefusal(current)) return null;
  const stored = await findBilling(db, current.organizationId, current.id);
  const values = posted?.values ?? {
    ...emptyBilling(),
    ...(stored ? { company_name: stored.companyName, address: stored.address, vat_id: stored.vatId ?? '' } : {}),
  };
  return { action, values, errors: posted?.errors ?? {}, message: posted?.message, saved: stored !== null };
}

export async function orderReceiptView(db: Database, current: OrderRow, posted?: BillingPosted) {
  return {
    available: receiptRefusal(current) === null,
    documents: await listOrderDocuments(db, current.organizationId, current.id),
    billing: await billingFormView(db, current, `/orders/${current.accessToken}/billing`, posted),
  };
}
