// The add/edit ticket type form in a dialog. It checks the shared schema's rules (and their messages) before
// sending, and shows the server's refusals (capacity below sales, read-only event) on the field or above it.
import { useId, useState, type FormEvent } from 'react';
import {
  DEFAULT_MAX_PER_ORDER,
  MAX_PER_ORDER_LIMIT,
  TICKET_TYPE_DESCRIPTION_MAX,
  TICKET_TYPE_MESSAGES,
  TICKET_TYPE_NAME_MAX,
  PWYW_MESSAGES,
  currencyDecimals,
  fromMinorUnits,
  isFreePrice,
  ticketTypeInputSchema,
  ticketPriceTooHigh,
  ticketPriceTooHighMessage,
  type CurrencyCode,
  type TicketTypeDto,
  type TicketTypeInput,
  type VatCategory,
} from '@marquee/shared';
import { Dialog } from '../../../components/ui/dialog';
import { inputClasses } from '../../../components/ui/input';
import { controlProps, describedBy, Field } from '../../../components/ui/field';
import { Switch } from '../../../components/ui/switch';
import { ApiError } from '../../../lib/api-client';
import { useSaveTicketType } from '../api/ticket-types';
import { currencySymbol } from '../lib/money';
import { DialogFormFooter, FormErrorBanner } from './dialog-form-parts';
import { DateTimePicker } from './date-time-picker';
import { textareaClasses } from './form-parts';
import { VatCategoryField } from './vat-category-field';

type FormField =
  | 'name'
  | 'description'
  | 'price'
  | 'minimum_price'
  | 'pay_what_you_want'
  | 'capacity'
  | 'max_per_order'
  | 'sales_start_local'
  | 'sales_end_local'
  | 'vat_category';
type Errors = Partial<Record<FormField, string>>;

interface Draft {
  name: string;
  description: string;
  price: string;
  /** A free ticket (decision 124): no price, no booking fee. */
  free: boolean;
  /** Pay what you want (decision 133): `price` is then the suggested price, `minimum` the least a fan pays. */
  payWhatYouWant: boolean;
  minimum: string;
  capacity: string;
  maxPerOrder: string;
  hidden: boolean;
  /** Decision 139: asked only while the organisation is VAT-registered. */
  vatCategory: VatCategory;
  salesStart: string;
  salesEnd: string;
}

const draftOf = (type: TicketTypeDto | null, currency: CurrencyCode): Draft => ({
  name: type?.name ?? '',
  description: type?.description ?? '',
  price: type?.price_minor == null || isFreePrice(type.price_minor) ? '' : fromMinorUnits(type.price_minor, currency),
  free: isFreePrice(type?.price_minor),
  payWhatYouWant: type?.minimum_price_minor != null,
  minimum: type?.minimum_price_minor == null ? '' : fromMinorUnits(type.minimum_price_minor, currency),
  capacity: type?.capacity == null ? '' : String(type.capacity),
  maxPerOrder: String(type?.max_per_order ?? DEFAULT_MAX_PER_ORDER),
  hidden: type?.hidden ?? false,
  vatCategory: type?.vat_category ?? 'standard',
  salesStart: type?.sales_start_local ?? '',
  salesEnd: type?.sales_end_local ?? '',
});

