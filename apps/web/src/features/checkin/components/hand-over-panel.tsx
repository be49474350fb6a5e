// What to hand over with the scanned ticket (decision 134): each add-on line of its order, what was already
// handed over, and a button that marks the rest of the line handed over. Kept out of the result card, whose
// live region would otherwise read the buttons aloud with every answer.
import { useEffect, useRef, useState } from 'react';
import type { DoorAddOn } from '@marquee/shared';
import { Button } from '../../../components/ui/button';
import { leftOf, lineText } from '../lib/hand-over';

export function HandOverPanel({
  lines,
  onHandOver,
}: {
  lines: DoorAddOn[];
  onHandOver: (line: DoorAddOn) => Promise<string>;
}) {
  const [pending, setPending] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const noteRef = useRef<HTMLParagraphElement>(null);
  // The button pressed goes away once its line is all handed over: focus moves to what happened.
  useEffect(() => {
    if (note) noteRef.current?.focus();
  }, [note]);
  const handOver = async (line: DoorAddOn) => {
    setPending(line.id);
    setNote(null);
    try {
      setNote(await onHandOver(line));
    } finally {
      setPending(null);
    }
  };
  return (
    <section
      aria-labelledby="hand-over-heading"
      data-testid="hand-over"
      className="border-border rounded-xl border-2 p-4"
    >
      <h2 id="hand-over-heading" className="font-display text-2xl tracking-wide uppercase">
        Hand over
      </h2>
      <ul className="mt-2 flex flex-col gap-3">
        {lines.map((line) => (
          <li key={line.id} className="flex flex-wrap items-center justify-between gap-2" data-testid="hand-over-line">
            <span className={`text-lg font-semibold ${leftOf(line) === 0 ? 'text-muted-foreground' : ''}`}>
              {lineText(line)}
            </span>
            {leftOf(line) > 0 && (
              <Button
                size="small"
                disabled={pending !== null}
                aria-label={`Mark handed over: ${leftOf(line)} × ${line.name}`}
                onClick={() => void handOver(line)}
              >
                Mark handed over
              </Button>
            )}
          </li>
        ))}
      </ul>
      {note && (
        <p
          ref={noteRef}
          tabIndex={-1}
          role="status"
          className="bg-muted mt-3 rounded-md p-3 text-sm focus-visible:outline-2 focus-visible:outline-offset-2"
        >
          {note}
        </p>
      )}
    </section>
  );
}
