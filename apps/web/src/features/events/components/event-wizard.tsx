// The New Event and Edit Event wizards: four steps (each validated with the spec's rules before moving on),
// a live preview, Save Draft (new only) and Create / Update. Create saves the event then publishes it;
// when payouts are off the draft is kept and the events list says so.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import {
  CURRENCIES,
  EVENT_DESCRIPTION_MAX,
  EVENT_NAME_MAX,
  EVENT_TERMS_MAX,
  EVENT_WIZARD_STEPS,
  MINIMUM_AGE_MAX,
  validateEventForm,
  validateEventStep,
  type CurrencyCode,
  type EventFormErrors,
  type EventFormValues,
  type EventStatus,
} from '@marquee/shared';
import { Button } from '../../../components/ui/button';
import { focusFirstInvalid } from '../../../components/ui/focus-first-invalid';
import { inputClasses } from '../../../components/ui/input';
import { controlProps, Field } from '../../../components/ui/field';
import { Switch } from '../../../components/ui/switch';
import { ApiError } from '../../../lib/api-client';
import { useOrganizationInfo } from '../../../lib/organization-info';
import { DraftNotice } from '../../../components/guidance/draft-notice';
import { useChangeEventStatus, useSaveEvent } from '../api/events';
import { useUnsavedChangesGuard } from '../hooks/use-unsaved-changes-guard';
import {
  draftProblems,
  firstStepWithError,
  isFormDirty,
  pastProblems,
  serverFieldErrors,
  toEventInput,
  type WizardStep,
} from '../lib/event-form';
import { currencySymbol } from '../lib/money';
import { ArtworkUpload, LineupInput } from './artwork-upload';
import { pageTitleClasses } from './event-bits';
import type { EventsListNotice } from './events-list-page';
import { fieldId, invalidClass, textareaClasses, type StepProps } from './form-parts';
import { PreviewCard } from './preview-card';
import { StepSchedule } from './wizard-step-schedule';

export const PAYOUTS_MESSAGE = 'Enable payouts to publish events and to start receiving ticket sales.';
export const SAVE_FAILED_MESSAGE = 'The event could not be saved. Please try again.';

const STEP_TITLES: Record<WizardStep, { title: string; subtitle: string }> = {
  1: { title: 'Event Details', subtitle: 'Artwork, name, description and line-up.' },
  2: { title: 'Location & Schedule', subtitle: 'Where and when it happens.' },
  3: { title: 'Ticket Details', subtitle: 'Price, capacity and ticket rules.' },
  4: { title: 'Additional Settings', subtitle: 'Age limit, terms and what happens afterwards.' },
};

export interface EventWizardProps {
  mode: 'new' | 'edit';
  initial: EventFormValues;
  eventId?: string | null;
  status?: EventStatus | null;
}

type Leaving = { to: string; state?: { notice: EventsListNotice } };

