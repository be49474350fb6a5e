// A buyer's business details for their receipt and credit notes (decision 137): company name, postal address
// and, optionally, a VAT ID in the form of a UK or EU VAT number. Checked the same by the storefront's form and
// any other caller; the messages name the field and what is wrong.
import { z } from 'zod';
import { noControlChars } from './text-rules.js';

export const BILLING_LIMITS = { companyName: 200, address: 500, addressLines: 6, addressLine: 120 } as const;

/** Prefixes of EU VAT numbers ('EL' is Greece), with GB (UK) and XI (Northern Ireland). */
export const VAT_PREFIXES = [
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'EL', 'ES', 'FI', 'FR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU',
  'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK', 'GB', 'XI',
] as const; // prettier-ignore

export const BILLING_MESSAGES = {
  companyRequired: 'Enter the company name',
  companyTooLong: `Company name must be at most ${BILLING_LIMITS.companyName} characters`,
  addressRequired: 'Enter the company address',
  addressTooLong: `Address must be at most ${BILLING_LIMITS.address} characters`,
  addressLines: `Address must be at most ${BILLING_LIMITS.addressLines} lines of ${BILLING_LIMITS.addressLine} characters`,
  badCharacters: 'Remove the control characters',
  vatId:
    'Enter a VAT ID like GB123456789 (GB and 9 or 12 digits) or an EU one like DE123456789 (country code and 2 to 12 letters or digits), or leave it empty',
  orderUnpaidExpired: 'This order was not paid and its hold has ended, so it has no receipt to add business details to',
  orderRefunded: 'This order was refunded in full, so its business details can no longer be changed',
  orderNotPaid: 'This order has not been paid, so it has no receipt yet',
  orderNoReceipt: 'This order took no payment, so it has no receipt',
  orderRefundedReceipt:
    'This order was refunded in full: its receipt is still on its order page, with the credit note for the refund',
  saved: 'Business details saved. They appear on your receipt and credit notes.',
  reissued:
    'Business details saved. Your receipt was re-issued with them under a new number; the one before it is cancelled by a credit note (nothing was refunded).',
} as const;

/** Upper-case, without spaces, dots or dashes: 'gb 123 4567 89' -> 'GB123456789'. */
export const normaliseVatId = (value: string) => value.toUpperCase().replace(/[\s.-]/g, '');

/** The form of a UK or EU VAT number (not whether it is registered: that needs HMRC's or VIES's answer). */
export function isVatIdForm(value: string): boolean {
  const prefix = value.slice(0, 2);
  // A UK number: 9 or 12 digits (or a government department's or health authority's GD/HA and 3 digits).
  if (prefix === 'GB' || prefix === 'XI') return /^(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/.test(value.slice(2));
  return (VAT_PREFIXES as readonly string[]).includes(prefix) && /^[A-Z0-9]{2,12}$/.test(value.slice(2));
}

const addressOk = (value: string) => {
  const lines = value.split('\n');
  return (
    lines.length <= BILLING_LIMITS.addressLines && lines.every((line) => line.length <= BILLING_LIMITS.addressLine)
  );
};

export const billingDetailsSchema = z.object({
  company_name: z
    .string()
    .trim()
    .min(1, BILLING_MESSAGES.companyRequired)
    .max(BILLING_LIMITS.companyName, BILLING_MESSAGES.companyTooLong)
    .refine(noControlChars, BILLING_MESSAGES.badCharacters),
  address: z
    .string()
    // One line per line, blank ones dropped, whatever the browser's line ends.
    .transform((value) =>
      value
        .split(/\r\n|\r|\n/)
        .map((line) => line.trim())
        .filter(Boolean)
        .join('\n'),
    )
    .pipe(
      z
        .string()
        .min(1, BILLING_MESSAGES.addressRequired)
        .max(BILLING_LIMITS.address, BILLING_MESSAGES.addressTooLong)
        .refine(noControlChars, BILLING_MESSAGES.badCharacters)
        .refine(addressOk, BILLING_MESSAGES.addressLines),
    ),
  vat_id: z
    .string()
    .max(40, BILLING_MESSAGES.vatId)
    .transform(normaliseVatId)
    .refine((value) => value === '' || isVatIdForm(value), BILLING_MESSAGES.vatId)
    .transform((value) => (value === '' ? null : value)),
});

export type BillingDetailsInput = z.input<typeof billingDetailsSchema>;
export type BillingDetails = z.output<typeof billingDetailsSchema>;
export type BillingField = keyof BillingDetailsInput;

/** Checks a form's fields: the details, or each field's first error. */
export function parseBillingDetails(
  body: Record<string, unknown>,
): { ok: true; value: BillingDetails } | { ok: false; errors: Partial<Record<BillingField, string>> } {
  const text = (key: BillingField) => (typeof body[key] === 'string' ? (body[key] as string) : '');
  const parsed = billingDetailsSchema.safeParse({
    company_name: text('company_name'),
    address: text('address'),
    vat_id: text('vat_id'),
  });
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors: Partial<Record<BillingField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as BillingField;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}
