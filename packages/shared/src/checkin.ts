// The check-in app's API (issue 14, points 2 and 3): judging a scanned or typed ticket, the offline ticket list,
// the sync of scans queued offline, search, undo, door sales and the organiser's check-in log.
import { z } from 'zod';
import { CURRENCY_CODES } from './constants.js';
import { isValidEmail } from './auth.js';
import { CHECK_IN_RESULTS, TICKET_STATES } from './tickets.js';
import { handOverInputSchema } from './add-ons.js';

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const noControl = (value: string) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value);
const text = (max: number) => z.string().max(max).refine(noControl, 'Contains characters that are not allowed');

export const deviceIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Device id is not valid');

/** POST /api/checkin/events/:eventId/scan: a QR payload, or a ticket code typed or picked from the search. */
export const scanRequestSchema = z.object({
  payload: text(300).optional(),
  code: text(40).optional(),
  device_id: deviceIdSchema,
});
export type ScanRequest = z.infer<typeof scanRequestSchema>;

/** An add-on line of the scanned ticket's order, as the door shows it (decision 134). */
export const doorAddOnSchema = z.object({
  id: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  handed_over: z.number().int(),
});
export type DoorAddOn = z.infer<typeof doorAddOnSchema>;

export const scanAnswerSchema = z.object({
  result: z.enum(CHECK_IN_RESULTS),
  headline: z.string(),
  check_in_id: z.string().nullable(),
  ticket: z
    .object({
      code: z.string(),
      type: z.string(),
      holder: z.string(),
      order_code: z.string(),
      /** The ticket's checkout answers, then its order's (decision 130): 'Dietary: Vegetarian'. */
      answers: z.array(z.object({ label: z.string(), value: z.string() })).optional(),
      /** The add-ons of the ticket's order, when it is paid or partly refunded (decision 134). */
      add_ons: z.array(doorAddOnSchema).optional(),
    })
    .nullable(),
  /** For already_checked_in: the admission that counts. */
  checked_in_at: z.string().nullable(),
  checked_in_by: z.string().nullable(),
  other_event_name: z.string().nullable(),
  client_id: z.string().nullable(),
  counts: z.object({ checked_in: z.number().int(), sold: z.number().int() }),
});
export type ScanAnswer = z.infer<typeof scanAnswerSchema>;

/** POST /api/checkin/events/:eventId/sync: scans judged on the device while offline, in any order. */
export const syncRequestSchema = z.object({
  device_id: deviceIdSchema,
  scans: z
    .array(
      z.object({
        client_id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Scan id is not valid'),
        payload: text(300).optional(),
        code: text(40).optional(),
        scanned_at: z.iso.datetime({ offset: true }),
      }),
    )
    .min(1)
    .max(500),
});
export type SyncRequest = z.infer<typeof syncRequestSchema>;
export const syncAnswerSchema = z.object({ results: z.array(scanAnswerSchema) });

/**
 * GET /api/checkin/events/:eventId/offline. Tickets as compact rows (the list of 20,000 tickets must stay under
 * 1 MB compressed): [code, type index, holder, order code, e-mail, state (index in TICKET_STATES), checked in at
 * (epoch ms, 0 = not)].
 */
export const offlineListSchema = z.object({
  event: z.object({ id: z.string(), name: z.string() }),
  public_key: z.string(),
  types: z.array(z.string()),
  tickets: z.array(z.tuple([z.string(), z.number(), z.string(), z.string(), z.string(), z.number(), z.number()])),
  /** Checkout answers by ticket code, [label, value] pairs, only for tickets that have some (decision 130). */
  answers: z.record(z.string(), z.array(z.tuple([z.string(), z.string()]))).optional(),
  /**
   * Add-on lines by order code, [line id, name, quantity, handed over], only for paid or partly refunded orders
   * that have some (decision 134).
   */
  add_ons: z.record(z.string(), z.array(z.tuple([z.string(), z.string(), z.number(), z.number()]))).optional(),
  generated_at: z.string(),
});
export type OfflineList = z.infer<typeof offlineListSchema>;

/** POST /api/checkin/add-ons/:lineId/hand-over: how many more of the line were handed over, from which device. */
export const handOverRequestSchema = handOverInputSchema.extend({ device_id: deviceIdSchema });
export type HandOverRequest = z.infer<typeof handOverRequestSchema>;
export const handOverAnswerSchema = z.object({ add_on: doorAddOnSchema });
export type HandOverAnswer = z.infer<typeof handOverAnswerSchema>;

/**
 * POST /api/checkin/events/:eventId/hand-overs: hand-overs made on the device while offline, applied by the same
 * rule as online ones, each answered on its own (the line as it now is, or why it was refused).
 */