export function EventWizard({ mode, initial, eventId: initialId = null, status = null }: EventWizardProps) {
  const navigate = useNavigate();
  const [form, setForm] = useState(initial);
  const [baseline, setBaseline] = useState(initial);
  const [step, setStep] = useState<WizardStep>(1);
  const [errors, setErrors] = useState<EventFormErrors>({});
  const [eventId, setEventId] = useState<string | null>(initialId);
  const [draftState, setDraftState] = useState<'idle' | 'saving' | 'saved'>('idle');
  const [submitting, setSubmitting] = useState(false);
  const [formError, setFormError] = useState<ReactNode>(null);
  const [leaving, setLeaving] = useState<Leaving | null>(null);
  const saveEvent = useSaveEvent();
  const orgInfo = useOrganizationInfo();
  const changeStatus = useChangeEventStatus();
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const stepChanged = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  // Bumped on each refusal: once the failing step has rendered, its first invalid field takes focus.
  const [invalidFocus, setInvalidFocus] = useState(0);
  const dirty = isFormDirty(form, baseline);

  useUnsavedChangesGuard(dirty && !leaving);

  // Create/Update leave once the guard is off (the state update has rendered).
  useEffect(() => {
    if (leaving) navigate(leaving.to, { state: leaving.state });
  }, [leaving, navigate]);

  // Move focus to the new step's heading when the step changes (not on first render).
  useEffect(() => {
    if (!stepChanged.current) return;
    stepChanged.current = false;
    stepHeading.current?.focus();
  }, [step]);

  // Declared after the heading effect so that, when a refusal also changes the step, the field wins.
  useEffect(() => {
    if (invalidFocus > 0) focusFirstInvalid(formRef.current);
  }, [invalidFocus]);

  const goTo = (next: WizardStep) => {
    if (next === step) return;
    stepChanged.current = true;
    setStep(next);
  };

  const update = <K extends keyof EventFormValues>(field: K, value: EventFormValues[K]) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      if (!current[field]) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
    if (draftState === 'saved') setDraftState('idle');
  };

  const showErrors = (found: EventFormErrors) => {
    setErrors(found);
    const first = firstStepWithError(found);
    if (first) goTo(first);
    setInvalidFocus((count) => count + 1);
  };
  /** Times in the past: all of a new event's, only the changed ones of an edit. */
  const past = () => pastProblems(form, mode === 'new' ? null : initial);

  /** Saves the form (POST or PUT); returns the saved event, or null after showing why it failed. */
  const save = async (values: EventFormValues) => {
    try {
      const saved = await saveEvent.mutateAsync({ id: eventId, body: toEventInput(values) });
      setEventId(saved.id);
      setBaseline(values);
      return saved;
    } catch (caught) {
      const fieldErrors = caught instanceof ApiError ? serverFieldErrors(caught.fields) : {};
      if (Object.keys(fieldErrors).length) showErrors(fieldErrors);
      setFormError(caught instanceof ApiError && caught.status < 500 ? caught.message : SAVE_FAILED_MESSAGE);
      return null;
    }
  };

  const onSaveDraft = async () => {
    const problems = { ...draftProblems(form), ...past() };
    if (Object.keys(problems).length) {
      showErrors(problems);
      return;
    }
    setFormError(null);
    setDraftState('saving');
    const saved = await save(form);
    setDraftState(saved ? 'saved' : 'idle');
  };

  const onNext = () => {
    const found = { ...validateEventStep(step, form), ...(step === 2 ? past() : {}) };
    setErrors(found);
    if (Object.keys(found).length > 0) setInvalidFocus((count) => count + 1);
    else if (step < 4) goTo((step + 1) as WizardStep);
  };

  const onSubmit = async () => {
    const found = { ...validateEventForm(form), ...past() };
    if (Object.keys(found).length) {
      showErrors(found);
      return;
    }
    setErrors({});
    setFormError(null);
    setSubmitting(true);
    try {
      const saved = await save(form);
      if (!saved) return;
      if (mode === 'edit') {
        setLeaving({ to: '/dashboard/events' });
        return;
      }
      const keptAsDraft: Leaving = {
        to: '/dashboard/events',
        state: {
          notice: {
            message: `Saved as a draft: ${PAYOUTS_MESSAGE}`,
            link: { to: '/dashboard/billing', label: 'Enable payouts' },
          },
        },
      };
      // Known to be refused (step 1 said so): keep the draft without a request that fails (and logs a 409). A free
      // event needs no payouts (decision 124), so it is published all the same.
      if (orgInfo.data && !orgInfo.data.organization.payouts_enabled && !form.freeEvent) {
        setLeaving(keptAsDraft);
        return;
      }
      try {
        await changeStatus.mutateAsync({ id: saved.id, action: 'publish' });
        setLeaving({ to: '/dashboard/events' });
      } catch (caught) {
        if (caught instanceof ApiError && caught.code === 'PAYOUTS_NOT_ENABLED') {
          setLeaving(keptAsDraft);
          return;
        }
        const fieldErrors = caught instanceof ApiError ? serverFieldErrors(caught.fields) : {};
        if (Object.keys(fieldErrors).length) showErrors(fieldErrors);
        const reason = caught instanceof ApiError && caught.status < 500 ? caught.message : 'Please try again.';
        setFormError(`Saved as a draft, but it could not be published: ${reason}`);
      }
    } finally {
      setSubmitting(false);
    }
  };

  const busy = submitting || draftState === 'saving';
  // The server refuses edits to archived and cancelled events; the wizard shows them without Update.
  const readOnly = mode === 'edit' && (status === 'archived' || status === 'cancelled');
  const title = mode === 'new' ? 'New Event' : 'Edit Event';
  const { title: stepTitle, subtitle: stepSubtitle } = STEP_TITLES[step];

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <title>{`${title} · Marquee`}</title>
          <h1 className={pageTitleClasses}>{title}</h1>
          <p className="text-muted-foreground text-sm">
            {mode === 'new'
              ? 'Set up your event in four steps.'
              : status === 'live'
                ? 'This event is live: your changes go live when you update it.'
                : readOnly
                  ? `This event is ${status}: it can no longer be changed.`
                  : 'Change the details of your event.'}
          </p>
        </div>
        {mode === 'new' ? (
          <div className="flex items-center gap-3">
            <p role="status" className="text-muted-foreground font-mono text-xs tracking-wide">
              {draftState === 'saving' ? 'Saving...' : draftState === 'saved' && !dirty ? 'Draft saved' : ''}
            </p>
            <Button size="small" variant="secondary" onClick={() => void onSaveDraft()} disabled={busy}>
              {draftState === 'saving' ? 'Saving...' : 'Save Draft'}
            </Button>
          </div>
        ) : null}
      </header>

      <StepIndicator step={step} />

      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <section aria-labelledby="wizard-step-title" className="bg-card border-border rounded-2xl border">
          <div className="border-border border-b px-5 py-4 sm:px-6">
            <p className="text-muted-foreground font-mono text-[11px] tracking-wider uppercase">Step {step} of 4</p>
            <h2
              ref={stepHeading}
              id="wizard-step-title"
              tabIndex={-1}
              className="text-foreground text-xl font-semibold outline-none"
            >
              {stepTitle}
            </h2>
            <p className="text-muted-foreground text-sm">{stepSubtitle}</p>
          </div>
          <form
            ref={formRef}
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (step < 4) onNext();
              else void onSubmit();
            }}
            className="flex flex-col gap-6 px-5 py-5 sm:px-6"
          >
            {step === 1 && mode === 'new' ? <DraftNotice free={form.freeEvent} /> : null}
            {step === 1 ? <StepDetails form={form} errors={errors} update={update} /> : null}
            {step === 2 ? <StepSchedule form={form} errors={errors} update={update} /> : null}
            {step === 3 ? <StepTickets form={form} errors={errors} update={update} /> : null}
            {step === 4 ? <StepSettings form={form} errors={errors} update={update} /> : null}

            {formError ? (
              <p
                role="alert"
                className="rounded-md border border-red-500/40 bg-red-500/10 px-3 py-2 text-sm text-danger"
              >
                {formError}
              </p>
            ) : null}

            <div className="border-border flex items-center justify-between gap-3 border-t pt-5">
              <Button
                size="medium"
                variant="secondary"
                onClick={() => goTo((step - 1) as WizardStep)}
                disabled={step === 1 || busy}
              >
                Back
              </Button>
              {step < 4 ? (
                <Button size="medium" type="submit" disabled={busy}>
                  Next
                </Button>
              ) : (
                <Button size="medium" type="submit" disabled={busy || readOnly}>
                  {submitting
                    ? mode === 'new'
                      ? 'Creating...'
                      : 'Updating...'
                    : mode === 'new'
                      ? 'Create Event'
                      : 'Update Event'}
                </Button>
              )}
            </div>
          </form>
        </section>
        <div className="lg:sticky lg:top-6">
          <PreviewCard form={form} />
        </div>
      </div>
    </div>
  );
}

