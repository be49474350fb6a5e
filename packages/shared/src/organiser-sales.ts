// The organiser's side of sales: the ticket types API (list, reorder) and the orders API (search, pages,
// detail with tickets and audit trail), as request and response shapes shared by the server and the dashboard.
import { z } from 'zod';
import { TICKET_STATES } from './tickets.js';
import { CURRENCY_CODES } from './constants.js';
import { refundRecordSchema } from './after-sale.js';
import { ticketTypeSchema } from './events.js';
import { ORDER_CHANNELS } from './comps.js';
import { answerViewSchema } from './questions.js';
import { orderAddOnSchema } from './add-ons.js';

/** Ticket types one event may have. */
export const MAX_TICKET_TYPES_PER_EVENT = 20;
/** Orders per page of GET /api/events/:id/orders. */
export const ORDERS_PAGE_SIZE = 50;
export const ORDER_SEARCH_MAX = 100;

export const TICKET_TYPE_MESSAGES = {
  priceRequired: 'Price must be more than 0',
  jpyDecimals: 'JPY prices have no decimals',
  priceStep: 'Price must be in steps of 0.01',
  readOnly: (status: 'archived' | 'cancelled') =>
    `${status === 'archived' ? 'An archived' : 'A cancelled'} event's ticket types cannot be changed`,
  capacityBelowSold: (count: number, beingBought: boolean) =>
    beingBought
      ? `Capacity cannot be below the ${count} tickets already sold or being bought`
      : `Capacity cannot be below the ${count} tickets already sold`,
  tooMany: `An event can have at most ${MAX_TICKET_TYPES_PER_EVENT} ticket types`,
  reorderSet: 'Send every ticket type of this event exactly once',
  hasOrders: 'This ticket type has orders, so it cannot be deleted; hide it instead',
  lastType: 'An event needs at least one ticket type',
  notFound: 'Ticket type not found',
} as const;

/** GET /api/events/:id/ticket-types */
export const ticketTypeListSchema = z.object({ ticket_types: z.array(ticketTypeSchema) });
export type TicketTypeList = z.infer<typeof ticketTypeListSchema>;

/** POST /api/events/:id/ticket-types/reorder: every type id of the event, in the new order. */
export const reorderTicketTypesSchema = z.object({
  ids: z.array(z.string().max(64)).min(1).max(MAX_TICKET_TYPES_PER_EVENT),
});
export type ReorderTicketTypes = z.infer<typeof reorderTicketTypesSchema>;

const orderStatus = z.enum([
  'pending',
  'paid',
  'expired',
  'cancelled',
  'refunded',
  'partially_refunded',
  'payment_review',
]);

/** GET /api/events/:id/orders?search=&page= */
export const ordersQuerySchema = z.object({
  search: z
    .string()
    .trim()
    .max(ORDER_SEARCH_MAX, `Search must be ${ORDER_SEARCH_MAX} characters or less`)
    .refine(
      (value) => ![...value].some((character) => character.charCodeAt(0) < 32 || character.charCodeAt(0) === 127),
      'Contains characters that are not allowed',
    )
    .default(''),
  page: z.coerce.number().int().min(1, 'Page must be 1 or more').max(100_000).default(1),
});
export type OrdersQuery = z.input<typeof ordersQuerySchema>;

