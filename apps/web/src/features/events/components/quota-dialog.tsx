// The add/edit shared quota form in a dialog (decision 128): a name, a capacity and the ticket types that share it.
// It checks the shared schema's rules (and their messages) before sending, and shows the server's refusals
// (capacity below what is taken, read-only event) on the field or above the form.
import { useId, useState, type FormEvent } from 'react';
import { QUOTA_NAME_MAX, quotaInputSchema, type QuotaDto, type QuotaInput, type TicketTypeDto } from '@marquee/shared';
import { Dialog } from '../../../components/ui/dialog';
import { FieldError, inputClasses } from '../../../components/ui/input';
import { controlProps, describedBy, Field } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { useSaveQuota } from '../api/quotas';
import { DialogFormFooter, FormErrorBanner } from './dialog-form-parts';

type FormField = 'name' | 'capacity' | 'ticket_type_ids';
type Errors = Partial<Record<FormField, string>>;

function parse(name: string, capacity: string, typeIds: string[]): { body?: QuotaInput; errors: Errors } {
  const result = quotaInputSchema.safeParse({
    name,
    capacity: capacity.trim() === '' ? Number.NaN : Number(capacity),
    ticket_type_ids: typeIds,
  });
  const errors: Errors = {};
  if (!result.success) {
    for (const issue of result.error.issues) errors[issue.path[0] as FormField] ??= issue.message;
  }
  return result.success ? { body: result.data, errors } : { errors };
}

export function QuotaDialog({
  eventId,
  types,
  quota,
  onClose,
  onSaved,
}: {
  eventId: string;
  types: TicketTypeDto[];
  /** null = a new quota */
  quota: QuotaDto | null;
  onClose(): void;
  onSaved(name: string): void;
}) {
  const id = useId();
  const save = useSaveQuota(eventId);
  const [name, setName] = useState(quota?.name ?? '');
  const [capacity, setCapacity] = useState(quota ? String(quota.capacity) : '');
  const [typeIds, setTypeIds] = useState<string[]>(quota?.ticket_type_ids ?? []);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const title = quota ? `Edit ${quota.name}` : 'Add shared quota';
  const typesError = `${id}-types-error`;

  const toggle = (typeId: string, on: boolean) =>
    setTypeIds((current) =>
      on
        ? types.filter((type) => type.id === typeId || current.includes(type.id)).map((type) => type.id)
        : current.filter((chosen) => chosen !== typeId),
    );

  const onSubmit = (submitted: FormEvent) => {
    submitted.preventDefault();
    const parsed = parse(name, capacity, typeIds);
    setErrors(parsed.errors);
    setFormError(null);
    if (!parsed.body) return;
    save.mutate(
      { quotaId: quota?.id ?? null, body: parsed.body },
      {
        onSuccess: (saved) => onSaved(saved.name),
        onError: (caught) => {
          if (caught instanceof ApiError && caught.status < 500) {
            const fieldErrors: Errors = {};
            for (const field of caught.fields ?? []) fieldErrors[field.path as FormField] ??= field.message;
            setErrors(fieldErrors);
            if (!caught.fields?.length) setFormError(caught.message);
          } else setFormError('Something went wrong. Please try again.');
        },
      },
    );
  };

  return (
    <Dialog open onClose={onClose} label={title} className="max-w-lg">
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4 p-6">
        <h2 className="text-foreground text-lg font-semibold">{title}</h2>
        <FormErrorBanner message={formError} />
        <Field
          id={`${id}-name`}
          label="Name"
          error={errors.name}
          counter={{ length: name.length, max: QUOTA_NAME_MAX }}
        >
          <input
            {...controlProps(`${id}-name`, errors.name)}
            className={inputClasses}
            value={name}
            onChange={(changed) => setName(changed.target.value)}
            data-autofocus
          />
        </Field>
        <Field
          id={`${id}-capacity`}
          label="Capacity"
          error={errors.capacity}
          hint="Tickets of the chosen types together, on top of each type's own limit and the venue's"
        >
          <input
            {...controlProps(`${id}-capacity`, errors.capacity)}
            aria-describedby={describedBy(`${id}-capacity`, errors.capacity, true)}
            type="number"
            min={0}
            inputMode="numeric"
            className={inputClasses}
            value={capacity}
            onChange={(changed) => setCapacity(changed.target.value)}
          />
        </Field>
        <fieldset
          className="flex flex-col gap-2"
          aria-invalid={errors.ticket_type_ids ? true : undefined}
          aria-describedby={errors.ticket_type_ids ? typesError : undefined}
        >
          <legend className="text-foreground mb-1 text-sm font-medium">Ticket types that share it</legend>
          {types.map((type) => (
            <label key={type.id} className="text-foreground flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="accent-primary h-4 w-4"
                checked={typeIds.includes(type.id)}
                onChange={(changed) => toggle(type.id, changed.target.checked)}
              />
              {type.name}
              {type.hidden ? <span className="text-muted-foreground text-xs">(hidden)</span> : null}
            </label>
          ))}
          {errors.ticket_type_ids ? <FieldError id={typesError} message={errors.ticket_type_ids} /> : null}
        </fieldset>
        <DialogFormFooter
          onCancel={onClose}
          busy={save.isPending}
          label={quota ? 'Save' : 'Add quota'}
          busyLabel="Saving..."
        />
      </form>
    </Dialog>
  );
}
