// A labelled form field: label (with '(optional)', an info tooltip and a character counter), the control, a hint
// and an error line. The control gets its id and aria wiring from `controlProps`, which points aria-describedby
// at the hint (`<id>-hint`) and the error (`<id>-error`) that Field renders.
import { useId, useState, type ReactNode } from 'react';
import { FieldError } from './input';

export const labelClasses = 'text-muted-foreground font-mono text-[11px] font-semibold tracking-wider uppercase';

export const errorId = (id: string) => `${id}-error`;
export const hintId = (id: string) => `${id}-hint`;
export function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  return [hint ? hintId(id) : null, error ? errorId(id) : null].filter(Boolean).join(' ') || undefined;
}

/** The id, aria-invalid and aria-describedby of the control inside a Field with that id. */
export function controlProps(id: string, error?: string, hint?: ReactNode) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, error, hint),
  } as const;
}

export function InfoTip({ text, label }: { text: string; label: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <span className="relative inline-flex" onMouseEnter={() => setOpen(true)} onMouseLeave={() => setOpen(false)}>
      <button
        type="button"
        aria-label={`About ${label}`}
        aria-describedby={id}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
        }}
        className="text-muted-foreground hover:text-foreground flex h-4 w-4 items-center justify-center rounded-full"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 16 16"
          className="h-3.5 w-3.5"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
        >
          <circle cx="8" cy="8" r="6.5" />
          <path d="M8 7.25v4M8 4.75v.01" strokeLinecap="round" />
        </svg>
      </button>
      <span
        id={id}
        role="tooltip"
        className={`bg-foreground text-background pointer-events-none absolute bottom-full left-1/2 z-30 mb-2 w-56 -translate-x-1/2 rounded-md px-2.5 py-1.5 text-xs leading-snug font-normal tracking-normal normal-case shadow-lg transition-opacity ${open ? 'opacity-100' : 'invisible opacity-0'}`}
      >
        {text}
      </span>
    </span>
  );
}

export interface FieldProps {
  id: string;
  label: string;
  info?: string;
  optional?: boolean;
  counter?: { length: number; max: number };
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
  /** Render the label as plain text (for controls that label themselves, such as the date picker). */
  labelAs?: 'label' | 'span';
}

export function Field({ id, label, info, optional, counter, hint, error, children, labelAs = 'label' }: FieldProps) {
  const LabelTag = labelAs;
  const over = counter ? counter.length > counter.max : false;
  return (
    <div data-field className="flex flex-col gap-1.5">
      <div className="flex items-center justify-between gap-2">
        <div className="flex items-center gap-1.5">
          <LabelTag {...(labelAs === 'label' ? { htmlFor: id } : {})} className={labelClasses}>
            {label}
            {optional ? <span className="ml-1 normal-case">(optional)</span> : null}
          </LabelTag>
          {info ? <InfoTip text={info} label={label} /> : null}
        </div>
        {counter ? (
          <span
            aria-live="polite"
            className={`font-mono text-[11px] tabular-nums ${over ? 'text-danger' : 'text-muted-foreground'}`}
          >
            {counter.length}/{counter.max}
          </span>
        ) : null}
      </div>
      {children}
      {hint ? (
        <p id={hintId(id)} className="text-muted-foreground text-xs">
          {hint}
        </p>
      ) : null}
      {error ? <FieldError id={errorId(id)} message={error} /> : null}
    </div>
  );
}
