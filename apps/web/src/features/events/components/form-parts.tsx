// Small parts of the event wizard: the textarea look, what every step receives and the fields' ids. The
// labelled Field and the Switch are in components/ui.
import type { EventFormErrors, EventFormValues } from '@marquee/shared';
import { fieldFocusClasses } from '../../../components/ui/input';

export const textareaClasses = `border-border bg-background text-foreground placeholder:text-muted-foreground w-full rounded-md border px-3 py-2.5 text-sm transition resize-y ${fieldFocusClasses}`;

/** What every wizard step receives. */
export interface StepProps {
  form: EventFormValues;
  errors: EventFormErrors;
  update<K extends keyof EventFormValues>(field: K, value: EventFormValues[K]): void;
}

export const fieldId = (field: keyof EventFormValues) => `event-${field}`;
export const invalidClass = (error?: string) => (error ? 'border-red-500' : '');