/** The form as the API's body, or the first message per field (the shared schema's, plus price > 0). */
function parse(draft: Draft, currency: CurrencyCode): { body?: TicketTypeInput; errors: Errors } {
  const toNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
  const result = ticketTypeInputSchema.safeParse({
    name: draft.name,
    description: draft.description,
    price: draft.free ? '' : draft.price.trim(),
    free: draft.free,
    pay_what_you_want: draft.payWhatYouWant,
    minimum_price: draft.payWhatYouWant ? draft.minimum.trim() : '',
    capacity: draft.capacity.trim() === '' ? null : toNumber(draft.capacity),
    max_per_order: toNumber(draft.maxPerOrder),
    hidden: draft.hidden,
    vat_category: draft.vatCategory,
    sales_start_local: draft.salesStart,
    sales_end_local: draft.salesEnd,
  });
  const errors: Errors = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0] as FormField;
      // A number input left blank or holding text is reported as a whole number being needed.
      errors[field] ??= issue.code === 'invalid_type' ? 'Enter a whole number' : issue.message;
    }
  }
  // The server's rules for an amount typed in this currency: its decimals and the price ceiling.
  const amountProblem = (text: string) => {
    const [, fraction = ''] = text.trim().split('.');
    if (currencyDecimals(currency) === 0 && /[^0]/.test(fraction)) return TICKET_TYPE_MESSAGES.jpyDecimals;
    if (ticketPriceTooHigh(text, currency)) return ticketPriceTooHighMessage(currency);
    return undefined;
  };
  if (!errors.price && !draft.free) {
    const required = draft.payWhatYouWant ? PWYW_MESSAGES.suggestedRequired : TICKET_TYPE_MESSAGES.priceRequired;
    errors.price = amountProblem(draft.price) ?? (Number(draft.price) > 0 ? undefined : required);
    if (!errors.price) delete errors.price;
  }
  if (draft.payWhatYouWant && !errors.minimum_price) {
    if (draft.minimum.trim() === '') errors.minimum_price = PWYW_MESSAGES.minimumRequired;
    else {
      const problem = amountProblem(draft.minimum);
      if (problem) errors.minimum_price = problem;
      else if (!errors.price && Number(draft.price) < Number(draft.minimum))
        errors.price = PWYW_MESSAGES.suggestedBelowMinimum;
    }
  }
  return Object.keys(errors).length ? { errors } : { body: result.data, errors };
}

