// API keys and the public REST API under /api/v1 (decisions 150 and 151): scopes, the key management bodies and
// the v1 list shapes. The OpenAPI document is generated from these schemas, so they are the API's contract.
import { z } from 'zod';
import { noControlChars } from './text-rules.js';

export const API_RESOURCES = ['events', 'orders', 'attendees', 'customers', 'checkins'] as const;
export type ApiResource = (typeof API_RESOURCES)[number];
export const API_ACCESS = ['read', 'write'] as const;
export type ApiAccess = (typeof API_ACCESS)[number];
/** The scopes a key may have: each gives access to routes of /api/v1 (a resource without writes has no write scope). */
export const API_SCOPES = [
  'events:read',
  'events:write',
  'orders:read',
  'orders:write',
  'attendees:read',
  'customers:read',
  'checkins:read',
  'checkins:write',
] as const satisfies ReadonlyArray<`${ApiResource}:${ApiAccess}`>;
export type ApiScope = (typeof API_SCOPES)[number];

export const API_RESOURCE_LABELS: Record<ApiResource, string> = {
  events: 'Events (with ticket types and codes)',
  orders: 'Orders (and refunds)',
  attendees: 'Attendees and tickets',
  customers: 'Customers',
  checkins: 'Check-ins',
};

export const API_KEY_NAME_MAX = 80;
export const API_RATE_LIMIT_DEFAULT = 600;
export const API_RATE_LIMIT_MAX = 6000;
/** The most rows one page of a v1 list holds (`limit`). */
export const API_PAGE_LIMIT_MAX = 100;
export const API_PAGE_LIMIT_DEFAULT = 50;

/** POST /api/integrations/api-keys */
export const apiKeyCreateSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Give the key a name')
    .max(API_KEY_NAME_MAX, `The name must be ${API_KEY_NAME_MAX} characters or less`)
    .refine(noControlChars, 'Contains characters that are not allowed'),
  scopes: z
    .array(z.enum(API_SCOPES, { message: `Scopes are ${API_SCOPES.join(', ')}` }))
    .min(1, 'Choose at least one scope')
    .max(API_SCOPES.length),
  /** Requests a minute the key may make before it is answered 429. */
  rate_limit_per_minute: z.number().int().min(1).max(API_RATE_LIMIT_MAX).default(API_RATE_LIMIT_DEFAULT),
});
export type ApiKeyCreate = z.input<typeof apiKeyCreateSchema>;

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The start of the secret, e.g. mq_live_AbC123, so a key can be recognised. */
  prefix: z.string(),
  scopes: z.array(z.enum(API_SCOPES)),
  rate_limit_per_minute: z.number().int(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ApiKeyDto = z.infer<typeof apiKeySchema>;

export const apiKeysListSchema = z.object({ keys: z.array(apiKeySchema) });
export type ApiKeysList = z.infer<typeof apiKeysListSchema>;

/** The create response: the only time the secret is shown. */
export const apiKeyCreatedSchema = z.object({ key: apiKeySchema, secret: z.string() });
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;

// ---- /api/v1 ----

export const apiErrorSchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      fields: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    }),
  })
  .meta({ id: 'Error' });

const cursorText = z
  .string()
  .max(400)
  .regex(/^[A-Za-z0-9_-]*$/, 'The cursor is not valid');

/** The query of every v1 list: an opaque cursor from the previous page's `next_cursor`, and a page size. */
export const apiListQuerySchema = z.object({
  cursor: cursorText.optional(),
  limit: z.coerce
    .number()
    .int('limit must be a whole number')
    .min(1, 'limit must be 1 or more')
    .max(API_PAGE_LIMIT_MAX, `limit must be ${API_PAGE_LIMIT_MAX} or less`)
    .default(API_PAGE_LIMIT_DEFAULT),
});

const instant = z.iso.datetime({ offset: true, message: 'Use an ISO 8601 date and time, e.g. 2026-01-31T18:00:00Z' });

/** Lists of rows that carry updated_at also take `updated_since` (rows changed at or after it). */
export const apiUpdatedListQuerySchema = apiListQuerySchema.extend({ updated_since: instant.optional() });

export const apiEventsQuerySchema = apiUpdatedListQuerySchema;
export const apiOrdersQuerySchema = apiUpdatedListQuerySchema.extend({ event_id: z.uuid().optional() });
export const apiAttendeesQuerySchema = apiListQuerySchema.extend({ event_id: z.uuid().optional() });
export const apiCustomersQuerySchema = apiListQuerySchema;

export function apiPageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    /** Pass as `cursor` for the next page; null on the last page. */
    next_cursor: z.string().nullable(),
  });
}

export const apiEventSchema = z
  .object({
    id: z.string(),
    status: z.enum(['draft', 'live', 'archived', 'cancelled']),
    name: z.string(),
    slug: z.string(),
    location: z.string(),
    time_zone: z.string(),
    starts_at: z.string().nullable(),
    ends_at: z.string().nullable(),
    capacity: z.number().int().nullable(),
    published_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'EventSummary' });
export type ApiEvent = z.infer<typeof apiEventSchema>;

export const apiOrderSchema = z
  .object({
    id: z.string(),
    code: z.string(),
    event_id: z.string(),
    status: z.string(),
    channel: z.string(),
    buyer_name: z.string(),
    email: z.string(),
    quantity: z.number().int(),
    amount_minor: z.number().int(),
    fee_minor: z.number().int(),
    refunded_minor: z.number().int(),
    currency: z.string(),
    created_at: z.string(),
    paid_at: z.string().nullable(),
    updated_at: z.string(),
  })
  .meta({ id: 'OrderSummary' });
export type ApiOrder = z.infer<typeof apiOrderSchema>;

export const apiAttendeeSchema = z
  .object({
    id: z.string(),
    code: z.string(),
    event_id: z.string(),
    order_id: z.string(),
    ticket_type_id: z.string(),
    status: z.string(),
    holder_name: z.string(),
    holder_email: z.string().nullable(),
    checked_in_at: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'Attendee' });
export type ApiAttendee = z.infer<typeof apiAttendeeSchema>;

export const apiCustomerSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    phone: z.string().nullable(),
    country: z.string().nullable(),
    orders: z.number().int(),
    tickets: z.number().int(),
    marketing_consent: z.boolean(),
    first_purchase_at: z.string(),
    last_purchase_at: z.string(),
  })
  .meta({ id: 'CustomerSummary' });
export type ApiCustomer = z.infer<typeof apiCustomerSchema>;

/** The Idempotency-Key header every v1 POST needs: 1 to 255 visible ASCII characters. */
export const idempotencyKeySchema = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[\x21-\x7e]+$/, 'Idempotency-Key must be 1 to 255 visible ASCII characters');
