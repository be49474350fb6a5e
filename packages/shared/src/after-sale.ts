// After the sale (decision 032): refunds made by the organiser or asked for by the fan, ticket transfers,
// and their messages, shared by the server, the fan's order page and the dashboard.
import { z } from 'zod';

export const REFUND_REASON_MAX = 500;
export const HOLDER_NAME_MAX = 100;

/** Control characters (a reason may have line breaks). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const noControl = (value: string) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value);

export const AFTER_SALE_MESSAGES = {
  reasonRequired: 'Give a reason; it is sent to the buyer',
  reasonTooLong: `The reason can be at most ${REFUND_REASON_MAX} characters`,
  badCharacters: 'Contains characters that are not allowed',
  nothingToRefund: 'Choose the tickets to refund or enter an amount',
  amountTooHigh: (remaining: string) => `The refund cannot be more than what is left to refund (${remaining})`,
  ticketAmountTooHigh: (cost: string) =>
    `A refund of tickets cannot be more than what they cost, less what was refunded of them (${cost})`,
  checkedInConfirm: (codes: string[]) =>
    `${codes.join(', ')} ${codes.length === 1 ? 'has' : 'have'} been checked in. Refunding gives the money back but does not undo the entry, and the ${codes.length === 1 ? 'place is' : 'places are'} not put back on sale. Confirm to refund anyway.`,
  requestCheckedIn: 'This ticket has been checked in, so a refund cannot be requested for it',
  amountInvalid: 'Enter an amount of 0 or more',
  ticketNotInOrder: 'That ticket is not part of this order',
  ticketAlreadyRefunded: 'That ticket has already been refunded',
  ticketNotValid: 'That ticket is no longer valid (refunded, cancelled or transferred)',
  orderNotRefundable: 'Only a paid order can be refunded',
  orderFullyRefunded: 'This order has already been refunded in full',
  eventCancelled: 'This event is cancelled; its orders are refunded by the cancellation',
  refundsOff: 'Refunds are not offered for this event',
  requestOpen: 'A refund request for this order is already waiting for the organiser',
  requestNotOpen: 'This refund request has already been answered',
  requestNotFound: 'Refund request not found',
  resaleOff: 'Transfers are not offered for this event',
  transferCheckedIn: 'This ticket has been checked in, so it cannot be transferred',
  transferNotValid: 'This ticket can no longer be transferred (refunded, cancelled or already transferred)',
  transferToSelf: 'Enter the e-mail address of the person you are sending the ticket to',
  holderNameRequired: "Enter the new holder's name",
  holderEmailInvalid: 'Enter a valid email address, like name@example.com',
  eventOver: 'This event has ended',
} as const;

const reason = z
  .string({ error: AFTER_SALE_MESSAGES.reasonRequired })
  .trim()
  .min(1, AFTER_SALE_MESSAGES.reasonRequired)
  .max(REFUND_REASON_MAX, AFTER_SALE_MESSAGES.reasonTooLong)
  .refine(noControl, AFTER_SALE_MESSAGES.badCharacters);

/** POST /api/orders/:orderId/refunds: chosen tickets and/or an amount (minor units; default their prices). */
export const refundInputSchema = z.object({
  ticket_ids: z.array(z.string().max(64)).max(500).default([]),
  amount_minor: z
    .number({ error: AFTER_SALE_MESSAGES.amountInvalid })
    .int(AFTER_SALE_MESSAGES.amountInvalid)
    .min(0, AFTER_SALE_MESSAGES.amountInvalid)
    .max(1_000_000_000_000, AFTER_SALE_MESSAGES.amountInvalid)
    .optional(),
  reason,
  /** The organiser's second, explicit yes to refunding tickets already checked in (the money only). */
  confirm_checked_in: z.boolean().default(false),
});
export type RefundInput = z.input<typeof refundInputSchema>;

/** POST /api/orders/:orderId/refund-requests/:requestId */
export const refundDecisionSchema = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('approve') }),
  z.object({ decision: z.literal('decline'), reason }),
]);
export type RefundDecision = z.infer<typeof refundDecisionSchema>;

export const REFUND_STATUS_LABELS = {
  requested: 'Requested by the buyer',
  declined: 'Declined',
  pending: 'Refunding',
  failed: 'Refund failed, retrying',
  succeeded: 'Refunded',
} as const;

export const refundRecordSchema = z.object({
  id: z.string(),
  status: z.enum(['requested', 'declined', 'pending', 'failed', 'succeeded']),
  requested_by: z.enum(['fan', 'organiser']),
  ticket_codes: z.array(z.string()),
  amount_minor: z.number().int(),
  reason: z.string(),
  decline_reason: z.string().nullable(),
  created_at: z.string(),
});
export type RefundRecord = z.infer<typeof refundRecordSchema>;
