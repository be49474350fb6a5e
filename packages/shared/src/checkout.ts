// Checkout rules written once for the server and the dashboard: hold time, order and ticket codes, ticket
// type limits, the fan's details, and the countries a buyer can pick.
import { z } from 'zod';
import { isValidEmail } from './auth.js';
import { isValidLocalDateTime } from './dates.js';
import { PRICE_PATTERN } from './events.js';
import { vatCategorySchema } from './vat-rates.js';

/** How long a checkout holds its tickets. */
export const HOLD_MINUTES = 15;
/** Default and upper limit of tickets of one type in one order. */
export const DEFAULT_MAX_PER_ORDER = 10;
export const MAX_PER_ORDER_LIMIT = 100;
/** 'Only N left' is shown at or below this many tickets. */
export const FEW_LEFT_THRESHOLD = 10;
export const TICKET_TYPE_NAME_MAX = 60;
export const TICKET_TYPE_DESCRIPTION_MAX = 300;

/** Order and ticket codes use no confusable characters (no 0/O, 1/I/L). */
export const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const ORDER_CODE_PATTERN = /^MQ-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6}$/;
export const TICKET_CODE_PATTERN = /^T-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{10}$/;

export const ORDER_STATUS_LABELS = {
  pending: 'Pending',
  paid: 'Paid',
  expired: 'Expired',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  partially_refunded: 'Partially refunded',
  payment_review: 'Payment review',
} as const;
export type OrderStatusName = keyof typeof ORDER_STATUS_LABELS;

/** ISO 3166-1 alpha-2 codes a buyer can choose; names come from Intl.DisplayNames. */
export const COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO ' +
  'FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE ' +
  'JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO ' +
  'MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW ' +
  'PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM ' +
  'TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');
const countrySet = new Set(COUNTRY_CODES);
export const isCountryCode = (value: string) => countrySet.has(value);

/** The country a currency suggests, for the checkout form's default. */
export const CURRENCY_COUNTRY: Record<string, string> = {
  GBP: 'GB',
  USD: 'US',
  EUR: 'IE',
  AUD: 'AU',
  CAD: 'CA',
  JPY: 'JP',
  CHF: 'CH',
  CNY: 'CN',
  INR: 'IN',
};

// Control characters other than tab and line breaks never belong in a name, an e-mail or a label.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const noControl = (value: string) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value);

const salesLocal = z
  .string()
  .refine((value) => value === '' || isValidLocalDateTime(value), 'Enter a date and time')
  .nullable()
  .default(null)
  .transform((value) => (value === '' ? null : value));

/** Organiser input for a ticket type (POST and PUT /api/events/:id/ticket-types). */
export const ticketTypeInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Ticket type name is required')
    .max(TICKET_TYPE_NAME_MAX, `Ticket type name must be ${TICKET_TYPE_NAME_MAX} characters or less`)
    .refine(noControl, 'Contains characters that are not allowed'),
  description: z
    .string()
    .max(TICKET_TYPE_DESCRIPTION_MAX, `Description must be ${TICKET_TYPE_DESCRIPTION_MAX} characters or less`)
    .refine(noControl, 'Contains characters that are not allowed')
    .default(''),
  /**
   * Decimal text as typed, e.g. "12.50": more than 0 for a paid type. A free type (`free: true`, decision 124) has
   * no price: '' or 0 (or none).
   */
  price: z
    .union([z.string().regex(PRICE_PATTERN, 'Price must be a number with at most two decimals'), z.literal('')])
    .default(''),
  /** A free ticket: no price, no booking fee, issued at once (decision 124). */
  free: z.boolean().default(false),
  /**
   * Pay what you want (decision 133): the fan chooses the amount, at least `minimum_price` ('0' = any amount);
   * `price` is then the suggested price, prefilled on the storefront.
   */
  pay_what_you_want: z.boolean().default(false),
  minimum_price: z
    .union([z.string().regex(PRICE_PATTERN, 'Minimum price must be a number with at most two decimals'), z.literal('')])
    .default(''),
  /** The type's own limit; null = none (the venue capacity still applies). */
  capacity: z.number().int().min(0, 'Capacity cannot be negative').max(10_000_000).nullable().default(null),
  max_per_order: z
    .number()
    .int()
    .min(1, 'At least 1 ticket per order')
    .max(MAX_PER_ORDER_LIMIT, `At most ${MAX_PER_ORDER_LIMIT} tickets per order`)
    .default(DEFAULT_MAX_PER_ORDER),
  hidden: z.boolean().default(false),
  /** The VAT category its tickets sell in (decision 139); only asked while the organisation is VAT-registered. */
  vat_category: vatCategorySchema.default('standard'),
  /** The type's own sales window, local times in the event's zone ('' or null = the event's window). */
  sales_start_local: salesLocal,
  sales_end_local: salesLocal,
});
export type TicketTypeInput = z.infer<typeof ticketTypeInputSchema>;

