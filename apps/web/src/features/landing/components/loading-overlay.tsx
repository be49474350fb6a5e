// Full-screen loading overlay: shows for 2 s after load and fades out over its last 0.5 s (a brief cut under
// reduced motion).
import { useEffect, useState } from 'react';
import { OVERLAY_FADE_MS, overlayTiming } from '../hooks/motion';
import { prefersReducedMotion } from '../hooks/use-reduced-motion';
import { MarqueeLogo } from './marquee-logo';

type Phase = 'shown' | 'fading' | 'gone';

export function LoadingOverlay() {
  const [phase, setPhase] = useState<Phase>('shown');
  useEffect(() => {
    const { fadeAt, removeAt } = overlayTiming(prefersReducedMotion());
    const timers = [
      fadeAt < removeAt ? setTimeout(() => setPhase('fading'), fadeAt) : undefined,
      setTimeout(() => setPhase('gone'), removeAt),
    ];
    return () => timers.forEach((timer) => clearTimeout(timer));
  }, []);

  if (phase === 'gone') return null;
  return (
    <div
      data-testid="loading-overlay"
      role="status"
      aria-label="Loading Marquee"
      className="landing-overlay fixed inset-0 z-[100] flex flex-col items-center justify-center gap-6 bg-[#0a0a0a] text-[#fafafa]"
      style={{
        opacity: phase === 'fading' ? 0 : 1,
        transition: `opacity ${OVERLAY_FADE_MS}ms ease`,
        pointerEvents: phase === 'fading' ? 'none' : undefined,
      }}
    >
      <MarqueeLogo className="landing-overlay-logo h-10 w-auto sm:h-12" />
      <div className="h-[3px] w-48 overflow-hidden rounded-full bg-white/10" aria-hidden="true">
        <div className="landing-overlay-bar h-full w-full origin-left rounded-full bg-[#00ea6f]" />
      </div>
    </div>
  );
}
