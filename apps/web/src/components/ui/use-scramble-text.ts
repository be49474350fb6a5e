// The scramble-text effect of the spec's Button: letters resolve left to right, one 30 ms step at a time.
import { useCallback, useEffect, useRef, useState } from 'react';

export const SCRAMBLE_STEP_MS = 30;
const GLYPHS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789#%&*+=?';

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}

export function scrambleFrame(text: string, revealed: number, random: () => number = Math.random): string {
  let out = '';
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index] ?? '';
    out += index < revealed || char === ' ' ? char : (GLYPHS[Math.floor(random() * GLYPHS.length)] ?? char);
  }
  return out;
}

export function useScrambleText(text: string) {
  // The frame remembers which text it scrambles, so a changed label shows at once without an effect.
  const [frame, setFrame] = useState<{ text: string; value: string } | null>(null);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);

  const stop = useCallback(() => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
  }, []);

  const start = useCallback(() => {
    if (prefersReducedMotion() || timer.current) return;
    let revealed = 0;
    timer.current = setInterval(() => {
      revealed += 1;
      if (revealed >= text.length) {
        stop();
        setFrame(null);
      } else {
        setFrame({ text, value: scrambleFrame(text, revealed) });
      }
    }, SCRAMBLE_STEP_MS);
  }, [stop, text]);

  useEffect(() => stop, [stop, text]);

  return { display: frame && frame.text === text ? frame.value : text, start };
}
