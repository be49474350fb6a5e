// The flag components of country-flag-icons (SVG, 3:2), only in this lazily loaded module.
import * as flags from 'country-flag-icons/react/3x2';
import { hasFlag } from 'country-flag-icons';

export default function FlagImage({ code, className }: { code: string; className: string }) {
  if (!hasFlag(code)) return null;
  const Flag = (flags as Record<string, (typeof flags)['GB']>)[code];
  if (!Flag) return null;
  return (
    <Flag
      aria-hidden="true"
      focusable="false"
      className={`inline-block h-3.5 w-[1.3125rem] rounded-[2px] ${className}`}
    />
  );
}
