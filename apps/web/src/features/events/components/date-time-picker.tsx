// The spec's date-time picker: a field showing 'DD/MM/YYYY, HH:mm' that opens a popover with month
// navigation, a Monday-first calendar, hours 0-23 and minutes in steps of 5, Clear and Today. The value
// in and out is 'YYYY-MM-DDTHH:mm' ('' when empty). Keyboard: arrows move through the days, Escape
// closes and gives focus back to the field. The popover stays inside the viewport: below the field when it
// fits, else above it when there is more room there (never under the fixed header), and as a bottom sheet
// on phones; its middle scrolls when space is short, so Clear and Today are always in view.
import { useEffect, useId, useLayoutEffect, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { formatPickerDisplay, parseLocalDateTime } from '@marquee/shared';
import { topBarsBottom } from '../../../components/ui/focus-first-invalid';
import {
  calendarMonth,
  dayLabel,
  HOURS,
  MINUTES,
  MONTH_NAMES,
  nowLocalValue,
  sameDay,
  shiftMonth,
  todayOf,
  WEEKDAY_LABELS,
  withDay,
  withTime,
  type CalendarDay,
} from '../lib/date-time';

export interface DateTimePickerProps {
  id?: string;
  label: string;
  value: string;
  onChange(value: string): void;
  placeholder?: string;
  /** id of an element describing the field (an error or a hint) */
  describedBy?: string;
  invalid?: boolean;
  /** Which edge of the field the popover lines up with on wider screens. */
  align?: 'start' | 'end';
  disabled?: boolean;
  /**
   * Inside a dialog that scrolls, the popover is placed against the window (position: fixed, following the field
   * as things scroll) rather than inside the dialog, whose scrolling box would cut it off.
   */
  floating?: boolean;
}

const pad = (value: number) => String(value).padStart(2, '0');
/** Below this viewport width the picker is a bottom sheet (Tailwind's sm breakpoint). */
const SHEET_BELOW_PX = 640;
const EDGE_PX = 8;

/** A floating popover's offsets from the window's edges (px). */
type Anchor = { top?: number; bottom?: number; left?: number; right?: number };
type Placement =
  | { kind: 'sheet' }
  | { kind: 'below' | 'above'; maxHeight: number; edge: 'start' | 'end'; anchor?: Anchor }
  | { kind: 'measuring' };

/** Where the popover goes for a field at `field`, given the popover's natural size. */
function place(field: DOMRect, popover: { width: number; height: number }, align: 'start' | 'end'): Placement {
  if (window.innerWidth < SHEET_BELOW_PX) return { kind: 'sheet' };
  const below = window.innerHeight - field.bottom - EDGE_PX - 8;
  const above = field.top - topBarsBottom() - EDGE_PX - 8;
  const kind = popover.height <= below || below >= above ? 'below' : 'above';
  let edge = align;
  if (edge === 'start' && field.left + popover.width > window.innerWidth - EDGE_PX) edge = 'end';
  else if (edge === 'end' && field.right - popover.width < EDGE_PX) edge = 'start';
  return { kind, maxHeight: Math.max(160, kind === 'below' ? below : above), edge };
}

/** The same placement against the window, for a floating popover. */
function anchored(placement: Placement, field: DOMRect): Placement {
  if (placement.kind !== 'below' && placement.kind !== 'above') return placement;
  const anchor: Anchor = {
    ...(placement.kind === 'below' ? { top: field.bottom + 8 } : { bottom: window.innerHeight - field.top + 8 }),
    ...(placement.edge === 'start' ? { left: field.left } : { right: window.innerWidth - field.right }),
  };
  return { ...placement, anchor };
}

function addDays(day: CalendarDay, delta: number): CalendarDay {
  const date = new Date(Date.UTC(day.year, day.month - 1, day.day + delta));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

export function DateTimePicker({
  id,
  label,
  value,
  onChange,
  placeholder = 'DD/MM/YYYY, HH:mm',
  describedBy,
  invalid,
  align = 'start',
  disabled = false,
  floating = false,
}: DateTimePickerProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  const labelId = `${fieldId}-label`;
  const valueId = `${fieldId}-value`;
  const popoverId = `${fieldId}-popover`;
  const container = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const grid = useRef<HTMLTableElement>(null);
  const [open, setOpen] = useState(false);
  const popover = useRef<HTMLDivElement>(null);
  const [placement, setPlacement] = useState<Placement>({ kind: 'measuring' });
  const selected = parseLocalDateTime(value);
  const [view, setView] = useState(() => (selected ? { year: selected.year, month: selected.month } : todayOf()));
  const [focusedDay, setFocusedDay] = useState<CalendarDay>(() => selected ?? todayOf());
  // Bumped whenever focus should move to the grid's focusable day (on open and on arrow keys).
  const [focusRequest, setFocusRequest] = useState(0);
  const display = formatPickerDisplay(value);
  const today = todayOf();

  const openPopover = () => {
    const start = parseLocalDateTime(value) ?? todayOf();
    setView({ year: start.year, month: start.month });
    setFocusedDay({ year: start.year, month: start.month, day: start.day });
    setPlacement({ kind: 'measuring' });
    setOpen(true);
    setFocusRequest((count) => count + 1);
  };

  // Measure before paint and place the popover; again when the window changes size.
  useLayoutEffect(() => {
    if (!open) return;
    const measure = () => {
      const field = trigger.current?.getBoundingClientRect();
      const panel = popover.current;
      if (!field || !panel) return;
      panel.style.maxHeight = 'none';
      const size = { width: panel.offsetWidth, height: panel.scrollHeight };
      panel.style.maxHeight = '';
      const placed = place(field, size, align);
      setPlacement(floating ? anchored(placed, field) : placed);
    };
    measure();
    window.addEventListener('resize', measure);
    // A floating popover follows its field when the dialog (or the page) scrolls.
    if (floating) window.addEventListener('scroll', measure, true);
    return () => {
      window.removeEventListener('resize', measure);
      window.removeEventListener('scroll', measure, true);
    };
  }, [open, align, floating]);

  const close = (returnFocus = true) => {
    setOpen(false);
    if (returnFocus) trigger.current?.focus();
  };

  // Move focus into the grid when it opens or the focused day changes by keyboard.
  const measuring = placement.kind === 'measuring';
  useEffect(() => {
    if (!open || focusRequest === 0 || measuring) return;
    grid.current?.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus();
  }, [open, focusRequest, measuring]);

  // Keep the chosen hour and minute in sight in their scrolling lists.
  useEffect(() => {
    if (!open) return;
    container.current?.querySelectorAll<HTMLElement>('[data-time-list] [aria-pressed="true"]').forEach((item) => {
      item.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
    });
  }, [open, value]);

  // A click outside closes the popover.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const moveFocus = (next: CalendarDay) => {
    setFocusedDay(next);
    setView({ year: next.year, month: next.month });
    setFocusRequest((count) => count + 1);
  };

  const onGridKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const deltas: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };
    const delta = deltas[event.key];
    if (delta !== undefined) {
      event.preventDefault();
      moveFocus(addDays(focusedDay, delta));
    } else if (event.key === 'PageUp' || event.key === 'PageDown') {
      event.preventDefault();
      const target = shiftMonth(focusedDay, event.key === 'PageUp' ? -1 : 1);
      moveFocus({
        ...target,
        day: Math.min(focusedDay.day, new Date(Date.UTC(target.year, target.month, 0)).getUTCDate()),
      });
    }
  };

  const weeks = calendarMonth(view.year, view.month);
  const focusInView = focusedDay.year === view.year && focusedDay.month === view.month;

  return (
    <div
      ref={container}
      className="relative"
      // While open, Escape closes the picker, not a dialog it sits in (use-modal-focus leaves it to us).
      data-owns-escape={open ? 'true' : undefined}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          close();
        }
      }}
    >
      <span id={labelId} className="sr-only">
        {label}
      </span>
      <button
        ref={trigger}
        id={fieldId}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? popoverId : undefined}
        aria-labelledby={`${labelId} ${valueId}`}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        disabled={disabled}
        onClick={() => (open ? close(false) : openPopover())}
        className={`border-border bg-background text-foreground flex h-11 w-full items-center justify-between gap-2 rounded-md border px-3 text-left text-sm transition outline-none focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary ${open ? 'border-primary' : ''} ${invalid ? 'border-red-500' : ''}`}
      >
        <span id={valueId} className={display ? 'tabular-nums' : 'text-muted-foreground'}>
          {display || placeholder}
        </span>
        <CalendarIcon />
      </button>
      {open && placement.kind === 'sheet' ? (
        <div aria-hidden="true" className="fixed inset-0 z-40 bg-black/50" onClick={() => close()} />
      ) : null}
      {open ? (
        <div
          ref={popover}
          id={popoverId}
          role="dialog"
          aria-label={`Choose ${label.toLowerCase()}`}
          data-placement={placement.kind}
          style={popoverStyle(placement)}
          className={`bg-card border-border flex animate-[fade-in_0.15s_ease-out] flex-col border p-3 shadow-2xl ${popoverClasses(placement, floating)}`}
        >
          <div className="-mx-1 min-h-0 flex-1 overflow-y-auto overscroll-contain px-1">
            <div className="flex flex-col gap-3 sm:flex-row">
              <div className="min-w-0 flex-1">
                <div className="mb-2 flex items-center justify-between">
                  <button
                    type="button"
                    aria-label="Previous month"
                    onClick={() => setView((current) => shiftMonth(current, -1))}
                    className="hover:bg-muted text-foreground flex h-8 w-8 items-center justify-center rounded-md"
                  >
                    <Chevron direction="left" />
                  </button>
                  <p aria-live="polite" className="font-mono text-xs font-semibold tracking-wider uppercase">
                    {MONTH_NAMES[view.month - 1]} {view.year}
                  </p>
                  <button
                    type="button"
                    aria-label="Next month"
                    onClick={() => setView((current) => shiftMonth(current, 1))}
                    className="hover:bg-muted text-foreground flex h-8 w-8 items-center justify-center rounded-md"
                  >
                    <Chevron direction="right" />
                  </button>
                </div>
                <table
                  ref={grid}
                  role="grid"
                  aria-label={`${MONTH_NAMES[view.month - 1]} ${view.year}`}
                  className="w-full table-fixed border-collapse"
                  onKeyDown={onGridKeyDown}
                >
                  <thead>
                    <tr>
                      {WEEKDAY_LABELS.map((weekday) => (
                        <th
                          key={weekday}
                          scope="col"
                          className="text-muted-foreground pb-1 text-center font-mono text-[10px] font-semibold uppercase"
                        >
                          {weekday}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {weeks.map((week, row) => (
                      <tr key={row}>
                        {week.map((day, column) => {
                          if (!day) return <td key={column} />;
                          const isSelected = sameDay(day, selected);
                          const isToday = sameDay(day, today);
                          const tabbable = focusInView ? sameDay(day, focusedDay) : day.day === 1;
                          return (
                            <td key={column} className="p-0.5 text-center">
                              <button
                                type="button"
                                tabIndex={tabbable ? 0 : -1}
                                aria-label={dayLabel(day)}
                                aria-pressed={isSelected}
                                aria-current={isToday ? 'date' : undefined}
                                onClick={() => {
                                  setFocusedDay(day);
                                  onChange(withDay(value, day));
                                }}
                                className={`mx-auto flex h-8 w-8 items-center justify-center rounded-md text-sm tabular-nums transition ${
                                  isSelected
                                    ? 'bg-primary text-primary-foreground font-semibold'
                                    : `hover:bg-muted text-foreground ${isToday ? 'ring-primary ring-1 ring-inset' : ''}`
                                }`}
                              >
                                {day.day}
                              </button>
                            </td>
                          );
                        })}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <div className="flex flex-col gap-2 sm:w-[6.5rem] sm:flex-row">
                <TimeList
                  label="Hour"
                  items={HOURS}
                  selected={selected?.hour}
                  onPick={(hour) => onChange(withTime(value, { hour }))}
                />
                <TimeList
                  label="Minute"
                  items={MINUTES}
                  selected={selected?.minute}
                  onPick={(minute) => onChange(withTime(value, { minute }))}
                />
              </div>
            </div>
          </div>
          <div className="border-border mt-3 flex shrink-0 items-center justify-between gap-2 border-t pt-3">
            <button
              type="button"
              onClick={() => {
                onChange('');
                close();
              }}
              className="text-muted-foreground hover:text-foreground hover:bg-muted h-8 rounded-md px-3 font-mono text-xs font-semibold tracking-wide uppercase"
            >
              Clear
            </button>
            <button
              type="button"
              onClick={() => {
                onChange(nowLocalValue());
                close();
              }}
              className="bg-primary text-primary-foreground h-8 rounded-md px-3 font-mono text-xs font-semibold tracking-wide uppercase hover:brightness-95"
            >
              Today
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}

function popoverClasses(placement: Placement, floating: boolean): string {
  if (placement.kind === 'sheet')
    return 'fixed inset-x-0 bottom-0 z-50 max-h-[85dvh] rounded-t-2xl pb-[max(0.75rem,env(safe-area-inset-bottom))]';
  const width = 'w-[23rem] max-w-[calc(100vw-1rem)] rounded-xl';
  // Floating: above the dialog (z-50) it opens from, at the offsets popoverStyle gives.
  if (floating) return `fixed z-[60] ${width} ${placement.kind === 'measuring' ? 'invisible top-0 left-0' : ''}`;
  const base = `absolute z-40 ${width}`;
  if (placement.kind === 'measuring') return `${base} invisible top-full left-0 mt-2`;
  const vertical = placement.kind === 'below' ? 'top-full mt-2' : 'bottom-full mb-2';
  return `${base} ${vertical} ${placement.edge === 'end' ? 'right-0' : 'left-0'}`;
}

function popoverStyle(placement: Placement): CSSProperties | undefined {
  if (placement.kind !== 'below' && placement.kind !== 'above') return undefined;
  return { maxHeight: placement.maxHeight, ...placement.anchor };
}

function TimeList({
  label,
  items,
  selected,
  onPick,
}: {
  label: string;
  items: number[];
  selected?: number;
  onPick(value: number): void;
}) {
  return (
    <div role="group" aria-label={label} className="flex min-w-0 flex-col gap-1 sm:flex-1">
      <p
        aria-hidden="true"
        className="text-muted-foreground font-mono text-[10px] font-semibold tracking-wider uppercase sm:text-center"
      >
        {label === 'Hour' ? 'HH' : 'MM'}
      </p>
      <div
        data-time-list
        className="flex gap-1 overflow-x-auto pb-1 sm:h-[14.5rem] sm:flex-col sm:overflow-x-hidden sm:overflow-y-auto sm:pr-0.5 sm:pb-0"
      >
        {items.map((item) => {
          const isSelected = item === selected;
          return (
            <button
              key={item}
              type="button"
              aria-label={`${label} ${pad(item)}`}
              aria-pressed={isSelected}
              onClick={() => onPick(item)}
              className={`h-8 min-w-9 shrink-0 rounded-md px-1 text-sm tabular-nums transition ${
                isSelected ? 'bg-primary text-primary-foreground font-semibold' : 'hover:bg-muted text-foreground'
              }`}
            >
              {pad(item)}
            </button>
          );
        })}
      </div>
    </div>
  );
}

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 16 16"
      className="h-4 w-4"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={direction === 'left' ? 'M10 3.5 5.5 8l4.5 4.5' : 'M6 3.5 10.5 8 6 12.5'} />
    </svg>
  );
}

function CalendarIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 16 16"
      className="text-muted-foreground h-4 w-4 shrink-0"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
    >
      <rect x="2" y="3" width="12" height="11" rx="2" />
      <path d="M2 6.5h12M5.5 1.5v3M10.5 1.5v3" strokeLinecap="round" />
    </svg>
  );
}
