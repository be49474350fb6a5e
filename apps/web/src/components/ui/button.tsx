// The spec's Button: sizes xs, small and medium; variants primary and secondary; a scramble-text effect on
// hover and focus; a disabled button does nothing.
import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { useScrambleText } from './use-scramble-text';

export type ButtonSize = 'xs' | 'small' | 'medium';
export type ButtonVariant = 'primary' | 'secondary';

const sizeClasses: Record<ButtonSize, string> = {
  xs: 'h-7 px-2.5 text-[11px]',
  small: 'h-9 px-4 text-xs',
  medium: 'h-11 px-6 text-sm',
};

// A disabled button must look disabled in both themes: primary turns grey and faint, secondary becomes a
// dashed outline without fill (no hover change either).
const variantClasses: Record<ButtonVariant, string> = {
  primary:
    'bg-primary text-primary-foreground hover:brightness-95 disabled:opacity-40 disabled:grayscale disabled:hover:brightness-100',
  secondary:
    'bg-secondary text-secondary-foreground border border-white/10 hover:bg-[#262626] dark:bg-secondary dark:text-secondary-foreground disabled:border-dashed disabled:border-zinc-400 disabled:bg-transparent disabled:text-zinc-500 disabled:hover:bg-transparent dark:disabled:border-zinc-600 dark:disabled:bg-transparent dark:disabled:text-zinc-500',
};

export function buttonClasses(size: ButtonSize = 'medium', variant: ButtonVariant = 'primary', extra = ''): string {
  return [
    'inline-flex select-none items-center justify-center gap-2 rounded-md font-mono font-semibold uppercase tracking-wide',
    'transition-[filter,background-color,opacity] duration-150 focus-visible:outline-2 focus-visible:outline-offset-2',
    'disabled:cursor-not-allowed',
    sizeClasses[size],
    variantClasses[variant],
    extra,
  ].join(' ');
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  size?: ButtonSize;
  variant?: ButtonVariant;
  /** Icon shown before the label. */
  icon?: ReactNode;
  children: string;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  {
    size = 'medium',
    variant = 'primary',
    icon,
    className = '',
    children,
    disabled,
    onClick,
    onMouseEnter,
    onFocus,
    type = 'button',
    ...rest
  },
  ref,
) {
  const { display, start } = useScrambleText(children);
  return (
    <button
      ref={ref}
      type={type}
      disabled={disabled}
      aria-disabled={disabled || undefined}
      className={buttonClasses(size, variant, className)}
      onClick={disabled ? undefined : onClick}
      onMouseEnter={(event) => {
        if (!disabled) start();
        onMouseEnter?.(event);
      }}
      onFocus={(event) => {
        if (!disabled) start();
        onFocus?.(event);
      }}
      {...rest}
    >
      {icon}
      <span aria-hidden="true" className="whitespace-pre">
        {display}
      </span>
      <span className="sr-only">{children}</span>
    </button>
  );
});
