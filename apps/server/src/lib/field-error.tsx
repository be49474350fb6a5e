// How every server-rendered form (storefront, sandbox provider) ties a field to its error: the line under the
// field (`<p class="error" id="NAME-error">`) and the field's aria-invalid and aria-describedby naming it.

/** The error line under a field, or nothing when it has no error. */
export function FieldErrorLine({ name, message }: { name: string; message: string | null | undefined }) {
  return message ? (
    <p className="error" id={`${name}-error`}>
      {message}
    </p>
  ) : null;
}

/** aria-invalid and aria-describedby for a field whose error line is shown; nothing without an error. */
export function invalidFieldProps(name: string, message: string | null | undefined) {
  return message ? { 'aria-invalid': true, 'aria-describedby': `${name}-error` } : {};
}
