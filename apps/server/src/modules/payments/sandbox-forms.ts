// The sandbox provider's two forms (payout onboarding and the card), their fields and their checks. The pages
// (sandbox-pages.tsx) show them; the routes (sandbox-pages.routes.ts) read and check what was posted.
import { sandboxCardOutcome, type SandboxOnboardingDetails } from '../../adapters/payments/sandbox.js';

/** The name every sandbox bank account carries, so Billing reads it as a sandbox bank. */
export const SANDBOX_BANK_NAME = 'Sandbox test bank';

export const BUSINESS_TYPES = [
  ['individual', 'Individual / sole trader'],
  ['company', 'Company'],
  ['non_profit', 'Non-profit'],
] as const;

export const COUNTRIES = [
  ['GB', 'United Kingdom'],
  ['US', 'United States'],
  ['IE', 'Ireland'],
  ['FR', 'France'],
  ['DE', 'Germany'],
  ['ES', 'Spain'],
  ['IT', 'Italy'],
  ['NL', 'Netherlands'],
  ['AU', 'Australia'],
  ['CA', 'Canada'],
  ['JP', 'Japan'],
  ['CH', 'Switzerland'],
  ['IN', 'India'],
] as const;

export const FIELDS = [
  'business_name',
  'business_type',
  'country',
  'address_line1',
  'address_city',
  'address_postal_code',
  'representative_name',
  'representative_dob',
  'bank_account_holder',
  'bank_routing',
  'bank_account_number',
  'registration_number',
] as const;
export type Field = (typeof FIELDS)[number];
export type OnboardingForm = Record<Field, string>;
export type OnboardingErrors = Partial<Record<Field, string>>;

const digitsOnly = (value: string) => value.replace(/[\s-]/g, '');

/**
 * A date of birth typed day/month/year ('10/12/1985', also with '.' or '-') or as an ISO date, as YYYY-MM-DD;
 * null when it is neither or not a real day (31/02).
 */
export function isoDateOfBirth(value: string): string | null {
  const text = value.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  const [year, month, day] = iso
    ? [iso[1], iso[2], iso[3]]
    : dmy
      ? [dmy[3], dmy[2]!.padStart(2, '0'), dmy[1]!.padStart(2, '0')]
      : [];
  if (!year || !month || !day) return null;
  const date = new Date(`${year}-${month}-${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== `${year}-${month}-${day}`) return null;
  return `${year}-${month}-${day}`;
}

function yearsSince(isoDate: string, now: Date): number {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  let years = now.getUTCFullYear() - year;
  if (now.getUTCMonth() + 1 < month || (now.getUTCMonth() + 1 === month && now.getUTCDate() < day)) years -= 1;
  return years;
}

/** Checks the onboarding form; every problem is reported against its field, and nothing typed is dropped. */
export function validateOnboardingForm(
  form: OnboardingForm,
  now = new Date(),
): { errors: OnboardingErrors; details: SandboxOnboardingDetails | null } {
  const errors: OnboardingErrors = {};
  const required: Array<[Field, string]> = [
    ['business_name', 'Enter the business name'],
    ['address_line1', 'Enter the street address'],
    ['address_city', 'Enter the town or city'],
    ['address_postal_code', 'Enter the postcode'],
    ['representative_name', 'Enter the full name of the person responsible for the business'],
    ['bank_account_holder', 'Enter the name on the bank account'],
    ['registration_number', 'Enter the government registration number'],
  ];
  for (const [field, message] of required) {
    if (!form[field]) errors[field] = message;
    else if (form[field].length > 200) errors[field] = 'Use 200 characters or fewer';
  }
  if (!BUSINESS_TYPES.some(([value]) => value === form.business_type))
    errors.business_type = 'Choose the type of business';
  if (!COUNTRIES.some(([value]) => value === form.country))
    errors.country = 'Choose the country the business is based in';

  const dob = isoDateOfBirth(form.representative_dob);
  if (!dob) {
    errors.representative_dob = 'Enter a date of birth as day/month/year, e.g. 10/12/1985';
  } else if (Number(dob.slice(0, 4)) < 1900 || yearsSince(dob, now) > 120) {
    errors.representative_dob = 'Enter a real date of birth';
  } else if (yearsSince(dob, now) < 18) {
    errors.representative_dob = 'The representative must be at least 18 years old';
  }

  const routing = digitsOnly(form.bank_routing);
  if (!/^(\d{6}|\d{9})$/.test(routing)) errors.bank_routing = 'Enter a 6-digit sort code or a 9-digit routing number';
  const accountNumber = digitsOnly(form.bank_account_number);
  if (!/^\d{6,17}$/.test(accountNumber)) errors.bank_account_number = 'Enter an account number of 6 to 17 digits';
  if (form.registration_number && !/^[A-Za-z0-9][A-Za-z0-9 /-]{1,29}$/.test(form.registration_number)) {
    errors.registration_number = 'Use 2 to 30 letters, digits, spaces, dashes or slashes';
  }

  if (Object.keys(errors).length > 0 || !dob) return { errors, details: null };
  return {
    errors,
    details: {
      businessName: form.business_name,
      businessType: form.business_type,
      country: form.country,
      addressLine1: form.address_line1,
      addressCity: form.address_city,
      addressPostalCode: form.address_postal_code,
      representativeName: form.representative_name,
      representativeDob: dob,
      registrationNumber: form.registration_number,
      bankAccountHolder: form.bank_account_holder,
      bankLast4: accountNumber.slice(-4),
      // Whatever the number, no real bank is behind it: the name must say so (issue 13).
      bankName: SANDBOX_BANK_NAME,
    },
  };
}

export const emptyForm = (): OnboardingForm => Object.fromEntries(FIELDS.map((field) => [field, ''])) as OnboardingForm;

export function formFrom(body: unknown): OnboardingForm {
  const source = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const form = emptyForm();
  for (const field of FIELDS) {
    const value = source[field];
    form[field] = typeof value === 'string' ? value.trim() : '';
  }
  return form;
}

export interface CardForm {
  card_number: string;
  card_expiry: string;
  card_cvc: string;
  card_name: string;
}
export type CardErrors = Partial<Record<keyof CardForm | 'card', string>>;

/** Stripe's decline code for a sandbox decline message. */
export function declineCode(message: string): string {
  if (message.includes('insufficient funds')) return 'insufficient_funds';
  if (message.includes('expired')) return 'expired_card';
  if (message.includes('security code')) return 'incorrect_cvc';
  if (message.includes('error occurred')) return 'processing_error';
  return 'card_declined';
}

/** Checks the card form; a well-formed test card is then charged (or declined) by sandboxCardOutcome. */
export function validateCardForm(form: CardForm, now = new Date()): CardErrors {
  const errors: CardErrors = {};
  const outcome = sandboxCardOutcome(form.card_number);
  if (!outcome.ok && outcome.invalid) errors.card_number = outcome.message;
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(form.card_expiry);
  const month = expiry ? Number(expiry[1]) : 0;
  const year = expiry ? 2000 + Number(expiry[2]) : 0;
  if (!expiry || month < 1 || month > 12) errors.card_expiry = "Your card's expiration date is incomplete.";
  else if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) {
    errors.card_expiry = "Your card's expiration year is in the past.";
  }
  if (!/^\d{3,4}$/.test(form.card_cvc)) errors.card_cvc = "Your card's security code is incomplete.";
  if (Object.keys(errors).length === 0 && !outcome.ok) errors.card = outcome.message;
  return errors;
}
