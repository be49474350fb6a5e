// Cycles an index through `length` items every `intervalMs` (paused while `paused`).
import { useEffect, useState } from 'react';
import { nextIndex } from './motion';

export function useRotatingIndex(length: number, intervalMs: number, paused = false): number {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (paused || length < 2) return;
    const timer = setInterval(() => setIndex((current) => nextIndex(current, length)), intervalMs);
    return () => clearInterval(timer);
  }, [length, intervalMs, paused]);
  return index;
}
