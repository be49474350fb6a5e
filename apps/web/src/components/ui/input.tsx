// A labelled text input with an optional error line under it (errors are shown uppercased, per the spec).
import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | null;
  /** Content shown inside the field on the right (a show/hide button, a suffix). */
  trailing?: ReactNode;
  hint?: ReactNode;
}

/**
 * The focus ring of every text field: a solid 2 px outline (dark green on light, brand green on dark, both
 * readable against the page). 'outline-none' must not be combined with 'focus-visible:outline-2' (Tailwind 4's
 * outline-none sets the outline style to none, so the ring would never show).
 */
export const fieldFocusClasses =
  'outline-hidden focus-visible:outline-solid focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-emerald-700 dark:focus-visible:outline-primary focus:border-emerald-700 dark:focus:border-primary';

export const inputClasses = `border-border bg-background text-foreground placeholder:text-muted-foreground h-11 w-full rounded-md border px-3 text-sm transition disabled:opacity-60 ${fieldFocusClasses}`;

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, trailing, hint, id, className = '', ...rest },
  ref,
) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  return (
    <div className="flex flex-col gap-1.5">
      <label
        htmlFor={inputId}
        className="text-muted-foreground font-mono text-[11px] font-semibold tracking-wider uppercase"
      >
        {label}
      </label>
      <div className="relative">
        <input
          ref={ref}
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={`${inputClasses} ${trailing ? 'pr-20' : ''} ${className}`}
          {...rest}
        />
        {trailing ? <div className="absolute inset-y-0 right-2 flex items-center">{trailing}</div> : null}
      </div>
      {hint}
      {error ? <FieldError id={errorId} message={error} /> : null}
    </div>
  );
});

export function FieldError({ message, id }: { message: string; id?: string }) {
  return (
    <p id={id} role="alert" className="text-xs font-medium tracking-wide text-danger uppercase">
      {message}
    </p>
  );
}
