// The add/edit add-on form in a dialog (decision 134): name, description, price, stock (empty for no limit), the
// most one order may take and, for a VAT-registered organisation, its VAT category (decision 139). It checks the shared schema's rules before sending and shows the server's refusals (stock
// below what is sold, a read-only event) under their field or above the form.
import { useId, useState, type FormEvent } from 'react';
import {
  ADD_ON_DESCRIPTION_MAX,
  ADD_ON_MAX_PER_ORDER_LIMIT,
  ADD_ON_NAME_MAX,
  type AddOnDto,
  type CurrencyCode,
} from '@marquee/shared';
import { Dialog } from '../../../components/ui/dialog';
import { inputClasses } from '../../../components/ui/input';
import { controlProps, Field } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { useSaveAddOn } from '../api/add-ons';
import {
  addOnDraftOf,
  addOnServerErrors,
  parseAddOnDraft,
  type AddOnDraft,
  type AddOnErrors,
  type AddOnField,
} from '../lib/add-on-form';
import { currencySymbol } from '../lib/money';
import { DialogFormFooter, FormErrorBanner } from './dialog-form-parts';
import { textareaClasses } from './form-parts';
import { VatCategoryField } from './vat-category-field';

export function AddOnDialog({
  eventId,
  currency,
  addOn,
  onClose,
  onSaved,
}: {
  eventId: string;
  currency: CurrencyCode;
  /** null = a new add-on */
  addOn: AddOnDto | null;
  onClose(): void;
  onSaved(name: string): void;
}) {
  const id = useId();
  const save = useSaveAddOn(eventId);
  const [draft, setDraft] = useState(() => addOnDraftOf(addOn, currency));
  const [errors, setErrors] = useState<AddOnErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const set = (changes: Partial<AddOnDraft>) => setDraft((current) => ({ ...current, ...changes }));
  const title = addOn ? `Edit ${addOn.name}` : 'Add add-on';

  const onSubmit = (submitted: FormEvent) => {
    submitted.preventDefault();
    const parsed = parseAddOnDraft(draft, currency);
    setErrors(parsed.errors);
    setFormError(null);
    if (!parsed.body) return;
    save.mutate(
      { addOnId: addOn?.id ?? null, body: parsed.body },
      {
        onSuccess: (saved) => onSaved(saved.name),
        onError: (caught) => {
          if (caught instanceof ApiError && caught.status < 500) {
            const refused = addOnServerErrors(caught);
            setErrors(refused.fields);
            setFormError(refused.form);
          } else setFormError('Something went wrong. Please try again.');
        },
      },
    );
  };

  const hints: Partial<Record<AddOnField, string>> = {
    price: '0 for a free add-on',
    capacity: 'Empty = no limit',
  };
  const input = (field: AddOnField) => controlProps(`${id}-${field}`, errors[field], hints[field]);

  return (
    <Dialog open onClose={onClose} label={title} className="max-w-lg">
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4 p-6">
        <h2 className="text-foreground text-lg font-semibold">{title}</h2>
        <FormErrorBanner message={formError} />
        <Field
          id={`${id}-name`}
          label="Name"
          error={errors.name}
          counter={{ length: draft.name.length, max: ADD_ON_NAME_MAX }}
        >
          <input
            {...input('name')}
            className={inputClasses}
            value={draft.name}
            onChange={(changed) => set({ name: changed.target.value })}
            data-autofocus
          />
        </Field>
        <Field
          id={`${id}-description`}
          label="Description"
          optional
          error={errors.description}
          counter={{ length: draft.description.length, max: ADD_ON_DESCRIPTION_MAX }}
        >
          <textarea
            {...input('description')}
            rows={2}
            className={textareaClasses}
            value={draft.description}
            onChange={(changed) => set({ description: changed.target.value })}
          />
        </Field>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          <Field
            id={`${id}-price`}
            label={`Price (${currencySymbol(currency)})`}
            error={errors.price}
            hint={hints.price}
          >
            <input
              {...input('price')}
              inputMode="decimal"
              className={inputClasses}
              value={draft.price}
              onChange={(changed) => set({ price: changed.target.value })}
            />
          </Field>
          <Field id={`${id}-capacity`} label="Stock" optional error={errors.capacity} hint={hints.capacity}>
            <input
              {...input('capacity')}
              type="number"
              min={0}
              inputMode="numeric"
              className={inputClasses}
              value={draft.capacity}
              onChange={(changed) => set({ capacity: changed.target.value })}
            />
          </Field>
          <Field id={`${id}-max_per_order`} label="Most per order" error={errors.max_per_order}>
            <input
              {...input('max_per_order')}
              type="number"
              min={1}
              max={ADD_ON_MAX_PER_ORDER_LIMIT}
              inputMode="numeric"
              className={inputClasses}
              value={draft.maxPerOrder}
              onChange={(changed) => set({ maxPerOrder: changed.target.value })}
            />
          </Field>
        </div>
        <VatCategoryField
          id={`${id}-vat_category`}
          value={draft.vatCategory}
          error={errors.vat_category}
          onChange={(vatCategory) => set({ vatCategory })}
        />
        <DialogFormFooter
          onCancel={onClose}
          busy={save.isPending}
          label={addOn ? 'Save' : 'Add add-on'}
          busyLabel="Saving..."
        />
      </form>
    </Dialog>
  );
}
