// The sandbox provider's onboarding page (an account link opens it): the details a payout account needs, as a
// form that works without JavaScript; a refused form comes back with what was typed, each problem under its
// field and listed in a summary on top.
import type { InputHTMLAttributes } from 'react';
import { renderHtml } from '../../lib/document.js';
import { FieldErrorLine, invalidFieldProps } from '../../lib/field-error.js';
import {
  BUSINESS_TYPES,
  COUNTRIES,
  FIELDS,
  type Field,
  type OnboardingErrors,
  type OnboardingForm,
} from './sandbox-forms.js';
import { SandboxPage } from './sandbox-pages.js';

interface FieldProps {
  field: Field;
  label: string;
  form: OnboardingForm;
  errors: OnboardingErrors;
}

function FieldError({ field, errors }: { field: Field; errors: OnboardingErrors }) {
  return <FieldErrorLine name={field} message={errors[field]} />;
}

function TextInput({
  field,
  label,
  form,
  errors,
  hint,
  ...attributes
}: FieldProps & { hint?: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'form'>) {
  const error = errors[field];
  const described = [hint ? `${field}-hint` : '', error ? `${field}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={field}>{label}</label>
      <input
        id={field}
        name={field}
        defaultValue={form[field]}
        {...attributes}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
      />
      {hint ? (
        <p className="hint" id={`${field}-hint`}>
          {hint}
        </p>
      ) : null}
      <FieldError field={field} errors={errors} />
    </div>
  );
}

function Select({
  field,
  label,
  options,
  form,
  errors,
}: FieldProps & { options: ReadonlyArray<readonly [string, string]> }) {
  return (
    <div className="field">
      <label htmlFor={field}>{label}</label>
      <select id={field} name={field} defaultValue={form[field]} {...invalidFieldProps(field, errors[field])}>
        {[['', 'Choose…'] as const, ...options].map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
      <FieldError field={field} errors={errors} />
    </div>
  );
}

function ErrorSummary({ errors }: { errors: OnboardingErrors }) {
  // The summary lists problems in the order the fields appear on the page.
  const problems = FIELDS.flatMap((field) => (errors[field] ? [[field, errors[field]] as const] : []));
  if (problems.length === 0) return null;
  return (
    <div className="summary" role="alert">
      <h2>{`Check the ${problems.length === 1 ? 'field' : `${problems.length} fields`} below`}</h2>
      <ul>
        {problems.map(([field, message]) => (
          <li key={field}>
            <a href={`#${field}`}>{message}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function renderOnboardingPage(options: {
  action: string;
  accountId: string;
  form: OnboardingForm;
  errors: OnboardingErrors;
}): string {
  const fields = { form: options.form, errors: options.errors };
  return renderHtml(
    <SandboxPage title="Set up payouts">
      <h1>Set up payouts</h1>
      <p className="lead">
        Marquee&apos;s sandbox payment provider needs a few details before this organisation can take ticket payments
        and receive payouts. Account <code>{options.accountId}</code>.
      </p>
      <ErrorSummary errors={options.errors} />
      <form method="post" action={options.action} noValidate>
        <fieldset>
          <legend>Business information</legend>
          <TextInput field="business_name" label="Business name" {...fields} autoComplete="organization" required />
          <div className="row">
            <Select field="business_type" label="Type of business" options={BUSINESS_TYPES} {...fields} />
            <Select field="country" label="Country" options={COUNTRIES} {...fields} />
          </div>
          <TextInput field="address_line1" label="Street address" {...fields} autoComplete="address-line1" required />
          <div className="row">
            <TextInput field="address_city" label="Town or city" {...fields} autoComplete="address-level2" required />
            <TextInput field="address_postal_code" label="Postcode" {...fields} autoComplete="postal-code" required />
          </div>
        </fieldset>
        <fieldset>
          <legend>Business ownership</legend>
          <TextInput
            field="representative_name"
            label="Representative’s full name"
            {...fields}
            autoComplete="name"
            required
          />
          <TextInput
            field="representative_dob"
            label="Date of birth"
            {...fields}
            inputMode="numeric"
            placeholder="DD/MM/YYYY"
            autoComplete="bday"
            maxLength={10}
            required
            hint="Day, month, year: e.g. 10/12/1985"
          />
        </fieldset>
        <fieldset>
          <legend>Bank account for payouts</legend>
          <TextInput field="bank_account_holder" label="Account holder name" {...fields} required />
          <div className="row">
            <TextInput
              field="bank_routing"
              label="Sort code or routing number"
              {...fields}
              inputMode="numeric"
              autoComplete="off"
              required
              hint="Test value: 108800"
            />
            <TextInput
              field="bank_account_number"
              label="Account number"
              {...fields}
              inputMode="numeric"
              autoComplete="off"
              required
              hint="Test value: 00012345. Only the last four digits are kept."
            />
          </div>
        </fieldset>
        <fieldset>
          <legend>Government registration</legend>
          <TextInput
            field="registration_number"
            label="Registration number"
            {...fields}
            required
            hint="Company number, EIN or equivalent"
          />
        </fieldset>
        <button type="submit">Agree and submit</button>
      </form>
    </SandboxPage>,
  );
}