export function TicketTypeDialog({
  eventId,
  currency,
  timeZone,
  type,
  onClose,
  onSaved,
}: {
  eventId: string;
  currency: CurrencyCode;
  /** The event's zone: the sales window is entered in it. */
  timeZone: string;
  /** null = a new type */
  type: TicketTypeDto | null;
  onClose(): void;
  /** Saved: the dialog's owner closes it and confirms the save (the type's name as saved). */
  onSaved(name: string): void;
}) {
  const id = useId();
  const save = useSaveTicketType(eventId);
  const [draft, setDraft] = useState(() => draftOf(type, currency));
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const set = (changes: Partial<Draft>) => setDraft((current) => ({ ...current, ...changes }));
  const title = type ? `Edit ${type.name}` : 'Add ticket type';

  const onSubmit = (submitted: FormEvent) => {
    submitted.preventDefault();
    const parsed = parse(draft, currency);
    setErrors(parsed.errors);
    setFormError(null);
    if (!parsed.body) return;
    save.mutate(
      { typeId: type?.id ?? null, body: parsed.body },
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

  const input = (field: FormField) => controlProps(`${id}-${field}`, errors[field]);

  return (
    <Dialog open onClose={onClose} label={title} className="max-w-lg">
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4 p-6">
        <h2 className="text-foreground text-lg font-semibold">{title}</h2>
        <FormErrorBanner message={formError} />
        <Field
          id={`${id}-name`}
          label="Name"
          error={errors.name}
          counter={{ length: draft.name.length, max: TICKET_TYPE_NAME_MAX }}
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
          counter={{ length: draft.description.length, max: TICKET_TYPE_DESCRIPTION_MAX }}
        >
          <textarea
            {...input('description')}
            rows={3}
            className={textareaClasses}
            value={draft.description}
            onChange={(changed) => set({ description: changed.target.value })}
          />
        </Field>
        <Switch
          id={`${id}-free`}
          label="Free ticket"
          hint="No price and no booking fee: fans get these tickets without paying"
          checked={draft.free}
          onChange={(free) => set(free ? { free, payWhatYouWant: false } : { free })}
        />
        {draft.free ? null : (
          <Switch
            id={`${id}-pay_what_you_want`}
            label="Pay what you want"
            hint="Fans choose the amount, at least your minimum (0 for donations); the booking fee follows their amount"
            checked={draft.payWhatYouWant}
            onChange={(payWhatYouWant) => set({ payWhatYouWant })}
          />
        )}
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          {draft.free ? null : (
            <Field
              id={`${id}-price`}
              label={`${draft.payWhatYouWant ? 'Suggested price' : 'Price'} (${currencySymbol(currency)})`}
              error={errors.price}
            >
              <input
                {...input('price')}
                inputMode="decimal"
                className={inputClasses}
                value={draft.price}
                onChange={(changed) => set({ price: changed.target.value })}
              />
            </Field>
          )}
          {draft.payWhatYouWant && !draft.free ? (
            <Field
              id={`${id}-minimum_price`}
              label={`Minimum price (${currencySymbol(currency)})`}
              error={errors.minimum_price}
              hint="0 = any amount"
            >
              <input
                {...input('minimum_price')}
                aria-describedby={describedBy(`${id}-minimum_price`, errors.minimum_price, true)}
                inputMode="decimal"
                className={inputClasses}
                value={draft.minimum}
                onChange={(changed) => set({ minimum: changed.target.value })}
              />
            </Field>
          ) : null}
          <Field
            id={`${id}-capacity`}
            label="Capacity"
            optional
            error={errors.capacity}
            hint="Blank = only the venue capacity"
          >
            <input
              {...input('capacity')}
              aria-describedby={describedBy(`${id}-capacity`, errors.capacity, true)}
              type="number"
              min={0}
              inputMode="numeric"
              className={inputClasses}
              value={draft.capacity}
              onChange={(changed) => set({ capacity: changed.target.value })}
            />
          </Field>
          <Field id={`${id}-max_per_order`} label="Max per order" error={errors.max_per_order}>
            <input
              {...input('max_per_order')}
              type="number"
              min={1}
              max={MAX_PER_ORDER_LIMIT}
              inputMode="numeric"
              className={inputClasses}
              value={draft.maxPerOrder}
              onChange={(changed) => set({ maxPerOrder: changed.target.value })}
            />
          </Field>
        </div>
        <Switch
          id={`${id}-hidden`}
          label="Hidden"
          hint="Hidden types are not offered on the event page; an access code (Codes) unlocks them for a presale"
          checked={draft.hidden}
          onChange={(hidden) => set({ hidden })}
        />
        <VatCategoryField
          id={`${id}-vat_category`}
          value={draft.vatCategory}
          error={errors.vat_category}
          onChange={(vatCategory) => set({ vatCategory })}
        />
        <fieldset className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <legend className="text-foreground mb-2 text-sm font-medium">
            Sales window <span className="text-muted-foreground font-normal">({timeZone.replace(/_/g, ' ')} time)</span>
          </legend>
          <Field
            id={`${id}-sales_start_local`}
            label="Sales start"
            optional
            error={errors.sales_start_local}
            hint="Blank = the event's on-sale"
            labelAs="span"
          >
            <DateTimePicker
              id={`${id}-sales_start_local`}
              label="Sales start"
              value={draft.salesStart}
              onChange={(value) => set({ salesStart: value })}
              invalid={Boolean(errors.sales_start_local)}
              describedBy={describedBy(`${id}-sales_start_local`, errors.sales_start_local, true)}
              floating
            />
          </Field>
          <Field
            id={`${id}-sales_end_local`}
            label="Sales end"
            optional
            error={errors.sales_end_local}
            hint="Blank = the event's sales end"
            labelAs="span"
          >
            <DateTimePicker
              id={`${id}-sales_end_local`}
              label="Sales end"
              value={draft.salesEnd}
              onChange={(value) => set({ salesEnd: value })}
              invalid={Boolean(errors.sales_end_local)}
              describedBy={describedBy(`${id}-sales_end_local`, errors.sales_end_local, true)}
              align="end"
              floating
            />
          </Field>
        </fieldset>
        <DialogFormFooter
          onCancel={onClose}
          busy={save.isPending}
          label={type ? 'Save' : 'Add'}
          busyLabel="Saving..."
        />
      </form>
    </Dialog>
  );
}
