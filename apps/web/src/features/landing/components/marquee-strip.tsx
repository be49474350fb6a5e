// An endless horizontal marquee (CSS animation): the items twice in a row, the copy hidden from assistive
// technology. Pauses on hover and keyboard focus; still (and scrollable) under reduced motion.
import type { CSSProperties, ReactNode } from 'react';

interface MarqueeStripProps<T> {
  items: readonly T[];
  renderItem(item: T): ReactNode;
  getKey(item: T): string;
  /** Seconds per full loop. */
  durationSeconds: number;
  reverse?: boolean;
  label: string;
  className?: string;
}

export function MarqueeStrip<T>({
  items,
  renderItem,
  getKey,
  durationSeconds,
  reverse = false,
  label,
  className = '',
}: MarqueeStripProps<T>) {
  return (
    // Focusable: under reduced motion the strip scrolls sideways by keyboard; otherwise focus pauses it.
    <div
      className={`landing-marquee overflow-hidden ${className}`}
      data-testid="marquee"
      role="group"
      aria-label={label}
      tabIndex={0}
    >
      <div
        className="landing-marquee-track flex w-max"
        data-direction={reverse ? 'reverse' : undefined}
        style={{ '--marquee-duration': `${durationSeconds}s` } as CSSProperties}
      >
        <ul aria-label={label} className="flex shrink-0 items-center">
          {items.map((item) => (
            <li key={getKey(item)} className="shrink-0 pr-4">
              {renderItem(item)}
            </li>
          ))}
        </ul>
        <ul aria-hidden="true" className="flex shrink-0 items-center">
          {items.map((item) => (
            <li key={getKey(item)} className="shrink-0 pr-4">
              {renderItem(item)}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
