// The organiser's customers (buyers of the organisation, one per e-mail): the status rules and their tooltip,
// the list's columns, sorting and paging, the delete word, and the API shapes shared by the server and the page.
import { z } from 'zod';
import { CURRENCY_CODES } from './constants.js';

/** Customers per page (spec section 9). */
export const CUSTOMERS_PAGE_SIZE = 50;
/** The word the delete dialog and DELETE /api/customers/:id require, exactly (spec section 9). */
export const CUSTOMER_DELETE_WORD = 'DELETE';
export const CUSTOMER_SEARCH_MAX = 100;
/**
 * A search counts its matches up to this many (or up to the page asked for, when further): beyond, the list
 * says "10,000+" instead of counting every customer again on each page (decision 037).
 */
export const CUSTOMER_SEARCH_COUNT_CAP = 10_000;

/** A customer is New for this many days after their first purchase. */
export const NEW_CUSTOMER_DAYS = 30;
/** A customer who bought tickets for at least this many events is VIP. */
export const VIP_MIN_EVENTS = 3;
/** ...as is one in the organisation's top this-many percent by spend. */
export const VIP_TOP_SPEND_PERCENT = 5;

export const CUSTOMER_STATUSES = ['Active', 'New', 'VIP'] as const;
export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];

/** The status rules as the organiser reads them (the status tooltip). */
export const CUSTOMER_STATUS_TOOLTIP =
  `New: first purchase in the last ${NEW_CUSTOMER_DAYS} days. ` +
  `VIP: tickets for ${VIP_MIN_EVENTS} or more events, or in your top ${VIP_TOP_SPEND_PERCENT}% of customers by spend. ` +
  'Active: every other customer.';

/**
 * How many of the organisation's customers make its top 5% by spend: 5% of them, rounded down, so an
 * organisation with fewer than 20 customers has no VIPs by spend (only by events).
 */
export function topSpendCount(customerCount: number): number {
  return Math.floor((customerCount * VIP_TOP_SPEND_PERCENT) / 100);
}

export interface CustomerStatusInput {
  firstPurchaseAt: Date;
  /** Distinct events the customer bought tickets for */
  events: number;
  /** Whether the customer is in the organisation's top 5% by spend */
  inTopSpend: boolean;
}

/** The start of the New window: a first purchase at or after it is New. */
export function newCustomerSince(now: Date): Date {
  return new Date(now.getTime() - NEW_CUSTOMER_DAYS * 24 * 60 * 60 * 1000);
}

/** The rules in the order the organiser reads them: New first, then VIP, otherwise Active. */
export function customerStatus(input: CustomerStatusInput, now: Date): CustomerStatus {
  if (input.firstPurchaseAt.getTime() >= newCustomerSince(now).getTime()) return 'New';
  if (input.events >= VIP_MIN_EVENTS || input.inTopSpend) return 'VIP';
  return 'Active';
}

/** The list's columns: name first, then the spec's order. `marketing` is in the export, not the table. */
export const CUSTOMER_COLUMNS = [
  { key: 'name', label: 'Name', defaultVisible: true },
  { key: 'email', label: 'Email Address', defaultVisible: true },
  { key: 'phone', label: 'Phone Number', defaultVisible: true },
  { key: 'country', label: 'Country', defaultVisible: true },
  { key: 'eventsAttended', label: 'Events', defaultVisible: true },
  { key: 'totalSpent', label: 'Total Spent', defaultVisible: true },
  { key: 'dateJoined', label: 'Date Joined', defaultVisible: false },
  { key: 'lastPurchase', label: 'Last Purchase', defaultVisible: false },
  { key: 'status', label: 'Status', defaultVisible: false },
] as const;
export type CustomerColumnKey = (typeof CUSTOMER_COLUMNS)[number]['key'];
export const CUSTOMER_SORT_KEYS = CUSTOMER_COLUMNS.map((column) => column.key) as [
  CustomerColumnKey,
  ...CustomerColumnKey[],
];

