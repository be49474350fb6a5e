// The event view's 'Checkout questions' (decision 130): whether each ticket carries a name (off, optional,
// required), until when fans may correct names and answers, and the questions asked at checkout (per order or
// per ticket, optionally only for some ticket types), added, edited, moved and deleted here.
import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  isChoiceKind,
  QUESTION_KIND_LABELS,
  QUESTION_KINDS,
  type EventDto,
  type Question,
  type QuestionInput,
  type QuestionKind,
  type QuestionList,
  type TicketNameMode,
} from '@marquee/shared';
import { Button } from '../../../components/ui/button';
import { controlProps, Field } from '../../../components/ui/field';
import { inputClasses } from '../../../components/ui/input';
import { QueryState } from '../../../components/ui/query-state';
import { Switch } from '../../../components/ui/switch';
import { ApiError } from '../../../lib/api-client';
import {
  questionsQuery,
  useDeleteQuestion,
  useReorderQuestions,
  useSaveAttendeeSettings,
  useSaveQuestion,
} from '../api/questions';
import { MoveButtons, movedIds, softDisabled } from '../../../components/ui/reorder';

const card = 'bg-card border-border rounded-2xl border p-5 sm:p-6';
const NAME_MODES: Array<{ value: TicketNameMode; label: string }> = [
  { value: 'off', label: 'Off: tickets carry the buyer’s name' },
  { value: 'optional', label: 'Optional: a name may be given for each ticket' },
  { value: 'required', label: 'Required: a name for every ticket' },
];

const problem = (caught: unknown) =>
  caught instanceof ApiError && caught.status < 500 ? caught.message : 'Something went wrong. Please try again.';
const fieldErrors = (caught: unknown) =>
  Object.fromEntries(
    (caught instanceof ApiError ? (caught.fields ?? []) : []).map((field) => [
      field.path.split('.')[0]!,
      field.message,
    ]),
  ) as Record<string, string>;

/** An ISO instant as a datetime-local value in the browser's zone, and back. */
const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
};
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : null);

function SettingsForm({ event, list, editable }: { event: EventDto; list: QuestionList; editable: boolean }) {
  const id = useId();
  const save = useSaveAttendeeSettings(event.id);
  const [names, setNames] = useState<TicketNameMode>(list.settings.ticket_names);
  const [deadline, setDeadline] = useState(toLocalInput(list.settings.answers_editable_until));
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const onSubmit = (submitted: FormEvent) => {
    submitted.preventDefault();
    setMessage(null);
    setError(undefined);
    save.mutate(
      { ticket_names: names, answers_editable_until: fromLocalInput(deadline) },
      {
        onSuccess: () => setMessage('Saved.'),
        onError: (caught) => setError(fieldErrors(caught).answers_editable_until ?? problem(caught)),
      },
    );
  };
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field id={`${id}-names`} label="Name on each ticket">
          <select
            {...controlProps(`${id}-names`)}
            className={inputClasses}
            disabled={!editable}
            value={names}
            onChange={(changed) => setNames(changed.target.value as TicketNameMode)}
          >
            {NAME_MODES.map((mode) => (
              <option key={mode.value} value={mode.value}>
                {mode.label}
              </option>
            ))}
          </select>
        </Field>
        <Field
          id={`${id}-deadline`}
          label="Fans can change names and answers until"
          optional
          hint="In your browser's time zone. Empty: until the event starts."
          error={error}
        >
          <input
            {...controlProps(`${id}-deadline`, error, 'hint')}
            type="datetime-local"
            className={inputClasses}
            disabled={!editable}
            value={deadline}
            onChange={(changed) => setDeadline(changed.target.value)}
          />
        </Field>
      </div>
      {editable ? (
        <div className="flex items-center gap-3">
          <Button type="submit" size="small" variant="secondary" disabled={save.isPending}>
            Save settings
          </Button>
          <p role="status" className="text-success text-sm font-medium empty:hidden">
            {message}
          </p>
        </div>
      ) : null}
    </form>
  );
}

const blank: QuestionInput = {
  label: '',
  kind: 'short_text',
  options: [],
  required: false,
  scope: 'order',
  ticket_type_ids: [],
};

