// The 'New code' form in a dialog: a promo code (percent or amount off, for every type or chosen ones, with a
// usage limit, a per-order limit and a validity window) or an access code that unlocks hidden types (one code,
// or a batch of single-use codes to export as CSV). The server checks everything again and its messages show
// on the field.
import { useId, useState, type FormEvent } from 'react';
import { CODE_BATCH_MAX, type CodeInput, type CurrencyCode, type TicketTypeDto } from '@marquee/shared';
import { Dialog } from '../../../components/ui/dialog';
import { inputClasses } from '../../../components/ui/input';
import { controlProps, describedBy, Field } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { useCreateCode } from '../api/codes';
import { currencySymbol } from '../lib/money';
import { DialogFormFooter, FormErrorBanner } from './dialog-form-parts';
import { DateTimePicker } from './date-time-picker';

type Errors = Partial<Record<string, string>>;
const selectClasses = `${inputClasses} appearance-auto`;

export function CodeDialog({
  eventId,
  currency,
  timeZone,
  types,
  onClose,
}: {
  eventId: string;
  currency: CurrencyCode;
  timeZone: string;
  types: TicketTypeDto[];
  onClose(): void;
}) {
  const id = useId();
  const create = useCreateCode(eventId);
  const [kind, setKind] = useState<'promo' | 'access'>('promo');
  const [batch, setBatch] = useState(false);
  const [code, setCode] = useState('');
  const [batchSize, setBatchSize] = useState('100');
  const [label, setLabel] = useState('');
  const [discountKind, setDiscountKind] = useState<'percent' | 'fixed'>('percent');
  const [discountValue, setDiscountValue] = useState('10');
  const [typeIds, setTypeIds] = useState<string[]>([]);
  const [maxUses, setMaxUses] = useState('');
  const [maxTickets, setMaxTickets] = useState('');
  const [validFrom, setValidFrom] = useState('');
  const [validUntil, setValidUntil] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const choosable = kind === 'access' ? types.filter((type) => type.hidden) : types;
  const number = (text: string) => (text.trim() === '' ? null : Number(text));

  const onSubmit = (submitted: FormEvent) => {
    submitted.preventDefault();
    setErrors({});
    setFormError(null);
    const body: CodeInput = {
      kind,
      label,
      ticket_type_ids: typeIds.filter((typeId) => choosable.some((type) => type.id === typeId)),
      ...(kind === 'access' && batch ? { batch_size: Number(batchSize) } : { code }),
      ...(kind === 'promo'
        ? {
            discount_kind: discountKind,
            discount_value: discountValue.trim(),
            max_tickets_per_order: number(maxTickets),
          }
        : {}),
      max_uses: kind === 'access' && batch ? null : number(maxUses),
      valid_from_local: validFrom,
      valid_until_local: validUntil,
    };
    create.mutate(body, {
      onSuccess: onClose,
      onError: (caught) => {
        if (caught instanceof ApiError && caught.status < 500) {
          const fieldErrors: Errors = {};
          for (const field of caught.fields ?? []) fieldErrors[field.path.split('.')[0]!] ??= field.message;
          setErrors(fieldErrors);
          if (!caught.fields?.length) setFormError(caught.message);
        } else setFormError('Something went wrong. Please try again.');
      },
    });
  };

  const described = (field: string, hint = false) => controlProps(`${id}-${field}`, errors[field], hint);

  return (
    <Dialog open onClose={onClose} label="New code" className="max-w-lg">
      <form noValidate onSubmit={onSubmit} className="flex max-h-[85vh] flex-col gap-4 overflow-y-auto p-6">
        <h2 className="text-foreground text-lg font-semibold">New code</h2>
        <FormErrorBanner message={formError} />
        <Field id={`${id}-kind`} label="Kind">
          <select
            id={`${id}-kind`}
            className={selectClasses}
            value={kind}
            onChange={(changed) => setKind(changed.target.value as 'promo' | 'access')}
            data-autofocus
          >
            <option value="promo">Promo code (discount)</option>
            <option value="access">Access code (unlocks hidden ticket types)</option>
          </select>
        </Field>
        {kind === 'access' ? (
          <label className="text-foreground flex items-center gap-2 text-sm">
            <input type="checkbox" checked={batch} onChange={(changed) => setBatch(changed.target.checked)} />
            Generate a batch of single-use codes (to export as CSV)
          </label>
        ) : null}
        {kind === 'access' && batch ? (
          <Field id={`${id}-batch_size`} label="Number of codes" error={errors.batch_size ?? errors.code}>
            <input
              {...described('batch_size')}
              type="number"
              min={1}
              max={CODE_BATCH_MAX}
              className={inputClasses}
              value={batchSize}
              onChange={(changed) => setBatchSize(changed.target.value)}
            />
          </Field>
        ) : (
          <Field id={`${id}-code`} label="Code" error={errors.code} hint="3 to 40 letters, digits, - or _">
            <input
              {...described('code', true)}
              autoComplete="off"
              spellCheck={false}
              className={`${inputClasses} uppercase`}
              value={code}
              onChange={(changed) => setCode(changed.target.value)}
            />
          </Field>
        )}
        <Field id={`${id}-label`} label="Label" optional error={errors.label} hint="For you, e.g. 'Fan club'">
          <input
            {...described('label', true)}
            maxLength={60}
            className={inputClasses}
            value={label}
            onChange={(changed) => setLabel(changed.target.value)}
          />
        </Field>
        {kind === 'promo' ? (
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <Field id={`${id}-discount_kind`} label="Discount">
              <select
                id={`${id}-discount_kind`}
                className={selectClasses}
                value={discountKind}
                onChange={(changed) => setDiscountKind(changed.target.value as 'percent' | 'fixed')}
              >
                <option value="percent">Percentage off</option>
                <option value="fixed">Amount off each ticket</option>
              </select>
            </Field>
            <Field
              id={`${id}-discount_value`}
              label={discountKind === 'percent' ? 'Percent' : `Amount (${currencySymbol(currency)})`}
              error={errors.discount_value}
            >
              <input
                {...described('discount_value')}
                inputMode="decimal"
                className={inputClasses}
                value={discountValue}
                onChange={(changed) => setDiscountValue(changed.target.value)}
              />
            </Field>
          </div>
        ) : null}
        <fieldset className="flex flex-col gap-2">
          <legend className="text-foreground mb-1 text-sm font-medium">
            {kind === 'access' ? 'Hidden ticket types it unlocks' : 'Ticket types (none ticked = every type)'}
          </legend>
          {choosable.length === 0 ? (
            <p className="text-muted-foreground text-sm">
              {kind === 'access'
                ? 'No hidden ticket types yet: add one (Hidden on) under Ticket Types first.'
                : 'No ticket types yet.'}
            </p>
          ) : (
            choosable.map((type) => (
              <label key={type.id} className="text-foreground flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={typeIds.includes(type.id)}
                  onChange={(changed) =>
                    setTypeIds((current) =>
                      changed.target.checked ? [...current, type.id] : current.filter((item) => item !== type.id),
                    )
                  }
                />
                {type.name}
              </label>
            ))
          )}
          {errors.ticket_type_ids ? (
            <p role="alert" className="text-sm text-danger">
              {errors.ticket_type_ids}
            </p>
          ) : null}
        </fieldset>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {!(kind === 'access' && batch) ? (
            <Field id={`${id}-max_uses`} label="Total uses" optional error={errors.max_uses} hint="Blank = unlimited">
              <input
                {...described('max_uses', true)}
                type="number"
                min={1}
                className={inputClasses}
                value={maxUses}
                onChange={(changed) => setMaxUses(changed.target.value)}
              />
            </Field>
          ) : null}
          {kind === 'promo' ? (
            <Field
              id={`${id}-max_tickets_per_order`}
              label="Tickets per order"
              optional
              error={errors.max_tickets_per_order}
              hint="Discounted tickets in one order"
            >
              <input
                {...described('max_tickets_per_order', true)}
                type="number"
                min={1}
                className={inputClasses}
                value={maxTickets}
                onChange={(changed) => setMaxTickets(changed.target.value)}
              />
            </Field>
          ) : null}
        </div>
        <fieldset className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <legend className="text-foreground mb-2 text-sm font-medium">
            Valid <span className="text-muted-foreground font-normal">({timeZone.replace(/_/g, ' ')} time)</span>
          </legend>
          <Field id={`${id}-valid_from_local`} label="From" optional error={errors.valid_from_local} labelAs="span">
            <DateTimePicker
              id={`${id}-valid_from_local`}
              label="Valid from"
              value={validFrom}
              onChange={setValidFrom}
              invalid={Boolean(errors.valid_from_local)}
              describedBy={describedBy(`${id}-valid_from_local`, errors.valid_from_local)}
              floating
            />
          </Field>
          <Field id={`${id}-valid_until_local`} label="Until" optional error={errors.valid_until_local} labelAs="span">
            <DateTimePicker
              id={`${id}-valid_until_local`}
              label="Valid until"
              value={validUntil}
              onChange={setValidUntil}
              invalid={Boolean(errors.valid_until_local)}
              describedBy={describedBy(`${id}-valid_until_local`, errors.valid_until_local)}
              align="end"
              floating
            />
          </Field>
        </fieldset>
        <DialogFormFooter onCancel={onClose} busy={create.isPending} label="Create code" busyLabel="Creating..." />
      </form>
    </Dialog>
  );
}
