// The organiser's checkout questions and the names on tickets (decision 130), as server-rendered form fields: one
// field per question kind, each tied to its error, with what the fan typed shown again. Used by the checkout form
// (the order's questions, then a block per chosen ticket) and by the order page's corrections form.
import { COUNTRY_CODES, HOLDER_NAME_MAX, LONG_ANSWER_MAX, SHORT_ANSWER_MAX, type Question } from '@marquee/shared';
import { FieldErrorLine, invalidFieldProps } from '../lib/field-error.js';
import {
  askedFor,
  asksPerTicket,
  detailsKey,
  FIELD_NAMES,
  ticketSlots,
  unfilteredOrderQuestions,
  type CheckoutQuestions,
  type TicketSlot,
} from '../modules/questions/checkout-answers.js';

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });
const countryOptions = COUNTRY_CODES.map((code) => ({ code, name: countryNames.of(code) ?? code })).sort((a, b) =>
  a.name.localeCompare(b.name, 'en'),
);

type Values = Record<string, string>;
type Errors = Record<string, string> | undefined;

/** One question's field: `slot` 0 for the order's, else the ticket's slot. */
export function QuestionField({
  question,
  slot,
  values,
  errors,
}: {
  question: Question;
  slot: number;
  values: Values;
  errors: Errors;
}) {
  const name = FIELD_NAMES.answer(question.id, slot);
  const id = `f-${name}`;
  const message = errors?.[name];
  const invalid = invalidFieldProps(name, message);
  const value = values[name] ?? '';
  const label = question.required ? question.label : `${question.label} (optional)`;
  const error = <FieldErrorLine name={name} message={message} />;
  switch (question.kind) {
    case 'long_text':
      return (
        <div className="field">
          <label htmlFor={id}>{label}</label>
          <textarea id={id} name={name} rows={3} maxLength={LONG_ANSWER_MAX} defaultValue={value} {...invalid} />
          {error}
        </div>
      );
    case 'single_choice':
    case 'multiple_choice': {
      const multiple = question.kind === 'multiple_choice';
      const picked = multiple ? null : value;
      return (
        <fieldset className="choice" {...invalid}>
          <legend>{label}</legend>
          {question.options.map((option, index) => {
            const optionName = multiple ? FIELD_NAMES.option(question.id, slot, index) : name;
            return (
              <label className="check" key={option}>
                <input
                  type={multiple ? 'checkbox' : 'radio'}
                  name={optionName}
                  value={multiple ? 'yes' : option}
                  defaultChecked={multiple ? values[optionName] === 'yes' : picked === option}
                />
                <span>{option}</span>
              </label>
            );
          })}
          {error}
        </fieldset>
      );
    }
    case 'checkbox':
      return (
        <div className="field">
          <label className="check">
            <input type="checkbox" name={name} value="yes" defaultChecked={value === 'yes'} {...invalid} />
            <span>{label}</span>
          </label>
          {error}
        </div>
      );
    case 'country':
      return (
        <div className="field">
          <label htmlFor={id}>{label}</label>
          <select id={id} name={name} defaultValue={value} {...invalid}>
            <option value="">Choose a country</option>
            {countryOptions.map((option) => (
              <option key={option.code} value={option.code}>
                {option.name}
              </option>
            ))}
          </select>
          {error}
        </div>
      );
    default: {
      const type = question.kind === 'date' ? 'date' : question.kind === 'phone' ? 'tel' : 'text';
      return (
        <div className="field">
          <label htmlFor={id}>{label}</label>
          <input
            id={id}
            name={name}
            type={type}
            maxLength={question.kind === 'date' ? undefined : SHORT_ANSWER_MAX}
            autoComplete={question.kind === 'phone' ? 'tel' : undefined}
            defaultValue={value}
            {...invalid}
          />
          {error}
        </div>
      );
    }
  }
}

/** The name on one ticket. */
export function HolderNameField({
  slot,
  required,
  values,
  errors,
}: {
  slot: number;
  required: boolean;
  values: Values;
  errors: Errors;
}) {
  const name = FIELD_NAMES.holder(slot);
  const message = errors?.[name];
  return (
    <div className="field">
      <label htmlFor={`f-${name}`}>{required ? 'Name on ticket' : 'Name on ticket (optional)'}</label>
      <input
        id={`f-${name}`}
        name={name}
        autoComplete="name"
        maxLength={HOLDER_NAME_MAX}
        defaultValue={values[name] ?? ''}
        {...invalidFieldProps(name, message)}
      />
      <FieldErrorLine name={name} message={message} />
    </div>
  );
}

/** One chosen ticket's block: its name and the questions asked per ticket of its type. */
export function TicketBlock({
  slot,
  total,
  asked,
  questions,
  values,
  errors,
}: {
  slot: TicketSlot;
  total: number;
  asked: CheckoutQuestions;
  questions: Question[];
  values: Values;
  errors: Errors;
}) {
  return (
    <fieldset className="attendee">
      <legend>{`Ticket ${slot.slot} of ${total}: ${slot.typeName}`}</legend>
      {asked.ticketNames === 'off' ? null : (
        <HolderNameField slot={slot.slot} required={asked.ticketNames === 'required'} values={values} errors={errors} />
      )}
      {questions.map((question) => (
        <QuestionField key={question.id} question={question} slot={slot.slot} values={values} errors={errors} />
      ))}
    </fieldset>
  );
}

/**
 * The checkout form's questions: the order's (those for every type before tickets are chosen), then one block per
 * chosen ticket once the quantities are known. The hidden `details_for` names the quantities the blocks were drawn
 * for: changed quantities bring the form back with new blocks before anything is held.
 */
export function AttendeeFields({
  asked,
  types,
  quantities,
  values,
  errors,
}: {
  asked: CheckoutQuestions | undefined;
  types: ReadonlyArray<{ id: string; name: string }>;
  quantities: Record<string, string>;
  values: Values;
  errors: Errors;
}) {
  if (!asked || (asked.ticketNames === 'off' && asked.questions.length === 0)) return null;
  const key = detailsKey(asked, types, quantities);
  const slots = key === '' ? [] : ticketSlots(types, quantities);
  const { order, perSlot } = askedFor(asked, slots);
  const orderQuestions = slots.length > 0 ? order : unfilteredOrderQuestions(asked);
  const blocks = asksPerTicket(asked) ? perSlot : [];
  return (
    <>
      {orderQuestions.length > 0 ? <h3>A few questions from the organiser</h3> : null}
      {orderQuestions.map((question) => (
        <QuestionField key={question.id} question={question} slot={0} values={values} errors={errors} />
      ))}
      {blocks.length > 0 ? <h3>Each ticket</h3> : null}
      {blocks.map(({ slot, questions }) => (
        <TicketBlock
          key={slot.slot}
          slot={slot}
          total={blocks.length}
          asked={asked}
          questions={questions}
          values={values}
          errors={errors}
        />
      ))}
      {asksPerTicket(asked) && blocks.length === 0 ? (
        <p className="muted">
          {asked.ticketNames === 'required'
            ? 'Each ticket carries its holder’s name: once you have chosen your tickets, you are asked for each name.'
            : 'Once you have chosen your tickets, you are asked a few details for each one.'}
        </p>
      ) : null}
      {key === '' ? null : <input type="hidden" name={FIELD_NAMES.detailsFor} value={key} />}
    </>
  );
}