/**
 * How a fan's checkout submission ended: held, or why it was refused. One spelling from the hold's decision through
 * the checkout to the storefront's answer and the metrics label (a fixed set, never user data). `submitted` and
 * `place_taken` are the hold's own (the form or the waiting-room admission already made an order): the checkout
 * answers them with that order, or as `try_again` or `admission_used`.
 */
export type CheckoutOutcome =
  | 'held'
  | 'invalid'
  | 'not_on_sale'
  | 'ended'
  | 'cancelled'
  | 'sales_paused'
  | 'closed'
  | 'sold_out'
  | 'quota_sold_out'
  | 'add_on_sold_out'
  | 'rate_limited'
  | 'code_used_up'
  | 'buyer_limit'
  | 'submitted'
  | 'place_taken'
  | 'try_again'
  | 'not_admitted'
  | 'admission_used'
  | 'error';

export const CHECKOUT_MESSAGES = {
  firstNameRequired: 'Enter your first name',
  lastNameRequired: 'Enter your last name',
  emailInvalid: 'Enter a valid email address, like name@example.com',
  phoneInvalid: 'Enter a phone number with digits only (spaces, +, - and brackets are fine)',
  countryInvalid: 'Choose your country',
  ageRequired: (age: number) => `Please confirm that every attendee is at least ${age}`,
  termsRequired: "Please accept the organiser's terms to continue",
  noTickets: 'Choose at least one ticket',
  tooLong: 'This is too long',
  badCharacters: 'Contains characters that are not allowed',
} as const;

export interface BuyerDetails {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  country: string;
  ageConfirmed: boolean;
  termsAccepted: boolean;
  marketingConsent: boolean;
}

export type BuyerField = keyof BuyerDetails;

/**
 * The checkout form's rules. Returns the message per invalid field (empty when valid); `minimumAge` and
 * `hasTerms` decide whether the two ticks are required.
 */
export function validateBuyerDetails(
  details: BuyerDetails,
  rules: { minimumAge: number; hasTerms: boolean },
): Partial<Record<BuyerField, string>> {
  const errors: Partial<Record<BuyerField, string>> = {};
  const text = (field: 'firstName' | 'lastName', value: string, message: string) => {
    if (!value.trim()) errors[field] = message;
    else if (value.length > 60) errors[field] = CHECKOUT_MESSAGES.tooLong;
    else if (!noControl(value)) errors[field] = CHECKOUT_MESSAGES.badCharacters;
  };
  text('firstName', details.firstName, CHECKOUT_MESSAGES.firstNameRequired);
  text('lastName', details.lastName, CHECKOUT_MESSAGES.lastNameRequired);
  if (details.email.length > 254 || !isValidEmail(details.email) || !noControl(details.email))
    errors.email = CHECKOUT_MESSAGES.emailInvalid;
  if (details.phone.trim() && !/^\+?[0-9 ()-]{6,25}$/.test(details.phone.trim()))
    errors.phone = CHECKOUT_MESSAGES.phoneInvalid;
  if (!isCountryCode(details.country)) errors.country = CHECKOUT_MESSAGES.countryInvalid;
  if (rules.minimumAge > 0 && !details.ageConfirmed)
    errors.ageConfirmed = CHECKOUT_MESSAGES.ageRequired(rules.minimumAge);
  if (rules.hasTerms && !details.termsAccepted) errors.termsAccepted = CHECKOUT_MESSAGES.termsRequired;
  return errors;
}