export const handOverSyncRequestSchema = z.object({
  device_id: deviceIdSchema,
  hand_overs: z
    .array(
      handOverInputSchema.extend({
        client_id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Hand-over id is not valid'),
        line_id: z.string().max(64),
        handed_at: z.iso.datetime({ offset: true }),
      }),
    )
    .min(1)
    .max(500),
});
export type HandOverSyncRequest = z.infer<typeof handOverSyncRequestSchema>;
export const handOverSyncAnswerSchema = z.object({
  results: z.array(
    z.object({ client_id: z.string(), add_on: doorAddOnSchema.nullable(), refused: z.string().nullable() }),
  ),
});
export type HandOverSyncAnswer = z.infer<typeof handOverSyncAnswerSchema>;

export const checkinTicketTypeSchema = z.object({
  id: z.string(),
  name: z.string(),
  price_minor: z.number().int(),
  remaining: z.number().int().nullable(),
  max_per_order: z.number().int(),
});

/** GET /api/checkin/events and /api/checkin/events/:eventId */
export const checkinEventSchema = z.object({
  id: z.string(),
  name: z.string(),
  starts_at: z.string().nullable(),
  location: z.string(),
  status: z.string(),
  sold_on_entry: z.boolean(),
  currency: z.enum(CURRENCY_CODES),
  checked_in: z.number().int(),
  sold: z.number().int(),
  ticket_types: z.array(checkinTicketTypeSchema),
});
export type CheckinEvent = z.infer<typeof checkinEventSchema>;
export const checkinEventsSchema = z.object({ events: z.array(checkinEventSchema) });

export const checkinSearchQuerySchema = z.object({
  q: text(100).refine((value) => value.trim().length >= 2, 'Type at least 2 characters'),
});
export const checkinSearchSchema = z.object({
  tickets: z.array(
    z.object({
      code: z.string(),
      type: z.string(),
      holder: z.string(),
      order_code: z.string(),
      email: z.string(),
      state: z.enum(TICKET_STATES),
      checked_in_at: z.string().nullable(),
    }),
  ),
});
export type CheckinSearch = z.infer<typeof checkinSearchSchema>;

export const PAYMENT_METHODS = ['cash', 'card'] as const;
/** POST /api/checkin/events/:eventId/door-sales */
export const doorSaleRequestSchema = z.object({
  device_id: deviceIdSchema,
  /** Made by the device for each sale: the same sale sent twice (a double tap, a retry) makes one order. */
  sale_id: z.uuid(),
  lines: z
    .array(z.object({ ticket_type_id: z.uuid(), quantity: z.number().int().min(1).max(100) }))
    .min(1)
    .max(20),
  payment_method: z.enum(PAYMENT_METHODS),
  email: z
    .string()
    .max(254)
    .refine(noControl, 'Contains characters that are not allowed')
    .refine((value) => value === '' || isValidEmail(value), 'Enter a valid email address, like name@example.com')
    .optional(),
});
export type DoorSaleRequest = z.infer<typeof doorSaleRequestSchema>;
export const doorSaleAnswerSchema = z.object({
  order_code: z.string(),
  tickets: z.array(z.object({ code: z.string(), type: z.string() })),
  amount_minor: z.number().int(),
  currency: z.enum(CURRENCY_CODES),
  payment_method: z.enum(PAYMENT_METHODS),
  emailed: z.boolean(),
  counts: z.object({ checked_in: z.number().int(), sold: z.number().int() }),
});
export type DoorSaleAnswer = z.infer<typeof doorSaleAnswerSchema>;

/** GET /api/checkin/events/:eventId/log: the organiser's view on the event page. */
export const checkinLogSchema = z.object({
  checked_in: z.number().int(),
  sold: z.number().int(),
  door: z.object({
    orders: z.number().int(),
    tickets: z.number().int(),
    amount_minor: z.number().int(),
    cash_minor: z.number().int(),
    card_minor: z.number().int(),
  }),
  currency: z.enum(CURRENCY_CODES),
  /** Admissions per 15 minutes (bucket start, ISO). */
  arrivals: z.array(z.object({ at: z.string(), count: z.number().int() })),
  entries: z.array(
    z.object({
      id: z.string(),
      status: z.enum(['admitted', 'duplicate', 'undone']),
      method: z.string(),
      scanned_at: z.string(),
      ticket_code: z.string(),
      type: z.string(),
      holder: z.string(),
      by: z.string(),
      device: z.string(),
    }),
  ),
});
export type CheckinLog = z.infer<typeof checkinLogSchema>;
