// Cancelling an event: the request the dashboard sends (a reason for the fans and the event's name typed again
// as confirmation) and the progress of the refunds that follow, shared by the server and the dashboard.
import { z } from 'zod';
import { CURRENCY_CODES } from './constants.js';

export const CANCEL_REASON_MAX = 1000;

export const CANCELLATION_MESSAGES = {
  reasonRequired: 'Give a reason; it is sent to every ticket holder',
  reasonTooLong: `The reason can be at most ${CANCEL_REASON_MAX} characters`,
  confirmRequired: "Type the event's name to confirm",
  confirmMismatch: "That is not the event's name; type it exactly to confirm",
  draft: 'A draft has no sales; delete it or archive it instead of cancelling',
  alreadyCancelled: 'This event is already cancelled',
  archived: 'An archived event cannot be cancelled',
  ended: 'This event has ended, so it cannot be cancelled',
  notCancelled: 'This event has not been cancelled',
} as const;

/** The confirmation matches when it is the event's name, ignoring case and surrounding spaces. */
export const confirmsEventName = (typed: string, eventName: string) =>
  typed.trim().toLocaleLowerCase('en') === eventName.trim().toLocaleLowerCase('en') && eventName.trim() !== '';

/** POST /api/events/:id/cancel */
export const cancelEventInputSchema = z.object({
  reason: z
    .string({ error: CANCELLATION_MESSAGES.reasonRequired })
    .trim()
    .min(1, CANCELLATION_MESSAGES.reasonRequired)
    .max(CANCEL_REASON_MAX, CANCELLATION_MESSAGES.reasonTooLong),
  confirm: z
    .string({ error: CANCELLATION_MESSAGES.confirmRequired })
    .min(1, CANCELLATION_MESSAGES.confirmRequired)
    .max(300, CANCELLATION_MESSAGES.confirmMismatch),
});
export type CancelEventInput = z.infer<typeof cancelEventInputSchema>;

/** GET /api/events/:id/cancellation (also the answer of POST /cancel). */
export const cancellationProgressSchema = z.object({
  event_id: z.string(),
  reason: z.string(),
  cancelled_at: z.string(),
  /** refunding: work left; retrying: only failed refunds left, being retried with back-off; done: all refunded. */
  state: z.enum(['refunding', 'retrying', 'done']),
  orders_total: z.number().int(),
  orders_refunded: z.number().int(),
  orders_failed: z.number().int(),
  orders_pending: z.number().int(),
  /** Refunded so far per currency (ticket price plus booking fee), minor units. */
  refunded: z.array(z.object({ currency: z.enum(CURRENCY_CODES), amount_minor: z.number().int() })),
  completed_at: z.string().nullable(),
});
export type CancellationProgress = z.infer<typeof cancellationProgressSchema>;
