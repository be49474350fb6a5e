// The Columns menu: a button that opens a list of checkboxes, one per column (Name always shown); closes on
// Escape or a click elsewhere.
import { useEffect, useId, useRef, useState } from 'react';
import { CUSTOMER_COLUMNS, type CustomerColumnKey } from '@marquee/shared';
import { buttonClasses } from '../../../components/ui/button';

export function ColumnsMenu({
  visible,
  onToggle,
}: {
  visible: CustomerColumnKey[];
  onToggle(key: CustomerColumnKey): void;
}) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        trigger.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div ref={root} className="relative">
      <button
        ref={trigger}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        className={buttonClasses('small', 'secondary')}
        onClick={() => setOpen((current) => !current)}
      >
        Columns
      </button>
      {open ? (
        <fieldset
          id={menuId}
          className="bg-card border-border absolute right-0 z-30 mt-2 w-56 rounded-xl border p-2 shadow-xl"
        >
          <legend className="sr-only">Columns to show</legend>
          {CUSTOMER_COLUMNS.map((column) => (
            <label
              key={column.key}
              className="text-foreground hover:bg-muted flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm"
            >
              <input
                type="checkbox"
                className="accent-primary h-4 w-4"
                checked={column.key === 'name' || visible.includes(column.key)}
                disabled={column.key === 'name'}
                onChange={() => onToggle(column.key)}
              />
              {column.label}
            </label>
          ))}
        </fieldset>
      ) : null}
    </div>
  );
}
