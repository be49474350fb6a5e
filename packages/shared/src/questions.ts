// Checkout questions and names on tickets (issue 31 point 3, decision 130): what an organiser may ask at checkout,
// how an answer is checked (the same rule for the checkout form, the fan's corrections and the API), and how a
// stored answer reads in the order detail, at the door and in exports.
import { z } from 'zod';
import { HOLDER_NAME_MAX } from './after-sale.js';
import { isCountryCode } from './checkout.js';

export const QUESTION_KINDS = [
  'short_text',
  'long_text',
  'single_choice',
  'multiple_choice',
  'checkbox',
  'date',
  'phone',
  'country',
] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

export const QUESTION_KIND_LABELS: Record<QuestionKind, string> = {
  short_text: 'Short text',
  long_text: 'Long text',
  single_choice: 'Single choice',
  multiple_choice: 'Multiple choice',
  checkbox: 'Checkbox',
  date: 'Date',
  phone: 'Phone',
  country: 'Country',
};

/** Whether a name is asked for each ticket: not at all, optional, or required. */
export const TICKET_NAME_MODES = ['off', 'optional', 'required'] as const;
export type TicketNameMode = (typeof TICKET_NAME_MODES)[number];

/** Asked once per order, or once for each ticket. */
export const QUESTION_SCOPES = ['order', 'ticket'] as const;
export type QuestionScope = (typeof QUESTION_SCOPES)[number];

export const MAX_QUESTIONS_PER_EVENT = 30;
export const QUESTION_LABEL_MAX = 200;
export const QUESTION_OPTION_MAX = 100;
export const QUESTION_OPTIONS_MAX = 30;
export const SHORT_ANSWER_MAX = 200;
export const LONG_ANSWER_MAX = 2000;

export const isChoiceKind = (kind: QuestionKind) => kind === 'single_choice' || kind === 'multiple_choice';

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- a one-line value refuses line breaks and tabs as well
const CONTROL_OR_BREAK = /[\u0000-\u001f\u007f]/;

const oneLine = (max: number, what: string) =>
  z
    .string()
    .trim()
    .min(1, `${what} is required`)
    .max(max, `${what} must be ${max} characters or less`)
    .refine((value) => !CONTROL_OR_BREAK.test(value), 'Contains characters that are not allowed');

/** Organiser input for a question (POST and PUT /api/events/:id/questions). */
export const questionInputSchema = z
  .object({
    label: oneLine(QUESTION_LABEL_MAX, 'Question'),
    kind: z.enum(QUESTION_KINDS),
    /** The choices of a single or multiple choice question, in order; none for other kinds. */
    options: z.array(oneLine(QUESTION_OPTION_MAX, 'Option')).max(QUESTION_OPTIONS_MAX).default([]),
    required: z.boolean().default(false),
    scope: z.enum(QUESTION_SCOPES).default('order'),
    /** Asked only when the order (or, per ticket, the ticket) is of one of these types; empty = every type. */
    ticket_type_ids: z.array(z.string().uuid('Unknown ticket type')).max(100).default([]),
  })
  .superRefine((value, context) => {
    if (isChoiceKind(value.kind)) {
      if (value.options.length < 2)
        context.addIssue({ code: 'custom', path: ['options'], message: 'Give at least two options' });
      if (new Set(value.options.map((option) => option.toLowerCase())).size !== value.options.length)
        context.addIssue({ code: 'custom', path: ['options'], message: 'Each option must be different' });
    } else if (value.options.length > 0) {
      context.addIssue({ code: 'custom', path: ['options'], message: 'Only choice questions have options' });
    }
  });
export type QuestionInput = z.infer<typeof questionInputSchema>;

export const questionSchema = z.object({
  id: z.string(),
  label: z.string(),
  kind: z.enum(QUESTION_KINDS),
  options: z.array(z.string()),
  required: z.boolean(),
  scope: z.enum(QUESTION_SCOPES),
  ticket_type_ids: z.array(z.string()),
  position: z.number().int(),
});
export type Question = z.infer<typeof questionSchema>;

/** The event's attendee settings: names on tickets, and until when the fan may correct names and answers. */
export const attendeeSettingsSchema = z.object({
  ticket_names: z.enum(TICKET_NAME_MODES),
  /** ISO instant; null = until the event starts. */
  answers_editable_until: z.string().datetime({ offset: true }).nullable(),
});
export type AttendeeSettings = z.infer<typeof attendeeSettingsSchema>;

export const questionListSchema = z.object({
  settings: attendeeSettingsSchema,
  questions: z.array(questionSchema),
});
export type QuestionList = z.infer<typeof questionListSchema>;

export const reorderQuestionsSchema = z.object({
  ids: z.array(z.string().max(64)).min(1).max(MAX_QUESTIONS_PER_EVENT),
});

/** One stored answer as the organiser, the door and exports read it. */
export const answerViewSchema = z.object({ question_id: z.string(), label: z.string(), value: z.string() });
export type AnswerView = z.infer<typeof answerViewSchema>;

