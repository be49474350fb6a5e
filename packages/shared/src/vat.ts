// VAT (issue 32 point 3, decision 138): an organisation's registration, and the one rounding rule. Rates are
// basis points (20% = 2000). Prices are stored and charged VAT-inclusive (gross): a price entered exclusive of VAT
// becomes face + round(face × rate) once, when the event page reads it, and the VAT in a gross unit price is
// round(gross × rate / (1 + rate)), half up, per unit, in integer minor units. The booking fee is the platform's
// supply, inclusive of the platform's VAT at PLATFORM_FEE_VAT_BP.
import { z } from 'zod';
import { noControlChars } from './text-rules.js';
import { BILLING_LIMITS } from './billing.js';
import { VAT_COUNTRY_CODES } from './vat-countries.js';

/** The platform's VAT on its booking fee (UK standard rate: the fee is a UK supply by the platform). */
export const PLATFORM_FEE_VAT_BP = 2000;
export const MAX_VAT_RATE_BP = 10_000;

/** round(a / b), halves up, for non-negative integers. */
const divideHalfUp = (a: number, b: number) => Math.floor((2 * a + b) / (2 * b));

/** The VAT inside a VAT-inclusive amount at `rateBp`. */
export function vatInGross(grossMinor: number, rateBp: number): number {
  if (rateBp <= 0 || grossMinor <= 0) return 0;
  return divideHalfUp(grossMinor * rateBp, 10_000 + rateBp);
}

/**
 * The VAT one refund gives back at one rate (decisions 138, 139, 141): the VAT inside the prices it refunds at that
 * rate, by the one rounding rule. A refund is first put on the order's rates (the server's refundVatLines); its
 * credit note prints each rate's, and the order's `vat_refunded_minor` adds them up for the settlement report.
 */
export const refundVat = (refundedPricesMinor: number, rateBp: number): number =>
  vatInGross(Math.max(0, refundedPricesMinor), rateBp);

/** A price entered exclusive of VAT, made gross: face + round(face × rate). */
export function grossOfNet(netMinor: number, rateBp: number): number {
  if (rateBp <= 0 || netMinor <= 0) return netMinor;
  return netMinor + divideHalfUp(netMinor * rateBp, 10_000);
}

/** '20%', '5.5%' */
export const vatRateText = (rateBp: number): string => `${(rateBp / 100).toFixed(2).replace(/\.?0+$/, '')}%`;

export const VAT_MESSAGES = {
  numberForm: 'Enter a VAT number with its country prefix, e.g. GB123456789 or DE123456789 (letters and digits only).',
  numberCountry: 'The VAT number must start with the country’s prefix (GB for the United Kingdom, EL for Greece).',
  numberRequired: 'Enter your VAT number to register for VAT.',
  rateRange: 'VAT rate must be between 0% and 100%.',
  rateForm: 'Enter the VAT rate as a percentage with at most two decimals, e.g. 20 or 5.5.',
  legalNameRequired: 'Enter the registered name on your VAT registration (it is printed on your VAT invoices).',
  legalNameTooLong: `Registered name must be at most ${BILLING_LIMITS.companyName} characters.`,
  addressRequired: 'Enter the postal address on your VAT registration (it is printed on your VAT invoices).',
  addressTooLong: `Registered address must be at most ${BILLING_LIMITS.address} characters, in at most ${BILLING_LIMITS.addressLines} lines of ${BILLING_LIMITS.addressLine}.`,
  badCharacters: 'Remove the control characters.',
  reducedRange: 'Reduced VAT rate must be between 0% and 100%.',
  reducedForm: 'Enter the reduced VAT rate as a percentage with at most two decimals, e.g. 5 or 5.5.',
  secondWithoutFirst: 'Enter the first reduced rate before a second one.',
  /** Saving a registration without a reduced rate that ticket types or add-ons still sell at. */
  reducedInUse: (second: boolean, count: number) =>
    `${count} ticket type${count === 1 ? '' : 's'} or add-on${count === 1 ? '' : 's'} sell${count === 1 ? 's' : ''} at the ${second ? 'second ' : ''}reduced rate: choose another VAT rate for ${count === 1 ? 'it' : 'them'} before removing it.`,
  saved: 'VAT settings saved. New orders use them; orders already sold keep the VAT they were sold with.',
} as const;

/** EU and UK VAT number prefixes (Greece uses EL); the rest of the number: 2-12 letters or digits. */
const VAT_PREFIX: Record<string, string> = { GR: 'EL' };
const VAT_NUMBER = /^[A-Z]{2}[0-9A-Z]{2,12}$/;
const UK_VAT_NUMBER = /^GB(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/;

/** The VAT number's message, or null when it has the form of `country`'s numbers. */
export function vatNumberProblem(number: string, country: string): string | null {
  if (!VAT_NUMBER.test(number)) return VAT_MESSAGES.numberForm;
  const prefix = VAT_PREFIX[country] ?? country;
  if (!number.startsWith(prefix)) return VAT_MESSAGES.numberCountry;
  if (prefix === 'GB' && !UK_VAT_NUMBER.test(number)) return VAT_MESSAGES.numberForm;
  return null;
}

/** '20' or '5.5' -> basis points, or the message. */
export function parseVatRate(text: string): { bp: number } | { error: string } {
  const value = text.trim();
  if (!/^-?\d+(\.\d+)?$/.test(value)) return { error: VAT_MESSAGES.rateForm };
  if (value.startsWith('-')) return { error: VAT_MESSAGES.rateRange };
  const [whole = '0', fraction = ''] = value.split('.');
  if (fraction.length > 2) return { error: VAT_MESSAGES.rateForm };
  const bp = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(bp) || bp > MAX_VAT_RATE_BP) return { error: VAT_MESSAGES.rateRange };
  return { bp };
}

