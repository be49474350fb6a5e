// Up and Down buttons that move an item of an ordered list (ticket types, checkout questions) by one place, and
// the order of ids after such a move. A button that cannot act is aria-disabled (it stays focusable and says why
// by its state) rather than removed.
import { Button } from './button';

/** Dims a control that is aria-disabled: it keeps its place in the tab order. */
export const softDisabled = 'aria-disabled:cursor-not-allowed aria-disabled:opacity-50';

/** The ids with the one at `index` moved one place up (-1) or down (1); null when it is already at that end. */
export function movedIds(ids: readonly string[], index: number, by: -1 | 1): string[] | null {
  if (index + by < 0 || index + by >= ids.length) return null;
  const next = [...ids];
  const [moved] = next.splice(index, 1);
  next.splice(index + by, 0, moved!);
  return next;
}

export function MoveButtons({
  name,
  index,
  count,
  busy,
  onMove,
}: {
  /** What the item is called, for the buttons' labels ('Move VIP up'). */
  name: string;
  index: number;
  count: number;
  busy: boolean;
  onMove(by: -1 | 1): void;
}) {
  return (
    <>
      <Button
        size="xs"
        variant="secondary"
        onClick={() => onMove(-1)}
        aria-disabled={busy || index === 0 || undefined}
        className={softDisabled}
        aria-label={`Move ${name} up`}
      >
        Up
      </Button>
      <Button
        size="xs"
        variant="secondary"
        onClick={() => onMove(1)}
        aria-disabled={busy || index === count - 1 || undefined}
        className={softDisabled}
        aria-label={`Move ${name} down`}
      >
        Down
      </Button>
    </>
  );
}
