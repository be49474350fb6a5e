// The Profile page's 'VAT' card (decisions 138, 139, 140): whether the organisation is registered for VAT, its number
// and country, the registered name and postal address printed on its VAT invoices, its standard rate and up to two
// reduced rates, and whether prices are entered with VAT. Saved on its own (its own button), with the server's
// messages on the fields; new orders use the settings, orders already sold keep theirs.
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { BILLING_LIMITS, VAT_COUNTRIES, type VatSettings } from '@marquee/shared';
import { Button } from '../../../components/ui/button';
import { FieldError, inputClasses, TextField } from '../../../components/ui/input';
import { Switch } from '../../../components/ui/switch';
import { ApiError } from '../../../lib/api-client';
import { useSaveVat, vatQuery } from '../api/vat';

type Form = Pick<
  VatSettings,
  | 'registered'
  | 'vat_number'
  | 'country'
  | 'rate'
  | 'reduced_rate'
  | 'second_reduced_rate'
  | 'prices_include_vat'
  | 'legal_name'
  | 'address'
>;

export function VatSettingsCard() {
  const stored = useQuery(vatQuery);
  return stored.data ? <VatForm initial={stored.data} /> : null;
}

function VatForm({ initial }: { initial: Form }) {
  const id = useId();
  const save = useSaveVat();
  const [form, setForm] = useState<Form>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm({ ...form, [key]: value });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setNotice(null);
    // Only the fields the API takes: the stored settings also carry the rate in basis points and a message.
    const body = {
      registered: form.registered,
      vat_number: form.vat_number,
      country: form.country,
      rate: form.rate,
      reduced_rate: form.reduced_rate,
      second_reduced_rate: form.second_reduced_rate,
      prices_include_vat: form.prices_include_vat,
      legal_name: form.legal_name,
      address: form.address,
    };
    save.mutate(body, {
      onSuccess: (saved) => {
        setForm(saved);
        setNotice({ kind: 'ok', text: saved.message ?? 'Saved.' });
      },
      onError: (caught) => {
        if (caught instanceof ApiError && caught.status < 500) {
          setErrors(Object.fromEntries((caught.fields ?? []).map((field) => [field.path, field.message])));
          setNotice({ kind: 'error', text: caught.message });
        } else setNotice({ kind: 'error', text: 'Something went wrong. Please try again.' });
      },
    });
  };

  return (
    <section
      className="border-border bg-card flex flex-col gap-5 rounded-2xl border p-5"
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`} className="font-semibold">
        VAT
      </h2>
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <Switch
          id={`${id}-registered`}
          label="Registered for VAT"
          hint="Your ticket prices then carry VAT at your rate; fans see it in every price breakdown and on their receipts."
          checked={form.registered}
          onChange={(on) => set('registered', on)}
        />
        {form.registered ? (
          <>
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <TextField
                label="VAT number"
                value={form.vat_number}
                maxLength={20}
                autoComplete="off"
                onChange={(event) => set('vat_number', event.target.value)}
                error={errors.vat_number}
              />
              <div className="flex flex-col gap-1.5">
                <label htmlFor={`${id}-country`} className="text-foreground text-sm font-medium">
                  Country
                </label>
                <select
                  id={`${id}-country`}
                  value={form.country}
                  onChange={(event) => set('country', event.target.value)}
                  className={`${inputClasses} pr-8`}
                >
                  {VAT_COUNTRIES.map(([code, name]) => (
                    <option key={code} value={code}>
                      {name}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            <TextField
              label="Registered name"
              value={form.legal_name}
              maxLength={BILLING_LIMITS.companyName}
              autoComplete="organization"
              hint={
                <p className="text-muted-foreground text-xs">
                  The legal name on your VAT registration, printed on your VAT invoices.
                </p>
              }
              onChange={(event) => set('legal_name', event.target.value)}
              error={errors.legal_name}
            />
            <div className="flex flex-col gap-1.5">
              <label
                htmlFor={`${id}-address`}
                className="text-muted-foreground font-mono text-[11px] font-semibold tracking-wider uppercase"
              >
                Registered address
              </label>
              <textarea
                id={`${id}-address`}
                value={form.address}
                rows={4}
                maxLength={BILLING_LIMITS.address}
                autoComplete="street-address"
                aria-invalid={errors.address ? true : undefined}
                aria-describedby={`${id}-address-hint${errors.address ? ` ${id}-address-error` : ''}`}
                onChange={(event) => set('address', event.target.value)}
                className={`${inputClasses} h-auto py-2`}
              />
              <p id={`${id}-address-hint`} className="text-muted-foreground text-xs">
                The postal address on your VAT registration, one line per line.
              </p>
              {errors.address ? <FieldError id={`${id}-address-error`} message={errors.address} /> : null}
            </div>
            <TextField
              label="Standard VAT rate (%)"
              value={form.rate}
              inputMode="decimal"
              maxLength={12}
              hint="For example 20 (UK standard rate). Ticket types and add-ons sell at it unless you choose otherwise."
              onChange={(event) => set('rate', event.target.value)}
              error={errors.rate}
            />
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <TextField
                label="Reduced VAT rate (%)"
                value={form.reduced_rate}
                inputMode="decimal"
                maxLength={12}
                hint="Optional, for example 5 (UK reduced rate)."
                onChange={(event) => set('reduced_rate', event.target.value)}
                error={errors.reduced_rate}
              />
              <TextField
                label="Second reduced VAT rate (%)"
                value={form.second_reduced_rate}
                inputMode="decimal"
                maxLength={12}
                hint="Optional, where your country has two reduced rates."
                onChange={(event) => set('second_reduced_rate', event.target.value)}
                error={errors.second_reduced_rate}
              />
            </div>
            <Switch
              id={`${id}-inclusive`}
              label="My prices include VAT"
              hint="Off: VAT is added to the prices you enter, and fans see the total with it."
              checked={form.prices_include_vat}
              onChange={(on) => set('prices_include_vat', on)}
            />
          </>
        ) : null}
        <p
          role={notice?.kind === 'error' ? 'alert' : 'status'}
          className={`text-sm empty:hidden ${notice?.kind === 'error' ? 'text-danger' : 'text-success'}`}
        >
          {notice?.text}
        </p>
        <div>
          <Button type="submit" size="small" disabled={save.isPending}>
            Save VAT settings
          </Button>
        </div>
      </form>
    </section>
  );
}