/** An address as stored: one line per line, trimmed, blank lines dropped, whatever the browser's line ends. */
export const addressLines = (value: string): string =>
  value
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');

/** The registered address's message, or null when it can be printed on an invoice. */
export function registeredAddressProblem(value: string): string | null {
  if (!noControlChars(value)) return VAT_MESSAGES.badCharacters;
  const lines = addressLines(value);
  if (!lines) return VAT_MESSAGES.addressRequired;
  const split = lines.split('\n');
  const fits =
    lines.length <= BILLING_LIMITS.address &&
    split.length <= BILLING_LIMITS.addressLines &&
    split.every((line) => line.length <= BILLING_LIMITS.addressLine);
  return fits ? null : VAT_MESSAGES.addressTooLong;
}

/** A reduced rate as typed: '' (none) or a rate, with the reduced rate's messages. */
function reducedRateProblem(text: string): string | null {
  if (!text.trim()) return null;
  const rate = parseVatRate(text);
  if (!('error' in rate)) return null;
  return rate.error === VAT_MESSAGES.rateRange ? VAT_MESSAGES.reducedRange : VAT_MESSAGES.reducedForm;
}

/** The reduced rates as typed, in basis points (the schema has checked them); '' leaves a rate out. */
export function parseReducedRates(first: string, second: string): number[] {
  return [first, second].flatMap((text) => {
    const rate = text.trim() ? parseVatRate(text) : null;
    return rate && 'bp' in rate ? [rate.bp] : [];
  });
}

export const vatSettingsInputSchema = z
  .object({
    registered: z.boolean(),
    vat_number: z.string().max(20).refine(noControlChars).default(''),
    country: z
      .string()
      .refine((code) => VAT_COUNTRY_CODES.includes(code), 'Choose the United Kingdom or an EU country')
      .default('GB'),
    /** The standard rate as a percentage ('20', '5.5'). */
    rate: z.string().max(12).refine(noControlChars).default('20'),
    /** Up to two reduced rates as percentages ('5'); '' = none. */
    reduced_rate: z.string().max(12).refine(noControlChars).default(''),
    second_reduced_rate: z.string().max(12).refine(noControlChars).default(''),
    prices_include_vat: z.boolean().default(true),
    /** The registered (legal) name and postal address on the VAT registration: the seller on a VAT invoice. */
    legal_name: z
      .string()
      .max(BILLING_LIMITS.companyName, VAT_MESSAGES.legalNameTooLong)
      .refine(noControlChars, VAT_MESSAGES.badCharacters)
      .default(''),
    /** Lines of the address, newline-separated (blank lines dropped). */
    address: z
      .string()
      .max(2 * BILLING_LIMITS.address, VAT_MESSAGES.addressTooLong)
      .default(''),
  })
  .strict()
  .superRefine((input, context) => {
    if (!input.registered) return;
    const number = input.vat_number.replace(/[\s.-]/g, '').toUpperCase();
    const numberProblem = number ? vatNumberProblem(number, input.country) : VAT_MESSAGES.numberRequired;
    if (numberProblem) context.addIssue({ code: 'custom', path: ['vat_number'], message: numberProblem });
    const rate = parseVatRate(input.rate);
    if ('error' in rate) context.addIssue({ code: 'custom', path: ['rate'], message: rate.error });
    if (!input.legal_name.trim())
      context.addIssue({ code: 'custom', path: ['legal_name'], message: VAT_MESSAGES.legalNameRequired });
    const addressProblem = registeredAddressProblem(input.address);
    if (addressProblem) context.addIssue({ code: 'custom', path: ['address'], message: addressProblem });
    for (const path of ['reduced_rate', 'second_reduced_rate'] as const) {
      const problem = reducedRateProblem(input[path]);
      if (problem) context.addIssue({ code: 'custom', path: [path], message: problem });
    }
    if (input.second_reduced_rate.trim() && !input.reduced_rate.trim())
      context.addIssue({ code: 'custom', path: ['second_reduced_rate'], message: VAT_MESSAGES.secondWithoutFirst });
  });
export type VatSettingsInput = z.input<typeof vatSettingsInputSchema>;

export const vatSettingsSchema = z.object({
  registered: z.boolean(),
  vat_number: z.string(),
  country: z.string(),
  /** Basis points and as typed ('20'). */
  rate_bp: z.number().int(),
  rate: z.string(),
  /** The reduced rates (decision 139): basis points and as typed; null and '' when not set. */
  reduced_rate_bp: z.number().int().nullable(),
  reduced_rate: z.string(),
  second_reduced_rate_bp: z.number().int().nullable(),
  second_reduced_rate: z.string(),
  prices_include_vat: z.boolean(),
  legal_name: z.string(),
  address: z.string(),
  message: z.string().optional(),
});
export type VatSettings = z.infer<typeof vatSettingsSchema>;
