// The door's sound and vibration for each new answer, and the remembered mute switch.
import { useCallback, useEffect, useRef, useState } from 'react';
import { createFeedback, loadMuted, saveMuted } from './feedback';

export function useFeedback(answer: { result: string } | null) {
  const [muted, setMutedState] = useState(loadMuted);
  const [feedback] = useState(createFeedback);
  const mutedNow = useRef(muted);

  const setMuted = useCallback((value: boolean) => {
    mutedNow.current = value;
    setMutedState(value);
    saveMuted(value);
  }, []);

  useEffect(() => {
    // Browsers let a page make sound only after a tap or a key press on it.
    const unlock = () => feedback.unlock();
    window.addEventListener('pointerdown', unlock, true);
    window.addEventListener('keydown', unlock, true);
    return () => {
      window.removeEventListener('pointerdown', unlock, true);
      window.removeEventListener('keydown', unlock, true);
    };
  }, [feedback]);

  useEffect(() => {
    // Each answer is a new object, so the same verdict twice (two refused tickets) sounds twice.
    if (answer) feedback.signal(answer.result === 'admitted' ? 'admit' : 'refuse', mutedNow.current);
  }, [answer, feedback]);

  return { muted, setMuted };
}