/** The spec's header rule: a new column starts ascending, the same column again toggles. */
export function nextCustomerSort(
  current: { sort: CustomerColumnKey; direction: 'asc' | 'desc' },
  clicked: CustomerColumnKey,
): { sort: CustomerColumnKey; direction: 'asc' | 'desc' } {
  if (current.sort !== clicked) return { sort: clicked, direction: 'asc' };
  return { sort: clicked, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}

const hasControlCharacters = (value: string) =>
  [...value].some((character) => character.charCodeAt(0) < 32 || character.charCodeAt(0) === 127);

export const customerSearchSchema = z
  .string()
  .trim()
  .max(CUSTOMER_SEARCH_MAX, `Search must be ${CUSTOMER_SEARCH_MAX} characters or less`)
  .refine((value) => !hasControlCharacters(value), 'Contains characters that are not allowed')
  .default('');

/** GET /api/customers?search=&sort=&direction=&page= */
export const customersQuerySchema = z.object({
  search: customerSearchSchema,
  sort: z.enum(CUSTOMER_SORT_KEYS, { message: `Sort by one of: ${CUSTOMER_SORT_KEYS.join(', ')}` }).default('name'),
  direction: z.enum(['asc', 'desc'], { message: 'Direction must be asc or desc' }).default('asc'),
  page: z.coerce.number().int('Page must be a whole number').min(1, 'Page must be 1 or more').max(100_000).default(1),
});
export type CustomersQuery = z.input<typeof customersQuerySchema>;

/** GET /api/customers/export?search= */
export const customersExportQuerySchema = z.object({ search: customerSearchSchema });

/** Spend in one currency, minor units. Amounts in different currencies are never added together. */
export const customerSpendSchema = z.object({ currency: z.enum(CURRENCY_CODES), amount_minor: z.number().int() });
export type CustomerSpend = z.infer<typeof customerSpendSchema>;

export const customerSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  /** ISO 3166-1 alpha-2 of the latest order, or null */
  country: z.string().nullable(),
  events_attended: z.number().int(),
  /** One entry per currency, the organisation's default currency first, then by code */
  total_spent: z.array(customerSpendSchema),
  date_joined: z.string(),
  last_purchase: z.string(),
  marketing_consent: z.boolean(),
  status: z.enum(CUSTOMER_STATUSES),
});
export type Customer = z.infer<typeof customerSchema>;

export const customersPageSchema = z.object({
  customers: z.array(customerSchema),
  /** Customers matching the search, over all pages (at least this many when `total_capped`) */
  total: z.number().int(),
  /** The search matches more than `total` customers, not counted further: `total` and `page_count` are lower bounds */
  total_capped: z.boolean(),
  page: z.number().int(),
  page_size: z.number().int(),
  page_count: z.number().int(),
});
export type CustomersPage = z.infer<typeof customersPageSchema>;

/** The list's footer: which customers are shown of how many, the page of how many, and whether there is a next. */
export function customersPageLabels(
  data: Pick<CustomersPage, 'customers' | 'total' | 'total_capped' | 'page' | 'page_size' | 'page_count'>,
) {
  const first = data.total > 0 ? (data.page - 1) * data.page_size + 1 : 0;
  const last = data.customers.length > 0 ? first + data.customers.length - 1 : first;
  const more = data.total_capped ? '+' : '';
  return {
    showing: `Showing ${first.toLocaleString('en-GB')} to ${last.toLocaleString('en-GB')} of ${data.total.toLocaleString('en-GB')}${more} customers`,
    pages: `Page ${data.page} of ${data.page_count}${more}`,
    hasNext: data.page < data.page_count || (data.total_capped && data.customers.length === data.page_size),
  };
}

export const customerEventSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** When the event starts (null for an undated draft) */
  starts_at: z.string().nullable(),
  /** The customer's first paid order for this event */
  purchased_at: z.string(),
  tickets: z.number().int(),
  image_url: z.string().nullable(),
  /** Promo codes used in the customer's paid orders for this event */
  promo_codes: z.array(z.string()),
});
export type CustomerEvent = z.infer<typeof customerEventSchema>;

/** Comps (decision 126) the organisation gave to this customer's e-mail, per event: given, not bought. */
export const customerCompSchema = z.object({
  event_id: z.string(),
  event_name: z.string(),
  tickets: z.number().int(),
  issued_at: z.string(),
});
export type CustomerComp = z.infer<typeof customerCompSchema>;

export const customerDetailSchema = customerSchema.extend({
  events: z.array(customerEventSchema),
  comps: z.array(customerCompSchema),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

/** DELETE /api/customers/:id */
export const deleteCustomerBodySchema = z.object({
  confirm: z.literal(CUSTOMER_DELETE_WORD, { message: `Type ${CUSTOMER_DELETE_WORD} to confirm` }),
});
export type DeleteCustomerBody = z.infer<typeof deleteCustomerBodySchema>;
