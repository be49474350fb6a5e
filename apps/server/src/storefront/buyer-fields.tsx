// The buyer's details and the ticks an event needs, as the checkout form asks them (the event page's form and a
// waiting-list offer's), and the field error parts every storefront form shares.
import type { InputHTMLAttributes } from 'react';
import { boundedMemo, COUNTRY_CODES, type BuyerDetails } from '@marquee/shared';
import { FieldErrorLine, invalidFieldProps } from '../lib/field-error.js';
import { keptHtml, renderFragment, type RenderedHtml } from '../lib/document.js';
import type { CheckoutFormErrors, CheckoutFormState } from './checkout-form-state.js';

/** The error under a field, named by the field's aria-describedby. */
export function FieldError({ errors, name }: { errors: CheckoutFormErrors; name: string }) {
  return <FieldErrorLine name={name} message={errors.fields?.[name]} />;
}

/** aria-invalid and aria-describedby for a field with an error. */
export const describedBy = (errors: CheckoutFormErrors, name: string) => invalidFieldProps(name, errors.fields?.[name]);

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });
const countryOptions = COUNTRY_CODES.map((code) => ({ code, name: countryNames.of(code) ?? code })).sort((a, b) =>
  a.name.localeCompare(b.name, 'en'),
);
const countryCodeSet = new Set<string>(COUNTRY_CODES);

/**
 * The country field (its label, the whole list with one selected, its error), rendered by React once per selection
 * and error and kept: every event page and refused form shows the whole list (a few hundred options).
 */
const keptCountryFields = boundedMemo<RenderedHtml>(2 * (COUNTRY_CODES.length + 1));
function countryFieldHtml(selected: string, errors: CheckoutFormErrors): RenderedHtml {
  const known = countryCodeSet.has(selected) ? selected : '';
  const message = errors.fields?.country ?? '';
  return keptCountryFields(`${known}\n${message}`, () =>
    renderFragment(
      <>
        <label htmlFor="country">Country</label>
        <select
          id="country"
          name="country"
          autoComplete="country"
          defaultValue={known}
          {...describedBy(errors, 'country')}
        >
          {countryOptions.map((option) => (
            <option key={option.code} value={option.code}>
              {option.name}
            </option>
          ))}
        </select>
        <FieldError errors={errors} name="country" />
      </>,
    ),
  );
}

interface FieldProps {
  name: string;
  field: keyof BuyerDetails;
  label: string;
  state: CheckoutFormState;
  errors: CheckoutFormErrors;
}

function TextField({
  name,
  field,
  label,
  state,
  errors,
  ...attributes
}: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const value = state.buyer[field];
  return (
    <div className="field">
      <label htmlFor={name}>{label}</label>
      <input
        id={name}
        name={name}
        defaultValue={typeof value === 'string' ? value : ''}
        {...attributes}
        {...describedBy(errors, field)}
      />
      <FieldError errors={errors} name={field} />
    </div>
  );
}

function Tick({ name, field, label, state, errors }: FieldProps) {
  return (
    <>
      <label className="check">
        <input
          type="checkbox"
          name={name}
          value="yes"
          defaultChecked={Boolean(state.buyer[field])}
          {...describedBy(errors, field)}
        />
        <span>{label}</span>
      </label>
      <FieldError errors={errors} name={field} />
    </>
  );
}

/**
 * The buyer's details and the ticks the event needs: name, e-mail (or, for a waiting-list offer, the address the
 * offer was made to, shown and not editable), optional phone, country, the age tick when the event has a minimum
 * age, the organiser's terms when there are any, and the optional marketing consent.
 */
export function BuyerFields({
  row,
  form,
  errors,
  fixedEmail,
  termsLabel,
}: {
  row: { minimumAge: number; termsOfService: string };
  form: CheckoutFormState;
  errors: CheckoutFormErrors;
  fixedEmail?: string | undefined;
  termsLabel?: string | undefined;
}) {
  const common = { state: form, errors };
  return (
    <>
      <div className="row">
        <TextField
          name="first_name"
          field="firstName"
          label="First name"
          autoComplete="given-name"
          maxLength={60}
          required
          {...common}
        />
        <TextField
          name="last_name"
          field="lastName"
          label="Last name"
          autoComplete="family-name"
          maxLength={60}
          required
          {...common}
        />
      </div>
      {fixedEmail === undefined ? (
        <TextField
          name="email"
          field="email"
          label="Email"
          type="email"
          autoComplete="email"
          maxLength={254}
          required
          {...common}
        />
      ) : (
        <p className="muted">
          Email: <strong>{fixedEmail}</strong>
        </p>
      )}
      <TextField
        name="phone"
        field="phone"
        label="Phone (optional)"
        type="tel"
        autoComplete="tel"
        maxLength={25}
        {...common}
      />
      <div className="field" dangerouslySetInnerHTML={keptHtml(countryFieldHtml(form.buyer.country, errors))} />
      {row.minimumAge > 0 ? (
        <Tick
          name="age_confirmed"
          field="ageConfirmed"
          label={`Every attendee is at least ${row.minimumAge}`}
          {...common}
        />
      ) : null}
      {row.termsOfService.trim() ? (
        <Tick
          name="terms_accepted"
          field="termsAccepted"
          label={termsLabel ?? "I accept the organiser's terms (above)"}
          {...common}
        />
      ) : null}
      <Tick
        name="marketing_consent"
        field="marketingConsent"
        label="Send me news and offers from the organiser (optional)"
        {...common}
      />
    </>
  );
}
