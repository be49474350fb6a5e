// Add-ons (decision 134): products sold with an event's tickets (merch, parking, drink tokens), each with its own
// price and stock, chosen on the event page with the tickets, shown on the order page, the PDF and at the door,
// where staff mark them handed over. The booking fee follows the one fee function, as on a ticket.
import { z } from 'zod';
import { PRICE_PATTERN } from './events.js';
import type { CurrencyCode } from './constants.js';
import { formatMoney, MAX_TICKET_PRICE_MINOR } from './money.js';
import { noControlChars } from './text-rules.js';
import { vatCategorySchema } from './vat-rates.js';

export const ADD_ON_NAME_MAX = 60;
export const ADD_ON_DESCRIPTION_MAX = 200;
export const ADD_ON_CAPACITY_MAX = 1_000_000;
export const ADD_ON_MAX_PER_ORDER_LIMIT = 50;
export const MAX_ADD_ONS_PER_EVENT = 20;

export const ADD_ON_MESSAGES = {
  nameRequired: 'Enter a name for the add-on',
  nameTooLong: `Add-on names are at most ${ADD_ON_NAME_MAX} characters`,
  descriptionTooLong: `Descriptions are at most ${ADD_ON_DESCRIPTION_MAX} characters`,
  badCharacters: 'Contains characters that are not allowed',
  priceInvalid: 'Enter a price, like 15.00 (0 for a free add-on)',
  /** An add-on's price has the ticket's ceiling. */
  priceTooHigh: (currency: CurrencyCode) => `Price must be at most ${formatMoney(MAX_TICKET_PRICE_MINOR, currency)}`,
  capacityRange: `Stock must be a whole number from 0 to ${ADD_ON_CAPACITY_MAX.toLocaleString('en-GB')}, or empty for no limit`,
  maxPerOrderRange: `Most per order must be a whole number from 1 to ${ADD_ON_MAX_PER_ORDER_LIMIT}`,
  tooMany: `An event can have at most ${MAX_ADD_ONS_PER_EVENT} add-ons`,
  notFound: 'Add-on not found',
  readOnly: (status: 'archived' | 'cancelled') =>
    `${status === 'archived' ? 'An archived' : 'A cancelled'} event's add-ons cannot be changed`,
  capacityBelowTaken: (count: number) => `Stock cannot be below the ${count} already sold or being bought`,
  deleteSold: 'This add-on has been sold: set its stock to what is sold instead of deleting it',
  deleteHeld:
    'A fan is buying this add-on right now: delete it once their checkout ends, or set its stock to what is taken to stop sales',
  /** The fan's messages. */
  fanQuantity: (name: string, max: number) => `Choose from 0 to ${max} of ${name}`,
  fanNeedsTicket: 'Choose at least one ticket to buy add-ons with.',
  gone: 'One of the add-ons you chose is no longer offered. Please check your choice.',
  fanSoldOut: (name: string) => `Sorry, ${name} has just sold out.`,
  fanFewLeft: (name: string, left: number) => `Sorry, only ${left} of ${name} ${left === 1 ? 'is' : 'are'} left.`,
  /** The door's. */
  handOverTooMany: (left: number) =>
    left === 0 ? 'Everything on this line was already handed over' : `Only ${left} left to hand over`,
  handOverNotSold: 'This order is not paid: nothing to hand over',
} as const;

const text = (max: number, message: string) =>
  z.string().trim().max(max, message).refine(noControlChars, ADD_ON_MESSAGES.badCharacters);

/** Organiser input for an add-on (POST and PUT /api/events/:id/add-ons). `price` is decimal text, as typed. */
export const addOnInputSchema = z.object({
  name: text(ADD_ON_NAME_MAX, ADD_ON_MESSAGES.nameTooLong).pipe(z.string().min(1, ADD_ON_MESSAGES.nameRequired)),
  description: text(ADD_ON_DESCRIPTION_MAX, ADD_ON_MESSAGES.descriptionTooLong).default(''),
  price: z.string().regex(PRICE_PATTERN, ADD_ON_MESSAGES.priceInvalid),
  capacity: z
    .number({ message: ADD_ON_MESSAGES.capacityRange })
    .int(ADD_ON_MESSAGES.capacityRange)
    .min(0, ADD_ON_MESSAGES.capacityRange)
    .max(ADD_ON_CAPACITY_MAX, ADD_ON_MESSAGES.capacityRange)
    .nullable()
    .default(null),
  max_per_order: z
    .number({ message: ADD_ON_MESSAGES.maxPerOrderRange })
    .int(ADD_ON_MESSAGES.maxPerOrderRange)
    .min(1, ADD_ON_MESSAGES.maxPerOrderRange)
    .max(ADD_ON_MAX_PER_ORDER_LIMIT, ADD_ON_MESSAGES.maxPerOrderRange)
    .default(10),
  /** The VAT category it sells in (decision 139); only asked while the organisation is VAT-registered. */
  vat_category: vatCategorySchema.default('standard'),
});
export type AddOnInput = z.infer<typeof addOnInputSchema>;

export const addOnSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  price_minor: z.number().int(),
  currency: z.string(),
  /** Null: no stock limit. */
  capacity: z.number().int().nullable(),
  max_per_order: z.number().int(),
  vat_category: vatCategorySchema,
  /** Of paid orders. */
  sold: z.number().int(),
  /** In checkout holds. */
  held: z.number().int(),
  /** Handed over at the door. */
  handed_over: z.number().int(),
});
export type AddOnDto = z.infer<typeof addOnSchema>;

/** GET /api/events/:id/add-ons */
export const addOnListSchema = z.object({ add_ons: z.array(addOnSchema) });
export type AddOnList = z.infer<typeof addOnListSchema>;

/** One add-on line of an order, as the order detail, the order page, the PDF and the door show it. */
export const orderAddOnSchema = z.object({
  id: z.string(),
  add_on_id: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  unit_price_minor: z.number().int(),
  handed_over: z.number().int(),
});
export type OrderAddOnDto = z.infer<typeof orderAddOnSchema>;

/** POST /api/checkin/add-ons/:lineId/hand-over (the door marks some of a line handed over). */
export const handOverInputSchema = z.object({
  quantity: z.number().int().min(1).max(ADD_ON_MAX_PER_ORDER_LIMIT),
});

/** The storefront form's field for an add-on's quantity. */
export const addOnField = (id: string) => `addon_${id}`;