function QuestionForm({
  event,
  editing,
  onDone,
}: {
  event: EventDto;
  editing: Question | null;
  onDone(saved: string | null): void;
}) {
  const id = useId();
  const save = useSaveQuestion(event.id);
  const [value, setValue] = useState<QuestionInput>(
    editing
      ? {
          label: editing.label,
          kind: editing.kind,
          options: editing.options,
          required: editing.required,
          scope: editing.scope,
          ticket_type_ids: editing.ticket_type_ids,
        }
      : blank,
  );
  const [optionsText, setOptionsText] = useState((editing?.options ?? []).join('\n'));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const choice = isChoiceKind(value.kind);
  const set = (patch: Partial<QuestionInput>) => setValue((current) => ({ ...current, ...patch }));

  const onSubmit = (submitted: FormEvent) => {
    submitted.preventDefault();
    setErrors({});
    setFormError(null);
    const options = choice
      ? optionsText
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean)
      : [];
    save.mutate(
      { questionId: editing?.id ?? null, body: { ...value, options } },
      {
        onSuccess: (saved) => onDone(`${editing ? 'Saved' : 'Added'} “${saved.label}”.`),
        onError: (caught) => {
          const fields = fieldErrors(caught);
          setErrors(fields);
          if (Object.keys(fields).length === 0) setFormError(problem(caught));
        },
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={editing ? `Edit question ${editing.label}` : 'New question'}
      className="border-border flex flex-col gap-4 rounded-xl border p-4"
    >
      <Field
        id={`${id}-label`}
        label="Question"
        error={errors.label}
        counter={{ length: value.label.length, max: 200 }}
      >
        <input
          {...controlProps(`${id}-label`, errors.label)}
          className={inputClasses}
          value={value.label}
          maxLength={220}
          placeholder="Dietary requirements"
          onChange={(changed) => set({ label: changed.target.value })}
        />
      </Field>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field id={`${id}-kind`} label="Answer type" error={errors.kind}>
          <select
            {...controlProps(`${id}-kind`, errors.kind)}
            className={inputClasses}
            value={value.kind}
            onChange={(changed) => set({ kind: changed.target.value as QuestionKind })}
          >
            {QUESTION_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {QUESTION_KIND_LABELS[kind]}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${id}-scope`} label="Asked">
          <select
            {...controlProps(`${id}-scope`)}
            className={inputClasses}
            value={value.scope}
            onChange={(changed) => set({ scope: changed.target.value as QuestionInput['scope'] })}
          >
            <option value="order">Once per order</option>
            <option value="ticket">For each ticket</option>
          </select>
        </Field>
      </div>
      {choice ? (
        <Field id={`${id}-options`} label="Options" hint="One per line, at least two." error={errors.options}>
          <textarea
            {...controlProps(`${id}-options`, errors.options, 'hint')}
            className={`${inputClasses} h-28 py-2`}
            value={optionsText}
            onChange={(changed) => setOptionsText(changed.target.value)}
          />
        </Field>
      ) : null}
      <fieldset className="flex flex-col gap-2">
        <legend className="text-muted-foreground mb-1 font-mono text-[11px] font-semibold tracking-wider uppercase">
          Ticket types
        </legend>
        <p className="text-muted-foreground text-xs">None ticked: asked for every ticket type.</p>
        {event.ticket_types.map((type) => (
          <label key={type.id} className="text-foreground flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={value.ticket_type_ids.includes(type.id)}
              onChange={(changed) =>
                set({
                  ticket_type_ids: changed.target.checked
                    ? [...value.ticket_type_ids, type.id]
                    : value.ticket_type_ids.filter((each) => each !== type.id),
                })
              }
            />
            {type.name}
          </label>
        ))}
        {errors.ticket_type_ids ? <p className="text-danger text-xs">{errors.ticket_type_ids}</p> : null}
      </fieldset>
      <Switch
        id={`${id}-required`}
        label="Required"
        hint="Fans cannot check out without answering."
        checked={value.required}
        onChange={(required) => set({ required })}
      />
      {formError ? (
        <p role="alert" className="rounded-md border border-red-500/40 bg-red-500/10 px-3 py-2 text-sm text-danger">
          {formError}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" size="small" disabled={save.isPending}>
          {editing ? 'Save question' : 'Add question'}
        </Button>
        <Button type="button" size="small" variant="secondary" onClick={() => onDone(null)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function QuestionsList({ event, list, editable }: { event: EventDto; list: QuestionList; editable: boolean }) {
  const reorder = useReorderQuestions(event.id);
  const remove = useDeleteQuestion(event.id);
  const [editing, setEditing] = useState<Question | 'new' | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = reorder.isPending || remove.isPending;
  const questions = list.questions;
  const typeName = new Map(event.ticket_types.map((type) => [type.id, type.name]));

  const move = (index: number, by: -1 | 1) => {
    const ids = busy
      ? null
      : movedIds(
          questions.map((question) => question.id),
          index,
          by,
        );
    if (!ids) return;
    setError(null);
    reorder.mutate(ids, { onError: (caught) => setError(problem(caught)) });
  };
  const onDelete = (question: Question) => {
    if (busy) return;
    if (!window.confirm(`Delete “${question.label}”? The answers fans gave to it are deleted too.`)) return;
    setError(null);
    remove.mutate(question.id, {
      onSuccess: () => setStatus(`Deleted “${question.label}”.`),
      onError: (caught) => setError(problem(caught)),
    });
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 className="text-foreground font-semibold">Questions</h3>
        {editable && editing === null ? (
          <Button
            size="small"
            onClick={() => {
              setStatus(null);
              setEditing('new');
            }}
          >
            Add question
          </Button>
        ) : null}
      </div>
      <p role="status" className="text-success text-sm font-medium empty:hidden">
        {status}
      </p>
      {error ? (
        <p role="alert" className="rounded-md border border-red-500/40 bg-red-500/10 px-3 py-2 text-sm text-danger">
          {error}
        </p>
      ) : null}
      {editing === 'new' ? (
        <QuestionForm
          event={event}
          editing={null}
          onDone={(saved) => {
            setEditing(null);
            setStatus(saved);
          }}
        />
      ) : null}
      {questions.length === 0 && editing !== 'new' ? (
        <p className="text-muted-foreground text-sm">No questions: the checkout asks only the buyer’s details.</p>
      ) : null}
      <ol className="flex flex-col gap-3" aria-busy={busy || undefined}>
        {questions.map((question, index) =>
          editing !== 'new' && editing?.id === question.id ? (
            <li key={question.id}>
              <QuestionForm
                event={event}
                editing={question}
                onDone={(saved) => {
                  setEditing(null);
                  setStatus(saved);
                }}
              />
            </li>
          ) : (
            <li
              key={question.id}
              className="border-border flex flex-col gap-3 rounded-xl border p-4 sm:flex-row sm:items-start sm:justify-between"
            >
              <div className="flex min-w-0 flex-col gap-1">
                <p className="text-foreground font-semibold break-words">
                  {question.label}
                  {question.required ? <span className="text-muted-foreground ml-2 text-xs">Required</span> : null}
                </p>
                <p className="text-muted-foreground text-xs">
                  {QUESTION_KIND_LABELS[question.kind]} ·{' '}
                  {question.scope === 'order' ? 'once per order' : 'each ticket'}
                  {question.ticket_type_ids.length > 0
                    ? ` · only ${question.ticket_type_ids.map((each) => typeName.get(each) ?? 'a removed type').join(', ')}`
                    : ''}
                </p>
                {question.options.length > 0 ? (
                  <p className="text-muted-foreground text-xs break-words">{question.options.join(' · ')}</p>
                ) : null}
              </div>
              {editable ? (
                <div className="flex shrink-0 flex-wrap gap-2 sm:flex-nowrap">
                  <Button
                    size="xs"
                    variant="secondary"
                    onClick={() => setEditing(question)}
                    aria-label={`Edit ${question.label}`}
                  >
                    Edit
                  </Button>
                  <MoveButtons
                    name={question.label}
                    index={index}
                    count={questions.length}
                    busy={busy}
                    onMove={(by) => move(index, by)}
                  />
                  <Button
                    size="xs"
                    variant="secondary"
                    onClick={() => onDelete(question)}
                    aria-disabled={busy || undefined}
                    className={softDisabled}
                    aria-label={`Delete ${question.label}`}
                  >
                    Delete
                  </Button>
                </div>
              ) : null}
            </li>
          ),
        )}
      </ol>
    </div>
  );
}

export function QuestionsSection({ event }: { event: EventDto }) {
  const editable = event.status === 'draft' || event.status === 'live';
  const query = useQuery(questionsQuery(event.id));
  return (
    <section aria-labelledby="questions-heading" className={card}>
      <h2 id="questions-heading" className="text-foreground mb-1 text-lg font-semibold">
        Checkout questions
      </h2>
      <p className="text-muted-foreground mb-4 text-sm">
        Names on tickets and what you ask buyers at checkout. Answers show in the order detail, at the door and in the
        orders export.
      </p>
      <QueryState
        query={query}
        error="The questions could not be loaded. Please try again."
        onRetry={() => void query.refetch()}
        loading="Loading questions…"
      >
        {(list) => (
          <div className="flex flex-col gap-6">
            <SettingsForm event={event} list={list} editable={editable} />
            <QuestionsList event={event} list={list} editable={editable} />
          </div>
        )}
      </QueryState>
    </section>
  );
}
