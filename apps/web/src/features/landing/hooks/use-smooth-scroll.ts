// Anchor scrolling over about 1.2 s with our own requestAnimationFrame easing (instant under reduced motion).
// The target section then takes focus, so keyboard and screen-reader users land where they asked to go.
import { useCallback, useEffect, useRef } from 'react';
import { SMOOTH_SCROLL_MS, scrollPositionAt } from './motion';
import { prefersReducedMotion } from './use-reduced-motion';

/** Room left for the fixed top bar above a scrolled-to section. */
const TOP_OFFSET = 72;

export function useSmoothScroll() {
  const frame = useRef<number | null>(null);

  useEffect(
    () => () => {
      if (frame.current !== null) cancelAnimationFrame(frame.current);
    },
    [],
  );

  return useCallback((id: string) => {
    const target = document.getElementById(id);
    if (!target) return;
    if (frame.current !== null) cancelAnimationFrame(frame.current);
    const from = window.scrollY;
    const maxScroll = document.documentElement.scrollHeight - window.innerHeight;
    const to = Math.min(maxScroll, Math.max(0, target.getBoundingClientRect().top + from - TOP_OFFSET));
    const land = () => {
      frame.current = null;
      target.focus({ preventScroll: true });
    };
    if (prefersReducedMotion()) {
      window.scrollTo(0, to);
      land();
      return;
    }
    const startedAt = performance.now();
    const step = (now: number) => {
      const elapsed = now - startedAt;
      window.scrollTo(0, scrollPositionAt(from, to, elapsed, SMOOTH_SCROLL_MS));
      if (elapsed < SMOOTH_SCROLL_MS) frame.current = requestAnimationFrame(step);
      else land();
    };
    frame.current = requestAnimationFrame(step);
  }, []);
}