export const QUESTION_MESSAGES = {
  required: 'Answer this question',
  checkboxRequired: 'Tick this box to continue',
  chooseOne: 'Choose one of the options',
  chooseListed: 'Choose from the options given',
  tooLong: (max: number) => `Keep this to ${max} characters or less`,
  badCharacters: 'Contains characters that are not allowed',
  date: 'Enter a real date, like 2026-03-31',
  phone: 'Enter a phone number with digits only (spaces, +, - and brackets are fine)',
  country: 'Choose a country from the list',
  nameRequired: 'Enter the name on this ticket',
  nameTooLong: `Keep the name to ${HOLDER_NAME_MAX} characters or less`,
  detailsStep: 'Add the details for each ticket below, then continue.',
  editClosed: 'Names and answers can no longer be changed for this order.',
  saved: 'Your changes are saved.',
} as const;

/** What a question needs to check an answer. */
export type AnswerRule = Pick<Question, 'kind' | 'options' | 'required'>;

/** A fan's answer as posted: one text, or the options ticked (multiple choice). */
export type RawAnswer = string | string[];

const isRealDate = (value: string) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1900 && year <= 2200 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

/** A plausible phone number: +, digits, spaces, brackets, dots and dashes, with 6 to 15 digits. */
export const isPlausiblePhone = (value: string) => {
  if (!/^\+?[0-9 ().-]{6,25}$/.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 6 && digits <= 15;
};

/**
 * Checks one answer: the stored value ('' when unanswered; multiple choice as its options joined by a line break,
 * in the question's order; a checkbox 'yes'), or the message to show beside the field. Never trusts a choice that
 * is not one of the question's options.
 */
export function checkAnswer(rule: AnswerRule, raw: RawAnswer | undefined): { value: string } | { error: string } {
  if (rule.kind === 'multiple_choice') {
    const picked = (Array.isArray(raw) ? raw : raw ? [raw] : []).filter((value) => value !== '');
    if (picked.some((value) => !rule.options.includes(value))) return { error: QUESTION_MESSAGES.chooseListed };
    if (picked.length === 0) return rule.required ? { error: QUESTION_MESSAGES.chooseOne } : { value: '' };
    return { value: rule.options.filter((option) => picked.includes(option)).join('\n') };
  }
  const text = (Array.isArray(raw) ? (raw[0] ?? '') : (raw ?? '')).trim();
  if (rule.kind === 'checkbox') {
    if (text !== '' && text !== 'yes') return { error: QUESTION_MESSAGES.chooseListed };
    if (rule.required && text !== 'yes') return { error: QUESTION_MESSAGES.checkboxRequired };
    return { value: text };
  }
  if (text === '') return rule.required ? { error: requiredMessage(rule.kind) } : { value: '' };
  const long = rule.kind === 'long_text';
  if (text.length > (long ? LONG_ANSWER_MAX : SHORT_ANSWER_MAX))
    return { error: QUESTION_MESSAGES.tooLong(long ? LONG_ANSWER_MAX : SHORT_ANSWER_MAX) };
  if ((long ? CONTROL : CONTROL_OR_BREAK).test(text)) return { error: QUESTION_MESSAGES.badCharacters };
  switch (rule.kind) {
    case 'single_choice':
      return rule.options.includes(text) ? { value: text } : { error: QUESTION_MESSAGES.chooseListed };
    case 'date':
      return isRealDate(text) ? { value: text } : { error: QUESTION_MESSAGES.date };
    case 'phone':
      return isPlausiblePhone(text) ? { value: text } : { error: QUESTION_MESSAGES.phone };
    case 'country':
      return isCountryCode(text) ? { value: text } : { error: QUESTION_MESSAGES.country };
    default:
      return { value: text };
  }
}

const requiredMessage = (kind: QuestionKind) =>
  kind === 'single_choice'
    ? QUESTION_MESSAGES.chooseOne
    : kind === 'country'
      ? QUESTION_MESSAGES.country
      : QUESTION_MESSAGES.required;

/** Checks a name on a ticket: the trimmed name, or the message. */
export function checkHolderName(mode: TicketNameMode, raw: string | undefined): { value: string } | { error: string } {
  const text = (raw ?? '').trim();
  if (mode === 'off') return { value: '' };
  if (text === '') return mode === 'required' ? { error: QUESTION_MESSAGES.nameRequired } : { value: '' };
  if (text.length > HOLDER_NAME_MAX) return { error: QUESTION_MESSAGES.nameTooLong };
  if (CONTROL_OR_BREAK.test(text)) return { error: QUESTION_MESSAGES.badCharacters };
  return { value: text };
}

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** A stored answer as people read it: options with commas, a tick as Yes, a country by its name. */
export function answerText(kind: QuestionKind, value: string): string {
  if (value === '') return '';
  if (kind === 'multiple_choice') return value.split('\n').join(', ');
  if (kind === 'checkbox') return value === 'yes' ? 'Yes' : '';
  if (kind === 'country') return countryNames.of(value) ?? value;
  return value;
}

/** Whether a question is asked for a ticket (or an order) of these ticket types. */
export const questionApplies = (question: Pick<Question, 'ticket_type_ids'>, typeIds: readonly string[]) =>
  question.ticket_type_ids.length === 0 || typeIds.some((id) => question.ticket_type_ids.includes(id));
