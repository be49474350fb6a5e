// A labelled text input with an optional error line under it (errors are shown uppercased, per the spec).
import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | null;
  /** Content shown inside the field on the right (a show/hide button, a suffix). */
  trailing?: ReactNode;
  hint?: ReactNode;
}

export const inputClasses =
  'border-border bg-background text-foreground placeholder:text-muted-foreground h-11 w-full rounded-md border px-3 text-sm outline-none transition focus:border-primary focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary disabled:opacity-60';

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