export const orderSummarySchema = z.object({
  id: z.string(),
  code: z.string(),
  buyer_name: z.string(),
  email: z.string(),
  /** Tickets in the order */
  quantity: z.number().int(),
  /** Ticket amount plus booking fee, minor units of `currency` */
  total_minor: z.number().int(),
  currency: z.enum(CURRENCY_CODES),
  status: orderStatus,
  created_at: z.string(),
  paid_at: z.string().nullable(),
  /** 'door' for a sale at the door (check-in app), with how it was paid; 'comp' for a comp (no payment, decision 126). */
  channel: z.enum(ORDER_CHANNELS),
  door_payment: z.enum(['cash', 'card']).nullable(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const ordersPageSchema = z.object({
  orders: z.array(orderSummarySchema),
  /** Orders matching the search, over all pages */
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type OrdersPage = z.infer<typeof ordersPageSchema>;

/** GET /api/orders/:orderId */
export const orderDetailSchema = orderSummarySchema.extend({
  event: z.object({ id: z.string(), name: z.string() }),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string().nullable(),
  country: z.string().nullable(),
  marketing_consent: z.boolean(),
  amount_minor: z.number().int(),
  fee_minor: z.number().int(),
  /** The booking fee the organiser absorbed on this order (decision 135): out of the payout, 0 when the fan paid it. */
  absorbed_fee_minor: z.number().int(),
  refunded_minor: z.number().int(),
  /** Ticket prices still refundable (the booking fee is refunded only when the event is cancelled). */
  refundable_minor: z.number().int(),
  /** The event's 'Refunds Allowed' switch (fans may ask for refunds). */
  refunds_allowed: z.boolean(),
  refunds: z.array(refundRecordSchema),
  /** The promo code the fan used (null = none) and what it took off the ticket prices. */
  promo_code: z.string().nullable(),
  discount_minor: z.number().int(),
  lines: z.array(
    z.object({
      id: z.string(),
      ticket_type_id: z.string(),
      name: z.string(),
      quantity: z.number().int(),
      unit_price_minor: z.number().int(),
      unit_fee_minor: z.number().int(),
    }),
  ),
  tickets: z.array(
    z.object({
      id: z.string(),
      code: z.string(),
      type_name: z.string(),
      status: z.enum(TICKET_STATES),
      /** When it was admitted at the door (also kept when a checked-in ticket's event is cancelled). */
      checked_in_at: z.string().nullable(),
      /** What was refunded of its price (a checked-in ticket can be refunded its money, after a warning). */
      refunded_minor: z.number().int(),
      holder_name: z.string(),
      /** Set when the holder received it by transfer. */
      holder_email: z.string().nullable(),
      unit_price_minor: z.number().int(),
      /** Its checkout answers (decision 130). */
      answers: z.array(answerViewSchema).optional(),
    }),
  ),
  /** What the order bought with its tickets and how much of it the door handed over (decision 134). */
  add_ons: z.array(orderAddOnSchema),
  /** Its receipt and credit notes, as issued (decision 137); optional for older servers' answers. */
  documents: z
    .array(
      z.object({
        kind: z.enum(['receipt', 'credit_note']),
        number: z.string(),
        total_minor: z.number().int(),
        currency: z.string(),
        issued_at: z.string(),
        /** A receipt re-issued with the buyer's new details (decision 140): the credit note that cancelled it. */
        cancelled_by: z.string().nullable().optional(),
        /** A credit note that cancelled a receipt for its re-issue (not a refund): the receipt it cancelled. */
        cancels: z.string().nullable().optional(),
      }),
    )
    .optional(),
  /** The buyer's business details for those documents, when given. */
  billing: z
    .object({ company_name: z.string(), address: z.string(), vat_id: z.string().nullable() })
    .nullable()
    .optional(),
  /** Answers to the questions asked once per order (decision 130). */
  answers: z.array(answerViewSchema).optional(),
  /** Each ticket's name and answers as given at checkout (decision 130), also before the tickets exist. */
  attendees: z
    .array(
      z.object({ slot: z.number().int(), type_name: z.string(), name: z.string(), answers: z.array(answerViewSchema) }),
    )
    .optional(),
  history: z.array(
    z.object({
      id: z.string(),
      action: z.string(),
      from_status: z.string().nullable(),
      to_status: z.string().nullable(),
      /** The organiser's name, or 'Fan', 'Payment provider', 'System' */
      actor: z.string(),
      /** The device it was done from ('Chrome on Android', a check-in device's label), when known. */
      device: z.string().nullable(),
      /** The ticket it is about, when it is about one. */
      ticket_code: z.string().nullable(),
      /** A short human summary of the change's facts ('£10.00 · Duplicate booking'). */
      note: z.string().nullable(),
      at: z.string(),
    }),
  ),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;