function StepIndicator({ step }: { step: WizardStep }) {
  return (
    <nav aria-label="Progress">
      <ol className="grid grid-cols-4 gap-2">
        {EVENT_WIZARD_STEPS.map((name, index) => {
          const number = index + 1;
          const state = number < step ? 'done' : number === step ? 'current' : 'todo';
          return (
            <li key={name} aria-current={state === 'current' ? 'step' : undefined} className="flex flex-col gap-2">
              <div className={`h-1 rounded-full ${state === 'todo' ? 'bg-muted' : 'bg-primary'}`} />
              <div className="flex items-center gap-2">
                <span
                  className={`flex h-6 w-6 shrink-0 items-center justify-center rounded-full font-mono text-[11px] font-bold ${
                    state === 'todo' ? 'bg-muted text-muted-foreground' : 'bg-primary text-primary-foreground'
                  }`}
                >
                  {state === 'done' ? '✓' : number}
                </span>
                <span
                  className={`truncate text-xs font-medium sm:inline sm:text-sm ${state === 'current' ? '' : 'hidden'} ${state === 'todo' ? 'text-muted-foreground' : 'text-foreground'}`}
                >
                  {name}
                  {state === 'done' ? <span className="sr-only"> (completed)</span> : null}
                </span>
              </div>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

function StepDetails({ form, errors, update }: StepProps) {
  return (
    <>
      <Field
        id={fieldId('artworkUrl')}
        label="Event Artwork"
        info="Shown on your event page and in listings. A wide image works best."
        error={undefined}
        labelAs="label"
      >
        <ArtworkUpload
          id={fieldId('artworkUrl')}
          url={form.artworkUrl}
          onChange={(url) => update('artworkUrl', url)}
          error={errors.artworkUrl}
        />
      </Field>
      <Field
        id={fieldId('eventName')}
        label="Event Name"
        info="The name fans see on tickets and on your event page."
        counter={{ length: form.eventName.length, max: EVENT_NAME_MAX }}
        error={errors.eventName}
      >
        <input
          {...controlProps(fieldId('eventName'), errors.eventName)}
          value={form.eventName}
          onChange={(event) => update('eventName', event.target.value)}
          maxLength={EVENT_NAME_MAX}
          placeholder="e.g. Warehouse Sessions"
          className={`${inputClasses} ${invalidClass(errors.eventName)}`}
        />
      </Field>
      <Field
        id={fieldId('eventDescription')}
        label="Description"
        info="A short summary of the event for your event page."
        counter={{ length: form.eventDescription.length, max: EVENT_DESCRIPTION_MAX }}
        error={errors.eventDescription}
      >
        <textarea
          {...controlProps(fieldId('eventDescription'), errors.eventDescription)}
          value={form.eventDescription}
          onChange={(event) => update('eventDescription', event.target.value)}
          maxLength={EVENT_DESCRIPTION_MAX}
          rows={4}
          placeholder="What should fans know?"
          className={`${textareaClasses} ${invalidClass(errors.eventDescription)}`}
        />
      </Field>
      <Field
        id={fieldId('lineup')}
        label="Line-up"
        optional
        info="Artists or speakers. Press Enter to add a name; click a name to remove it."
        hint="Press Enter to add each name."
        error={errors.lineup}
      >
        <LineupInput id={fieldId('lineup')} lineup={form.lineup} onChange={(lineup) => update('lineup', lineup)} />
      </Field>
    </>
  );
}

function StepTickets({ form, errors, update }: StepProps) {
  const symbol = currencySymbol(form.ticketCurrency);
  return (
    <>
      <Switch
        id={fieldId('freeEvent')}
        label="Free event"
        info="Free tickets (an RSVP): no price, no booking fee, tickets issued at once. Needs no payouts."
        hint={
          form.freeEvent
            ? 'Fans get their tickets without paying; the order limits and the waiting room still apply.'
            : 'Turn on when tickets cost nothing.'
        }
        checked={form.freeEvent}
        onChange={(value) => update('freeEvent', value)}
      />
      <div className="grid grid-cols-1 gap-6 sm:grid-cols-2">
        <Field id={fieldId('ticketCurrency')} label="Currency" info="The currency fans pay in.">
          <select
            id={fieldId('ticketCurrency')}
            value={form.ticketCurrency}
            onChange={(event) => update('ticketCurrency', event.target.value as CurrencyCode)}
            className={inputClasses}
          >
            {CURRENCIES.map((currency) => (
              <option key={currency.code} value={currency.code}>
                {currency.code} ({currency.symbol})
              </option>
            ))}
          </select>
        </Field>
        {form.freeEvent ? null : (
          <Field
            id={fieldId('ticketPrice')}
            label="Ticket Price"
            info="The General Admission price, before the 8% booking fee fans pay."
            error={errors.ticketPrice}
          >
            <div className="relative">
              <span
                aria-hidden="true"
                className="text-muted-foreground pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm"
              >
                {symbol}
              </span>
              <input
                {...controlProps(fieldId('ticketPrice'), errors.ticketPrice)}
                type="number"
                step="0.01"
                min="0.01"
                inputMode="decimal"
                value={form.ticketPrice}
                onChange={(event) => update('ticketPrice', event.target.value)}
                placeholder="0.00"
                className={`${inputClasses} ${symbol.length > 1 ? 'pl-12' : 'pl-7'} tabular-nums ${invalidClass(errors.ticketPrice)}`}
              />
            </div>
          </Field>
        )}
      </div>
      <Field
        id={fieldId('venueCapacity')}
        label="Venue Capacity"
        optional
        info="How many tickets can be sold in total."
        hint="Leave empty for unlimited"
        error={errors.venueCapacity}
      >
        <input
          {...controlProps(fieldId('venueCapacity'), errors.venueCapacity, true)}
          type="number"
          min="0"
          step="1"
          inputMode="numeric"
          value={form.venueCapacity}
          onChange={(event) => update('venueCapacity', event.target.value)}
          placeholder="Unlimited"
          className={`${inputClasses} tabular-nums ${invalidClass(errors.venueCapacity)}`}
        />
      </Field>
      <div className="flex flex-col gap-3">
        <Switch
          id={fieldId('soldOnEntry')}
          label="Sold On Entry"
          info="Tickets can also be bought at the door."
          checked={form.soldOnEntry}
          onChange={(value) => update('soldOnEntry', value)}
        />
        <Switch
          id={fieldId('refundsAllowed')}
          label="Refunds Allowed"
          info="Fans can ask for a refund before the event."
          checked={form.refundsAllowed}
          onChange={(value) => update('refundsAllowed', value)}
        />
        <Switch
          id={fieldId('transferrable')}
          label="Resale allowed?"
          info="Fans can resell or transfer their tickets to someone else."
          checked={form.transferrable}
          onChange={(value) => update('transferrable', value)}
        />
      </div>
    </>
  );
}

function StepSettings({ form, errors, update }: StepProps) {
  return (
    <>
      <Field
        id={fieldId('minimumAge')}
        label="Minimum Age"
        info="The youngest age allowed in. 0 means all ages."
        hint="0 means all ages"
        error={errors.minimumAge}
      >
        <input
          {...controlProps(fieldId('minimumAge'), errors.minimumAge, true)}
          type="number"
          min="0"
          max={MINIMUM_AGE_MAX}
          step="1"
          inputMode="numeric"
          value={form.minimumAge}
          onChange={(event) => update('minimumAge', event.target.value)}
          className={`${inputClasses} max-w-40 tabular-nums ${invalidClass(errors.minimumAge)}`}
        />
      </Field>
      <Field
        id={fieldId('termsOfService')}
        label="Terms of Service"
        optional
        info="Conditions fans agree to when they buy a ticket."
        counter={{ length: form.termsOfService.length, max: EVENT_TERMS_MAX }}
        error={errors.termsOfService}
      >
        <textarea
          {...controlProps(fieldId('termsOfService'), errors.termsOfService)}
          value={form.termsOfService}
          onChange={(event) => update('termsOfService', event.target.value)}
          maxLength={EVENT_TERMS_MAX}
          rows={5}
          placeholder="e.g. No re-entry. Valid photo ID required."
          className={`${textareaClasses} ${invalidClass(errors.termsOfService)}`}
        />
      </Field>
      <Switch
        id={fieldId('removeOnEventEnd')}
        label="Remove on Event End?"
        info="Takes the event off your page once it is over."
        hint="Automatically archives the event after it ends."
        checked={form.removeOnEventEnd}
        onChange={(value) => update('removeOnEventEnd', value)}
      />
    </>
  );
}
