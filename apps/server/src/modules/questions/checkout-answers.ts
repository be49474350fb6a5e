// What the checkout form asks beyond the buyer's details (decision 130): the event's questions and its name-on-
// ticket setting, the slots of the chosen tickets (slot 1..n, numbered in the page's type order), the posted fields'
// names, and the check of everything posted, giving the rows the hold stores or the message for each field. The
// questions themselves ride along in the storefront's one event statement (storefront-event.ts).
import {
  checkAnswer,
  checkHolderName,
  questionApplies,
  type Question,
  type RawAnswer,
  type TicketNameMode,
} from '@marquee/shared';

export interface CheckoutQuestions {
  ticketNames: TicketNameMode;
  questions: Question[];
}

/** Whether each chosen ticket gets a block of its own (a name, or a question asked per ticket). */
export const asksPerTicket = (asked: CheckoutQuestions) =>
  asked.ticketNames !== 'off' || asked.questions.some((question) => question.scope === 'ticket');

/** Whether what the form shows depends on the quantities chosen (per-ticket blocks, or questions for some types). */
export const dependsOnQuantities = (asked: CheckoutQuestions) =>
  asksPerTicket(asked) || asked.questions.some((question) => question.ticket_type_ids.length > 0);

/** A chosen ticket's place in the order: slot 1..n, its type, and its number within that type. */
export interface TicketSlot {
  slot: number;
  ticketTypeId: string;
  typeName: string;
  index: number;
}

/** At most this many blocks are drawn from posted quantities (the hold refuses larger orders anyway). */
const MAX_SLOTS = 100;

const quantityOf = (text: string | undefined) => {
  const value = /^\s*\d{1,4}\s*$/.test(text ?? '') ? Number(text) : 0;
  return Math.max(0, value);
};

/** The chosen tickets' slots, in the page's order of types. */
export function ticketSlots(types: ReadonlyArray<{ id: string; name: string }>, quantities: Record<string, string>) {
  const slots: TicketSlot[] = [];
  for (const type of types) {
    const count = quantityOf(quantities[type.id]);
    for (let index = 1; index <= count && slots.length < MAX_SLOTS; index += 1)
      slots.push({ slot: slots.length + 1, ticketTypeId: type.id, typeName: type.name, index });
  }
  return slots;
}

/** The quantities the form's blocks were drawn for, as a hidden field carries them ('' when nothing depends). */
export function detailsKey(
  asked: CheckoutQuestions,
  types: ReadonlyArray<{ id: string; name: string }>,
  quantities: Record<string, string>,
) {
  if (!dependsOnQuantities(asked)) return '';
  return types
    .map((type) => [type.id, quantityOf(quantities[type.id])] as const)
    .filter(([, count]) => count > 0)
    .map(([id, count]) => `${id}:${count}`)
    .join(',');
}

/** The posted fields' names. */
export const FIELD_NAMES = {
  detailsFor: 'details_for',
  answer: (questionId: string, slot: number) => (slot === 0 ? `q_${questionId}` : `t${slot}_q_${questionId}`),
  option: (questionId: string, slot: number, index: number) => `${FIELD_NAMES.answer(questionId, slot)}__${index}`,
  holder: (slot: number) => `t${slot}_name`,
};

/** Whether a posted key is one of these fields (the form keeps them to show again). */
export const isAttendeeField = (key: string) => key === FIELD_NAMES.detailsFor || /^(q_|t\d{1,3}_)/.test(key);

/** The order's questions, and each slot's, that apply to the chosen tickets. */
export function askedFor(asked: CheckoutQuestions, slots: TicketSlot[]) {
  const chosen = [...new Set(slots.map((slot) => slot.ticketTypeId))];
  return {
    order: asked.questions.filter((question) => question.scope === 'order' && questionApplies(question, chosen)),
    perSlot: slots.map((slot) => ({
      slot,
      questions: asksPerTicket(asked)
        ? asked.questions.filter(
            (question) => question.scope === 'ticket' && questionApplies(question, [slot.ticketTypeId]),
          )
        : [],
    })),
  };
}

/** The questions shown before any quantity is known: the order's, for every type. */
export const unfilteredOrderQuestions = (asked: CheckoutQuestions) =>
  asked.questions.filter((question) => question.scope === 'order' && question.ticket_type_ids.length === 0);

/** What the hold stores with the order (nothing stored for an unanswered question). */
export interface AttendeeRows {
  holders: Array<{ slot: number; ticketTypeId: string; name: string }>;
  answers: Array<{ questionId: string; slot: number; value: string }>;
}

/** A posted answer: its text, or the options ticked (multiple choice, one field per option). */
export function rawAnswer(question: Question, slot: number, posted: Record<string, string>): RawAnswer | undefined {
  if (question.kind !== 'multiple_choice') return posted[FIELD_NAMES.answer(question.id, slot)];
  const picked: string[] = [];
  for (const [index, option] of question.options.entries())
    if (posted[FIELD_NAMES.option(question.id, slot, index)] === 'yes') picked.push(option);
  // An option value that is not the question's (a forged field) is refused by checkAnswer.
  const forged = posted[FIELD_NAMES.answer(question.id, slot)];
  if (forged) picked.push(forged);
  return picked;
}

/**
 * Checks the posted names and answers for the chosen tickets: the rows to store, the message per field, and whether
 * the fan has yet to see the blocks for these quantities (`detailsStep`: the form comes back with them).
 */
export function checkAttendeeFields(
  asked: CheckoutQuestions,
  types: ReadonlyArray<{ id: string; name: string }>,
  quantities: Record<string, string>,
  posted: Record<string, string>,
): { rows: AttendeeRows; fields: Record<string, string>; detailsStep: boolean } {
  const rows: AttendeeRows = { holders: [], answers: [] };
  const fields: Record<string, string> = {};
  const slots = ticketSlots(types, quantities);
  const key = detailsKey(asked, types, quantities);
  const detailsStep = key !== '' && (posted[FIELD_NAMES.detailsFor] ?? '') !== key;
  const { order, perSlot } = askedFor(asked, slots);
  const check = (question: Question, slot: number) => {
    // Before the fan has seen the blocks, only what was already on the page is checked.
    if (detailsStep && (slot > 0 || question.ticket_type_ids.length > 0)) return;
    const result = checkAnswer(question, rawAnswer(question, slot, posted));
    if ('error' in result) fields[FIELD_NAMES.answer(question.id, slot)] = result.error;
    else if (result.value !== '') rows.answers.push({ questionId: question.id, slot, value: result.value });
  };
  for (const question of order) check(question, 0);
  if (asksPerTicket(asked)) {
    for (const { slot, questions } of perSlot) {
      const name = detailsStep
        ? { value: '' }
        : checkHolderName(asked.ticketNames, posted[FIELD_NAMES.holder(slot.slot)]);
      if ('error' in name) fields[FIELD_NAMES.holder(slot.slot)] = name.error;
      else rows.holders.push({ slot: slot.slot, ticketTypeId: slot.ticketTypeId, name: name.value });
      for (const question of questions) check(question, slot.slot);
    }
  }
  return { rows, fields, detailsStep };
}
