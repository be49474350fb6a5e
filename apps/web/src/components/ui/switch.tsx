// An on/off switch in a bordered row: its label (with an optional info tooltip) and hint on the left, the
// switch (role="switch", labelled by the label, described by the hint) on the right.
import { hintId, InfoTip } from './field';

export interface SwitchProps {
  id: string;
  label: string;
  checked: boolean;
  onChange(checked: boolean): void;
  info?: string;
  hint?: string;
}

export function Switch({ id, label, checked, onChange, info, hint }: SwitchProps) {
  const labelId = `${id}-label`;
  return (
    <div className="border-border flex items-center justify-between gap-4 rounded-lg border px-4 py-3">
      <div className="flex min-w-0 flex-col gap-0.5">
        <div className="flex items-center gap-1.5">
          <span id={labelId} className="text-foreground text-sm font-medium">
            {label}
          </span>
          {info ? <InfoTip text={info} label={label} /> : null}
        </div>
        {hint ? (
          <span id={hintId(id)} className="text-muted-foreground text-xs">
            {hint}
          </span>
        ) : null}
      </div>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={labelId}
        aria-describedby={hint ? hintId(id) : undefined}
        onClick={() => onChange(!checked)}
        className={`focus-visible:outline-primary relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 ${
          checked ? 'bg-primary border-primary' : 'bg-muted border-border'
        }`}
      >
        <span
          aria-hidden="true"
          className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform ${checked ? 'translate-x-5' : 'translate-x-0.5'}`}
        />
      </button>
    </div>
  );
}
