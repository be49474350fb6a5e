// The buyer's business details form (decision 137): company name, address and VAT ID for the receipt and credit
// notes, on the checkout's summary page (before paying) and the order page (after). A plain POST form that works
// without script; a refused form comes back with its values kept and each error under its field. The order
// page also lists the order's documents to download (order-documents.tsx).
import { BILLING_LIMITS, type BillingField } from '@marquee/shared';
import { FieldErrorLine, invalidFieldProps } from '../lib/field-error.js';
import { Notice, type NoticeMessage } from './notice.js';

export interface BillingFormView {
  /** Where the form posts: /orders/:token/billing or /checkout/:token/billing. */
  action: string;
  values: Record<BillingField, string>;
  errors: Partial<Record<BillingField, string>>;
  /** A refusal or what was done, shown at the top of the form. */
  message?: NoticeMessage | undefined;
  /** True once details are saved (the heading says "change"). */
  saved: boolean;
}

export const emptyBilling = (): Record<BillingField, string> => ({ company_name: '', address: '', vat_id: '' });

export function BillingForm({ view }: { view: BillingFormView }) {
  const field = (name: BillingField) => ({
    id: `billing-${name}`,
    name,
    ...invalidFieldProps(`billing-${name}`, view.errors[name]),
  });
  return (
    <section aria-labelledby="billing-title" id="billing">
      <h2 id="billing-title">
        {view.saved ? 'Business details for your receipt' : 'Add business details to your receipt'}
      </h2>
      <Notice message={view.message} />
      <form method="post" action={view.action} noValidate>
        <div className="field">
          <label htmlFor="billing-company_name">Company name</label>
          <input
            {...field('company_name')}
            defaultValue={view.values.company_name}
            autoComplete="organization"
            maxLength={BILLING_LIMITS.companyName}
            required
          />
          <FieldErrorLine name="billing-company_name" message={view.errors.company_name} />
        </div>
        <div className="field">
          <label htmlFor="billing-address">Address</label>
          <textarea
            {...field('address')}
            defaultValue={view.values.address}
            autoComplete="street-address"
            rows={4}
            required
          />
          <FieldErrorLine name="billing-address" message={view.errors.address} />
        </div>
        <div className="field">
          <label htmlFor="billing-vat_id">VAT ID (optional)</label>
          <input {...field('vat_id')} defaultValue={view.values.vat_id} maxLength={40} spellCheck={false} />
          <FieldErrorLine name="billing-vat_id" message={view.errors.vat_id} />
        </div>
        <button type="submit" className="secondary">
          Save business details
        </button>
      </form>
    </section>
  );
}
