// Webhooks (decision 152): the event types an endpoint may receive, shared by the API and the dashboard.
import { z } from 'zod';

export const WEBHOOK_EVENT_TYPES = [
  'order.created',
  'order.paid',
  'order.refunded',
  'ticket.transferred',
  'ticket.checked_in',
  'event.published',
  'event.cancelled',
  'customer.created',
  'customer.updated',
  'waitlist.offered',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Sent only by "Send test event", to the one endpoint asked for. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'order.created': 'Order created',
  'order.paid': 'Order paid',
  'order.refunded': 'Order refunded',
  'ticket.transferred': 'Ticket transferred',
  'ticket.checked_in': 'Ticket checked in',
  'event.published': 'Event published',
  'event.cancelled': 'Event cancelled',
  'customer.created': 'Customer created',
  'customer.updated': 'Customer updated',
  'waitlist.offered': 'Waiting-list offer',
};

export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 200;

export const webhookEndpointInputSchema = z.object({
  url: z.url({ protocol: /^https?$/, message: 'Enter a web address that starts with https://' }).max(WEBHOOK_URL_MAX),
  description: z.string().trim().max(WEBHOOK_DESCRIPTION_MAX).default(''),
  event_types: z
    .array(z.enum(WEBHOOK_EVENT_TYPES))
    .min(1, 'Choose at least one event type')
    .max(WEBHOOK_EVENT_TYPES.length)
    .transform((types) => [...new Set(types)]),
  enabled: z.boolean().default(true),
});
export type WebhookEndpointInput = z.input<typeof webhookEndpointInputSchema>;
