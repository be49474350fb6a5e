// Messages to ticket holders (decision 154): what the organiser composes in the event view (an audience, a
// subject and a plain-text body), the preview, and the history of sent messages, shared by server and dashboard.
import { z } from 'zod';
import { noControlChars } from './text-rules.js';

export const HOLDER_AUDIENCES = ['all', 'ticket_type', 'not_checked_in', 'marketing'] as const;
export type HolderAudience = (typeof HOLDER_AUDIENCES)[number];

/** How each audience is named in the compose form. */
export const HOLDER_AUDIENCE_LABELS: Record<HolderAudience, string> = {
  all: 'All ticket holders',
  ticket_type: 'Holders of one ticket type',
  not_checked_in: 'Holders not yet checked in',
  marketing: 'Marketing: customers who agreed to hear from you',
};

export const HOLDER_SUBJECT_MAX = 150;
export const HOLDER_BODY_MAX = 10_000;

export const HOLDER_MESSAGE_TEXT = {
  subjectRequired: 'Write a subject',
  subjectTooLong: `The subject can be at most ${HOLDER_SUBJECT_MAX} characters`,
  subjectOneLine: 'The subject must be one line, without control characters',
  bodyRequired: 'Write the message',
  bodyTooLong: `The message can be at most ${HOLDER_BODY_MAX.toLocaleString('en-GB')} characters`,
  bodyControl: 'The message contains characters that are not allowed',
  typeRequired: 'Choose a ticket type',
  typeUnknown: 'That ticket type is not one of this event',
  noRecipients: 'Nobody is in this audience, so there is nobody to send to',
  keyRequired: 'A client key is required so a double click sends one message',
} as const;

// eslint-disable-next-line no-control-regex -- matching control characters (and line breaks) is the point
const oneLine = (value: string) => !/[\u0000-\u001f\u007f]/.test(value);

/** The compose form's fields: preview, test send and send all take them. */
export const holderMessageDraftSchema = z
  .object({
    audience: z.enum(HOLDER_AUDIENCES),
    ticket_type_id: z.string().uuid(HOLDER_MESSAGE_TEXT.typeUnknown).nullish(),
    subject: z
      .string({ error: HOLDER_MESSAGE_TEXT.subjectRequired })
      .trim()
      .min(1, HOLDER_MESSAGE_TEXT.subjectRequired)
      .max(HOLDER_SUBJECT_MAX, HOLDER_MESSAGE_TEXT.subjectTooLong)
      .refine(oneLine, HOLDER_MESSAGE_TEXT.subjectOneLine),
    body: z
      .string({ error: HOLDER_MESSAGE_TEXT.bodyRequired })
      .trim()
      .min(1, HOLDER_MESSAGE_TEXT.bodyRequired)
      .max(HOLDER_BODY_MAX, HOLDER_MESSAGE_TEXT.bodyTooLong)
      .refine(noControlChars, HOLDER_MESSAGE_TEXT.bodyControl),
  })
  .superRefine((draft, context) => {
    if (draft.audience === 'ticket_type' && !draft.ticket_type_id)
      context.addIssue({ code: 'custom', path: ['ticket_type_id'], message: HOLDER_MESSAGE_TEXT.typeRequired });
  });
export type HolderMessageDraft = z.infer<typeof holderMessageDraftSchema>;

/** POST /api/events/:id/messages: the draft and the client's key for this send (one per click of Send). */
export const holderMessageSendSchema = holderMessageDraftSchema.and(
  z.object({
    client_key: z
      .string({ error: HOLDER_MESSAGE_TEXT.keyRequired })
      .regex(/^[A-Za-z0-9_-]{8,64}$/, HOLDER_MESSAGE_TEXT.keyRequired),
  }),
);
export type HolderMessageSend = z.infer<typeof holderMessageSendSchema>;

/** POST /api/events/:id/messages/preview */
export const holderMessagePreviewSchema = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  recipients: z.number().int(),
  /** Marketing e-mails carry an unsubscribe link and List-Unsubscribe headers; logistics e-mails do not. */
  unsubscribe: z.boolean(),
});
export type HolderMessagePreview = z.infer<typeof holderMessagePreviewSchema>;

export const HOLDER_MESSAGE_STATUSES = ['queued', 'sending', 'sent'] as const;

export const holderMessageSchema = z.object({
  id: z.string(),
  audience: z.enum(HOLDER_AUDIENCES),
  ticket_type_id: z.string().nullable(),
  ticket_type_name: z.string().nullable(),
  subject: z.string(),
  status: z.enum(HOLDER_MESSAGE_STATUSES),
  /** Null until the recipients were listed (right after the send is queued). */
  recipients: z.number().int().nullable(),
  sent: z.number().int(),
  failed: z.number().int(),
  /** Left out: marketing recipients who unsubscribed before their turn. */
  suppressed: z.number().int(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type HolderMessage = z.infer<typeof holderMessageSchema>;

export const holderMessageListSchema = z.object({ messages: z.array(holderMessageSchema) });
export type HolderMessageList = z.infer<typeof holderMessageListSchema>;

/** POST .../messages/test */
export const holderMessageTestSchema = z.object({ sent_to: z.string() });
